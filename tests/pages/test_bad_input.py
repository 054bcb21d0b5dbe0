"""Broken input, as a table (issue 16, Bad input): every page's link parameters with broken
values. Each ends in a clear message on the page, never an exception, a traceback or a
server's failure, and the rest of the page keeps working (its title, its main widgets).

`?min=1e300` on the map once ended in "The sandbox failed on this request" with a
300-digit price on the filter button; `?lat=NaN&lng=inf` on Coverage raised.
"""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from tests.pages.apptest import RUN_TIMEOUT_S, page_path

pytestmark = pytest.mark.shape_independent("each broken value is said before any read; the data served does not change what is said")

HUGE_INTEGER = "9" * 300
LONG_TEXT = "x" * 5000
MARKUP = "<script>alert(1)</script>**bold**"

# What must never reach a person.
FAILURES = ("failed on this request", "Traceback", "internal_error", "Internal Server Error", "server error")


def case(page: str, query: dict, message: str, *, id: str):
    return pytest.param(page, query, message, id=f"{page}-{id}")


CASES = [
    # The map: prices, dates, the point, ZIPs, the market, the city, the view, the cell, kinds.
    case("map", {"min": "1e300"}, "price", id="min-1e300"),
    case("map", {"max": HUGE_INTEGER}, "price", id="max-300-digits"),
    case("map", {"min": "NaN"}, "price", id="min-nan"),
    case("map", {"max": "inf"}, "price", id="max-inf"),
    case("map", {"min": "-5"}, "price", id="min-negative"),
    case("map", {"min": "cheap"}, "price", id="min-not-a-number"),
    case("map", {"min": "500000", "max": "100000"}, "price", id="min-above-max"),
    case("map", {"from": "2025-02-30"}, "date", id="impossible-date"),
    case("map", {"from": "2025-06-01", "to": "2025-01-01"}, "date", id="from-after-to"),
    case("map", {"lat": "NaN", "lng": "inf", "radius": "1"}, "latitude", id="point-nan-inf"),
    case("map", {"lat": "1e300", "lng": "-96.8", "radius": "1"}, "latitude", id="point-1e300"),
    case("map", {"lat": "32.78", "lng": "-96.8", "radius": "25"}, "20 miles", id="radius-over-20"),
    case("map", {"lat": "32.78", "lng": "-96.8", "radius": "-1"}, "radius", id="radius-negative"),
    case("map", {"zip": "7520"}, "5 digits", id="zip-4-digits"),
    case("map", {"zip": "752011"}, "5 digits", id="zip-6-digits"),
    case("map", {"market": "ZZZ"}, "ZZZ", id="unknown-market"),
    case("map", {"city": LONG_TEXT}, "city", id="city-5000-chars"),
    case("map", {"city": MARKUP}, "city", id="city-markup"),
    case("map", {"view": "nan,nan,nan,nan"}, "view", id="view-nan"),
    case("map", {"view": "-1e300,32,1e300,33"}, "view", id="view-1e300"),
    case("map", {"cell": "8826c862dbfffffzz"}, "cell", id="cell-not-h3"),
    case("map", {"kind": MARKUP}, "kind", id="kind-markup"),
    # Coverage: the point, ZIPs, a county, a market.
    case("coverage", {"lat": "NaN", "lng": "inf"}, "latitude", id="point-nan-inf"),
    case("coverage", {"lat": "1e300", "lng": "5"}, "latitude", id="point-1e300"),
    case("coverage", {"lat": "abc", "lng": "-96.8"}, "latitude", id="point-not-a-number"),
    case("coverage", {"zip": "7520"}, "5 digits", id="zip-4-digits"),
    case("coverage", {"zip": "752011"}, "5 digits", id="zip-6-digits"),
    case("coverage", {"zip": "abcde"}, "5 digits", id="zip-letters"),
    case("coverage", {"county": LONG_TEXT}, "county", id="county-5000-chars"),
    case("coverage", {"county": MARKUP}, "county", id="county-markup"),
    # Agents: ids of the wrong prefix and length, a market nobody serves, long and marked-up searches.
    case("agents", {"agent": "inv_0123456789ab"}, "agt_", id="agent-wrong-prefix"),
    case("agents", {"agent": "agt_" + HUGE_INTEGER}, "agt_", id="agent-wrong-length"),
    case("agents", {"agent": "agt_0123456789ab", "market": "ZZZ"}, "ZZZ", id="unknown-market"),
    case("agents", {"person": "person:xyz"}, "person", id="person-malformed"),
    case("agents", {"listing": "zz" * 16}, "listing", id="listing-malformed"),
    case("agents", {"q": LONG_TEXT}, "", id="search-5000-chars"),
    case("agents", {"q": MARKUP}, "", id="search-markup"),
    # Investors: ids of the wrong prefix and length, long and marked-up searches, places.
    case("investors", {"investor": "agt_0123456789ab"}, "inv_", id="investor-wrong-prefix"),
    case("investors", {"investor": "inv_123"}, "inv_", id="investor-wrong-length"),
    case("investors", {"q": LONG_TEXT}, "", id="search-5000-chars"),
    case("investors", {"q": MARKUP}, "", id="search-markup"),
    case("investors", {"find": "place", "zip": "7520"}, "5-digit ZIP", id="place-zip-4-digits"),
    case("investors", {"find": "place", "market": "ZZZ"}, "ZZZ", id="place-unknown-market"),
    case("investors", {"find": "place", "city": LONG_TEXT}, "", id="place-city-5000-chars"),
    # The marketplace: a status nobody has.
    case("marketplace", {"status": MARKUP}, "", id="status-markup"),
]


