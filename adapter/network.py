"""The reads behind the network graph: only free routes (data-api.md, Limits 3: lenders and wholesale
are early access, 0 credits). An investor's own ties come from its profile, which the page reads
(and prices) first; everything else here costs nothing.

- A market: its top lenders (`GET /v1/lenders?market=&sort=loans_desc`) and each one's top borrowers there (`/borrowers`); its
  wholesale sales (`/wholesale-listings`, SOLD) grouped by wholesaler and buyer.
- An investor: its lenders, agents (profile) and wholesalers (`/wholesale-purchases`), then a
  second ring: each lender's other top borrowers and each wholesaler's top buyers.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

import adapter.lenders
import adapter.wholesale
from graphs.network import Network, Node, node_label
from services.data_api.models import Borrower, InvestorProfile, Lender, WholesaleListing, Wholesaler
from services.errors import UnprocessableError

# How wide the graph reads, so a person can still follow it.
TOP_LENDERS = 8
BORROWERS_PER_LENDER = 8
TOP_WHOLESALERS = 8
BUYERS_PER_WHOLESALER = 6
MAX_WHOLESALE_ROWS = 3_000
RING = 4
# An investor's own lenders and wholesalers drawn (most deals first); agents are few.
OWN_TIES = 12


def named_investor(investor_id: str | None, name: str | None, market: str | None) -> Node | None:
    if not investor_id:
        return None
    return Node(investor_id, "investor", node_label("investor", investor_id, name), market or "")


def borrower_node(row: Borrower) -> Node | None:
    return named_investor(row.investor_id, row.display_name or row.name, row.market)


def lender_node(lender_id: str, name: str | None) -> Node:
    return Node(lender_id, "lender", node_label("lender", lender_id, name))


def wholesaler_node(wholesaler_id: str, name: str | None, market: str | None) -> Node:
    return Node(wholesaler_id, "wholesaler", node_label("wholesaler", wholesaler_id, name), market or "")


def market_network(market: str, bbox: list[float]) -> tuple[Network, list[str]]:
    """The market's graph and the notes on datasets it lacks (`lenders_unavailable`, `wholesale_unavailable`)."""
    network, notes = Network(), []
    try:
        for ranked in adapter.lenders.leading(market, max_rows=TOP_LENDERS):
            lender = lender_node(ranked.id, ranked.name)
            for borrower in adapter.lenders.borrowers(ranked.id, market, max_rows=BORROWERS_PER_LENDER):
                if (investor := borrower_node(borrower)) is not None:
                    network.link(investor, lender, borrower.n_loans or 0)
    except UnprocessableError as error:
        notes.append(error.code or "lenders_unavailable")
    try:
        sold = adapter.wholesale.listings({"bbox": bbox}, {"status": ["SOLD"]}, max_rows=MAX_WHOLESALE_ROWS)
    except UnprocessableError as error:
        notes.append(error.code or "wholesale_unavailable")
        sold = []
    add_wholesale(network, [row for row in sold if row.market in (None, market)])
    return network, notes


def add_wholesale(network: Network, sold: list[WholesaleListing]) -> None:
    """Sold wholesale listings grouped by wholesaler and buyer: the top wholesalers and their top buyers."""
    per_wholesaler = Counter(row.wholesaler.id for row in sold if row.wholesaler)
    top = {wholesaler for wholesaler, _ in per_wholesaler.most_common(TOP_WHOLESALERS)}
    pairs: dict[str, Counter] = {wholesaler: Counter() for wholesaler in top}
    nodes: dict[str, Node] = {}
    for row in sold:
        wholesaler, buyer = row.wholesaler, row.buyer
        if wholesaler and wholesaler.id in top and buyer and buyer.investor_id:
            pairs[wholesaler.id][buyer.investor_id] += 1
            nodes[buyer.investor_id] = named_investor(buyer.investor_id, buyer.display_name or buyer.name, row.market)
            nodes[wholesaler.id] = wholesaler_node(wholesaler.id, wholesaler.name, row.market)
    for wholesaler_id, buyers in pairs.items():
        for buyer_id, count in buyers.most_common(BUYERS_PER_WHOLESALER):
            network.link(nodes[buyer_id], nodes[wholesaler_id], count)


