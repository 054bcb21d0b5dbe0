"""The Investors page (AppTest) against the real sandbox: search, leaderboard, profile, ids old/retired/malformed."""

from __future__ import annotations

import uuid

import pytest
from streamlit.testing.v1 import AppTest

from components.tables import escape_markdown
from tests.pages.apptest import api_get, frame_with, leaderboard_of, open_tab, page_runner, sandbox_fixtures, texts
from tests.pages.small_maps import kinds, layer_by_id, small_maps

run_page = page_runner("investors")


def open_profile(investor_id: str) -> AppTest:
    """Open a profile through the page, accepting the 1-credit question when it is asked."""
    app = run_page(investor=investor_id)
    assert not app.exception
    confirm = [button for button in app.button if button.key == "inv_profile_confirm"]
    if confirm:
        confirm[0].click().run()
    assert not app.exception
    return app


def some_investor(sandbox, *, max_deals: int | None = None) -> dict:
    """An investor with a printable name, found by a free name search (never hard-coded, nothing held)."""
    hits = [hit for word in ("LLC", "Homes", "Inc") for hit in api_get(sandbox, "/v1/investors/search", q=word)["data"]]
    named = [hit for hit in hits if hit.get("display_name") and hit.get("n_deals")]
    if max_deals is not None:
        named = [hit for hit in named if hit["n_deals"] <= max_deals]
    assert named, "the sandbox has no named investor to open"
    return named[0]


def test_name_search_lists_hits_and_a_hit_opens_the_profile(app_env):
    investor = some_investor(app_env)
    app = run_page(q=investor["display_name"])
    assert not app.exception
    hits = app.dataframe[0].value
    assert investor["id"] in hits["Id"].tolist()
    assert all(link.startswith("/investors?investor=inv_") for link in hits["Profile"])
    assert any(button.label == "Download CSV" for button in app.get("download_button"))

    app.selectbox(key="inv_pick").set_value(investor["id"]).run()
    assert app.query_params["investor"] == [investor["id"]] or app.query_params["investor"] == investor["id"]
    assert "costs 1 credit" in texts(app)


def test_a_search_with_no_match_says_so(app_env):
    app = run_page(q="qqzzxx no such buyer")
    assert not app.exception
    assert "No investor name matches" in texts(app)
    assert not app.dataframe


def test_a_capped_search_says_more_names_matched(app_env):
    # A word most names carry: the service caps its hits at 50 (data-api.md, Limits 6).
    body = api_get(app_env, "/v1/investors/search", q="LLC")
    assert body["page"].get("capped"), "the sandbox should hold more than 50 names with 'LLC' in them"
    app = run_page(q="LLC")
    assert not app.exception
    assert "Only the first 50 matches are shown" in texts(app)
    assert len(app.dataframe[0].value) == len(body["data"]) == 50


def test_the_profile_asks_before_spending_a_credit_then_shows_every_group(app_env):
    investor = some_investor(app_env)
    app = run_page(investor=investor["id"])
    assert not app.exception
    assert "costs 1 credit" in texts(app)
    assert app.button(key="inv_profile_confirm").label == "Open profile (1 credit)"
    api = app.session_state["adapter_data_api"]
    assert api.credits.charged == 0, "nothing is read before the person agrees"

    app.button(key="inv_profile_confirm").click().run()
    assert not app.exception
    assert app.subheader[0].value == escape_markdown(investor["display_name"])
    assert {"Median bought price", "Median hold"} <= {metric.label for metric in app.metric}
    assert "Deals" in frame_with(app, "All time")["Counter"].tolist()
    assert [tab.label for tab in app.tabs] == ["Activity", "Financing", "Agents and buyer signal", "Deals",
                                               "Wholesale purchases"]
    open_tab(app, "Financing")
    assert not app.exception
    assert "Loans" in {metric.label for metric in app.metric}
    open_tab(app, "Agents and buyer signal")
    assert "Buyer signal" in texts(app)
    open_tab(app, "Activity")
    assert api.credits.charged == 1

    # A second look at the same profile is free, and the page does not ask again.
    app.session_state["inv_profiles"] = {}
    app.run()
    assert not [button for button in app.button if button.key == "inv_profile_confirm"]
    assert app.subheader[0].value == escape_markdown(investor["display_name"])
    assert api.credits.charged == 1


def test_only_the_open_tab_is_drawn_so_the_deals_wait_for_their_tab(app_env):
    """Issue 29: a profile opened (in a tour, on a link) drew every tab, its deals' walk among
    them; now the deals are asked for, and read, only once their tab is opened."""
    investor = some_investor(app_env, max_deals=60)
    app = open_profile(investor["id"])
    keys = {button.key for button in app.button}
    assert "inv_load_deals_confirm" not in keys, "the Deals tab is drawn while Activity is open"
    assert "Buyer signal" not in texts(app)
    assert "Median bought price" in {metric.label for metric in app.metric}
    open_tab(app, "Deals")
    assert not app.exception
    assert "inv_load_deals_confirm" in {button.key for button in app.button}
    assert "Median bought price" not in {metric.label for metric in app.metric}


