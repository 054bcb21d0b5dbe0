// The small maps' layers (src/small_layers.js): each kind of the page's description becomes
// its deck.gl layer's props; hover and click read a row's `tip` and `pick`; the wheel is the page's.
import assert from 'node:assert/strict';
import {test} from 'node:test';

import {readFileSync} from 'node:fs';

import message from '../src/small_message.json' with {type: 'json'};
import {CONTROLLER, LAYER_CLASSES, characterSet, layerProps, pickOf, shownLayers, tipOf, zoomed} from '../src/small_layers.js';

test('each kind is drawn by its deck.gl layer, and an unknown kind is refused', () => {
  assert.deepEqual(LAYER_CLASSES, {
    points: 'ScatterplotLayer', polygons: 'PolygonLayer', paths: 'PathLayer', lines: 'LineLayer', text: 'TextLayer',
  });
  assert.throws(() => layerProps({kind: 'hexagons', id: 'x', rows: []}), /no layer kind "hexagons"/);
});

test('points take their row\'s colour and radius, else the layer\'s, in pixels', () => {
  const props = layerProps({kind: 'points', id: 'p', rows: [{p: [1, 2], fill: [1, 2, 3, 4], radius: 9}, {p: [3, 4]}], fill: [9, 9, 9, 9], radius: 5});
  assert.equal(props.radiusUnits, 'pixels');
  assert.deepEqual(props.getPosition(props.data[0]), [1, 2]);
  assert.deepEqual(props.getFillColor(props.data[0]), [1, 2, 3, 4]);
  assert.deepEqual(props.getFillColor(props.data[1]), [9, 9, 9, 9]);
  assert.equal(props.getRadius(props.data[0]), 9);
  assert.equal(props.getRadius(props.data[1]), 5);
});

test('a layer whose rows say nothing on hover or click is not picked', () => {
  assert.equal(layerProps({kind: 'paths', id: 'borders', rows: [{path: [[0, 0], [1, 1]]}]}).pickable, false);
  assert.equal(layerProps({kind: 'points', id: 'p', rows: [{p: [0, 0], tip: 'here'}]}).pickable, true);
  assert.equal(layerProps({kind: 'points', id: 'p', rows: [{p: [0, 0], pick: 'inv_1'}]}).pickable, true);
});

test('polygons are outlined when the layer gives a line colour, and filled unless told not to be', () => {
  const outlined = layerProps({kind: 'polygons', id: 'b', rows: [{polygon: [[0, 0], [1, 0], [1, 1]]}], line: [1, 1, 1, 1], filled: false});
  assert.equal(outlined.stroked, true);
  assert.equal(outlined.filled, false);
  const hexes = layerProps({kind: 'polygons', id: 'h', rows: [{polygon: [], fill: [5, 5, 5, 5]}]});
  assert.equal(hexes.stroked, false);
  assert.equal(hexes.filled, true);
  assert.deepEqual(hexes.getFillColor(hexes.data[0]), [5, 5, 5, 5]);
});

test('names carry only the letters they use, and hide under tiles when the layer says so', () => {
  assert.equal(characterSet([{t: 'Plano'}, {t: 'Allen'}]), 'PlanoAe');
  const layers = [{kind: 'paths', id: 'borders'}, {kind: 'text', id: 'city-names', underTiles: false}];
  assert.deepEqual(shownLayers(layers, false).map((layer) => layer.id), ['borders', 'city-names']);
  assert.deepEqual(shownLayers(layers, true).map((layer) => layer.id), ['borders']);
});

test('a hover says the row\'s tip; a click sends its pick, a row without one sends nothing', () => {
  assert.equal(tipOf({tip: 'Investor: Acme\n12 deals'}), 'Investor: Acme\n12 deals');
  assert.equal(tipOf({p: [0, 0]}), null);
  assert.equal(tipOf(null), null);
  assert.equal(pickOf({pick: 'inv_1'}), 'inv_1');
  assert.equal(pickOf({pick: 0}), 0);
  assert.equal(pickOf({tip: 'an edge'}), undefined);
});

test('the wheel scrolls the page; buttons zoom within bounds', () => {
  assert.equal(CONTROLLER.scrollZoom, false);
  assert.equal(CONTROLLER.dragPan, true);
  assert.deepEqual(zoomed({latitude: 1, zoom: 5}, 1), {latitude: 1, zoom: 6});
  assert.equal(zoomed({zoom: 20}, 1).zoom, 20);
  assert.equal(zoomed({zoom: 2}, -1, {minZoom: 2}).zoom, 2);
});

// The small map's side of its message (src/small_message.json): the script reads only the
// fields the message defines, all of them, and sends back only its triggers.
const SMALL_SOURCES = ['small_map.js', 'small_loader.js', 'small_layers.js']
  .map((name) => readFileSync(new URL(`../src/${name}`, import.meta.url), 'utf8'))
  .join('\n')
  .replace(/^\s*\/\/.*$/gm, '');
// The basemap's switch is the Map's (basemap.js): the fields it reads of a small map's data.
const BASEMAP_FIELDS = ['tiles', 'tilesHiDpi', 'attribution', 'tilesShown'];

test("the small map reads exactly its message's fields", () => {
  const read = new Set(BASEMAP_FIELDS);
  for (const [, field] of SMALL_SOURCES.matchAll(/(?<![\w$])data\.([A-Za-z_$][\w$]*)/g)) read.add(field);
  for (const [, members] of SMALL_SOURCES.matchAll(/\{([\w\s,]+)\}\s*=\s*data\b/g)) {
    for (const member of members.split(',')) read.add(member.trim());
  }
  assert.deepEqual([...read].sort(), Object.keys(message.properties).sort());
  assert.deepEqual([...message.required].sort(), Object.keys(message.properties).sort());
  assert.deepEqual(Object.keys(LAYER_CLASSES).sort(), [...message.properties.layers.items.properties.kind.enum].sort());
});

test('the small map sends back only the triggers its message defines', () => {
  const sent = new Set([...SMALL_SOURCES.matchAll(/setTriggerValue\('(\w+)'/g)].map(([, name]) => name));
  assert.deepEqual([...sent].sort(), Object.keys(message.$defs.triggers.properties).sort());
});
