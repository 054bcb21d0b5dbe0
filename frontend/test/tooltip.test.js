import assert from 'node:assert/strict';
import {test} from 'node:test';

import {tooltipPosition} from '../src/tooltip.js';

const box = {width: 400, height: 300};
const tip = {width: 120, height: 40};

test('a tooltip goes right and down of a pointer in the top left of the map', () => {
  assert.deepEqual(tooltipPosition({x: 50, y: 60}, box, tip), {left: 62, top: 72});
});

test('a tooltip goes left and up of a pointer in the bottom right, so the column does not clip it', () => {
  assert.deepEqual(tooltipPosition({x: 390, y: 290}, box, tip), {left: 258, top: 238});
});

test('a tooltip wider than the room left of the pointer stops at the map\'s edge', () => {
  assert.deepEqual(tooltipPosition({x: 210, y: 160}, box, {width: 300, height: 200}), {left: 0, top: 0});
});
