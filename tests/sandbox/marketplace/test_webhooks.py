"""Webhook endpoints (marketplace-api.md, Events 2-4; Roles: the six seller-side operations need owner or admin)."""

from __future__ import annotations

import pytest

from tests.sandbox.marketplace.conftest import problem


def test_buyer_creates_lists_and_deletes_an_endpoint(buyer):
    created = buyer.post("/buy/webhooks", {"url": "https://hooks.example.com/deedscope"}, key=None)
    assert created.status_code == 200, created.text
    hook = created.json()["data"]
    assert hook["id"].startswith("whk_") and hook["secret"].startswith("whsec_")
    listed = buyer.data("/buy/webhooks")
    assert [h["id"] for h in listed] == [hook["id"]] and "secret" not in listed[0]
    assert buyer.request("DELETE", f"/buy/webhooks/{hook['id']}").status_code == 200
    assert buyer.data("/buy/webhooks") == []


@pytest.mark.parametrize("url", [
    pytest.param("https://10.0.0.5/hook", id="private-ipv4"),
    pytest.param("https://127.0.0.1:8443/hook", id="loopback"),
    pytest.param("https://[::1]/hook", id="loopback-ipv6"),
    pytest.param("https://169.254.169.254/latest", id="link-local"),
    pytest.param("https://localhost/hook", id="localhost"),
    pytest.param("https://billing.internal/hook", id="internal-name"),
    pytest.param("http://hooks.example.com/hook", id="plain-http"),
])
def test_private_or_plain_urls_are_refused(buyer, url):
    """Events 3: a webhook URL must be https on a public host; a private address answers 422 webhook_url_refused."""
    problem(buyer.post("/buy/webhooks", {"url": url}, key=None), 422, "webhook_url_refused")
    assert buyer.data("/buy/webhooks") == []


def test_the_eleventh_endpoint_answers_webhook_limit(buyer):
    """Events 2: each side holds at most ten endpoints; an eleventh answers 409 webhook_limit."""
    for number in range(10):
        assert buyer.post("/buy/webhooks", {"url": f"https://hooks.example.com/{number}"}, key=None).status_code == 200
    problem(buyer.post("/buy/webhooks", {"url": "https://hooks.example.com/11"}, key=None), 409, "webhook_limit")
    assert len(buyer.data("/buy/webhooks", limit=100)) == 10


def test_a_member_may_not_manage_seller_webhooks(member, owner):
    """Roles and refusals: insufficient_role on seller-side webhook routes, body required_roles and role."""
    body = problem(member.get("/sell/webhooks"), 403, "insufficient_role")
    assert body["role"] == "member" and set(body["required_roles"]) == {"owner", "admin"}
    problem(member.post("/sell/webhooks", {"url": "https://hooks.example.com/s"}, key=None), 403, "insufficient_role")
    created = owner.post("/sell/webhooks", {"url": "https://hooks.example.com/s", "events": ["offer.created"]}, key=None)
    assert created.status_code == 200, created.text
    hook_id = created.json()["data"]["id"]
    for method, path in (("GET", ""), ("PATCH", ""), ("DELETE", ""), ("POST", "/rotate-secret")):
        problem(member.request(method, f"/sell/webhooks/{hook_id}{path}", json={} if method in ("PATCH", "POST") else None),
                403, "insufficient_role")
    assert owner.data(f"/sell/webhooks/{hook_id}")["events"] == ["offer.created"]


def test_another_sides_endpoint_is_not_found(buyer, owner):
    hook = owner.post("/sell/webhooks", {"url": "https://hooks.example.com/s"}, key=None).json()["data"]
    problem(buyer.get(f"/buy/webhooks/{hook['id']}"), 404, "not_found")
