// The cells as deck.gl draws them, from the rows the page sends (message.json says
// their forms): pure functions, tested with node (test/cells.test.js).
import message from './message.json' with {type: 'json'};

const CORNERS = 6;
// The row forms, named in the message: centre (corners from the view's shape) or ring.
export const [CENTRE_FORM, RING_FORM] = message.properties.form.enum;

// The hexagons as flat rings in one typed array (deck.gl's binary polygons), with a
// colour per vertex, as binary polygons take them.
export function binaryRings(rows, data, closed) {
  const centre = data.form === CENTRE_FORM;
  // Corners per cell: six from the shape, or as many as the row's ring holds (a pentagon
  // has five; a cell cut by an icosahedron edge more).
  const corners = rows.map((row) => (centre ? CORNERS : row[row.length - 1].length / 2));
  const starts = new Uint32Array(rows.length + 1);
  for (let i = 0; i < rows.length; i += 1) starts[i + 1] = starts[i] + corners[i] + (closed ? 1 : 0);
  const positions = new Float32Array(starts[rows.length] * 2);
  const terms = centre ? data.shape.terms : null;
  for (let i = 0; i < rows.length; i += 1) {
    const row = rows[i];
    const offset = starts[i] * 2;
    const count = corners[i] * 2;
    if (centre) {
      const x = row[0];
      const y = row[1];
      for (let k = 0; k < count; k += 1) positions[offset + k] = x * terms[k][0] + y * terms[k][1] + terms[k][2];
    } else {
      const ring = row[row.length - 1];
      for (let k = 0; k < count; k += 1) positions[offset + k] = ring[k];
    }
    if (closed) {
      positions[offset + count] = positions[offset];
      positions[offset + count + 1] = positions[offset + 1];
    }
  }
  return {
    length: rows.length,
    startIndices: starts,
    attributes: {
      getPolygon: {value: positions, size: 2},
      // Binary polygons take colours per vertex, not per polygon.
      getFillColor: {value: fillColors(rows, data, starts), size: 4, normalized: true},
    },
  };
}

// Each cell's class: its row's value at `colors.at` against the classes' lower bounds
// (a value under the first bound takes the first class); a cell without the value
// (an unpriced cell coloured by price) takes the `missing` colour.
export function classOf(value, thresholds) {
  if (value === null || value === undefined || Number.isNaN(Number(value))) return -1;
  let level = 0;
  while (level + 1 < thresholds.length && value >= thresholds[level + 1]) level += 1;
  return level;
}

export function fillColors(rows, data, starts) {
  const {at, thresholds, palette, missing, alpha} = data.colors;
  const colors = new Uint8Array(starts[rows.length] * 4);
  for (let i = 0; i < rows.length; i += 1) {
    const level = classOf(rows[i][at], thresholds);
    const color = level < 0 ? missing : palette[level];
    for (let vertex = starts[i]; vertex < starts[i + 1]; vertex += 1) {
      colors[vertex * 4] = color[0];
      colors[vertex * 4 + 1] = color[1];
      colors[vertex * 4 + 2] = color[2];
      colors[vertex * 4 + 3] = alpha;
    }
  }
  return colors;
}

// A price written short, as mapspec.cells.format_price writes it: $250k, $1.2M, n/a.
export function formatPrice(value) {
  if (value === null || value === undefined || Number.isNaN(Number(value))) return 'n/a';
  // Halves round up, in Python too.
  if (value >= 1_000_000) return `$${(Math.round(value / 100_000) / 10).toFixed(1)}M`;
  return `$${Math.round(value / 1000)}k`;
}

// A tooltip's lines with each {n} replaced by the row's n-th value, each {n|one|many}
// by the value and its noun in the right number ("1 deal", "2 deals"), and each {n$} by
// the value as a price written short ("$250k").
export function tooltipText(lines, row) {
  const fill = (_, at, price, one, many) => {
    const value = row[Number(at)];
    if (price) return formatPrice(value);
    return one === undefined ? String(value) : `${value} ${Number(value) === 1 ? one : many}`;
  };
  return lines.map((line) => line.replace(/\{(\d+)(\$)?(?:\|([^|}]*)\|([^}]*))?\}/g, fill)).join('\n');
}
