// What the browser remembers of a map for the next visit to its link (src/early.js), and
// when an early map is let go.
import assert from 'node:assert/strict';
import {mock, test} from 'node:test';

import {DISCARD_MS, LONGEST_MS, MAX_STORED_CHARS, STORAGE_PREFIX, STORED_LINKS, keepEarly, recall, remember, takeEarly} from '../src/early.js';

function memoryStorage() {
  const items = new Map();
  return {
    items,
    getItem: (key) => (items.has(key) ? items.get(key) : null),
    setItem: (key, value) => items.set(key, String(value)),
    removeItem: (key) => items.delete(key),
  };
}

function windowAt(link, loaded = link, size = {width: 1400, height: 900}) {
  const [pathname, query] = link.split('?');
  return {
    location: {pathname, search: query ? `?${query}` : ''},
    __deedscopeLoadedLink: loaded,
    innerWidth: size.width,
    innerHeight: size.height,
    scrollX: 0,
    scrollY: 40,
    // Streamlit's first element of the page, once `started` (early.js, FIRST_ELEMENT).
    document: {started: false, querySelector(selector) { return this.started && selector.includes('stElementContainer') ? {} : null; }},
  };
}

function drawnMap(data = {cells: [{id: 'cells', rows: 'app/static/map-cells/a.json'}], reportPaint: true}) {
  return {data, container: {getBoundingClientRect: () => ({left: 300, top: 280, width: 1000, height: 560})}};
}

test('a map is remembered at its link and the page drawn at its place, without asking for a paint report', () => {
  const storage = memoryStorage();
  const place = windowAt('/?market=DFW');
  remember(drawnMap(), {storage, place});
  const entry = recall('/?market=DFW', {storage, place});
  assert.deepEqual(entry.box, {left: 300, top: 320, width: 1000, height: 560});
  assert.equal(entry.data.reportPaint, false);
  assert.equal(entry.data.cells[0].rows, 'app/static/map-cells/a.json');
});

test('the link the page was opened at is remembered too, when the map is that page', () => {
  const storage = memoryStorage();
  remember(drawnMap(), {storage, place: windowAt('/?market=DFW&view=1,2,3,4', '/')});
  assert.ok(storage.getItem(`${STORAGE_PREFIX}/`));
  // Opened at the Investors page, then the Map clicked: the Investors link draws no map.
  remember(drawnMap(), {storage, place: windowAt('/?market=DFW', '/investors')});
  assert.equal(storage.getItem(`${STORAGE_PREFIX}/investors`), null);
});

test('another window size recalls nothing: the map would stand elsewhere', () => {
  const storage = memoryStorage();
  remember(drawnMap(), {storage, place: windowAt('/')});
  assert.equal(recall('/', {storage, place: windowAt('/', '/', {width: 1100, height: 900})}), null);
  assert.equal(recall('/elsewhere', {storage, place: windowAt('/')}), null);
});

test('only the newest links are kept', () => {
  const storage = memoryStorage();
  for (let index = 0; index < STORED_LINKS + 3; index += 1) remember(drawnMap(), {storage, place: windowAt(`/?n=${index}`)});
  const kept = [...storage.items.keys()].filter((key) => key.startsWith(STORAGE_PREFIX));
  assert.equal(kept.length, STORED_LINKS);
  assert.ok(storage.getItem(`${STORAGE_PREFIX}/?n=${STORED_LINKS + 2}`));
  assert.equal(storage.getItem(`${STORAGE_PREFIX}/?n=0`), null);
});

test('a map too large to keep, or a storage that refuses, is passed over without an error', () => {
  const storage = memoryStorage();
  const rows = Array.from({length: MAX_STORED_CHARS / 10}, (_, index) => [index, index, 1, 1, 100000]);
  remember(drawnMap({cells: [{id: 'cells', rows}]}), {storage, place: windowAt('/')});
  assert.equal(storage.items.size, 0);
  const full = {...memoryStorage(), setItem: () => { throw new Error('QuotaExceededError'); }};
  remember(drawnMap(), {storage: full, place: windowAt('/')});
  assert.equal(recall('/', {storage: {getItem: () => '{not json'}, place: windowAt('/')}), null);
});

function earlyMap() {
  const events = [];
  const map = {container: {dataset: {deedscope: 'map-early'}}};
  const host = {remove: () => events.push('host removed')};
  return {map, host, events, finalize: () => events.push('finalized')};
}

test('an early map no element takes is let go: a while after the page drew, at the latest after a minute and a half, or once the page is left', () => {
  mock.timers.enable({apis: ['setInterval', 'setTimeout']});
  try {
    const waiting = earlyMap();
    const slow = windowAt('/');
    keepEarly(waiting.map, waiting.host, waiting.finalize, slow);
    mock.timers.tick(2 * DISCARD_MS);
    assert.deepEqual(waiting.events, [], "kept while the page has drawn nothing yet (a server's first run)");
    slow.document.started = true;
    mock.timers.tick(DISCARD_MS + 500);
    assert.deepEqual(waiting.events, ['host removed', 'finalized']);

    const never = earlyMap();
    keepEarly(never.map, never.host, never.finalize, windowAt('/'));
    mock.timers.tick(LONGEST_MS);
    assert.deepEqual(never.events, ['host removed', 'finalized']);

    const left = earlyMap();
    const place = windowAt('/');
    keepEarly(left.map, left.host, left.finalize, place);
    place.location.pathname = '/investors';
    mock.timers.tick(500);
    assert.deepEqual(left.events, ['host removed', 'finalized']);
    assert.equal(takeEarly({appendChild: () => assert.fail('nothing to take')}), null);
  } finally {
    mock.timers.reset();
  }
});

test('the element takes the early map into its own box, and it is not let go after', () => {
  mock.timers.enable({apis: ['setInterval', 'setTimeout']});
  try {
    const kept = earlyMap();
    const place = windowAt('/');
    place.document.started = true;
    keepEarly(kept.map, kept.host, kept.finalize, place);
    const moved = [];
    assert.equal(takeEarly({appendChild: (node) => moved.push(node)}), kept.map);
    assert.deepEqual(moved, [kept.map.container]);
    assert.equal(kept.map.container.dataset.deedscope, 'map');
    mock.timers.tick(DISCARD_MS);
    assert.deepEqual(kept.events, ['host removed']);
  } finally {
    mock.timers.reset();
  }
});
