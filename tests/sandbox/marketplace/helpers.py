"""Finding seeded things through the API itself (never hard-coded ids)."""

from __future__ import annotations

from tests.sandbox.marketplace.conftest import Market


def seller_rounds_waiting(buyer: Market, seller: Market | None = None) -> list[dict]:
    """Open rounds sent by the seller (of `seller`'s organization, when given): the buyer may
    preview, accept or counter them."""
    rounds = [o for o in buyer.offers(status="new") if o["submitted_by"] == "seller"]
    if seller is not None:
        organization = seller.data("/me")["organization"]["seller_id"]
        rounds = [o for o in rounds if buyer.data(f"/buy/deals/{o['deal_id']}")["seller"]["seller_id"] == organization]
    return rounds


def own_open_rounds(buyer: Market) -> list[dict]:
    return [o for o in buyer.offers(status="new") if o["submitted_by"] == "buyer"]


def free_deals(buyer: Market) -> list[dict]:
    """Active deals on which the buyer has no open round."""
    busy = {o["deal_id"] for o in buyer.offers(status="new")}
    return [d for d in buyer.data("/buy/deals", status="active", limit=100) if d["id"] not in busy]


def terms_for(deal: dict, *, amount_share: float = 0.9, financing: str = "cash") -> dict:
    asking = deal["terms"]["asking_price"]
    return {"offer_amount": round(asking * amount_share), "emd_amount": max(deal["terms"]["min_emd"], 1000),
            "financing": financing, "note": "Test offer."}


def counter_terms(buyer: Market, offer: dict, delta: float = -1000) -> dict:
    deal = buyer.data(f"/buy/deals/{offer['deal_id']}")
    return {"offer_amount": offer["offer_amount"] + delta, "emd_amount": max(deal["terms"]["min_emd"], offer["emd_amount"]),
            "financing": offer["financing"]}
