// The basemap (issue 18, Layers): raster tiles under the cells, or none, switched by a
// button on the map. Without tiles the map names its cities itself (their names would
// clash with the tiles' own). The page says which it draws at first (message.json
// `tilesShown`: DEEDSCOPE_BASEMAP, services/basemap.py); the person's choice then holds
// for as long as the page is open. Tiles that cannot be reached (no internet: a demo on the
// road) are said on the map, and the map goes back to drawing without them.
import {BitmapLayer, TextLayer} from '@deck.gl/layers';
import {TileLayer} from '@deck.gl/geo-layers';

import {addButton, setPressed} from './toolbar.js';

const LABEL_COLOR = [29, 42, 47, 255];
const LABEL_FONT = "'Source Sans', sans-serif";
const NOTE_STYLE =
  'position:absolute;top:44px;right:8px;z-index:3;max-width:60%;padding:6px 10px;border-radius:6px;display:none;' +
  'font:13px/1.4 "Source Sans", sans-serif;color:#5c4400;background:rgba(255,244,214,.95)';
export const UNREACHABLE =
  "The map's tiles can't be reached (no connection to the tile server): the map is drawn without them.";
export const SOME_MISSING = 'Some map tiles could not be loaded.';

// The switch, and where it says what went wrong; `redraw` draws the map's layers again.
export function addBasemapSwitch(map, redraw) {
  map.tiles = {chosen: null, attempt: 0, loaded: 0};
  map.tiles.note = document.createElement('div');
  map.tiles.note.setAttribute('role', 'status');
  map.tiles.note.style.cssText = NOTE_STYLE;
  map.container.appendChild(map.tiles.note);
  map.tiles.redraw = redraw;
  map.tiles.button = addButton(map.container, {
    name: 'Basemap tiles',
    text: 'Tiles',
    onClick: () => {
      chooseTiles(map, !tilesShown(map));
      showBasemap(map, map.data);
      redraw();
    },
  });
}

export function tilesShown(map) {
  return Boolean(map.data && map.data.tiles) && (map.tiles.chosen ?? map.data.tilesShown);
}

function chooseTiles(map, on) {
  map.tiles.chosen = on;
  map.tiles.note.style.display = 'none';
  if (on) {
    // A new layer: the tiles that failed before are asked again.
    map.tiles.attempt += 1;
    map.tiles.loaded = 0;
  }
}

// The switch and the tiles' credit as this message and the choice say (every update).
export function showBasemap(map, data) {
  const shown = tilesShown(map);
  map.tiles.button.style.display = data.tiles ? '' : 'none';
  setPressed(map.tiles.button, shown);
  map.attribution.textContent = shown ? data.attribution || '' : '';
  map.attribution.style.display = shown ? 'block' : 'none';
}

// A tile that failed: when none has loaded yet, the tiles cannot be reached and the map
// goes on without them; after some have, the others are only said to be missing.
function tileFailed(map, attempt, error) {
  if (attempt !== map.tiles.attempt || !tilesShown(map)) return;
  console.warn('deedscope map: a tile could not be loaded', error);
  map.tiles.note.textContent = map.tiles.loaded ? SOME_MISSING : UNREACHABLE;
  map.tiles.note.style.display = 'block';
  if (map.tiles.loaded) return;
  map.tiles.chosen = false;
  showBasemap(map, map.data);
  map.tiles.redraw();
}

export function tileLayers(map, data) {
  if (!tilesShown(map)) return [];
  const {attempt} = map.tiles;
  return [
    new TileLayer({
      id: `basemap-${attempt}`,
      data: window.devicePixelRatio > 1 && data.tilesHiDpi ? data.tilesHiDpi : data.tiles,
      minZoom: 0,
      maxZoom: 19,
      tileSize: 256,
      onTileLoad: () => {
        if (attempt === map.tiles.attempt) map.tiles.loaded += 1;
      },
      onTileError: (error) => tileFailed(map, attempt, error),
      renderSubLayers: (props) => {
        const [[west, south], [east, north]] = props.tile.boundingBox;
        return new BitmapLayer(props, {data: null, image: props.data, bounds: [west, south, east, north]});
      },
    }),
  ];
}

// City names from a font atlas of only the letters they use: deck.gl draws every glyph
// of its character set before the first frame, and all of ASCII cost about 150 ms.
export function labelLayers(map, data, withLabels) {
  if (!withLabels || tilesShown(map) || !data.labels || !data.labels.length) return [];
  const letters = new Set();
  for (const label of data.labels) for (const letter of label.t) letters.add(letter);
  return [
    new TextLayer({
      id: 'city-labels',
      data: data.labels,
      getText: (label) => label.t,
      getPosition: (label) => label.p,
      getSize: 14,
      getColor: LABEL_COLOR,
      fontFamily: LABEL_FONT,
      fontWeight: 600,
      outlineWidth: 3,
      outlineColor: [255, 255, 255, 220],
      characterSet: [...letters].join(''),
      fontSettings: {sdf: true, fontSize: 32, buffer: 4, radius: 8},
      pickable: false,
    }),
  ];
}
