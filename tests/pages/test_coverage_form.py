"""Coverage's place form shows the fields of the chosen way only, and a refused point leaves no
answer beside it (issue 26, Forms and Words: "Covered: … is in DFW" stood beside latitude 999)."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from tests.pages.apptest import page_path, run_page

pytestmark = pytest.mark.shape_independent("the form's fields and a refused point, said before any read")

PAGE = page_path("coverage")
ASK = "FormSubmitter:cov_place_form-Is it covered?"


def field_keys(app: AppTest) -> set[str]:
    return {element.key for kind in ("text_input", "number_input") for element in getattr(app, kind)
            if str(element.key).startswith("cov_")}


@pytest.mark.parametrize(("way", "fields"), [
    pytest.param("ZIP", {"cov_zip"}, id="zip"),
    pytest.param("County", {"cov_county"}, id="county"),
    pytest.param("Point", {"cov_lat", "cov_lng"}, id="point"),
])
def test_only_the_chosen_ways_fields_are_shown(app_env, way, fields):
    app = run_page(PAGE)
    app.radio(key="cov_place_kind").set_value(way).run()
    assert not app.exception
    assert field_keys(app) == fields


def test_a_latitude_of_999_is_refused_and_the_old_answer_goes(app_env):
    app = run_page(PAGE, lat="32.78", lng="-96.80")
    assert any(str(element.value).startswith("Covered") for element in app.success)
    app.number_input(key="cov_lat").set_value(999)
    app.button(key=ASK).click().run()
    assert not app.exception
    assert any("latitude is a number from -90 to 90" in str(element.value) for element in app.error)
    assert not app.success, "the answer of the point asked before is gone"
