"""A tour of every page against a sandbox that fails 20 % of data requests (429, 503, 504,
500) with added latency, for several seeds (issue 16, Faults): no uncaught exception, every
panel shows its data or a message saying what to do, and no credit is charged beyond the
cost stated. The tour's figures are printed (`pytest -s`)."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from components.words import plural
from tests.pages.apptest import RUN_TIMEOUT_S, api_get, page_path
from tests.pages.map_helpers import drawn_cells, select_cell
from tests.pages.test_marketplace_page import app_login, log_in, page_for  # noqa: F401 - app_login is a fixture

FAULTS = {"rate": 0.2, "statuses": [429, 503, 504, 500], "latency_ms": 40}
SEEDS = (1, 2, 3)
SPOKEN = ("error", "warning", "info", "success", "caption", "markdown", "metric")


def said(app: AppTest) -> str:
    return "\n".join(str(getattr(element, "value", "")) for kind in SPOKEN for element in getattr(app, kind))


def shows_something(app: AppTest) -> bool:
    """Data (a table, a chart, a map, a metric) or a message."""
    return bool(app.dataframe or app.metric or app.get("bidi_component") or app.error or app.warning or app.info or app.success)


def fresh() -> None:
    import adapter.data
    import streamlit as st

    st.cache_data.clear()
    adapter.data._shared_resources.clear()


def tour_map(figures: dict) -> AppTest:
    app = AppTest.from_file(page_path("map"), default_timeout=RUN_TIMEOUT_S).run()
    if not app.exception and app.get("bidi_component"):
        try:
            rows = drawn_cells(app)
        except AssertionError:
            rows = []  # the map drew no legend: its cells failed and it says so
        if rows:
            select_cell(app, max(rows, key=lambda item: item[1]))
            app.run()
            asks = [button for button in app.button if button.key == "map_deals_ask"]
            if asks:
                asks[0].click().run()
                warning = " ".join(str(element.value) for element in app.warning)
                confirm = [button for button in app.button if button.key == "map_deals_confirm"]
                if confirm:
                    confirm[0].click().run()
                    meter = app.session_state["adapter_data_api"].credits
                    stated = [int(word.replace(",", "")) for word in warning.split() if word.replace(",", "").isdigit()]
                    assert not stated or meter.charged <= max(stated), "charged beyond the cost stated"
                    figures["credits"] += meter.charged
    return app


@pytest.mark.parametrize("seed", SEEDS)
def test_every_page_says_what_it_can_when_a_fifth_of_requests_fail(app_env, app_login, seed, capsys):
    investor = api_get(app_env, "/v1/investors/search", q="LLC")["data"][0]["id"]
    agent = api_get(app_env, "/v1/agents/search", q="Homes")["data"][0]
    token = log_in(app_login).token
    app_env.faults(**FAULTS, seed=seed)
    figures = {"pages": 0, "messages": 0, "credits": 0}
    tours = {
        "map": lambda: tour_map(figures),
        "investor": lambda: _run("investors", investor=investor),
        "agent": lambda: _run("agents", agent=agent["id"], market=agent["market"]),
        "coverage": lambda: _run("coverage", zip="75201"),
        "marketplace": lambda: page_for(token),
    }
    for name, tour in tours.items():
        fresh()
        app = tour()
        assert not app.exception, (name, [element.value for element in app.exception])
        text = said(app)
        assert "Traceback" not in text, name
        assert shows_something(app), f"{name} shows neither data nor a message"
        figures["pages"] += 1
        figures["messages"] += len(app.error) + len(app.warning)
    app_env.faults(rate=0)
    with capsys.disabled():
        print(f"\nfaults tour, seed {seed}: {figures['pages']} pages, {plural(figures['messages'], 'problem')} said, "
              f"{plural(figures['credits'], 'credit')} charged, 0 exceptions")


def _run(page: str, **query) -> AppTest:
    app = AppTest.from_file(page_path(page), default_timeout=RUN_TIMEOUT_S)
    app.query_params.update(query)
    return app.run()
