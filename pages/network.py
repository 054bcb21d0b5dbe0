"""Network: who deals with whom — investors, the agents they list through, the lenders that finance
them, the wholesalers that sell to them — for a market or around one investor.

Drawn with networkx's layout by the map element's script (docs/architecture.md, "One deck.gl in the browser"): radial around an
investor, a force layout for a market; a click on a node opens its page. The same edges are a
table with a CSV. A market's graph reads only free routes (lenders and wholesale are early access,
data-api.md Limits 3); an investor's starts from its profile, whose cost is said first.
"""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import unquote

import streamlit as st

import adapter.agents
import adapter.budget
import adapter.data
import adapter.investors
import adapter.lenders
import adapter.map_files
import adapter.network
import adapter.routing
import links.network
from adapter.data import ROUTE_CLOSED
from components.agent_profile import agent_labels
from components.charged_read import confirm_charged_read
from components.feedback import read_or_say, render_error
from components.lender_views import render_ranking_note
from components.network_graph import render_edge_table, render_legend, render_network
from components.network_leaders import (
    render_area_investors,
    render_leading_lenders,
    render_area_wholesalers,
)
from components.tables import escape_markdown, render_page_link
from graphs.network import DrawnNode, Network, deck_rows, edge_rows, layout
from links.network import NetworkLink, view_box
from services.contract import ID_EXAMPLES
from services.data_api.models import InvestorProfile
from services.errors import (
    ApiError,
    GoneError,
    InvalidInputError,
    NotFoundError,
    UnprocessableError,
)

PAGE_FILES = {"investors": "pages/investors.py", "lenders": "pages/lenders.py", "wholesale": "pages/wholesale.py",
              "agents": "pages/agents.py"}
# A charged read the client knows this account holds (its answer kept for the account) costs nothing.
FREE_PROFILE = "Free: already yours (your account has read this profile before)."
FREE_LIST = "Free: already yours (your account has read these investors before)."
# What a graph or a leaders' list leaves out (adapter/network.py:Notes), in a person's words.
NOTES = {
    "lenders_unavailable": "This market publishes no lender registry: no lenders to show.",
    "wholesale_unavailable": "This market publishes no wholesale dataset: no wholesalers to show.",
    "lenders_closed": "Lenders are not open to this account yet (they are in early access): no lenders to show.",
    "wholesale_closed": "Wholesale listings are not open to this account yet (they are in early access): "
                        "no wholesalers to show.",
    "borrowers_closed": "Lenders are not open to this account yet (they are in early access): the other borrowers "
                        "of its lenders are not shown.",
    "lenders_not_ranked": "The service ranks no lender in this market: no lenders to show.",
}
# A leaders' list of an area the person drew: no document ranks lenders within an area.
AREA_LENDERS = ("The service ranks lenders by market, not within an area you draw: the market's graph below "
                "draws its leading lenders, and the Lenders page ranks each market's.")


LINK = adapter.routing.PageLink(links.network)  # this page's URL (links/network.py)

def market_choice() -> str | None:
    markets = read_or_say(adapter.data.markets, title="The coverage could not be read")
    if markets is None:
        return None
    codes = [market.market for market in markets]
    link = LINK.read()
    chosen = st.selectbox("Market", codes, index=codes.index(link.market) if link.market in codes else 0,
                          key="net_market")
    if chosen != link.market or link.investor:
        LINK.write(NetworkLink(market=chosen, view=link.view))
    return chosen


def market_graph(market: str) -> tuple[Network, list[str]] | None:
    boxes = {market.market: market.bbox for market in adapter.data.markets()}
    with st.spinner(f"Reading {market}'s lenders and wholesale sales…"):
        try:
            return adapter.network.market_network(market, boxes[market])
        except ApiError as error:
            render_error(error, title="The network could not be read")
            return None


def investor_graph(investor_id: str) -> tuple[Network, list[str]] | None:
    """The investor's graph once its profile is read; a profile new to this session is priced first."""
    try:
        cost = adapter.investors.profile_cost(investor_id)
    except InvalidInputError:
        st.error(f"“{escape_markdown(investor_id)}” is not an investor id: expected {ID_EXAMPLES['investor']}.",
                 icon=":material/error:")
        return None
    def load() -> InvestorProfile | str:
        try:
            return adapter.investors.profile(investor_id)[0]
        except GoneError:
            return "gone"
        except NotFoundError:
            return "not_found"

    try:
        # The profile's own 404 / 410 (after the person confirms; a failed read charges nothing) says
        # an unknown or retired id: no early-access route is asked (data-api.md, Versioning 5).
        if cost == 0:
            st.caption(FREE_PROFILE)
        profile = load() if cost == 0 else confirm_charged_read(
            "net_profile", (investor_id,), ask_label="Read the profile", asked=True,
            cost_text=f"The network starts from this investor's profile, which costs {cost} credit the first time "
            "your account reads it. Everything else the graph reads is free; a part not open to your account is "
            "left out and said, and the profile's own lenders and agents are drawn still.",
            confirm_label=f"Read the profile ({cost} credit)", error_title="The profile could not be read", load=load,
            cost=cost, **adapter.budget.rules())
    except ApiError as error:
        render_error(error, title="The profile could not be read")
        return None
    if profile == "gone":
        st.warning(f"Investor {investor_id} is retired from the registry.", icon=":material/inventory_2:")
        return None
    if profile == "not_found":
        st.error(f"No investor has the id {investor_id}.", icon=":material/error:")
        return None
    if profile is None:
        return None
    st.subheader(f"Around {escape_markdown(profile.display_name or profile.id)}")
    render_page_link("pages/investors.py", "investors", label="Its investor profile", query_params={"investor": profile.id})
    st.caption(f"Drawn: its {adapter.network.OWN_TIES} busiest lenders and wholesalers and every agent linked to it, then "
               "the other borrowers and buyers of its busiest few. Its profile's Financing tab lists every lender.")
    with st.spinner("Reading its lenders' borrowers and its wholesalers' buyers…"):
        try:
            agents = adapter.agents.linked_agents(adapter.agents.agent_links_of(profile))
            return adapter.network.investor_network(profile, agent_labels(agents))
        except ApiError as error:
            render_error(error, title="The network could not be read")
            return None


