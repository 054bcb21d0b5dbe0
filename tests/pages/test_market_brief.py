"""The Map's market brief (issue 29): made from the view on the page, read back with pypdf."""

from __future__ import annotations

import io
import re

from pypdf import PdfReader

from tests.pages.map_helpers import client, open_map


def brief_text(pdf: bytes) -> tuple[int, str]:
    reader = PdfReader(io.BytesIO(pdf))
    return len(reader.pages), "\n".join(page.extract_text() for page in reader.pages)


def test_the_brief_of_a_market_view_names_the_market_and_its_leading_investor(monkeypatch, sandbox):
    with client(sandbox.url) as api:
        market = api.coverage.retrieve().markets[1].model_dump(mode="json")
        leader = api.investors.list(bbox=",".join(str(v) for v in market["bbox"]), limit=10).items[0]
        dataset = api.dataset()
    app = open_map(monkeypatch, sandbox, market=market["market"])
    assert "map_brief_download" not in [button.key for button in app.get("download_button")]
    app.button(key="map_brief_ask").click().run()
    assert not app.exception
    # Ten investors at most, and CONFIRM_ABOVE is 0 in the suite: confirmed naming the number.
    confirm = app.button(key="map_brief_confirm")
    assert "10 credits" in confirm.label
    confirm.click().run()
    assert not app.exception
    assert [element.proto.label for element in app.get("download_button") if "brief" in element.proto.label] == [
        "Download a market brief"
    ]
    pages, text = brief_text(app.session_state["map_brief_state"]["rows"])
    assert 1 <= pages <= 3
    assert f"Market brief: {market['name']} ({market['market']})" in text
    assert leader.display_name in text, "the view's leading investor"
    assert f"Dataset version {dataset.dataset_version}" in text and str(dataset.data_end) in text
    assert f"market={market['market']}" in text, "the link that reopens the view"
    # Issue 46: the place's trends, as the Map says them under the map, with their chart.
    trends = next(chart for chart in app.get("markdown") if str(chart.value).startswith("Investor purchases in this view"))
    said = " ".join(str(trends.value).replace("\\$", "$").split())
    assert "Market trends" in text and said[:60] in " ".join(text.split())
    assert len(PdfReader(io.BytesIO(app.session_state["map_brief_state"]["rows"])).pages[0].images) >= 1


def test_the_brief_reads_in_words_with_the_maps_legend_places_and_the_apps_address(monkeypatch, sandbox):
    """Issue 44, 7: names, never ids; prices as people write them; kinds and filters in words; the link on
    the app's own address (its public setting here); the map's places named and the app's own legend."""
    import adapter.brief
    from mapspec.classes import DEALS, QUANTILE

    made = []

    def recording(data):
        made.append(data)
        return real(data)

    real = adapter.brief.market_brief
    monkeypatch.setattr(adapter.brief, "market_brief", recording)
    with client(sandbox.url) as api:
        market = api.coverage.retrieve().markets[0]
    app = open_map(monkeypatch, sandbox, market=market.market)
    monkeypatch.setenv("DEEDSCOPE_APP_URL", "https://deedscope.example")
    app.button(key="map_brief_ask").click().run()
    app.button(key="map_brief_confirm").click().run()
    assert not app.exception
    _pages, text = brief_text(app.session_state["map_brief_state"]["rows"])
    assert not re.search(r"\binv_[0-9a-f]{6,}", text), "an investor printed by its id"
    assert re.search(r"median price \$[\d,]+\.", text) and not re.search(r"\$[\d,]+\.0\b", text), text
    assert "Ibuyer" not in text and not re.search(r"\b[A-Z]+_[A-Z_]+\b", text), "kinds in words"
    assert "Filters:" not in text and "Deals counted: every deal, of any date, kind and price." in text
    assert "https://deedscope.example/map?" in text and "localhost" not in text, "the app's own address"
    data = made[-1]
    assert data.places and all(name and not name.isupper() for name, _lat, _lng in data.places), "places named"
    import adapter.map_classes

    classes = adapter.map_classes.market_classes(market, {}, DEALS, QUANTILE)
    assert data.legend.title == "Deals per cell" == classes.title
    assert [tuple(colour) for colour in data.legend.colours] == [colour for colour, _label in classes.classes()]
    assert list(data.legend.labels) == [label for _colour, label in classes.classes()], "the app's own legend"
