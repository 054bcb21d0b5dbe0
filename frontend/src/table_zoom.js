// deedscope's tables in presenter mode (components/table_zoom.py sends this file as the element's
// script; no build). Issue 44, 6: presenter mode sizes tables for a room. A table (st.dataframe)
// is drawn on a canvas (glide-data-grid) in the theme's 14 px type: no CSS font size reaches its
// cells. The presenter style (adapter/presenter.py) zooms each table by its ZOOM_VAR; this element,
// drawn only in presenter mode, sets it per table to the largest zoom, up to the one it is given,
// at which the table's columns still fit its box: a column seen out of presenter mode is never
// pushed out of view. A table wider than its box already stays at 1, as it was.

export const ZOOM_VAR = '--deedscope-table-zoom';
const TABLE = '[data-testid="stDataFrame"]';

// The zoom at which columns `columnsWidth` wide, in a frame `frameWidth` wider (its borders), fill
// a box `boxWidth` wide (the box in the page's pixels, the others in the table's own), as a step of
// a hundredth, between 1 and `maxZoom`.
export function fittingZoom(boxWidth, columnsWidth, frameWidth, maxZoom) {
  if (!(boxWidth > 0) || !(columnsWidth > 0)) return 1;
  const fit = Math.floor((boxWidth / (columnsWidth + frameWidth)) * 100) / 100;
  return Math.max(1, Math.min(maxZoom, fit));
}

// A table's own parts: glide lays its columns out in `.dvn-stack` (their width, whatever the zoom)
// inside the scroller the table shows; the table's parent (its full-screen frame) is its box.
function fit(table, maxZoom) {
  const box = table.parentElement;
  const frame = table.querySelector('[data-testid="stDataFrameResizable"]');
  const scroller = table.querySelector('.dvn-scroller');
  const columns = table.querySelector('.dvn-stack');
  if (!box || !frame || !scroller || !columns) return;
  const zoom = String(fittingZoom(box.getBoundingClientRect().width, columns.offsetWidth,
    frame.offsetWidth - scroller.clientWidth, maxZoom));
  if (table.style.getPropertyValue(ZOOM_VAR) !== zoom) table.style.setProperty(ZOOM_VAR, zoom);
}

export default function (component) {
  const maxZoom = Number(component.data && component.data.max_zoom) || 1;
  const doc = document;
  const watched = new Set();
  let pending = 0;
  const fitAll = () => {
    pending = 0;
    // A table gone with its page is no longer watched.
    for (const part of watched) {
      if (!part.isConnected) {
        sizes.unobserve(part);
        watched.delete(part);
      }
    }
    for (const table of doc.querySelectorAll(TABLE)) {
      for (const part of [table.parentElement, table.querySelector('.dvn-stack')]) {
        if (part && !watched.has(part)) {
          watched.add(part);
          sizes.observe(part);
        }
      }
      fit(table, maxZoom);
    }
  };
  // Once a frame, whatever changed: a table drawn, its columns or its box resized.
  const schedule = () => {
    if (!pending) pending = window.requestAnimationFrame(fitAll);
  };
  const sizes = new ResizeObserver(schedule);
  const tables = new MutationObserver(schedule);
  tables.observe(doc.body, {childList: true, subtree: true});
  schedule();
  return () => {
    if (pending) window.cancelAnimationFrame(pending);
    sizes.disconnect();
    tables.disconnect();
    for (const table of doc.querySelectorAll(TABLE)) table.style.removeProperty(ZOOM_VAR);
  };
}
