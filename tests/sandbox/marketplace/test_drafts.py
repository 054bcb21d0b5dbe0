"""`PATCH /sell/drafts/{draft_id}/media` (marketplace-api.md, Endpoints) and `draft_under_review` (States)."""

from __future__ import annotations

from tests.sandbox.marketplace.conftest import problem
from tests.sandbox.marketplace.oauth_flow import http


def _drafts(sandbox, owner) -> dict[str, list[dict]]:
    """Drafts from the admin fixtures, split into the owner's open ones, under review, and others'."""
    organization = owner.data("/me")["organization"]["seller_id"]
    drafts = http.get(f"{sandbox.url}/_sandbox/marketplace/fixtures").json()["data"]["drafts"]
    return {
        "open": [d for d in drafts if d["organization_id"] == organization and not d["under_review"]],
        "review": [d for d in drafts if d["organization_id"] == organization and d["under_review"]],
        "other": [d for d in drafts if d["organization_id"] != organization],
    }


def test_order_sets_the_sequence_and_the_cover(sandbox, member):
    """Endpoints: the order names every media id; it sets the sequence and picks the cover (a member may)."""
    draft = _drafts(sandbox, member)["open"][0]
    media = member.data(f"/sell/drafts/{draft['id']}/media")
    reversed_ids = [item["id"] for item in reversed(media)]
    answer = member.request("PATCH", f"/sell/drafts/{draft['id']}/media", json={"order": reversed_ids})
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert [item["id"] for item in body["data"]] == reversed_ids
    assert body["page"] == {"next_cursor": None, "limit": len(media), "returned": len(media)}
    cover = [item for item in body["data"] if item["is_default"]]
    assert [item["id"] for item in cover] == [reversed_ids[0]]
    assert [item["id"] for item in member.data(f"/sell/drafts/{draft['id']}/media")] == reversed_ids


def test_an_order_missing_a_media_id_is_refused_and_changes_nothing(sandbox, owner):
    draft = _drafts(sandbox, owner)["open"][0]
    before = owner.data(f"/sell/drafts/{draft['id']}/media")
    ids = [item["id"] for item in before]
    problem(owner.request("PATCH", f"/sell/drafts/{draft['id']}/media", json={"order": ids[1:]}), 422, "validation_failed")
    problem(owner.request("PATCH", f"/sell/drafts/{draft['id']}/media", json={"order": ids + ids[:1]}), 422, "validation_failed")
    body = problem(owner.request("PATCH", f"/sell/drafts/{draft['id']}/media", json={"order": ids, "cover": ids[0]}),
                   400, "unknown_parameter")
    assert body["unknown_parameters"] == ["cover"]
    assert owner.data(f"/sell/drafts/{draft['id']}/media") == before


def test_every_route_under_a_draft_in_review_answers_draft_under_review(sandbox, owner):
    """States: any route under /sell/drafts/{draft_id} (reads included) answers 409 draft_under_review."""
    draft = _drafts(sandbox, owner)["review"][0]
    problem(owner.get(f"/sell/drafts/{draft['id']}"), 409, "draft_under_review")
    problem(owner.get(f"/sell/drafts/{draft['id']}/media"), 409, "draft_under_review")
    problem(owner.request("PATCH", f"/sell/drafts/{draft['id']}/media", json={"order": []}), 409, "draft_under_review")


def test_another_organizations_draft_is_not_found(sandbox, owner):
    draft = _drafts(sandbox, owner)["other"][0]
    problem(owner.get(f"/sell/drafts/{draft['id']}/media"), 404, "not_found")


def test_media_order_needs_deals_write(sandbox, login_as):
    reader = login_as("owner@sandbox.test", scope="marketplace:profile deals:read")
    draft = _drafts(sandbox, reader)["open"][0]
    ids = [item["id"] for item in reader.data(f"/sell/drafts/{draft['id']}/media")]
    body = problem(reader.request("PATCH", f"/sell/drafts/{draft['id']}/media", json={"order": ids}), 403, "insufficient_scope")
    assert body["scope"] == "deals:write"
