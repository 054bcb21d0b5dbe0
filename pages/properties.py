"""Properties: find parcels by ZIP list, address or criteria; open one: its chain of title, loans,
permits, listings, and who would buy it; short-term rentals where the market has them.

The URL holds the selection (links/properties.py): `?property=prop_...` a parcel,
`?zip=...`, `?find=address&line=...&zip=...`, `?find=criteria&city=...` a search.
Every read here may cost credits (data-api.md, Limits 3): each is stated and confirmed first.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import replace

import streamlit as st

import adapter.budget
import adapter.coverage
import adapter.map_files
import adapter.properties
import adapter.routing
import adapter.settings
import adapter.watching
import links.properties
from components.charged_read import confirm_charged_read
from components.feedback import render_error
from components.name_search import render_pick
from components.property_buyers import render_buyer_matches
from components.property_comps import render_comps_map
from components.property_detail import (
    render_chain_of_title,
    render_listing_history,
    render_loans,
    render_permits,
    render_property_identity,
)
from components.property_tables import render_parcel_map, render_parcel_table, render_str_list
from components.watch_button import render_watch_button
from components.words import address_words, credits_text, distinct_labels, glimpse, plural
from links.properties import PropertiesLink
from pages.property_sections.comps import render_comps
from services.contract import PAGE_LIMITS, ZIP_PATTERN
from services.data_api.models import ParcelCandidate, StrParcel
from services.errors import ApiError, InvalidInputError, PermissionDeniedError, UnprocessableError

FINDERS = {"ZIP list": "zip", "Address": "address", "Criteria": "criteria"}
# "Up to N" rows: the search, the buyers match and STR parcels follow `next_cursor` up to these
# (data-api.md, Pagination: a short page is not the end), and say when more may exist.
SEARCH_SIZES = (25, 100, 500, 2000)
MATCH_SIZES = (25, 50, 100, 200, 1000)
STR_SIZES = (200, 1000)
SEARCH_PAGE_MAX = PAGE_LIMITS["properties_search"][1]
OWNER_KINDS = {"Any owner": None, "Organizations": "organization", "Private persons": "person"}
# The search's fields by their parameters, as the form names them (a refused one is said so).
SEARCH_FIELDS = {"zip": "the ZIP", "line": "the street line", "unit": "the unit", "city": "the city",
                 "beds_min": "“Beds at least”", "year_built_min": "“Built in or after”", "sqft_min": "“Sq ft at least”"}
# Longer input is a paste gone wrong: said in one line, never sent (a street line is under 100).
MAX_ZIPS_CHARS, MAX_LINE_CHARS, MAX_CITY_CHARS = 600, 200, 64


LINK = adapter.routing.PageLink(links.properties)  # this page's URL (links/properties.py)


def property_cost_text(cost: adapter.properties.PageCost) -> str:
    """What opening a property may cost: its parcel and each deal of its chain of title new to the
    account (data-api.md, What the service does 7), the deals counted beforehand where the host says."""
    what = "Opening this property (its deeds, loans, permits and listings)"
    if cost.total == 0:
        return credits_text(0, what)
    held = " (the parcel is yours already)" if not cost.parcel else ""
    parcel = "1 credit for the parcel and " if cost.parcel else ""
    if cost.deals is None:
        return (f"{what} costs {parcel}1 credit for each deal of its chain of title new to your account{held}; "
                "how many deals it holds is not known before it is read.")
    if cost.deals == 0:
        return f"{what} may cost up to 1 credit, for the parcel: no deal is recorded on it."
    return (f"{what} may cost up to {plural(cost.total or 0, 'credit')}: {'1 for the parcel and ' if cost.parcel else ''}"
            f"1 for each of its {plural(cost.deals, 'deal')} new to your account{held}.")


# --- the search ------------------------------------------------------------------------------------


def zip_problem(text: str, *, where: str) -> str | None:
    """What is wrong with typed ZIPs, said where they came from ("this ZIP", "the link's ZIP")."""
    codes = [part.strip() for part in text.replace(";", ",").split(",") if part.strip()]
    bad = [code for code in codes if not (len(code) == 5 and code.isdigit())]
    if len(text) > MAX_ZIPS_CHARS:
        return f"{where} is {len(text):,} characters long: type a few 5-digit ZIP codes, like 75201, 75204."
    if bad:
        return f"{where} {glimpse(bad[0])} is not a 5-digit ZIP code: type 5 digits, like 75201 (keep leading zeros: 07102)."
    return None


def search_problem(link: PropertiesLink, *, where: str) -> str | None:
    """What keeps the search from being asked, in a person's words, before any request (issue 26:
    an address's ZIP "7524x" went to the service and its pattern came back); `where` says
    where the input came from: "This" (the form) or "The link's"."""
    if link.find == "zip" and link.zip:
        return zip_problem(link.zip, where=f"{where} ZIP list")
    if link.find == "address":
        if len(link.line) > MAX_LINE_CHARS:
            return f"{where} street line is {len(link.line):,} characters long: type the number and street, like 123 Oak St."
        if link.zip and "," in link.zip:
            return "An address has one ZIP: type only its own (5 digits, like 75201)."
        return zip_problem(link.zip, where=f"{where} ZIP") if link.zip else None
    if link.find == "criteria" and len(link.city) > MAX_CITY_CHARS:
        return f"{where} city is {len(link.city):,} characters long: type a postal city, like Dallas."
    return None


def missing_part(link: PropertiesLink) -> str | None:
    """What an address still needs (its street line, its ZIP): said as an error once Search is
    pressed, as a hint before (no red under a field nobody has typed in yet)."""
    if link.find != "address":
        return None
    if link.line and not link.zip:
        return "An address is found within its ZIP: add the ZIP (5 digits, like 75201) to the street line."
    if link.zip and not link.line:
        return "Add the street line (like 123 Oak St) to find the address in this ZIP, or search by ZIP list."
    return None


def criteria_problem() -> str | None:
    """Negative criteria, refused here: the boxes take any number so a refused one is said, not
    silently kept at its last value under a small "!" while the old results stand."""
    state = st.session_state
    for key, words in (("prop_beds_min", "Beds at least"), ("prop_year_min", "Built in or after"),
                       ("prop_sqft_min", "Sq ft at least")):
        value = state.get(key)
        if value is not None and value < 0:
            return f"“{words}” cannot be negative: enter 0 or more."
    return None


def search_form(link: PropertiesLink) -> tuple[PropertiesLink, str | None]:
    """The search's form; a submitted form goes into the link once checked. Criteria stay in the
    form's widgets. Returns the link and what is wrong with what was just submitted."""
    finder = st.radio("Search by", list(FINDERS), horizontal=True, key="prop_finder",
                      index=list(FINDERS.values()).index(link.find))
    find = FINDERS[finder]
    with st.form("prop_search_form"):
        zip_text, line, unit, city = link.zip, link.line, link.unit, link.city
        if find == "zip":
            zip_text = st.text_input("ZIPs", value=link.zip, placeholder="75201, 75204", key="prop_zips")
        elif find == "address":
            line = st.text_input("Street line", value=link.line, placeholder="123 Oak St", key="prop_line")
            left, right = st.columns(2)
            unit = left.text_input("Unit (optional)", value=link.unit, key="prop_unit")
            # An address has one ZIP: a list searched before is not carried into it (it would be refused).
            one_zip = link.zip if link.find == "address" or ZIP_PATTERN.fullmatch(link.zip) else ""
            zip_text = right.text_input("ZIP", value=one_zip, placeholder="75201", key="prop_address_zip")
        else:
            city = st.text_input("City", value=link.city, placeholder="Dallas", key="prop_city")
            columns = st.columns(4)
            columns[0].number_input("Beds at least", value=0, step=1, key="prop_beds_min")
            columns[1].number_input("Built in or after", max_value=2030, value=0, step=1, key="prop_year_min")
            columns[2].number_input("Sq ft at least", value=0, step=100, key="prop_sqft_min")
            columns[3].selectbox("Owner", list(OWNER_KINDS), key="prop_owner")
        st.selectbox("Rows", SEARCH_SIZES, key="prop_limit")
        submitted = st.form_submit_button("Search")
    if submitted or find != link.find:
        typed = replace(link, find=find, zip=zip_text.strip(), line=line.strip(), unit=unit.strip(), city=city.strip())
        problem = (search_problem(typed, where="This") or missing_part(typed)) if submitted else None
        # Unchecked input never goes into the URL: the form keeps what was typed, the link its last good search.
        if problem:
            return link, problem
        link = typed
        LINK.write(link)
    return link, None


