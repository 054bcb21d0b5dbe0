"""Buyer offer routes and the state table of marketplace-api.md (States and transitions)."""

from __future__ import annotations

from tests.sandbox.marketplace.conftest import problem
from tests.sandbox.marketplace.helpers import counter_terms, free_deals, own_open_rounds, seller_rounds_waiting, terms_for


def test_seed_has_offers_in_every_status(buyer):
    """decisions.md, Sandbox: every status; two countered waiting on the seller's round; one own open round."""
    offers = buyer.offers()
    assert {o["status"] for o in offers} == {"new", "countered", "accepted", "declined", "withdrawn"}
    waiting = seller_rounds_waiting(buyer)
    assert len(waiting) >= 2
    for open_round in waiting:
        chain = buyer.data(f"/buy/offers/{open_round['id']}")["chain"]
        assert [r["round"] for r in chain] == list(range(1, len(chain) + 1))
        assert chain[-2]["status"] == "countered" and chain[-1]["id"] == open_round["id"]
        assert all(r["root_offer_id"] == chain[0]["id"] for r in chain)
        assert chain[-1]["parent_offer_id"] == chain[-2]["id"]
    assert own_open_rounds(buyer)


def test_list_filters_and_pages_without_duplicates(buyer):
    """Endpoints: status, deal and changed-after filters, cursor, limit; newest change first."""
    everything = buyer.offers()
    seen, cursor = [], None
    while True:
        params = {"limit": 2, **({"cursor": cursor} if cursor else {})}
        body = buyer.get("/buy/offers", **params).json()
        assert body["page"]["limit"] == 2 and body["page"]["returned"] == len(body["data"])
        seen += [o["id"] for o in body["data"]]
        cursor = body["page"]["next_cursor"]
        if cursor is None:
            break
    assert seen == [o["id"] for o in everything] and len(set(seen)) == len(seen)
    stamps = [o["updated_at"] for o in everything]
    assert stamps == sorted(stamps, reverse=True)
    deal_id = everything[0]["deal_id"]
    assert {o["deal_id"] for o in buyer.offers(deal_id=deal_id)} == {deal_id}
    newest = everything[0]["updated_at"]
    assert buyer.offers(changed_after=newest) == []
    assert all(o["status"] == "declined" for o in buyer.offers(status="declined"))


def test_bad_query_values_answer_invalid_parameter(buyer):
    """Errors 400: bad query value, cursor from another query; unknown names: unknown_parameter."""
    problem(buyer.get("/buy/offers", changed_after="2026-01-01"), 400, "invalid_parameter")
    problem(buyer.get("/buy/offers", status="open"), 400, "invalid_parameter")
    problem(buyer.get("/buy/offers", limit=101), 400, "invalid_parameter")
    cursor = buyer.get("/buy/offers", limit=1).json()["page"]["next_cursor"]
    assert problem(buyer.get("/buy/offers", limit=1, status="new", cursor=cursor), 400, "invalid_parameter")["parameter"] == "cursor"
    body = problem(buyer.get("/buy/offers", sort="price", colour="red"), 400, "unknown_parameter")
    assert body["unknown_parameters"] == ["colour", "sort"]


def test_another_accounts_offer_is_not_found_never_forbidden(buyer, owner):
    """Errors 404: a resource of another account answers not_found, never 403."""
    mine = {o["id"] for o in buyer.offers()}
    others = [row["id"] for row in owner.data("/sell/offers", limit=100) if row["id"] not in mine]
    assert others
    problem(buyer.get(f"/buy/offers/{others[0]}"), 404, "not_found")
    problem(buyer.post(f"/buy/offers/{others[0]}/withdraw", {}), 404, "not_found")


def test_ids_without_their_prefix_answer_invalid_id(buyer):
    problem(buyer.get("/buy/offers/12345"), 400, "invalid_id")
    problem(buyer.get("/buy/deals/off_0123456789ab"), 400, "invalid_id")


