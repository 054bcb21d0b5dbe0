// A new browser's map of a shared link (src/first_visit.js): where the Map page's map stands
// on its first run, and what the server's answer hands the map and its loader.
import assert from 'node:assert/strict';
import {test} from 'node:test';

import {LAYOUT, firstVisit, firstVisitBox} from '../src/first_visit.js';

const LAYOUT_OF_A_MARKET = {columns: [5, 2], controls: 124};

function storageWith(items = {}) {
  return {getItem: (key) => (key in items ? items[key] : null)};
}

test("the box is the Map page's map's, measured in Streamlit 1.67 at three window widths", () => {
  // Measured in chromium: the map's element on a first run (left, top, width).
  for (const [width, left, top, mapWidth] of [[1400, 380, 324.8, 655.42], [1100, 380, 324.8, 441.14], [760, 16, 324.8, 504]]) {
    const box = firstVisitBox({width}, LAYOUT_OF_A_MARKET, storageWith());
    assert.equal(box.left, left);
    assert.ok(Math.abs(box.top - top) < 0.01, `top at ${width}: ${box.top}`);
    assert.ok(Math.abs(box.width - mapWidth) < 0.05, `width at ${width}: ${box.width}`);
  }
});

test("a point's taller controls, a sidebar a person widened, and a window too narrow", () => {
  const point = firstVisitBox({width: 1400}, {columns: [5, 2], controls: 292}, storageWith());
  assert.ok(Math.abs(point.top - (LAYOUT.titleFootPx + 292 + LAYOUT.gapPx)) < 1e-9);
  const widened = firstVisitBox({width: 1400}, LAYOUT_OF_A_MARKET, storageWith({sidebarWidth: '400'}));
  assert.equal(widened.left, 480);
  assert.equal(firstVisitBox({width: 500}, LAYOUT_OF_A_MARKET, storageWith()), null);
  assert.equal(firstVisitBox({width: 1400}, {columns: [5], controls: 124}, storageWith()), null);
  const refused = {getItem: () => { throw new Error('private window'); }};
  assert.equal(firstVisitBox({width: 1400}, LAYOUT_OF_A_MARKET, refused).left, 380);
});

test("the server's answer becomes the early map's entry, its rows handed to the loader by URL", async () => {
  const rows = new Map();
  const message = {cells: [{id: 'cells', rows: 'app/static/map-cells/a.json'}], reportPaint: false};
  const answer = {version: '7', message, layout: LAYOUT_OF_A_MARKET, rows: {'app/static/map-cells/a.json': [[1, 2, 3]]}};
  const entry = await firstVisit(Promise.resolve(answer), rows, {innerWidth: 1400, localStorage: storageWith()});
  assert.equal(entry.data, message);
  assert.equal(entry.version, '7');
  assert.equal(entry.box.left, 380);
  assert.deepEqual(await rows.get('app/static/map-cells/a.json'), [[1, 2, 3]]);
});

test('no answer, or a window the layout does not know, draws nothing', async () => {
  const place = {innerWidth: 1400, localStorage: storageWith()};
  assert.equal(await firstVisit(Promise.resolve(null), new Map(), place), null);
  const rows = new Map();
  const answer = {version: '7', message: {cells: []}, layout: LAYOUT_OF_A_MARKET, rows: {u: []}};
  assert.equal(await firstVisit(Promise.resolve(answer), rows, {...place, innerWidth: 400}), null);
  assert.equal(rows.size, 0, 'no rows handed over for a map not drawn');
});
