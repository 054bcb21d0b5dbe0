// The date field (src/date_field.js): what it sends, and when. A typed date applies on Enter
// or when focus leaves the field, a calendar's pick at once, never a keystroke's value.
import assert from 'node:assert/strict';
import {test} from 'node:test';

import {applies, colorSchemeFor, readingOf, sameReading} from '../src/date_field.js';

const field = (value, badInput = false) => ({value, validity: {badInput}});

test('a whole date is sent as it is', () => {
  assert.deepEqual(readingOf(field('2024-01-15')), {date: '2024-01-15', bad: false});
});

test('an empty field is no date, and not a bad one', () => {
  assert.deepEqual(readingOf(field('')), {date: null, bad: false});
});

test('a part left blank or a day the month lacks is sent as no date', () => {
  // The browser then gives the field no value and flags its input as bad.
  assert.deepEqual(readingOf(field('', true)), {date: null, bad: true});
});

test('readings are the same only when date and badness are', () => {
  assert.ok(sameReading({date: '2024-01-15', bad: false}, {date: '2024-01-15', bad: false}));
  assert.ok(!sameReading({date: '2024-01-15', bad: false}, {date: '2024-01-16', bad: false}));
  assert.ok(!sameReading({date: null, bad: false}, {date: null, bad: true}));
  assert.ok(!sameReading({date: null, bad: false}, null));
});

test('Enter applies, other keys do not', () => {
  assert.ok(applies({type: 'keydown', key: 'Enter'}, true));
  for (const key of ['2', 'Tab', 'ArrowUp', 'Backspace']) assert.ok(!applies({type: 'keydown', key}, true), key);
});

test("a keystroke's new value does not apply, a calendar's pick does", () => {
  // While a year is typed the value passes through 0002, 0020 and 0202: each comes typing.
  assert.ok(!applies({type: 'input'}, true));
  assert.ok(!applies({type: 'change'}, true));
  assert.ok(applies({type: 'input'}, false));
  assert.ok(applies({type: 'change'}, false));
});

test('leaving the field applies', () => {
  assert.ok(applies({type: 'focusout'}, false));
  assert.ok(!applies({type: 'focusin'}, false));
});

test("the browser's parts of the field follow the theme: dark only under light text", () => {
  assert.equal(colorSchemeFor('rgb(29, 42, 47)'), 'light');
  assert.equal(colorSchemeFor('rgb(250, 250, 250)'), 'dark');
  assert.equal(colorSchemeFor('rgba(250, 250, 250, 0.9)'), 'dark');
  assert.equal(colorSchemeFor(''), 'light');
});
