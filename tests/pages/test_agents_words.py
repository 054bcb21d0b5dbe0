"""The Agents page as a person reads it (issue 16, Agents): an agent of two markets is one
hit, a listing is chosen by what it is (place, date, status, price), not a bare id, and a
county is named."""

from __future__ import annotations

import re

import pytest

from tests.pages.apptest import frame_with
from tests.pages.test_agents import linked_agent, run_page


def test_an_agent_of_two_markets_is_one_hit_that_names_both(app_env):
    app = run_page(q="Realty")
    assert not app.exception
    hits = frame_with(app, "Agent")
    assert hits["Agent id"].is_unique, hits[hits["Agent id"].duplicated(keep=False)]
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


def test_agents_are_named_by_what_is_served_not_their_ids(app_env):
    """issue 26, Names: the search listed "agt_531dba21a287 · DFW, HOU" and the heading was the id;
    the name is redacted, so an agent reads as its brokerage, market and listings."""
    app = run_page(q="Realty")
    hits = frame_with(app, "Agent")
    assert not hits["Agent"].str.contains("agt_").any(), hits["Agent"].head().tolist()
    assert hits["Agent"].str.match(r"Agent (?:at|with) ").all() and hits["Agent"].str.contains("listing").all()
    options = app.selectbox(key="agt_pick").options
    # Named, never by id: two that read alike are numbered (issue 44, 4).
    assert all(re.match(r"Agent (at|with) ", option) and "agt_" not in option for option in options), options[:3]
    assert len(set(options)) == len(options)
    agent = linked_agent(app_env)
    profile = run_page(agent=agent["id"], market=agent["market"])
    heading = profile.subheader[0].value
    assert "agt_" not in heading and heading.startswith("Agent ") and agent["market"] in heading
    assert not any(agent["id"] in caption.value.replace("\\", "") for caption in profile.caption)
    assert any(agent["id"] in code.value for code in profile.code), "the id in the copyable details line"


@pytest.mark.shape_independent("what is pasted is refused before any request")
def test_a_pasted_id_is_said_in_one_line_and_not_put_in_the_url(app_env):
    """issue 26: 5,000 characters into "Open by id" filled the screen in red and went into the URL."""
    app = run_page()
    app.text_input(key="agt_id_input").input("x" * 5000)
    next(button for button in app.button if str(button.key).startswith("FormSubmitter:agt_open_form")).click().run()
    assert not app.exception
    said = " ".join(str(element.value) for element in app.error)
    assert "is not an agent, person or listing id" in said and len(said) < 200
    assert "agent" not in app.query_params
