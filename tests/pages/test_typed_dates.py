"""Every date field a person types into outside a form says how a typed date applies (issue 16,
Map 6: Streamlit 1.67 takes it only when focus leaves the field; tests/browser/test_typed_date.py)."""

from __future__ import annotations

from components.words import TYPED_DATE_HINT
from tests.pages.apptest import page_path, run_page, sandbox_fixtures


def date_fields(app) -> list:
    return list(app.get("date_input"))


def test_the_lenders_loan_dates_say_how_a_typed_date_applies(app_env):
    app = run_page(page_path("lenders"), lender=sandbox_fixtures(app_env)["large_lender_id"])
    assert not app.exception
    fields = date_fields(app)
    assert fields and all(field.help == TYPED_DATE_HINT for field in fields), [field.help for field in fields]


def test_a_persons_listing_dates_say_how_a_typed_date_applies(app_env):
    app = run_page(page_path("agents"), person=sandbox_fixtures(app_env)["person_ids_with_listings"][0])
    assert not app.exception
    fields = date_fields(app)
    assert fields and all(field.help == TYPED_DATE_HINT for field in fields), [field.help for field in fields]


def test_the_map_filters_sale_dates_say_how_a_typed_date_applies(app_env):
    app = run_page(page_path("map"))
    assert not app.exception
    fields = date_fields(app)
    assert len(fields) == 2 and all(TYPED_DATE_HINT in field.help for field in fields), [field.help for field in fields]
