// The legend as a downloaded picture draws it (src/legend.js, legendLayout), and the
// picture's other boxes (src/snapshot.js): pure layout, measured by a stand-in for a
// canvas's measureText (7 px a letter).
import assert from 'node:assert/strict';
import {test} from 'node:test';

import {LAYOUT, legendLayout, wrapWords} from '../src/legend.js';
import {linesLayout, pictureLayout} from '../src/snapshot.js';

const measure = (text) => text.length * 7;
const legend = {
  title: 'Deals per cell',
  classes: [
    {color: [255, 237, 160], label: '1'},
    {color: [254, 178, 76], label: '2'},
    {color: [240, 59, 32], label: '3–4'},
    {color: [189, 0, 38], label: '5+'},
  ],
  lines: ['H3 resolution 8 · 2,938 cells drawn (the view holds at most 20,000)'],
};

const swatches = (layout) => layout.items.filter((item) => item.kind === 'swatch');
const texts = (layout) => layout.items.filter((item) => item.kind === 'text');
const inside = (layout) =>
  layout.items.every((item) => item.x >= 0 && item.y >= 0 && item.x + (item.size ?? measure(item.text)) <= layout.width && item.y < layout.height);

test('a swatch of each class, in its colour, with its label beside it', () => {
  const layout = legendLayout(legend, measure, 600);
  assert.deepEqual(swatches(layout).map((item) => item.color), legend.classes.map((item) => item.color));
  for (const [index, swatch] of swatches(layout).entries()) {
    const label = texts(layout).find((item) => item.text === legend.classes[index].label);
    assert.equal(label.x, swatch.x + LAYOUT.swatch + LAYOUT.swatchGap, `${label.text} beside its swatch`);
  }
  assert.ok(inside(layout), 'everything inside the box');
});

test('a wide box: the title and the colours on one row, each line under them', () => {
  const layout = legendLayout(legend, measure, 600);
  assert.equal(new Set(swatches(layout).map((item) => item.y)).size, 1);
  const line = texts(layout).find((item) => item.text.startsWith('H3'));
  assert.ok(line.y > swatches(layout)[0].y + LAYOUT.swatch, 'the line under the colours');
  assert.ok(layout.height >= line.y + 12 && layout.height <= line.y + LAYOUT.lineHeight + LAYOUT.padding, 'the box ends under its last line');
});

test('a narrow box: the colours flow onto more rows and the line wraps, within the width', () => {
  const layout = legendLayout(legend, measure, 160);
  assert.ok(new Set(swatches(layout).map((item) => item.y)).size > 1, 'more than one row of colours');
  assert.ok(texts(layout).filter((item) => item.font === LAYOUT.lineFont).length > 1, 'the line wrapped');
  assert.ok(layout.width <= 160 && inside(layout));
});

test('words wrap at spaces; a word wider than the width stays whole', () => {
  assert.deepEqual(wrapWords('aa bb cc', measure, 5 * 7), ['aa bb', 'cc']);
  assert.deepEqual(wrapWords('abcdefgh ij', measure, 3 * 7), ['abcdefgh', 'ij']);
  assert.deepEqual(wrapWords('', measure, 10), []);
});

test("the picture's lines: a row each, wrapped to the width", () => {
  const layout = linesLayout(['Filters: any date, kind, price', 'Data as of: Dallas-Fort Worth 2026-10-31'], measure, 1000);
  assert.equal(texts(layout).length, 2);
  assert.equal(layout.width, 40 * 7 + 16, 'as wide as the longest line and its padding');
  assert.equal(linesLayout(['a b c d e f'], measure, 3 * 7 + 16).items.length, 3);
});

test('the legend bottom left, the lines top left, the credit bottom right, each inside the picture', () => {
  const picture = {width: 700, height: 500};
  const boxes = {legend: {width: 300, height: 60}, caption: {width: 200, height: 40}, credit: {width: 150, height: 18}};
  const places = pictureLayout(picture, boxes, 8);
  assert.deepEqual(places.legend, {left: 8, top: 500 - 8 - 60});
  assert.deepEqual(places.caption, {left: 8, top: 8});
  assert.deepEqual(places.credit, {left: 550, top: 482});
  assert.equal(pictureLayout(picture, {legend: null, caption: null, credit: null}).legend, null, 'no legend: none placed');
});
