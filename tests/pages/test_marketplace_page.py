"""The Marketplace page in `AppTest`, against the real sandbox and the real issuer.

Sessions are either seeded with tokens from the real login (the page's token store is
`st.session_state["mkt_tokens"]`), or logged in the way a browser does it: the page's
own "Log in" link, the issuer's pages, then a new session opened on the redirect URL.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from urllib.parse import parse_qs, urlsplit

import pytest
from streamlit.testing.v1 import AppTest

import adapter.marketplace
from components.marketplace_login import login_link_html, read_login_links
from services.marketplace_api import MarketplaceApi
from services.oauth import MarketplaceLogin
from tests.processes import ROOT, sandbox_env
from tests.services.test_marketplace_api import TINY_PDF
from tests.services.test_marketplace_caps import Seller, http_client, use_up_counter_cap  # noqa: F401 - fixture
from tests.services.test_oauth_consent import TEST_APP_URL, consent_through_issuer, log_in, make_login, sandbox_settings

PAGE = str(ROOT / "pages" / "marketplace.py")
RUN_TIMEOUT_S = 60


@pytest.fixture
def app_login(sandbox, tmp_path, monkeypatch) -> Iterator[MarketplaceLogin]:
    """Point the page at the sandbox; the test's login shares the page's client id, so refreshes work."""
    for name, value in sandbox_env(sandbox.url).items():
        monkeypatch.setenv(name, value)
    monkeypatch.setenv("DEEDSCOPE_APP_URL", TEST_APP_URL)
    with make_login(sandbox.url, tmp_path) as login:
        monkeypatch.setenv("DEEDSCOPE_OAUTH_CLIENT_ID", login.client_id)
        yield login


def page_for(tokens: dict | None = None) -> AppTest:
    at = AppTest.from_file(PAGE, default_timeout=RUN_TIMEOUT_S)
    if tokens is not None:
        at.session_state["mkt_tokens"] = tokens
    return at.run()


def texts(at: AppTest) -> str:
    parts = [element.value for kind in ("markdown", "caption", "success", "warning", "error", "info") for element in getattr(at, kind)]
    return "\n".join(str(part) for part in parts)


def login_link(at: AppTest) -> dict[str, str]:
    """The one "Log in" link the page drew, as a browser reads it (href, target, text)."""
    links = [link for element in at.html for link in read_login_links(element.value)]
    assert len(links) == 1, f"expected one login link, found {links}"
    return links[0]


def follow_login_link(at: AppTest, monkeypatch) -> str:
    """Press the page's "Log in" as a browser does: the app's login route (served by the
    middleware in front of Streamlit) begins the login, sets this browser's binding cookie and
    sends it to the issuer. Pages of this test then read that browser's cookies."""
    from starlette.responses import PlainTextResponse
    from starlette.testclient import TestClient

    from adapter.app_routes import AppRoutesMiddleware

    browser = TestClient(AppRoutesMiddleware(PlainTextResponse("streamlit")), base_url=TEST_APP_URL, follow_redirects=False)
    response = browser.get("/" + login_link(at)["href"])  # relative to the page, /marketplace
    assert response.status_code == 303, response.text
    monkeypatch.setattr(adapter.marketplace, "browser_cookie", lambda name: browser.cookies.get(name))
    return response.headers["location"]


def in_another_browser(monkeypatch) -> None:
    monkeypatch.setattr(adapter.marketplace, "browser_cookie", lambda name: None)


def choose_open_round(at: AppTest, sent_by: str) -> str:
    """Pick, in the page's offer box, an open round sent by `sent_by`; returns its id."""
    at.selectbox(key="mkt_status").set_value("new").run()
    labels = at.selectbox(key="mkt_offer_selected").options  # AppTest lists the formatted labels
    for index, label in enumerate(labels):
        if f"by {sent_by}" in label:
            at.selectbox(key="mkt_offer_selected").select_index(index).run()
            return at.selectbox(key="mkt_offer_selected").value
    raise AssertionError(f"no open round sent by the {sent_by} in {labels}")


def test_logged_out_page_offers_a_pkce_login_link_in_the_same_tab(app_login, monkeypatch):
    at = page_for()
    assert not at.exception
    assert not at.get("link_button"), "st.link_button would open the issuer in a new tab"
    link = login_link(at)
    assert link["text"] == "Log in"
    # No target: the browser follows the link in this tab, and the redirect comes back to it.
    assert "target" not in link
    # The link is the app's own login route (which binds the login to the browser), not the issuer.
    assert link["href"] == "marketplace/login?return_to=marketplace"
    issuer_url = follow_login_link(at, monkeypatch)
    query = parse_qs(urlsplit(issuer_url).query)
    assert issuer_url.startswith(app_login.metadata.authorization_endpoint)
    assert query["code_challenge_method"] == ["S256"] and "code_verifier" not in query
    assert query["redirect_uri"] == [f"{TEST_APP_URL}/marketplace"]
    assert "offline_access" in query["scope"][0].split()
    assert "new tab" not in texts(at)
    # A rerun begins nothing: a login is pending only once someone follows the link.
    assert login_link(at.run())["href"] == link["href"]


