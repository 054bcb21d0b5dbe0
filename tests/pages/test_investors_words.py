"""The Investors page's forms (issue 26): the place form shows the chosen way's field only; what is
typed wrong is said as typed (not "in the link"), in one short line for a paste, kept in its box,
and kept out of the URL."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from tests.pages.apptest import leaderboard_of, open_tab, page_path, run_page

PAGE = page_path("investors")
SHOW = "inv_place_form"
PASTE = "x" * 5000


def place_fields(app: AppTest) -> set[str]:
    return {element.key for kind in ("text_input", "selectbox") for element in getattr(app, kind)
            if str(element.key).startswith("inv_place_")}


def submit(app: AppTest, form: str) -> AppTest:
    next(button for button in app.button if str(button.key).startswith(f"FormSubmitter:{form}-")).click().run()
    assert not app.exception
    return app


def errors(app: AppTest) -> str:
    return " ".join(str(element.value) for element in app.error)


@pytest.mark.shape_independent("the form's fields, before any read")
@pytest.mark.parametrize(("way", "fields"), [
    pytest.param("ZIP list", {"inv_place_zip"}, id="zips"),
    pytest.param("City", {"inv_place_city"}, id="city"),
    pytest.param("Market", {"inv_place_market"}, id="market"),
])
def test_by_place_shows_the_chosen_ways_field_only(app_env, way, fields):
    app = run_page(PAGE, find="place")
    app.radio(key="inv_place_kind").set_value(way).run()
    assert not app.exception
    assert place_fields(app) == fields


@pytest.mark.shape_independent("what is typed is said before any read")
def test_a_typed_bad_zip_is_said_of_the_form_not_the_link_and_stays_out_of_the_url(app_env):
    app = run_page(PAGE, find="place")
    app.text_input(key="inv_place_zip").input("7520")
    submit(app, SHOW)
    said = errors(app)
    assert "“7520” is not a 5-digit ZIP" in said and "link" not in said
    assert "zip" not in app.query_params
    assert app.text_input(key="inv_place_zip").value == "7520"


@pytest.mark.shape_independent("what is typed is said before any read")
def test_a_pasted_name_is_kept_said_in_one_line_and_not_put_in_the_url(app_env):
    """A 5,000-character paste into "Investor name" emptied the box with no word."""
    app = run_page(PAGE)
    app.text_input(key="inv_query").input(PASTE).run()
    said = errors(app)
    assert "5,000 characters" in said and len(said) < 200
    assert app.text_input(key="inv_query").value == PASTE
    assert "q" not in app.query_params


@pytest.mark.shape_independent("what is typed is said before any read")
def test_a_pasted_id_is_said_in_one_line_and_not_put_in_the_url(app_env):
    """5,000 characters into "Open by id" filled the screen in red and went into the URL."""
    app = run_page(PAGE)
    app.text_input(key="inv_id_input").input(PASTE)
    submit(app, "inv_open_form")
    said = errors(app)
    assert "is not an investor id" in said and len(said) < 200
    assert "investor" not in app.query_params


def test_an_investors_agents_are_named_by_brokerage_not_id(app_env):
    """issue 26, Names: "Agent agt_… (HIGH confidence)" on the investor's page."""
    from tests.pages.test_agents import linked_agent

    agent = linked_agent(app_env)
    investor_id = agent["investor_links"][0]["investor_id"]
    app = run_page(PAGE, investor=investor_id)
    if any(str(button.key) == "inv_profile_confirm" for button in app.button):
        app.button(key="inv_profile_confirm").click().run()
    open_tab(app, "Agents and buyer signal")
    assert not app.exception
    table = next(frame.value for frame in app.dataframe if "Self-listings" in frame.value.columns)
    assert not table["Agent"].str.contains("agt_").any(), table["Agent"].tolist()
    assert table["Agent"].str.startswith("Agent ").all()
    assert not table["Confidence"].isin(["HIGH", "MEDIUM", "LOW"]).any(), "codes read as words"


def test_the_leaderboard_and_the_profile_say_which_deals_they_count(app_env):
    """issue 26, Numbers: Doorstep Homes Inc (DFW) had 1,748 deals on its profile and 1,727 on its
    market's leaderboard: the board counts deals inside the market's box, and deals recorded without
    a map point are in no box. Both pages now say which deals they count, and the numbers agree with that."""
    from tests.pages.apptest import api_get, texts

    app = run_page(PAGE, find="place", market="DFW", sort="events_desc")
    assert not app.exception
    board = leaderboard_of(app)
    assert "deals recorded without a map point are in no box" in texts(app)
    top = board.iloc[0]
    profile = api_get(app_env, f"/v1/investors/{top['Id']}")["data"]
    box = next(market["bbox"] for market in api_get(app_env, "/v1/coverage")["data"]["markets"] if market["market"] == "DFW")
    placed, cursor = 0, None
    while True:
        page = api_get(app_env, f"/v1/investors/{top['Id']}/deals", limit=500, **({"cursor": cursor} if cursor else {}))
        placed += sum(1 for deal in page["data"] if deal["property"].get("latitude") is not None
                      and box[0] <= deal["property"]["longitude"] <= box[2] and box[1] <= deal["property"]["latitude"] <= box[3])
        cursor = page["page"].get("next_cursor")
        if not cursor:
            break
    # What the page says is what the numbers are: the board's count is its deals with a point in the box.
    assert top["Deals"] == placed <= profile["n_deals"]
    opened = run_page(PAGE, investor=top["Id"])
    if any(str(button.key) == "inv_profile_confirm" for button in opened.button):
        opened.button(key="inv_profile_confirm").click().run()
    assert "every deal on record, with or without a map point" in texts(opened)
