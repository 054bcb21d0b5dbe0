// The loader (src/loader.js): inline rows that come again are the same array, so the map
// reuses the rings it built from them; rows by URL pass through.
import assert from 'node:assert/strict';
import {test} from 'node:test';

import {keptInline} from '../src/loader.js';

const message = (rows) => ({script: 'map.js', cells: [{id: 'cells', rows, flagged: false}, {id: 'cells-flagged', rows: 'app/static/map-cells/a.json', flagged: true}]});

test('the same inline rows on the next rerun are the same array', () => {
  const first = keptInline(message([[1, 2, 3]])).cells[0].rows;
  const again = keptInline(message([[1, 2, 3]])).cells[0].rows;
  assert.equal(again, first);
});

test('other rows are taken as they come', () => {
  keptInline(message([[1, 2, 3]]));
  const other = [[4, 5, 6]];
  assert.equal(keptInline(message(other)).cells[0].rows, other);
});

test('rows by URL pass through, and the rest of the message with them', () => {
  const data = keptInline(message([[1, 2, 3]]));
  assert.equal(data.cells[1].rows, 'app/static/map-cells/a.json');
  assert.equal(data.script, 'map.js');
});
