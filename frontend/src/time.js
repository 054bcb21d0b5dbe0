// The map's time (issue 18): a month slider and a play button over the period the page
// read month by month (mapspec/timeline.py). Each frame's cells are computed here from
// the months' entries, so moving the slider or playing redraws the map without asking
// the page anything (no Streamlit rerun per frame).
//
// An entry [month, layer, row, deals, investors, median] gives the figures in that month
// of the row `row` of cell layer `layer` (the rows the page draws). A frame shows the
// months `start` to `end`: a window of `span` months ending at `end`, or every month up
// to `end` (span 0, the running total). Deals add up; investors and medians do not (the
// same investor may buy in two months), so a frame of one month carries its exact
// figures and a wider one its deals only, with the page's tooltip lines for that case.

const FRAME_MS = 900;

// --- pure parts (test/time.test.js) ---------------------------------------------------

// The first and last month (indices) of the frame ending at `end`.
export function frameBounds(span, end) {
  return span > 0 ? [Math.max(0, end - span + 1), end] : [0, end];
}

// The earliest month a frame of `span` months ends at: the first full window (a shorter
// one at the start would be coloured against full windows' classes), or the first
// month for the running total or a period shorter than the window.
export function firstEnd(span, count) {
  return span > 0 ? Math.min(span, count) - 1 : 0;
}

// The frame's months as a person reads them: "2025-03", or "2025-01 – 2025-03".
export function rangeLabel(months, start, end) {
  return start === end ? months[start] : `${months[start]} – ${months[end]}`;
}

// Per cell layer: each row's running total of deals by month (deals[m * n + r] = the
// row's deals in months before m), and each month's own entry (for one-month frames).
export function seriesOf(entries, sizes, monthCount) {
  const series = sizes.map((n) => ({n, running: new Int32Array((monthCount + 1) * n), month: new Map()}));
  for (const entry of entries) {
    const [month, layer, row, deals] = entry;
    const s = series[layer];
    if (s === undefined || row >= s.n || month >= monthCount) continue;
    s.running[(month + 1) * s.n + row] += deals;
    s.month.set(month * s.n + row, entry);
  }
  for (const s of series) {
    for (let m = 1; m <= monthCount; m += 1) {
      for (let r = 0; r < s.n; r += 1) s.running[m * s.n + r] += s.running[(m - 1) * s.n + r];
    }
  }
  return series;
}

// A layer's rows in the frame: the page's row of each cell with deals in it, its figures
// those of the frame (a copy: the page's rows stay as they came, and a click sends back a
// row of the same form, which the page reads by its position or hex).
export function frameRows(rows, s, countAt, start, end) {
  const shown = [];
  for (let r = 0; r < rows.length; r += 1) {
    const deals = s.running[(end + 1) * s.n + r] - s.running[start * s.n + r];
    if (deals <= 0) continue;
    const row = rows[r].slice();
    const entry = start === end ? s.month.get(start * s.n + r) : undefined;
    row[countAt] = deals;
    row[countAt + 1] = entry ? entry[4] : null;
    row[countAt + 2] = entry ? entry[5] : null;
    shown.push(row);
  }
  return shown;
}

// The map's legend (legend.js's form) for a frame: the mode's classes, the same in every
// frame of the mode, the months shown and the period played.
export function frameLegend(mode, months, start, end, note) {
  const classes = mode.labels.map((label, i) => ({color: mode.colors.palette[i], label}));
  return {title: mode.legend, classes, lines: [`Shown: ${rangeLabel(months, start, end)}`, note]};
}

// --- the control on the map ------------------------------------------------------------

function element(tag, parent, style, attributes = {}) {
  const node = document.createElement(tag);
  node.style.cssText = style;
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  parent.appendChild(node);
  return node;
}

export class TimePlayer {
  // `redraw()` is called when the frame changes: the map draws `cells()` with `look()`.
  constructor(container, redraw) {
    this.redraw = redraw;
    this.time = null;
    this.box = element(
      'div',
      container,
      'position:absolute;left:8px;bottom:8px;z-index:2;display:none;padding:6px 10px;max-width:min(460px,calc(100% - 120px));' +
        'font:13px/1.4 "Source Sans", sans-serif;color:#1d2a2f;background:rgba(255,255,255,.93);border-radius:6px;box-shadow:0 1px 4px rgba(0,0,0,.2)',
      {'data-deedscope': 'time', role: 'group', 'aria-label': 'Time: the deals month by month'},
    );
    const row = element('div', this.box, 'display:flex;align-items:center;gap:8px');
    this.play = element('button', row, 'min-width:64px;cursor:pointer', {type: 'button'});
    this.play.addEventListener('click', () => (this.timer ? this.pause() : this.start()));
    this.labelPlay();
    this.slider = element('input', row, 'flex:1;min-width:120px', {type: 'range', 'aria-label': 'Month', step: '1'});
    this.slider.addEventListener('input', () => {
      this.pause();
      this.show(Number(this.slider.value));
    });
    this.range = element('strong', row, 'white-space:nowrap', {'aria-live': 'polite'});
    const modes = element('label', this.box, 'display:block;margin-top:4px');
    modes.append('Show ');
    this.modes = element('select', modes, '', {'aria-label': 'Months shown'});
    this.modes.addEventListener('change', () => this.choose(this.modes.value));
  }

