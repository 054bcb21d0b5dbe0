"""`MarketplaceApi` against a host written from marketplace-api.md and decisions.md alone (a mock
transport): it keys every write, names no balance route, gives its own ids to every kind the
documents leave open, and pages every list. Each test cites the line of the rule it holds."""

from __future__ import annotations

from urllib.parse import unquote

import httpx2
import pytest

from services.errors import InvalidInputError
from services.marketplace_api import MarketplaceApi
from services.settings import MarketplaceSettings
from tests.services.test_marketplace_client import BASE, TINY_PDF, FixedTokens, envelope

JPEG = b"\xff\xd8\xff\xe0" + b"photo" * 20
# Ids of kinds no document gives a form (marketplace-api.md:60 "not shown"): anything a host sends,
# here with characters that would change the route if sent unencoded.
HOST_IDS = {"lead": "lead/7?x", "review": "review#3", "buy_box": "box 1", "address_request": "adr:9/2",
            "webhook": "hook?id=4"}
OFFER, DEAL, DRAFT, MEDIA = "off_0123456789ab", "mkd_0123456789ab", "drf_0123456789ab", "med_0123456789ab"
BUYER = "byr_0123456789ab"


class DocumentsOnlyHost:
    """Every write without an `Idempotency-Key` answers `400 invalid_parameter` (marketplace-api.md:83);
    `GET /sell/credits` is not served (no document names it); every other answer is a bare object."""

    def __init__(self) -> None:
        self.requests: list[httpx2.Request] = []

    def __call__(self, request: httpx2.Request) -> httpx2.Response:
        self.requests.append(request)
        path = request.url.path.removeprefix("/marketplace/v1")
        if path.startswith("/uploads/"):
            return httpx2.Response(204)  # a slot's target: authorised by its fields (Upload slot)
        if request.method != "GET" and not request.headers.get("idempotency-key"):
            return problem(400, "invalid_parameter", parameter="Idempotency-Key")
        if path == "/sell/credits":
            return problem(404, "not_found")
        if path.endswith("/uploads"):
            return httpx2.Response(200, json=envelope({"url": "/uploads/slot", "fields": {"p": "1"}, "key": "k"}))
        if path.endswith("/media"):
            return httpx2.Response(200, json={**envelope([{"id": MEDIA}]), "page": {"next_cursor": None}})
        if path.endswith("/preview"):
            return httpx2.Response(200, json=envelope({"preview_token": "pt"}))
        return httpx2.Response(200, json=envelope({"id": "any-id", "on_file": True}))

    def writes(self) -> list[httpx2.Request]:
        return [request for request in self.requests if request.method != "GET" and "/uploads/" not in request.url.path]


def problem(status: int, code: str, **members) -> httpx2.Response:
    body = {"type": f"https://errors.test#{code}", "title": code, "status": status, "code": code, "detail": code,
            "recovery": "r", "request_id": "req_1", **members}
    return httpx2.Response(status, json=body, headers={"content-type": "application/problem+json"})


@pytest.fixture
def host() -> DocumentsOnlyHost:
    return DocumentsOnlyHost()


@pytest.fixture
def api(host) -> MarketplaceApi:
    return MarketplaceApi(MarketplaceSettings(marketplace_url=BASE), FixedTokens(),
                          http_client=httpx2.Client(transport=httpx2.MockTransport(host)), sleep=lambda s: None)


