"""The Lenders page (AppTest) against the real sandbox: rankings, search, a lender, loans, CSV, borrowers."""

from __future__ import annotations

import re

import pytest

import adapter.lenders
from services.errors import UnprocessableError
from services.data_api.lender_ranking import RankedRegistry
from tests.pages.apptest import api_get, frame_with, lender_ranks, page_runner, sandbox_fixtures, texts
from tests.pages.conftest import point_the_app_at
from tests.processes import sandbox_env
from tests.pages.small_maps import layer_by_id, small_maps

run_page = page_runner("lenders")


def test_rankings_of_the_chosen_market_link_to_lenders(app_env):
    app = run_page(market="CLT")
    assert not app.exception
    board = frame_with(app, "Rank")
    expected = lender_ranks(app_env, "CLT", 25)
    assert list(board["Lender"]) == [row["name"] for row in expected]
    assert list(board["Rank"]) == [row["rank"] for row in expected] and expected[0]["rank"] == 1
    assert all(link.startswith("/lenders?lender=len_") for link in board["Open"])
    assert "the market's leading lender" in texts(app)
    assert layer_by_id(small_maps(app)[0], "lender-cells")["rows"], "the leading lender's cells are drawn"


@pytest.mark.shape_independent("on the --variety sandbox already")
def test_a_markets_ranks_are_each_lenders_own_on_a_host_that_lists_its_own_way(variety_app_env):
    """data-api.md line 171 names `GET /v1/lenders` and `/v1/lenders/{id}/rankings` with no parameter
    (line 183: others "not shown"). The page read `GET /v1/lenders?market=&sort=loans_desc` and took a
    row's place as its rank: the `--variety` host lists its registry by id and ignores `sort`, and the
    ranks were wrong. Each rank is now the lender's own ranking in the market."""
    app = run_page(market="ATL")
    assert not app.exception
    board = frame_with(app, "Rank")
    expected = lender_ranks(variety_app_env, "ATL", 25)
    assert list(zip(board["Rank"], board["Open"])) == [(row["rank"], f"/lenders?lender={row['id']}") for row in expected]
    assert "own ranking by loans in ATL" in texts(app)


def test_a_key_without_early_access_is_told_lenders_are_not_open(sandbox, monkeypatch):
    """data-api.md, Versioning 5 (line 272): early-access routes may be restricted; the key
    `zpka_sandbox_noearly` is refused there (404 on the default profile, 403 on `--variety`)."""
    point_the_app_at(sandbox, monkeypatch, key="zpka_sandbox_noearly")
    app = run_page(market="CLT")
    assert not app.exception
    assert "Lenders are not open to this account yet" in texts(app)
    assert not [frame for frame in app.dataframe if "Rank" in frame.value.columns]


def test_a_host_that_ranks_no_lender_in_the_market_is_said_so(app_env, monkeypatch):
    """The lenders' rankings are "not shown" by data-api.md: a host whose rankings name no rank in the
    market gets words, not an empty table (the registry as read, its rankings left empty)."""
    monkeypatch.setattr(adapter.lenders, "read_ranked_registry",
                        lambda api: RankedRegistry([row.model_dump() for row in api.lenders.list().items], {}))
    adapter.lenders._ranked_registry.clear()
    try:
        app = run_page(market="CLT")
    finally:
        adapter.lenders._ranked_registry.clear()
    assert not app.exception
    assert "The service ranks no lender in CLT" in texts(app)


def test_a_lenders_rankings_tab_reads_its_own_ranks(app_env):
    lender_id = sandbox_fixtures(app_env)["large_lender_id"]
    app = run_page(lender=lender_id)
    assert not app.exception
    ranks = frame_with(app, "Lenders there")
    expected = api_get(app_env, f"/v1/lenders/{lender_id}/rankings")["data"]
    assert list(ranks["Market"]) == [row["market"] for row in expected]
    assert list(ranks["Rank"]) == [row["rank"] for row in expected]


def test_search_finds_a_lender(app_env):
    lender = api_get(app_env, f"/v1/lenders/{sandbox_fixtures(app_env)['large_lender_id']}")["data"]
    app = run_page(q=lender["name"].split()[0])
    assert not app.exception
    assert f"/lenders?lender={lender['id']}" in list(frame_with(app, "Hard money")["Open"])


