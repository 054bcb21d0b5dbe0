"""The caps: CSV exports over the row cap and cell maps over the cell cap.

The real caps (50,000 rows, 50,000 cells) are out of reach of the small dataset, so these
tests start a sandbox of their own with the caps lowered by its test-only flags; the rule
and its answer are the same. `bench/sandbox_large.py` checks the real CSV cap at `large`.
"""

from __future__ import annotations

import csv
import io

import pytest

from tests.processes import SMALL_CSV_CAP as CSV_CAP
from tests.processes import SMALL_MAX_CELLS as MAX_CELLS
from tests.sandbox.data_api.helpers import assert_problem, fixtures, get

def test_csv_over_the_cap_is_422_and_a_narrower_export_passes(capped_sandbox):
    """data-api.md, Limits 5 and Errors: a CSV export above the cap answers 422 csv_cap_exceeded."""
    capped_sandbox.reset()
    lender_id = fixtures(capped_sandbox.url)["large_lender_id"]
    path = f"/v1/lenders/{lender_id}/loans"
    problem = assert_problem(get(capped_sandbox.url, path, Accept="text/csv"), 422, "csv_cap_exceeded")
    assert f"{CSV_CAP:,}" in problem["detail"]
    # The JSON form is paged, so no cap applies to it.
    assert get(capped_sandbox.url, path).status_code == 200
    narrow = get(capped_sandbox.url, path, {"market": "NNJ", "from": "2025-01-01"}, Accept="text/csv")
    assert narrow.status_code == 200
    rows = list(csv.DictReader(io.StringIO(narrow.text)))
    assert 0 < len(rows) <= CSV_CAP


def test_too_many_cells_is_a_validation_error_on_resolution(capped_sandbox):
    """decisions.md, /v1/deals/cells: more cells than the cap answers 400 validation_error with errors[].param = resolution."""
    bbox = ",".join(map(str, fixtures(capped_sandbox.url)["markets"]["ATL"]))
    problem = assert_problem(get(capped_sandbox.url, "/v1/deals/cells", {"bbox": bbox, "resolution": 9}),
                             400, "validation_error")
    assert [error["param"] for error in problem["errors"]] == ["resolution"]
    coarse = get(capped_sandbox.url, "/v1/deals/cells", {"bbox": bbox, "resolution": 5})
    assert coarse.status_code == 200 and 0 < len(coarse.json()["data"]) <= MAX_CELLS
    lender = get(capped_sandbox.url, "/v1/lenders", {"market": "ATL", "limit": 1}).json()["data"][0]["id"]
    assert_problem(get(capped_sandbox.url, f"/v1/lenders/{lender}/cells", {"bbox": bbox, "resolution": 9}), 400,
                   "validation_error")
