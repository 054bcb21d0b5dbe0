// A drawn area's rules as the map applies them (src/area.js): which points are inside,
// when corners close into an area, which drawn cells it counts. That the page decides the
// same is checked from Python, running this script (tests/mapspec/test_area_script.py).
import assert from 'node:assert/strict';
import {test} from 'node:test';

import {
  CROSSING, MAX_CORNERS, TOO_FEW, addCorner, closeProblem, countInside, crossesItself, nearFirst, ringContains, roundCorner, rowCentre,
} from '../src/area.js';
import message from '../src/message.json' with {type: 'json'};

const SQUARE = [[0, 0], [2, 0], [2, 2], [0, 2]];
// A "C": its mouth, the middle of the right side, is outside.
const HOOK = [[0, 0], [3, 0], [3, 1], [1, 1], [1, 2], [3, 2], [3, 3], [0, 3]];

test('a point is inside a square exactly when it lies within its sides', () => {
  assert.equal(ringContains(SQUARE, 1, 1), true);
  assert.equal(ringContains(SQUARE, 1.999, 0.001), true);
  assert.equal(ringContains(SQUARE, 2.001, 1), false);
  assert.equal(ringContains(SQUARE, -1, 1), false);
  assert.equal(ringContains(SQUARE, 1, 3), false);
});

test("a concave area leaves out its mouth, whichever way it was drawn and from whichever corner", () => {
  for (const ring of [HOOK, [...HOOK].reverse(), [...HOOK.slice(3), ...HOOK.slice(0, 3)]]) {
    assert.equal(ringContains(ring, 0.5, 1.5), true);
    assert.equal(ringContains(ring, 2, 1.5), false, 'the mouth');
    assert.equal(ringContains(ring, 2, 0.5), true);
    assert.equal(ringContains(ring, 2, 2.5), true);
  }
});

test('closing: at least three corners, edges that do not cross', () => {
  assert.equal(closeProblem([]), TOO_FEW);
  assert.equal(closeProblem([[0, 0], [1, 0]]), TOO_FEW);
  assert.equal(closeProblem([[0, 0], [1, 0], [0, 1]]), null);
  assert.equal(closeProblem(HOOK), null);
  assert.equal(closeProblem([[0, 0], [1, 1], [1, 0], [0, 1]]), CROSSING, 'a bow tie');
});

test('self-intersection: a crossing, a corner on another edge, an edge folding back, all on one line', () => {
  assert.equal(crossesItself([[0, 0], [1, 1], [1, 0], [0, 1]]), true);
  assert.equal(crossesItself([[0, 0], [2, 0], [2, 2], [1, 0], [0, 2]]), true, 'a corner touching the first edge');
  assert.equal(crossesItself([[0, 0], [2, 0], [1, 0], [1, 1]]), true, 'back along the first edge');
  assert.equal(crossesItself([[0, 0], [1, 0], [2, 0]]), true, 'no surface');
  assert.equal(crossesItself(SQUARE), false);
  assert.equal(crossesItself(HOOK), false);
  assert.equal(crossesItself([...HOOK].reverse()), false);
});

test('corners are kept to 1e-5 degrees, and a double click adds no second corner', () => {
  assert.deepEqual(roundCorner([-96.812345678, 32.7000049]), [-96.81235, 32.7]);
  const once = addCorner([], [-96.8, 32.7]);
  const twice = addCorner(once, [-96.800001, 32.700001]);
  assert.equal(twice, once, 'the same corner again is not added');
  assert.equal(addCorner(once, [-96.7, 32.7]).length, 2);
});

test('a click within the tolerance of the first corner closes the area', () => {
  assert.equal(nearFirst([100, 100], [106, 108], 10), true);
  assert.equal(nearFirst([100, 100], [111, 100], 10), false);
  assert.equal(nearFirst(null, [100, 100], 10), false);
});

test('the most corners is the message\'s', () => {
  assert.equal(MAX_CORNERS, message.$defs.area.maxItems);
  assert.ok(MAX_CORNERS >= 3);
});

test('the cells counted are those whose centre lies inside, in either row form, with their deals', () => {
  // Centre form: [x, y, deals, ...] in 1e-6 degrees.
  const centre = [{rows: [[1_000_000, 1_000_000, 5], [3_000_000, 1_000_000, 7], [500_000, 1_500_000, 2]]}, {rows: [[1_900_000, 100_000, 1]]}];
  assert.deepEqual(countInside(centre, 'centre', 2, SQUARE), {cells: 3, deals: 8});
  const hook = [{rows: [[500_000, 1_500_000, 2], [2_000_000, 1_500_000, 7], [2_000_000, 500_000, 5]]}];
  assert.deepEqual(countInside(hook, 'centre', 2, HOOK), {cells: 2, deals: 7}, "the C's mouth is not counted");
  // Ring form: [hex, deals, ..., ring]; the centre is the corners' mean.
  const ring = (x, y) => [x - 0.1, y, x, y - 0.1, x + 0.1, y, x + 0.1, y + 0.1, x, y + 0.2, x - 0.1, y + 0.1];
  assert.deepEqual(rowCentre(['h', 4, ring(1, 1)], 'ring').map((value) => Math.round(value * 1e9) / 1e9), [1, 1.05]);
  assert.deepEqual(countInside([{rows: [['a', 4, 1, null, ring(1, 1)], ['b', 9, 1, null, ring(5, 5)]]}], 'ring', 1, SQUARE), {cells: 1, deals: 4});
});
