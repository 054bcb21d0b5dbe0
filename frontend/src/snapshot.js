// "Download PNG" (issue 18, For slides): the current view as a picture, with the legend,
// the filters and the data's date in it, so a slide says what it shows. The picture is the
// canvas's own pixels (its size times the screen's pixel ratio): the map's frame drawn
// again, at once, then copied onto a 2D canvas with the legend (legend.js) in its
// bottom-left corner, the page's lines (message.json `picture`) in its top-left one and
// the tiles' credit, when tiles are drawn, in its bottom-right one.
import {drawBox, legendLayout, wrapWords} from './legend.js';
import {addButton} from './toolbar.js';

const MARGIN_PX = 8;
// The legend in a picture: no wider than this, or than 60% of a narrow map.
const LEGEND_MAX_PX = 440;
const CAPTION = {padding: 8, font: '600 13px sans-serif', lineHeight: 18, color: '#1d2a2f'};
const CREDIT = {padding: 4, font: '11px sans-serif', lineHeight: 14, color: '#1d2a2f'};

export function addDownload(map) {
  addButton(map.container, {name: 'Download PNG', text: 'PNG', onClick: () => download(map)});
}

// Lines in a box, each wrapped at words to fit `maxWidth`, laid out as legendLayout lays
// out the legend (so drawBox draws both).
export function linesLayout(lines, measure, maxWidth, style = CAPTION) {
  const {padding, font, lineHeight, color} = style;
  const items = [];
  let widest = 0;
  let y = padding;
  for (const line of lines) {
    for (const part of wrapWords(line, (text) => measure(text, font), maxWidth - 2 * padding)) {
      items.push({kind: 'text', text: part, font, color, x: padding, y});
      widest = Math.max(widest, measure(part, font));
      y += lineHeight;
    }
  }
  return {width: Math.ceil(widest + 2 * padding), height: Math.ceil(y + padding), items};
}

// Where each box goes on a picture `width`×`height` CSS pixels: the legend bottom left,
// the caption top left, the credit bottom right (a box may be null: not drawn).
export function pictureLayout({width, height}, {legend, caption, credit}, margin = MARGIN_PX) {
  return {
    legend: legend && {left: margin, top: height - margin - legend.height},
    caption: caption && {left: margin, top: margin},
    credit: credit && {left: width - credit.width, top: height - credit.height},
  };
}

// The picture: a new canvas of the map canvas's pixels.
export function composePicture(map) {
  // Drawn now, so the copy is this view's frame whatever the browser did with the last one.
  map.deck.redraw('picture');
  const source = map.deck.getCanvas();
  const ratio = source.width / Math.max(1, source.clientWidth);
  const picture = document.createElement('canvas');
  picture.width = source.width;
  picture.height = source.height;
  const context = picture.getContext('2d');
  // Where no tile is drawn the map is see-through; a slide shows it on white.
  context.fillStyle = '#fff';
  context.fillRect(0, 0, picture.width, picture.height);
  context.drawImage(source, 0, 0);
  context.scale(ratio, ratio);
  const measure = (text, font) => {
    context.font = font;
    return context.measureText(text).width;
  };
  const size = {width: source.width / ratio, height: source.height / ratio};
  // The legend drawn: the frame's while the time plays (time.js).
  const {picture: page} = map.data;
  const legend = map.player.legend(map.data.legend);
  const creditText = map.attribution.style.display === 'none' ? '' : map.attribution.textContent;
  const boxes = {
    legend: legend ? legendLayout(legend, measure, Math.min(LEGEND_MAX_PX, size.width * 0.6)) : null,
    caption: page.lines.length ? linesLayout(page.lines, measure, size.width * 0.7) : null,
    credit: creditText ? linesLayout([creditText], measure, size.width, CREDIT) : null,
  };
  const places = pictureLayout(size, boxes);
  for (const name of Object.keys(boxes)) if (boxes[name]) drawBox(context, boxes[name], places[name].left, places[name].top);
  return picture;
}

function download(map) {
  composePicture(map).toBlob((blob) => {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = map.data.picture.fileName;
    link.click();
    // Long enough for the browser to start saving it.
    setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
  }, 'image/png');
}
