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

export function fillColors(rows, data, starts) {
  const {thresholds, palette, alpha} = data.colors;
  const colors = new Uint8Array(starts[rows.length] * 4);
  for (let i = 0; i < rows.length; i += 1) {
    const count = rows[i][data.countAt];
    let level = 0;
    while (level + 1 < thresholds.length && count >= thresholds[level + 1]) level += 1;
    const color = palette[level];
    for (let vertex = starts[i]; vertex < starts[i + 1]; vertex += 1) {
      colors[vertex * 4] = color[0];
      colors[vertex * 4 + 1] = color[1];
      colors[vertex * 4 + 2] = color[2];
      colors[vertex * 4 + 3] = alpha;
    }
  }
  return colors;
}

// A tooltip's lines with each {n} replaced by the row's n-th value, and each
// {n|one|many} by the value and its noun in the right number ("1 deal", "2 deals").
export function tooltipText(lines, row) {
  const fill = (_, at, one, many) => {
    const value = row[Number(at)];
    return one === undefined ? String(value) : `${value} ${Number(value) === 1 ? one : many}`;
  };
  return lines.map((line) => line.replace(/\{(\d+)(?:\|([^|}]*)\|([^}]*))?\}/g, fill)).join('\n');
}