@pytest.mark.parametrize(
    "url",
    [
        pytest.param("https://issuer.test/authorize?response_type=code&state=a%20b&scope=offers:read+offline_access", id="query"),
        pytest.param('https://issuer.test/a?x="><script>alert(1)</script>', id="quotes and tags"),
    ],
)
def test_login_link_html_keeps_the_url_exactly_and_opens_no_new_tab(url):
    body = login_link_html(url, key="mkt_login_link")
    [link] = read_login_links(body)
    assert link["href"] == url and link["text"] == "Log in" and "target" not in link
    assert "<script>" not in body.split("</style>", 1)[1]


def test_redirect_back_logs_in_in_a_new_session_and_clears_the_url(app_login, monkeypatch):
    leaving = page_for()
    redirect = consent_through_issuer(follow_login_link(leaving, monkeypatch))
    query = parse_qs(urlsplit(redirect).query)

    # The browser comes back: a new session, with only the URL's code and state.
    back = AppTest.from_file(PAGE, default_timeout=RUN_TIMEOUT_S)
    back.query_params["code"] = query["code"][0]
    back.query_params["state"] = query["state"][0]
    back.query_params["iss"] = query["iss"][0]  # RFC 9207: the issuer names itself on the way back
    back.run()
    assert not back.exception
    assert not {"code", "state", "iss"} & set(back.query_params)
    assert "You are logged in" in texts(back)
    assert "Dana Buyer" in texts(back)
    assert [button.label for button in back.button if button.key == "mkt_log_out"] == ["Log out"]

    # The same redirect replayed in yet another session is refused: the state was single use.
    in_another_browser(monkeypatch)
    replay = AppTest.from_file(PAGE, default_timeout=RUN_TIMEOUT_S)
    replay.query_params.update({"code": query["code"][0], "state": query["state"][0]})
    replay.run()
    assert not replay.exception
    assert "already used or is older than ten minutes" in texts(replay)
    assert login_link(replay)["text"] == "Log in"


def test_seeded_session_shows_profile_caps_and_offers(app_login):
    at = page_for(log_in(app_login).token)
    assert not at.exception
    assert "Dana Buyer" in texts(at)
    assert any("used" in bar.proto.text and "resets" in bar.proto.text for bar in at.get("progress"))
    # Caps, trust facts and times read as words and UTC minutes, not codes, booleans and raw ISO.
    bars = [bar.proto.text for bar in at.get("progress")]
    assert all(re.search(r"resets \d{4}-\d\d-\d\d \d\d:\d\d UTC$", bar) and "_" not in bar for bar in bars), bars
    shown = texts(at).replace("\\", "")  # markdown escapes drawn around data (`\:`) are not read
    assert "Next step to" in shown and "Email verified: yes" in shown and "True" not in shown
    assert at.dataframe, "the offers table is drawn"
    assert at.selectbox(key="mkt_offer_selected").options


def frame_with(at: AppTest, column: str):
    return next(frame.value for frame in at.dataframe if column in frame.value.columns)


def test_offer_tables_read_as_words_with_blanks_and_utc_times(app_login):
    at = page_for(log_in(app_login).token)
    offers = frame_with(at, "Updated (UTC)")
    assert list(offers.columns) == ["Deal", "Status", "Round", "Sent by", "Amount", "EMD", "Financing", "Updated (UTC)", "Offer"]
    assert str(offers["Updated (UTC)"].dt.tz) == "UTC" and offers["Updated (UTC)"].notna().all()
    # Walk every offer's rounds: notes and reasons the API left out are blanks, never "None".
    reasons: set[str] = set()
    for index in range(len(at.selectbox(key="mkt_offer_selected").options)):
        at.selectbox(key="mkt_offer_selected").select_index(index).run()
        rounds = frame_with(at, "Sent (UTC)")
        assert list(rounds.columns) == ["Round", "Sent by", "Status", "Amount", "EMD", "Financing", "Note", "Reason", "Sent (UTC)"]
        shown = {str(value) for column in ("Note", "Reason") for value in rounds[column]}
        assert not shown & {"None", "nan"}, shown
        reasons |= set(rounds["Reason"])
    assert "" in reasons, "some round has no reason, shown blank"
    assert not any("_" in reason for reason in reasons), reasons
    deals = frame_with(at, "Asking price")
    assert {"Title", "Status", "Asking price", "Minimum EMD", "Closing date", "Deal id"} <= set(deals.columns)
    assert deals.columns[0] == "Title"
    assert all(column[0].isupper() for column in deals.columns)


