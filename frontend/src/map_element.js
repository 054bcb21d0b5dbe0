// deedscope's map: H3 cells of deals drawn by deck.gl, mounted by a Streamlit component
// (components/map_element.py). The page sends what to draw (`data`, below); a click on a
// cell sends the cell's row back as the component's `pick` state, an area drawn (draw.js)
// its corners as `area`.
//
// Why not st.pydeck_chart: its script is 3 MB (deck.gl whole, maplibre, loaders) and it
// reads every layer through deck.gl's JSON converter, evaluating an expression per cell.
// This bundle is deck.gl's core and the few layers drawn here, and the hexagons' corners
// are computed in one loop into the typed arrays deck.gl draws from (docs/architecture.md,
// "The map's drawing").
//
// What the page sends (`data`) and what the script sends back (the `pick` and `view`
// state) are defined once, in message.json: a JSON schema that esbuild bundles here and
// that mapspec (Python) reads. frontend/test/message.test.js checks that the script reads
// exactly its fields; tests/mapspec/test_message.py that the page writes them.
import {MapView} from '@deck.gl/core';
import {PathLayer, SolidPolygonLayer} from '@deck.gl/layers';

import {addBasemapSwitch, labelLayers, showBasemap, tileLayers} from './basemap.js';
import {CENTRE_FORM, binaryRings, tooltipText} from './cells.js';
import {fitted, reportWhenSettled, viewKeyOf} from './camera.js';
import {deckIn, letGo} from './decks.js';
import {earlyHost, keepEarly, remember, takeEarly} from './early.js';
import {firstVisit} from './first_visit.js';
import {addExtrusionSwitch, extrusion, pitchOf} from './extrude.js';
import {showLegend} from './legend.js';
import {addFullScreen, fitHeight, startHeight} from './size.js';
import {mountDraw} from './draw.js';
import {addDownload} from './snapshot.js';
import {TimePlayer} from './time.js';
import {showTooltip} from './tooltip.js';
import message from './message.json' with {type: 'json'};

// The other pages' small maps and the network graph: drawn by this same script, so the
// tab loads one deck.gl (small_map.js says why).
export {renderSmall} from './small_map.js';
// A later visit's map before Streamlit mounts the element (early.js; the page's head asks).
export {recall} from './early.js';

// A new browser's map of a shared link, from the server's first paint of it (first_visit.js).
export function paintFirstVisit(answer, rows) {
  return paintEarly(firstVisit(answer, rows), rows);
}

const FRAME_COLOR = [15, 110, 110, 200];
// Blue: apart from the cells' yellows and reds and from the names' near-black.
const SELECTED_COLOR = [20, 90, 220, 255];
const SELECTED_PX = 3;
const FLAGGED_LINE_COLOR = [60, 60, 60, 230];

const maps = new WeakMap();
// Once an element has mounted, a map drawn early would only stand over it.
let elementMounted = false;

// Steps to the first hexagons, as User Timing marks (bench/map_paint.py reads them).
function mark(step) {
  if (performance.getEntriesByName(`deedscope:${step}`).length === 0) performance.mark(`deedscope:${step}`);
}

export function render({parentElement, data, rows, setStateValue, painted = () => {}}) {
  let map = maps.get(parentElement);
  elementMounted = true;
  if (map === undefined) {
    mark('script-loaded');
    // The map drawn early from the browser's memory of this link (early.js), or a new one.
    map = takeEarly(parentElement);
    if (map === null) {
      map = mount(parentElement, setStateValue);
    } else {
      map.early = false;
      if (map.observeAncestors) map.observeAncestors();
      // Its cells are on the screen: the page need not wait for another frame to come whole.
      if (map.framed) painted();
    }
    mark('deck-created');
    maps.set(parentElement, map);
  }
  map.setStateValue = setStateValue;
  map.painted = painted;
  update(map, data, rows);
  return () => {
    map.generation = (map.generation || 0) + 1; // rows still on their way are not drawn
    map.listening.abort();
    letGo(map.deck);
    maps.delete(parentElement);
  };
}

