"""The Marketplace page in `AppTest`, against the real sandbox and the real issuer: a logged-in
buyer's offers, previews, accepts, counters, withdrawals, proof of funds and new offers."""

from __future__ import annotations

import re

from streamlit.testing.v1 import AppTest

from services.marketplace_api import MarketplaceApi
from tests.pages.marketplace_helpers import app_login, choose_open_round, frame_with, log_in, page_for, texts  # noqa: F401 - a fixture
from tests.services.test_marketplace_api import TINY_PDF
from tests.services.test_marketplace_caps import Seller, http_client, use_up_counter_cap  # noqa: F401 - a fixture
from tests.services.test_oauth_consent import sandbox_settings


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


def test_a_buyer_without_accepted_terms_is_told_what_to_accept(app_login):
    at = page_for(log_in(app_login, email="newbuyer@sandbox.test", accept_terms=False).token)
    assert not at.exception
    shown = texts(at)
    assert "not accepted the Marketplace API Terms" in shown
    assert "terms_required" not in shown or "accept" in shown.lower()
    assert "Accept the Marketplace API Terms" in shown


def test_a_changed_deal_shows_both_terms_and_a_new_preview(sandbox, tmp_path, app_login, http_client):
    holder = log_in(app_login)
    at = page_for(holder.token)
    seller = Seller(sandbox.url, tmp_path / "seller", http_client)
    own = {deal["id"] for deal in seller.deals()}
    # Found by ids, never by a title a host may leave null (the `--variety` profile does).
    buyer = MarketplaceApi(sandbox_settings(sandbox.url), holder, http_client=http_client)
    waiting = next(o for o in buyer.offers.list(status="new", limit=100) if o.submitted_by == "seller" and o.deal_id in own)
    at.selectbox(key="mkt_status").set_value("new").run()
    at.selectbox(key="mkt_offer_selected").set_value(waiting.id).run()
    round_id = waiting.id
    at.button(key="mkt_preview").click().run()
    seen_price = at.session_state["mkt_previews"][round_id].terms.deal.asking_price
    seller.change_terms(waiting.deal_id, asking_price=seen_price + 7000)

    at.button(key="mkt_accept").click().run()
    assert not at.exception
    assert "terms changed after your preview" in texts(at)
    comparison = next(frame.value for frame in at.dataframe if "You saw" in frame.value.columns)
    row = comparison[comparison["Term"] == "Asking price"].iloc[0]
    assert (row["You saw"], row["Now"], row["Changed"]) == (f"${seen_price:,}", f"${seen_price + 7000:,}", "yes")
    assert at.session_state["mkt_previews"][round_id].terms.deal.asking_price == seen_price + 7000

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
    from services.marketplace_api.models import MarketplaceDeal, MarketplaceOffer

    chain = [
        MarketplaceOffer(id="off_00000000000a", deal_id="mkd_00000000000d", round=1, status="countered", submitted_by="buyer",
                         offer_amount=90000, emd_amount=1000, financing="cash", parent_offer_id=None),
        MarketplaceOffer(id="off_00000000000b", deal_id="mkd_00000000000d", round=2, status="open", submitted_by="seller",
                         offer_amount=95000, emd_amount=1000, financing="cash", parent_offer_id="off_00000000000a"),
    ]
    deal = MarketplaceDeal.model_validate(
        {"id": "mkd_00000000000d", "title": "Stub deal", "status": "listed", "terms": {"asking_price": 99000, "min_emd": 1000}})
    monkeypatch.setattr(actions, "offers", lambda status, cursor: actions.OffersPage([chain[1]], None, False))
    monkeypatch.setattr(actions, "offer", lambda offer_id: chain[1].model_copy(update={"chain": chain}))
    monkeypatch.setattr(actions, "deals", lambda bound=actions.LIST_BOUND: actions.Listing([deal], False, bound))
    monkeypatch.setattr(actions, "events", lambda limit: actions.Listing([], False, limit))
    at = page_for(log_in(app_login).token)
    assert not at.exception
    assert at.button(key="mkt_preview"), "the seller's open round can be reviewed and accepted"
    rounds = frame_with(at, "Sent (UTC)")
    assert list(rounds["Status"]) == ["countered", "open"]
    assert at.selectbox(key="mkt_offer_deal").options, "a deal labelled 'listed' takes offers"
