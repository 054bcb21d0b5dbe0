// A drawn area's geometry: which points lie in it, when its corners make an area, and what
// the drawn cells inside it add up to. Pure functions, tested with node (test/area.test.js).
// The page decides the same with mapspec/area.py, step for step: the same even-odd rule on
// the same doubles (corners to 1e-5 degrees, cell centres as the rows carry them), so the
// count on the map is the count on the page (tests/mapspec/test_area_script.py runs both).
import message from './message.json' with {type: 'json'};
import {CENTRE_FORM} from './cells.js';

export const MIN_CORNERS = message.$defs.area.minItems;
export const MAX_CORNERS = message.$defs.area.maxItems;
// Corners in degrees to 1e-5 (about a metre), as the page keeps them in its link.
const CORNER_SCALE = 1e5;
// Centre rows carry a cell's centre in integer 1e-6 degrees (mapspec/cells.py).
const CENTRE_SCALE = 1e6;

export const TOO_FEW = `An area needs at least ${MIN_CORNERS} corners: click more points on the map, then click the first corner (or double-click) to close it.`;
export const TOO_MANY = `An area has at most ${MAX_CORNERS} corners: click the first corner (or double-click) to close it.`;
export const CROSSING = "The area's edges cross each other, so it was not kept: draw it again without crossing lines.";

export function roundCorner([lng, lat]) {
  return [Math.round(lng * CORNER_SCALE) / CORNER_SCALE, Math.round(lat * CORNER_SCALE) / CORNER_SCALE];
}

// The corners with a new one, rounded; the same as the last (a double click's second
// click) is not added again.
export function addCorner(corners, point) {
  const corner = roundCorner(point);
  const last = corners[corners.length - 1];
  if (last && last[0] === corner[0] && last[1] === corner[1]) return corners;
  return [...corners, corner];
}

// Whether (x, y) lies in the polygon `ring` (open: the last corner joins the first), by
// the even-odd rule, as mapspec/area.py's ring_contains.
export function ringContains(ring, x, y) {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i, i += 1) {
    const [xi, yi] = ring[i];
    const [xj, yj] = ring[j];
    if (yi > y !== yj > y) {
      const crossing = ((xj - xi) * (y - yi)) / (yj - yi) + xi;
      if (x < crossing) inside = !inside;
    }
  }
  return inside;
}

function orientation(a, b, c) {
  return Math.sign((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]));
}

// c, on the line through a and b, lies within their box.
function within(a, b, c) {
  return Math.min(a[0], b[0]) <= c[0] && c[0] <= Math.max(a[0], b[0]) && Math.min(a[1], b[1]) <= c[1] && c[1] <= Math.max(a[1], b[1]);
}

export function segmentsMeet(p1, p2, p3, p4) {
  const d1 = orientation(p3, p4, p1);
  const d2 = orientation(p3, p4, p2);
  const d3 = orientation(p1, p2, p3);
  const d4 = orientation(p1, p2, p4);
  if (d1 !== d2 && d3 !== d4 && d1 !== 0 && d2 !== 0 && d3 !== 0 && d4 !== 0) return true;
  return (d1 === 0 && within(p3, p4, p1)) || (d2 === 0 && within(p3, p4, p2)) || (d3 === 0 && within(p1, p2, p3)) || (d4 === 0 && within(p1, p2, p4));
}

// Whether the closed ring's edges cross, touch away from their shared corner, or fold back
// along each other.
export function crossesItself(ring) {
  const count = ring.length;
  const edges = ring.map((corner, i) => [corner, ring[(i + 1) % count]]);
  for (let i = 0; i < count; i += 1) {
    for (let k = i + 1; k < count; k += 1) {
      const [a, b] = edges[i];
      const [c, d] = edges[k];
      if (k === i + 1 || (i === 0 && k === count - 1)) {
        // Neighbours meet at their shared corner; they fold back when the next edge runs back along the first.
        const [first, corner, last] = k === i + 1 ? [a, b, d] : [c, d, b];
        if (orientation(first, corner, last) === 0) {
          const towards = (corner[0] - first[0]) * (last[0] - corner[0]) + (corner[1] - first[1]) * (last[1] - corner[1]);
          if (towards < 0) return true;
        }
        continue;
      }
      if (segmentsMeet(a, b, c, d)) return true;
    }
  }
  return false;
}

// Why these corners cannot be closed into an area (what the map says), or null.
export function closeProblem(corners) {
  if (corners.length < MIN_CORNERS) return TOO_FEW;
  if (crossesItself(corners)) return CROSSING;
  return null;
}

// A click within `tolerance` pixels of the first corner closes the area.
export function nearFirst(firstPixel, clickPixel, tolerance) {
  return Boolean(firstPixel) && Math.hypot(firstPixel[0] - clickPixel[0], firstPixel[1] - clickPixel[1]) <= tolerance;
}

// A drawn row's centre, [lng, lat]: as the centre form carries it; in ring form the mean
// of its corners (a few metres from H3's centre: a cell that close to an edge may be
// counted differently by the page, which only ring-form maps, views many degrees wide, use).
export function rowCentre(row, form) {
  if (form === CENTRE_FORM) return [row[0] / CENTRE_SCALE, row[1] / CENTRE_SCALE];
  const ring = row[row.length - 1];
  let lng = 0;
  let lat = 0;
  for (let k = 0; k < ring.length; k += 2) {
    lng += ring[k];
    lat += ring[k + 1];
  }
  const corners = ring.length / 2;
  return [lng / corners, lat / corners];
}

// The drawn cells whose centre lies in the area, and their deals: the map's count.
export function countInside(layers, form, countAt, corners) {
  let cells = 0;
  let deals = 0;
  for (const layer of layers) {
    for (const row of layer.rows) {
      const [lng, lat] = rowCentre(row, form);
      if (ringContains(corners, lng, lat)) {
        cells += 1;
        deals += Number(row[countAt]) || 0;
      }
    }
  }
  return {cells, deals};
}
