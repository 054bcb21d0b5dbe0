"""A view's drawing from the view to the spec (`draw_view`), with a read of the cells
that records what it was asked."""

from __future__ import annotations

import h3
import pandas as pd

from mapspec.plan import draw_view
from mapspec.view import View, choose_resolution
from services.data_api.models import CoverageMarket

DALLAS = View(-97.58, 32.54, -96.34, 33.41)
MARKETS = [CoverageMarket.model_validate(market) for market in (
    {"market": "DFW", "name": "Dallas", "bbox": [-97.58, 32.54, -96.34, 33.41], "data_end": "2026-10-31"},
    {"market": "PHX", "name": "Phoenix", "bbox": [-112.9, 32.9, -111.1, 34.2]})]


class Reads:
    """The cells of a small neighbourhood at whatever resolution is asked; each ask kept."""

    def __init__(self, answer_at: int | None = None) -> None:
        self.asked: list[int] = []
        self.answer_at = answer_at

    def __call__(self, resolution: int) -> tuple[pd.DataFrame, int]:
        self.asked.append(resolution)
        answered = self.answer_at or resolution
        cells = sorted(h3.grid_disk(h3.latlng_to_cell(32.78, -96.8, answered), 2))
        frame = pd.DataFrame({"cell": cells, "n_deals": 1, "n_investors": 1, "median_price": 250_000.0})
        return frame, answered


def test_a_view_is_read_once_at_its_resolution():
    reads = Reads()
    drawn = draw_view(DALLAS, reads, fit_to_cells=False, markets=MARKETS, basemap=False)
    assert reads.asked == [choose_resolution(DALLAS)]
    assert drawn.view == DALLAS and drawn.resolution == choose_resolution(DALLAS) == drawn.spec.resolution
    assert [len(frame) for frame in drawn.spec.layout["outlines"]] == [2], "only the market in view is framed"
    assert drawn.spec.layout["labels"], "without tiles the map names its cities"


def test_a_zip_list_or_a_city_is_read_again_finer_in_the_box_of_its_cells():
    reads = Reads()
    drawn = draw_view(DALLAS, reads, fit_to_cells=True, markets=MARKETS, basemap=True)
    assert drawn.view.area_km2() < DALLAS.area_km2()
    assert reads.asked == [choose_resolution(DALLAS), choose_resolution(drawn.view)]
    assert drawn.resolution == choose_resolution(drawn.view)
    assert drawn.spec.layout["labels"], "names for the map's switch to none, drawn while the tiles are not"


def test_a_read_answered_coarser_sets_the_resolution_drawn():
    reads = Reads(answer_at=6)
    drawn = draw_view(DALLAS, reads, fit_to_cells=False, markets=[], basemap=True)
    assert drawn.resolution == 6 == drawn.spec.resolution
