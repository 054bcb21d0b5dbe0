"""One person, one state across Streamlit sessions (issue 42), through app.py: what a session
spent, its budget, presenter mode and the last profile are the person's, and a new session of
theirs (a login's redirect, a reload, a second tab) takes them up; another person's sees none.

AppTest sends no cookie: the person's id (adapter/person.py, the session cookie's in a browser)
is set here; tests/browser/test_one_person.py walks the same with the cookie."""

from __future__ import annotations

import uuid

import pytest
from streamlit.testing.v1 import AppTest

import adapter.person
from tests.pages.map_helpers import APP, TIMEOUT_S, point_app_at
from tests.pages.test_tour import said

pytestmark = pytest.mark.shape_independent("the person's state, not the data's shape, is what is tested")


def sidebar_metrics(app: AppTest) -> dict[str, str]:
    return {metric.label: metric.value for metric in app.sidebar.metric}


def session_of(monkeypatch, sandbox, person: str, **query: str) -> AppTest:
    monkeypatch.setattr(adapter.person, "person_id", lambda: person)
    app = AppTest.from_file(APP, default_timeout=TIMEOUT_S)
    for name, value in query.items():
        app.query_params[name] = value
    app.run()
    assert not app.exception
    return app


def sidebar_link_to(app: AppTest, page: str) -> None:
    """What the sidebar's link does: the page, with no query of its own (AppTest keeps the last page's)."""
    for name in [name for name in app.query_params if name != "present"]:
        del app.query_params[name]
    app.switch_page(page)
    app.run()
    assert not app.exception


def test_the_credits_presenter_mode_tour_and_last_profile_are_the_persons(monkeypatch, sandbox):
    """In an AppTest of app.py only a button's callback acts (tests/pages/test_tour.py): the tour's
    start, which reads ahead and charges, and its Next do."""
    point_app_at(monkeypatch, sandbox.url)
    person = f"person-{uuid.uuid4()}"
    first = session_of(monkeypatch, sandbox, person, present="1")
    first.sidebar.button(key="tour_start").click().run()
    for _ in range(5):
        first.sidebar.button(key="tour_next").click().run()
    assert "step 6 of 8" in said(first) and not first.exception
    buyer = first.session_state["tour_values"]["buyer"]
    assert first.query_params["investor"] == buyer
    spent = sidebar_metrics(first)["Credits this session"]
    assert int(spent.replace(",", "")) > 0, "the tour's reads ahead were charged"
    budget = sidebar_metrics(first)["Session budget"]

    second = session_of(monkeypatch, sandbox, person)
    assert sidebar_metrics(second)["Credits this session"] == spent, "a new session of the person goes on counting"
    assert sidebar_metrics(second)["Session budget"] == budget
    assert second.query_params["present"] == "1", "presenter mode is the person's"
    assert not [text for text in second.sidebar.markdown if "Source:" in str(text.value)], "the plumbing stays hidden"
    assert "step 6 of 8" in said(second), "the tour goes on at its step"
    sidebar_link_to(second, "pages/investors.py")
    assert second.query_params["investor"] == buyer, "the sidebar's Investors opens the last profile"
    assert second.subheader, "the profile is open"
    assert not [button for button in second.button if button.key == "inv_profile_confirm"], "held: not asked again"
    assert sidebar_metrics(second)["Credits this session"] == spent, "and not charged twice"

    stranger = session_of(monkeypatch, sandbox, f"person-{uuid.uuid4()}")
    assert sidebar_metrics(stranger)["Credits this session"] == "0", "another person's meter is their own"
    assert "present" not in stranger.query_params and "step 6" not in said(stranger)
    sidebar_link_to(stranger, "pages/investors.py")
    assert "investor" not in stranger.query_params, "nor their last profile"
