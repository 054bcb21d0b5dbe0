"""The Map page's time (issue 18, AppTest against the sandbox): off by default; on, the
view's cells are read once per month of the period, tied to the rows drawn, and sent to
the map, which plays them itself; a rerun reads nothing again."""

from __future__ import annotations

import json
import threading
from collections import Counter
from datetime import date
from pathlib import Path

import pytest

from adapter import static_files
from mapspec.cells import cell_of_row
from mapspec.view import View
from services.data_api.resources.deals import Deals
from tests.pages.map_helpers import open_map, client, drawn_resolution, layer_rows, map_data, new_page


@pytest.fixture
def month_reads(monkeypatch) -> Counter:
    """The cells reads the page makes, by their dates (thread-safe: months are read a few at a time)."""
    reads: Counter = Counter()
    lock = threading.Lock()
    original = Deals.cells_frame

    def counted(self, **params):
        with lock:
            reads[(params.get("from_"), params.get("to"))] += 1
        return original(self, **params)

    monkeypatch.setattr(Deals, "cells_frame", counted)
    return reads


@pytest.fixture
def app(monkeypatch, sandbox):
    return open_map(monkeypatch, sandbox)


def time_rows(app, time: dict) -> list[list]:
    rows = time["rows"]
    if isinstance(rows, str):
        return json.loads(static_files.published_path(rows, Path(app._script_path).parent / "static").read_text())
    return rows


def test_off_by_default_on_reads_each_month_once_and_sends_them(app, sandbox, month_reads):
    assert map_data(app)["time"] is None, "off: the page sends no months"
    assert app.toggle(key="map_time").value is False
    assert not [dates for dates in month_reads if dates != (None, None)], "off: no month read"

    app.toggle(key="map_time").set_value(True).run()
    assert not app.exception
    data = map_data(app)
    time = data["time"]
    with client(sandbox.url) as api:
        market = api.coverage.retrieve().markets[0].model_dump(mode="json")
        data_end = str(market["data_end"])[:10]
        assert len(time["months"]) == 24 and time["months"][-1] == data_end[:7]
        monthly = {dates: count for dates, count in month_reads.items() if dates != (None, None)}
        assert len(monthly) == 24 and set(monthly.values()) == {1}, "each month read once"
        assert max(to for _, to in monthly) == data_end

        # The entries are the sandbox's cells of each month, tied to the rows the map draws.
        resolution = drawn_resolution(app)
        layers = [layer_rows(app, layer) for layer in data["cells"]]
        entries = time_rows(app, time)
        last_from, last_to = max(monthly)
        # The default place is the whole first market, read by its box (mapspec/place.py).
        expected = api.deals.cells_frame(bbox=View(*market["bbox"]).text(), from_=last_from, to=last_to, resolution=resolution)
    last = len(time["months"]) - 1
    got = {cell_of_row(layers[layer][row], resolution): deals for month, layer, row, deals, _, _ in entries if month == last}
    assert got == dict(zip(expected["cell"], expected["n_deals"].astype(int))), "the last month's cells and deals"
    assert {mode["id"] for mode in time["modes"]} == {"1", "3", "12", "cumulative"}

    month_reads.clear()
    app.run()  # any other rerun: the months are kept
    assert map_data(app)["time"] == time
    assert not month_reads, "no month read again"


def test_the_filters_dates_are_the_period(app, month_reads):
    app.session_state["map_filters_from"] = date(2025, 3, 10)
    app.session_state["map_filters_to"] = date(2025, 5, 20)
    app.toggle(key="map_time").set_value(True).run()
    assert not app.exception
    assert map_data(app)["time"]["months"] == ["2025-03", "2025-04", "2025-05"]
    monthly = sorted(dates for dates in month_reads if dates[0] and dates[0] >= "2025-03-10" and dates != ("2025-03-10", "2025-05-20"))
    assert monthly == [("2025-03-10", "2025-03-31"), ("2025-04-01", "2025-04-30"), ("2025-05-01", "2025-05-20")]


@pytest.mark.shape_independent("every month read is refused (504): only errors are read")
def test_a_refused_month_read_is_said_and_the_map_stays(app, sandbox):
    """The service refusing the months' reads (every data request a 504 here): said beside
    the map in a person's words, the map drawn as before and no months sent."""
    drawn = map_data(app)["cells"]
    sandbox.faults(rate=1.0, statuses=[504], seed=1)
    try:
        app.toggle(key="map_time").set_value(True).run()
    finally:
        sandbox.faults(rate=0)
    assert not app.exception
    data = map_data(app)
    assert data["time"] is None and data["cells"] == drawn, "the map as it was, without months"
    said = " ".join(str(element.value) for kind in ("error", "warning", "markdown") for element in getattr(app, kind))
    assert "Months of the map" in said
    assert "statement_timeout" not in said and "504" not in said, "no code of the service shown"


def test_time_goes_into_the_link_and_a_link_opens_with_it(monkeypatch, sandbox, app):
    app.toggle(key="map_time").set_value(True).run()
    assert not app.exception
    assert app.query_params.get("time") in ("on", ["on"]), "the switch is written into the link"

    reopened = new_page()
    reopened.query_params.update({key: value if isinstance(value, str) else value[0] for key, value in app.query_params.items()})
    reopened.run()
    assert not reopened.exception
    assert reopened.toggle(key="map_time").value is True
    assert map_data(reopened)["time"]["months"], "a link with time=on opens playing the months"

    app.toggle(key="map_time").set_value(False).run()
    assert "time" not in app.query_params, "off: the link says nothing of time"
