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

// The page that waits for the map's first frame (reportPaint) hears `painted` once: when the
// frame is drawn, or, should it never be, when the latest moment comes.
import {paintReport} from '../src/loader.js';

function waitingComponent(reportPaint) {
  const sent = [];
  const timers = [];
  const component = {data: {reportPaint}, setTriggerValue: (name, value) => sent.push([name, value])};
  return {sent, timers, say: paintReport(component, (callback, ms) => timers.push([callback, ms]))};
}

test('painted is said once, however often the map or the latest moment says it', () => {
  const {sent, timers, say} = waitingComponent(true);
  say();
  say();
  timers[0][0]();
  assert.deepEqual(sent, [['painted', true]]);
});

test('painted is said at the latest moment when the map never draws', () => {
  const {sent, timers} = waitingComponent(true);
  assert.equal(timers.length, 1);
  assert.ok(timers[0][1] > 0 && timers[0][1] <= 10_000, `at the latest after ${timers[0][1]} ms`);
  timers[0][0]();
  assert.deepEqual(sent, [['painted', true]]);
});

test('a page that does not wait hears nothing', () => {
  const {sent, timers, say} = waitingComponent(false);
  say();
  assert.deepEqual([sent, timers], [[], []]);
});
