"""The map's time (mapspec/timeline.py): which months are read, with which dates, and
what the browser gets to play them (entries tied to the rows drawn, classes per mode)."""

from __future__ import annotations

import json
from datetime import date

import h3
import jsonschema
import pandas as pd

from mapspec import message
from mapspec.cells import cell_of_row
from mapspec.classes import DEALS, INVESTORS, ColourChoice, class_breaks
from mapspec.layers import build_spec
from mapspec.timeline import CUMULATIVE, MAX_MONTHS, WINDOWS, build_timeline, month_filters, period_of
from mapspec.view import View, camera

DALLAS = View(-97.58, 32.54, -96.34, 33.41)


def test_without_dates_the_last_24_months_up_to_the_data_end():
    period = period_of(None, None, date(2026, 10, 31))
    assert len(period.months) == MAX_MONTHS == 24
    assert (period.months[0], period.months[-1]) == ("2024-11", "2026-10")
    assert period.spans[0] == (date(2024, 11, 1), date(2024, 11, 30))
    assert period.spans[-1] == (date(2026, 10, 1), date(2026, 10, 31))
    assert period.skipped == 0 and "24 months, 2024-11 to 2026-10" == period.note()


def test_the_filters_dates_clip_the_first_and_last_months():
    period = period_of(date(2025, 1, 15), date(2025, 3, 10), date(2026, 10, 31))
    assert period.months == ("2025-01", "2025-02", "2025-03")
    assert period.spans == ((date(2025, 1, 15), date(2025, 1, 31)), (date(2025, 2, 1), date(2025, 2, 28)), (date(2025, 3, 1), date(2025, 3, 10)))
    # A filter's end past the data's end: the data's end.
    assert period_of(date(2026, 9, 1), date(2027, 6, 1), date(2026, 10, 31)).months == ("2026-09", "2026-10")
    # Only an end: the 24 months up to it.
    assert period_of(None, date(2020, 2, 29), None).months[0] == "2018-03"


def test_a_longer_period_keeps_its_last_24_months_and_says_so():
    period = period_of(date(2019, 1, 1), None, date(2026, 10, 31))
    assert len(period.months) == 24 and period.months[-1] == "2026-10" and period.skipped == 70
    assert "the last 24 of the filtered period" in period.note()


def test_no_end_or_no_day_no_period():
    assert period_of(None, None, None) is None
    assert period_of(date(2027, 1, 1), None, date(2026, 10, 31)) is None


def test_a_months_read_keeps_the_other_filters():
    params = {"kind": ["flip"], "min_price": 1000, "from_": "2019-01-01"}
    assert month_filters(params, (date(2025, 2, 1), date(2025, 2, 28))) == {
        "kind": ["flip"], "min_price": 1000, "from_": "2025-02-01", "to": "2025-02-28",
    }


def cells_frame(cells: list[str], deals: list[int]) -> pd.DataFrame:
    return pd.DataFrame({"cell": cells, "n_deals": deals, "n_investors": [1] * len(cells), "median_price": [250_000.0] * len(cells)})


def test_each_months_cells_are_tied_to_the_rows_drawn():
    centre = h3.latlng_to_cell(*DALLAS.center, 8)
    cells = sorted(h3.grid_disk(centre, 3))
    spec = build_spec(cells_frame(cells, [5] * len(cells)), camera=camera(DALLAS))
    period = period_of(date(2025, 1, 1), date(2025, 3, 31), None)
    months = [cells_frame(cells[:2], [1, 2]), cells_frame([], []), cells_frame([cells[5], h3.latlng_to_cell(40.7, -74.0, 8)], [4, 1])]
    line = build_timeline(spec, period, months, ColourChoice())
    rows = json.loads(spec.rows["cells"])
    entries = json.loads(line.entries)
    assert [(month, deals) for month, _, _, deals, _, _ in entries] == [(0, 1), (0, 2), (2, 4)]
    for month, layer, row, *_ in entries:
        assert layer == 0
    assert [cell_of_row(rows[row], spec.resolution) for _, _, row, *_ in entries] == [cells[0], cells[1], cells[5]]
    assert line.outside == 1, "a cell not drawn is counted, not tied to a wrong row"
    assert line.months == ("2025-01", "2025-02", "2025-03")


def test_each_mode_has_classes_of_its_own_frames():
    centre = h3.latlng_to_cell(*DALLAS.center, 8)
    cells = sorted(h3.grid_disk(centre, 2))
    spec = build_spec(cells_frame(cells, [50] * len(cells)), camera=camera(DALLAS))
    period = period_of(date(2025, 1, 1), date(2025, 4, 30), None)
    months = [cells_frame(cells[:3], [1, 2, 3]), cells_frame(cells[:3], [4, 5, 6]), cells_frame(cells[:1], [7]), cells_frame(cells[:1], [8])]
    line = build_timeline(spec, period, months, ColourChoice())
    modes = {mode["id"]: mode for mode in line.modes}
    assert list(modes) == [*(str(span) for span in WINDOWS), CUMULATIVE]
    assert modes["1"]["colors"]["thresholds"] == list(class_breaks([1, 2, 3, 4, 5, 6, 7, 8], "quantile"))
    # Windows of 3 months end at the third and fourth: (1+4+7, 2+5, 3+6) and (4+7+8, 5, 6).
    assert modes["3"]["colors"]["thresholds"] == list(class_breaks([12, 7, 9, 19, 5, 6], "quantile"))
    # Running totals: 1, 2, 3 | 5, 7, 9 | 12, 7, 9 | 20, 7, 9: the last frame's, the period's.
    assert modes[CUMULATIVE]["colors"]["thresholds"] == list(class_breaks([20, 7, 9], "quantile"))
    assert all(mode["colors"]["at"] == spec.layout["countAt"] for mode in line.modes), "coloured by deals"
    assert "3 months" in modes["3"]["legend"] and modes["3"]["span"] == 3 and modes[CUMULATIVE]["span"] == 0


def test_another_metric_is_said_and_typed_breaks_of_deals_are_kept():
    cells = sorted(h3.grid_disk(h3.latlng_to_cell(*DALLAS.center, 8), 1))
    spec = build_spec(cells_frame(cells, [5] * len(cells)), camera=camera(DALLAS))
    period = period_of(date(2025, 1, 1), date(2025, 1, 31), None)
    months = [cells_frame(cells, list(range(1, len(cells) + 1)))]
    assert "coloured by deals" in build_timeline(spec, period, months, ColourChoice(metric=INVESTORS)).note
    typed = build_timeline(spec, period, months, ColourChoice(metric=DEALS, method="manual", breaks="1, 4"))
    assert all(mode["colors"]["thresholds"] == [1, 4] for mode in typed.modes)


def test_the_time_sent_is_the_one_the_message_defines():
    cells = sorted(h3.grid_disk(h3.latlng_to_cell(*DALLAS.center, 8), 1))
    spec = build_spec(cells_frame(cells, [5] * len(cells)), camera=camera(DALLAS))
    period = period_of(date(2025, 1, 1), date(2025, 2, 28), None)
    line = build_timeline(spec, period, [cells_frame(cells[:2], [1, 2]), cells_frame([], [])], ColourChoice())
    for url in (None, "app/static/map-time/a.json"):
        data = message.element_data({**spec.data({}), "time": line.data(url)}, script_url="x.js", height=560)
        jsonschema.validate(data, message.SCHEMA, cls=jsonschema.Draft202012Validator)
    assert spec.data({})["time"] is None, "off unless the page sets it"
