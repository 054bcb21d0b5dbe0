"""The Map's market trends (issue 46; AppTest against the real sandbox): the place's purchases by month
and kind, its median price, the change on a year ago in a sentence the service's own counts bear out,
and for ZIPs the busiest buyers since a date the person picks, named and linked.
"""

from __future__ import annotations

import json
import re
from datetime import date

import pandas as pd

from tests.pages.map_helpers import client, open_map, texts

SENTENCE = re.compile(r"Investor purchases in this view are (up|down) (\d+) % on a year ago: ([\d,]+) in the 12 months "
                      r"to (\w{3} \d{4}), against ([\d,]+) the 12 months before\.")


def said(app) -> str:
    return "\n".join(texts(app, "markdown") + texts(app, "caption") + texts(app, "info")).replace("\\$", "$")


def year_count(api, place: dict, market: dict, **filters) -> tuple[int, int]:
    """The last 12 months' purchases and the 12 before, as the service counts them (the sandbox's
    data ends on a month's last day, so these are whole months)."""
    end = pd.Timestamp(str(market["data_end"])[:10])
    assert end.is_month_end
    year_ago, two_years_ago = end - pd.DateOffset(months=12), end - pd.DateOffset(months=24)
    counts = []
    for first, last in ((year_ago + pd.Timedelta(days=1), end), (two_years_ago + pd.Timedelta(days=1), year_ago)):
        counts.append(api.deals.summary(**place, from_=first.date().isoformat(), to=last.date().isoformat(),
                                        **filters).n_deals)
    return counts[0], counts[1]


def test_the_map_shows_the_places_trends_with_the_change_on_a_year_ago(monkeypatch, sandbox):
    with client(sandbox.url) as api:
        market = api.coverage.retrieve().markets[0].model_dump(mode="json")
        recent, before = year_count(api, {"bbox": ",".join(str(v) for v in market["bbox"])}, market)
    app = open_map(monkeypatch, sandbox, market=market["market"])
    assert "Market trends" in texts(app, "subheader")
    found = SENTENCE.search(said(app))
    assert found, said(app)
    assert (int(found.group(3).replace(",", "")), int(found.group(5).replace(",", ""))) == (recent, before)
    assert int(found.group(2)) == round(abs(recent / before - 1) * 100)
    assert "Their median price is" in said(app)
    spec = next(json.loads(chart.proto.spec) for chart in app.get("vega_lite_chart") if "layer" in chart.proto.spec)
    bars, line = spec["layer"]
    assert bars["encoding"]["color"]["field"] == "Kind" and bars["encoding"]["y"]["stack"] == "zero"
    assert line["encoding"]["y"]["field"] == "Median price" and spec["resolve"]["scale"]["y"] == "independent"
    assert any(button.proto.label == "Download the months (CSV)" for button in app.get("download_button"))


def test_the_trends_follow_the_filters_kinds(monkeypatch, sandbox):
    with client(sandbox.url) as api:
        market = api.coverage.retrieve().markets[0].model_dump(mode="json")
        recent, before = year_count(api, {"bbox": ",".join(str(v) for v in market["bbox"])}, market, kind=["flip"])
    app = open_map(monkeypatch, sandbox, market=market["market"], kind="flip")
    found = SENTENCE.search(said(app))
    assert found and (int(found.group(3).replace(",", "")), int(found.group(5).replace(",", ""))) == (recent, before)


def test_a_zip_view_names_its_busiest_buyers_since_a_date_linked_to_their_profiles(monkeypatch, sandbox):
    with client(sandbox.url) as api:
        market = api.coverage.retrieve().markets[0].model_dump(mode="json")
        zips = sorted({deal.property.zip for deal in api.deals.list(bbox=",".join(str(v) for v in market["bbox"]),
                                                                   limit=40).items if deal.property})[:3]
    app = open_map(monkeypatch, sandbox, market=market["market"], zip=",".join(zips))
    assert "**Who bought most in these ZIPs**" in texts(app, "markdown")
    app.button(key="map_top_buyers_ask").click().run()
    assert re.search(r"The 10 busiest buyers since \d{4}-\d\d-01 may cost up to 10 credits", " ".join(texts(app, "warning")))
    app.button(key="map_top_buyers_confirm").click().run()
    assert not app.exception
    table = next(frame.value for frame in app.dataframe if "Buyer" in frame.value.columns)
    assert len(table) >= 1 and table["Purchases"].is_monotonic_decreasing
    assert table["Profile"].dropna().str.startswith("/investors?investor=inv_").any(), "named and linked"
    with client(sandbox.url) as api:
        served = api.buyers.list(zip=zips, from_=app.session_state["map_top_buyers_since"], limit=10).items
    assert table["Buyer"].iloc[0] in {served[0].model_extra.get("display_name"), served[0].org_name}
    # Another date: another read, its cost stated again.
    app.session_state["map_top_buyers_since"] = date(2020, 1, 1)
    app.run()
    assert any(button.key == "map_top_buyers_ask" for button in app.button)