def test_a_lender_shows_loans_borrowers_and_says_the_csv_cap_first(app_env):
    lender_id = sandbox_fixtures(app_env)["large_lender_id"]
    app = run_page(lender=lender_id)
    assert not app.exception
    assert [tab.label for tab in app.tabs][:5] == ["Loans", "CSV export", "Borrowers", "Rankings", "Map"]
    # issue 16: the lender's class reads as a word (Bank), not its code (BANK).
    assert not [c.value for c in app.caption if re.search(r"· [A-Z_]{3,} ·", str(c.value))], [c.value for c in app.caption]
    loans = frame_with(app, "Borrower page")
    assert not [value for value in loans["Kind"].dropna().astype(str) if value.isupper() or "_" in value], list(loans["Kind"])  # words, not codes
    # Newest first; a loan without a recording date (a host may send none) is left out of the order.
    assert len(loans) > 0 and loans["Recorded"].dropna().is_monotonic_decreasing
    borrowers = frame_with(app, "Investor page")
    assert all(link.startswith("/investors?investor=inv_") for link in borrowers["Investor page"].dropna())
    # data-api.md, Limits 5: the cap is said before any download is offered.
    assert "A CSV export holds at most 50,000 loans" in texts(app)
    assert not [b for b in app.get("download_button") if b.key == "len_csv_download"]
    app.button(key="len_csv_prepare").click().run()
    assert not app.exception
    assert "loans ready" in texts(app)
    assert [b for b in app.get("download_button") if b.key == "len_csv_download"]


@pytest.mark.shape_independent("on a sandbox of its own (capped), the same in both passes")
def test_csv_cap_exceeded_is_explained(capped_sandbox, monkeypatch):
    """A lender's loans over the CSV cap (tests/conftest.py: capped_sandbox) are explained, not offered."""
    capped_sandbox.reset()
    for name, value in sandbox_env(capped_sandbox.url).items():
        monkeypatch.setenv(name, value)
    app = run_page(lender=sandbox_fixtures(capped_sandbox)["large_lender_id"])
    app.button(key="len_csv_prepare").click().run()
    assert not app.exception
    said = texts(app)
    assert "csv_cap_exceeded" not in said and "would pass" in said and "Choose one market or a shorter date range" in said
    assert not [b for b in app.get("download_button") if b.key == "len_csv_download"]


@pytest.mark.shape_independent("the ranking is stood in by a refusal: an error given to the page")
def test_a_market_without_a_lender_registry_says_so(app_env, monkeypatch):
    """data-api.md, Errors: lenders_unavailable (no sandbox market lacks lenders, so the answer is stood in)."""
    def unavailable(*args, **kwargs):
        raise UnprocessableError(422, {"code": "lenders_unavailable", "detail": "no lender registry"})

    monkeypatch.setattr(adapter.lenders, "market_leaders", unavailable)
    app = run_page(market="NNJ")
    assert not app.exception
    assert "has no published lender registry yet" in texts(app)


@pytest.mark.shape_independent("a malformed id is refused before any request, an unknown one answers 404")
@pytest.mark.parametrize("lender, said", [
    pytest.param("len_12", "is not a lender id", id="malformed"),
    pytest.param("len_0123456789ab", "No lender has the id", id="unknown"),
])
def test_bad_lender_ids_are_said(app_env, lender, said):
    app = run_page(lender=lender)
    assert not app.exception
    assert said in texts(app)


@pytest.mark.shape_independent("the host answers 410 for a retired id: an error, whatever the data")
def test_a_retired_lender_is_said(app_env):
    app = run_page(lender=sandbox_fixtures(app_env)["retired_lender_ids"][0])
    assert not app.exception
    assert "is retired from the registry" in texts(app)


def test_a_thirteenth_export_in_a_minute_is_said_with_its_wait(app_env):
    """data-api.md, Limits 5: 12 CSV exports a minute; the 13th is `429 rate_limited` (bucket csv), said with its wait."""
    app = run_page(lender=sandbox_fixtures(app_env)["large_lender_id"])
    app_env.start_of_a_minute()
    for _ in range(12):
        app.button(key="len_csv_prepare").click().run()
        assert "loans ready" in texts(app)
    app.button(key="len_csv_prepare").click().run()
    assert not app.exception
    said = texts(app)
    assert "Too many exports this minute" in said and "loans ready" not in said