def test_the_deals_load_with_progress_into_a_table_with_csv(app_env):
    investor = some_investor(app_env, max_deals=60)
    app = open_tab(open_profile(investor["id"]), "Deals")
    expected = app.session_state["inv_profiles"][investor["id"]][0].n_deals
    app.button(key="inv_load_deals_confirm").click().run()
    assert not app.exception
    deals = next(frame.value for frame in app.dataframe if "Deal id" in frame.value.columns)
    assert len(deals) == expected
    assert deals["Deal id"].is_unique
    assert any(button.key == "inv_deals_csv" for button in app.get("download_button"))


def test_awkward_names_render_as_text_not_markup(app_env):
    for investor_id in sandbox_fixtures(app_env)["awkward_investor_ids"]:
        profile = api_get(app_env, f"/v1/investors/{investor_id}")["data"]
        app = open_profile(investor_id)
        shown = app.subheader[0].value
        assert shown == escape_markdown(profile["display_name"])
        assert "<" not in shown.replace("\\<", "") and "*" not in shown.replace("\\*", "")


def test_an_old_id_opens_the_current_record_and_says_so(app_env):
    merged = sandbox_fixtures(app_env)["merged_investor_ids"][0]
    app = open_profile(merged["old"])
    # In words, the ids in the copyable details line (issue 44, 4).
    assert "merged it into the one shown here" in texts(app) and merged["old"] not in texts(app)
    assert any(merged["old"] in code.value and merged["current"] in code.value for code in app.code)
    history = next(frame.value for frame in app.dataframe if "Id in that run" in frame.value.columns)
    assert merged["old"] in history["Id in that run"].tolist()


@pytest.mark.shape_independent("the host answers 410 for a retired id: an error, whatever the data")
def test_a_retired_id_says_retired_without_a_trace(app_env):
    retired = sandbox_fixtures(app_env)["retired_investor_ids"][0]
    app = open_profile(retired)
    assert f"Investor {retired} is retired" in texts(app)
    assert not app.exception


@pytest.mark.shape_independent("a malformed id is refused before any request")
@pytest.mark.parametrize("bad_id", ["inv_XYZ", "inv_0123456789abcd", "12345", "agt_0123456789ab"])
def test_a_malformed_id_is_refused_before_any_request(app_env, bad_id):
    app = run_page(investor=bad_id)
    assert not app.exception
    assert "inv_ followed by 12 hex characters" in texts(app)
    # The client's own id check refuses it: nothing is sent (the client may not even be built).
    assert "adapter_data_api" not in app.session_state or app.session_state["adapter_data_api"].requests_sent == 0


def test_the_leaderboard_of_a_market_in_the_url(app_env):
    market = next(iter(sandbox_fixtures(app_env)["markets"]))
    app = run_page(find="place", market=market, sort="flips_desc")
    assert not app.exception
    board = leaderboard_of(app)
    assert len(board) > 0
    assert all(link.startswith("/investors?investor=inv_") for link in board["Profile"])
    assert f"market {market}" in texts(app)


def test_the_leaderboard_form_with_a_zip_list_and_kinds(app_env):
    investor = some_investor(app_env, max_deals=60)
    deals = api_get(app_env, f"/v1/investors/{investor['id']}/deals", limit=5)["data"]
    zip_code = deals[0]["property"]["zip"]
    app = run_page()
    app.radio(key="inv_finder").set_value("By place").run()
    app.radio(key="inv_place_kind").set_value("ZIP list")
    app.text_input(key="inv_place_zip").input(zip_code)
    app.multiselect(key="inv_kinds").select(deals[0]["kind"])
    app.selectbox(key="inv_sort").set_value("last_bought_desc")
    next(button for button in app.button if button.label.startswith("Show leaderboard")).click()
    app.run()
    assert not app.exception
    assert app.query_params["zip"] in (zip_code, [zip_code])
    assert app.query_params["sort"] in ("last_bought_desc", ["last_bought_desc"])
    board = leaderboard_of(app)
    assert len(board) > 0
    last_bought = board["Last bought"].dropna()
    assert last_bought.is_monotonic_decreasing
    from components.words import code_label

    # issue 26: kinds said as the pages say them ("Long hold"), not as codes.
    assert f"Investors of ZIPs {zip_code}, by bought most recently, kinds {code_label(deals[0]['kind'])}" in texts(app).replace("\\", "")


def test_a_server_error_is_said_in_place_and_the_page_goes_on(app_env):
    # A query no earlier test made: a cached answer would (rightly) be served through the fault.
    query = f"no such buyer {uuid.uuid4().hex[:8]}"
    app_env.faults(rate=1.0, statuses=[500], seed=3)
    app = run_page(q=query)
    assert not app.exception
    assert any("Search failed" in str(element.value) for element in app.error)
    assert app.text_input(key="inv_id_input") is not None, "the rest of the page is still there"
    app_env.faults(rate=0)
    app.run()
    assert not app.error
    assert "No investor name matches" in texts(app)


