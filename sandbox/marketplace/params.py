"""Query and path parameters as pydantic models, parsed by FastAPI dependencies
(marketplace-api.md, Endpoints: every schema is strict; Errors: invalid_parameter, invalid_id).

`strict_query(Model)` answers `400 unknown_parameter` naming every name the model does not
declare, then `400 invalid_parameter` for the first field (filters in declaration order, then
`cursor` and `limit`) that refuses its value, with that field's own detail and recovery: each
field type below carries them. Routes declare these parameters after the caller, so
authentication is still checked first, and path ids after the query, as before.
"""

# No `from __future__ import annotations` here: FastAPI reads the annotation of `path_id`'s
# inner function, which names a local, at runtime.
from datetime import datetime
from typing import Annotated, Any, Callable, TypeVar

from fastapi import Depends, Path, Request
from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, ValidationError, ValidationInfo
from pydantic_core import PydanticCustomError

from sandbox.core.problems import Problem
from sandbox.marketplace.ids import require_id
from sandbox.marketplace.strict import check_query
from sandbox.marketplace.wire import DEFAULT_LIMIT, MAX_LIMIT, parse_utc

Model = TypeVar("Model", bound="QueryModel")


class QueryModel(BaseModel):
    """A route's query string; this base declares none (any parameter is unknown)."""

    model_config = ConfigDict(extra="forbid", frozen=True)


def _refuse(detail: str, recovery: str) -> PydanticCustomError:
    return PydanticCustomError("invalid_parameter", detail, {"recovery": recovery})


def one_of(*allowed: str) -> AfterValidator:
    """A value among `allowed`."""
    listed = ", ".join(allowed)

    def check(value: str, info: ValidationInfo) -> str:
        if value not in allowed:
            name = info.field_name
            raise _refuse(f"{name} must be one of {listed}.", f"Send {name} as one of {listed}, or leave it out.")
        return value

    return AfterValidator(check)


def _limit(value: Any) -> int:
    if not isinstance(value, str) or not value.isdigit() or not 1 <= int(value) <= MAX_LIMIT:
        raise _refuse(f"limit must be an integer from 1 to {MAX_LIMIT}.",
                      f"Send a limit from 1 to {MAX_LIMIT}, or leave it out.")
    return int(value)


def _utc(value: Any, info: ValidationInfo) -> datetime:
    name = info.field_name
    try:
        return parse_utc(value)
    except ValueError:
        raise _refuse(f"{name} must be a UTC timestamp ending in Z, such as 2026-01-31T00:00:00Z.",
                      f"Send {name} as an ISO 8601 UTC timestamp ending in Z.") from None


def _deal_id(value: str) -> str:
    try:
        return require_id("deal", value)
    except Problem:
        raise _refuse("deal_id must be a deal id starting mkd_.", "Send deal_id as returned by the deals list.") from None


Limit = Annotated[int, BeforeValidator(_limit)]
UtcTimestamp = Annotated[datetime, BeforeValidator(_utc)]
DealIdFilter = Annotated[str, AfterValidator(_deal_id)]


class PageQuery(QueryModel):
    """`cursor` and `limit` of a list (marketplace-api.md, Limits: limit 1-100); a list's filters
    subclass it. They are checked after the filters: a route reads them last, when paging."""

    cursor: str | None = None
    limit: Limit = DEFAULT_LIMIT


def strict_query(model: type[Model]) -> Callable[[Request], Model]:
    def parse(request: Request) -> Model:
        check_query(request, set(model.model_fields))
        try:
            return model.model_validate(dict(request.query_params))
        except ValidationError as invalid:
            errors = sorted(invalid.errors(), key=lambda error: error["loc"][0] in PageQuery.model_fields)
            first = errors[0]
            raise Problem(400, "invalid_parameter", first["msg"], recovery=first["ctx"]["recovery"],
                          parameter=str(first["loc"][0])) from None

    return parse


def path_id(kind: str) -> Callable[[str], str]:
    """The `{kind}_id` path parameter, `400 invalid_id` without its type prefix."""

    def parse(value: Annotated[str, Path(alias=f"{kind}_id")]) -> str:
        return require_id(kind, value)

    return parse


NoQuery = Annotated[QueryModel, Depends(strict_query(QueryModel))]
Paged = Annotated[PageQuery, Depends(strict_query(PageQuery))]
DealId = Annotated[str, Depends(path_id("deal"))]
OfferId = Annotated[str, Depends(path_id("offer"))]
DraftId = Annotated[str, Depends(path_id("draft"))]
LeadId = Annotated[str, Depends(path_id("lead"))]
BuyerId = Annotated[str, Depends(path_id("buyer"))]
WebhookId = Annotated[str, Depends(path_id("webhook"))]
ReviewId = Annotated[str, Depends(path_id("review"))]
SellerId = Annotated[str, Depends(path_id("seller"))]
BuyBoxId = Annotated[str, Depends(path_id("buy_box"))]
AddressRequestId = Annotated[str, Depends(path_id("address_request"))]
