"""A market's leading lenders from documented routes only: the registry and each lender's own rank.

data-api.md lists `GET /v1/lenders` and `GET /v1/lenders/{id}/rankings` with no query parameter:
no document lets a client ask for a market's lenders in order, and a row's place in a list is
not a rank (a host that ignores `sort`, or lists its registry by id, would rank wrongly). So
the registry is read as the host lists it, up to a bound, and each lender's `/rankings` says
its rank in each market (fields: docs/contract.md, `{market, rank, n_lenders, n_loans, volume,
share}`). A market's leaders are the lenders read whose rankings name it, by that rank.

What the answer can claim is said with it: `served` (some ranking names the market with a rank;
else the ranking is not served), `certain` (no rank above a row is missing, so the rows are the
market's top lenders), `more` (the registry went on past the lenders read).
"""

from __future__ import annotations

from collections.abc import Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from services.data_api.models import RankedLender
from services.errors import GoneError, NotFoundError, PermissionDeniedError, UnprocessableError

if TYPE_CHECKING:
    from services.data_api.client import DataApi

# The ranking's members a leader row takes over the registry's (its figures in the market).
RANKING_MEMBERS = ("rank", "n_lenders", "n_loans", "volume", "share")
# Lenders of the registry read to rank the markets (each one's `/rankings` is a request), and how
# many of those requests are in flight at once (well under the shared HTTP pool, as the Map's months).
REGISTRY_READ = 200
RANKING_READERS = 4
# A lender's `/rankings` answering one of these has no rank to give (closed to the key, retired
# since the registry was read, or its market's registry not published): left unranked.
NO_RANKING = (NotFoundError, GoneError, PermissionDeniedError, UnprocessableError)


@dataclass(frozen=True)
class RankedRegistry:
    """The registry's lenders read (in the host's order) and each one's `/rankings` rows by id
    (absent: not open to this key, or not found)."""

    lenders: list[dict[str, Any]]
    rankings: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    more: bool = False


@dataclass(frozen=True)
class MarketLeaders:
    rows: list[RankedLender]  # each lender read with its rank and figures in the market, by rank
    served: bool  # some lender read has a rank in the market
    certain: bool  # no rank is skipped above a row: the rows are the market's top lenders
    more: bool  # the registry lists more lenders than were read
    read: int  # how many lenders of the registry were read


def _rank(row: Mapping[str, Any]) -> int | None:
    rank = row.get("rank")
    return rank if isinstance(rank, int) and not isinstance(rank, bool) and rank >= 1 else None


def _ranked(lender: Mapping[str, Any], rankings: list[dict[str, Any]], market: str) -> RankedLender | None:
    """The lender with its ranking in `market`, or None: no rank there, or figures of no usable type
    (the rankings' fields are not shown by data-api.md: a lender they cannot rank is left unranked)."""
    mine = next((row for row in rankings if isinstance(row, Mapping) and row.get("market") == market and _rank(row)),
                None)
    if mine is None:
        return None
    try:
        return RankedLender.model_validate({**lender, **{name: mine.get(name) for name in RANKING_MEMBERS}})
    except ValidationError:
        return None


def leaders(registry: RankedRegistry, market: str, max_rows: int) -> MarketLeaders:
    """The lenders read that rank in `market`, by their own rank there (ties by id), up to `max_rows`."""
    ranked = [leader for lender in registry.lenders
              if (leader := _ranked(lender, registry.rankings.get(str(lender.get("id")), []), market)) is not None]
    ranked.sort(key=lambda leader: (leader.rank, leader.id))
    rows = ranked[:max_rows]
    # Each row's rank is at most its place when every lender ranked above it was read (ties share a rank).
    certain = all(row.rank <= place for place, row in enumerate(rows, start=1))
    return MarketLeaders(rows=rows, served=bool(ranked), certain=certain, more=registry.more,
                         read=len(registry.lenders))


def read_ranked_registry(api: DataApi, *, max_lenders: int = REGISTRY_READ,
                         readers: int = RANKING_READERS) -> RankedRegistry:
    """The registry's first `max_lenders` as the host lists them (no parameter but its cursor) and
    each one's `/rankings` (0 credits: early access). A refusal of the registry itself is raised
    (the caller says the lenders are not open); a lender whose rankings answer `NO_RANKING` has none."""
    lenders, more = api.lenders.list().walk_as_served(max_lenders)
    ids = [lender.id for lender in lenders]

    def read(lender_id: str) -> list[dict[str, Any]] | None:
        try:
            return [row.model_dump(mode="json") for row in api.lenders.rankings(lender_id)]
        except NO_RANKING:
            return None

    with ThreadPoolExecutor(max_workers=readers, thread_name_prefix="deedscope-rankings") as pool:
        answers = list(pool.map(read, ids))
    rankings = {lender_id: rows for lender_id, rows in zip(ids, answers, strict=True) if rows is not None}
    return RankedRegistry([lender.model_dump(mode="json") for lender in lenders], rankings, more)
