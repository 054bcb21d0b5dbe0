// 3D by deals (src/extrude.js): the heights per vertex and the scale that keeps the tallest
// cell at a share of the map's height.
import assert from 'node:assert/strict';
import {test} from 'node:test';

import {TALLEST_SHARE, elevationScale, metresPerPixel, vertexValues} from '../src/extrude.js';

test("a pixel spans the earth's circumference over 512 px at zoom 0 on the equator, half as much a zoom in", () => {
  assert.ok(Math.abs(metresPerPixel(0, 0) - 40_075_016.686 / 512) < 1e-6);
  assert.ok(Math.abs(metresPerPixel(1, 0) - metresPerPixel(0, 0) / 2) < 1e-6);
  assert.ok(Math.abs(metresPerPixel(0, 60) - metresPerPixel(0, 0) / 2) < 1e-6, 'half at 60° of latitude');
});

test('the cell of the most deals rises to its share of the map height, in metres at that zoom', () => {
  const scale = elevationScale({most: 40, zoom: 10, latitude: 32.8, heightPx: 560});
  const tallestPx = (40 * scale) / metresPerPixel(10, 32.8);
  assert.ok(Math.abs(tallestPx - TALLEST_SHARE * 560) < 1e-6);
  assert.ok(elevationScale({most: 40, zoom: 11, latitude: 32.8, heightPx: 560}) < scale, 'closer in, fewer metres per deal');
});

test('no deals: nothing rises (no division by zero)', () => {
  assert.equal(elevationScale({most: 0, zoom: 10, latitude: 0, heightPx: 500}), 0);
});

test("each vertex takes its cell's count; a cell without one stays flat", () => {
  const rows = [[0, 0, 3], [0, 0, null], [0, 0, 7]];
  const starts = new Uint32Array([0, 7, 14, 21]);
  const values = vertexValues(rows, 2, starts);
  assert.equal(values.length, 21);
  assert.deepEqual(Array.from(values.slice(0, 7)), Array(7).fill(3));
  assert.deepEqual(Array.from(values.slice(7, 14)), Array(7).fill(0));
  assert.deepEqual(Array.from(values.slice(14)), Array(7).fill(7));
});
