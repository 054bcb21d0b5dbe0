// The map's height (src/size.js): down to the window's foot, never under the page's least.
import assert from 'node:assert/strict';
import {test} from 'node:test';

import {FOOT_MARGIN_PX, heightToFoot} from '../src/size.js';

test('the map reaches the window foot from its top, less a margin', () => {
  assert.equal(heightToFoot({windowHeight: 900, top: 320, least: 400}), 900 - 320 - FOOT_MARGIN_PX);
});

test('a short window keeps the least height: the foot then falls below it', () => {
  assert.equal(heightToFoot({windowHeight: 600, top: 320, least: 400}), 400);
});

test('whole pixels', () => {
  assert.equal(heightToFoot({windowHeight: 900.6, top: 319.4, least: 1, margin: 0}), 581);
});