def test_preview_then_accept_moves_the_deal_to_pending(buyer, owner):
    """States: accept with a valid preview younger than five minutes; the deal moves to pending."""
    open_round = seller_rounds_waiting(buyer, owner)[0]
    preview = buyer.post(f"/buy/offers/{open_round['id']}/preview", {}, key=None).json()["data"]
    assert preview["preview_token"] and preview["expires_at"].endswith("Z")
    assert preview["terms"]["offer_amount"] == open_round["offer_amount"]
    accepted = buyer.post(f"/buy/offers/{open_round['id']}/accept", {"preview_token": preview["preview_token"]})
    assert accepted.status_code == 200, accepted.text
    data = accepted.json()["data"]
    assert data["status"] == "accepted" and data["chain"][-1]["id"] == open_round["id"]
    assert buyer.data(f"/buy/deals/{open_round['deal_id']}")["status"] == "pending"
    # Every other open round on the deal closes.
    rows = owner.data("/sell/offers", deal_id=open_round["deal_id"], limit=100)
    assert not [r for r in rows if r["status"] == "new"]


def test_stale_preview_answers_preview_expired_and_changes_nothing(sandbox, buyer):
    """States: accept with stale preview (older than five minutes) answers 422 preview_expired, no change."""
    open_round = seller_rounds_waiting(buyer)[0]
    token = buyer.post(f"/buy/offers/{open_round['id']}/preview", {}, key=None).json()["data"]["preview_token"]
    sandbox.advance_clock(5 * 60 + 1)
    problem(buyer.post(f"/buy/offers/{open_round['id']}/accept", {"preview_token": token}), 422, "preview_expired")
    assert buyer.data(f"/buy/offers/{open_round['id']}")["status"] == "new"


def test_changed_deal_terms_answer_deal_changed_with_current_terms(buyer, owner):
    """States: accept after deal terms changed answers 409 deal_changed, body carries current terms, no change."""
    open_round = seller_rounds_waiting(buyer, owner)[0]
    token = buyer.post(f"/buy/offers/{open_round['id']}/preview", {}, key=None).json()["data"]["preview_token"]
    deal = buyer.data(f"/buy/deals/{open_round['deal_id']}")
    changed = owner.request("PATCH", f"/sell/deals/{deal['id']}", json={"asking_price": deal["terms"]["asking_price"] + 5000})
    assert changed.status_code == 200, changed.text
    body = problem(buyer.post(f"/buy/offers/{open_round['id']}/accept", {"preview_token": token}), 409, "deal_changed")
    assert body["terms"]["asking_price"] == deal["terms"]["asking_price"] + 5000
    assert buyer.data(f"/buy/offers/{open_round['id']}")["status"] == "new"
    assert buyer.data(f"/buy/deals/{deal['id']}")["status"] == "active"


def test_preview_of_another_round_answers_preview_mismatch(buyer):
    first, second = seller_rounds_waiting(buyer)[:2]
    token = buyer.post(f"/buy/offers/{first['id']}/preview", {}, key=None).json()["data"]["preview_token"]
    problem(buyer.post(f"/buy/offers/{second['id']}/accept", {"preview_token": token}), 422, "preview_mismatch")


def test_acting_on_the_other_sides_round_answers_wrong_side(buyer):
    """States: any action on a round that belongs to the other side answers 409 wrong_side."""
    own = own_open_rounds(buyer)[0]
    problem(buyer.post(f"/buy/offers/{own['id']}/preview", {}, key=None), 409, "wrong_side")
    problem(buyer.post(f"/buy/offers/{own['id']}/counter", counter_terms(buyer, own)), 409, "wrong_side")
    theirs = seller_rounds_waiting(buyer)[0]
    # Only the side that sent the round may withdraw it.
    problem(buyer.post(f"/buy/offers/{theirs['id']}/withdraw", {}), 409, "wrong_side")
    assert buyer.data(f"/buy/offers/{theirs['id']}")["status"] == "new"


def test_action_on_a_closed_round_names_the_open_round(buyer):
    """States: any action on a closed round while a later round is open: 409 offer_superseded naming it."""
    open_round = seller_rounds_waiting(buyer)[0]
    chain = buyer.data(f"/buy/offers/{open_round['id']}")["chain"]
    closed = chain[-2]
    body = problem(buyer.post(f"/buy/offers/{closed['id']}/counter", counter_terms(buyer, closed)), 409, "offer_superseded")
    assert body["open_offer_id"] == open_round["id"]
    problem(buyer.post(f"/buy/offers/{closed['id']}/withdraw", {}), 409, "offer_superseded")


def test_second_offer_on_a_deal_answers_offer_exists(buyer):
    """States: new offer while an open offer of the buyer exists on the deal: 409 offer_exists naming it."""
    own = own_open_rounds(buyer)[0]
    deal = buyer.data(f"/buy/deals/{own['deal_id']}")
    before = len(buyer.offers())
    body = problem(buyer.post(f"/buy/deals/{deal['id']}/offers", terms_for(deal)), 409, "offer_exists")
    assert body["open_offer_id"] == own["id"]
    assert len(buyer.offers()) == before


