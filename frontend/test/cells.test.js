// The cells' geometry and colours as the map element computes them (src/cells.js).
// The corners against H3's own are checked from Python (tests/pages/test_map_script.py).
import assert from 'node:assert/strict';
import {test} from 'node:test';

import {binaryRings, classOf, formatPrice, tooltipText} from '../src/cells.js';

const colors = {at: 2, thresholds: [1, 3, 10], palette: [[1, 1, 1], [2, 2, 2], [3, 3, 3]], missing: [9, 9, 9], alpha: 190};
// Corner k = x * p + y * q + r: here each corner is the centre moved by k along one axis.
const terms = Array.from({length: 12}, (_, k) => (k % 2 === 0 ? [1e-6, 0, k] : [0, 1e-6, k]));
const centreData = {form: 'centre', shape: {origin: [0, 0], terms}, colors, countAt: 2};

test('centre form: six corners a cell from the shape, open rings', () => {
  const binary = binaryRings([[1_000_000, 2_000_000, 1], [3_000_000, 4_000_000, 5]], centreData, false);
  assert.equal(binary.length, 2);
  assert.deepEqual(Array.from(binary.startIndices), [0, 6, 12]);
  const positions = binary.attributes.getPolygon.value;
  assert.deepEqual(Array.from(positions.slice(0, 4)), [1 + 0, 2 + 1, 1 + 2, 2 + 3]);
  assert.deepEqual(Array.from(positions.slice(12, 14)), [3 + 0, 4 + 1]);
});

test('outlined cells get closed rings: the first corner again', () => {
  const binary = binaryRings([[0, 0, 1]], centreData, true);
  assert.deepEqual(Array.from(binary.startIndices), [0, 7]);
  const positions = binary.attributes.getPolygon.value;
  assert.deepEqual(Array.from(positions.slice(12, 14)), Array.from(positions.slice(0, 2)));
});

test('a colour per vertex, by the deal count against the thresholds', () => {
  const rows = [[0, 0, 1], [0, 0, 3], [0, 0, 9], [0, 0, 10], [0, 0, 500]];
  const fill = binaryRings(rows, centreData, false).attributes.getFillColor.value;
  assert.equal(fill.length, rows.length * 6 * 4);
  const levelOf = (cell) => fill[cell * 24];
  assert.deepEqual(rows.map((_, cell) => levelOf(cell)), [1, 2, 2, 3, 3]);
  // Every vertex of a cell has its colour and the alpha.
  assert.deepEqual(Array.from(fill.slice(24, 48)), Array(6).fill([2, 2, 2, 190]).flat());
});

test('ring form: as many corners as the ring holds (a pentagon has five)', () => {
  const hexagon = ['88aaaaaaaaaaaaa', 4, 2, 1000, [0, 0, 1, 0, 2, 1, 1, 2, 0, 2, -1, 1]];
  const pentagon = ['88bbbbbbbbbbbbb', 1, 1, 2000, [5, 5, 6, 5, 6, 6, 5, 7, 4, 6]];
  const binary = binaryRings([hexagon, pentagon], {form: 'ring', colors: {...colors, at: 1}, countAt: 1}, false);
  assert.deepEqual(Array.from(binary.startIndices), [0, 6, 11]);
  assert.deepEqual(Array.from(binary.attributes.getPolygon.value.slice(12)), pentagon[4]);
  assert.equal(binary.attributes.getFillColor.value[0], 2, 'four deals: the second class');
});

test('tooltip lines take the row values they name', () => {
  const text = tooltipText(['{2} deals · {3} investors', 'median price {4}', 'data as of 2026-10-31'], [1, 2, 7, 5, '$250k']);
  assert.equal(text, '7 deals · 5 investors\nmedian price $250k\ndata as of 2026-10-31');
});

test('a count names its noun in the right number: 1 deal, 2 deals', () => {
  const lines = ['{0|deal|deals} · {1|investor|investors}'];
  assert.equal(tooltipText(lines, [1, 1]), '1 deal · 1 investor');
  assert.equal(tooltipText(lines, [2, 0]), '2 deals · 0 investors');
});

test('the value coloured is the one `colors.at` names: investors, or the median price', () => {
  const rows = [[0, 0, 1, 9, 150_000], [0, 0, 9, 1, 450_000], [0, 0, 5, 5, null]];
  const levels = (at, thresholds) => {
    const fill = binaryRings(rows, {...centreData, colors: {...colors, at, thresholds}}, false).attributes.getFillColor.value;
    return rows.map((_, cell) => fill[cell * 24]);
  };
  assert.deepEqual(levels(2, [1, 3, 10]), [1, 2, 2], 'by deals');
  assert.deepEqual(levels(3, [1, 3, 10]), [2, 1, 2], 'by investors: the same cells, other colours');
  assert.deepEqual(levels(4, [100_000, 200_000, 400_000]), [1, 3, 9], 'by price; an unpriced cell takes `missing`');
});

test('a class is the last bound the value reaches; under the first, the first', () => {
  const table = [[0, 0], [1, 0], [2.9, 0], [3, 1], [1e9, 2], [null, -1], [undefined, -1]];
  for (const [value, level] of table) assert.equal(classOf(value, [1, 3, 10]), level, `value ${value}`);
});

test('a price written short, halves rounding up as in Python (mapspec.cells.format_price)', () => {
  const table = [[249_600, '$250k'], [250_500, '$251k'], [1_240_000, '$1.2M'], [1_250_000, '$1.3M'], [null, 'n/a']];
  for (const [value, text] of table) assert.equal(formatPrice(value), text);
  assert.equal(tooltipText(['median price {4$}'], [0, 0, 1, 1, 286_400]), 'median price $286k');
});
