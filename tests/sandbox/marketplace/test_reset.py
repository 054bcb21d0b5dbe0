"""`POST /_sandbox/reset` restores the marketplace demo state (decisions.md, Sandbox: "A reset restores this")."""

from __future__ import annotations

from tests.sandbox.marketplace.conftest import Market
from tests.sandbox.marketplace.helpers import own_open_rounds, seller_rounds_waiting
from tests.sandbox.marketplace.oauth_flow import login


def test_reset_restores_offers_terms_and_webhooks(sandbox, buyer, login_as):
    before = buyer.offers()
    own = own_open_rounds(buyer)[0]
    assert buyer.post(f"/buy/offers/{own['id']}/withdraw", {}).status_code == 200
    assert buyer.post("/buy/webhooks", {"url": "https://hooks.example.com/x"}, key=None).status_code == 200
    login_as("newbuyer@sandbox.test", accept_terms=True)
    sandbox.reset()
    # Tokens and registered clients outlive a reset: only the demo data goes back.
    # Seed ids are stable; seed times are relative to the reset, so compare ids and statuses.
    assert {(o["id"], o["status"]) for o in buyer.offers()} == {(o["id"], o["status"]) for o in before}
    assert buyer.data("/buy/webhooks") == []
    newbuyer = Market(sandbox.url, login(sandbox.url, "newbuyer@sandbox.test"))
    assert newbuyer.data("/me")["terms"]["buy"]["accepted"] is False
    assert len(seller_rounds_waiting(buyer)) >= 2


def test_unknown_query_parameters_are_refused_everywhere(buyer, owner):
    """Endpoints: unknown query fields answer 400 unknown_parameter, names in unknown_parameters."""
    for market, path in ((buyer, "/me"), (buyer, "/buy/deals"), (owner, "/sell/offers"), (owner, "/sell/leads")):
        response = market.get(path, verbose="1")
        assert response.status_code == 400, (path, response.text)
        assert response.json()["unknown_parameters"] == ["verbose"]
