// Draw an area on the map (issue 18, "Draw to filter"): a "Draw an area" button, then each
// click on the map adds a corner; a click on the first corner or a double click closes the
// area, Esc cancels, "Clear area" removes it. The map can still be dragged while drawing.
// A closed area is counted at once from the cells drawn (area.js: cells whose centre lies
// in it) and sent to the page as the `area` state, which reads its figures and its deals
// (pages/map_sections/area.py); the page sends it back as `area` to draw (a link's, too).
// Corners that make no area (too few, edges crossing) are said on the map, and nothing is sent.
import {PathLayer, ScatterplotLayer, SolidPolygonLayer} from '@deck.gl/layers';

import {CROSSING, MAX_CORNERS, TOO_MANY, addCorner, closeProblem, countInside, nearFirst} from './area.js';
import {addButton, setPressed} from './toolbar.js';

// Violet: apart from the cells' yellows and reds and the selected cell's blue.
const AREA_LINE = [130, 40, 170, 255];
const AREA_FILL = [130, 40, 170, 45];
const CLOSE_PX = 10;
const DRAG_PX = 5;
const HELP = 'Click the map to add corners; click the first corner or double-click to close the area. Esc cancels.';
// What the map says of the area (its count, or why it was not kept): top left, the
// toolbar being top right.
const STATUS_STYLE =
  'position:absolute;left:8px;top:8px;z-index:2;max-width:55%;display:none;padding:5px 10px;' +
  'font:14px "Source Sans", sans-serif;background:rgba(255,255,255,.92);border-radius:6px;box-shadow:0 1px 2px rgba(0,0,0,.12)';

