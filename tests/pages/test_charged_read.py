"""The shared cost confirmation (components/charged_read.py) on a tiny page of its own (AppTest)."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

pytestmark = pytest.mark.shape_independent("a page of its own that reads no data")


def charged_page(asked: bool = False, fail: bool = False) -> None:
    """A page with one charged read; `loads` counts the reads, `signature` and `cost` come from the state."""
    import streamlit as st

    from components.charged_read import confirm_charged_read
    from services.errors import ServerError

    def load() -> list:
        st.session_state["loads"] = st.session_state.get("loads", 0) + 1
        if fail:
            raise ServerError(500, {"code": "server_error", "detail": "Boom", "recovery": "Try again later."})
        return ["row 1", "row 2"]

    rows = confirm_charged_read(
        "demo", st.session_state.get("signature", ("a",)), ask_label="List the rows",
        cost_text=st.session_state.get("cost", "Listing the rows may cost up to 2 credits."), load=load,
        asked=asked, confirm_label="Confirm" if not asked else "Read (2 credits)",
    )
    st.text(f"rows: {rows}")


def page(**kwargs) -> AppTest:
    return AppTest.from_function(charged_page, kwargs=kwargs, default_timeout=30).run()


def said(app: AppTest) -> str:
    return "\n".join(str(element.value) for kind in ("text", "warning", "error") for element in getattr(app, kind))


def keys(app: AppTest) -> set[str]:
    return {button.key for button in app.button}


def test_asks_then_states_the_cost_and_loads_once_confirmed():
    app = page()
    assert not app.exception
    assert keys(app) == {"demo_ask"} and app.button(key="demo_ask").label == "List the rows"
    assert "rows: None" in said(app) and "loads" not in app.session_state

    app.button(key="demo_ask").click().run()
    assert "may cost up to 2 credits" in said(app)
    assert {"demo_confirm", "demo_cancel"} <= keys(app)
    assert "loads" not in app.session_state, "nothing is read before the person confirms"

    app.button(key="demo_confirm").click().run()
    assert "rows: ['row 1', 'row 2']" in said(app)
    assert not app.button and not app.warning
    app.run()
    assert app.session_state["loads"] == 1, "a loaded read is kept, never read again"
    assert app.session_state["demo_state"]["stage"] == "loaded"


def test_cancel_goes_back_to_the_ask_button():
    app = page()
    app.button(key="demo_ask").click().run()
    app.button(key="demo_cancel").click().run()
    assert not app.exception
    assert keys(app) == {"demo_ask"}
    assert app.session_state["demo_state"] is None
    assert "loads" not in app.session_state


def test_a_new_signature_asks_again():
    app = page()
    app.button(key="demo_ask").click().run()
    app.button(key="demo_confirm").click().run()
    app.session_state["signature"] = ("b",)
    app.run()
    assert keys(app) == {"demo_ask"}
    assert "rows: None" in said(app)


def test_an_unstated_cost_is_refused_plainly():
    app = page()
    app.session_state["cost"] = None
    app.button(key="demo_ask").click().run()
    assert "The cost cannot be stated" in said(app)
    assert keys(app) == {"demo_ask"}
    assert "loads" not in app.session_state


def test_a_failed_read_is_said_under_its_title_and_asks_again():
    app = page(fail=True)
    app.button(key="demo_ask").click().run()
    app.button(key="demo_confirm").click().run()
    assert not app.exception
    assert any("**List the rows**" in element.value and "Boom" in element.value for element in app.error)
    assert app.session_state["demo_state"] is None
    app.run()
    assert keys(app) == {"demo_ask"}, "the question starts again"


@pytest.mark.parametrize("clicks", [pytest.param(0, id="stated-at-once"), pytest.param(1, id="confirmed")])
def test_asked_states_the_cost_at_once_beside_one_button(clicks):
    app = page(asked=True)
    assert "may cost up to 2 credits" in said(app)
    assert keys(app) == {"demo_confirm"} and app.button(key="demo_confirm").label == "Read (2 credits)"
    for _ in range(clicks):
        app.button(key="demo_confirm").click().run()
    assert app.session_state["loads"] if clicks else "loads" not in app.session_state
    assert ("rows: ['row 1', 'row 2']" in said(app)) == bool(clicks)
