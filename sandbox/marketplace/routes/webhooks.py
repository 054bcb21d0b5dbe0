"""Webhook endpoints of each side: list, create, retrieve, update, delete, rotate secret.

On the sell side these six operations need owner or admin (marketplace-api.md, Roles:
"Exactly six seller-side webhook operations carry the gate"). Delivery is not simulated.
"""


import secrets

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response

from sandbox.marketplace import offers
from sandbox.marketplace.bodies import EmptyBody, WebhookCreate, WebhookUpdate
from sandbox.marketplace.gateway import BuyWebhooks, Caller, SellWebhooks
from sandbox.marketplace.ids import new_id, require_id
from sandbox.marketplace.models import MarketState, Webhook
from sandbox.marketplace.routes.events import EVENT_TYPES
from sandbox.marketplace.strict import check_query, parse_body
from sandbox.marketplace.views import webhook_json
from sandbox.marketplace.webhooks import MAX_ENDPOINTS_PER_SIDE, check_webhook_url, limit_reached
from sandbox.marketplace.wire import envelope, page_of
from sandbox.marketplace.writes import plain_write
from sandbox.core.problems import Problem


def _owner_id(caller: Caller, side: str) -> str:
    return caller.user.buyer_id if side == "buy" else caller.organization.id


def _events(requested: list[str] | None) -> list[str]:
    if requested is None:
        return list(EVENT_TYPES)
    unknown = [name for name in requested if name not in EVENT_TYPES]
    if unknown or not requested:
        raise Problem(422, "validation_failed", f"events must be a non-empty list of {', '.join(EVENT_TYPES)}.",
                      recovery="Send known event types, or leave events out for all of them.",
                      errors=[{"param": "events", "message": f"unknown: {', '.join(unknown)}" if unknown else "empty"}])
    return list(dict.fromkeys(requested))


def _own_hook(state: MarketState, caller: Caller, side: str, webhook_id: str) -> Webhook:
    require_id("webhook", webhook_id)
    hook = state.webhooks.get(webhook_id)
    if hook is None or hook.side != side or hook.owner_id != _owner_id(caller, side):
        raise offers.not_found("webhook endpoint", webhook_id)
    return hook


def _routes(router: APIRouter, side: str, Gate) -> None:  # noqa: N803 - an Annotated dependency alias
    base = f"/{side}/webhooks"

    @router.get(base, name=f"{side}_list_webhooks")
    def list_hooks(request: Request, caller: Gate) -> JSONResponse:
        check_query(request, {"cursor", "limit"})
        state = caller.runtime.state
        with state.lock:
            hooks = sorted((h for h in state.webhooks.values() if h.side == side and h.owner_id == _owner_id(caller, side)),
                           key=lambda h: (h.created_at, h.id), reverse=True)
            items, page = page_of(request, caller.principal, hooks)
            return envelope(request, [webhook_json(h) for h in items], page=page)

    @router.post(base, name=f"{side}_create_webhook")
    async def create_hook(request: Request, caller: Gate) -> JSONResponse:
        check_query(request)

        def change(state: MarketState, raw: bytes) -> dict:
            body = parse_body(request, raw, WebhookCreate)
            url = check_webhook_url(body.url)
            events = _events(body.events)
            owner = _owner_id(caller, side)
            if sum(1 for h in state.webhooks.values() if h.side == side and h.owner_id == owner) >= MAX_ENDPOINTS_PER_SIDE:
                raise limit_reached(side)
            hook = Webhook(new_id("webhook"), side, owner, url, events, "whsec_" + secrets.token_urlsafe(24), True,
                           caller.runtime.now)
            state.webhooks[hook.id] = hook
            return webhook_json(hook, with_secret=True)

        return await plain_write(request, caller, change)

    @router.get(base + "/{webhook_id}", name=f"{side}_retrieve_webhook")
    def retrieve_hook(request: Request, webhook_id: str, caller: Gate) -> JSONResponse:
        check_query(request)
        state = caller.runtime.state
        with state.lock:
            return envelope(request, webhook_json(_own_hook(state, caller, side, webhook_id)))

    @router.patch(base + "/{webhook_id}", name=f"{side}_update_webhook")
    async def update_hook(request: Request, webhook_id: str, caller: Gate) -> JSONResponse:
        check_query(request)

        def change(state: MarketState, raw: bytes) -> dict:
            hook = _own_hook(state, caller, side, webhook_id)
            body = parse_body(request, raw, WebhookUpdate)
            url = check_webhook_url(body.url) if body.url is not None else hook.url
            events = _events(body.events) if body.events is not None else hook.events
            hook.url, hook.events = url, events
            if body.enabled is not None:
                hook.enabled = body.enabled
            return webhook_json(hook)

        return await plain_write(request, caller, change)

    @router.delete(base + "/{webhook_id}", name=f"{side}_delete_webhook")
    def delete_hook(request: Request, webhook_id: str, caller: Gate) -> Response:
        check_query(request)
        state = caller.runtime.state
        with state.lock:
            hook = _own_hook(state, caller, side, webhook_id)
            del state.webhooks[hook.id]
            return envelope(request, {"id": hook.id, "deleted": True})

    @router.post(base + "/{webhook_id}/rotate-secret", name=f"{side}_rotate_webhook_secret")
    async def rotate_secret(request: Request, webhook_id: str, caller: Gate) -> JSONResponse:
        check_query(request)

        def change(state: MarketState, raw: bytes) -> dict:
            hook = _own_hook(state, caller, side, webhook_id)
            parse_body(request, raw, EmptyBody, optional=True)
            hook.secret = "whsec_" + secrets.token_urlsafe(24)
            return webhook_json(hook, with_secret=True)

        return await plain_write(request, caller, change)


def build_router() -> APIRouter:
    router = APIRouter(tags=["marketplace: webhooks"])
    _routes(router, "buy", BuyWebhooks)
    _routes(router, "sell", SellWebhooks)
    return router
