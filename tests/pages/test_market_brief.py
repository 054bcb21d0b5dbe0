"""The Map's market brief (issue 29): made from the view on the page, read back with pypdf."""

from __future__ import annotations

import io

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
