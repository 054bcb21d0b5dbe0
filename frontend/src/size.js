// How big the map is on screen. The map is the page (issue 16, Map 5): it reaches down to
// the window's foot from where it starts, so its bottom edge shows on the first screen, and
// is never shorter than the page's least height (message.json, `height`). In full-screen
// mode (the Fullscreen API on the map's box, from its toolbar button; Esc or the button
// leaves it) it is the whole screen. deck.gl follows its canvas's size by itself.
import {addButton, setLabel, setPressed} from './toolbar.js';

// Room kept under the map's foot, so its edge is seen as an edge.
export const FOOT_MARGIN_PX = 16;
// How long what stands above the map must stand still before the map is refitted.
const SETTLED_MOVE_MS = 1500;

// The height that reaches the window's foot from `top` (px from the page's top), at least `least`.
export function heightToFoot({windowHeight, top, least, margin = FOOT_MARGIN_PX}) {
  return Math.max(least, Math.floor(windowHeight - top - margin));
}

// The box's top from the page's top, whichever box scrolls (Streamlit scrolls its main
// block, not the window), so a rerun while scrolled down measures the same.
function pageTop(element) {
  let top = element.getBoundingClientRect().top + window.scrollY;
  for (let node = element.parentElement; node; node = node.parentElement) top += node.scrollTop;
  return top;
}

export function isFullScreen(map) {
  return document.fullscreenElement === map.container;
}

// The height a map was last fitted to: a map that mounts starts at it, before its first message
// fits it. In a box of no height its canvas (a kept deck's, decks.js) got a drawing buffer of 1 by
// 1, and one of the map's size a frame later: two allocations, the second 0.1 s or more on a
// software renderer (the tour's Back to the Map, bench/demo_tour.py).
let lastFitted = 0;

export function startHeight(container) {
  if (lastFitted) container.style.height = `${lastFitted}px`;
}

// Sets the map's height and returns it.
export function fitHeight(map, least) {
  map.least = least;
  if (isFullScreen(map)) {
    map.container.style.height = '100%';
    return map.container.clientHeight;
  }
  const height = heightToFoot({windowHeight: window.innerHeight, top: pageTop(map.container), least});
  map.container.style.height = `${height}px`;
  lastFitted = height;
  return height;
}

// The full-screen button, and the map refitted when the screen or the window changes;
// `resized` is told then (the map reports the larger or smaller view it now shows).
export function addFullScreen(map, resized) {
  // Without the Fullscreen API (an iPhone's browser) there is no button to offer.
  if (!map.container.requestFullscreen) return;
  const button = addButton(map.container, {
    name: 'Full screen',
    onClick: () => (isFullScreen(map) ? document.exitFullscreen() : map.container.requestFullscreen()),
  });
  const {signal} = map.listening;
  const refit = () => {
    fitHeight(map, map.least);
    resized();
  };
  document.addEventListener(
    'fullscreenchange',
    () => {
      const full = isFullScreen(map);
      setLabel(button, full ? 'Leave full screen' : 'Full screen');
      setPressed(button, full);
      // The page's background does not come along into full screen.
      map.container.style.background = full ? '#fff' : '';
      refit();
    },
    {signal},
  );
  window.addEventListener('resize', refit, {signal});
  // What stands above the map can change height with no message to the map (the Map
  // page's controls come after its first paint; a warning comes above it): once it has
  // stood still for SETTLED_MOVE_MS, a map that moved is refitted to the window's foot.
  // Not at once: Streamlit first draws a widget's placeholder, of another height, until
  // the widget's script is loaded, and the map would be refitted (and report a new view)
  // twice for nothing.
  let settling;
  const moved = new ResizeObserver(() => {
    clearTimeout(settling);
    settling = setTimeout(() => {
      if (isFullScreen(map) || map.least === undefined) return;
      const fits = heightToFoot({windowHeight: window.innerHeight, top: pageTop(map.container), least: map.least});
      if (map.container.clientHeight !== fits) refit();
    }, SETTLED_MOVE_MS);
  });
  // Observed again when the map moves into another box (an early map taken by the page's element, early.js).
  map.observeAncestors = () => {
    moved.disconnect();
    for (let node = map.container.parentElement; node; node = node.parentElement) moved.observe(node);
  };
  map.observeAncestors();
  signal.addEventListener('abort', () => {
    clearTimeout(settling);
    moved.disconnect();
  });
  // A browser leaves full screen on Esc itself; said here too for one that passes the key on.
  document.addEventListener(
    'keydown',
    (event) => {
      if (event.key === 'Escape' && isFullScreen(map)) document.exitFullscreen();
    },
    {signal},
  );
}