def test_accepting_the_sellers_round_through_the_preview(app_login):
    at = page_for(log_in(app_login).token)
    choose_open_round(at, "seller")
    at.button(key="mkt_preview").click().run()
    assert not at.exception
    assert "valid for" in texts(at)
    at.button(key="mkt_accept").click().run()
    assert not at.exception
    assert "You accepted the seller's offer" in texts(at)


def test_an_expired_preview_is_fetched_again_and_accepted(sandbox, app_login):
    at = page_for(log_in(app_login).token)
    choose_open_round(at, "seller")
    at.button(key="mkt_preview").click().run()
    sandbox.advance_clock(301)
    at.button(key="mkt_accept").click().run()
    assert not at.exception
    assert "preview had expired" in texts(at)
    at.button(key="mkt_accept").click().run()
    assert "You accepted the seller's offer" in texts(at)


def test_withdrawing_the_buyers_own_round_with_a_reason(app_login):
    at = page_for(log_in(app_login).token)
    offer_id = choose_open_round(at, "buyer")
    assert "Terms unacceptable" in at.selectbox(key="mkt_withdraw_reason").options  # codes read as words
    at.selectbox(key="mkt_withdraw_reason").set_value("terms_unacceptable").run()
    at.button(key="mkt_withdraw").click().run()
    assert not at.exception
    assert "Your offer was withdrawn" in texts(at)
    # The event feed under "Recent activity" has it, newest first.
    feed = next(frame.value for frame in at.dataframe if "Event" in frame.value.columns)
    assert (feed.iloc[0]["Event"], feed.iloc[0]["Offer"], feed.iloc[0]["Status"]) == ("Offer withdrawn", offer_id, "withdrawn")
    assert str(feed["When (UTC)"].dt.tz) == "UTC"


def test_a_redirect_back_in_another_browser_logs_nobody_in(app_login, monkeypatch):
    redirect = parse_qs(urlsplit(consent_through_issuer(follow_login_link(page_for(), monkeypatch))).query)
    in_another_browser(monkeypatch)  # the callback URL, sent to someone else: no binding cookie
    elsewhere = AppTest.from_file(PAGE, default_timeout=RUN_TIMEOUT_S)
    elsewhere.query_params.update({"code": redirect["code"][0], "state": redirect["state"][0]})
    elsewhere.run()
    assert not elsewhere.exception
    assert "did not start in this browser" in texts(elsewhere)
    assert "You are logged in" not in texts(elsewhere) and "mkt_tokens" not in elsewhere.session_state
    assert login_link(elsewhere)["text"] == "Log in"


def test_the_route_s_refusal_is_said_in_words(app_login):
    at = AppTest.from_file(PAGE, default_timeout=RUN_TIMEOUT_S)
    at.query_params["login_error"] = "login_other_browser"
    at.run()
    assert not at.exception
    assert "Login not completed: This login did not start in this browser" in texts(at)
    assert "login_other_browser" not in texts(at)


def test_an_address_the_login_does_not_come_back_to_is_said_before_leaving(app_login, monkeypatch):
    """No DEEDSCOPE_APP_URL, and the browser is on a host that is not this machine (a forged or
    unknown address): the page says so and offers no link to the issuer."""
    import adapter.marketplace

    monkeypatch.delenv("DEEDSCOPE_APP_URL")
    monkeypatch.setattr(adapter.marketplace, "_browser_origin", lambda: "http://evil.test")
    at = page_for()
    assert not at.exception
    assert "You opened this app at http://evil.test" in texts(at) and "could hand your login to another site" in texts(at)
    assert not [link for element in at.html for link in read_login_links(element.value)]
    assert "app_address_unregistered" not in texts(at)