# Every write of the client, each as a person's action under one key `k`.
WRITES = {
    "draft create": lambda api, k: api.sell.drafts.create(title="T", idempotency_key=k),
    "draft update": lambda api, k: api.sell.drafts.update(DRAFT, title="T", idempotency_key=k),
    "photo upload": lambda api, k: api.sell.drafts.upload_photo(DRAFT, filename="a.jpg", content=JPEG, idempotency_key=k),
    "document upload": lambda api, k: api.sell.drafts.upload_document(DRAFT, filename="c.pdf", content=TINY_PDF,
                                                                      idempotency_key=k),
    "media order": lambda api, k: api.sell.drafts.order_media(DRAFT, [MEDIA], idempotency_key=k),
    "publish": lambda api, k: api.sell.drafts.publish(DRAFT, idempotency_key=k),
    "add lead": lambda api, k: api.sell.leads.add(name="Maria", idempotency_key=k),
    "lead status": lambda api, k: api.sell.leads.set_status(HOST_IDS["lead"], "contacted", idempotency_key=k),
    "strike": lambda api, k: api.sell.buyers.strike(BUYER, reason="No show", idempotency_key=k),
    "review response": lambda api, k: api.sell.reviews.respond(HOST_IDS["review"], body="Thanks", idempotency_key=k),
    "address answer": lambda api, k: api.sell.inquiries.answer(HOST_IDS["address_request"], approve=True,
                                                               idempotency_key=k),
    "webhook create": lambda api, k: api.sell.webhooks.create(url="https://hooks.example/x", idempotency_key=k),
    "webhook delete": lambda api, k: api.sell.webhooks.delete(HOST_IDS["webhook"], idempotency_key=k),
    "seller counter": lambda api, k: api.sell.offers.counter(OFFER, offer_amount=10, emd_amount=1, financing="cash",
                                                             idempotency_key=k),
    "seller accept": lambda api, k: api.sell.offers.accept(OFFER, idempotency_key=k),
    "seller decline": lambda api, k: api.sell.offers.decline(OFFER, decline_reason="other", idempotency_key=k),
    "buy box create": lambda api, k: api.buy_boxes.create(name="B", idempotency_key=k),
    "buy box delete": lambda api, k: api.buy_boxes.delete(HOST_IDS["buy_box"], idempotency_key=k),
    "inquiry": lambda api, k: api.inquiries.send(DEAL, message="Roof?", idempotency_key=k),
    "address request": lambda api, k: api.inquiries.request_address(DEAL, agreement_id="agr", idempotency_key=k),
    "make offer": lambda api, k: api.deals.make_offer(DEAL, offer_amount=10, emd_amount=1, financing="cash",
                                                      idempotency_key=k),
    "preview": lambda api, k: api.offers.preview(OFFER, idempotency_key=k),
    "accept": lambda api, k: api.offers.accept(OFFER, preview_token="pt", idempotency_key=k),
    "counter": lambda api, k: api.offers.counter(OFFER, offer_amount=10, emd_amount=1, financing="cash",
                                                 idempotency_key=k),
    "withdraw": lambda api, k: api.offers.withdraw(OFFER, idempotency_key=k),
    "proof of funds": lambda api, k: api.proof_of_funds.upload(filename="l.pdf", content=TINY_PDF, lender_name="Bank",
                                                               expires_at="2099-01-31T23:59:59Z", idempotency_key=k),
}


@pytest.mark.parametrize("action", list(WRITES))
def test_every_write_carries_a_key_made_from_the_persons_action(host, api, action):
    """marketplace-api.md:83: "A missing or overlong key answers `400 invalid_parameter`" — a host
    may key every write, so every write carries one; an action of several requests (a slot, then
    the attach) keys each from the action's key, the same on a resend."""
    WRITES[action](api, "action-key-1")
    first = [request.headers.get("idempotency-key") for request in host.writes()]
    assert first and all(first), f"{action}: a write went without a key"
    assert len(set(first)) == len(first), "each request of one action has its own key"
    host.requests.clear()
    WRITES[action](api, "action-key-1")
    assert [request.headers.get("idempotency-key") for request in host.writes()] == first, "a resend sends the same keys"


@pytest.mark.parametrize(("action", "kind"), [("lead status", "lead"), ("review response", "review"),
                                              ("address answer", "address_request"), ("webhook delete", "webhook"),
                                              ("buy box delete", "buy_box")])
