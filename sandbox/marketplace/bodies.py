"""Request bodies, strict (marketplace-api.md, Endpoints: every schema is strict)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

# marketplace-api.md, Offer: financing "includes cash"; the rest is decided in docs/contract.md.
Financing = Literal["cash", "hard_money", "private_money", "conventional", "dscr"]
DeclineReason = Literal["price_too_low", "emd_too_low", "terms_unacceptable", "financing_unacceptable",
                        "another_offer_accepted", "buyer_unresponsive", "other"]
Amount = Annotated[float, Field(gt=0, le=100_000_000)]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class OfferTerms(Strict):
    offer_amount: Amount
    emd_amount: Annotated[float, Field(ge=0, le=100_000_000)]
    financing: Financing
    note: Annotated[str, Field(max_length=1000)] | None = None

    @model_validator(mode="after")
    def _emd_within_offer(self) -> "OfferTerms":
        if self.emd_amount > self.offer_amount:
            raise ValueError("emd_amount cannot exceed offer_amount")
        return self


class AcceptBody(Strict):
    preview_token: Annotated[str, Field(min_length=1, max_length=200)]


class WithdrawBody(Strict):
    decline_reason: DeclineReason | None = None


class DeclineBody(Strict):
    decline_reason: DeclineReason = "other"



class EmptyBody(Strict):
    pass


class UploadRequest(Strict):
    filename: Annotated[str, Field(min_length=1, max_length=255)]
    content_type: str
    size_bytes: Annotated[int, Field(ge=1)]


class ProofOfFundsBody(Strict):
    key: Annotated[str, Field(min_length=1, max_length=300)]
    lender_name: Annotated[str, Field(min_length=1, max_length=200)]
    expires_at: str


class MediaOrder(Strict):
    order: list[str]


class DealTermsChange(Strict):
    asking_price: Annotated[int, Field(gt=0, le=100_000_000)] | None = None
    min_emd: Annotated[int, Field(ge=0, le=100_000_000)] | None = None
    closing_date: Annotated[str, Field(pattern=r"^\d{4}-\d{2}-\d{2}$")] | None = None


class WebhookCreate(Strict):
    url: Annotated[str, Field(min_length=1, max_length=2000)]
    events: list[str] | None = None


class WebhookUpdate(Strict):
    url: Annotated[str, Field(min_length=1, max_length=2000)] | None = None
    events: list[str] | None = None
    enabled: bool | None = None