def test_a_revoked_session_asks_to_log_in_again_and_keeps_the_page(app_login, monkeypatch):
    holder = log_in(app_login)
    at = page_for(holder.token)
    at.selectbox(key="mkt_status").set_value("countered").run()
    app_login.revoke(holder.token["refresh_token"])  # as if the person removed the app in account settings

    at.run()
    assert not at.exception
    assert "session has ended" in texts(at)
    assert login_link(at)["text"] == "Log in"
    assert at.title[0].value == "Marketplace"

    # Logging in again from that link opens the page where it was: the status filter comes back.
    redirect = parse_qs(urlsplit(consent_through_issuer(follow_login_link(at, monkeypatch))).query)
    back = AppTest.from_file(PAGE, default_timeout=RUN_TIMEOUT_S)
    back.query_params.update({"code": redirect["code"][0], "state": redirect["state"][0]})
    back.run()
    assert not back.exception
    assert back.selectbox(key="mkt_status").value == "countered"
    assert {offer.split(" · ")[2] for offer in back.selectbox(key="mkt_offer_selected").options} == {"countered"}


def test_a_buyer_without_accepted_terms_is_told_what_to_accept(app_login):
    at = page_for(log_in(app_login, email="newbuyer@sandbox.test", accept_terms=False).token)
    assert not at.exception
    shown = texts(at)
    assert "not accepted the Marketplace API Terms" in shown
    assert "terms_required" not in shown or "accept" in shown.lower()
    assert "Accept the Marketplace API Terms" in shown


def choose_round_on(at: AppTest, deal_titles: set[str]) -> tuple[str, str]:
    """Pick the seller's open round on one of `deal_titles` in the page's offer box: (round id, deal title)."""
    at.selectbox(key="mkt_status").set_value("new").run()
    labels = at.selectbox(key="mkt_offer_selected").options
    for index, label in enumerate(labels):
        if "by seller" in label and label.split(" · ")[0] in deal_titles:
            at.selectbox(key="mkt_offer_selected").select_index(index).run()
            return at.selectbox(key="mkt_offer_selected").value, label.split(" · ")[0]
    raise AssertionError(f"no open seller round on {deal_titles} in {labels}")


def test_a_changed_deal_shows_both_terms_and_a_new_preview(sandbox, tmp_path, app_login, http_client):
    at = page_for(log_in(app_login).token)
    seller = Seller(sandbox.url, tmp_path / "seller", http_client)
    titles = {deal["title"]: deal for deal in seller.deals()}
    round_id, title = choose_round_on(at, set(titles))
    at.button(key="mkt_preview").click().run()
    seen_price = at.session_state["mkt_previews"][round_id]["terms"]["deal"]["asking_price"]
    seller.change_terms(titles[title]["id"], asking_price=seen_price + 7000)

    at.button(key="mkt_accept").click().run()
    assert not at.exception
    assert "terms changed after your preview" in texts(at)
    comparison = next(frame.value for frame in at.dataframe if "You saw" in frame.value.columns)
    row = comparison[comparison["Term"] == "Asking price"].iloc[0]
    assert (row["You saw"], row["Now"], row["Changed"]) == (f"${seen_price:,}", f"${seen_price + 7000:,}", "yes")
    assert at.session_state["mkt_previews"][round_id]["terms"]["deal"]["asking_price"] == seen_price + 7000

    at.button(key="mkt_accept").click().run()
    assert "You accepted the seller's offer" in texts(at)


def test_a_counter_over_the_cap_says_when_the_cap_resets(sandbox, tmp_path, app_login, http_client):
    sandbox.start_of_an_hour()  # the whole exchange in one hour of the sandbox clock
    holder = log_in(app_login)
    api = MarketplaceApi(sandbox_settings(sandbox.url), holder, http_client=http_client, sleep=lambda seconds: None)
    use_up_counter_cap(api, Seller(sandbox.url, tmp_path / "seller", http_client))

    at = page_for(holder.token)
    choose_open_round(at, "seller")
    send = next(button for button in at.button if button.label == "Send")
    send.click().run()
    assert not at.exception
    shown = texts(at)
    assert "cap_reached" in shown or "hourly cap" in shown
    assert "The cap resets at" in shown
    assert "Try again" in shown  # the problem's own recovery sentence


def test_uploading_a_proof_of_funds_letter(app_login):
    at = page_for(log_in(app_login).token)
    at.get("file_uploader")[0].upload("letter.pdf", TINY_PDF, "application/pdf")
    at.text_input(key="mkt_proof_lender").input("Loopback Credit Union")
    next(button for button in at.button if button.label == "Upload proof of funds").click().run()
    assert not at.exception
    shown = texts(at)
    assert "Your proof of funds is on file" in shown
    assert "Loopback Credit Union" in shown


