"""A draft's fields, what a deal needs from them, and publishing on the organization's credits
(marketplace-api.md, What the service does 5; Errors: `402 insufficient_balance`, `422 deal_incomplete`;
States: `409 draft_under_review`).

The document shows no draft fields; docs/contract.md records these: the deal's own fields
(title, address, property, terms) plus an optional `property_id`, the deed records' parcel.
Publishing needs every field but `property_id` and at least one photo and costs `PUBLISH_CREDITS`
(charged when asked); the draft is then under review for `REVIEW_SECONDS` of the sandbox clock
(every route under it answers `409 draft_under_review`), and when the clock passes that time
(`finish_reviews`, run before each request) it becomes an active deal and tells the buyers whose
buy boxes it matches.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Annotated, Literal

from pydantic import Field

from sandbox.core.problems import Problem
from sandbox.marketplace import buy_boxes
from sandbox.marketplace.bodies import Strict
from sandbox.marketplace.ids import new_id
from sandbox.marketplace.models import Deal, Draft, Event, MarketState, Organization

PUBLISH_CREDITS = 25
REVIEW_SECONDS = 600  # a publish's review, on the sandbox clock (POST /_sandbox/clock moves past it)
PropertyType = Literal["single_family", "duplex", "townhouse", "multi_family", "condo", "land"]
REQUIRED_FIELDS = ("street", "city", "state", "zip", "property_type", "bedrooms", "bathrooms", "living_area_sqft",
                   "asking_price", "min_emd", "closing_date")


class DraftFields(Strict):
    """Create and change bodies: every member optional, a change sets only those sent."""

    title: Annotated[str, Field(min_length=1, max_length=200)] | None = None
    street: Annotated[str, Field(min_length=1, max_length=200)] | None = None
    city: Annotated[str, Field(min_length=1, max_length=100)] | None = None
    state: Annotated[str, Field(pattern=r"^[A-Z]{2}$")] | None = None
    zip: Annotated[str, Field(pattern=r"^\d{5}$")] | None = None
    property_type: PropertyType | None = None
    bedrooms: Annotated[int, Field(ge=0, le=50)] | None = None
    bathrooms: Annotated[float, Field(ge=0, le=50)] | None = None
    living_area_sqft: Annotated[int, Field(ge=1, le=200_000)] | None = None
    asking_price: Annotated[int, Field(gt=0, le=100_000_000)] | None = None
    min_emd: Annotated[int, Field(ge=0, le=100_000_000)] | None = None
    closing_date: Annotated[str, Field(pattern=r"^\d{4}-\d{2}-\d{2}$")] | None = None
    property_id: Annotated[str, Field(pattern=r"^prop_[0-9a-fA-F]{32}$")] | None = None


def apply_fields(draft: Draft, body: DraftFields, now: datetime) -> None:
    changes = body.model_dump(exclude_unset=True)
    if "title" in changes:
        draft.title = changes.pop("title") or ""
    draft.fields.update(changes)
    draft.updated_at = now


def missing_fields(draft: Draft) -> list[str]:
    missing = [] if draft.title else ["title"]
    missing += [name for name in REQUIRED_FIELDS if draft.fields.get(name) is None]
    if not draft.media:
        missing.append("media")
    return missing


def credits_json(organization: Organization) -> dict:
    return {"balance": organization.credits, "publish_cost": PUBLISH_CREDITS}


def publish(draft: Draft, organization: Organization, now: datetime, *, states_cost: bool = True) -> None:
    """Send the draft to review, charged now; checks run: already published, incomplete, balance.
    `states_cost`: the refusal names the balance and the cost (not on `--variety`)."""
    if draft.deal_id is not None:
        raise Problem(422, "invalid_transition", "This draft is already published.",
                      recovery=f"See the deal {draft.deal_id}; change its terms there.", deal_id=draft.deal_id)
    missing = missing_fields(draft)
    if missing:
        raise Problem(422, "deal_incomplete", f"The draft lacks what a deal needs: {', '.join(missing)}.",
                      recovery="Fill in the missing fields (and add a photo), then publish again.", missing=missing)
    if organization.credits < PUBLISH_CREDITS:
        amounts = credits_json(organization) if states_cost else {}
        raise Problem(402, "insufficient_balance", "The organization's credits are too low to publish this draft.",
                      recovery="Add credits to the organization, then publish again.", **amounts)
    organization.credits -= PUBLISH_CREDITS
    draft.reviewing, draft.review_ends_at, draft.updated_at = True, now + timedelta(seconds=REVIEW_SECONDS), now


def finish_reviews(state: MarketState, now: datetime) -> None:
    """Every draft whose review time has passed becomes an active deal (published at that time)."""
    for draft in state.drafts.values():
        if draft.reviewing and draft.review_ends_at is not None and draft.review_ends_at <= now:
            _go_live(state, draft, state.organizations[draft.organization_id], draft.review_ends_at)


def _go_live(state: MarketState, draft: Draft, organization: Organization, at: datetime) -> Deal:
    fields = draft.fields
    deal = Deal(
        id=new_id("deal"), organization_id=organization.id, title=draft.title, city=fields["city"],
        state=fields["state"], zip=fields["zip"], property_type=fields["property_type"], bedrooms=fields["bedrooms"],
        bathrooms=fields["bathrooms"], living_area_sqft=fields["living_area_sqft"], asking_price=fields["asking_price"],
        min_emd=fields["min_emd"], closing_date=fields["closing_date"], status="active", terms_version=1,
        published_at=at, updated_at=at, street=fields["street"], property_id=fields.get("property_id"),
        media=list(draft.media),
    )
    state.deals[deal.id] = deal
    draft.deal_id, draft.reviewing, draft.updated_at = deal.id, False, at
    state.events.append(Event(new_id("event"), "deal.published", at, "", organization.id,
                              {"deal_id": deal.id, "draft_id": draft.id}))
    buy_boxes.alert_on(state, deal, at)
    return deal
