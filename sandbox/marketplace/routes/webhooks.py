"""Webhook endpoints of each side: list, create, retrieve, update, delete, rotate secret.

On the sell side these six operations need owner or admin (marketplace-api.md, Roles:
"Exactly six seller-side webhook operations carry the gate"). Delivery is not simulated.
The same six handlers serve `/buy/webhooks` and `/sell/webhooks`; `HookOwner` says which.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Annotated

from fastapi import APIRouter, Depends, Request
from fastapi.responses import JSONResponse

from sandbox.core.problems import Problem
from sandbox.marketplace import offers
from sandbox.marketplace.bodies import EmptyBody, WebhookCreate, WebhookUpdate
from sandbox.marketplace.gateway import Caller, caller_for
from sandbox.marketplace.ids import new_id
from sandbox.marketplace.models import MarketState, Webhook
from sandbox.marketplace.params import NoQuery, Paged, WebhookId
from sandbox.marketplace.routes.events import EVENT_TYPES
from sandbox.marketplace.strict import parse_body
from sandbox.marketplace.views import webhook_json
from sandbox.marketplace.webhooks import MAX_ENDPOINTS_PER_SIDE, check_webhook_url, limit_reached
from sandbox.marketplace.wire import envelope, page_of
from sandbox.marketplace.writes import plain_write

SIDES = ("buy", "sell")
_GATES = {side: caller_for("webhooks:manage", side, managing_role=side == "sell") for side in SIDES}
router = APIRouter(tags=["marketplace: webhooks"])


@dataclass(frozen=True)
class HookOwner:
    caller: Caller
    side: str

    @property
    def owner_id(self) -> str:
        return self.caller.user.buyer_id if self.side == "buy" else self.caller.organization.id

    def owns(self, hook: Webhook) -> bool:
        return hook.side == self.side and hook.owner_id == self.owner_id


def hook_owner(request: Request) -> HookOwner:
    """The caller, through the gate of the side whose path matched (`.../buy/webhooks...` or `.../sell/webhooks...`)."""
    side = "sell" if "/sell/webhooks" in request.scope["route"].path else "buy"
    return HookOwner(_GATES[side](request), side)


Owner = Annotated[HookOwner, Depends(hook_owner)]


def _events(requested: list[str] | None) -> list[str]:
    if requested is None:
        return list(EVENT_TYPES)
    unknown = [name for name in requested if name not in EVENT_TYPES]
    if unknown or not requested:
        raise Problem(422, "validation_failed", f"events must be a non-empty list of {', '.join(EVENT_TYPES)}.",
                      recovery="Send known event types, or leave events out for all of them.",
                      errors=[{"param": "events", "message": f"unknown: {', '.join(unknown)}" if unknown else "empty"}])
    return list(dict.fromkeys(requested))


def _own_hook(state: MarketState, owner: HookOwner, webhook_id: str) -> Webhook:
    return offers.owned("webhook endpoint", state.webhooks, webhook_id, owner.owns)


def new_secret() -> str:
    return "whsec_" + secrets.token_urlsafe(24)


def list_hooks(request: Request, owner: Owner, query: Paged) -> JSONResponse:
    state = owner.caller.runtime.state
    with state.lock:
        hooks = sorted((h for h in state.webhooks.values() if owner.owns(h)), key=lambda h: (h.created_at, h.id),
                       reverse=True)
        items, page = page_of(request, owner.caller.principal, hooks, query)
        return envelope(request, [webhook_json(h) for h in items], page=page)


async def create_hook(request: Request, owner: Owner, _: NoQuery) -> JSONResponse:
    def change(state: MarketState, raw: bytes) -> dict:
        body = parse_body(request, raw, WebhookCreate)
        url = check_webhook_url(body.url)
        events = _events(body.events)
        if sum(1 for h in state.webhooks.values() if owner.owns(h)) >= MAX_ENDPOINTS_PER_SIDE:
            raise limit_reached(owner.side)
        hook = Webhook(new_id("webhook"), owner.side, owner.owner_id, url, events, new_secret(), True,
                       owner.caller.runtime.now)
        state.webhooks[hook.id] = hook
        return webhook_json(hook, with_secret=True)

    return await plain_write(request, owner.caller, change)


def retrieve_hook(request: Request, owner: Owner, _: NoQuery, webhook_id: WebhookId) -> JSONResponse:
    state = owner.caller.runtime.state
    with state.lock:
        return envelope(request, webhook_json(_own_hook(state, owner, webhook_id)))


async def update_hook(request: Request, owner: Owner, _: NoQuery, webhook_id: WebhookId) -> JSONResponse:
    def change(state: MarketState, raw: bytes) -> dict:
        hook = _own_hook(state, owner, webhook_id)
        body = parse_body(request, raw, WebhookUpdate)
        url = check_webhook_url(body.url) if body.url is not None else hook.url
        events = _events(body.events) if body.events is not None else hook.events
        hook.url, hook.events = url, events
        if body.enabled is not None:
            hook.enabled = body.enabled
        return webhook_json(hook)

    return await plain_write(request, owner.caller, change)


async def delete_hook(request: Request, owner: Owner, _: NoQuery, webhook_id: WebhookId) -> JSONResponse:
    def change(state: MarketState, raw: bytes) -> dict:
        hook = _own_hook(state, owner, webhook_id)
        del state.webhooks[hook.id]
        return {"id": hook.id, "deleted": True}

    return await plain_write(request, owner.caller, change)


async def rotate_secret(request: Request, owner: Owner, _: NoQuery, webhook_id: WebhookId) -> JSONResponse:
    def change(state: MarketState, raw: bytes) -> dict:
        hook = _own_hook(state, owner, webhook_id)
        parse_body(request, raw, EmptyBody, optional=True)
        hook.secret = new_secret()
        return webhook_json(hook, with_secret=True)

    return await plain_write(request, owner.caller, change)


for _side in SIDES:
    _base = f"/{_side}/webhooks"
    router.add_api_route(_base, list_hooks, methods=["GET"], name=f"{_side}_list_webhooks")
    router.add_api_route(_base, create_hook, methods=["POST"], name=f"{_side}_create_webhook")
    router.add_api_route(_base + "/{webhook_id}", retrieve_hook, methods=["GET"], name=f"{_side}_retrieve_webhook")
    router.add_api_route(_base + "/{webhook_id}", update_hook, methods=["PATCH"], name=f"{_side}_update_webhook")
    router.add_api_route(_base + "/{webhook_id}", delete_hook, methods=["DELETE"], name=f"{_side}_delete_webhook")
    router.add_api_route(_base + "/{webhook_id}/rotate-secret", rotate_secret, methods=["POST"],
                         name=f"{_side}_rotate_webhook_secret")
