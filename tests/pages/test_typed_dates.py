"""Every date field a person types into outside a form is deedscope's own (components/date_field.py),
which applies a typed date on Enter (issue 16, Map 6; tests/browser/test_typed_date.py):
Streamlit 1.67's st.date_input took it only once focus left the field. And a date set the way
links set them (`st.session_state[key]`) is the one the page uses."""

from __future__ import annotations

import json
from datetime import date

import pytest
from streamlit.testing.v1 import AppTest

from tests.pages.apptest import RUN_TIMEOUT_S, page_path, run_page, sandbox_fixtures

pytestmark = pytest.mark.shape_independent("a typed date applies on Enter whatever the data")


def date_fields(app) -> list[dict]:
    """What each of the page's date fields was sent: its label, value, bounds, help, message."""
    return [json.loads(item.proto.json) for item in app.get("bidi_component") if item.proto.component_name == "deedscope.date_field"]


def test_the_lenders_loan_dates_apply_on_enter(app_env):
    app = run_page(page_path("lenders"), lender=sandbox_fixtures(app_env)["large_lender_id"])
    assert not app.exception
    assert not app.get("date_input"), "no date field that waits for a blur"
    # The loans' and the CSV export's filters, each a pair.
    assert [field["label"] for field in date_fields(app)] == ["Recorded on or after", "Recorded on or before"] * 2


def test_a_persons_listing_dates_apply_on_enter(app_env):
    app = run_page(page_path("agents"), person=sandbox_fixtures(app_env)["person_ids_with_listings"][0])
    assert not app.exception
    assert not app.get("date_input")
    assert [field["label"] for field in date_fields(app)] == ["Listed on or after"]


def test_the_map_filters_sale_dates_apply_on_enter(app_env):
    app = run_page(page_path("map"))
    assert not app.exception
    assert not app.get("date_input")
    fields = date_fields(app)
    assert [field["label"] for field in fields] == ["Sold from", "Sold to"]
    assert all(field["help"].startswith("Sale dates, inclusive.") for field in fields), fields


def test_the_map_filters_take_dates_as_a_link_sets_them(app_env):
    app = AppTest.from_file(page_path("map"), default_timeout=RUN_TIMEOUT_S)
    app.session_state["map_filters_from"] = date(2025, 3, 10)
    app.session_state["map_filters_to"] = date(2025, 5, 20)
    app.run()
    assert not app.exception
    assert [field["value"] for field in date_fields(app)] == ["2025-03-10", "2025-05-20"]
    # The link the page writes carries them, as it did when they were st.date_input values.
    assert (app.query_params.get("from"), app.query_params.get("to")) == ("2025-03-10", "2025-05-20")
