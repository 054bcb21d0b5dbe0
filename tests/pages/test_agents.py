"""The Agents page (AppTest) against the real sandbox: search, market_required, profile, listings, a listing's deeds."""

from __future__ import annotations

import re

import httpx2
import pytest

from tests.pages.apptest import api_get, frame_with, page_runner, sandbox_fixtures, texts
from tests.processes import sandbox_env

run_page = page_runner("agents")


def linked_agent(sandbox) -> dict:
    """An agent with listings and an investor link, found through the free search and profile reads."""
    for word in ("Realty", "Homes", "Properties", "Group", "Real Estate", "Partners"):
        for hit in api_get(sandbox, "/v1/agents/search", q=word)["data"]:
            profile = api_get(sandbox, f"/v1/agents/{hit['id']}", market=hit["market"])["data"]
            if profile.get("investor_links") and (profile.get("listings") or {}).get("n_total"):
                return profile
    raise AssertionError("the sandbox has no agent with listings and an investor link among the searched brokerages")


def test_search_lists_agents_with_links(app_env):
    agent = linked_agent(app_env)
    brokerage = agent["current_brokerage"]
    word = (brokerage.get("name") if isinstance(brokerage, dict) else brokerage).split()[0]
    app = run_page(q=word)
    assert not app.exception
    hits = frame_with(app, "Agent")
    assert len(hits) > 0
    assert all(link.startswith("/agents?agent=agt_") for link in hits["Open"])
    # issue 16: one label per code, never the code itself (LICENSE_EXACT, NAME_BROKERAGE).
    assert not any(str(basis).isupper() or "_" in str(basis) for basis in hits["Identity"]), set(hits["Identity"])


def test_a_search_with_no_match_says_so(app_env):
    app = run_page(q="qqzzxx nobody")
    assert not app.exception
    assert "No agent matches this search" in texts(app)


def test_an_id_in_several_markets_asks_which_market(app_env):
    multi = sandbox_fixtures(app_env)["multi_market_agent_ids"][0]
    app = run_page(agent=multi["agent_id"])
    assert not app.exception
    assert "lists in several markets" in texts(app)
    choice = app.selectbox(key="agt_market_choice")
    assert sorted(choice.options) == sorted(multi["markets"]), "only the markets the agent lists in"
    choice.set_value(multi["markets"][0]).run()
    assert not app.exception
    assert app.query_params["market"] in (multi["markets"][0], [multi["markets"][0]])
    assert app.subheader[0].value.startswith("Agent ") and multi["markets"][0] in app.subheader[0].value
    assert any(multi["agent_id"] in code.value for code in app.code), "the id in the copyable details line"


def test_the_profile_explains_identity_licence_and_links_to_investors(app_env):
    agent = linked_agent(app_env)
    app = run_page(agent=agent["id"], market=agent["market"])
    assert not app.exception
    said = texts(app)
    assert "**Identity:**" in said and "**Licence:** No licence is shown" in said
    if (agent.get("license_candidates") or 0) >= 2:
        assert f"{agent['license_candidates']} licensees on the roll share this name" in said
    labels = {metric.label for metric in app.metric}
    assert "Listings" in labels
    links = frame_with(app, "Investor")
    assert {f"/investors?investor={link['investor_id']}" for link in agent["investor_links"]} == set(links["Profile"])
    # issue 16: one label per code (kind PERSON, HIGH confidence, NAME_AND_CONTACT read as words).
    codes = [str(value) for column in ("Kind", "Confidence", "Basis") for value in links[column]]
    assert not [code for code in codes if code.isupper() or "_" in code], codes
    assert not re.search(r"\b[A-Z]{3,}[A-Z_]*\b(?<!PHX|DFW|HOU|ATL|TPA|CLT|NNJ)", " ".join(str(c.value) for c in app.caption)), \
        [c.value for c in app.caption]
    history = frame_with(app, "Listing id")
    assert len(history) > 0
    assert any(button.key == "agt_listings_csv" for button in app.get("download_button"))


def test_a_person_listing_history_with_its_filters(app_env):
    person_id = sandbox_fixtures(app_env)["person_ids_with_listings"][0]
    app = run_page(person=person_id)
    assert not app.exception
    everything = frame_with(app, "Listing id")
    assert not [value for value in everything["Status"].dropna().astype(str) if value.isupper() or "_" in value], list(everything["Status"])  # words, not codes
    expected = api_get(app_env, f"/v3/people/{person_id}/listings", limit=500)["data"]
    assert len(everything) >= min(len(expected), 500)
    dated = everything["Listed"].dropna()
    assert dated.is_monotonic_decreasing, "newest first"

    app.toggle(key="agt_f_self").set_value(True).run()
    assert not app.exception
    own = frame_with(app, "Listing id") if app.dataframe else None
    if own is not None:
        assert own["Self-listing"].all()
        assert len(own) <= len(everything)
    else:
        assert "No listings match" in texts(app)

    app.toggle(key="agt_f_self").set_value(False)
    app.toggle(key="agt_f_versions").set_value(True).run()
    versions = frame_with(app, "Mention id")
    assert len(versions) >= len(everything)


