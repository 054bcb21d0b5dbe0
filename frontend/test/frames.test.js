// A deck's frames on demand (src/frames.js): the window's frames while something may change,
// then one a while, and at once again when woken.
import assert from 'node:assert/strict';
import {test} from 'node:test';

import {ACTIVE_MS, IDLE_FRAME_MS, framesOnDemand, liveCount, wakeDecks} from '../src/frames.js';

// A window with a clock the test moves: its animation frames and timers fire when `advance` passes them.
function fakeWindow() {
  const place = {time: 0, frames: new Map(), timers: new Map(), next: 1, windowFrames: 0};
  place.performance = {now: () => place.time};
  place.requestAnimationFrame = (callback) => {
    place.windowFrames += 1;
    const id = place.next++;
    place.frames.set(id, callback);
    return id;
  };
  place.cancelAnimationFrame = (id) => place.frames.delete(id);
  place.setTimeout = (callback, ms) => {
    const id = place.next++;
    place.timers.set(id, {callback, at: place.time + ms});
    return id;
  };
  place.clearTimeout = (id) => place.timers.delete(id);
  // One display frame of 16 ms: due timers fire, then the frames asked for before it.
  place.frame = () => {
    place.time += 16;
    for (const [id, timer] of [...place.timers]) {
      if (timer.at <= place.time) {
        place.timers.delete(id);
        timer.callback();
      }
    }
    const due = [...place.frames];
    place.frames.clear();
    for (const [, callback] of due) callback(place.time);
  };
  place.advance = (ms) => {
    const until = place.time + ms;
    while (place.time < until) place.frame();
  };
  return place;
}

// A deck as the provider sees it: whether it needs a redraw, and luma.gl's loop asking a frame after each frame.
function loopOn(place, {needsRedraw = () => false} = {}) {
  const deck = {needsRedraw, layerManager: {needsUpdate: () => false}, drawn: 0};
  const frames = framesOnDemand(deck, place);
  const frame = () => {
    deck.drawn += 1;
    frames.requestAnimationFrame(frame);
  };
  frames.requestAnimationFrame(frame);
  return {deck, frames};
}

test('a deck that changes nothing draws a frame each display frame at first, then one each IDLE_FRAME_MS', () => {
  const place = fakeWindow();
  const {deck, frames} = loopOn(place);
  place.advance(ACTIVE_MS);
  const active = deck.drawn;
  assert.ok(active >= ACTIVE_MS / 16 - 2, `a frame each display frame while active: ${active}`);
  place.advance(2000);
  const idle = deck.drawn - active;
  assert.ok(idle >= 2000 / (IDLE_FRAME_MS + 16) - 1 && idle <= 2000 / IDLE_FRAME_MS + 1, `one a while when still: ${idle}`);
  frames.stop();
});

test('a deck that reports a change keeps the display frames until it is still', () => {
  const place = fakeWindow();
  let changing = true;
  const {deck, frames} = loopOn(place, {needsRedraw: () => changing});
  place.advance(3000);
  assert.ok(deck.drawn >= 3000 / 16 - 2, 'a transition or a redraw asked for gets every frame');
  changing = false;
  place.advance(ACTIVE_MS + 100);
  const settled = deck.drawn;
  place.advance(1000);
  assert.ok(deck.drawn - settled <= 1000 / IDLE_FRAME_MS + 1, 'still again: few frames');
  frames.stop();
});

test('a pointer on the page (wakeDecks) brings the waiting frame at once and the display frames back', () => {
  const place = fakeWindow();
  const {deck, frames} = loopOn(place);
  place.advance(ACTIVE_MS + IDLE_FRAME_MS * 2);
  const before = deck.drawn;
  place.advance(20); // past a frame just drawn: the next one waits on its timer
  assert.ok(place.timers.size === 1, 'the next frame waits on a timer');
  wakeDecks();
  assert.equal(place.timers.size, 0, 'its timer is cancelled');
  place.frame();
  assert.ok(deck.drawn > before, 'drawn on the next display frame');
  const woken = deck.drawn;
  place.advance(ACTIVE_MS / 2);
  assert.ok(deck.drawn - woken >= ACTIVE_MS / 2 / 16 - 2, 'and on every display frame after');
  frames.stop();
});

test('a cancelled frame never comes, and a deck stopped is no longer woken', () => {
  const place = fakeWindow();
  const deck = {needsRedraw: () => false, drawn: 0};
  const frames = framesOnDemand(deck, place);
  const id = frames.requestAnimationFrame(() => (deck.drawn += 1));
  frames.cancelAnimationFrame(id);
  place.advance(ACTIVE_MS * 2);
  assert.equal(deck.drawn, 0);
  const live = liveCount();
  frames.stop();
  assert.equal(liveCount(), live - 1);
  frames.start();
  assert.equal(liveCount(), live);
  frames.stop();
});
