"""The Properties search says what is wrong with what was typed, in a person's words, before any
request (issue 26, Words and Forms), and shows no answer the input no longer matches."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from tests.pages.apptest import page_path, run_page, texts

pytestmark = pytest.mark.shape_independent("each wrong input is said before any request")

PAGE = page_path("properties")
SEARCH = "FormSubmitter:prop_search_form-Search"


def address_search(app: AppTest, line: str, zip_code: str) -> AppTest:
    app.radio(key="prop_finder").set_value("Address").run()
    app.text_input(key="prop_line").input(line)
    app.text_input(key="prop_address_zip").input(zip_code)
    app.button(key=SEARCH).click().run()
    assert not app.exception
    return app


def test_an_address_zip_with_a_letter_is_said_beside_the_form_and_kept_out_of_the_link(app_env):
    """ZIP `7524x` went to the service: "Invalid value for place.address.zip … String should match pattern"."""
    app = address_search(run_page(PAGE), "123 Oak St", "7524x")
    said = " ".join(element.value for element in app.error)
    assert "This ZIP “7524x” is not a 5-digit ZIP code" in said
    assert "place.address" not in texts(app) and "pattern" not in texts(app)
    assert "line" not in app.query_params and "zip" not in app.query_params, "unchecked input stays out of the URL"
    assert app.text_input(key="prop_address_zip").value == "7524x", "what was typed is kept"
    assert not _has(app, "prop_search_confirm"), "nothing is asked of the service"


def _has(app: AppTest, key: str) -> bool:
    return any(button.key == key for button in app.button)


def test_an_address_without_its_zip_says_the_zip_is_needed(app_env):
    app = address_search(run_page(PAGE), "123 Oak St", "")
    said = " ".join(element.value for element in app.error)
    assert "add the ZIP" in said
    assert not _has(app, "prop_search_confirm"), "nothing is asked of the service"


def test_a_pasted_zip_list_is_one_short_line(app_env):
    app = run_page(PAGE)
    app.text_input(key="prop_zips").input("7" * 5000)
    app.button(key=SEARCH).click().run()
    said = " ".join(element.value for element in app.error)
    assert "5,000 characters" in said and len(said) < 200
    assert app.text_input(key="prop_zips").value == "7" * 5000


def test_negative_beds_clear_the_results_they_no_longer_match(app_env):
    """A negative "Beds at least" left the last results on screen under a small "!"."""
    app = run_page(PAGE, find="criteria", city="Dallas")
    app.button(key="prop_search_confirm").click().run()
    assert app.dataframe, "the first search lists parcels"
    app.number_input(key="prop_beds_min").set_value(-2)
    app.button(key=SEARCH).click().run()
    assert not app.exception
    assert "“Beds at least” cannot be negative" in " ".join(element.value for element in app.error)
    assert not app.dataframe, "the old results are gone with the criteria they answered"


def test_choosing_address_after_a_zip_search_shows_no_error_before_typing(app_env):
    """Issue 44: the Properties page showed a red error on Address before anything was typed (the
    ZIP list searched before went into the address's ZIP, whose street line was then "missing")."""
    for zips, carried in (("75201", "75201"), ("75201, 75204", "")):
        app = run_page(PAGE)
        app.text_input(key="prop_zips").input(zips)
        app.button(key=SEARCH).click().run()
        app.radio(key="prop_finder").set_value("Address").run()
        assert not app.exception, app.exception
        assert not app.error, [element.value for element in app.error]
        assert app.text_input(key="prop_address_zip").value == carried, "one ZIP is carried, a list is not"
        # Search pressed with a part missing: now it is said, as an error.
        app.text_input(key="prop_line").input("" if carried else "123 Oak St")
        app.button(key=SEARCH).click().run()
        said = " ".join(element.value for element in app.error)
        assert ("Add the street line" if carried else "add the ZIP") in said, said