// A later visit's map, drawn from what the browser remembers of this link (early.js) in a
// box of its own until the page's element takes it; or a new browser's (`entry` then comes
// later: first_visit.js). `rows`: its rows by URL, which the page's head started fetching
// (web/early_map.py). Rows that cannot be fetched (the server has other data now) let it go
// without a word: the element draws as on a first visit.
export async function paintEarly(entry, rows) {
  const {data, box, version} = (await entry) || {};
  if (!data || !Array.isArray(data.cells) || elementMounted) return;
  mark('early');
  const host = earlyHost(box);
  const map = mount(host, () => {});
  // The dataset version a new browser's map was read at (tests read it).
  if (version) map.container.dataset.datasetVersion = String(version);
  map.painted = () => {
    map.framed = true;
  };
  map.early = true;
  map.container.dataset.deedscope = 'map-early';
  map.letGo = keepEarly(map, host, () => {
    map.listening.abort();
    letGo(map.deck);
  });
  update(map, data, rows);
}

function mount(parentElement, setStateValue) {
  const container = document.createElement('div');
  container.dataset.deedscope = 'map';
  container.setAttribute('role', 'region');
  container.setAttribute('aria-label', 'Map of deals by H3 cell: hover a cell for its figures, click it to open its panel');
  Object.assign(container.style, {position: 'relative', width: '100%'});
  startHeight(container); // the last map's height: its canvas is not sized twice (size.js)
  parentElement.appendChild(container);
  const problem = overlay(
    container,
    'alert',
    'left:8px;top:44px;right:8px;padding:8px 12px;font:14px sans-serif;color:#7d1a1a;' +
      'background:rgba(255,236,236,.95);border-radius:6px;z-index:2;display:none',
  );
  const attribution = overlay(container, null, 'right:0;bottom:0;padding:0 4px;font:11px sans-serif;background:rgba(255,255,255,.7);z-index:1');
  const tooltip = overlay(
    container,
    'tooltip',
    'display:none;pointer-events:none;z-index:3;white-space:pre;padding:6px 10px;' +
      'font:13px/1.45 "Source Sans", sans-serif;color:#fff;background:rgba(29,42,47,.92);border-radius:6px',
  );
  const map = {container, attribution, problem, tooltip, setStateValue, built: new WeakMap(), viewKey: null, cells: []};
  map.listening = new AbortController();
  // A deck an element of an earlier page drew in, or a new one (decks.js).
  map.deck = deckIn(container, {
    views: new MapView({repeat: false}),
    controller: true,
    initialViewState: {latitude: 0, longitude: 0, zoom: 1},
    layers: [],
    onHover: (info) => {
      map.draw.hover(info);
      showCellTooltip(map, info);
    },
    // A hand over a cell says it can be clicked; a cross, that a click adds an area's corner.
    getCursor: ({isDragging, isHovering}) =>
      isDragging ? 'grabbing' : map.draw.drawing() ? 'crosshair' : isHovering ? 'pointer' : 'grab',
    // While an area is drawn (draw.js), a click adds its corner rather than picks a cell.
    onClick: (info, event) => map.draw.click(info, event) || pick(map, info),
    onViewStateChange: ({viewState, interactionState}) => {
      // The selected cell's frame is a few pixels wide at every zoom: redrawn as it changes.
      if (map.data && map.data.selected && Math.abs(viewState.zoom - map.zoom) > 0.05) {
        map.zoom = viewState.zoom;
        map.deck.setProps({layers: layers(map, map.data, map.labelsDrawn)});
      }
      if (interactionState && Object.values(interactionState).some(Boolean)) {
        // The cell under a tooltip moves away with the map (or out of it): said again on the next hover.
        map.tooltip.style.display = 'none';
        reportWhenSettled(map);
      }
    },
  }, {kind: 'map'});
  // The map's parts, each its own module; `redraw` draws its layers again.
  const redraw = () => map.data && map.deck.setProps({layers: layers(map, map.data, map.labelsDrawn)});
  addDownload(map);
  // A larger or smaller canvas shows another box: reported as a move would be.
  addFullScreen(map, () => {
    map.viewKey = null;
    reportWhenSettled(map);
  });
  addBasemapSwitch(map, redraw);
  addExtrusionSwitch(map, redraw);
  map.draw = mountDraw(map, redraw);
  // A frame of the time chosen in the browser (time.js): its cells drawn, without a rerun.
  map.player = new TimePlayer(container, () => {
    showCells(map);
    map.tooltip.style.display = 'none';
    redraw();
  });
  return map;
}

// A box over the map (a message, the tiles' credit, the tooltip).
function overlay(container, role, style) {
  const box = document.createElement('div');
  if (role) box.setAttribute('role', role);
  box.style.cssText = `position:absolute;${style}`;
  container.appendChild(box);
  return box;
}