def test_making_an_offer_on_a_deal_from_the_deals_tab(app_login):
    holder = log_in(app_login)
    at = page_for(holder.token)
    offered = {label.split(" · ")[0] for label in at.selectbox(key="mkt_offer_selected").options}
    deals = at.selectbox(key="mkt_offer_deal")
    free = [index for index, label in enumerate(deals.options) if label.split(" · ")[0] not in offered]
    assert free, f"every deal already has an offer: {deals.options}"
    deals.select_index(free[0]).run()
    at.text_input(key="mkt_new_offer_note").input("Cash, quick close.")
    at.button(key="FormSubmitter:mkt_new_offer_form-Send").click().run()
    assert not at.exception
    assert "Your offer was sent to the seller" in texts(at)
    title = at.selectbox(key="mkt_offer_deal").options[free[0]].split(" · ")[0]
    assert any(label.startswith(f"{title} · round 1 by buyer · new") for label in at.selectbox(key="mkt_offer_selected").options)


def test_a_write_still_in_progress_says_still_working_and_resends_its_key(app_login, monkeypatch):
    """marketplace-api.md, Endpoints: `409 idempotency_in_progress`; the next press reuses the key."""
    import time

    from services.errors import ConflictError
    from services.marketplace_api.resources.offers import MarketplaceOffers

    real_withdraw = MarketplaceOffers.withdraw
    keys: list[str] = []

    def withdraw(self, offer_id, *, decline_reason=None, idempotency_key):
        keys.append(idempotency_key)
        if len(keys) == 1:
            problem = {"status": 409, "code": "idempotency_in_progress", "detail": "A request with this key is still processing."}
            raise ConflictError(409, problem, retry_after=1)
        return real_withdraw(self, offer_id, decline_reason=decline_reason, idempotency_key=idempotency_key)

    monkeypatch.setattr(MarketplaceOffers, "withdraw", withdraw)
    at = page_for(log_in(app_login).token)
    choose_open_round(at, "buyer")
    at.button(key="mkt_withdraw").click().run()
    assert not at.exception
    assert "Still working on your withdraw" in texts(at)
    time.sleep(1.1)  # past its Retry-After: the press is sent, with the same key
    at.button(key="mkt_withdraw").click().run()
    assert "Your offer was withdrawn" in texts(at)
    assert len(keys) == 2 and keys[0] == keys[1]


def test_states_labelled_otherwise_by_a_host_still_open_their_actions(app_login, monkeypatch):
    """A stub host that labels the open round `open` and deals `listed`: the round is the chain's
    latest and not closed, so it is acted on; the statuses are shown as they come."""
    import adapter.marketplace_actions as actions

    chain = [
        {"id": "off_00000000000a", "deal_id": "mkd_00000000000d", "round": 1, "status": "countered", "submitted_by": "buyer",
         "offer_amount": 90000, "emd_amount": 1000, "financing": "cash", "parent_offer_id": None},
        {"id": "off_00000000000b", "deal_id": "mkd_00000000000d", "round": 2, "status": "open", "submitted_by": "seller",
         "offer_amount": 95000, "emd_amount": 1000, "financing": "cash", "parent_offer_id": "off_00000000000a"},
    ]
    deal = {"id": "mkd_00000000000d", "title": "Stub deal", "status": "listed", "terms": {"asking_price": 99000, "min_emd": 1000}}
    monkeypatch.setattr(actions, "offers", lambda status, cursor: actions.OffersPage([chain[1]], None, False))
    monkeypatch.setattr(actions, "offer", lambda offer_id: {**chain[1], "chain": chain})
    monkeypatch.setattr(actions, "deals", lambda limit=100: [deal])
    monkeypatch.setattr(actions, "events", lambda limit: [])
    at = page_for(log_in(app_login).token)
    assert not at.exception
    assert at.button(key="mkt_preview"), "the seller's open round can be reviewed and accepted"
    rounds = frame_with(at, "Sent (UTC)")
    assert list(rounds["Status"]) == ["countered", "open"]
    assert at.selectbox(key="mkt_offer_deal").options, "a deal labelled 'listed' takes offers"


def test_a_configured_host_without_an_issuer_says_what_to_set(sandbox, monkeypatch):
    """decisions.md: `{DEEDSCOPE_API_URL}/auth` is the issuer's default on the sandbox only; on any
    other host the app requires DEEDSCOPE_AUTH_URL and says so instead of sending a person there."""
    for name, value in sandbox_env(sandbox.url).items():
        monkeypatch.setenv(name, value)
    monkeypatch.delenv("DEEDSCOPE_AUTH_URL")
    at = page_for()
    assert not at.exception
    assert "DEEDSCOPE_AUTH_URL" in texts(at) and "marketplace login is off" in texts(at)
    assert not [link for element in at.html for link in read_login_links(element.value)]
