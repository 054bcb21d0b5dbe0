"""One person, one state (issue 42), through app.py: what a person typed into a form and did not
send (until it is sent), Coverage's place and the Marketplace's choices come back in a new session of theirs (a
reload, a login's redirect, a second tab); another person sees none of it.

AppTest sends no cookie and runs no browser: the person's id is set here (adapter/person.py), and
what the pages' head posts as a person types (web/typed_routes.py) is posted as the route does.
tests/browser/test_one_person_kept.py walks the same in Chromium."""

from __future__ import annotations

import uuid

import pytest
from streamlit.testing.v1 import AppTest

import adapter.drafts
import adapter.person
from adapter.stores import stores
from tests.pages.map_helpers import APP, TIMEOUT_S, point_app_at
from tests.pages.marketplace_helpers import app_login, log_in  # noqa: F401 - fixture
from tests.pages.test_person_state import sidebar_link_to

pytestmark = pytest.mark.shape_independent("the person's state, not the data's shape, is what is tested")

QUESTION = "Is the roof new?"
ASK = "mkt_ask_message"


def marketplace_of(monkeypatch, person: str, tokens: dict) -> AppTest:
    """A new session of `person`, logged in, on the Marketplace as the sidebar opens it."""
    monkeypatch.setattr(adapter.person, "person_id", lambda: person)
    app = AppTest.from_file(APP, default_timeout=TIMEOUT_S)
    app.session_state["mkt_tokens"] = tokens
    app.run()
    sidebar_link_to(app, "pages/marketplace.py")
    return app


def test_a_question_typed_and_not_sent_is_back_in_a_new_session_until_it_is_sent(monkeypatch, app_login):
    tokens = log_in(app_login).token
    person = f"person-{uuid.uuid4()}"
    first = marketplace_of(monkeypatch, person, tokens)
    assert first.text_area(key=ASK).value == ""
    # Typed, not sent: the browser posts it (a form tells Streamlit nothing until it is sent).
    assert adapter.drafts.typed_in_browser(person, {adapter.drafts.browser_name(ASK): QUESTION,
                                                    "credit_budget_limit": "1000000"}) == 1, "only a form's field is taken"

    second = marketplace_of(monkeypatch, person, tokens)
    assert second.text_area(key=ASK).value == QUESTION, "back in its field"
    assert set(stores().people.get(person, adapter.drafts.TYPED_PART)["typed"]) == {ASK}, "nothing else is kept"
    stranger = marketplace_of(monkeypatch, f"person-{uuid.uuid4()}", tokens)
    assert stranger.text_area(key=ASK).value == "", "another person's field is empty"

    # Sent, it is forgotten: an AppTest of app.py acts on no form's button (tests/pages/test_tour.py),
    # so tests/browser/test_one_person_kept.py sends it, and tests/adapter/test_drafts.py has the rule.

def test_the_marketplace_tab_and_status_are_the_persons(monkeypatch, app_login):
    tokens = log_in(app_login).token
    person = f"person-{uuid.uuid4()}"
    first = marketplace_of(monkeypatch, person, tokens)
    first.session_state["mkt_tab"] = "Ask the seller"
    first.run()
    first.selectbox(key="mkt_status").select("countered").run()

    second = marketplace_of(monkeypatch, person, tokens)
    assert second.session_state["mkt_tab"] == "Ask the seller"
    assert second.selectbox(key="mkt_status").value == "countered"
    stranger = marketplace_of(monkeypatch, f"person-{uuid.uuid4()}", tokens)
    assert stranger.selectbox(key="mkt_status").value == "all"


def test_coverages_place_comes_back_from_the_sidebar_in_a_new_session(monkeypatch, sandbox):
    point_app_at(monkeypatch, sandbox.url)
    person = f"person-{uuid.uuid4()}"
    monkeypatch.setattr(adapter.person, "person_id", lambda: person)
    first = AppTest.from_file(APP, default_timeout=TIMEOUT_S).run()
    # A link to the place (an AppTest of app.py acts on no form's button: tests/pages/test_tour.py;
    # tests/browser/test_one_person_kept.py asks through the form).
    first.query_params["zip"] = "75201"
    first.switch_page("pages/coverage.py")
    first.run()
    assert first.text_input(key="cov_zip").value == "75201"

    sidebar_link_to(first, "pages/map.py")
    sidebar_link_to(first, "pages/coverage.py")
    assert first.query_params["zip"] == "75201", "the same session, back by the sidebar"
    second = AppTest.from_file(APP, default_timeout=TIMEOUT_S).run()
    sidebar_link_to(second, "pages/coverage.py")
    assert second.query_params["zip"] == "75201" and second.text_input(key="cov_zip").value == "75201"
    assert any("ZIP 75201" in str(element.value) for element in [*second.markdown, *second.success, *second.info,
                                                                 *second.warning, *second.caption])

    monkeypatch.setattr(adapter.person, "person_id", lambda: f"person-{uuid.uuid4()}")
    stranger = AppTest.from_file(APP, default_timeout=TIMEOUT_S).run()
    sidebar_link_to(stranger, "pages/coverage.py")
    assert "zip" not in stranger.query_params
