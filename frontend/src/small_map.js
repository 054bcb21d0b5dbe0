// The small maps and the network graph of the other pages (components/small_map.py), drawn
// by the same script as the Map (map_element.js exports `renderSmall` from here), so a tab
// loads one deck.gl build whatever pages it visits: Streamlit's st.pydeck_chart brought its
// own, and two builds in one tab broke whichever came second ("deck.gl - multiple versions
// detected"; docs/architecture.md, "One deck.gl in the browser").
//
// The page describes the map in Python (mapspec/small_map.py); small_layers.js turns each
// layer into deck.gl props. A map of places fits its `bounds`; a graph (OrthographicView)
// starts at its `target` and `zoom`. Hover says a row's `tip`; a click on a row with a
// `pick` sends it to the page as the `pick` trigger. The wheel scrolls the page, not the
// map (small_layers.js, CONTROLLER): buttons zoom it.
import {MapView, OrthographicView, WebMercatorViewport} from '@deck.gl/core';
import {LineLayer, PathLayer, PolygonLayer, ScatterplotLayer, TextLayer} from '@deck.gl/layers';

import {addBasemapSwitch, showBasemap, tileLayers, tilesShown} from './basemap.js';
import {CONTROLLER, LAYER_CLASSES, ZOOM_STEP, layerProps, pickOf, shownLayers, tipOf, zoomed} from './small_layers.js';
import {deckIn, letGo} from './decks.js';
import {planSpareDeck} from './spare.js';
import {addButton} from './toolbar.js';
import {showTooltip} from './tooltip.js';

const CLASSES = {ScatterplotLayer, PolygonLayer, PathLayer, LineLayer, TextLayer};
const FIT_PADDING_PX = 24;

const maps = new WeakMap();

// One row of every kind of layer a small map or graph draws, for the spare deck to compile
// (spare.js) once a tour runs in the tab.
const ONE_ROW = {
  points: {p: [0, 0]},
  polygons: {polygon: [[0, 0], [1, 0], [1, 1], [0, 0]]},
  paths: {path: [[0, 0], [1, 1]]},
  lines: {from: [0, 0], to: [1, 1]},
  text: {t: 'A', p: [0, 0]},
};
planSpareDeck(() =>
  Object.entries(ONE_ROW).map(
    ([kind, row]) => new CLASSES[LAYER_CLASSES[kind]](layerProps({kind, id: `spare-${kind}`, rows: [row], line: [0, 0, 0, 255], color: [0, 0, 0, 255]})),
  ),
);

export function renderSmall({parentElement, data, setTriggerValue}) {
  let map = maps.get(parentElement);
  if (map === undefined) {
    map = mount(parentElement, data);
    maps.set(parentElement, map);
  }
  map.setTriggerValue = setTriggerValue;
  update(map, data);
  return () => {
    letGo(map.deck);
    maps.delete(parentElement);
  };
}

function mount(parentElement, data) {
  const container = document.createElement('div');
  container.dataset.deedscope = 'small-map';
  container.setAttribute('role', 'region');
  container.setAttribute('aria-label', data.label || 'Map');
  container.style.cssText = 'position:relative;width:100%;border-radius:8px;overflow:hidden;border:1px solid rgba(29,42,47,.15)';
  parentElement.appendChild(container);
  const attribution = box(container, 'right:0;bottom:0;padding:0 4px;font:11px sans-serif;background:rgba(255,255,255,.7);z-index:1');
  const tooltip = box(
    container,
    'display:none;pointer-events:none;z-index:3;white-space:pre;padding:6px 10px;' +
      'font:13px/1.45 "Source Sans", sans-serif;color:#fff;background:rgba(29,42,47,.92);border-radius:6px',
  );
  tooltip.setAttribute('role', 'tooltip');
  const map = {container, attribution, tooltip, data, viewKey: null, viewState: null, home: null};
  // A deck an element of an earlier page drew in, or a new one (decks.js).
  map.deck = deckIn(container, {
    views: data.graph ? new OrthographicView({flipY: true}) : new MapView({repeat: false}),
    controller: CONTROLLER,
    initialViewState: {latitude: 0, longitude: 0, zoom: 1, target: [0, 0, 0]},
    layers: [],
    onViewStateChange: ({viewState}) => {
      map.viewState = viewState;
      tooltip.style.display = 'none';
    },
    onHover: (info) => showRowTooltip(map, info),
    getCursor: ({isDragging, isHovering}) => (isDragging ? 'grabbing' : isHovering ? 'pointer' : 'grab'),
    onClick: (info) => {
      const picked = pickOf(info && info.object);
      if (picked !== undefined) map.setTriggerValue('pick', picked);
    },
    onAfterRender: () => {
      if (map.drawn && container.dataset.painted !== 'true') container.dataset.painted = 'true';
    },
  }, {kind: 'small'});
  // The tiles' switch, as on the Map (basemap.js); a graph is offered none.
  addBasemapSwitch(map, () => draw(map));
  addButton(container, {name: 'Zoom in', text: '+', onClick: () => zoomBy(map, ZOOM_STEP)});
  addButton(container, {name: 'Zoom out', text: '−', onClick: () => zoomBy(map, -ZOOM_STEP)});
  addButton(container, {name: 'Back to the whole view', text: '⟲', onClick: () => goTo(map, map.home)});
  return map;
}

function box(container, style) {
  const element = document.createElement('div');
  element.style.cssText = `position:absolute;${style}`;
  container.appendChild(element);
  return element;
}

function update(map, data) {
  map.data = data;
  map.container.style.height = `${data.height}px`;
  const viewKey = JSON.stringify(data.view);
  if (viewKey !== map.viewKey) {
    map.viewKey = viewKey;
    map.home = camera(map, data);
    goTo(map, map.home);
  }
  showBasemap(map, data);
  draw(map);
}

// The camera that shows the message's view: its bounds fitted to this canvas, or a graph's centre.
function camera(map, data) {
  const {view} = data;
  if (data.graph) return {target: [...view.target, 0], zoom: view.zoom};
  const width = map.container.clientWidth || 480;
  const [west, south, east, north] = view.bounds;
  const padding = Math.min(FIT_PADDING_PX, width / 8, data.height / 8);
  const fit = new WebMercatorViewport({width, height: data.height}).fitBounds([[west, south], [east, north]], {padding});
  return {latitude: fit.latitude, longitude: fit.longitude, zoom: fit.zoom, pitch: 0, bearing: 0};
}

function goTo(map, viewState) {
  map.viewState = viewState;
  // A new object: deck.gl takes a changed initialViewState as a move there.
  map.deck.setProps({initialViewState: {...viewState}});
}

function zoomBy(map, step) {
  if (map.viewState) goTo(map, zoomed(map.viewState, step));
}

function draw(map) {
  const layers = [...tileLayers(map, map.data)];
  for (const layer of shownLayers(map.data.layers, tilesShown(map))) {
    layers.push(new CLASSES[LAYER_CLASSES[layer.kind]](layerProps(layer)));
  }
  map.drawn = true;
  map.deck.setProps({layers});
}

// The row's words beside the pointer (tooltip.js).
function showRowTooltip(map, info) {
  showTooltip(map.tooltip, map.container, info, tipOf(info && info.object));
}
