"""The buyer's tools around an offer, as the client types them: buy boxes with their matches and alerts,
inquiries and address requests (with the agreement step), a seller's profile. Keyed writes as in
`adapter.marketplace_actions`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from adapter.marketplace_actions import PAGE, Listing, logged_in_api, walked, write_once
from services.marketplace_api.desk_models import BuyBox, DeletedResource, Inquiry, SellerProfile


def buy_boxes() -> Listing:
    return walked(logged_in_api().buy_boxes.list())


def create_buy_box(name: str, criteria: Mapping[str, Any]) -> BuyBox:
    return write_once("buy_box", {"name": name, **criteria},
                     lambda api, key: api.buy_boxes.create(name=name, idempotency_key=key, **dict(criteria)))


def delete_buy_box(buy_box_id: str) -> DeletedResource:
    return write_once("delete_buy_box", {"box": buy_box_id},
                      lambda api, key: api.buy_boxes.delete(buy_box_id, idempotency_key=key))


def box_matches(buy_box_id: str) -> Listing:
    return walked(logged_in_api().buy_boxes.matches(buy_box_id, limit=PAGE))


def box_alerts(buy_box_id: str) -> Listing:
    return walked(logged_in_api().buy_boxes.alerts(buy_box_id, limit=PAGE))


def send_inquiry(deal_id: str, message: str) -> Inquiry:
    return write_once("inquiry", {"deal": deal_id, "message": message},
                     lambda api, key: api.inquiries.send(deal_id, message=message, idempotency_key=key))


def request_address(deal_id: str, agreement_id: str | None, message: str | None) -> Inquiry:
    return write_once("address_request", {"deal": deal_id, "agreement": agreement_id, "message": message},
                     lambda api, key: api.inquiries.request_address(deal_id, agreement_id=agreement_id, message=message,
                                                                    idempotency_key=key))


def inquiries() -> Listing:
    return walked(logged_in_api().inquiries.inquiries(limit=PAGE))


def address_requests() -> Listing:
    return walked(logged_in_api().inquiries.address_requests(limit=PAGE))


def seller_profile(seller_id: str) -> SellerProfile:
    return logged_in_api().sellers.retrieve(seller_id)


def events(limit: int = 20) -> Listing:
    return walked(logged_in_api().events.list(limit=limit), limit)