def test_a_listing_opens_its_deed_reading_and_links_the_buyer(app_env):
    listing_id = sandbox_fixtures(app_env)["listing_ids"][0]
    listing = api_get(app_env, f"/v3/marketplace/listings/{listing_id}")["data"]
    app = run_page(listing=listing_id)
    assert not app.exception
    said = texts(app)
    assert f"Listing {listing_id}" in said
    assert "Seller:" in said and "Wholesaler:" in said
    # issue 16, Agents: the parcel's county by its name, not only its FIPS code.
    fips = listing["parcel"]["county_fips"]
    names = {county["fips"]: county["name"] for market in api_get(app_env, "/v1/coverage")["data"]["markets"]
             for county in market["counties"]}
    assert f"{names[fips]} ({fips})" in said and f"county {fips}" not in said
    closing = listing.get("closing")
    if closing is None:
        # A host may serve no closing (`closing` is "object or null"; the --variety sandbox does).
        assert "None" not in said
        return
    assert closing["buyer"]["org_name"], "the fixture listings are closed purchases with a buyer"
    assert closing["buyer"]["org_name"] in said
    buyer = next(hit for hit in api_get(app_env, "/v1/investors/search", q=closing["buyer"]["org_name"])["data"]
                 if hit["org_id"] == closing["buyer"]["org_id"])
    assert f"/investors?investor={buyer['id']}" in said
    assert "Buyer's investor profile" in said


@pytest.mark.shape_independent("a retired id answers 410 and a malformed one is refused before any request")
def test_a_retired_agent_and_a_malformed_id(app_env):
    retired = sandbox_fixtures(app_env)["retired_agent_ids"][0]
    app = run_page(agent=retired)
    assert not app.exception
    assert f"Agent {retired} is retired" in texts(app)

    app = run_page(agent="agt_nothex")
    assert not app.exception
    assert "agt_ followed by 12 hex characters" in texts(app)
    # The client's own id check refuses it: nothing is sent (the client may not even be built).
    assert "adapter_data_api" not in app.session_state or app.session_state["adapter_data_api"].requests_sent == 0


def test_a_row_of_the_history_opens_its_listing_read(app_env):
    agent = linked_agent(app_env)
    app = run_page(agent=agent["id"], market=agent["market"])
    history = frame_with(app, "Listing id")
    listing_id = history["Listing id"].iloc[0]
    app.selectbox(key="agt_listing_pick").set_value(listing_id).run()
    assert not app.exception
    assert app.query_params["listing"] in (listing_id, [listing_id])
    env = sandbox_env(app_env.url)
    answer = httpx2.get(
        f"{app_env.url}/v3/marketplace/listings/{listing_id}",
        headers={"Authorization": f"Bearer {env['DEEDSCOPE_API_KEY']}"}, timeout=30,
    )
    if answer.status_code == 404:
        assert f"Listing {listing_id} was never offered on a marketplace" in texts(app)
    else:
        assert f"Listing {listing_id}" in texts(app) and "Seller:" in texts(app)
    assert app.subheader[0].value == "Marketplace listing"
    assert any(element.value.startswith("Agent ") for element in app.subheader[1:]), "the agent stays open"


def test_an_old_agent_id_opens_the_current_record(app_env):
    def single_market(agent_id: str) -> bool:
        env = sandbox_env(app_env.url)
        headers = {"Authorization": f"Bearer {env['DEEDSCOPE_API_KEY']}", "X-On-Behalf-Of": env["DEEDSCOPE_ON_BEHALF_OF"]}
        return httpx2.get(f"{app_env.url}/v1/agents/{agent_id}", headers=headers, timeout=30).status_code == 200

    pair = next(item for item in sandbox_fixtures(app_env)["merged_agent_ids"] if single_market(item["current"]))
    app = run_page(agent=pair["old"])
    assert not app.exception
    # In words, the ids in the copyable details line (issue 44, 4).
    assert "merged it into the one shown here" in texts(app) and pair["old"] not in texts(app)
    assert any(pair["old"] in code.value and pair["current"] in code.value for code in app.code)
    assert app.subheader[0].value.startswith("Agent ")
