// deedscope's date field (components/date_field.py sends this file as the element's script):
// a native <input type="date">, which gives typing and a calendar in Chromium, applied on
// Enter, when focus leaves the field, and at once on a date picked from the calendar.
// Never on each keystroke: while a year is typed the field's value passes through the years
// 0002, 0020 and 0202 before 2024. The page checks what is sent (bounds, a date that does
// not exist) and says what it refuses beside the field, in `data.problem`.

// What the field holds now: its date (YYYY-MM-DD) or none, and whether what is typed is no
// date (part of it left blank, or a day the month lacks: the field's value is then "").
export function readingOf(input) {
  const bad = Boolean(input.validity && input.validity.badInput);
  return {date: !bad && input.value ? input.value : null, bad};
}

export function sameReading(a, b) {
  return Boolean(a) && Boolean(b) && a.date === b.date && a.bad === b.bad;
}

// Whether an event on the field applies what it holds. `typing`: a key went down on the
// field in this same task, so an `input` event is that key's; one without it is the
// calendar's pick (its popup's keys and clicks never reach the field).
export function applies(event, typing) {
  if (event.type === 'keydown') return event.key === 'Enter';
  if (event.type === 'input' || event.type === 'change') return !typing;
  return event.type === 'focusout';
}

// The browser's own parts of the field (its calendar icon and popup) in the theme's scheme,
// not the system's: light unless the theme's text is light. `textColor`: a computed colour.
export function colorSchemeFor(textColor) {
  const found = /rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(textColor || '');
  if (!found) return 'light';
  const [red, green, blue] = found.slice(1).map(Number);
  return 0.299 * red + 0.587 * green + 0.114 * blue > 128 ? 'dark' : 'light';
}

const HELP_ICON =
  '<svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true"><path fill="currentColor" d="M11 18h2v-2h-2v2zm1-16C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2zm0 18c-4.41 0-8-3.59-8-8s3.59-8 8-8 8 3.59 8 8-3.59 8-8 8zm0-14c-2.21 0-4 1.79-4 4h2c0-1.1.9-2 2-2s2 .9 2 2c0 2-3 1.75-3 5h2c0-2.25 3-2.5 3-5 0-2.21-1.79-4-4-4z"/></svg>';

let fieldCount = 0;

// The field's elements, built once per element: a rerun keeps them, and the focus with them.
function build(parentElement) {
  const id = `deedscope-date-${++fieldCount}`;
  const root = document.createElement('div');
  root.className = 'date-field';
  root.innerHTML = `
    <div class="label-row"><label for="${id}"></label><span class="help" role="img" hidden>${HELP_ICON}</span></div>
    <div class="box"><input id="${id}" type="date" aria-describedby="${id}-problem">
      <button type="button" class="clear" aria-label="Clear the date" title="Clear the date" hidden>&#x2715;</button></div>
    <div class="problem" id="${id}-problem" role="alert"></div>`;
  parentElement.appendChild(root);
  const field = {
    root,
    label: root.querySelector('label'),
    help: root.querySelector('.help'),
    input: root.querySelector('input'),
    clear: root.querySelector('.clear'),
    problem: root.querySelector('.problem'),
    typing: false,
    sent: null,
    shown: undefined,
    setStateValue: null,
  };
  listen(field);
  return field;
}

function send(field, force = false) {
  const reading = readingOf(field.input);
  field.clear.hidden = !field.input.value && !reading.bad;
  if (!force && sameReading(reading, field.sent)) return;
  field.sent = reading;
  field.setStateValue('typed', {...reading, at: Date.now()});
}

function listen(field) {
  const {input} = field;
  const handle = (event) => {
    if (applies(event, field.typing)) send(field);
  };
  input.addEventListener('keydown', (event) => {
    field.typing = true;
    setTimeout(() => (field.typing = false), 0);
    handle(event);
  });
  for (const type of ['input', 'change', 'focusout']) input.addEventListener(type, handle);
  field.clear.addEventListener('click', () => {
    input.value = '';
    send(field);
    input.focus();
  });
}

// What the page sends on each run: label, help, bounds, the applied date, and what it refused.
function show(field, data) {
  field.label.textContent = data.label;
  field.help.hidden = !data.help;
  field.help.title = data.help || '';
  field.help.setAttribute('aria-label', data.help || '');
  // Set only when they change: Chromium redraws the field's parts on a new min or max, and
  // parts typed into a date that does not exist (its value is "") would be emptied.
  if (field.input.min !== (data.min || '')) field.input.min = data.min || '';
  if (field.input.max !== (data.max || '')) field.input.max = data.max || '';
  // The applied date is written into the field only when it changed (a link, the clear
  // button, a date applied): otherwise what the person typed and was told about stays.
  if (data.value !== field.shown) {
    field.shown = data.value;
    field.input.value = data.value || '';
    field.sent = {date: data.value || null, bad: false};
  }
  field.clear.hidden = !field.input.value && !readingOf(field.input).bad;
  field.root.style.colorScheme = colorSchemeFor(getComputedStyle(field.root).color);
  field.problem.textContent = data.problem || '';
  field.root.classList.toggle('refused', Boolean(data.problem));
}

const fields = new WeakMap();

export default function (component) {
  const {parentElement, data, setStateValue} = component;
  let field = fields.get(parentElement);
  if (!field) {
    field = build(parentElement);
    fields.set(parentElement, field);
  }
  field.setStateValue = setStateValue;
  show(field, data);
  return () => {
    field.root.remove();
    fields.delete(parentElement);
  };
}
