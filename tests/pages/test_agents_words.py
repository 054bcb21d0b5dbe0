"""The Agents page as a person reads it (issue 16, Agents): an agent of two markets is one
hit, a listing is chosen by what it is (place, date, status, price), not a bare id, and a
county is named."""

from __future__ import annotations

import re

from tests.pages.apptest import frame_with
from tests.pages.test_agents import linked_agent, run_page


def test_an_agent_of_two_markets_is_one_hit_that_names_both(app_env):
    app = run_page(q="Realty")
    assert not app.exception
    hits = frame_with(app, "Agent")
    assert hits["Agent"].is_unique, hits[hits["Agent"].duplicated(keep=False)]
    assert any("," in str(markets) for markets in hits["Market"]), "an agent of two markets names both"
    options = app.selectbox(key="agt_pick").options
    assert len(options) == len(set(options)) == len(hits)


def test_a_listing_is_chosen_by_what_it_is_and_counties_are_named(app_env):
    agent = linked_agent(app_env)
    app = run_page(agent=agent["id"], market=agent["market"])
    assert not app.exception
    options = app.selectbox(key="agt_listing_pick").options
    assert options and not any(re.fullmatch(r"[0-9a-f]{32}", option) for option in options), options[:3]
    assert all(" · " in option for option in options)
    history = frame_with(app, "Listing id")
    counties = history["County"].dropna().astype(str)
    assert not counties.empty and not counties.str.fullmatch(r"\d{5}").any(), counties.head().tolist()
