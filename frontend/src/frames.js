// Frames on demand for a deck on the page. luma.gl's loop asks the window for a frame sixty
// times a second for as long as the deck lives, drawn or not: each frame checks the deck's
// layers and submits to the GPU. A map left open and still cost its tab 7 % of a core in the
// renderer and 2 % in the GPU process (SwiftShader, no GPU: a laptop's battery, and the
// browser tests' machine, where a page with a map stood open in every journey).
//
// Here a deck gets the window's frames while something may change what it shows: a change it
// reports itself (a redraw or an update it needs, a transition), its element's own props, a
// pointer, wheel or key anywhere on the page, or a tile it just loaded; and for ACTIVE_MS after.
// Then it gets one frame every IDLE_FRAME_MS: what a deck does not report (a canvas resized by
// the page's layout) is drawn within that.
export const ACTIVE_MS = 1000;
export const IDLE_FRAME_MS = 200;
const WAKING_EVENTS = ['pointerdown', 'pointermove', 'wheel', 'keydown', 'touchstart'];
// Set before the page loads, every deck gets every display frame, as luma.gl's own loop: the
// plain peer of bench/map_idle.py.
const everyFrame = (place) => place.deedscopeEveryFrame === true;

const live = new Set();
let listening = false;

// The provider for `deck`'s loop (luma.gl's AnimationLoop `animationFrameProvider`), and `wake`.
// `place` is the window (tests give their own clock and frames).
export function framesOnDemand(deck, place = globalThis) {
  const now = () => place.performance.now();
  let activeUntil = now() + ACTIVE_MS;
  // The one frame the loop waits for: its callback, and the window frame or the timer it is on.
  let waiting = null;
  let next = 1;

  const changing = () => Boolean(deck.needsRedraw?.({clearRedrawFlags: false}) || deck.layerManager?.needsUpdate?.());
  const onFrame = (entry) => place.requestAnimationFrame((time) => {
    if (waiting === entry) waiting = null;
    entry.callback(time);
  });
  const cancel = (entry) => {
    if (entry.timer) place.clearTimeout(entry.timer);
    if (entry.frame) place.cancelAnimationFrame(entry.frame);
    entry.timer = null;
    entry.frame = null;
  };
  const provider = {
    requestAnimationFrame(callback) {
      if (changing()) activeUntil = now() + ACTIVE_MS;
      const entry = {id: next++, callback, frame: null, timer: null};
      waiting = entry;
      if (now() < activeUntil || everyFrame(place)) {
        entry.frame = onFrame(entry);
      } else {
        entry.timer = place.setTimeout(() => {
          entry.timer = null;
          entry.frame = onFrame(entry);
        }, IDLE_FRAME_MS);
      }
      return entry.id;
    },
    cancelAnimationFrame(id) {
      if (waiting === null || waiting.id !== id) return;
      cancel(waiting);
      waiting = null;
    },
    // Something may change what the deck shows: its next frame comes now, not after a wait.
    wake() {
      activeUntil = now() + ACTIVE_MS;
      if (waiting === null || !waiting.timer) return;
      cancel(waiting);
      waiting.frame = onFrame(waiting);
    },
    // A deck kept off the page (decks.js) or finalized: no longer woken.
    stop() {
      live.delete(provider);
    },
    start() {
      live.add(provider);
      activeUntil = now() + ACTIVE_MS;
    },
  };
  provider.start();
  listen(place);
  return provider;
}

// Every live deck's next frame now (a pointer on the page, a tile loaded).
export function wakeDecks() {
  for (const provider of live) provider.wake();
}

export function liveCount() {
  return live.size;
}

function listen(place) {
  if (listening || !place.document?.addEventListener) return;
  listening = true;
  for (const name of WAKING_EVENTS) place.document.addEventListener(name, wakeDecks, {capture: true, passive: true});
}
