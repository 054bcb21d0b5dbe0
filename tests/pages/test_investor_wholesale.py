"""The investor profile's "Wholesale purchases" tab (issue 20), with the network link."""

from __future__ import annotations

from tests.pages.apptest import api_get, frame_with, open_tab, page_path, run_page, sandbox_fixtures, texts

PAGE = page_path("investors")


def open_profile(investor_id: str):
    app = run_page(PAGE, investor=investor_id)
    confirm = [button for button in app.button if button.key == "inv_profile_confirm"]
    if confirm:
        confirm[0].click().run()
    return open_tab(app, "Wholesale purchases")


def test_the_profile_has_its_wholesale_purchases_and_network(app_env):
    investor_id = sandbox_fixtures(app_env)["top_investor_ids"][0]
    app = open_profile(investor_id)
    assert not app.exception
    assert "Wholesale purchases" in [tab.label for tab in app.tabs]
    profile = api_get(app_env, f"/v1/investors/{investor_id}")["data"]
    if profile["n_bought_from_wholesaler"]:
        purchases = frame_with(app, "Wholesaler page")
        assert len(purchases) == profile["n_bought_from_wholesaler"]
    assert f"/network?investor={investor_id}" in texts(app)


def test_an_investor_of_a_market_without_wholesale_says_so(app_env):
    bbox = ",".join(map(str, sandbox_fixtures(app_env)["markets"]["NNJ"]))
    investor_id = api_get(app_env, "/v1/investors", bbox=bbox, limit=1)["data"][0]["id"]
    app = open_profile(investor_id)
    assert not app.exception
    assert "no published wholesale dataset yet" in texts(app)