def search_parts(link: PropertiesLink) -> dict | None:
    """The parts of the search body the link and the form hold, or None while the search is not defined."""
    if link.find == "zip" and link.zip:
        return {"place": {"zip": link.zip}}
    if link.find == "address" and link.line and link.zip:
        return {"place": {"address": {"line": link.line, "unit": link.unit or None, "zip": link.zip}}}
    if link.find == "criteria" and link.city:
        return {"place": {"city": link.city},
                "property": {"beds_min": st.session_state.get("prop_beds_min") or None,
                             "year_built_min": st.session_state.get("prop_year_min") or None,
                             "sqft_min": st.session_state.get("prop_sqft_min") or None},
                "owner": {"kind": OWNER_KINDS.get(st.session_state.get("prop_owner") or "Any owner")}}
    return None


def search_section(link: PropertiesLink) -> None:
    link, typed_problem = search_form(link)
    problem = typed_problem or search_problem(link, where="The link's") or criteria_problem()
    if problem:
        # The answer of the search asked before would read as this one's: it is not shown.
        st.error(problem, icon=":material/error:")
        return
    parts = search_parts(link)
    if parts is None:
        st.caption(missing_part(link) or "Enter ZIPs, an address with its ZIP, or a city with criteria, then search.")
        return
    limit = st.session_state.get("prop_limit") or SEARCH_SIZES[0]
    try:
        body = adapter.properties.search_body(**parts, limit=min(limit, SEARCH_PAGE_MAX))
    except InvalidInputError as error:
        render_error(error, title="Check the search", fields=SEARCH_FIELDS)
        return
    cost = adapter.properties.search_cost(limit)
    found = confirm_charged_read(
        "prop_search", (json.dumps(body, sort_keys=True), limit), ask_label="Search", asked=True,
        cost_text=credits_text(cost, f"This search (up to {limit:,} parcels)"), cost=cost, **adapter.budget.rules(),
        load=lambda: adapter.properties.search_or_candidates(body, max_rows=limit), confirm_label="Search",
        error_title="The search failed", error_fields=SEARCH_FIELDS)
    if found is None:
        return
    if isinstance(found, adapter.properties.Candidates):
        render_candidates(found.candidates)
        return
    rows = found.rows
    if not rows:
        st.info("No parcel matches this search.")
        return
    st.caption(f"{len(rows):,} parcel{'s' if len(rows) != 1 else ''}")
    if found.more:
        read_on("prop_limit", SEARCH_SIZES, limit, "parcels")
    render_parcel_table(rows, key="prop_results")
    str_rows = str_section(body["place"]) if link.find in ("zip", "criteria") else []
    render_parcel_map(rows, str_rows, key="prop_map", canvas=adapter.map_files.small_map_canvas())
    labels = distinct_labels({row.property_id: address_words(row.address) for row in rows})
    render_pick("Open a property", labels, key="prop_pick", placeholder="Choose a parcel from the results",
                on_pick=open_property)