// `redraw` sets the map's layers again (this module's among them). Returns the hooks the
// map calls: click (true when deck.gl's click is the drawing's, not a cell's pick), hover,
// show (the page's area), layers, drawing. Its listeners end with `map.listening`.
export function mountDraw(map, redraw) {
  const state = {drawing: false, corners: [], pointer: null, area: null, pageKey: undefined, counted: null};
  const {signal} = map.listening;
  const status = document.createElement('div');
  status.style.cssText = STATUS_STYLE;
  status.setAttribute('role', 'status');
  status.dataset.deedscope = 'area-status';
  map.container.appendChild(status);

  const say = (text, warning = false) => {
    status.textContent = text;
    status.style.color = warning ? '#7d1a1a' : '#1d2a2f';
    status.style.display = text ? 'block' : 'none';
  };
  const send = (corners) => map.setStateValue('area', {corners, at: Date.now()});
  const setDrawing = (drawing) => {
    state.drawing = drawing;
    state.corners = [];
    state.pointer = null;
    setPressed(drawButton, drawing);
    // Two quick clicks close the area rather than zoom in.
    map.deck.setProps({controller: drawing ? {doubleClickZoom: false} : true});
  };
  const showClear = () => {
    clearButton.style.display = state.area || state.drawing ? 'inline-block' : 'none';
  };
  // Drawn again, the area counted again with the layers (unless a warning is to stay).
  const refresh = (recount = true) => {
    if (recount) state.counted = null;
    showClear();
    redraw();
  };

  const drawButton = addButton(map.container, {
    name: 'Draw an area',
    onClick: () => {
      setDrawing(true);
      say(HELP);
      refresh();
    },
  });
  const clearButton = addButton(map.container, {
    name: 'Clear area',
    onClick: () => {
      const had = state.area !== null;
      setDrawing(false);
      state.area = null;
      say('');
      if (had) send(null);
      refresh();
    },
  });
  clearButton.style.display = 'none';
  const onKey = (event) => {
    if (event.key !== 'Escape' || !state.drawing) return;
    setDrawing(false);
    say('');
    refresh();
  };
  window.addEventListener('keydown', onKey, {signal});

  const close = () => {
    const problem = closeProblem(state.corners);
    if (problem) {
      say(problem, true);
      // Crossing edges: started again; too few corners: the person may add more. The
      // warning stays until the next step (the area's count does not replace it).
      if (problem === CROSSING) setDrawing(false);
      state.counted = {cells: map.cells};
      refresh(false);
      return;
    }
    state.area = state.corners;
    setDrawing(false);
    send(state.area);
    refresh();
  };

  // Corners come from the page's own click events on the canvas, not deck.gl's: deck.gl
  // picks a cell on every press before it tells a click, and a press it takes longer than
  // 250 ms over (a software renderer, a busy machine) is no click to it, where a person
  // did click. A press and release more than a few pixels apart is a drag: the map pans.
  const onPress = (event) => {
    state.press = {x: event.clientX, y: event.clientY};
  };
  const onRelease = (event) => {
    state.lastUp = event.timeStamp;
  };
  const onClick = (event) => {
    if (!state.drawing || event.target.tagName !== 'CANVAS' || !state.press) return;
    if (Math.hypot(event.clientX - state.press.x, event.clientY - state.press.y) > DRAG_PX) return;
    state.handledUp = state.lastUp;
    const rect = event.target.getBoundingClientRect();
    const pixel = [event.clientX - rect.left, event.clientY - rect.top];
    const viewport = map.deck.getViewports()[0];
    if (!viewport) return;
    // The second click of a double click closes the area (its first added the last corner).
    if (event.detail >= 2 && state.corners.length) {
      close();
      return;
    }
    if (state.corners.length > 0 && nearFirst(viewport.project(state.corners[0]), pixel, CLOSE_PX)) {
      close();
      return;
    }
    if (state.corners.length >= MAX_CORNERS) {
      say(TOO_MANY, true);
      return;
    }
    state.corners = addCorner(state.corners, viewport.unproject(pixel));
    say(HELP);
    refresh();
  };
  map.container.addEventListener('pointerdown', onPress, {capture: true, signal});
  map.container.addEventListener('pointerup', onRelease, {capture: true, signal});
  map.container.addEventListener('click', onClick, {signal});

  // deck.gl's click (which picks a cell) while drawing, or for a click the drawing took
  // (deck.gl tells it up to 300 ms later, once it has ruled out a double click; today it
  // drops that click when the controller changes at the close, this guards the day it
  // does not): taken, so no cell is picked.
  const click = (info, event) => {
    if (state.drawing) return true;
    const up = event && event.srcEvent ? event.srcEvent.timeStamp : undefined;
    return up !== undefined && state.handledUp !== undefined && up <= state.handledUp;
  };

  // The edge from the last corner follows the pointer, drawn once a frame at most.
  const hover = (info) => {
    if (!state.drawing || !state.corners.length || !info || !info.coordinate) return;
    state.pointer = info.coordinate;
    if (state.frame) return;
    state.frame = requestAnimationFrame(() => {
      state.frame = null;
      redraw();
    });
  };

  // The page's area (null: none); a new one from the page (a link's, or one it cleared)
  // replaces what is drawn, the same one again (any other rerun) leaves it.
  const show = (pageArea) => {
    const key = JSON.stringify(pageArea || null);
    if (key === state.pageKey) return;
    state.pageKey = key;
    state.area = pageArea && pageArea.length ? pageArea : null;
    if (!state.drawing) say('');
    state.counted = null;
    showClear();
  };

  // The area's cells and deals from the rows drawn, said on the map (and kept on the
  // container for tests); counted again whenever the layers are made with other rows.
  const count = () => {
    if (!state.area || state.drawing || !map.data) return;
    if (state.counted && state.counted.cells === map.cells) return;
    const {cells, deals} = countInside(map.cells, map.data.form, map.data.countAt, state.area);
    state.counted = {cells: map.cells};
    map.container.dataset.areaCells = String(cells);
    map.container.dataset.areaDeals = String(deals);
    const noun = (n, one, many) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
    say(
      cells
        ? `In the area: ${noun(cells, 'cell', 'cells')} · ${noun(deals, 'deal', 'deals')} (cells whose centre is inside)`
        : 'No cell drawn has its centre in this area: draw it around the cells to count.',
    );
  };

  const layers = () => {
    count();
    const drawn = [];
    if (state.area) {
      drawn.push(
        new SolidPolygonLayer({id: 'area-fill', data: [state.area], getPolygon: (ring) => ring, getFillColor: AREA_FILL, pickable: false}),
        new PathLayer({id: 'area-edge', data: [[...state.area, state.area[0]]], getPath: (path) => path, getColor: AREA_LINE, getWidth: 2, widthUnits: 'pixels', pickable: false}),
      );
    }
    if (state.drawing && state.corners.length) {
      const path = state.pointer ? [...state.corners, state.pointer] : state.corners;
      drawn.push(
        new PathLayer({id: 'drawing-edge', data: [path], getPath: (points) => points, getColor: AREA_LINE, getWidth: 2, widthUnits: 'pixels', pickable: false}),
        new ScatterplotLayer({
          id: 'drawing-corners',
          data: state.corners.map((corner, index) => ({corner, first: index === 0})),
          getPosition: (item) => item.corner,
          getRadius: (item) => (item.first ? CLOSE_PX / 2 + 2 : 4),
          radiusUnits: 'pixels',
          getFillColor: (item) => (item.first ? [255, 255, 255, 255] : AREA_LINE),
          getLineColor: AREA_LINE,
          stroked: true,
          lineWidthUnits: 'pixels',
          getLineWidth: 2,
          pickable: false,
          updateTriggers: {getRadius: state.corners.length, getFillColor: state.corners.length},
        }),
      );
    }
    return drawn;
  };

  return {
    click,
    hover,
    show,
    layers,
    drawing: () => state.drawing,
  };
}
