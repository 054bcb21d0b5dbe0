"""`/v1/agents/search`, `/v1/agents/{agent_id}`, `/v1/agents/{agent_id}/listings` (data-api.md; 0 credits)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Query, Request, Response

from sandbox.core.problems import Problem
from sandbox.data_api.data.markets import MARKETS_BY_CODE
from sandbox.data_api.sql_common import Sort
from sandbox.data_api.envelope import keyset_page, page_limit, respond
from sandbox.data_api.filters import market_code, split_list, validation_error
from sandbox.data_api.gate import Caller, V1Caller
from sandbox.data_api.ids import check_prefixed
from sandbox.data_api.routes.common import problem_responses, resolve
from sandbox.data_api.routes.deals import Cursor

router = APIRouter(tags=["agents"])
AgentId = Annotated[str, Path(description="agt_ + 12 hex")]
Market = Annotated[str | None, Query(min_length=1, max_length=16,
                                     description="Sent only when the id exists in more than one loaded market")]
SEARCH_HITS = 50
LISTINGS_LIMIT = (100, 500)
LISTING_STATUSES = ("ACTIVE", "PENDING", "SOLD", "OFF_MARKET")


def check_market(market: str | None) -> str | None:
    """A served market with a published agent registry (data-api.md, Errors: agents_unavailable)."""
    code = market_code(market)
    if code is None:
        return None
    if MARKETS_BY_CODE[code].dataset_status.get("agents") in ("not_published", "not_measured"):
        raise Problem(422, "agents_unavailable", f"Market {code} has no published agent registry yet. "
                      "GET /v1/coverage shows which markets serve agents.")
    return code


def agent_in_market(caller: Caller, agent_id: str, market: str | None) -> tuple[str, str, list[str]]:
    """(current id, market, resolved_from): old ids followed, `410 gone` for retired, `400 market_required`."""
    db = caller.runtime.db
    check_prefixed(agent_id, "agt_", 12, "agent_id")
    market = check_market(market)
    current, resolved_from = resolve(db, "agent", agent_id, lambda candidate: bool(db.agent_markets(candidate)))
    markets = db.agent_markets(current)
    if market is None:
        if len(markets) > 1:
            raise Problem(400, "market_required", f"Agent {agent_id} lists in {', '.join(markets)}; "
                          f"send market= one of them.")
        market = markets[0]
    elif market not in markets:
        raise Problem(404, "not_found", f"Agent {agent_id} has no listings in market {market}; "
                      f"it lists in {', '.join(markets)}.")
    return current, market, resolved_from


@router.get("/v1/agents/search", responses=problem_responses(400, 422), summary="Listing agents by name or brokerage")
def search_agents(request: Request, caller: V1Caller,
                  q: Annotated[str, Query(min_length=2, max_length=100, description="2-100 characters")],
                  market: Market = None,
                  limit: Annotated[int | None, Query(ge=1, description="1-50, default 50")] = None) -> Response:
    if len(q.strip()) < 2:
        raise validation_error("q", "q needs at least 2 characters besides spaces.", "too_small")
    code = check_market(market)
    used = page_limit(limit, SEARCH_HITS, SEARCH_HITS)
    hits, capped = caller.runtime.db.agent_search(q.strip(), code, used)
    data = [{"id": h["agent_id"], "market": h["market"], "kind": h["kind"], "name": None, "contact_redacted": True,
             "current_brokerage": h["brokerage"], "identity_basis": h["identity_basis"],
             "license_candidates": h["license_candidates"], "n_listings": h["n_listings"]} for h in hits]
    return respond(request, caller, data, markets=sorted({h["market"] for h in data}),
                   page={"next_cursor": None, "limit": used, "returned": len(data), "capped": capped})


def _median(value: Any) -> int | None:
    return None if value is None else int(round(value))


@router.get("/v1/agents/{agent_id}", responses=problem_responses(400, 404, 410, 422), summary="Listing agent profile")
def get_agent(request: Request, caller: V1Caller, agent_id: AgentId, market: Market = None) -> Response:
    db = caller.runtime.db
    current, code, resolved_from = agent_in_market(caller, agent_id, market)
    agent = db.agent(current, code)
    assert agent is not None
    stats = db.agent_listing_stats(current, code)
    links = db.agent_investor_links(current, code)
    data = {
        "id": current,
        "market": code,
        "kind": agent["kind"],
        "name": None,
        "name_variants": None,
        "license": None,
        "contact_redacted": True,
        "n_name_variants": agent["n_name_variants"],
        "identity_basis": agent["identity_basis"],
        "license_candidates": agent["license_candidates"],
        "brokerages": [agent["brokerage"]],
        "current_brokerage": agent["brokerage"],
        "listings": {
            **{k: stats[k] for k in ("n_total", "n_active", "n_pending", "n_on_market", "n_sold", "n_off_market",
                                     "first_listed_on", "last_listed_on", "n_listed_12m", "n_sold_12m")},
            "median_list_price": _median(stats["median_list_price"]),
            "median_sold_price": _median(stats["median_sold_price"]),
            "by_year": stats["by_year"],
        },
        "n_self_listings": stats["n_self_listings"],
        "investor_links": [
            {"investor_id": link["investor_id"], "investor_name": link["investor_name"],
             "investor_display_name": link["investor_display_name"], "kind": link["kind"], "member_name": None,
             "link_basis": "SELF_LISTING" if link["n_self_listings"] else "REGISTRY_MEMBER",
             "confidence": link["confidence"], "n_self_listings": link["n_self_listings"]}
            for link in links
        ],
        "has_investor_link": bool(links),
    }
    return respond(request, caller, data, markets=[code], resolved_from=resolved_from)


def _listing(row: dict[str, Any]) -> dict[str, Any]:
    holder = row.pop("holder_org_id")
    return {**row, "property_id": "prop_" + row["property_id"], "holder_org_ids": [holder] if holder else []}


@router.get("/v1/agents/{agent_id}/listings", responses=problem_responses(400, 404, 410, 422),
            summary="An agent's listings, newest first")
def agent_listings(request: Request, caller: V1Caller, agent_id: AgentId, market: Market = None,
                   status: Annotated[list[str] | None, Query(description="ACTIVE, PENDING, SOLD, OFF_MARKET")] = None,
                   limit: Annotated[int | None, Query(ge=1, description="1-500, default 100")] = None,
                   cursor: Cursor = None) -> Response:
    db = caller.runtime.db
    current, code, resolved_from = agent_in_market(caller, agent_id, market)
    statuses = tuple(s.upper() for s in split_list(status))
    unknown = [s for s in statuses if s not in LISTING_STATUSES]
    if unknown:
        raise validation_error("status", f"unknown status {', '.join(unknown)}; use {', '.join(LISTING_STATUSES)}.")
    sort = Sort("listed_on", True, tie_break="listing_id", tie_descending=False, cast="::DATE")
    rows, page = keyset_page(request, caller,
                             lambda after, n: db.agent_listing_page(current, code, statuses, sort, after, n),
                             lambda row: [row["listed_on"], row["listing_id"]], cursor,
                             page_limit(limit, *LISTINGS_LIMIT))
    data = [_listing(row) for row in rows]
    return respond(request, caller, data, page=page, markets=[code], resolved_from=resolved_from)
