// The map component's own script (components/map_element.py sends it with every rerun, so
// it stays small): it starts fetching the cells' rows, loads the map's script
// (map_element.js, cached by the browser) meanwhile, and hands both to it.
let fetched = new Map();

// Each cell layer's rows by URL: a file the browser parses natively; a URL that comes
// again is not fetched again, and one that failed is fetched on the next rerun.
function rowsOf(data) {
  const kept = new Map();
  // The months' entries of the map's time (time.js) too, when the page sends them.
  for (const url of [...data.cells.map((layer) => layer.rows), data.time && data.time.rows]) {
    if (typeof url !== 'string') continue;
    // A later visit's page head may have fetched them already for the map drawn early (early.js).
    let rows = fetched.get(url) || (globalThis.__deedscopeEarlyRows && globalThis.__deedscopeEarlyRows.get(url));
    if (rows === undefined) {
      rows = fetch(new URL(url, document.baseURI)).then((response) => {
        if (!response.ok) throw new Error(`${response.status} for the cells' rows`);
        return response.json();
      });
      rows.catch(() => fetched.delete(url));
    }
    kept.set(url, rows);
  }
  fetched = kept;
  return kept;
}

// Rows that come inline (a view of few cells: adapter/map_files.py sends them in the
// message, sparing a fetch): the same rows on the next rerun give back the same array, so
// the map reuses the rings it built from them (map_element.js keys them on the array).
let inline = new Map();

export function keptInline(data) {
  const kept = new Map();
  const cells = data.cells.map((layer) => {
    if (typeof layer.rows === 'string') return layer;
    const key = JSON.stringify(layer.rows);
    const rows = inline.get(key) || layer.rows;
    kept.set(key, rows);
    return {...layer, rows};
  });
  inline = kept;
  return {...data, cells};
}

// The page may wait for the map's first frame to draw its other parts
// (pages/map_sections/first_paint.py): `painted` is said once, when that frame is drawn
// (map_element.js), when the map cannot draw, or after PAINT_AT_THE_LATEST_MS whatever
// happens, so the page is never left without its controls.
const PAINT_AT_THE_LATEST_MS = 4000;

export function paintReport(component, wait = setTimeout) {
  if (!component.data.reportPaint) return () => {};
  let said = false;
  const say = () => {
    if (said) return;
    said = true;
    component.setTriggerValue('painted', true);
  };
  wait(say, PAINT_AT_THE_LATEST_MS);
  return say;
}

export default async function (component) {
  if (performance.getEntriesByName('deedscope:loader').length === 0) performance.mark('deedscope:loader');
  const painted = paintReport(component);
  const rows = rowsOf(component.data);
  const data = keptInline(component.data);
  let element;
  try {
    element = await import(new URL(component.data.script, document.baseURI).href);
  } catch (error) {
    painted();
    throw error;
  }
  return element.render({...component, data, rows, painted});
}
