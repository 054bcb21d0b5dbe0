"""What the Map page says when it draws nothing, and its counts' words (issue 16, Map 3 and 4).

"No deals here with these filters" blamed filters nobody had set: an empty view says the
view is empty, a city of no served market says so, and only set filters are blamed. A map
with no cells shows no legend of colours; one of anything is singular.
"""

from __future__ import annotations

from mapspec.legend import legend_message
from mapspec.classes import DEALS, QUANTILE, Classes
from tests.pages.map_helpers import open_map, legend_words, map_data, texts

# A small box in DFW's frame with no deals in the sandbox's small set (its south-west corner).
def empty_view(markets: list[dict]) -> str:
    west, south, _, _ = next(market for market in markets if market["market"] == "DFW")["bbox"]
    return f"{west + 0.001:.4f},{south + 0.001:.4f},{west + 0.011:.4f},{south + 0.011:.4f}"


def shown(app) -> str:
    return " ".join(texts(app, "info") + texts(app, "warning") + texts(app, "error") + texts(app, "caption"))


def legend(app) -> str:
    return legend_words(app)


def markets_of(sandbox) -> list[dict]:
    from tests.pages.map_helpers import client

    with client(sandbox.url) as api:
        return [market.model_dump(mode="json") for market in api.coverage.retrieve().markets]


def test_an_empty_view_says_so_and_blames_no_filter(monkeypatch, sandbox):
    app = open_map(monkeypatch, sandbox, market="DFW", view=empty_view(markets_of(sandbox)))
    text = shown(app)
    assert "No deals in this view" in text, text
    assert "filters" not in text, "no filter is set: none is blamed"
    assert "Deals per cell" not in legend(app), "no colours to explain with no cells drawn"
    assert map_data(app)["legend"] is None, "no legend on the map either"


def test_set_filters_are_named_when_they_empty_the_view(monkeypatch, sandbox):
    app = open_map(monkeypatch, sandbox, market="DFW", view=empty_view(markets_of(sandbox)), min="100000")
    assert "with these filters" in shown(app)


def test_a_city_of_no_served_market_says_so(monkeypatch, sandbox):
    app = open_map(monkeypatch, sandbox, market="DFW", city="Gotham")
    text = shown(app)
    assert "Gotham" in text and "not a city of any served market" in text, text
    assert "widen the dates" not in text


def test_counts_of_one_are_singular():
    words = " ".join(legend_message(Classes(DEALS, QUANTILE, (1.0, 2.0)), resolution=8, n_cells=1)["lines"])
    assert "1 cell drawn" in words and "1 cells" not in words