def read_on(key: str, sizes: tuple[int, ...], shown: int, what: str) -> None:
    """Say that more rows exist than the `shown` bound, and offer the next larger bound."""
    larger = [size for size in sizes if size > shown]
    if not larger:
        st.info(f"More {what} exist than the {shown:,} shown: narrow the search to see the rest.")
        return
    st.info(f"More {what} exist than the {shown:,} shown.")
    st.button(f"Read up to {larger[0]:,} {what}", key=f"{key}_more", on_click=_set_state, args=(key, larger[0]))


def _set_state(key: str, value: object) -> None:
    st.session_state[key] = value


def render_candidates(candidates: Sequence[ParcelCandidate]) -> None:
    if not candidates:
        st.warning("This address names several parcels. Add the unit, or search the ZIP and choose the parcel.")
        return
    st.warning(f"This address names {len(candidates)} parcels: choose one (or add its unit).")
    labels = distinct_labels({c.property_id: address_words(c) for c in candidates})
    render_pick("Open a property", labels, key="prop_pick", placeholder="Choose one of the parcels",
                on_pick=open_property)


def open_property(property_id: str) -> None:
    LINK.write(replace(LINK.read(), property=property_id))


def str_rows_or_word(place: dict, size: int) -> adapter.properties.Parcels | str:
    """The STR parcels (up to `size`), or the clear word where the market has none or the plan lacks them."""
    try:
        return adapter.properties.str_parcels(place, limit=size)
    except UnprocessableError as error:
        if error.code != "str_unavailable":
            raise
        return "No short-term-rental data is published for this market."
    except PermissionDeniedError as error:
        if error.code != "plan_limit":
            raise
        return "Short-term rentals are sold by contract, and this key's plan has none."


