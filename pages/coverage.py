"""Coverage: what each market serves, how fresh it is, and whether a place is covered.

The URL holds the place asked about, so a link reopens the answer:
`?zip=75201`, `?county=48113` (or a county name), `?lat=32.8&lng=-96.8`.
"""

from __future__ import annotations

import streamlit as st

import adapter.coverage
import adapter.data
import adapter.routing
import adapter.settings
import links.coverage
import adapter.map_files
from components.coverage_matrix import render_builds, render_counties, render_coverage_matrix
from components.coverage_place import render_market_boxes, render_place_answer
from components.feedback import read_or_say
from components.tables import escape_markdown
from links.coverage import CoverageLink
from links.query import finite_number

PLACE_KINDS = ("ZIP", "County", "Point")
# The place asked is the page's selection, the person's (issue 42): the sidebar brings it back.
LINK = adapter.routing.PageLink(links.coverage)


def url_params() -> dict[str, list[str]]:
    return adapter.routing.url_params(links.coverage.NAMES)


def asked_of(kind: str, zip_code: str, county: str, lat: float | None, lng: float | None) -> tuple[CoverageLink, str | None]:
    """The place the form asks about, and what is wrong with it (links.coverage), said
    before any request."""
    if kind == "ZIP":
        asked = CoverageLink(zip=zip_code)
        return asked, asked.problem() if zip_code else "A ZIP is 5 digits, like 75201 (keep leading zeros: 07102)."
    if kind == "County":
        asked = CoverageLink(county=county)
        return asked, asked.problem() if county else "Enter a county FIPS code (5 digits, like 48113) or a county name (like Dallas County)."
    if lat is None or lng is None:
        return CoverageLink(), "Enter a latitude and a longitude."
    # The boxes take any number, so 999 is refused here in words (a bounded box kept its last
    # value under a small "!", and the answer of that value stood beside the 999).
    asked = CoverageLink(point=links.coverage.point_text(lat, lng))
    return asked, asked.problem()


def place_form() -> bool:
    """The way of naming the place, then only that way's fields in the form; False when what
    was just submitted is refused (said beside it)."""
    params = {name: values[-1] for name, values in url_params().items() if values}
    current = "County" if params.get("county") else "Point" if params.get("lat") else "ZIP"
    # Outside the form: a choice inside one would not rerun, so every way's fields showed together.
    kind = st.radio("Place", PLACE_KINDS, index=PLACE_KINDS.index(current), horizontal=True, key="cov_place_kind")
    zip_code = county = ""
    lat = lng = None
    with st.form("cov_place_form"):
        if kind == "ZIP":
            zip_code = st.text_input("ZIP", value=params.get("zip", ""), placeholder="75201", key="cov_zip").strip()
        elif kind == "County":
            county = st.text_input("County FIPS or name", value=params.get("county", ""), placeholder="48113 or Dallas County",
                                   key="cov_county").strip()
        else:
            left, right = st.columns(2)
            lat = left.number_input("Latitude", value=_float(params.get("lat"), 90.0), format="%.5f", key="cov_lat",
                                    placeholder="32.78")
            lng = right.number_input("Longitude", value=_float(params.get("lng"), 180.0), format="%.5f", key="cov_lng",
                                     placeholder="-96.80")
        submitted = st.form_submit_button("Is it covered?")
    if not submitted:
        return True
    asked, problem = asked_of(kind, zip_code, county, lat, lng)
    if problem:
        st.error(problem, icon=":material/error:")
        return False
    LINK.write(asked)
    return True


def _float(value: str | None, bound: float) -> float | None:
    """The link's coordinate for the form: None unless a number the box accepts ("NaN",
    "inf" and "1e300" would raise in `st.number_input`)."""
    return finite_number(value, -bound, bound)


def place_section() -> None:
    st.subheader("Is my place covered?")
    LINK.read()  # a URL naming no place opens the person's last (the form's defaults read it back)
    if not place_form():
        # A refused entry: the answer of the place asked before would read as this one's.
        return
    link = links.coverage.parse(url_params())
    problem = link.problem()
    if problem:
        st.error(problem, icon=":material/error:")
        return
    asked = link.request()
    if asked is None:
        return
    parameters, words = asked
    answer = read_or_say(lambda: adapter.coverage.place_coverage(**parameters), title=f"Coverage of {words} could not be read")
    if answer is not None:
        render_place_answer(answer, asked=words, key="cov_answer")


def main() -> None:
    st.title("Coverage")
    markets = read_or_say(adapter.data.markets, title="The coverage matrix could not be read") or []
    if markets:
        st.subheader("Datasets by market")
        render_coverage_matrix(markets, key="cov_matrix")
    place_section()
    if markets:
        left, right = st.columns(2)
        with left:
            st.subheader("Counties")
            render_counties(markets, key="cov_counties")
        with right:
            st.subheader("Market boxes")
            render_market_boxes(markets, key="cov_boxes", canvas=adapter.map_files.small_map_canvas())
    st.subheader("Builds and freshness")
    states = read_or_say(adapter.coverage.build_states, title="Build states could not be read")
    dataset = read_or_say(adapter.data.dataset, title="Freshness could not be read")
    if states is not None or dataset is not None:
        render_builds(states or [], dataset, key="cov_builds")
    st.caption(escape_markdown("Coverage, builds and freshness cost no credits."))


adapter.routing.ensure_app_router()
main()