def investor_network(profile: InvestorProfile, agent_names: Mapping[str, str] | None = None) -> tuple[Network, list[str]]:
    """One investor's graph, radial around it: its lenders, agents and wholesalers, then their other ties.
    Agents carry no name (data-api.md, agents: redacted): each is named by `agent_names` (the page's
    words for its profile), else by its market, never by its bare id."""
    center = named_investor(profile.id, profile.display_name or profile.name, profile.market)
    assert center is not None
    network, notes = Network(center=center.id), []
    network.add(center)
    used = sorted(profile.financing.lenders_used if profile.financing else [], key=lambda lender: -(lender.n or 0))
    for lender in used[:OWN_TIES]:
        if lender.id:
            network.link(center, lender_node(lender.id, lender.name), lender.n or 0)
    for link in profile.agent_links:
        agent_id, market = link.agent_id or link.id, link.market or ""
        if agent_id:
            label = (agent_names or {}).get(agent_id) or (f"Agent in {market}" if market else "Agent")
            network.link(center, Node(agent_id, "agent", label, market), max(1, link.n_self_listings or 0))
    try:
        purchases = adapter.wholesale.purchases(profile.id, max_rows=MAX_WHOLESALE_ROWS)
    except UnprocessableError as error:
        notes.append(error.code or "wholesale_unavailable")
        purchases = []
    by_wholesaler = Counter(row.wholesaler.id for row in purchases if row.wholesaler)
    names = {row.wholesaler.id: row.wholesaler.name for row in purchases if row.wholesaler}
    for wholesaler_id, count in by_wholesaler.most_common(OWN_TIES):
        network.link(center, wholesaler_node(wholesaler_id, names[wholesaler_id], profile.market), count)
    second_ring(network, [lender.id for lender in used[:RING] if lender.id],
                [wholesaler for wholesaler, _ in by_wholesaler.most_common(RING)])
    return network, notes


def second_ring(network: Network, lender_ids: list[str], wholesaler_ids: list[str]) -> None:
    """The other borrowers of the investor's lenders and the other buyers of its wholesalers (free reads)."""
    for lender_id in lender_ids:
        lender = network.nodes[lender_id]
        for borrower in adapter.lenders.borrowers(lender_id, max_rows=BORROWERS_PER_LENDER):
            # The investor's own ties are counted already (its profile, its purchases).
            if (investor := borrower_node(borrower)) is not None and investor.id != network.center:
                network.link(investor, lender, borrower.n_loans or 0)
    for wholesaler_id in wholesaler_ids:
        profile = adapter.wholesale.wholesaler(wholesaler_id)
        seller = wholesaler_node(profile.id, profile.name, profile.market)
        for buyer in profile.top_buyers[:BUYERS_PER_WHOLESALER]:
            investor = named_investor(buyer.investor_id, buyer.display_name or buyer.name, None)
            if investor is not None and investor.id != network.center:
                network.link(investor, seller, buyer.n_purchases or 0)


# --- leaders of an area (the Map page's view, or a market's box) -------------------------------

LEADERS = 10


def area_lenders(bbox: list[float]) -> list[Lender]:
    """The lenders with most loans on the area's parcels (`GET /v1/lenders?bbox=&sort=loans_desc`, free)."""
    return adapter.lenders.leading(bbox=bbox, max_rows=LEADERS)


def area_wholesalers(bbox: list[float]) -> list[Wholesaler]:
    """The wholesalers with most listings in the area, from its wholesale listings (free), most first."""
    rows = adapter.wholesale.listings({"bbox": bbox}, {}, max_rows=MAX_WHOLESALE_ROWS)
    counts = Counter(row.wholesaler.id for row in rows if row.wholesaler)
    sold = Counter(row.wholesaler.id for row in rows if row.wholesaler and row.status == "SOLD")
    names = {row.wholesaler.id: row.wholesaler.name for row in rows if row.wholesaler}
    return [Wholesaler(id=wholesaler_id, name=names.get(wholesaler_id), n_listings=n, n_sold=sold[wholesaler_id])
            for wholesaler_id, n in counts.most_common(LEADERS)]