def test_a_leftover_pick_never_overrides_an_id_opened_later(app_env):
    first, second = [hit for hit in api_get(app_env, "/v1/investors/search", q="LLC")["data"] if hit.get("display_name")][:2]
    app = run_page(q=first["display_name"])
    app.selectbox(key="inv_pick").set_value(first["id"]).run()
    assert app.query_params["investor"] in (first["id"], [first["id"]])
    app.text_input(key="inv_id_input").input(second["id"])
    next(button for button in app.button if button.label == "Open").click()
    app.run()
    app.run()  # any later interaction
    assert app.query_params["investor"] in (second["id"], [second["id"]])


def test_the_deals_read_never_promises_fewer_credits_than_it_may_charge(app_env):
    """Issue 15, item 5: the profile's count is no bound on the list; the stated bound is whole
    pages of the documented maximum (500), and the read stops there."""
    import adapter.investors

    assert adapter.investors.deals_read_bound(60, 5000) == 500
    assert adapter.investors.deals_read_bound(0, 5000) == 500
    assert adapter.investors.deals_read_bound(501, 5000) == 1000
    assert adapter.investors.deals_read_bound(12_000, 5000) == 5000
    investor = some_investor(app_env, max_deals=60)
    app = open_tab(open_profile(investor["id"]), "Deals")
    confirm = app.button(key="inv_load_deals_confirm")
    assert confirm.label == "Load deals (up to 500 credits)", confirm.label


def test_a_profile_the_account_holds_is_free_in_a_new_session(app_env):
    """issue 16, Investors: the account's own profile is announced as free, not as 1 credit."""
    investor = some_investor(app_env)
    first = open_profile(investor["id"])
    assert first.session_state["adapter_data_api"].credits.charged == 1
    later = run_page(investor=investor["id"])  # another session: its own meter, the process's cache
    assert not later.exception
    assert not [button for button in later.button if button.key == "inv_profile_confirm"]
    assert "Opening this profile costs" not in texts(later)
    assert "Free: already yours" in texts(later)
    assert later.subheader[0].value == escape_markdown(investor["display_name"])
    assert later.session_state["adapter_data_api"].credits.charged == 0


def test_an_unknown_id_is_said_from_the_profiles_own_404_and_charges_nothing(app_env):
    """No early-access route is asked whether the id exists (data-api.md, Versioning 5); the
    profile's read after the person confirms says so, and a failed request charges nothing (Errors)."""
    unknown = "inv_" + uuid.uuid4().hex[:12]
    app = run_page(investor=unknown)
    assert not app.exception
    assert "Opening this profile costs" in texts(app)
    app.button(key="inv_profile_confirm").click().run()
    assert f"No investor has the id {unknown}" in texts(app)
    assert app.session_state["adapter_data_api"].credits.charged == 0


def test_a_profile_opens_for_a_key_without_early_access(sandbox, monkeypatch):
    """A key the early-access routes refuse (403 plan_limit) still opens profiles, and says no id is unknown."""
    from tests.pages.conftest import point_the_app_at

    sandbox.reset()
    point_the_app_at(sandbox, monkeypatch, key="zpka_sandbox_noearly")
    investor = api_get(sandbox, "/v1/investors/search", q="LLC")["data"][0]
    app = run_page(investor=investor["id"])
    app.button(key="inv_profile_confirm").click().run()
    assert not app.exception
    assert "No investor has the id" not in texts(app)
    assert app.subheader[0].value == escape_markdown(investor["display_name"])


def test_the_deals_map_is_framed_by_the_investors_market(app_env):
    """issue 16, Investors: the dots of its deals drawn within its market's outlined, named box."""
    investor = some_investor(app_env, max_deals=60)
    app = open_tab(open_profile(investor["id"]), "Deals")
    app.button(key="inv_load_deals_confirm").click().run()
    assert not app.exception
    market = app.session_state["inv_profiles"][investor["id"]][0].market
    west, south, east, north = sandbox_fixtures(app_env)["markets"][market]
    deck = next(spec for spec in small_maps(app) if "points" in kinds(spec))
    frames = [layer for layer in deck["layers"] if layer["kind"] == "polygons"]
    assert frames, "the market's frame is drawn"
    corners = frames[0]["rows"][0]["polygon"]
    assert {tuple(point) for point in corners} == {(west, south), (east, south), (east, north), (west, north)}
    names = [row["t"] for row in layer_by_id(deck, "box-names")["rows"]]
    assert names == [f"{market} market"]
    # The states' borders lie under the frame and the dots (issue 16: the dots' context without tiles).
    drawn = kinds(deck)
    assert drawn.index("paths") < drawn.index("polygons"), drawn
    deals = frame_with(app, "Sale date")
    assert not [value for value in deals["Kind"].dropna().astype(str) if value.isupper() or "_" in value], list(deals["Kind"])  # words, not codes
    view_west, view_south, view_east, view_north = deck["view"]["bounds"]
    assert view_west <= west and view_south <= south and east <= view_east and north <= view_north, "the market shown whole"
