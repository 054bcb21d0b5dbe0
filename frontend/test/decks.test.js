// Decks kept when their element unmounts, for the next map to take (src/decks.js).
import assert from 'node:assert/strict';
import {test} from 'node:test';

import {KEPT, deckIn, keptCount, letGo} from '../src/decks.js';

// A deck as decks.js sees it: its canvas, its props as last set, whether it was finalized.
function fakeDeck(name, {canvas = true} = {}) {
  const deck = {name, props: {}, finalized: false, removed: false, frames: true};
  // Its loop: frames come while its provider is its own on demand (frames.js), none with another.
  deck.animationLoop = {setProps: ({animationFrameProvider}) => (deck.frames = animationFrameProvider === deck.onDemand)};
  deck.canvas = canvas ? {remove: () => (deck.removed = true)} : null;
  deck.getCanvas = () => deck.canvas;
  deck.setProps = (props) => Object.assign(deck.props, props);
  deck.finalize = () => (deck.finalized = true);
  return deck;
}

function container() {
  const children = [];
  return {children, appendChild: (child) => children.push(child)};
}

test('a deck let go leaves the page with its layers and callbacks dropped, and the next map takes it', () => {
  const deck = fakeDeck('map');
  deck.setProps({layers: ['cells'], onClick: () => 'pick', onAfterRender: () => 'drawn'});
  letGo(deck);
  assert.equal(deck.removed, true);
  assert.equal(deck.frames, false, 'a kept deck draws no frames');
  assert.deepEqual(deck.props.layers, []);
  assert.notEqual(deck.props.onClick?.(), 'pick');
  assert.notEqual(deck.props.onAfterRender(), 'drawn');
  const into = container();
  const onHover = () => 'tip';
  assert.equal(deckIn(into, {layers: ['points'], onHover}), deck);
  assert.deepEqual(into.children, [deck.canvas]);
  assert.deepEqual(deck.props.layers, ['points']);
  assert.equal(deck.props.onHover, onHover);
  assert.equal(deck.frames, true, 'a deck taken draws again');
  assert.equal(deck.finalized, false);
  assert.equal(keptCount(), 0);
});

test('a deck whose canvas was never made is finalized, not kept', () => {
  const deck = fakeDeck('unready', {canvas: false});
  letGo(deck);
  assert.equal(deck.finalized, true);
  assert.equal(keptCount(), 0);
});

test(`at most ${KEPT} decks are kept: the longest kept is finalized`, () => {
  const decks = Array.from({length: KEPT + 1}, (_, index) => fakeDeck(`deck ${index}`));
  for (const deck of decks) letGo(deck);
  assert.equal(keptCount(), KEPT);
  assert.deepEqual(decks.map((deck) => deck.finalized), [true, ...Array(KEPT).fill(false)]);
  // The last let go is taken first: its page was left last.
  assert.equal(deckIn(container(), {}), decks[KEPT]);
  while (keptCount() > 0) deckIn(container(), {});
});

test('a deck prepared for every layer kind is taken before one let go later', () => {
  const prepared = fakeDeck('prepared');
  prepared.prepared = true;
  const plain = fakeDeck('plain');
  letGo(prepared);
  letGo(plain);
  assert.equal(deckIn(container(), {}, {kind: 'small'}), prepared);
  assert.equal(deckIn(container(), {}, {kind: 'small'}), plain);
  assert.equal(keptCount(), 0);
});

test('a map takes the deck that last served its kind of element, before a prepared one', () => {
  // The tour: the Map's deck kept on a property's page, whose small map took the spare; back on
  // the Map, its element takes its own deck (its shaders, its size), not the spare.
  const mapDeck = fakeDeck('map');
  mapDeck.kind = 'map';
  letGo(mapDeck);
  const spare = fakeDeck('spare');
  spare.prepared = true;
  letGo(spare);
  const small = deckIn(container(), {}, {kind: 'small'});
  assert.equal(small, spare);
  letGo(small);
  assert.equal(deckIn(container(), {}, {kind: 'map'}), mapDeck);
  assert.equal(mapDeck.kind, 'map');
  // The next small map takes the spare again: it last served a small map.
  const plain = fakeDeck('plain');
  letGo(plain);
  assert.equal(deckIn(container(), {}, {kind: 'small'}), spare);
  assert.equal(deckIn(container(), {}, {kind: 'small'}), plain);
  assert.equal(keptCount(), 0);
});
