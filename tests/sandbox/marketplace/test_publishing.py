"""Drafts end to end (marketplace-api.md, "create drafts, add media and documents, publish"; What the
service does 5: publishing draws on organization credits; Errors: `402 insufficient_balance`,
`422 deal_incomplete`; States: `409 draft_under_review`)."""

from __future__ import annotations

from tests.sandbox.marketplace.conftest import Market, problem
from tests.sandbox.marketplace.oauth_flow import http

JPEG = b"\xff\xd8\xff\xe0" + b"sandbox photo" * 40
FIELDS = {"title": "Test bungalow", "street": "9 Test Lane", "city": "Schertz", "state": "TX", "zip": "78154",
          "property_type": "single_family", "bedrooms": 3, "bathrooms": 2, "living_area_sqft": 1300,
          "asking_price": 199000, "min_emd": 3000, "closing_date": "2027-02-01"}


def upload_photo(seller: Market, draft_id: str, name: str, content: bytes = JPEG) -> list[dict]:
    """Slot, bytes to the slot's target, attach (Resources: Upload slot)."""
    slot = seller.post(f"/sell/drafts/{draft_id}/media/uploads",
                       {"filename": name, "content_type": "image/jpeg", "size_bytes": len(content)}, key=False)
    assert slot.status_code == 200, slot.text
    slot = slot.json()["data"]
    sent = http.post(slot["url"], data=slot["fields"], files={"file": (name, content, "image/jpeg")})
    assert sent.status_code == 204, sent.text
    attached = seller.post(f"/sell/drafts/{draft_id}/media", {"key": slot["key"], "filename": name}, key=False)
    assert attached.status_code == 200, attached.text
    return attached.json()["data"]


def new_draft(seller: Market, **fields) -> dict:
    answer = seller.post("/sell/drafts", fields)
    assert answer.status_code == 200, answer.text
    return answer.json()["data"]


def publish_live(sandbox, seller: Market, draft_id: str) -> dict:
    """Publish, then move the clock past the review: the draft's deal, as the seller reads it."""
    published = seller.post(f"/sell/drafts/{draft_id}/publish")
    assert published.status_code == 200, published.text
    sandbox.advance_past(published.json()["data"]["review_ends_at"])
    deal_id = seller.data(f"/sell/drafts/{draft_id}")["deal_id"]
    return next(d for d in seller.data("/sell/deals", limit=100) if d["id"] == deal_id)


def test_a_draft_with_two_photos_reordered_publishes_and_charges_credits(sandbox, owner, buyer):
    balance = owner.data("/sell/credits")
    draft = new_draft(owner, **FIELDS)
    upload_photo(owner, draft["id"], "front.jpg")
    media = upload_photo(owner, draft["id"], "kitchen.jpg", JPEG + b"2")
    assert [m["is_default"] for m in media] == [True, False]
    assert http.get(media[1]["url"]).content == JPEG + b"2"
    reordered = owner.request("PATCH", f"/sell/drafts/{draft['id']}/media", json={"order": [media[1]["id"], media[0]["id"]]})
    assert reordered.json()["data"][0]["is_default"] and reordered.json()["data"][0]["filename"] == "kitchen.jpg"

    published = owner.post(f"/sell/drafts/{draft['id']}/publish")
    assert published.status_code == 200, published.text
    answer = published.json()["data"]
    assert answer["status"] == "under_review" and answer["review_ends_at"]
    assert answer["credits"] == {"balance": balance["balance"] - balance["publish_cost"], "publish_cost": balance["publish_cost"]}
    sandbox.advance_past(answer["review_ends_at"])
    deal_id = owner.data(f"/sell/drafts/{draft['id']}")["deal_id"]
    # A published deal is a deal buyers see; its street is not in it (address requests release it).
    seen = buyer.data(f"/buy/deals/{deal_id}")
    assert seen["status"] == "active" and seen["title"] == FIELDS["title"] and "9 Test Lane" not in str(seen)
    assert [m["filename"] for m in seen["media"]] == ["kitchen.jpg", "front.jpg"]


def test_a_published_draft_is_under_review_until_the_clock_passes_its_review(sandbox, owner, buyer):
    """marketplace-api.md:75: "draft under review | any route under `/sell/drafts/{draft_id}` (reads
    included) | review in progress | `409 draft_under_review`"; it goes live when the review ends."""
    draft = new_draft(owner, **FIELDS)
    upload_photo(owner, draft["id"], "front.jpg")
    answer = owner.post(f"/sell/drafts/{draft['id']}/publish").json()["data"]
    assert answer["status"] == "under_review"
    problem(owner.get(f"/sell/drafts/{draft['id']}"), 409, "draft_under_review")
    problem(owner.request("PATCH", f"/sell/drafts/{draft['id']}", json={"title": "Renamed"}), 409, "draft_under_review")
    problem(owner.get(f"/sell/drafts/{draft['id']}/media"), 409, "draft_under_review")
    listed = next(d for d in owner.data("/sell/drafts", limit=100) if d["id"] == draft["id"])
    assert listed["status"] == "under_review" and listed["review_ends_at"] == answer["review_ends_at"]
    assert FIELDS["title"] not in [d["title"] for d in buyer.data("/buy/deals", limit=100)]

    sandbox.advance_past(answer["review_ends_at"])
    live = owner.data(f"/sell/drafts/{draft['id']}")
    assert live["status"] == "published" and live["deal_id"]
    assert buyer.data(f"/buy/deals/{live['deal_id']}")["status"] == "active"


