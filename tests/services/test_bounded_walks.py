"""Lists followed by `next_cursor` to a bound counted in rows (data-api.md, Pagination), on the
`--variety` sandbox: short pages, an empty page, a largest page of 200 (sandbox/data_api/variety.py)."""

from __future__ import annotations

from services.data_api import DataApi
from tests.services.conftest import RequestLog


def busiest_investor(api: DataApi) -> tuple[str, int]:
    hit = max(api.investors.list(bbox=[-97.5, 32.5, -96.5, 33.2], limit=20).items, key=lambda row: row.n_deals or 0)
    return hit.id, hit.n_deals or 0


def served_rows(log: RequestLog, path_end: str) -> int:
    return sum(1 for _, path, _ in log.sent if path.endswith(path_end))


def test_a_walk_up_to_n_rows_is_charged_for_n_rows_not_whole_pages(variety_api: DataApi, request_log: RequestLog) -> None:
    """An investor's deals confirmed as "up to N" never fetch (nor charge) more than N, whatever the host's page."""
    investor_id, n_deals = busiest_investor(variety_api)
    bound = 150
    assert n_deals > bound
    before = variety_api.credits.charged
    rows = variety_api.investors.deals(investor_id, limit=bound).walk(max_rows=bound)
    assert len(rows) == bound and len({row.id for row in rows}) == bound
    assert variety_api.credits.charged - before <= bound
    assert served_rows(request_log, "/deals") >= 3  # short pages and the empty one were followed


def test_a_walk_stops_at_the_bound_and_says_more_exist(variety_api: DataApi) -> None:
    investor_id, n_deals = busiest_investor(variety_api)
    rows, more = variety_api.investors.deals(investor_id, limit=40).walk_bounded(40)
    assert len(rows) == 40 and more
    every = variety_api.investors.deals(investor_id).walk()
    rows, more = variety_api.investors.deals(investor_id, limit=200).walk_bounded(len(every) + 10)
    assert not more and [row.id for row in rows] == [row.id for row in every]