def open_node(node: DrawnNode) -> None:
    """Open the clicked node's page: through the router when there is one, else its link."""
    page, _, query = node.href.lstrip("/").partition("?")
    params = dict(part.split("=", 1) for part in query.split("&") if "=" in part)

    params = {name: unquote(value) for name, value in params.items()}
    try:
        st.switch_page(PAGE_FILES[page], query_params=params)
    except st.errors.StreamlitAPIException:
        render_page_link(PAGE_FILES[page], page, label=f"Open {node.kind_label.lower()} {node.label}",
                         query_params=params)


def draw(network: Network, notes: list[str], stem: str) -> None:
    for note in notes:
        st.info(NOTES.get(note, "Part of this network is not published for this market, so it is not drawn."),
                icon=":material/info:")
    if not network.weights:
        st.info("No ties to draw here.")
        return
    nodes, edges = deck_rows(network, layout(network))
    st.caption(f"{len(nodes):,} nodes, {len(edges):,} ties; hover a node for its name and deals, click it to open its page.")
    render_legend()
    picked = render_network(nodes, edges, key="net_graph", canvas=adapter.map_files.small_map_canvas())
    if picked is not None:
        open_node(picked)
    st.markdown("**The same ties as a table**")
    render_edge_table(edge_rows(network), key="net_edges", file_name=f"network-{stem}.csv")


def leaders_section(box: list[float], label: str, market: str | None = None) -> None:
    """The area's top lenders (a market's own ranking: none for a drawn area) and wholesalers (free),
    and its top investors once their cost is agreed."""
    st.subheader(f"Leaders of {label}")
    lenders, wholesalers = st.columns(2)
    with lenders:
        st.markdown("**Lenders** (free)")
        if market is None:
            st.info(AREA_LENDERS, icon=":material/info:")
            render_page_link("pages/lenders.py", "lenders", label="Lenders ranked per market", query_params={})
        else:
            free_part("lenders", "The lenders could not be read", lambda: render_market_lenders(market))
    with wholesalers:
        st.markdown("**Wholesalers** (free)")
        free_part("wholesale", "The wholesalers could not be read",
                  lambda: render_area_wholesalers(adapter.network.area_wholesalers(box), key="net_area_wholesalers"))
    st.markdown("**Investors**")
    size = adapter.network.LEADERS
    place, filters = {"bbox": box}, {"limit": size}
    cost = adapter.investors.leaderboard_cost(size, place, filters)
    load = lambda: adapter.investors.leaderboard(place, filters)  # noqa: E731
    if cost == 0:
        st.caption(FREE_LIST)
        try:
            rows = load()
        except ApiError as error:
            render_error(error, title="The investors could not be read")
            rows = None
    else:
        rows = confirm_charged_read(
            "net_leaders", (tuple(box),), ask_label=f"Show the top {size} investors",
            cost_text=f"Listing the top {size} investors costs up to {cost} credits: 1 per investor new to your account.",
            confirm_label=f"Show them (up to {cost} credits)",
            error_title="The investors could not be read", load=load, cost=cost, **adapter.budget.rules())
    if rows is not None:
        render_area_investors(rows, key="net_area_investors")


def free_part(part: str, title: str, show: Callable[[], None]) -> None:
    """Show one free part of the leaders (`part`: lenders, wholesale); a closed route or an unpublished
    dataset is said in words, any other failure under `title`."""
    try:
        show()
    except ROUTE_CLOSED:
        st.info(NOTES[f"{part}_closed"], icon=":material/info:")
    except UnprocessableError as error:
        st.info(NOTES.get(error.code or "", NOTES[f"{part}_unavailable"]), icon=":material/info:")
    except ApiError as error:
        render_error(error, title=title)


def render_market_lenders(market: str) -> None:
    leaders = adapter.lenders.market_leaders(market, max_rows=adapter.network.LEADERS)
    if not leaders.served:
        st.info(NOTES["lenders_not_ranked"], icon=":material/info:")
        return
    render_leading_lenders(leaders.rows, key="net_area_lenders")
    render_ranking_note(market, read=leaders.read, certain=leaders.certain, more=leaders.more)


def main() -> None:
    st.title("Network")
    st.caption("Investors, the agents they list through, the lenders that finance them and the wholesalers that "
               "sell to them. Edge width = deals between the two.")
    link = LINK.read()
    if link.investor:
        graph = investor_graph(link.investor)
        if graph is not None:
            draw(*graph, stem=link.investor)
        st.button("Show a market's network instead", key="net_to_market", on_click=LINK.write, args=(NetworkLink(),))
        return
    box = view_box(link)
    if box is not None:
        leaders_section(box, "the map's view")
        st.divider()
    market = market_choice()
    if market is None:
        return
    st.caption("A market's graph: its top lenders and their top borrowers there, its top wholesalers and their top "
               "buyers. Free reads. Agents appear around one investor (open an investor's network).")
    graph = market_graph(market)
    if graph is not None:
        draw(*graph, stem=market)
    market_box = next((m.bbox for m in adapter.data.markets() if m.market == market), None)
    if box is None and market_box:
        st.divider()
        leaders_section(list(market_box), market, market)


adapter.routing.ensure_app_router()
main()
