"""An analyst's journey in a real browser through app.py: investor → agent → listing → back to the investor."""

from __future__ import annotations

import re

import httpx2

from tests.browser.held_socket import hold_what_the_tab_sends, release
from tests.browser.test_map_journey import open_painted_map
from tests.processes import api_get

STEP_TIMEOUT_MS = 60_000
AGENT_SEARCH_WORDS = ("Realty", "Homes", "Properties", "Group", "Real Estate", "Partners")


def journey_subjects(url: str) -> tuple[dict, dict, str]:
    """An investor linked to an agent, and a marketplace listing the investor bought, all found through the API."""
    for word in AGENT_SEARCH_WORDS:
        for hit in api_get(url, "/v1/agents/search", q=word)["data"]:
            agent = api_get(url, f"/v1/agents/{hit['id']}", market=hit["market"])["data"]
            for link in agent.get("investor_links") or []:
                investor = api_get(url, f"/v1/investors/{link['investor_id']}")["data"]
                if not investor.get("display_name"):
                    continue
                deals = api_get(url, f"/v1/investors/{investor['id']}/deals", limit=500)["data"]
                listing_id = next((deal["listing_id"] for deal in deals if deal.get("listing_id")), None)
                if listing_id:
                    return investor, agent, listing_id
    raise AssertionError("the sandbox has no investor linked to an agent that bought a marketplace listing")


def wait_for_text(page, text: str) -> None:
    page.get_by_text(text, exact=False).first.wait_for(state="visible", timeout=STEP_TIMEOUT_MS)


def test_investor_to_agent_to_listing_and_back(sandbox, app_url, page, artifacts_dir):
    investor, agent, listing_id = journey_subjects(sandbox.url)
    page.set_default_timeout(STEP_TIMEOUT_MS)

    # Search the investor by name and open its profile, agreeing to the credit it may cost.
    # Enter at the app's front page, as a person does, and use its navigation.
    # Streamlit first draws the folder's legacy links, then app.py's st.navigation replaces them.
    page.goto(app_url)
    # A person clicks once the front page is there: a click on one of the folder's links, before
    # app.py's navigation replaced them, changed the address and left the Map drawn (seen twice).
    page.get_by_role("heading", name="Where investors buy").wait_for()
    page.get_by_test_id("stSidebarNav").get_by_text("Investors", exact=True).click()
    page.wait_for_url(re.compile(r"/investors"))
    search = page.get_by_role("textbox", name="Investor name")
    search.fill(investor["display_name"])
    search.press("Enter")
    page.get_by_text("best match first").wait_for()
    page.get_by_label("Open a profile").click()
    # A choice reads as a person names the investor (its name and market; issue 44: no ids).
    page.get_by_role("option", name=re.compile("^" + re.escape(investor["display_name"]) + " · ")).first.click()
    page.get_by_role("button", name=re.compile(r"Open profile \(1 credit\)")).click()
    page.get_by_role("heading", name=investor["display_name"]).wait_for()
    assert f"investor={investor['id']}" in page.url
    page.screenshot(path=str(artifacts_dir / "analyst-1-investor.png"), full_page=True)

    # Open the agent from the investor's links.
    page.get_by_role("tab", name="Agents and buyer signal").click()
    # Named by what is served (issue 26: the name is redacted), not "Agent agt_…".
    from components.agent_profile import agent_label
    from services.data_api.models import AgentProfile

    label = agent_label(AgentProfile.model_validate(agent))
    page.get_by_role("link", name=re.compile("^" + re.escape(label))).first.click()
    page.get_by_role("heading", name=label).wait_for()
    assert "/agents" in page.url and f"agent={agent['id']}" in page.url
    wait_for_text(page, "Identity:")
    page.screenshot(path=str(artifacts_dir / "analyst-2-agent.png"), full_page=True)

    # Open a listing the investor bought: the reading of its deeds names the investor as buyer.
    opener = page.get_by_role("textbox", name="Open by id")
    opener.fill(listing_id)
    opener.press("Enter")
    wait_for_text(page, f"Listing {listing_id}")
    assert f"listing={listing_id}" in page.url
    page.screenshot(path=str(artifacts_dir / "analyst-3-listing.png"), full_page=True)

    # Back to the investor through the buyer's link; the session already holds the profile.
    page.get_by_role("link", name=re.compile("Buyer's investor profile")).first.click()
    page.get_by_role("heading", name=investor["display_name"]).wait_for()
    assert "/investors" in page.url and f"investor={investor['id']}" in page.url
    assert page.get_by_role("button", name=re.compile(r"Open profile")).count() == 0
    page.screenshot(path=str(artifacts_dir / "analyst-4-back-to-investor.png"), full_page=True)


