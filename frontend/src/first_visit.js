// A shared link's map in a browser that has never seen the app (issue 45).
//
// A browser that remembers no map at a link of the Map page (early.js) asks the server, from
// the page's head, for the link's first paint (web/first_paint.py): the map's message for the
// page's first run of that link and its rows, read at the dataset version. This turns the
// answer into what `paintEarly` (map_element.js) draws: the message, the box of the page the
// map will stand in, and the rows, which the element's loader then takes too (loader.js), so
// the map the page mounts reuses the very arrays and their rings.
//
// The box is where Streamlit 1.67 lays out the Map page's map on its first run, from the
// window's size: the sidebar open (from Streamlit's `md` breakpoint) at its default width, or
// at the width a person gave it (Streamlit keeps it in the browser's storage), the main
// block's padding, the title, the controls' held space (the server says its height, by the
// place's mode) and the map's column (the server says the columns' weights). These are
// Streamlit's private parts (web/streamlit_private.py, `map-page-layout`); a browser test
// checks the box against the map's own (tests/browser/test_map_first_visit.py). A window
// too narrow for them (the title would wrap) paints nothing early.

export const LAYOUT = {
  sidebarFromPx: 768, // Streamlit's `md` breakpoint: narrower windows open with the sidebar closed
  sidebarPx: 300, // its default width, 18.75rem
  sidebarKey: 'sidebarWidth', // where Streamlit keeps a width a person dragged it to
  sidesPx: [80, 16], // the main block's padding at either side: with the sidebar open, without
  titleFootPx: 184.796875, // the main block's top padding (6rem) and the title (its h1, margins)
  gapPx: 16, // between a block's elements (1rem)
  columnGapPx: 22.4, // between the map's column and the panel's ("medium")
  leastContentPx: 480, // narrower, the title may wrap and the map stand lower
};

// The map's box on the page: {left, top, width}; null where the layout is not known.
export function firstVisitBox({width: windowWidth}, {columns, controls}, storage = globalThis.localStorage) {
  if (!Array.isArray(columns) || columns.length < 2 || !(controls > 0)) return null;
  const open = windowWidth >= LAYOUT.sidebarFromPx;
  const sidebar = open ? keptSidebarWidth(storage) : 0;
  const sides = LAYOUT.sidesPx[open ? 0 : 1];
  const content = windowWidth - sidebar - 2 * sides;
  if (content < LAYOUT.leastContentPx) return null;
  const weights = columns.reduce((total, weight) => total + weight, 0);
  return {
    left: sidebar + sides,
    top: LAYOUT.titleFootPx + controls + LAYOUT.gapPx,
    width: ((content - LAYOUT.columnGapPx) * columns[0]) / weights,
  };
}

function keptSidebarWidth(storage) {
  let kept = null;
  try {
    kept = Number.parseInt(storage.getItem(LAYOUT.sidebarKey), 10);
  } catch {
    // Storage refused (a private window): the default width.
  }
  return Number.isFinite(kept) && kept > 0 ? kept : LAYOUT.sidebarPx;
}

// What paintEarly draws for the server's answer (a promise of it, or of null), its rows handed
// to the loader in `rows` (by URL); null when there is nothing to draw.
export async function firstVisit(answer, rows, place = globalThis) {
  const found = await answer;
  if (!found || !found.message || !found.layout) return null;
  const box = firstVisitBox({width: place.innerWidth}, found.layout, place.localStorage);
  if (box === null) return null;
  for (const [url, list] of Object.entries(found.rows || {})) rows.set(url, Promise.resolve(list));
  return {data: found.message, box, version: found.version};
}
