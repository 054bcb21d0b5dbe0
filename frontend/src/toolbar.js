// The map's buttons: one row in its top-right corner, shared by every control on the map
// (full screen, download, basemap, 3D, and whatever comes next), so they line up and look
// alike instead of each module placing its own.
//
// To add a button, from your module, once when the map is mounted (map_element.js, mount):
//
//   import {addButton, setPressed} from './toolbar.js';
//   const button = addButton(map.container, {name: 'Play the months', text: '▶ Play', onClick: () => play(map)});
//
// `name` is the button's accessible name (what a screen reader says and a test finds it
// by: getByRole('button', {name})); `text` the short word on its face (the name when not
// given). Keep the returned button to change it later: `setLabel(button, name, text)`,
// or, for an on/off switch, `setPressed(button, on)` (aria-pressed and a darker face).
// Buttons appear left to right in the order they are added.

const BAR_STYLE =
  'position:absolute;top:8px;right:8px;z-index:4;display:flex;gap:4px;flex-wrap:wrap;justify-content:flex-end';
const BUTTON_STYLE =
  'font:13px/1.2 "Source Sans", sans-serif;padding:5px 9px;border:1px solid rgba(29,42,47,.25);border-radius:6px;' +
  'cursor:pointer;box-shadow:0 1px 2px rgba(0,0,0,.12)';
const FACE = {background: 'rgba(255,255,255,.92)', color: '#1d2a2f'};
const PRESSED_FACE = {background: 'rgba(29,42,47,.88)', color: '#fff'};

// The map's toolbar, made on first use.
export function toolbarOf(container) {
  let bar = container.querySelector(':scope > [data-deedscope="toolbar"]');
  if (!bar) {
    bar = document.createElement('div');
    bar.dataset.deedscope = 'toolbar';
    bar.setAttribute('role', 'toolbar');
    bar.setAttribute('aria-label', 'Map controls');
    bar.style.cssText = BAR_STYLE;
    container.appendChild(bar);
  }
  return bar;
}

export function addButton(container, {name, text, onClick}) {
  const button = document.createElement('button');
  button.type = 'button';
  button.style.cssText = BUTTON_STYLE;
  Object.assign(button.style, FACE);
  setLabel(button, name, text);
  button.addEventListener('click', (event) => {
    // The map under the bar must not take the click as a click on the map.
    event.stopPropagation();
    onClick(event);
  });
  toolbarOf(container).appendChild(button);
  return button;
}

export function setLabel(button, name, text = name) {
  button.textContent = text;
  button.title = name;
  button.setAttribute('aria-label', name);
}

export function setPressed(button, pressed) {
  button.setAttribute('aria-pressed', String(Boolean(pressed)));
  Object.assign(button.style, pressed ? PRESSED_FACE : FACE);
}