def test_awkward_names_show_literally_in_the_browser(sandbox, app_url, page, artifacts_dir):
    fixtures = httpx2.get(f"{sandbox.url}/_sandbox/fixtures", timeout=30).json()["data"]
    page.set_default_timeout(STEP_TIMEOUT_MS)
    page.goto(app_url)
    # A person clicks once the front page is there: a click on one of the folder's links, before
    # app.py's navigation replaced them, changed the address and left the Map drawn (seen twice).
    page.get_by_role("heading", name="Where investors buy").wait_for()
    page.get_by_test_id("stSidebarNav").get_by_text("Investors", exact=True).click()
    page.wait_for_url(re.compile(r"/investors"))
    for number, investor_id in enumerate(fixtures["awkward_investor_ids"]):
        name = api_get(sandbox.url, f"/v1/investors/{investor_id}")["data"]["display_name"]
        opener = page.get_by_role("textbox", name="Open by id")
        opener.fill(investor_id)
        opener.press("Enter")
        confirm = page.get_by_role("button", name=re.compile(r"Open profile"))
        heading = page.get_by_role("heading", name=name, exact=True)
        confirm.or_(heading).first.wait_for()
        if confirm.count():
            confirm.click()
        heading.wait_for()
        # The name is text: no element was made of it, and it reads exactly as the registry spells it.
        assert heading.inner_text().strip() == name
        assert heading.locator("b, em, strong, i").count() == 0
        page.screenshot(path=str(artifacts_dir / f"analyst-awkward-{number}.png"))


def test_a_click_on_another_page_is_not_undone_by_the_map_reporting_its_view(app_url, page, artifacts_dir):
    """The click above, once lost in CI: the map's first frame (and the Map's rerun it asks for) and
    the view it reports reached the server with the click, which the Map then won, and the person
    stayed there (web/page_changes.py; fastReruns in .streamlit/config.toml). Here what the tab
    sends is held and then let go at once, so the map's words always meet the click."""
    page.set_default_timeout(STEP_TIMEOUT_MS)
    held = hold_what_the_tab_sends(page)
    canvas = open_painted_map(page, app_url)
    held["on"] = True
    page.get_by_test_id("stSidebarNav").get_by_text("Investors", exact=True).click()
    # The person's click waits to be taken; the map, still on the screen, is moved and
    # reports its view once it stands still (frontend/src/camera.js, 400 ms).
    box = canvas.bounding_box()
    middle = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.move(*middle)
    page.mouse.down()
    page.mouse.move(middle[0] + 120, middle[1] + 60, steps=8)
    page.mouse.up()
    page.wait_for_timeout(1_500)
    assert len(held["messages"]) >= 2, "the click and the map's view were both held"
    release(held)
    page.wait_for_url(re.compile(r"/investors"))
    page.get_by_role("textbox", name="Open by id").wait_for()
    # Whatever was still on its way has come by now: the page stays the one the person chose.
    page.wait_for_timeout(3_000)
    page.screenshot(path=str(artifacts_dir / "analyst-leaving-the-map.png"))
    assert "/investors" in page.url
    assert page.get_by_role("heading", name="Where investors buy").count() == 0
