// The map's time (src/time.js): which months a frame shows, and each frame's cells and
// figures computed from the months' entries, as the slider and the play button ask.
import assert from 'node:assert/strict';
import {test} from 'node:test';

import {firstEnd, frameBounds, frameLegend, frameRows, rangeLabel, seriesOf} from '../src/time.js';

const MONTHS = ['2025-01', '2025-02', '2025-03', '2025-04', '2025-05'];
// Centre-form rows [x, y, deals, investors, median] of one layer (countAt 2), as the page draws them.
const ROWS = [
  [1, 1, 9, 9, 1],
  [2, 2, 9, 9, 1],
  [3, 3, 9, 9, 1],
];
// [month, layer, row, deals, investors, median].
const ENTRIES = [
  [0, 0, 0, 2, 1, 100000],
  [1, 0, 0, 3, 2, 200000],
  [1, 0, 1, 1, 1, 300000],
  [4, 0, 2, 5, 4, 400000],
  [4, 0, 0, 1, 1, 500000],
];

function frame(span, end, entries = ENTRIES) {
  const [series] = seriesOf(entries, [ROWS.length], MONTHS.length);
  const [start, last] = frameBounds(span, end);
  return frameRows(ROWS, series, 2, start, last);
}

test('a window of N months ends at the month chosen; the running total starts at the first', () => {
  assert.deepEqual(frameBounds(1, 3), [3, 3]);
  assert.deepEqual(frameBounds(3, 3), [1, 3]);
  assert.deepEqual(frameBounds(3, 1), [0, 1]);
  assert.deepEqual(frameBounds(0, 3), [0, 3]);
  assert.deepEqual(frameBounds(12, 4), [0, 4]);
});

test('the slider starts at the first full window, or the first month', () => {
  assert.equal(firstEnd(1, 5), 0);
  assert.equal(firstEnd(3, 5), 2);
  assert.equal(firstEnd(12, 5), 4, 'a window longer than the period: the whole period, one frame');
  assert.equal(firstEnd(0, 5), 0);
});

test('a frame says its months', () => {
  assert.equal(rangeLabel(MONTHS, 2, 2), '2025-03');
  assert.equal(rangeLabel(MONTHS, 0, 2), '2025-01 – 2025-03');
});

test("one month's frame: the cells with deals that month, with the month's own figures", () => {
  assert.deepEqual(frame(1, 1), [
    [1, 1, 3, 2, 200000],
    [2, 2, 1, 1, 300000],
  ]);
  assert.deepEqual(frame(1, 2), [], 'no deal in the month: no cell drawn');
});

test("a window of several months sums the deals; investors and median don't add up, so none", () => {
  assert.deepEqual(frame(3, 2), [
    [1, 1, 5, null, null],
    [2, 2, 1, null, null],
  ]);
  assert.deepEqual(frame(3, 4), [
    [1, 1, 1, null, null],
    [3, 3, 5, null, null],
  ]);
});

test('the running total adds every month up to the one chosen', () => {
  assert.deepEqual(frame(0, 0), [[1, 1, 2, 1, 100000]]);
  assert.deepEqual(frame(0, 4), [
    [1, 1, 6, null, null],
    [2, 2, 1, null, null],
    [3, 3, 5, null, null],
  ]);
});

test("the page's rows stay as they came; a frame's rows keep their place and hex", () => {
  const before = JSON.stringify(ROWS);
  const rows = frame(0, 4);
  assert.equal(JSON.stringify(ROWS), before);
  assert.deepEqual(rows.map((row) => row.slice(0, 2)), [[1, 1], [2, 2], [3, 3]]);
  // Ring form: [hex, deals, investors, median, ring], countAt 1.
  const [series] = seriesOf([[0, 0, 0, 4, 2, 150000]], [1], 1);
  assert.deepEqual(frameRows([['88abc', 9, 9, 1, [0, 1]]], series, 1, 0, 0), [['88abc', 4, 2, 150000, [0, 1]]]);
});

test('entries of several layers go to their own layer; one outside the rows is ignored', () => {
  const series = seriesOf([[0, 1, 0, 7, 3, null], [0, 0, 5, 1, 1, null], [9, 0, 0, 1, 1, null]], [1, 1], 2);
  assert.deepEqual(frameRows([[0, 0, 9, 9, 1]], series[0], 2, 0, 1), []);
  assert.deepEqual(frameRows([[5, 5, 9, 9, 1]], series[1], 2, 0, 0), [[5, 5, 7, 3, null]]);
});

test("the map's legend while the time plays: the mode's classes and the months shown", () => {
  const mode = {legend: 'Deals per cell in 3 months', labels: ['1', '2+'], colors: {palette: [[1, 2, 3], [4, 5, 6]]}};
  assert.deepEqual(frameLegend(mode, MONTHS, 1, 3, '5 months, 2025-01 to 2025-05'), {
    title: 'Deals per cell in 3 months',
    classes: [
      {color: [1, 2, 3], label: '1'},
      {color: [4, 5, 6], label: '2+'},
    ],
    lines: ['Shown: 2025-02 – 2025-04', '5 months, 2025-01 to 2025-05'],
  });
});