// A page and a script out of step (a script cached from before a change of the message)
// would draw wrongly without a word: said in the console, once per kind of difference.
const told = new Set();
function checkMessage(data) {
  const missing = message.required.filter((name) => !(name in data));
  const unknown = Object.keys(data).filter((name) => !(name in message.properties));
  const problem = [missing.length ? `missing ${missing.join(', ')}` : '', unknown.length ? `unknown ${unknown.join(', ')}` : '']
    .filter(Boolean)
    .join('; ');
  if (problem && !told.has(problem)) {
    told.add(problem);
    console.error(`deedscope map: the page's message does not match the script's (message.json): ${problem}`);
  }
}

function update(map, data, rows) {
  checkMessage(data);
  // Fitted once, then when the window, full screen or what stands above the map changes
  // (size.js): a rerun's message arrives while Streamlit may still draw a widget's
  // placeholder above the map, of another height, and a fit then would not last.
  const height = map.least === data.height ? map.container.clientHeight : fitHeight(map, data.height);
  const viewKey = viewKeyOf(data.view);
  if (viewKey !== map.viewKey) {
    // A new place or view from the page: go there. The same view again (any other rerun)
    // leaves where the person has panned and zoomed to.
    map.viewKey = viewKey;
    const camera = fitted(map, data.view, height);
    map.zoom = camera.zoom;
    map.deck.setProps({initialViewState: {...camera, pitch: pitchOf(map), bearing: 0}});
  }
  map.data = data;
  showBasemap(map, data);
  map.draw.show(data.area);
  const generation = (map.generation || 0) + 1;
  map.generation = generation;
  // The rows of each layer: fetched by the loader (loader.js) when given as a URL.
  // The months' entries (time.js) come last, fetched the same way.
  const wanted = [...data.cells.map((layer) => layer.rows), data.time && data.time.rows];
  Promise.all(wanted.map((source) => (typeof source === 'string' ? rows.get(source) : source))).then(
    (loaded) => {
      const rowsByLayer = loaded.slice(0, data.cells.length);
      if (map.generation !== generation) return; // a newer update is on its way
      mark('rows-loaded');
      map.problem.style.display = 'none';
      // New cells: a tooltip of the old ones would stay over what is now drawn (or over nothing).
      map.tooltip.style.display = 'none';
      map.cells = data.cells.map((layer, index) => ({...layer, rows: rowsByLayer[index]}));
      map.player.set(data.time, loaded[data.cells.length], map.cells, data.countAt);
      showCells(map);
      if (map.labelsDrawn) {
        map.deck.setProps({layers: layers(map, data, true)});
        drawn(map);
        return;
      }
      // The first time, the names and the markets' frames come a frame after the cells: a
      // software renderer (SwiftShader, on a machine without a GPU) spends about half a
      // second on the first draw of text, and tens of ms on each other layer's first draw,
      // and the cells would wait for them.
      const first = layers(map, data, false);
      mark('layers-made');
      map.deck.setProps({
        layers: first,
        onAfterRender: () => {
          map.deck.setProps({onAfterRender: () => {}});
          drawn(map);
          // Not on an early map (early.js): its first text would hold up the page's start.
          if (map.early) return;
          setTimeout(() => {
            map.labelsDrawn = true;
            if (map.generation === generation) map.deck.setProps({layers: layers(map, data, true)});
          }, 0);
        },
      });
    },
    (error) => {
      if (map.generation !== generation) return;
      if (map.early) {
        map.letGo();
        return;
      }
      // Said on the map, which keeps what it drew; the next rerun fetches again.
      map.problem.textContent = 'The cells could not be loaded: change a filter or reload the page to try again.';
      map.problem.style.display = 'block';
      map.painted();
      console.error('deedscope map: the cells could not be loaded', error);
    },
  );
}

// The cells are drawn: the page hears it, and the browser remembers the map for the next
// visit to this link (early.js) once the page is idle.
function drawn(map) {
  map.painted();
  // How many times it drew a message: bench/demo_tour.py waits for a step's own draw.
  map.container.dataset.draws = String(Number(map.container.dataset.draws || 0) + 1);
  if (!map.early) setTimeout(() => remember(map), 0);
}

// The legend of the cells drawn, and how many they are (tests wait for it to match the
// page's legend, or a frame): the page's, or the frame's of the time (time.js).
function showCells(map) {
  showLegend(map, map.player.legend(map.data.legend));
  map.player.stackAbove(map.legendBox);
  map.container.dataset.cells = String(map.player.cells(map.cells).reduce((total, layer) => total + layer.rows.length, 0));
}