  // The page's months (null: no time), their entries and the layers they index. The map
  // draws after this; the player redraws by itself only when a person moves it.
  set(time, entries, cells, countAt) {
    if (!time || !entries) {
      this.pause();
      this.time = null;
      this.box.style.display = 'none';
      return;
    }
    const same = this.time && this.entries === entries && this.layers.length === cells.length &&
      this.layers.every((layer, i) => layer.rows === cells[i].rows);
    this.time = time;
    this.layers = cells;
    this.countAt = countAt;
    this.box.style.display = 'block';
    if (same) {
      // The same months again (any other rerun): the frame and the playing go on, with
      // the classes the page sends now (a new colour method).
      this.choose(this.mode.id, this.end, false);
      return;
    }
    this.entries = entries;
    this.series = seriesOf(entries, cells.map((layer) => layer.rows.length), time.months.length);
    this.frames = new Map();
    this.modes.replaceChildren(...time.modes.map((mode) => new Option(mode.label, mode.id)));
    const kept = this.mode && time.modes.find((mode) => mode.id === this.mode.id);
    this.choose((kept || time.modes[0]).id, time.months.length - 1, false);
  }

  choose(id, end = this.end, redraw = true) {
    this.mode = this.time.modes.find((mode) => mode.id === id) || this.time.modes[0];
    this.modes.value = this.mode.id;
    const count = this.time.months.length;
    this.slider.min = String(firstEnd(this.mode.span, count));
    this.slider.max = String(count - 1);
    this.show(Math.min(Math.max(end, firstEnd(this.mode.span, count)), count - 1), redraw);
  }

  show(end, redraw = true) {
    this.end = end;
    this.slider.value = String(end);
    const [start] = frameBounds(this.mode.span, end);
    this.range.textContent = rangeLabel(this.time.months, start, end);
    this.box.dataset.frame = this.range.textContent;
    if (redraw) this.redraw();
  }

  start() {
    const count = this.time.months.length;
    if (this.end >= count - 1) this.show(firstEnd(this.mode.span, count)); // from the start again
    this.timer = setInterval(() => {
      if (this.end >= count - 1) this.pause();
      else this.show(this.end + 1);
    }, FRAME_MS);
    this.labelPlay();
  }

  pause() {
    clearInterval(this.timer);
    this.timer = null;
    this.labelPlay();
  }

  labelPlay() {
    this.play.textContent = this.timer ? '❚❚ Pause' : '▶ Play';
    this.play.setAttribute('aria-label', this.timer ? 'Pause' : 'Play the months');
  }

  // The cell layers to draw: the frame's while the time is on, else the page's.
  cells(pageCells) {
    if (!this.time) return pageCells;
    const [start, end] = frameBounds(this.mode.span, this.end);
    const key = `${start}:${end}`;
    let layers = this.frames.get(key);
    if (layers === undefined) {
      // Kept while these months are played: a frame drawn again finds the same rows, and
      // deck.gl the same data (map_element.js builds each rows' drawing once).
      layers = this.layers.map((layer, i) => ({...layer, rows: frameRows(layer.rows, this.series[i], this.countAt, start, end)}));
      this.frames.set(key, layers);
    }
    return layers;
  }

  // The page's drawing with the frame's colours, the same for every frame of this mode.
  look(page) {
    return this.time ? {...page, colors: this.mode.colors} : page;
  }

  // The map's legend (legend.js) while the time is on: this mode's classes, the same in
  // every frame, and the months played; the page's (the whole period's) otherwise.
  legend(pageLegend) {
    if (!this.time || !pageLegend) return pageLegend;
    const [start, end] = frameBounds(this.mode.span, this.end);
    return frameLegend(this.mode, this.time.months, start, end, this.time.note);
  }

  // The control sits just above the legend, both in the map's bottom-left corner.
  stackAbove(box) {
    const under = box && box.style.display !== 'none' ? box.offsetHeight + 6 : 0;
    this.box.style.bottom = `${8 + under}px`;
  }

  tooltip(pageLines) {
    if (!this.time) return pageLines;
    const [start, end] = frameBounds(this.mode.span, this.end);
    return [...(start === end ? pageLines : this.time.tooltip), rangeLabel(this.time.months, start, end)];
  }
}
