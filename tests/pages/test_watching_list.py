"""The watch list's limits and file, and watches on what the host no longer serves as it was (issue 47),
through app.py: at most 50 watches, said past that; an import adds a list or is refused whole in words;
a lender's old id followed to its record, a market no longer served and an investor whose name no
longer finds it are each said; the list follows a marketplace account to another browser."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from tests.pages.apptest import http, sandbox_fixtures, texts
from tests.pages.map_helpers import APP, TIMEOUT_S, point_app_at
from tests.pages.marketplace_helpers import app_login, log_in  # noqa: F401 - a fixture
from tests.pages.watching_helpers import as_person, new_app, people, press, routed, row, sidebar_links, visit  # noqa: F401
from watches.export import write_file
from watches.model import INVESTOR, LENDER, MAX_WATCHES, VIEW, new_watch
from watches.targets import record_watch

pytestmark = pytest.mark.usefixtures("routed", "people")
ADDED = "2026-11-27T10:00:00+00:00"
DEMO = {"Authorization": "Bearer zpka_sandbox_demo", "X-On-Behalf-Of": "dev_demo"}


def said(app) -> str:
    """What the page says, as read (markdown's escapes gone)."""
    return texts(app).replace("\\", "")


def api(sandbox, path: str, **params) -> dict:
    response = http().get(f"{sandbox.url}{path}", params=params, headers=DEMO)
    response.raise_for_status()
    return response.json()


def import_into(app, watches) -> None:
    """The Watching page's import, as a person picks a file and adds it."""
    visit(app, "pages/watching.py")
    app.get("file_uploader")[0].upload("watches.json", write_file(watches, ADDED), "application/json")
    app.run()
    press(app, "watch_file_import")


def lenders(sandbox, count: int) -> list[dict]:
    """The first `count` lenders, page by page (a short page is not the end: data-api.md, Pagination)."""
    found, cursor = [], None
    while len(found) < count:
        page = api(sandbox, "/v1/lenders", limit=count, **({"cursor": cursor} if cursor else {}))
        found += page["data"]
        cursor = page["page"]["next_cursor"]
        if not cursor:
            break
    return found[:count]


def test_fifty_at_most_and_the_next_is_refused_in_words(monkeypatch, sandbox):
    point_app_at(monkeypatch, sandbox.url)
    as_person(monkeypatch)
    app = new_app(market="DFW")
    fifty = [record_watch(LENDER, lender["id"], lender["name"], ADDED) for lender in lenders(sandbox, MAX_WATCHES)]
    import_into(app, fifty)
    assert f"Added {MAX_WATCHES} watches" in texts(app)
    assert f"**0 of {MAX_WATCHES}** changed" in texts(app)
    visit(app, "pages/map.py", market="DFW")
    press(app, "map_watch")
    said = [str(toast.value) for toast in app.toast]
    assert any("You are watching 50 things" in text and "stop watching one" in text for text in said), said
    assert app.button(key="map_watch").label == "Watch", "not added"
    visit(app, "pages/watching.py")
    assert f"**0 of {MAX_WATCHES}** changed" in texts(app)


def test_an_import_adds_what_is_missing_and_a_corrupt_or_foreign_file_is_refused(monkeypatch, sandbox):
    point_app_at(monkeypatch, sandbox.url)
    as_person(monkeypatch)
    app = new_app()
    # A lender the next news finance with (on either profile), and another one.
    financing = api(sandbox, f"/v1/lenders/{sandbox_fixtures(sandbox)['news_targets']['lender_ids'][0]}")["data"]
    other = next(lender for lender in lenders(sandbox, 2) if lender["id"] != financing["id"])
    two = [record_watch(LENDER, lender["id"], lender["name"], ADDED) for lender in (financing, other)]
    import_into(app, two[:1])
    import_into(app, two)
    assert "Added 1 watch; 1 watch you already had." in texts(app)
    assert "Watching from now on" in said(app), "imported without figures: watched from this publish on"
    for data, words in ((b"\x00\x01 not json", "does not read as a watch list"),
                        (b'{"format": "someone-elses", "watches": []}', "made by something else")):
        app.get("file_uploader")[0].upload("watches.json", data, "application/json")
        app.run()
        press(app, "watch_file_import")
        assert words in said(app)
        assert "**0 of 2** changed" in texts(app), "the list is as it was"
    sandbox.publish("TX", new_deals=6)
    visit(app, "pages/watching.py")
    assert "new loans" in said(app) or "new loan" in said(app), "the next publish's news show"


def test_what_the_host_no_longer_serves_as_it_was_is_said(monkeypatch, sandbox):
    point_app_at(monkeypatch, sandbox.url)
    as_person(monkeypatch)
    fixtures = sandbox_fixtures(sandbox)
    merged = fixtures["merged_lender_ids"][0]
    current = api(sandbox, f"/v1/lenders/{merged['current']}")["data"]
    gone_market = new_watch(VIEW, {"market": "ZZZ"}, "A market of old", ADDED)
    app = new_app()
    import_into(app, [record_watch(LENDER, merged["old"], "A lender of old", ADDED), gone_market])
    assert "now keep it under a new entry: the watch follows it" in said(app), said(app)
    assert "no longer serves the market ZZZ" in said(app)
    assert f"**{current['name']}** · Lender" in said(app), "named as its record is now"
    followed = row(LENDER, id=merged["current"])
    assert any(button.key == f"{followed}_stop" for button in app.button), "the watch follows the current id"
    assert current["id"] == merged["current"]


def test_an_investor_its_name_no_longer_finds_is_checked_by_its_profile(monkeypatch, sandbox):
    point_app_at(monkeypatch, sandbox.url)
    as_person(monkeypatch)
    merged = sandbox_fixtures(sandbox)["merged_investor_ids"][0]
    profile = api(sandbox, f"/v1/investors/{merged['current']}")["data"]
    app = new_app()
    import_into(app, [record_watch(INVESTOR, merged["old"], "A name the search no longer knows", ADDED)])
    assert "Its name no longer finds it" in said(app)
    old_row = row(INVESTOR, id=merged["old"])
    press(app, f"{old_row}_open")
    assert "Reading its profile" in said(app) and "up to 1 credit" in said(app)
    press(app, f"{old_row}_profile_confirm")
    assert f"{profile['n_deals']:,} purchases on record" in said(app)
    visit(app, "pages/watching.py")
    new_row = row(INVESTOR, id=merged["current"])
    assert any(button.key == f"{new_row}_stop" for button in app.button), "the watch follows the current record"
    assert "the watch follows it" in said(app)


def test_the_list_follows_the_marketplace_account(monkeypatch, sandbox, app_login):
    point_app_at(monkeypatch, sandbox.url)
    one_lender = lenders(sandbox, 1)[0]
    as_person(monkeypatch, "first-browser")
    app = new_app()
    visit(app, "pages/lenders.py", lender=one_lender["id"])
    press(app, "len_watch")
    tokens = log_in(app_login).token

    logged_in = new_app_with(tokens)  # the Map, whose Watch button says what the login did
    assert any("now your account's" in str(toast.value) for toast in logged_in.toast)
    visit(logged_in, "pages/watching.py")
    assert "kept with your marketplace account" in texts(logged_in)
    assert "**0 of 1** changed" in texts(logged_in)

    as_person(monkeypatch, "another-browser")
    elsewhere = new_app_with(log_in(app_login).token)
    visit(elsewhere, "pages/watching.py")
    assert one_lender["name"] in texts(elsewhere), "the account's list in another browser"
    stranger = new_app()
    visit(stranger, "pages/watching.py")
    assert "You watch nothing yet" in texts(stranger), "logged out, that browser's own list"
    assert not [label for label in sidebar_links(stranger) if label.startswith("Watching")]


def new_app_with(tokens: dict) -> AppTest:
    """A new session of app.py holding a login's tokens (as the Marketplace page's tests seed them)."""
    app = AppTest.from_file(APP, default_timeout=TIMEOUT_S)
    app.session_state["mkt_tokens"] = tokens
    app.run()
    assert not app.exception, app.exception
    return app
