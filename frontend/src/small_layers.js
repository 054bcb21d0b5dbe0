// A small map's or graph's layers (small_map.js draws them): what the page describes in
// Python (mapspec/small_map.py) turned into the props of deck.gl layers, without deck.gl
// itself, so node tests it (frontend/test/small_layers.test.js).
//
// A layer of the message is {kind, id, rows, ...its look}; a row carries its position and,
// when it has them, `tip` (said on hover) and `pick` (sent to the page on a click).
// Kinds: points (ScatterplotLayer), polygons (PolygonLayer: boxes, hexagons), paths
// (PathLayer: the states' borders), lines (LineLayer: a graph's ties), text (TextLayer:
// names). `underTiles: false` hides a layer while the basemap's tiles are drawn (the city
// names: the tiles carry their own).

export const LAYER_CLASSES = {
  points: 'ScatterplotLayer',
  polygons: 'PolygonLayer',
  paths: 'PathLayer',
  lines: 'LineLayer',
  text: 'TextLayer',
};
const TEXT_COLOR = [29, 42, 47, 255];
const TEXT_FONT = "'Source Sans', sans-serif";
// Zoom buttons step by one level: twice or half the scale.
export const ZOOM_STEP = 1;

const hasTips = (rows) => rows.some((row) => row && (row.tip || 'pick' in row));

// The deck.gl class name and props of one layer of the message.
export function layerProps(layer) {
  const rows = layer.rows || [];
  const common = {id: layer.id, data: rows, pickable: hasTips(rows)};
  switch (layer.kind) {
    case 'points':
      return {
        ...common,
        getPosition: (row) => row.p,
        getFillColor: (row) => row.fill || layer.fill,
        getRadius: (row) => row.radius || layer.radius || 4,
        radiusUnits: 'pixels',
        stroked: Boolean(layer.line),
        getLineColor: layer.line || [0, 0, 0, 0],
        getLineWidth: 1,
        lineWidthUnits: 'pixels',
      };
    case 'polygons':
      return {
        ...common,
        getPolygon: (row) => row.polygon,
        getFillColor: (row) => row.fill || layer.fill || [0, 0, 0, 0],
        filled: layer.filled !== false,
        stroked: Boolean(layer.line),
        getLineColor: layer.line || [0, 0, 0, 0],
        getLineWidth: layer.lineWidth || 2,
        lineWidthUnits: 'pixels',
      };
    case 'paths':
      return {...common, getPath: (row) => row.path, getColor: layer.color, getWidth: layer.width || 1, widthUnits: 'pixels'};
    case 'lines':
      return {
        ...common,
        getSourcePosition: (row) => row.from,
        getTargetPosition: (row) => row.to,
        getWidth: (row) => row.width || 1,
        widthUnits: 'pixels',
        getColor: layer.color,
      };
    case 'text':
      return {
        ...common,
        getPosition: (row) => row.p,
        getText: (row) => row.t,
        getSize: layer.size || 13,
        getColor: layer.color || TEXT_COLOR,
        getPixelOffset: layer.offset || [0, 0],
        getTextAnchor: layer.anchor || 'middle',
        getAlignmentBaseline: layer.baseline || 'center',
        fontFamily: TEXT_FONT,
        fontWeight: 600,
        outlineWidth: 3,
        outlineColor: [255, 255, 255, 220],
        // Only the letters drawn: deck.gl draws every glyph of its set before the first frame.
        characterSet: characterSet(rows),
        fontSettings: {sdf: true, fontSize: 32, buffer: 4, radius: 8},
      };
    default:
      throw new Error(`deedscope small map: no layer kind "${layer.kind}"`);
  }
}

export function characterSet(rows) {
  const letters = new Set();
  for (const row of rows) for (const letter of String(row.t ?? '')) letters.add(letter);
  return [...letters].join('');
}

// The layers to draw now: all, but those hidden under tiles while tiles are shown.
export function shownLayers(layers, tilesShown) {
  return (layers || []).filter((layer) => !(tilesShown && layer.underTiles === false));
}

// What a hover says, and what a click sends the page: from the row under the pointer.
export function tipOf(object) {
  return object && object.tip ? String(object.tip) : null;
}

export function pickOf(object) {
  return object && Object.prototype.hasOwnProperty.call(object, 'pick') ? object.pick : undefined;
}

// The camera one zoom button away, within the view's bounds.
export function zoomed(viewState, step, {minZoom = -10, maxZoom = 20} = {}) {
  return {...viewState, zoom: Math.min(maxZoom, Math.max(minZoom, viewState.zoom + step))};
}

// A small map takes no wheel: the wheel scrolls the page, as it does over a picture (on a
// map the wheel zoomed it and the page stopped scrolling under the pointer). Dragging,
// a double click, a pinch and the zoom buttons still move it.
export const CONTROLLER = {scrollZoom: false, dragPan: true, doubleClickZoom: true, touchZoom: true, dragRotate: false, keyboard: true};