def str_section(place: dict) -> Sequence[StrParcel]:
    st.markdown("**Short-term rentals**")
    size = st.session_state.get("prop_str_size") or STR_SIZES[0]
    cost = adapter.properties.str_cost(size)
    found = confirm_charged_read(
        "prop_str", (json.dumps(place, sort_keys=True), size), ask_label="Show short-term rentals here",
        cost_text=credits_text(cost, f"Short-term rentals (up to {size:,})"), cost=cost, **adapter.budget.rules(),
        load=lambda: str_rows_or_word(place, size), error_title="Short-term rentals could not be read")
    if found is None:
        return []
    if isinstance(found, str):
        st.info(found)
        return []
    if not found.rows:
        st.info("No short-term rental was seen in this place.")
        return []
    if found.more:
        read_on("prop_str_size", STR_SIZES, size, "short-term rentals")
    render_str_list(found.rows, key="prop_str_list")
    return found.rows


# --- one property ------------------------------------------------------------------------------------


def property_section(property_id: str) -> None:
    if st.button("Back to the search", key="prop_back"):
        LINK.write(replace(LINK.read(), property="", tab="property"))
        st.rerun()
    try:
        cost = adapter.properties.parcel_cost(property_id)
    except InvalidInputError:
        st.error("This is not a property id: it is prop_ followed by 32 hex characters.")
        return
    page = confirm_charged_read(
        "prop_parcel", (property_id,), ask_label="Open the property", asked=True, confirm_label="Open the property",
        cost_text=property_cost_text(cost), cost=cost.total, **adapter.budget.rules(),
        load=lambda: adapter.properties.parcel_page(property_id), error_title="The property could not be read")
    if page is None:
        return
    notes = page.notes
    render_property_identity(page.parcel, property_id=property_id, county_names=adapter.coverage.county_names(),
                             note=notes.get("parcel"))
    render_watch_button(**adapter.watching.button(adapter.watching.of_parcel(property_id, page.parcel)), key="prop_watch")
    # The property's map shows its comparable sales once they are read (issue 46), else its pin.
    map_box = st.container()
    parcel = page.parcel
    shown = render_comps(parcel, property_id)
    with map_box:
        canvas = adapter.map_files.small_map_canvas()
        if shown is not None and shown.search.found.comps:
            render_comps_map(shown.search.subject, shown.search.found.comps, shown.used, key="prop_parcel_map",
                             canvas=canvas, height=300)
        elif parcel:
            render_parcel_map([parcel], key="prop_parcel_map", canvas=canvas, height=260)
    # Only the open tab is drawn (a rerun on a switch): the four tables and their downloads were
    # drawn at once, 0.2 s of the property's opening in the browser (issue 29, the tour's step).
    tabs = st.tabs(["Chain of title", "Loans", "Permits", "Listings"], key="prop_section", on_change="rerun")
    sections = (
        lambda: render_chain_of_title(page.history, key="prop_deeds", note=notes.get("history")),
        lambda: render_loans(page.financing, key="prop_loans", as_of=page.financing_as_of),
        lambda: render_permits(page.permits, key="prop_permits"),
        lambda: render_listing_history(page.listings, key="prop_listings", note=notes.get("listings")),
    )
    for tab, draw in zip(tabs, sections, strict=True):
        if tab.open is not False:  # None where tabs keep no state: every tab drawn
            with tab:
                draw()
    buyers_section(property_id)


def buyers_section(property_id: str) -> None:
    st.subheader("Who would buy it")
    st.caption("Investors who bought near this parcel lately, best match first, with why.")
    size = st.selectbox("Investors", MATCH_SIZES, key="prop_match_limit")
    cost = adapter.properties.matches_cost(size)
    found = confirm_charged_read(
        "prop_match", (property_id, size), ask_label="Find who would buy it", asked=LINK.read().tab == "buyers",
        confirm_label="Find them", cost=cost, **adapter.budget.rules(),
        cost_text=credits_text(cost, f"The buyers match ({size} investors at most)"),
        load=lambda: adapter.properties.matches(property_id, limit=size), error_title="The buyers match failed")
    if found is not None:
        # The page's CSV is its table, in its labels (not `found.csv`, of the service's codes).
        if found.more:
            st.info(f"More investors match than the {size:,} shown: choose more above to read them.")
        render_buyer_matches(found.rows, key="prop_matches")


def main() -> None:
    st.title("Properties")
    link = LINK.read()
    if link.property:
        property_section(link.property)
    else:
        search_section(link)


adapter.routing.ensure_app_router()
try:
    main()
except ApiError as error:  # a read outside a confirmation (an estimate never asks the service)
    render_error(error, title="The page could not be drawn")
