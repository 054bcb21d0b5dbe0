"""Issue 29, the tour's steps: a return to a page with a map takes the deck.gl deck an earlier
page's map drew in (frontend/src/decks.js), with its WebGL context and compiled shaders.

Every map used to make a new deck: a new WebGL context and its shaders compiled again, whose
first frame held the page for 1 to 3 s on a software renderer (bench/demo_tour.py: back to
the Map's "Who buys there" 2.2 s, back to a property 3.1 s). Walked in one tab as a person
does: Map → Network → Lenders → Map → Network → Map, each page's maps painted and without an
error (tests/browser/journeys.py); the tab makes no more WebGL contexts than the most maps one
page shows, and the Map, back in a kept deck, still answers a click on a cell.
"""

from __future__ import annotations

from tests.browser.journeys import Journey
from tests.browser.test_map_journey import click_a_cell
from tests.browser.test_one_tab_journeys import lenders, network, the_map

# Every WebGL context the tab makes, one per canvas (a canvas asked again returns its own).
COUNT_CONTEXTS = """
window.__webglCanvases = new Set();
const getContext = HTMLCanvasElement.prototype.getContext;
HTMLCanvasElement.prototype.getContext = function (kind, ...rest) {
  const context = getContext.call(this, kind, ...rest);
  if (context && String(kind).startsWith('webgl')) window.__webglCanvases.add(this);
  return context;
};
"""
MAPS_SHOWN = '[data-deedscope="map"] canvas, [data-deedscope="small-map"] canvas'


def test_pages_with_maps_take_the_decks_earlier_maps_drew_in(app_url, page, artifacts_dir):
    page.add_init_script(COUNT_CONTEXTS)
    journey = Journey(page, artifacts_dir, "decks-kept")
    page.goto(app_url)
    journey.check("Map", ready=page.get_by_role("heading", name="Where investors buy"))
    most_maps = page.locator(MAPS_SHOWN).count()
    for step in (network, lenders, the_map, network, the_map):
        step(journey)
        most_maps = max(most_maps, page.locator(MAPS_SHOWN).count())
    contexts = page.evaluate("window.__webglCanvases.size")
    assert contexts <= most_maps, f"{contexts} WebGL contexts made for at most {most_maps} maps on a page: maps did not take kept decks"
    # The Map's deck has drawn the Network's graph and the Lenders' map since: it still picks a cell.
    click_a_cell(page, page.locator('[data-deedscope="map"] canvas'))
    # Without a tour nothing is compiled ahead: a person panning the Map would feel it.
    assert page.evaluate("document.documentElement.dataset.spareDeck") is None, "a spare deck without a tour"


def test_once_a_tour_runs_the_next_pages_graph_takes_a_deck_compiled_ahead(app_url, page, artifacts_dir):
    """Issue 29: a small map mounting while the Map is still on screen found no kept deck, and
    compiled its shaders in a new context in its first frame (1 to 4 s on SwiftShader: the
    tour's step from the Map to a property). Once a tour runs, the tab makes a spare deck as the
    tour starts (frontend/src/spare.js); the next page's graph takes it."""
    page.add_init_script(COUNT_CONTEXTS)
    journey = Journey(page, artifacts_dir, "spare-deck")
    page.goto(f"{app_url}/?present=1")
    journey.check("Map", ready=page.get_by_role("heading", name="Where investors buy"))
    page.locator('[data-testid="stSidebar"]').get_by_role("button", name="Start the tour").click()
    page.wait_for_function("document.documentElement.dataset.spareDeck === 'ready'", timeout=60_000)
    made = page.evaluate("window.__webglCanvases.size")
    assert made == 2, f"the Map's deck and the spare: {made} contexts"
    network(journey)
    assert page.evaluate("window.__webglCanvases.size") == made, "the graph made a context instead of taking the spare"
