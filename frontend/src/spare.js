// While a guided tour runs, a spare deck for its next page's small map or graph, its shaders
// compiled as the tour starts.
//
// A small map that mounts while the page's Map is still on screen (Streamlit keeps the old page's
// elements until the new page's run ends) finds no kept deck (decks.js): it made a new WebGL
// context and compiled every layer kind's shaders in its first frame. On a software renderer
// (SwiftShader, no GPU) that held the page's main thread 1 to 4 s: the tour's step from the Map
// to a property (bench/demo_tour.py). So once per tab, when a tour is running, a deck is made
// off screen, draws one row of every kind of layer the small maps draw (compiling their
// shaders), and is let go into the kept decks marked prepared: the next small map to mount takes
// it before any other kept deck (decks.js).
// Compiling holds the main thread too, 3 to 5 s in all here: so only for a tour, whose start
// reads ahead what its steps show and whose steps are to open in under a second (issue 29);
// an analyst panning the Map would feel it.
import {deckIn, letGo} from './decks.js';

// The tour's panel in the sidebar (app.py draws it with the key `tour_panel`).
const TOUR_PANEL = '.st-key-tour_panel';
// Looked for often: the spare is made as the tour's first step shows, while its presenter talks.
const LOOK_AGAIN_MS = 250;
// After the tour's panel shows: its first step's map draws first.
const AFTER_FIRST_STEP_MS = 1500;
// Between two kinds: time for a press, a pointer move, a frame of the page.
const BETWEEN_KINDS_MS = 50;
// Off screen, but laid out (a canvas of no size draws nothing, and compiles nothing), at the size
// of the small map a tour shows next: a property's, 260 px tall less its border, across the page's
// main column. A spare of another size had its drawing buffer resized as that map took it, 0.1 to
// 0.3 s of the step on a software renderer (bench/demo_tour.py); a map of another size still does.
const HOLDER_STYLE = 'position:fixed;left:-10000px;top:0;pointer-events:none';
const SPARE_HEIGHT_PX = 258;
const SMALL_MAP_BORDERS_PX = 2;

function spareWidth() {
  const main = document.querySelector('[data-testid="stMainBlockContainer"]');
  if (!main) return 320;
  const style = getComputedStyle(main);
  const content = main.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  return Math.max(1, Math.floor(content) - SMALL_MAP_BORDERS_PX);
}

let planned = false;

export function tourRunning() {
  return document.querySelector(TOUR_PANEL) !== null;
}

// Plan the spare once per tab, made once a tour runs (looked for until one does); `layers()`
// gives one drawable layer of each kind to compile.
export function planSpareDeck(layers, {when = tourRunning} = {}) {
  if (planned || typeof document === 'undefined') return false;
  planned = true;
  const look = () => {
    if (when()) setTimeout(() => whenIdle(() => makeSpare(layers())), AFTER_FIRST_STEP_MS);
    else setTimeout(look, LOOK_AGAIN_MS);
  };
  setTimeout(look, LOOK_AGAIN_MS);
  return true;
}

function whenIdle(callback) {
  (globalThis.requestIdleCallback ?? ((run) => setTimeout(run, 0)))(callback, {timeout: 2000});
}

// One kind of layer per task: all in one held the main thread 3 to 4 s, where a press would
// wait for all of it; a kind at a time, a press waits for one.
function makeSpare(kinds) {
  const holder = document.createElement('div');
  holder.style.cssText = `${HOLDER_STYLE};width:${spareWidth()}px;height:${SPARE_HEIGHT_PX}px`;
  holder.setAttribute('aria-hidden', 'true');
  document.body.appendChild(holder);
  let next = 0;
  const deck = deckIn(holder, {
    initialViewState: {latitude: 0, longitude: 0, zoom: 1, target: [0, 0, 0]},
    layers: [kinds[next]],
    onAfterRender: () => {
      if (deck.props.layers[0] !== kinds[next]) return;
      // A pixel read back waits for the GPU process to have run the frame: a software renderer
      // compiles a shader's routines when it first draws, and that work, left to run on, made
      // the next frame of the page's own map wait for it instead.
      const gl = deck.device?.gl;
      gl?.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, new Uint8Array(4));
      next += 1;
      if (next < kinds.length) {
        setTimeout(() => deck.setProps({layers: [kinds[next]]}), BETWEEN_KINDS_MS);
        return;
      }
      setTimeout(() => {
        deck.prepared = true; // taken first by the next small map (decks.js)
        letGo(deck);
        holder.remove();
        document.documentElement.dataset.spareDeck = 'ready'; // tests/browser/test_decks_kept.py
      }, 0);
    },
  }, {kind: 'small'});
}
