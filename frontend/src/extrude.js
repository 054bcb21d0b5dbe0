// 3D (issue 18: optional extrusion by deals): a button on the map raises each cell by its
// deal count and tilts the view; pressed again, the cells lie flat and the view looks
// straight down. The heights are binary attributes, a value per vertex as the colours are
// (cells.js), so no accessor runs per cell; the tallest cell rises to a share of the map's
// height at the zoom its cells were drawn for (`elevationScale`, tested with node).
import {binaryRings} from './cells.js';
import {addButton, setPressed} from './toolbar.js';

export const PITCH = 45;
// The tallest cell, as a share of the map's height when seen from straight above.
export const TALLEST_SHARE = 0.3;
const EARTH_CIRCUMFERENCE_M = 40_075_016.686;
const TILT_MS = 400;

// Metres a pixel spans at this zoom and latitude (deck.gl's zoom counts 512-px tiles).
export function metresPerPixel(zoom, latitude) {
  return (EARTH_CIRCUMFERENCE_M * Math.cos((latitude * Math.PI) / 180)) / (512 * 2 ** zoom);
}

// Metres per deal, so that the cell of `most` deals rises to TALLEST_SHARE of `heightPx`.
export function elevationScale({most, zoom, latitude, heightPx}) {
  if (!(most > 0)) return 0;
  return (TALLEST_SHARE * heightPx * metresPerPixel(zoom, latitude)) / most;
}

// Each vertex's value at `at` in its cell's row (0 for none): binary polygons take
// attributes per vertex.
export function vertexValues(rows, at, starts) {
  const values = new Float32Array(starts[rows.length]);
  for (let i = 0; i < rows.length; i += 1) values.fill(Number(rows[i][at]) || 0, starts[i], starts[i + 1]);
  return values;
}

export function pitchOf(map) {
  return map.extruded ? PITCH : 0;
}

// The switch; `redraw` draws the map's layers again.
export function addExtrusionSwitch(map, redraw) {
  map.extruded = false;
  const button = addButton(map.container, {
    name: '3D by deals',
    text: '3D',
    onClick: () => {
      map.extruded = !map.extruded;
      setPressed(button, map.extruded);
      redraw();
      tilt(map);
    },
  });
  setPressed(button, false);
}

// The same place and zoom, tilted for 3D or looking straight down.
function tilt(map) {
  const viewport = map.deck.getViewports()[0];
  if (!viewport) return;
  const {latitude, longitude, zoom} = viewport;
  const bearing = map.extruded ? viewport.bearing : 0;
  map.deck.setProps({initialViewState: {latitude, longitude, zoom, bearing, pitch: pitchOf(map), transitionDuration: TILT_MS}});
}

// A cell layer's data and props: its flat rings, or, in 3D, closed rings (a side wall
// closes each) with a height per vertex, built once per rows and kept with them.
export function extrusion(map, rows, built, data) {
  if (!map.extruded) return {data: built.binary, extruded: false};
  if (!built.raised) {
    const rings = binaryRings(rows, data, true);
    const heights = {value: vertexValues(rows, data.countAt, rings.startIndices), size: 1};
    built.raised = {...rings, attributes: {...rings.attributes, getElevation: heights}};
  }
  return {data: built.raised, extruded: true, wireframe: false, elevationScale: scaleOf(map, data)};
}

// One scale for every cell layer of the map's cells, at the view they were drawn for.
function scaleOf(map, data) {
  if (map.elevation && map.elevation.cells === map.cells) return map.elevation.scale;
  const viewport = map.deck.getViewports()[0];
  let most = 0;
  for (const layer of map.cells) for (const row of layer.rows) most = Math.max(most, Number(row[data.countAt]) || 0);
  const scale = viewport
    ? elevationScale({most, zoom: viewport.zoom, latitude: viewport.latitude, heightPx: map.container.clientHeight})
    : 0;
  map.elevation = {cells: map.cells, scale};
  return scale;
}
