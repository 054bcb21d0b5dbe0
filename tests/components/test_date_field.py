"""The date field's wrapper (components/date_field.py) on a tiny page of its own (AppTest): its
value is `st.session_state[key]`, set by a link or a test as st.date_input's was; a typed date
the element sends is applied, or said beside the field when out of bounds or not a date."""

from __future__ import annotations

import json
from datetime import date

from streamlit.proto.WidgetStates_pb2 import WidgetState
from streamlit.testing.v1 import AppTest


def field_page() -> None:
    from datetime import date

    import streamlit as st

    from components.date_field import date_field

    day = date_field("Day", key="day", min_value=date(2000, 1, 1), max_value=date(2100, 1, 1), help="Any day.")
    st.text(f"received: {day}")


def page(**state) -> AppTest:
    app = AppTest.from_function(field_page, default_timeout=30)
    for name, value in state.items():
        app.session_state[name] = value
    return app.run()


def element(app: AppTest):
    found = [item for item in app.get("bidi_component") if item.proto.component_name == "deedscope.date_field"]
    assert len(found) == 1, "one date field"
    return found[0]


def sent(app: AppTest) -> dict:
    """What the page sent the field's element: its label, value, bounds, help and message."""
    return json.loads(element(app).proto.json)


def received(app: AppTest) -> str:
    return app.text[0].value


def typed(app: AppTest, reading: dict, at: int) -> AppTest:
    """The element reports what was typed, as the browser does on Enter, a blur or a pick."""
    states = app._tree.get_widget_states()
    states.widgets.append(WidgetState(id=element(app).proto.id, json_value=json.dumps({"typed": {**reading, "at": at}})))
    return app._run(states)


def test_the_field_starts_empty_and_says_its_label_bounds_and_help():
    app = page()
    assert not app.exception
    assert received(app) == "received: None"
    data = sent(app)
    assert (data["label"], data["value"], data["min"], data["max"], data["help"], data["problem"]) == (
        "Day", None, "2000-01-01", "2100-01-01", "Any day.", None)


def test_its_value_is_the_session_states_as_a_link_sets_it():
    app = page(day=date(2024, 1, 15))
    assert received(app) == "received: 2024-01-15"
    assert sent(app)["value"] == "2024-01-15"


def test_a_value_set_out_of_bounds_is_said_and_not_applied():
    app = page(day=date(2150, 1, 15))
    assert not app.exception
    assert received(app) == "received: None"
    assert sent(app)["problem"] == "2150-01-15 is after the latest date here, 2100-01-01: not applied."
    assert app.session_state["day"] is None


def test_a_typed_date_is_applied():
    app = typed(page(), {"date": "2024-03-05", "bad": False}, at=1)
    assert not app.exception
    assert received(app) == "received: 2024-03-05"
    assert app.session_state["day"] == date(2024, 3, 5)
    assert sent(app)["value"] == "2024-03-05" and sent(app)["problem"] is None


def test_a_typed_date_out_of_bounds_is_said_beside_the_field_and_the_last_date_kept():
    app = typed(page(day=date(2024, 1, 15)), {"date": "1999-12-31", "bad": False}, at=1)
    assert not app.exception
    assert received(app) == "received: 2024-01-15"
    assert sent(app)["problem"] == "1999-12-31 is before the earliest date here, 2000-01-01: not applied."
    # Typed again, right this time: applied, and the message goes.
    app = typed(app, {"date": "2000-01-01", "bad": False}, at=2)
    assert received(app) == "received: 2000-01-01"
    assert sent(app)["problem"] is None


def test_what_is_no_date_is_said_and_emptying_the_field_clears_it():
    app = typed(page(day=date(2024, 1, 15)), {"date": None, "bad": True}, at=1)
    assert received(app) == "received: 2024-01-15"
    assert "not a date that exists" in sent(app)["problem"]
    app = typed(app, {"date": None, "bad": False}, at=2)
    assert received(app) == "received: None"
    assert sent(app)["problem"] is None


def test_a_year_past_9999_is_after_the_latest_date():
    app = typed(page(), {"date": "275760-01-01", "bad": False}, at=1)
    assert not app.exception
    assert sent(app)["problem"] == "275760-01-01 is after the latest date here, 2100-01-01: not applied."


def test_a_value_set_as_text_becomes_a_date_and_text_that_is_no_date_is_said():
    app = page(day="2024-01-15")
    assert received(app) == "received: 2024-01-15" and app.session_state["day"] == date(2024, 1, 15)
    app = page(day="2025-02-30")
    assert not app.exception
    assert received(app) == "received: None" and app.session_state["day"] is None
    assert "not a date that exists" in sent(app)["problem"]