def everything_said(app: AppTest) -> str:
    kinds = ("markdown", "caption", "info", "warning", "error", "success", "subheader", "title", "text", "exception")
    return "\n".join(str(getattr(element, "value", "")) for kind in kinds for element in getattr(app, kind))


@pytest.mark.parametrize(("page", "query", "message"), CASES)
def test_broken_input_is_said_and_the_page_goes_on(app_env, page, query, message):
    import adapter.data
    import streamlit as st

    st.cache_data.clear()
    adapter.data._shared_resources.clear()
    app = AppTest.from_file(page_path(page), default_timeout=RUN_TIMEOUT_S)
    app.query_params.update(query)
    app.run()
    assert not app.exception, [element.value for element in app.exception]
    said = everything_said(app)
    for failure in FAILURES:
        assert failure.lower() not in said.lower(), f"{failure!r} shown:\n{said[:2000]}"
    assert app.title, "the page still draws"
    problems = "\n".join(str(element.value) for kind in ("error", "warning", "info") for element in getattr(app, kind))
    if message:
        assert message.lower() in problems.lower(), f"no message naming {message!r}:\n{problems[:2000]}"
    # Said by the page beside the input, not learnt from a refused request (whose id its
    # "Details" name, components/feedback.py).
    refused = [element.value for element in app.code if "Request: req_" in str(element.value)]
    assert not refused, f"the input reached the service:\n{refused}"
    assert LONG_TEXT not in said, "a 5,000-character value is not repeated whole"


def test_a_bad_zip_after_a_covered_one_shows_no_old_answer(app_env):
    """Issue 16, Coverage: after a covered ZIP, "abcde" showed its error and the old
    "Covered" answer together."""
    import adapter.data
    import streamlit as st

    st.cache_data.clear()
    adapter.data._shared_resources.clear()
    app = AppTest.from_file(page_path("coverage"), default_timeout=RUN_TIMEOUT_S)
    app.query_params.update({"zip": "75201"})
    app.run()
    assert any(str(element.value).startswith("Covered") for element in app.success)
    app.text_input(key="cov_zip").input("abcde")
    app.button(key="FormSubmitter:cov_place_form-Is it covered?").click()
    app.run()
    assert not app.exception
    assert any("5 digits" in str(element.value) for element in app.error)
    assert not app.success, "the old answer is gone with the entry it answered"
