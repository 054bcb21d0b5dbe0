"""Wholesale: a market's wholesale listings on a map and in a table, one listing, wholesalers.

Wholesale routes are early access and cost 0 credits (data-api.md, Limits 3). The URL holds
the selection (`links.wholesale`): `?market=&status=` the listings, `?listing=wl_...`,
`?wholesaler=wsr_...`, `?q=` a wholesaler search.
"""

from __future__ import annotations

from dataclasses import replace

import streamlit as st

import adapter.data
import adapter.routing
import adapter.settings
import adapter.wholesale
import adapter.watching
import links.wholesale
import adapter.map_files
from components.charts import Frame
from components.feedback import read_or_say, read_record, unpublished_or_error
from components.name_search import search_and_list
from components.watch_button import render_watch_button
from components.tables import escape_markdown, render_page_link
from components.words import code_label
from components.wholesale_views import (
    listings_frame,
    render_listing,
    render_listings,
    render_listings_map,
    render_wholesaler,
    render_wholesaler_hits,
)
from services.contract import ID_EXAMPLES, WHOLESALE_STATUSES
from services.data_api.models import CoverageMarket

MAX_LISTINGS = 2_000
MAX_WHOLESALER_LISTINGS = 1_000
# Coverage's dataset of wholesale listings: the markets that serve them.
WHOLESALE_DATASET = "wholesale"


LINK = adapter.routing.PageLink(links.wholesale)  # this page's URL (links/wholesale.py)

def unavailable_note(market: str) -> None:
    st.info(f"Market {market} has no published wholesale dataset yet: no wholesale "
            "listings to show there. The Coverage page lists which markets serve wholesale.",
            icon=":material/storefront:")


def listing_filters(markets: list[CoverageMarket]) -> tuple[CoverageMarket, dict] | None:
    """The chosen market (its box) and the listings' filters; the link follows them."""
    codes = [market.market for market in markets]
    if not codes:
        st.caption("The coverage of the service could not be read.")
        return None
    link = LINK.read()
    columns = st.columns([1, 2, 1, 1])
    market = columns[0].selectbox("Market", codes, index=codes.index(link.market) if link.market in codes else 0,
                                  key="whl_market")
    statuses = columns[1].multiselect("Status", WHOLESALE_STATUSES, key="whl_status", format_func=code_label,
                                      default=[s for s in link.statuses if s in WHOLESALE_STATUSES] or ["ACTIVE"])
    # No bounds on the boxes: a bounded box keeps its last value under a small "!"; the prices
    # are checked here and said in words before any request (issue 26: "Invalid min_price …").
    low = columns[2].number_input("Asking at least", step=10_000, value=None, key="whl_min")
    high = columns[3].number_input("Asking at most", step=10_000, value=None, key="whl_max")
    wanted = replace(link, market=market, statuses=tuple(statuses))
    if wanted != link:
        LINK.write(wanted)
    problem = price_problem(low, high)
    if problem:
        st.error(problem, icon=":material/error:")
        return None
    filters = {"status": list(statuses), "min_price": int(low) if low else None, "max_price": int(high) if high else None}
    box = next(m for m in markets if m.market == market)
    return box, {name: value for name, value in filters.items() if value}


def price_problem(low: float | None, high: float | None) -> str | None:
    """What is wrong with the asking-price range, in dollars."""
    if (low is not None and low < 0) or (high is not None and high < 0):
        return "An asking price is $0 or more: correct it or clear it."
    if low is not None and high is not None and low > high:
        return f"“Asking at least” (${low:,.0f}) is above “Asking at most” (${high:,.0f}): swap them or clear one."
    return None