function layers(map, data, withLabels) {
  const drawn = [];
  drawn.push(...tileLayers(map, data));
  const look = map.player.look(data);
  for (const layer of map.player.cells(map.cells)) drawn.push(...cellLayers(map, layer, look));
  const outlined = withLabels && data.outlines && data.outlines.length; // with the names: see update()
  if (outlined) drawn.push(frameLayer('market-outlines', data.outlines, FRAME_COLOR));
  if (data.selected) drawn.push(frameLayer('selected-cell', [selectedFrame(data.selected, map.zoom)], SELECTED_COLOR));
  drawn.push(...labelLayers(map, data, withLabels));
  drawn.push(...map.draw.layers());
  return drawn;
}

// The hexagons as flat rings in one typed array (deck.gl's binary polygons): no accessor
// is called per cell, and the rings need no normalising. A filled ring is left open; an
// outlined one is closed, or its outline misses the last edge. Built once per rows and
// kept while they are drawn, so deck.gl finds the same data and uploads nothing again.
function cellLayers(map, layer, data) {
  const {rows, flagged} = layer;
  const key = JSON.stringify([data.form, data.shape, data.colors, data.countAt, flagged]);
  let built = map.built.get(rows);
  if (built === undefined || built.key !== key) {
    built = {key, binary: binaryRings(rows, data, flagged)};
    map.built.set(rows, built);
  }
  // Centres are degrees from the view's origin: deck.gl keeps them as 32-bit floats, where
  // absolute degrees take its 64-bit emulation (twice the vertex data, a longer shader
  // for a software renderer).
  const placement =
    data.form === CENTRE_FORM ? {coordinateSystem: 'lnglat-offsets', coordinateOrigin: [...data.shape.origin, 0]} : {};
  const fill = new SolidPolygonLayer({
    id: layer.id,
    ...extrusion(map, rows, built, data),
    positionFormat: 'XY',
    _normalize: false,
    filled: true,
    pickable: true,
    ...placement,
  });
  if (!flagged) return [fill];
  // Cells of a market whose coverage is stale or partial: a dark outline marks them, drawn
  // from the same closed rings (PolygonLayer takes no binary rings for its outlines).
  const outline = new PathLayer({
    id: `${layer.id}-outline`,
    data: {length: built.binary.length, startIndices: built.binary.startIndices, attributes: {getPath: built.binary.attributes.getPolygon}},
    positionFormat: 'XY',
    _pathType: 'open',
    getColor: FLAGGED_LINE_COLOR,
    getWidth: 2,
    widthUnits: 'pixels',
    pickable: false,
    ...placement,
  });
  return [fill, outline];
}

// A frame is a polygon with a hole, drawn by the same layer as the cells: a software
// renderer spends about a second on a PathLayer's first frame (bench/map_paint.py).
function frameLayer(id, polygons, color) {
  return new SolidPolygonLayer({
    id,
    data: polygons,
    getPolygon: (polygon) => polygon,
    getFillColor: color,
    filled: true,
    extruded: false,
    pickable: false,
  });
}

// The selected cell framed from outside (its colour stays in view), SELECTED_PX wide at
// this zoom: the cell's ring, and the same ring pushed out from its centre.
function selectedFrame({centre, ring}, zoom) {
  // deck.gl's zoom counts 512-px tiles.
  const degreesPerPixel = 360 / (512 * 2 ** zoom);
  const radius = Math.max(...ring.map(([lng, lat]) => Math.hypot(lng - centre[0], lat - centre[1])));
  const grow = 1 + (SELECTED_PX * degreesPerPixel) / Math.max(radius, 1e-12);
  const outer = ring.map(([lng, lat]) => [centre[0] + (lng - centre[0]) * grow, centre[1] + (lat - centre[1]) * grow]);
  return [outer, ring];
}

function cellRow(map, info) {
  if (!info || !info.layer || info.index < 0) return null;
  // By exact id: "cells-flagged" must not be taken for "cells".
  const layer = map.player.cells(map.cells).find((item) => item.id === info.layer.id);
  return layer ? layer.rows[info.index] : null;
}

// The cell's figures beside the pointer (tooltip.js).
function showCellTooltip(map, info) {
  const row = cellRow(map, info);
  showTooltip(map.tooltip, map.container, info, row && tooltipText(map.player.tooltip(map.data.tooltip), row));
}

function pick(map, info) {
  // A cell clicked: its row, as the page sent it. Elsewhere on the map: nothing picked.
  map.setStateValue('pick', cellRow(map, info));
}