def test_ids_of_kinds_the_documents_leave_open_are_sent_as_the_host_gave_them(host, api, action, kind):
    """marketplace-api.md:15 names `byr_` and `slr_`, decisions.md:96 `off_`, `mkd_`, `drf_`, `med_`;
    every other id is the host's: sent back as one encoded path segment, never refused."""
    WRITES[action](api, "k")
    [request] = host.writes()
    segments = request.url.raw_path.decode().split("?")[0].split("/")
    assert HOST_IDS[kind] in [unquote(segment) for segment in segments], (HOST_IDS[kind], request.url.raw_path)


def test_ids_whose_form_a_document_states_are_still_checked_before_a_request(host, api):
    """decisions.md:96: offers `off_` + 12 hex; a malformed one is refused without a request."""
    with pytest.raises(InvalidInputError):
        api.offers.retrieve("lead/7?x")
    with pytest.raises(InvalidInputError):
        api.sell.buyers.retrieve("buyer-7")
    assert host.requests == []


def test_no_balance_route_is_not_an_error(host, api):
    """marketplace-api.md:11 says only that publishing "draws on organization credits": no route
    names the balance, so a host without one answers "not known", never an error."""
    assert api.sell.drafts.credits() is None


@pytest.mark.parametrize(("answer", "outcome"), [
    ({"id": DRAFT, "status": "under_review"}, "under_review"),
    ({"id": DEAL, "status": "active"}, "live"),
    ({"id": DEAL}, "live"),
    ({"id": "something", "accepted": True}, "sent"),
])
def test_a_publish_says_what_its_answer_tells(answer, outcome):
    """marketplace-api.md:75 names a review (`draft_under_review`); the answer's shape is not shown."""
    from services.marketplace_api.desk_models import PublishResult

    assert PublishResult.model_validate(answer).outcome == outcome


def test_the_buy_box_list_follows_its_cursor():
    """marketplace-api.md:15: lists add `page` with `next_cursor`; five boxes may come in two pages."""
    pages = {None: (["box a", "box b"], "c2"), "c2": (["box c"], None)}

    def handler(request: httpx2.Request) -> httpx2.Response:
        ids, following = pages[request.url.params.get("cursor")]
        return httpx2.Response(200, json={**envelope([{"id": i} for i in ids]),
                                          "page": {"next_cursor": following, "limit": 2, "returned": len(ids)}})

    api = MarketplaceApi(MarketplaceSettings(marketplace_url=BASE), FixedTokens(),
                         http_client=httpx2.Client(transport=httpx2.MockTransport(handler)))
    rows, more = api.buy_boxes.list().walk_bounded(100)
    assert [box.id for box in rows] == ["box a", "box b", "box c"] and more is False



@pytest.mark.parametrize(("filters", "kept"), [
    ({"status": "new"}, ["a"]),
    ({"deal_id": DEAL}, ["a", "b"]),
    ({"changed_after": "2026-01-02T00:00:00Z"}, ["b"]),
    ({"deal_id": DEAL, "status": None}, ["a", "b"]),
])
def test_filters_a_host_refused_are_applied_to_the_rows(filters, kept):
    """marketplace-api.md:97: the seller's list's filter names are not shown; a host that refuses one
    (`400 unknown_parameter`) is asked without it and its rows are filtered by the client."""
    from services.marketplace_api.desk_models import SellerOffer
    from services.marketplace_api.states import offer_passes

    rows = [SellerOffer(id="a", status="new", deal_id=DEAL, updated_at="2026-01-01T00:00:00Z"),
            SellerOffer(id="b", status="countered", deal_id=DEAL, updated_at="2026-01-03T00:00:00Z"),
            SellerOffer(id="c", status="countered", deal_id="mkd_999999999999", updated_at=None)]
    assert [row.id for row in rows if offer_passes(row, filters)] == kept
