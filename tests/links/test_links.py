"""The pages' URL codecs (links/), without Streamlit: every link round-trips, odd queries read plainly."""

from __future__ import annotations

import pytest

from links import agents, coverage, investors, marketplace
from links.agents import AgentsLink
from links.coverage import CoverageLink
from links.investors import InvestorsLink
from links.marketplace import MarketplaceLink


@pytest.mark.parametrize(
    ("codec", "link"),
    [
        pytest.param(investors, InvestorsLink(), id="investors-empty"),
        pytest.param(investors, InvestorsLink(investor="inv_0123456789ab"), id="investors-profile"),
        pytest.param(investors, InvestorsLink(query="Acme Homes", investor="inv_0123456789ab"), id="investors-search-and-profile"),
        pytest.param(
            investors, InvestorsLink(by_place=True, place_kind="zip", place="75201,75202", sort="flips_desc", kinds=("flip", "hold")),
            id="investors-leaderboard-zips-kinds",
        ),
        pytest.param(investors, InvestorsLink(by_place=True, place_kind="market", place="DFW", sort="events_desc"), id="investors-market"),
        pytest.param(investors, InvestorsLink(by_place=True, place_kind="city", place="Fort Worth"), id="investors-city"),
        pytest.param(agents, AgentsLink(), id="agents-empty"),
        pytest.param(agents, AgentsLink(agent="agt_0123456789ab", market="DFW"), id="agents-agent-in-market"),
        pytest.param(agents, AgentsLink(person="person:0123456789ab", listing="0" * 32), id="agents-person-and-listing"),
        pytest.param(coverage, CoverageLink(), id="coverage-empty"),
        pytest.param(coverage, CoverageLink(zip="07102"), id="coverage-zip-leading-zero"),
        pytest.param(coverage, CoverageLink(county="Dallas County"), id="coverage-county-name"),
        pytest.param(coverage, CoverageLink(point=coverage.point_text(64.8378, -147.7164)), id="coverage-point"),
        pytest.param(marketplace, MarketplaceLink(), id="marketplace-all"),
        pytest.param(marketplace, MarketplaceLink(status="countered"), id="marketplace-status"),
    ],
)
def test_a_link_round_trips(codec, link):
    assert codec.parse(codec.write(link)) == link


@pytest.mark.parametrize(
    ("params", "expected"),
    [
        pytest.param({"investor": [" inv_0123456789ab "]}, InvestorsLink(investor="inv_0123456789ab"), id="stripped-last-value"),
        pytest.param({"find": "place", "city": "Dallas", "market": "DFW"}, InvestorsLink(by_place=True, place_kind="city", place="Dallas"), id="city-before-market"),
        pytest.param({"kind": ["flip", "", "hold"]}, InvestorsLink(kinds=("flip", "hold")), id="empty-kinds-dropped"),
        pytest.param({"find": "names"}, InvestorsLink(), id="other-finder-is-names"),
    ],
)
def test_investors_links_read_plainly(params, expected):
    assert investors.parse(params) == expected


def test_investors_zip_lists_split_on_commas_and_semicolons():
    assert investors.zip_codes("75201; 75202 ,,75203") == ["75201", "75202", "75203"]


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        pytest.param("person:0123456789ab", AgentsLink(person="person:0123456789ab"), id="person-alone"),
        pytest.param("a" * 32, AgentsLink(agent="agt_0123456789ab", market="DFW", listing="a" * 32), id="listing-beside"),
        pytest.param(" agt_nothex ", AgentsLink(agent="agt_nothex"), id="malformed-kept-as-agent-alone"),
    ],
)
def test_an_id_typed_in_the_agents_page_opens_its_kind(typed, expected):
    current = AgentsLink(agent="agt_0123456789ab", market="DFW", listing="b" * 32)
    assert agents.opened_by_id(current, typed) == expected


@pytest.mark.parametrize(
    ("params", "expected"),
    [
        pytest.param({"zip": "75201", "county": "48113"}, ({"zip": "75201"}, "ZIP 75201"), id="zip-first"),
        pytest.param({"lat": "64.8378", "lng": "-147.7164"}, ({"lat": 64.8378, "lng": -147.7164}, "the point 64.8378, -147.7164"), id="point"),
        pytest.param({"lat": "64.8"}, None, id="half-a-point"),
    ],
)
def test_coverage_links_ask_about_one_place(params, expected):
    assert coverage.parse(params).request() == expected


def test_a_coverage_point_that_is_not_a_number_is_refused():
    with pytest.raises(ValueError):
        coverage.parse({"lat": "north", "lng": "-96.8"}).request()


def test_a_point_is_said_as_the_link_wrote_it():
    assert coverage.parse(coverage.write(CoverageLink(point=coverage.point_text(32.8, -96.8)))).request() == (
        {"lat": 32.8, "lng": -96.8}, "the point 32.80000, -96.80000"
    )


@pytest.mark.parametrize(
    ("page_and_query", "expected"),
    [
        pytest.param("marketplace?status=countered", "countered", id="known"),
        pytest.param("marketplace?status=bogus", None, id="unknown-dropped"),
        pytest.param("marketplace", None, id="none"),
    ],
)
def test_marketplace_return_to_keeps_only_a_known_status(page_and_query, expected):
    assert marketplace.parse(page_and_query).status == expected
    assert marketplace.write(MarketplaceLink("all")) == "marketplace"
