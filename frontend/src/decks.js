// deck.gl decks outlive the elements that drew in them. An element that unmounts (its page
// left) leaves its deck here, its canvas off screen and its layers dropped, and the next
// map or graph to mount takes it with its WebGL context and the shaders that context
// compiled (luma.gl keeps a device's pipelines). A new deck on every visit to a page with a
// map made a context and compiled its shaders again: on a software renderer (SwiftShader, a
// machine without a GPU) its first frame held the page's main thread for 1 to 3 s
// (bench/demo_tour.py). A deck serves any of the maps (map_element.js, small_map.js): each
// sets all the props it draws with, over Deck's defaults for the callbacks another set.
import {Deck} from '@deck.gl/core';

import {framesOnDemand} from './frames.js';

// A page shows a few maps at most, and each kept deck holds a WebGL context (a tab may have 16).
export const KEPT = 3;
const RESET = Object.fromEntries(
  ['onHover', 'onClick', 'onViewStateChange', 'onAfterRender', 'getCursor'].map((name) => [name, Deck.defaultProps[name]]),
);
const kept = [];
// A kept deck draws no frames: its loop asks this for them (luma.gl's AnimationLoop prop). Left
// running, a kept deck drew its emptied layers into its detached canvas on the next page, its
// drawing buffer resized to nothing: 0.1 to 0.2 s of the main thread waiting for the GPU
// process (SwiftShader), on a page that shows no map at all (bench/demo_tour.py).
const NO_FRAMES = {requestAnimationFrame: () => 0, cancelAnimationFrame: () => {}};

// A deck drawing into `container` for an element of `kind` ('map' for the Map page's element,
// 'small' for the small maps and the network graph): a kept one moved there, or a new one.
export function deckIn(container, props, {kind} = {}) {
  const deck = takeKept(kind);
  if (deck === undefined) {
    // luma.gl's default waits for the window's load: an early map (early.js) would wait for all of Streamlit's.
    const made = new Deck({deviceProps: {waitForPageLoad: false}, ...props, parent: container});
    made.kind = kind;
    drawOnDemand(made);
    return made;
  }
  container.appendChild(deck.getCanvas());
  deck.keptIn?.remove();
  deck.keptIn = null;
  if (deck.onDemand) deck.onDemand.start();
  else drawOnDemand(deck);
  deck.animationLoop?.setProps({animationFrameProvider: deck.onDemand});
  deck.setProps({...RESET, ...props});
  deck.kind = kind;
  return deck;
}

// A deck's frames come when something may change what it shows (frames.js), and at once after
// its element sets its props: every change the element makes goes through `setProps`.
function drawOnDemand(deck) {
  deck.onDemand = framesOnDemand(deck);
  deck.animationLoop?.setProps({animationFrameProvider: deck.onDemand});
  const setProps = deck.setProps.bind(deck);
  deck.setProps = (props) => {
    setProps(props);
    deck.onDemand.wake();
  };
}

// The kept deck that compiles and resizes least: one that last served the same kind of element
// (its context compiled that element's shaders, its drawing buffer is near its size), then one
// prepared for every layer kind (spare.js), then the last let go. The Map back from a property
// took the spare its small map had used (prepared, and taken first): it compiled the Map's
// layers again and resized the small map's drawing buffer to the Map's, 0.3 to 0.8 s
// (bench/demo_tour.py, Back to "Who buys there").
function takeKept(kind) {
  const sameKind = kept.findLastIndex((deck) => kind !== undefined && deck.kind === kind);
  const prepared = kept.findLastIndex((deck) => deck.prepared);
  const index = sameKind >= 0 ? sameKind : prepared >= 0 ? prepared : kept.length - 1;
  return index >= 0 ? kept.splice(index, 1)[0] : undefined;
}

// The deck of an element that unmounts: kept for the next, or finalized when it never got
// its canvas (its WebGL device is made asynchronously) or when enough are kept.
export function letGo(deck) {
  const canvas = deck.getCanvas();
  deck.onDemand?.stop();
  if (!canvas) {
    deck.finalize();
    return;
  }
  deck.animationLoop?.setProps({animationFrameProvider: NO_FRAMES});
  deck.setProps({...RESET, layers: []});
  deck.keptIn = keepOffScreen(canvas);
  kept.push(deck);
  while (kept.length > KEPT) {
    const dropped = kept.shift();
    dropped.keptIn?.remove();
    dropped.finalize();
  }
}

// A kept canvas waits off screen at the size it had, still in the page: taken out of the page,
// luma.gl saw it shrink to nothing and set its drawing buffer to 1 by 1, and the next map to take
// it allocated its buffer again at its own size, 0.1 to 0.2 s on a software renderer (the Map
// back from a property, bench/demo_tour.py). At its size, the next map of that size resizes nothing.
function keepOffScreen(canvas) {
  const document = globalThis.document;
  if (!document?.body) {
    canvas.remove();
    return null;
  }
  const holder = document.createElement('div');
  // Its drawing buffer's size: an element unmounts once its box has left the page, where the
  // canvas measures nothing (the buffer follows the box's size in device pixels, luma.gl).
  const ratio = globalThis.devicePixelRatio || 1;
  const width = Math.max(1, Math.round(canvas.width / ratio));
  const height = Math.max(1, Math.round(canvas.height / ratio));
  holder.style.cssText = `position:fixed;left:-10000px;top:0;width:${width}px;height:${height}px;` +
    'visibility:hidden;pointer-events:none';
  holder.setAttribute('aria-hidden', 'true');
  holder.dataset.deedscope = 'kept-deck';
  holder.appendChild(canvas);
  document.body.appendChild(holder);
  return holder;
}

// How many are kept (tests).
export function keptCount() {
  return kept.length;
}