def test_publishing_a_draft_that_lacks_fields_is_deal_incomplete(owner):
    draft = new_draft(owner, title="Only a title")
    body = problem(owner.post(f"/sell/drafts/{draft['id']}/publish"), 422, "deal_incomplete")
    assert {"street", "asking_price", "media"} <= set(body["missing"])
    changed = owner.request("PATCH", f"/sell/drafts/{draft['id']}", json={k: v for k, v in FIELDS.items() if k != "title"})
    assert changed.status_code == 200, changed.text
    body = problem(owner.post(f"/sell/drafts/{draft['id']}/publish"), 422, "deal_incomplete")
    assert body["missing"] == ["media"]


def test_publishing_without_the_credits_is_insufficient_balance_and_changes_nothing(sandbox, owner):
    draft = new_draft(owner, **FIELDS)
    upload_photo(owner, draft["id"], "front.jpg")
    http.post(f"{sandbox.url}/_sandbox/marketplace/credits", json={"credits": 3})
    body = problem(owner.post(f"/sell/drafts/{draft['id']}/publish"), 402, "insufficient_balance")
    assert body["balance"] == 3 and body["publish_cost"] > 3
    assert owner.data(f"/sell/drafts/{draft['id']}")["deal_id"] is None
    assert owner.data("/sell/credits")["balance"] == 3


def test_a_draft_under_review_refuses_publish_and_uploads(sandbox, owner):
    review = [d for d in owner.data("/sell/drafts", limit=100) if d["status"] == "under_review"][0]
    problem(owner.post(f"/sell/drafts/{review['id']}/publish"), 409, "draft_under_review")
    problem(owner.post(f"/sell/drafts/{review['id']}/media/uploads",
                       {"filename": "a.jpg", "content_type": "image/jpeg", "size_bytes": 10}, key=False),
            409, "draft_under_review")


def test_a_key_of_another_draft_or_a_pdf_as_photo_is_refused(owner):
    first, second = new_draft(owner, title="A"), new_draft(owner, title="B")
    slot = owner.post(f"/sell/drafts/{first['id']}/media/uploads",
                      {"filename": "a.jpg", "content_type": "image/jpeg", "size_bytes": len(JPEG)}, key=False).json()["data"]
    http.post(slot["url"], data=slot["fields"], files={"file": ("a.jpg", JPEG, "image/jpeg")})
    problem(owner.post(f"/sell/drafts/{second['id']}/media", {"key": slot["key"]}, key=False), 422, "validation_failed")
    problem(owner.post(f"/sell/drafts/{first['id']}/media/uploads",
                       {"filename": "a.pdf", "content_type": "application/pdf", "size_bytes": 10}, key=False),
            422, "validation_failed")


def test_a_document_is_attached_through_its_own_slot(owner):
    draft = new_draft(owner, title="With a contract")
    pdf = b"%PDF-1.4 sandbox"
    slot = owner.post(f"/sell/drafts/{draft['id']}/documents/uploads",
                      {"filename": "contract.pdf", "content_type": "application/pdf", "size_bytes": len(pdf)},
                      key=False).json()["data"]
    assert http.post(slot["url"], data=slot["fields"], files={"file": ("c.pdf", pdf, "application/pdf")}).status_code == 204
    answer = owner.post(f"/sell/drafts/{draft['id']}/documents", {"key": slot["key"], "filename": "contract.pdf"}, key=False)
    assert answer.status_code == 200, answer.text
    assert [d["filename"] for d in answer.json()["data"]["documents"]] == ["contract.pdf"]


def test_publish_needs_an_idempotency_key_and_replays_without_paying_twice(owner):
    draft = new_draft(owner, **FIELDS)
    upload_photo(owner, draft["id"], "front.jpg")
    problem(owner.post(f"/sell/drafts/{draft['id']}/publish", key=None), 400, "invalid_parameter")
    first = owner.post(f"/sell/drafts/{draft['id']}/publish", key="publish-once")
    again = owner.post(f"/sell/drafts/{draft['id']}/publish", key="publish-once")
    assert again.headers.get("Idempotent-Replayed") == "true"
    assert again.json()["data"] == first.json()["data"]
    assert owner.data("/sell/credits")["balance"] == first.json()["data"]["credits"]["balance"]
