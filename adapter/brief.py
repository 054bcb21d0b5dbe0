"""The Map's market brief (issue 29): the view's reads gathered, the PDF drawn (services/market_brief.py).

Free reads: the view's cells and summary (memoised in adapter.data) and the freshness probe.
The leading investors are the view's investor list, which the Data API charges for unless the
account holds them (docs/contract.md): the page reads them under the session's budget and
passes them in.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any
from urllib.parse import urlencode

import adapter.data
import adapter.investors
import adapter.map_classes
import adapter.trends
from adapter.settings import app_address
from mapspec.classes import DEALS, QUANTILE, Classes
from mapspec.filters import DealFilters
from mapspec.labels import city_labels
from mapspec.markets import Market
from mapspec.place import PlaceChoice, place_request
from mapspec.trends import Trends, kind_label, trend_sentence
from mapspec.view import View
from services.data_api.models import DealSummary, InvestorRow
from services.errors import ApiError
from services.market_brief import BriefData, InvestorLine, Legend, market_brief
from services.trends_chart import TrendBar

LEADING_INVESTORS = 10
# Places named on the brief's map: the biggest cities of the view (mapspec/labels.py), as the map names them.
PLACES_NAMED = 10


def leading_investors(request: Mapping[str, Any], params: Mapping[str, Any]) -> list[InvestorRow]:
    return adapter.investors.leaderboard(request, {**dict(params), "limit": LEADING_INVESTORS})


def leading_investors_cost(request: Mapping[str, Any], params: Mapping[str, Any]) -> int:
    return adapter.investors.leaderboard_cost(LEADING_INVESTORS, request, dict(params))


def deal_classes(market: Market | None, params: Mapping[str, Any]) -> Classes | None:
    """The Map's deal classes of the market for these filters (its legend's), or None to take the view's."""
    try:
        return adapter.map_classes.market_classes(market, dict(params), DEALS, QUANTILE)
    except ApiError:
        return None


def view_link(query: Mapping[str, Any]) -> str:
    """The address that reopens this view of the Map (its link's query, on the app's address)."""
    pairs = [(name, value) for name, values in query.items() for value in (values if isinstance(values, list) else [values])]
    return f"{app_address()}/map" + (f"?{urlencode(pairs)}" if pairs else "")


def brief_pdf(
    *, place_name: str, filters_label: str, request: Mapping[str, Any], params: Mapping[str, Any], resolution: int,
    bbox: tuple[float, float, float, float], investors: Sequence[InvestorLine], link: str,
    classes: Classes | None = None, trends: Trends | None = None,
) -> bytes:
    """The brief's PDF bytes for the view; a free read that fails is said in the brief."""
    notes = []
    cells = adapter.data.deal_cells(request, params, resolution)
    summary: DealSummary | None = None
    try:
        summary = adapter.data.deal_summary(request, params)
    except ApiError:
        notes.append("The view's totals and months could not be read for this brief.")
    classes = classes or Classes.of_cells(cells, DEALS, QUANTILE)
    legend = Legend(
        title=classes.title, bounds=classes.bounds, colours=[colour for colour, _label in classes.classes()],
        labels=[label for _colour, label in classes.classes()])
    places = [(label.name, label.latitude, label.longitude) for label in city_labels(View(*bbox), limit=PLACES_NAMED)]
    data = BriefData(
        place_name=place_name, filters_label=filters_label, bbox=bbox, legend=legend, places=places,
        cells=list(zip(cells["cell"], (int(n) for n in cells["n_deals"]), strict=True)) if len(cells) else [],
        investors=list(investors), by_month=[(row.month, row.n) for row in summary.by_month] if summary else [],
        n_deals=summary.n_deals if summary else None, n_investors=summary.n_investors if summary else None,
        median_price=summary.median_price if summary else None,
        **adapter.data.freshness(notes, "this brief"), link=link, notes=tuple(notes),
        trend_bars=trend_bars(trends) if trends else (), trend_sentence=trend_sentence(trends) if trends else "",
    )
    return market_brief(data)


def trend_bars(trends: Trends) -> tuple[TrendBar, ...]:
    """The trends' months as the brief's chart draws them (kinds by their labels)."""
    return tuple(TrendBar(month.month, tuple((kind_label(kind), count) for kind, count in month.by_kind),
                          month.median_price) for month in trends.months)


def place_trends(place: PlaceChoice, market: Market | None, filters: DealFilters) -> Trends | None:
    """The place's trends, as the Map shows them under the map (adapter/trends.py); None without a
    place, a data end, or where they cannot be read (the brief then shows the view's months)."""
    geometry, _view, problem = place_request(place, market)
    data_end = adapter.data.market_data_end(place.market)
    if problem or not geometry or data_end is None:
        return None
    try:
        return adapter.trends.view_trends(geometry, filters, data_end)
    except ApiError:
        return None