def test_withdraw_frees_the_chain_for_a_new_offer(buyer):
    """States: withdrawing the buyer's own open round closes it and frees the chain."""
    own = own_open_rounds(buyer)[0]
    withdrawn = buyer.post(f"/buy/offers/{own['id']}/withdraw", {"decline_reason": "other"})
    assert withdrawn.status_code == 200, withdrawn.text
    assert withdrawn.json()["data"]["status"] == "withdrawn"
    deal = buyer.data(f"/buy/deals/{own['deal_id']}")
    fresh = buyer.post(f"/buy/deals/{deal['id']}/offers", terms_for(deal))
    assert fresh.status_code == 200, fresh.text
    made = fresh.json()["data"]
    assert made["round"] == 1 and made["submitted_by"] == "buyer" and made["status"] == "new"
    assert made["root_offer_id"] == made["id"] and made["chain"] == [{k: v for k, v in made.items() if k != "chain"}]


def test_counter_opens_the_next_round(buyer, owner):
    theirs = seller_rounds_waiting(buyer, owner)[0]
    answer = buyer.post(f"/buy/offers/{theirs['id']}/counter", counter_terms(buyer, theirs))
    assert answer.status_code == 200, answer.text
    reply = answer.json()["data"]
    assert reply["round"] == theirs["round"] + 1 and reply["parent_offer_id"] == theirs["id"]
    assert reply["submitted_by"] == "buyer" and reply["status"] == "new"
    assert reply["chain"][-2]["status"] == "countered"
    # The seller now sees the buyer's round open and may answer it.
    seller_view = owner.post(f"/sell/offers/{reply['id']}/decline", {"decline_reason": "price_too_low"})
    assert seller_view.status_code == 200, seller_view.text
    assert buyer.data(f"/buy/offers/{reply['id']}")["decline_reason"] == "price_too_low"


def test_offer_body_is_strict_and_a_refused_write_changes_nothing(buyer):
    """Endpoints: unknown body fields answer 400 unknown_parameter; bad values 422; nothing changes."""
    deal = free_deals(buyer)[0]
    before = buyer.offers()
    path = f"/buy/deals/{deal['id']}/offers"
    body = problem(buyer.post(path, {**terms_for(deal), "discount": 5}), 400, "unknown_parameter")
    assert body["unknown_parameters"] == ["discount"]
    problem(buyer.post(path, {**terms_for(deal), "financing": "barter"}), 422, "validation_failed")
    problem(buyer.post(path, {**terms_for(deal), "offer_amount": "lots"}), 422, "validation_failed")
    problem(buyer.post(path, {**terms_for(deal), "emd_amount": 1}), 422, "requirement_unmet")
    problem(buyer.post(path, content=b"offer_amount=1", headers={"Content-Type": "text/plain"}), 400, "invalid_body")
    problem(buyer.post(path, [1, 2]), 400, "invalid_body")
    assert buyer.offers() == before


def test_unsupported_method_answers_405_with_allow(buyer):
    """Endpoints: unsupported method answers 405 with Allow."""
    own = own_open_rounds(buyer)[0]
    response = buyer.request("DELETE", f"/buy/offers/{own['id']}")
    problem(response, 405, "method_not_allowed")
    assert "GET" in response.headers["Allow"]


def test_pending_deal_takes_no_new_offer(buyer):
    pending = buyer.data("/buy/deals", status="pending", limit=100)
    assert pending
    problem(buyer.post(f"/buy/deals/{pending[0]['id']}/offers", terms_for(pending[0])), 409, "deal_closed")


def test_a_seller_without_api_offers_answers_api_offers_disabled(buyer):
    """Errors 403: api_offers_disabled, the seller takes no offers through the API; nothing is written."""
    refusals = []
    for deal in free_deals(buyer):
        answer = buyer.post(f"/buy/deals/{deal['id']}/offers", terms_for(deal, amount_share=0.5))
        if answer.status_code == 403:
            refusals.append(problem(answer, 403, "api_offers_disabled"))
            assert buyer.offers(deal_id=deal["id"]) == []
        elif answer.status_code == 422:  # the deal with a floor (tests/sandbox/marketplace/test_refusals.py)
            problem(answer, 422, "below_floor")
        else:
            assert answer.status_code == 200, answer.text
    assert len(refusals) == 1
