"""The reads behind the network graph: only free routes (data-api.md, Limits 3: lenders and wholesale
are early access, 0 credits). An investor's own ties come from its profile, which the page reads
(and prices) first; everything else here costs nothing.

- A market: its leading lenders (each one's own rank there: adapter.lenders.market_leaders) and
  each one's top borrowers there (`/borrowers`, the rows of the market); its wholesale sales
  (`/wholesale-listings`, SOLD) grouped by wholesaler and buyer.
- An investor: its lenders, agents (profile) and wholesalers (`/wholesale-purchases`), then a
  second ring: each lender's other top borrowers and each wholesaler's top buyers.

Each part stands alone: an early-access route closed to the key (404, 403: data-api.md,
Versioning 5), a dataset the market does not publish (`422 *_unavailable`) or a ranking the host
does not serve leaves that part out with a note saying which (`Notes`), and the rest is drawn.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from typing import TypeVar

import adapter.lenders
import adapter.wholesale
from adapter.data import ROUTE_CLOSED
from graphs.network import Network, Node, node_label
from services.data_api.models import Borrower, InvestorProfile, WholesaleListing, Wholesaler
from services.errors import UnprocessableError

T = TypeVar("T")

# How wide the graph reads, so a person can still follow it.
TOP_LENDERS = 8
BORROWERS_PER_LENDER = 8
# A lender's borrowers read to find its top ones in a market (most loans first; `market=` is no
# documented parameter of `/borrowers`, so the rows of the market are kept from these).
BORROWERS_SCANNED = 200
TOP_WHOLESALERS = 8
BUYERS_PER_WHOLESALER = 6
MAX_WHOLESALE_ROWS = 3_000
RING = 4
# An investor's own lenders and wholesalers drawn (most deals first); agents are few.
OWN_TIES = 12


class Notes(list[str]):
    """What a graph leaves out, as codes the page words: `<part>_closed` (the routes are not open to
    this key), the service's own `*_unavailable` code, or `lenders_not_ranked`."""

    def part(self, name: str, read: Callable[[], T], default: T) -> T:
        """`read()`, or `default` with the note of a closed route or an unpublished dataset; any
        other failure is raised (the page says it, with its way to try again)."""
        try:
            return read()
        except ROUTE_CLOSED:
            self.add(f"{name}_closed")
        except UnprocessableError as error:
            self.add(error.code or f"{name}_unavailable")
        return default

    def add(self, code: str) -> None:
        if code not in self:
            self.append(code)


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


def market_network(market: str, bbox: list[float]) -> tuple[Network, Notes]:
    """The market's graph and the notes on the parts it leaves out."""
    network, notes = Network(), Notes()
    notes.part("lenders", lambda: add_market_lenders(network, notes, market), None)
    sold = notes.part("wholesale", lambda: adapter.wholesale.listings({"bbox": bbox}, {"status": ["SOLD"]},
                                                                       max_rows=MAX_WHOLESALE_ROWS), [])
    add_wholesale(network, [row for row in sold if row.market in (None, market)])
    return network, notes


def add_market_lenders(network: Network, notes: Notes, market: str) -> None:
    """The market's leading lenders, each with its top borrowers there."""
    ranked = adapter.lenders.market_leaders(market, max_rows=TOP_LENDERS)
    if not ranked.served:
        notes.add("lenders_not_ranked")
    for leader in ranked.rows:
        lender = lender_node(leader.id, leader.name)
        for borrower in borrowers_in(leader.id, market):
            if (investor := borrower_node(borrower)) is not None:
                network.link(investor, lender, borrower.n_loans or 0)


def borrowers_in(lender_id: str, market: str) -> list[Borrower]:
    """The lender's top borrowers in the market, most loans first (a row without a market is kept)."""
    rows = adapter.lenders.borrowers(lender_id, max_rows=BORROWERS_SCANNED)
    return [row for row in rows if row.market in (None, market)][:BORROWERS_PER_LENDER]


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


def investor_network(profile: InvestorProfile, agent_names: Mapping[str, str] | None = None) -> tuple[Network, Notes]:
    """One investor's graph, radial around it: its lenders, agents and wholesalers, then their other ties.
    Agents carry no name (data-api.md, agents: redacted): each is named by `agent_names` (the page's
    words for its profile), else by its market, never by its bare id. Its own lenders and agents come
    from the profile; the wholesale part and the second ring each stand alone (`Notes`)."""
    center = named_investor(profile.id, profile.display_name or profile.name, profile.market)
    assert center is not None
    network, notes = Network(center=center.id), Notes()
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
    purchases = notes.part("wholesale", lambda: adapter.wholesale.purchases(profile.id, max_rows=MAX_WHOLESALE_ROWS),
                           [])
    by_wholesaler = Counter(row.wholesaler.id for row in purchases if row.wholesaler)
    names = {row.wholesaler.id: row.wholesaler.name for row in purchases if row.wholesaler}
    for wholesaler_id, count in by_wholesaler.most_common(OWN_TIES):
        network.link(center, wholesaler_node(wholesaler_id, names[wholesaler_id], profile.market), count)
    notes.part("borrowers", lambda: lenders_ring(network, [lender.id for lender in used[:RING] if lender.id]), None)
    notes.part("wholesale", lambda: wholesalers_ring(network, [w for w, _ in by_wholesaler.most_common(RING)]), None)
    return network, notes


def lenders_ring(network: Network, lender_ids: list[str]) -> None:
    """The other borrowers of the investor's lenders (free reads)."""
    for lender_id in lender_ids:
        lender = network.nodes[lender_id]
        for borrower in adapter.lenders.borrowers(lender_id, max_rows=BORROWERS_PER_LENDER):
            # The investor's own ties are counted already (its profile, its purchases).
            if (investor := borrower_node(borrower)) is not None and investor.id != network.center:
                network.link(investor, lender, borrower.n_loans or 0)


def wholesalers_ring(network: Network, wholesaler_ids: list[str]) -> None:
    """The top buyers of the investor's wholesalers (free reads)."""
    for wholesaler_id in wholesaler_ids:
        profile = adapter.wholesale.wholesaler(wholesaler_id)
        seller = wholesaler_node(profile.id, profile.name, profile.market)
        for buyer in profile.top_buyers[:BUYERS_PER_WHOLESALER]:
            investor = named_investor(buyer.investor_id, buyer.display_name or buyer.name, None)
            if investor is not None and investor.id != network.center:
                network.link(investor, seller, buyer.n_purchases or 0)


# --- leaders of an area (the Map page's view, or a market's box) -------------------------------

LEADERS = 10


def area_wholesalers(bbox: list[float]) -> list[Wholesaler]:
    """The wholesalers with most listings in the area, from its wholesale listings (free), most first."""
    rows = adapter.wholesale.listings({"bbox": bbox}, {}, max_rows=MAX_WHOLESALE_ROWS)
    counts = Counter(row.wholesaler.id for row in rows if row.wholesaler)
    sold = Counter(row.wholesaler.id for row in rows if row.wholesaler and row.status == "SOLD")
    names = {row.wholesaler.id: row.wholesaler.name for row in rows if row.wholesaler}
    return [Wholesaler(id=wholesaler_id, name=names.get(wholesaler_id), n_listings=n, n_sold=sold[wholesaler_id])
            for wholesaler_id, n in counts.most_common(LEADERS)]
