// The map's legend, on the map in its bottom-left corner (issue 16, Map 5: the map is the
// page, so its legend is on it, not above it): what each colour counts, the resolution and
// the cells drawn, from the words the page sends (message.json `legend`, written by
// components/map_legend.py); none when no cell is drawn. On screen it is text (read by a
// screen reader, found by tests); in a downloaded picture (snapshot.js) the same legend is
// drawn on a canvas from `legendLayout`, a pure function tested with node.

const BOX_STYLE =
  'left:8px;bottom:8px;z-index:2;max-width:calc(100% - 120px);padding:8px 10px;border-radius:6px;' +
  'background:rgba(255,255,255,.92);box-shadow:0 1px 3px rgba(0,0,0,.15);color:#1d2a2f;font:13px/1.4 "Source Sans", sans-serif';
const TEXT_COLOR = '#1d2a2f';
const NOTE_COLOR = '#4a5a60';

// The legend on the map: made once, its contents replaced when the page's legend changes.
export function showLegend(map, legend) {
  if (!map.legendBox) {
    map.legendBox = document.createElement('div');
    map.legendBox.dataset.deedscope = 'legend';
    map.legendBox.setAttribute('role', 'group');
    map.legendBox.setAttribute('aria-label', 'Legend');
    map.legendBox.style.cssText = `position:absolute;${BOX_STYLE}`;
    map.container.appendChild(map.legendBox);
  }
  const box = map.legendBox;
  box.style.display = legend ? 'block' : 'none';
  const key = JSON.stringify(legend);
  if (!legend || box.dataset.key === key) return;
  box.dataset.key = key;
  box.replaceChildren(classesRow(legend), ...legend.lines.map((line) => element('div', line, `font-size:12px;color:${NOTE_COLOR}`)));
}

function classesRow(legend) {
  const row = element('div', '', 'display:flex;flex-wrap:wrap;align-items:center;column-gap:10px');
  row.appendChild(element('b', legend.title, 'margin-right:2px'));
  for (const {color, label} of legend.classes) {
    const item = element('span', '', 'display:inline-flex;align-items:center;gap:4px');
    const swatch = element('span', '', `width:14px;height:14px;border-radius:3px;background:rgb(${color.join(',')})`);
    swatch.dataset.swatch = color.join(',');
    item.append(swatch, document.createTextNode(label));
    row.appendChild(item);
  }
  return row;
}

function element(tag, text, style) {
  const node = document.createElement(tag);
  node.textContent = text;
  node.style.cssText = style;
  return node;
}

// The legend as a canvas draws it, in CSS pixels: where each text and swatch goes inside a
// box no wider than `maxWidth`, and the box's size. `measure(text, font)` is the text's
// width (a canvas's measureText). The title and the colours flow in rows; each line under
// them is wrapped at words.
export const LAYOUT = {
  padding: 10,
  rowHeight: 20,
  swatch: 14,
  swatchGap: 4,
  itemGap: 10,
  titleFont: '600 14px sans-serif',
  font: '13px sans-serif',
  lineFont: '12px sans-serif',
  lineHeight: 17,
};

export function legendLayout(legend, measure, maxWidth) {
  const {padding, rowHeight, swatch, swatchGap, itemGap} = LAYOUT;
  const right = maxWidth - padding;
  const items = [];
  let x = padding;
  let y = padding;
  let widest = 0;
  const place = (width) => {
    if (x > padding && x + width > right) {
      x = padding;
      y += rowHeight;
    }
    const at = x;
    x += width + itemGap;
    widest = Math.max(widest, at + width);
    return at;
  };
  const titleWidth = measure(legend.title, LAYOUT.titleFont);
  items.push({kind: 'text', text: legend.title, font: LAYOUT.titleFont, color: TEXT_COLOR, x: place(titleWidth), y: y + 3});
  for (const {color, label} of legend.classes) {
    const at = place(swatch + swatchGap + measure(label, LAYOUT.font));
    items.push({kind: 'swatch', color, x: at, y: y + (rowHeight - swatch) / 2, size: swatch});
    items.push({kind: 'text', text: label, font: LAYOUT.font, color: TEXT_COLOR, x: at + swatch + swatchGap, y: y + 3});
  }
  y += rowHeight;
  for (const line of legend.lines) {
    for (const part of wrapWords(line, (text) => measure(text, LAYOUT.lineFont), right - padding)) {
      items.push({kind: 'text', text: part, font: LAYOUT.lineFont, color: NOTE_COLOR, x: padding, y: y + 1});
      widest = Math.max(widest, padding + measure(part, LAYOUT.lineFont));
      y += LAYOUT.lineHeight;
    }
  }
  return {width: Math.ceil(widest + padding), height: Math.ceil(y + padding - 2), items};
}

// A text cut at spaces into parts no wider than `width` (a word wider than it stays whole).
export function wrapWords(text, measure, width) {
  const parts = [];
  let current = '';
  for (const word of text.split(' ')) {
    const tried = current ? `${current} ${word}` : word;
    if (current && measure(tried) > width) {
      parts.push(current);
      current = word;
    } else {
      current = tried;
    }
  }
  if (current) parts.push(current);
  return parts;
}

// A laid-out box (legendLayout's, or any of the same form) drawn on a 2D canvas at (left,
// top), in CSS pixels (the context is scaled to the picture's pixels by its caller).
export function drawBox(context, layout, left, top) {
  context.save();
  context.translate(left, top);
  context.fillStyle = 'rgba(255,255,255,0.92)';
  context.beginPath();
  context.roundRect(0, 0, layout.width, layout.height, 6);
  context.fill();
  context.textBaseline = 'top';
  for (const item of layout.items) {
    if (item.kind === 'swatch') {
      context.fillStyle = `rgb(${item.color.join(',')})`;
      context.fillRect(item.x, item.y, item.size, item.size);
    } else {
      context.font = item.font;
      context.fillStyle = item.color;
      context.fillText(item.text, item.x, item.y);
    }
  }
  context.restore();
}