def listings_section(markets: list[CoverageMarket]) -> None:
    st.subheader("Wholesale listings")
    chosen = listing_filters(markets)
    if chosen is None:
        return
    market, filters = chosen
    dataset = market.datasets.get(WHOLESALE_DATASET)
    if dataset is not None and dataset.status not in ("served", "partial", None):
        unavailable_note(market.market)
        return
    title = "The listings could not be read"
    rows = read_or_say(lambda: adapter.wholesale.listings({"bbox": market.bbox}, filters, max_rows=MAX_LISTINGS),
                       title=title,
                       say=unpublished_or_error("wholesale_unavailable", lambda: unavailable_note(market.market), title=title))
    if rows is None:
        return
    rows = [row for row in rows if row.market == market.market]
    if len(rows) >= MAX_LISTINGS:
        st.caption(f"The newest {MAX_LISTINGS:,} listings; narrow the filters to see the rest.")
    frame = listings_frame(rows)
    # The market's frame around the dots (and, drawn by every small map, the states' borders).
    render_listings_map(frame, key="whl_map", canvas=adapter.map_files.small_map_canvas(),
                        frames=[Frame(market.market, market.bbox)])
    render_listings(frame, key="whl_listings", file_stem=f"wholesale-{market.market}")


def listing_section(listing_id: str) -> None:
    listing = read_record(
        lambda: adapter.wholesale.listing(listing_id), title="The listing could not be read",
        not_an_id=f"“{escape_markdown(listing_id)}” is not a wholesale listing id: expected "
                  f"{ID_EXAMPLES['wholesale_listing']}.",
        not_found=f"No wholesale listing has the id {listing_id}.")
    if listing is None:
        return
    render_listing(listing, key="whl_listing")
    seller = listing.wholesaler
    if seller is not None:
        render_page_link("pages/wholesale.py", "wholesale", label=f"Wholesaler: {seller.name or seller.id}",
                         query_params={"wholesaler": seller.id})
    buyer = listing.buyer
    if buyer is not None and buyer.investor_id:
        render_page_link("pages/investors.py", "investors",
                         label=f"Buyer: {buyer.display_name or buyer.name or buyer.investor_id}",
                         query_params={"investor": buyer.investor_id})


def wholesaler_search() -> None:
    search_and_list("Search wholesalers", key="whl_query", placeholder="a wholesaler's name", many="wholesalers",
                    search=adapter.wholesale.search, render_hits=render_wholesaler_hits, hits_key="whl_hits")


def wholesaler_section(wholesaler_id: str) -> None:
    read = read_record(
        lambda: (adapter.wholesale.wholesaler(wholesaler_id),
                 adapter.wholesale.wholesaler_listings(wholesaler_id, max_rows=MAX_WHOLESALER_LISTINGS)),
        title="The wholesaler could not be read",
        not_an_id=f"“{escape_markdown(wholesaler_id)}” is not a wholesaler id: expected {ID_EXAMPLES['wholesaler']}.",
        not_found=f"No wholesaler has the id {wholesaler_id}. Search to find one.")
    if read is None:
        return
    profile, rows = read
    render_wholesaler(profile, key="whl_profile")
    render_watch_button(**adapter.watching.button(adapter.watching.of_wholesaler(profile)), key="whl_watch")
    if profile.investor_id:
        render_page_link("pages/investors.py", "investors", label="Its registry organization (investor profile)",
                         query_params={"investor": profile.investor_id})
    render_page_link("pages/network.py", "network", label=f"The network of {profile.market}",
                     query_params={"market": profile.market or ""})
    st.markdown("**Its listings**")
    render_listings(listings_frame(rows), key="whl_own_listings", file_stem=f"{profile.id}-listings")


def main() -> None:
    st.title("Wholesale")
    st.caption("Wholesale reads cost no credits while they are in early access.")
    link = LINK.read()
    if link.listing:
        listing_section(link.listing)
        st.divider()
    wholesaler_search()
    if link.wholesaler:
        wholesaler_section(link.wholesaler)
    st.divider()
    markets = read_or_say(adapter.data.markets, title="The coverage could not be read")
    if markets is not None:
        listings_section(markets)


adapter.routing.ensure_app_router()
main()
