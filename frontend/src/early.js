// A later visit's map drawn before Streamlit mounts it (issue 29, first visit: later visits).
//
// On a later visit to a link the browser has shown the map for, the map stands where it stood
// about a second before Streamlit's browser side has rendered the page and mounted the
// element: the page's head (web/early_map.py) imports this script at once when the
// browser remembers that link, and `paintEarly` (map_element.js) draws what the map drew
// there last, in a box of the page, at the place and size the map had. When the page's
// element mounts, it takes that map as its own (`takeEarly`): the same deck.gl, canvas and
// compiled shaders, moved into the element, then given the page's own message like any
// rerun (new cells replace the remembered ones; the same view keeps its camera). Nothing is
// remembered on a first visit, in another window size, or past STORED_LINKS links.
//
// What is remembered is the map's message (cells' rows or their published URLs, the view,
// the legend, the names) and its box: nothing secret (docs/architecture.md says why it may
// be kept in the browser's storage).

// The browser's storage, one entry per link, and the list of links, newest first.
export const STORAGE_PREFIX = 'deedscope.map:';
const LINKS_KEY = 'deedscope.map-links';
export const STORED_LINKS = 6;
// A message longer than this is not kept (the storage holds about 5 MB per site).
export const MAX_STORED_CHARS = 300_000;
// An early map no element has taken this long after the page's first element is let go (the
// person went elsewhere, or the page did not draw a map there). Counted from that element, not
// from the early paint: a server's first run can take longer (a new replica on a busy machine),
// and the early map would be let go just before the page mounted the element that takes it
// (11 to 13 s after the first element on a new replica of a 2-core machine running the tests).
export const DISCARD_MS = 30_000;
// Let go in any case: the page never drew (its server went away).
export const LONGEST_MS = 90_000;
const LEAVE_POLL_MS = 250;
// Streamlit's first element of the page's script (web/streamlit_private.py lists these test ids).
const FIRST_ELEMENT = '[data-testid="stMainBlockContainer"] [data-testid="stElementContainer"]';

// The link a page was loaded at: set by the page's head before Streamlit rewrites the link.
export function loadedLink(place = globalThis) {
  return place.__deedscopeLoadedLink || '';
}

function currentLink(place) {
  return place.location.pathname + place.location.search;
}

// What a map drew, and where, kept for the next visit to this link (and to the link the
// page was opened at, when the map is that page's: a person opens the same link again).
export function remember(map, {storage = globalThis.localStorage, place = globalThis} = {}) {
  if (!storage || !map.data) return;
  const rect = map.container.getBoundingClientRect();
  const entry = JSON.stringify({
    data: {...map.data, reportPaint: false},
    box: {left: rect.left + place.scrollX, top: rect.top + place.scrollY, width: rect.width, height: rect.height},
    window: {width: place.innerWidth, height: place.innerHeight},
  });
  if (entry.length > MAX_STORED_CHARS) return;
  const links = [currentLink(place)];
  const loaded = loadedLink(place);
  if (loaded && loaded !== links[0] && loaded.split('?')[0] === place.location.pathname) links.push(loaded);
  try {
    for (const link of links) storage.setItem(STORAGE_PREFIX + link, entry);
    const kept = [...links, ...readLinks(storage).filter((link) => !links.includes(link))];
    for (const gone of kept.slice(STORED_LINKS)) storage.removeItem(STORAGE_PREFIX + gone);
    storage.setItem(LINKS_KEY, JSON.stringify(kept.slice(0, STORED_LINKS)));
  } catch {
    // Storage full or refused (a private window): the next visit draws as a first one.
  }
}

function readLinks(storage) {
  try {
    const links = JSON.parse(storage.getItem(LINKS_KEY) || '[]');
    return Array.isArray(links) ? links.filter((link) => typeof link === 'string') : [];
  } catch {
    return [];
  }
}

// The remembered map of this link, when the window has the size it had then (another size
// puts the map elsewhere, and the early map would jump when the element takes it).
export function recall(link, {storage = globalThis.localStorage, place = globalThis} = {}) {
  let entry;
  try {
    entry = JSON.parse(storage.getItem(STORAGE_PREFIX + link));
  } catch {
    return null;
  }
  if (!entry || !entry.data || !entry.box || !entry.window) return null;
  if (entry.window.width !== place.innerWidth || entry.window.height !== place.innerHeight) return null;
  return entry;
}

// The early map, until an element takes it or it is let go.
let early = null;

// A box of the page at the map's remembered place, above Streamlit's page while it starts.
export function earlyHost(box, document = globalThis.document) {
  const host = document.createElement('div');
  host.dataset.deedscope = 'early-box';
  host.style.cssText =
    `position:absolute;left:${box.left}px;top:${box.top}px;width:${box.width}px;z-index:1000`;
  document.body.appendChild(host);
  return host;
}

// Keeps `map` (drawn in `host`) for the element; lets it go (`finalize`) after DISCARD_MS
// or once the page's path changes. Returns what lets it go at once.
export function keepEarly(map, host, finalize, place = globalThis) {
  const path = place.location.pathname;
  let sincePageStarted = null; // ms, counted in polls
  const letGo = () => {
    if (early === null || early.map !== map) return;
    early = null;
    clearInterval(watching);
    host.remove();
    finalize();
  };
  const watching = setInterval(() => {
    if (sincePageStarted !== null) sincePageStarted += LEAVE_POLL_MS;
    else if (place.document.querySelector(FIRST_ELEMENT) !== null) sincePageStarted = 0;
    if (place.location.pathname !== path || sincePageStarted >= DISCARD_MS) letGo();
  }, LEAVE_POLL_MS);
  setTimeout(letGo, LONGEST_MS);
  early = {map, host, stop: () => clearInterval(watching)};
  return letGo;
}

// The early map for the element now mounting, moved into `parentElement`; null when there is none.
export function takeEarly(parentElement) {
  if (early === null) return null;
  const {map, host, stop} = early;
  early = null;
  stop();
  parentElement.appendChild(map.container);
  host.remove();
  map.container.dataset.deedscope = 'map';
  delete map.container.dataset.datasetVersion; // the page's messages say no version
  return map;
}
