"""A market's leading lenders from documented routes only (services/data_api/lender_ranking.py).

data-api.md line 171 lists `GET /v1/lenders`, `/v1/lenders/{id}/rankings` and the other lender
routes with no query parameter (line 183: "Query parameters … of the list, search and detail
routes above other than those stated: not shown"). The client read `GET /v1/lenders?market=&sort=`
and took a row's place as its rank: a host that ignores `sort` (the `--variety` sandbox lists its
registry by id) gave wrong ranks. A rank now is the lender's own `/rankings` rank.
"""

from __future__ import annotations

from services.data_api import DataApi
from services.data_api.lender_ranking import RankedRegistry, leaders, read_ranked_registry
from tests.services.conftest import RequestLog

MARKET = "ATL"


def own_rank(api: DataApi, lender_id: str, market: str) -> int | None:
    return next((row.rank for row in api.lenders.rankings(lender_id) if row.market == market), None)


def test_a_markets_leaders_are_ranked_by_their_own_rankings_asking_only_documented_routes(
        data_api: DataApi, request_log: RequestLog) -> None:
    registry = read_ranked_registry(data_api)
    sent = [(method, path, query) for method, path, query in request_log.sent if path.startswith("/v1/lenders")]
    # The registry and each lender's rankings, asked with nothing but the cursor a page gave.
    assert {path for _, path, _ in sent} == {"/v1/lenders"} | {f"/v1/lenders/{row['id']}/rankings"
                                                              for row in registry.lenders}
    assert all(query == "" or query.startswith("cursor=") and "&" not in query for _, _, query in sent), sent
    ranked = leaders(registry, MARKET, 5)
    assert ranked.served and ranked.certain and not ranked.more and ranked.read == len(registry.lenders)
    assert [row.rank for row in ranked.rows] == [1, 2, 3, 4, 5]
    assert all(own_rank(data_api, row.id, MARKET) == row.rank for row in ranked.rows)
    assert data_api.credits.charged == 0, "lenders are early access: free (Limits 3)"


def test_a_host_that_lists_its_registry_its_own_way_still_ranks_right(variety_api: DataApi) -> None:
    """The `--variety` sandbox lists `/v1/lenders` by id and ignores `sort`: a row's place is no rank."""
    listed = variety_api.lenders.list().walk_as_served(500)[0]
    registry = read_ranked_registry(variety_api)
    ranked = leaders(registry, MARKET, 8)
    assert [lender["id"] for lender in registry.lenders] == [lender.id for lender in listed] == sorted(
        lender.id for lender in listed)
    assert [row.rank for row in ranked.rows] == list(range(1, 9))
    assert all(own_rank(variety_api, row.id, MARKET) == row.rank for row in ranked.rows)
    places = {lender.id: place for place, lender in enumerate(listed, start=1)}
    assert any(places[row.id] != row.rank for row in ranked.rows), "the list's order is not the ranking"


def test_a_bounded_registry_read_asks_no_limit_and_says_more_exist(variety_api: DataApi,
                                                                   request_log: RequestLog) -> None:
    """data-api.md, Pagination: a short page is not the end; no `limit` is named for `/v1/lenders`."""
    rows, more = variety_api.lenders.list().walk_as_served(30)
    assert len(rows) == 30 and more
    assert not [query for _, path, query in request_log.sent if path == "/v1/lenders" and "limit" in query]


def lender(lender_id: str) -> dict:
    return {"id": lender_id, "name": lender_id.upper(), "n_loans": 999}


def ranking(market: str, rank: object, n_loans: int = 10) -> dict:
    return {"market": market, "rank": rank, "n_lenders": 9, "n_loans": n_loans, "volume": 100, "share": 0.1}


def test_the_ranking_says_what_it_can_claim() -> None:
    registry = RankedRegistry(
        [lender("len_c"), lender("len_a"), lender("len_b"), lender("len_d"), lender("len_e")],
        {"len_a": [ranking("DFW", 1, 50), ranking("ATL", 4)], "len_b": [ranking("DFW", 2)],
         "len_c": [ranking("DFW", 4), ranking("ATL", 1)], "len_e": [ranking("DFW", True), ranking("ATL", "2")],
         "len_d": [{**ranking("DFW", 3), "volume": "a lot"}]},
        more=True)
    dfw = leaders(registry, "DFW", 10)
    assert [(row.id, row.rank) for row in dfw.rows] == [("len_a", 1), ("len_b", 2), ("len_c", 4)]
    assert dfw.rows[0].n_loans == 50, "the market's own figures, not the registry's"
    assert dfw.served and not dfw.certain and dfw.more and dfw.read == 5, "len_d's figures are unusable: unranked"
    assert leaders(registry, "DFW", 2).certain, "ranks 1 and 2 are all there"
    atl = leaders(registry, "ATL", 10)
    assert [row.id for row in atl.rows] == ["len_c", "len_a"] and not atl.certain
    nowhere = leaders(registry, "PHX", 10)
    assert not nowhere.served and nowhere.rows == [] and nowhere.certain


def test_tied_ranks_are_certain_when_every_lender_above_was_read() -> None:
    registry = RankedRegistry([lender("len_a"), lender("len_b"), lender("len_c")],
                              {"len_a": [ranking("DFW", 1)], "len_b": [ranking("DFW", 1)],
                               "len_c": [ranking("DFW", 3)]})
    assert leaders(registry, "DFW", 3).certain
