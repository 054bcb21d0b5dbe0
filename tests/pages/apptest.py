"""What the analyst pages' AppTests share: run a page file against the sandbox, read what it says."""

from __future__ import annotations

import functools

import httpx2
from streamlit.testing.v1 import AppTest

from tests.processes import ROOT
from tests.processes import api_get as api_get_at

RUN_TIMEOUT_S = 60
SPOKEN_ELEMENTS = ("markdown", "caption", "info", "warning", "error", "success", "subheader", "text")


@functools.cache
def http() -> httpx2.Client:
    """One client for the tests' own reads of the sandbox (a new one builds its TLS context: ~45 ms)."""
    return httpx2.Client(timeout=30)


def page_path(name: str) -> str:
    return str(ROOT / "pages" / f"{name}.py")


def run_page(page: str, **query_params) -> AppTest:
    """Run one page script on its own (as AppTest does), with the URL query given."""
    app = AppTest.from_file(page, default_timeout=RUN_TIMEOUT_S)
    app.query_params.update(query_params)
    return app.run()


def page_runner(name: str):
    """`run_page` for one page of pages/ by its name: `run_page = page_runner("lenders")`."""
    def run(**query_params) -> AppTest:
        return run_page(page_path(name), **query_params)

    return run


def open_tab(app: AppTest, label: str, *, key: str = "section") -> AppTest:
    """Open a tab as a click does: tabs that keep their state draw only the open one."""
    assert label in [tab.label for tab in app.tabs], f"no tab {label!r}: {[tab.label for tab in app.tabs]}"
    app.session_state[key] = label
    return app.run()


def texts(app: AppTest) -> str:
    """Everything the page says, for assertions on wording."""
    parts = []
    for kind in SPOKEN_ELEMENTS:
        parts.extend(str(element.value) for element in getattr(app, kind))
    return "\n".join(parts)


def frame_with(app: AppTest, column: str):
    """The first table the page drew that has this column."""
    return next(element.value for element in app.dataframe if column in element.value.columns)


def sandbox_fixtures(sandbox) -> dict:
    """Notable ids of the sandbox's data (admin route), found rather than hard-coded."""
    response = http().get(f"{sandbox.url}/_sandbox/fixtures")
    response.raise_for_status()
    body = response.json()
    return body.get("data", body)


def api_get(sandbox, path: str, **params) -> dict:
    """A Data API read with the demo key, to compare the page against."""
    return api_get_at(sandbox.url, path, **params)


def walk_api(sandbox, path: str, rows: int, **params) -> list[dict]:
    """The first `rows` rows of a list read as the app reads it, following `next_cursor` (a short
    page is not the end: data-api.md, Pagination; the `--variety` sandbox serves short pages)."""
    found: list[dict] = []
    cursor = None
    while len(found) < rows:
        body = api_get(sandbox, path, **params, **({"cursor": cursor} if cursor else {}))
        found += body["data"]
        cursor = body["page"]["next_cursor"]
        if not cursor:
            break
    return found[:rows]


def lender_ranks(sandbox, market: str, rows: int) -> list[dict]:
    """A market's leading lenders as the documents let them be read (data-api.md, line 171): every
    lender of the registry (`GET /v1/lenders`, its cursor only) with its own rank there (`/rankings`)."""
    registry = walk_api(sandbox, "/v1/lenders", 10_000)
    ranked = [{**lender, "rank": rank["rank"]} for lender in registry
              for rank in api_get(sandbox, f"/v1/lenders/{lender['id']}/rankings")["data"] if rank["market"] == market]
    return sorted(ranked, key=lambda row: (row["rank"], row["id"]))[:rows]


def leaderboard_of(app):
    """The Investors page's leaderboard, asked for and its cost agreed where the page asks: a link
    opening the page charges nothing before its button (issue 29), and the tests' budget asks
    before every charged read (tests/processes.py: DEEDSCOPE_CONFIRM_ABOVE=0)."""
    for key in ("inv_board_ask", "inv_board_confirm"):
        if any(str(button.key) == key for button in app.button):
            app.button(key=key).click().run()
    return next(frame.value for frame in app.dataframe if "Rank" in frame.value.columns)
