"""Coverage markets as the map draws them: outline, data date, and a flag when coverage is incomplete."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Protocol

from mapspec.view import View
from services.contract import dataset_words

# Statuses of a coverage dataset that mark a market's cells (data-api.md, States).
FLAGGED_STATUSES = ("partial",)


class DatasetState(Protocol):
    """One of a market's datasets: its coverage status and whether it is out of date."""

    status: str | None
    stale: bool | None


class Market(Protocol):
    """A served market as the map reads it: the Data API's coverage market (the client's
    `CoverageMarket`, data-api.md, `/v1/coverage`), named here by its shape so that mapspec
    imports no client."""

    market: str
    name: str | None
    state: str | None
    bbox: list[float] | None
    data_end: date | None
    datasets: Mapping[str, DatasetState]


def market_box(market: Market | None) -> View | None:
    """The market's box as a view, or None where coverage gives it none (or one that is no box)."""
    bbox = market.bbox if market else None
    if not bbox or len(bbox) != 4:
        return None
    try:
        return View(*(float(value) for value in bbox))
    except ValueError:
        return None


def market_codes(markets: Sequence[Market]) -> list[str]:
    return [market.market for market in markets]


def market_named(code: str | None, markets: Sequence[Market]) -> Market | None:
    """The served market of this code, or None."""
    return next((market for market in markets if market.market == code), None) if code else None


@dataclass(frozen=True)
class MarketShape:
    """What the map draws of a market: its outline, its data date, whether it is flagged."""

    market: str
    name: str
    bbox: tuple[float, float, float, float]
    data_end: str | None
    flag: str | None = None  # e.g. "permits and short-term rentals out of date" when coverage is stale or partial

    def contains(self, latitude: float, longitude: float) -> bool:
        west, south, east, north = self.bbox
        return south <= latitude <= north and west <= longitude <= east


def market_shape(market: Market) -> MarketShape | None:
    """What the map draws of a coverage market; flagged when a dataset is stale or partial."""
    box = market_box(market)
    if box is None:
        return None
    stale = sorted(name for name, row in market.datasets.items() if row.stale)
    partial = sorted(name for name, row in market.datasets.items() if row.status in FLAGGED_STATUSES)
    # In words (issue 44, 4: "stale: permits, str" was the API's keys): "permits partly covered".
    flags = []
    if partial:
        flags.append(_names(partial) + " partly covered")
    if stale:
        flags.append(_names(stale) + " out of date")
    return MarketShape(
        market=market.market,
        name=market.name or market.market,
        bbox=(box.west, box.south, box.east, box.north),
        data_end=market.data_end.isoformat() if market.data_end else None,
        flag="; ".join(flags) or None,
    )


def _names(keys: Sequence[str]) -> str:
    names = [dataset_words(key) for key in keys]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def shapes_in_view(markets: Sequence[Market], view: View) -> tuple[MarketShape, ...]:
    shapes = []
    for market in markets:
        shape = market_shape(market)
        if shape is None:
            continue
        west, south, east, north = shape.bbox
        if west < view.east and east > view.west and south < view.north and north > view.south:
            shapes.append(shape)
    return tuple(shapes)


def market_of_cells(centres: Sequence[tuple[float, float]], markets: Sequence[MarketShape]) -> list[MarketShape | None]:
    """Each cell's market, by its centre falling in the market's bbox (first match wins)."""
    if len(markets) == 1:
        return [markets[0]] * len(centres)
    return [next((market for market in markets if market.contains(lat, lng)), None) for lat, lng in centres]
