// The script's side of the message (src/message.json): it reads exactly the fields the
// schema defines, and sends back exactly the state it defines. The page's side is checked
// from Python (tests/mapspec/test_message.py), so a field added, renamed or dropped on one
// side only fails a test.
import assert from 'node:assert/strict';
import {readFileSync, readdirSync} from 'node:fs';
import {test} from 'node:test';

import message from '../src/message.json' with {type: 'json'};
import {CENTRE_FORM, RING_FORM} from '../src/cells.js';

// Everything that reads the page's data: every script of src/ (the loader, inline and not
// bundled; the element; the modules it imports for each of its parts), but the date field's,
// the small maps' and the phone helper's, elements of their own with their own message
// (components/date_field.py, components/small_map.py: small_message.json, checked by
// small_layers.test.js; components/phone.py: `show` and `token`; components/table_zoom.py: `max_zoom`).
const OTHER_ELEMENTS = new Set(['date_field.js', 'small_map.js', 'small_loader.js', 'small_layers.js', 'phone.js', 'table_zoom.js']);
const SOURCES = readdirSync(new URL('../src/', import.meta.url))
  .filter((name) => name.endsWith('.js') && !OTHER_ELEMENTS.has(name))
  .map((name) => readFileSync(new URL(`../src/${name}`, import.meta.url), 'utf8'));
const CODE = SOURCES.join('\n').replace(/^\s*\/\/.*$/gm, '');

function fieldsRead() {
  const fields = new Set();
  for (const [, field] of CODE.matchAll(/(?<![\w$])data\.([A-Za-z_$][\w$]*)/g)) fields.add(field);
  return fields;
}

test('the script reads exactly the fields the message defines', () => {
  assert.deepEqual([...fieldsRead()].sort(), Object.keys(message.properties).sort());
});

test('every field is required: the page always sends each one (null when it has none)', () => {
  assert.deepEqual([...message.required].sort(), Object.keys(message.properties).sort());
});

test("the fields' own members the script reads are the schema's", () => {
  const read = [];
  for (const [, field, member] of CODE.matchAll(/(?<![\w$])data\.(\w+)\.(\w+)/g)) read.push([field, member]);
  for (const [, members, field] of CODE.matchAll(/\{([\w\s,]+)\}\s*=\s*data\.(\w+)/g)) {
    for (const member of members.split(',')) read.push([field, member.trim()]);
  }
  assert.ok(read.length > 0, 'the script reads members of the message');
  for (const [field, member] of read) {
    const schema = message.properties[field];
    if (!schema.properties) continue; // an array: `.map`, `.length` are its own
    assert.ok(member in schema.properties, `data.${field}.${member} is not in message.json`);
  }
});

test('the state sent back is the state the message defines', () => {
  const sent = new Set([...CODE.matchAll(/setStateValue\('(\w+)'/g)].map(([, name]) => name));
  assert.deepEqual([...sent].sort(), Object.keys(message.$defs.state.properties).sort());
});

test('the row forms are named by the message', () => {
  assert.deepEqual([CENTRE_FORM, RING_FORM], message.properties.form.enum);
  assert.doesNotMatch(CODE, /form === '(centre|ring)'/, 'a form named by hand');
});

test('the triggers sent back are the triggers the message defines', () => {
  const sent = new Set([...CODE.matchAll(/setTriggerValue\('(\w+)'/g)].map(([, name]) => name));
  assert.deepEqual([...sent].sort(), Object.keys(message.$defs.triggers.properties).sort());
});
