"""Deals: list walked to the end, retrieve, summary, cells (typed and as a frame), input refused early."""

from __future__ import annotations

import httpx2
import pytest

from services.data_api import DataApi
from services.errors import BadRequestError, InvalidInputError, NotFoundError
from services.data_api.models import Deal
from tests.services.conftest import RequestLog, settings_for


def market_bbox(api: DataApi) -> tuple[float, float, float, float]:
    """The bounding box of the first served market, discovered from coverage."""
    markets = [m for m in api.coverage.retrieve().markets if m.bbox]
    assert markets, "the sandbox serves no market with a bbox"
    west, south, east, north = markets[0].bbox
    return west, south, east, north


def small_window(api: DataApi) -> dict:
    """A quarter of the first market's box and one year: a few pages of deals."""
    west, south, east, north = market_bbox(api)
    dataset = api.dataset()
    year = dataset.data_end.year
    return {
        "bbox": (west, south, (west + east) / 2, (south + north) / 2),
        "from_": f"{year - 1}-01-01",
        "to": f"{year}-12-31",
    }


@pytest.fixture
def bench_api(sandbox, http_client) -> DataApi:
    """The bench key: no credit limit, so whole lists can be walked."""
    with DataApi(settings_for(sandbox.url, "zpka_sandbox_bench"), http_client=http_client) as api:
        yield api


def test_walk_to_the_end_without_duplicates(bench_api: DataApi) -> None:
    window = small_window(bench_api)
    summary = bench_api.deals.summary(**window)
    assert summary.n_deals > 100, "the window is too small to need several pages"
    progress: list[tuple[int, int]] = []
    first = bench_api.deals.list(**window, sort="date_desc", limit=100)
    deals = first.walk(progress=lambda pages, rows: progress.append((pages, rows)))
    ids = [deal.id for deal in deals]
    assert len(ids) == len(set(ids)) == summary.n_deals
    assert progress[-1] == (len(progress), len(ids)) and len(progress) >= 2
    assert all(isinstance(deal, Deal) for deal in deals)
    dates = [deal.sale_date for deal in deals if deal.sale_date]
    assert dates == sorted(dates, reverse=True)
    # Iterating the first page walks the same rows.
    assert [deal.id for deal in bench_api.deals.list(**window, sort="date_desc", limit=100)] == ids


def test_short_page_is_not_the_end(bench_api: DataApi) -> None:
    window = small_window(bench_api)
    pages = list(bench_api.deals.list(**window, limit=7).iter_pages())
    assert len(pages) >= 2
    assert all(page.page.returned == len(page.items) for page in pages)
    assert pages[-1].next_cursor is None and not pages[-1].has_next_page()


def test_sort_by_distance_from_a_point(data_api: DataApi) -> None:
    west, south, east, north = market_bbox(data_api)
    lat, lng = (south + north) / 2, (west + east) / 2
    page = data_api.deals.list(lat=lat, lng=lng, radius_miles=3, sort="distance", limit=50)
    distances = [deal.distance_miles for deal in page.items]
    assert distances and all(d is not None and d <= 3 for d in distances)
    assert distances == sorted(distances)


def test_retrieve_matches_the_list_row(data_api: DataApi) -> None:
    listed = data_api.deals.list(**small_window(data_api), limit=1).items[0]
    deal = data_api.deals.retrieve(listed.id)
    assert deal.id == listed.id and deal.sale_date == listed.sale_date and deal.kind == listed.kind
    assert deal.price is None or deal.price > 0, "no price is null, never 0"


def test_retrieve_unknown_deal_is_not_found(data_api: DataApi) -> None:
    with pytest.raises(NotFoundError) as caught:
        data_api.deals.retrieve("deal_" + "0" * 32)
    assert caught.value.code == "not_found" and caught.value.request_id


def test_summary_counts_by_kind(data_api: DataApi) -> None:
    window = small_window(data_api)
    summary = data_api.deals.summary(**window)
    assert summary.n_deals == sum(summary.by_kind.values())
    assert summary.n_deals == sum(month.n for month in summary.by_month)
    flips = data_api.deals.summary(**window, kind=["flip"])
    assert flips.n_deals == summary.by_kind.get("flip", 0)


def test_cells_typed_and_as_a_frame_agree(data_api: DataApi, request_log: RequestLog) -> None:
    window = small_window(data_api)
    typed = data_api.deals.cells(**window, resolution=7)
    sent = len(request_log.sent)
    frame = data_api.deals.cells_frame(**window, resolution=7)
    assert len(request_log.sent) == sent, "the frame reuses the cached answer"
    assert typed.resolution == 7 and frame.attrs["resolution"] == 7
    assert len(frame) == len(typed.cells) > 0
    assert list(frame.columns) == ["cell", "n_deals", "n_investors", "median_price"]
    assert int(frame["n_deals"].sum()) == sum(cell.n_deals for cell in typed.cells)
    assert int(frame["n_deals"].sum()) == data_api.deals.summary(**window).n_deals
    frame.loc[:, "n_deals"] = 0
    assert int(data_api.deals.cells_frame(**window, resolution=7)["n_deals"].sum()) > 0, "a copy each time"


@pytest.mark.parametrize(
    ("call", "param"),
    [
        pytest.param(lambda api: api.deals.list(lat=32.7, lng=-96.8, radius_miles=25), "radius_miles", id="radius-over-20"),
        pytest.param(lambda api: api.deals.list(bbox=(0, 0, 1, 1), sort="distance"), "sort", id="distance-needs-point"),
        pytest.param(lambda api: api.deals.list(bbox=(0, 0, 1, 1), limit=501), "limit", id="limit-over-500"),
        pytest.param(lambda api: api.deals.retrieve("deal_123"), "deal id", id="malformed-deal-id"),
        pytest.param(lambda api: api.deals.summary(from_="2024-02-30"), "from", id="impossible-date"),
        pytest.param(lambda api: api.deals.cells(bbox=(0, 0, 1, 1), resolution=11), "resolution", id="resolution-11"),
        pytest.param(lambda api: api.deals.list(bbox=(0, 0, 1, 1), sort="cheapest"), "sort", id="unknown-sort"),
    ],
)
def test_bad_input_refused_before_any_request(data_api: DataApi, request_log: RequestLog, call, param: str) -> None:
    with pytest.raises(InvalidInputError) as caught:
        call(data_api)
    assert caught.value.param == param and caught.value.recovery
    assert request_log.sent == []


def test_geometry_required_comes_from_the_service(data_api: DataApi) -> None:
    with pytest.raises(BadRequestError) as caught:
        data_api.deals.list()
    assert caught.value.code == "geometry_required"


def test_on_behalf_header_on_v1_not_on_probes(sandbox) -> None:
    seen: dict[str, str | None] = {}
    hook = lambda request: seen.__setitem__(request.url.path, request.headers.get("X-On-Behalf-Of"))  # noqa: E731
    with httpx2.Client(timeout=30, event_hooks={"request": [hook]}) as client:
        with DataApi(settings_for(sandbox.url), http_client=client) as api:
            api.deals.summary(bbox=market_bbox(api))
    assert seen["/v1/dataset"] is None and seen["/v1/coverage"] is None
    assert seen["/v1/deals/summary"] == "dev_demo"
