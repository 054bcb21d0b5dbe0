"""The session's credit budget (issue 29, Credits) as a person meets it: the shared confirmation
(components/charged_read.py) under the real rules (services/credit_budget.py), at their defaults."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from services.credit_budget import DEFAULT_BUDGET, DEFAULT_CONFIRM_ABOVE, Budget, Decision, load_budget_settings

pytestmark = pytest.mark.shape_independent("a page of its own under the budget's rules: it reads no data")


def budget_page(cost: int, spent: int = 0, free: bool = False) -> None:
    """One charged read of `cost` credits under a budget of the defaults; `limit` once raised."""
    import streamlit as st

    from components.charged_read import Narrower, confirm_charged_read
    from services.credit_budget import Budget

    def load(rows: list) -> list:
        st.session_state["loads"] = [*st.session_state.get("loads", []), rows]
        return rows

    budget = Budget(limit=st.session_state.get("limit", 250), spent=spent, confirm_above=25, free=free)
    rows = confirm_charged_read(
        "demo", ("a",), ask_label="List the deals", cost_text=f"Listing them may cost up to {cost:,} credits.",
        load=lambda: load(["every row"]), cost=cost, budget=budget,
        on_raise=lambda limit: st.session_state.__setitem__("limit", limit),
        narrower=Narrower(label="List the first 250 deals (up to 250 credits)", load=lambda: load(["first rows"])),
    )
    st.text(f"rows: {rows}")


def page(**kwargs) -> AppTest:
    return AppTest.from_function(budget_page, kwargs=kwargs, default_timeout=30).run()


def said(app: AppTest) -> str:
    return "\n".join(str(element.value) for kind in ("text", "warning", "caption") for element in getattr(app, kind))


def labels(app: AppTest) -> dict[str, str]:
    """The buttons offered now (the asking button, drawn in the run it was pressed, aside)."""
    return {button.key: button.label for button in app.button if button.key != "demo_ask" or not button.value}


def test_a_small_read_that_fits_runs_on_the_asking_click_alone():
    app = page(cost=10)
    assert labels(app) == {"demo_ask": "List the deals"} and "loads" not in app.session_state
    app.button(key="demo_ask").click().run()
    assert not app.exception
    assert app.session_state["loads"] == [["every row"]], "no confirmation for 10 credits"
    assert "may cost up to 10 credits" in said(app), "its cost is said as it runs"
    app.run()
    assert not app.button and app.session_state["loads"] == [["every row"]], "read once, kept"


def test_a_larger_read_is_confirmed_on_a_button_naming_its_cost():
    app = page(cost=60)
    app.button(key="demo_ask").click().run()
    assert "loads" not in app.session_state
    assert "60 credits" in labels(app)["demo_confirm"]
    app.button(key="demo_confirm").click().run()
    assert app.session_state["loads"] == [["every row"]]


def test_a_read_that_would_pass_the_budget_asks_to_raise_it_first():
    app = page(cost=60, spent=230)
    app.button(key="demo_ask").click().run()
    assert "20 credits left of this session's budget of 250" in said(app)
    assert labels(app) == {"demo_raise": "Raise the budget to 290 credits"}
    app.button(key="demo_raise").click().run()
    assert app.session_state["limit"] == 290 and "loads" not in app.session_state, "raising spends nothing"
    assert "60 credits" in labels(app)["demo_confirm"], "once raised, the read is confirmed as any other"
    app.button(key="demo_confirm").click().run()
    assert app.session_state["loads"] == [["every row"]]


def test_a_read_above_the_whole_budget_is_offered_narrower():
    app = page(cost=3903)
    app.button(key="demo_ask").click().run()
    assert "whole budget of 250 credits" in said(app) and "3,903" in said(app)
    assert set(labels(app)) == {"demo_narrow"}, "neither the whole read nor a raise is offered"
    app.button(key="demo_narrow").click().run()
    assert app.session_state["loads"] == [["first rows"]]


def test_presenter_mode_on_the_embedded_sandbox_asks_nothing():
    app = page(cost=3903, free=True)
    assert not app.button, "not even the asking click"
    assert app.session_state["loads"] == [["every row"]]


@pytest.mark.parametrize(
    ("budget", "cost", "decision"),
    [
        pytest.param(Budget(), 25, Decision.RUN, id="at-the-no-click-size"),
        pytest.param(Budget(), 26, Decision.CONFIRM, id="just-above-it"),
        pytest.param(Budget(spent=240), 11, Decision.RAISE, id="past-what-is-left"),
        pytest.param(Budget(spent=240), 10, Decision.RUN, id="exactly-what-is-left"),
        pytest.param(Budget(), 251, Decision.NARROW, id="above-the-whole-budget"),
        pytest.param(Budget(spent=300), 0, Decision.RUN, id="a-free-read-past-the-budget"),
    ],
)
def test_the_rules(budget, cost, decision):
    assert budget.decide(cost) is decision


def test_the_settings_default_and_say_a_bad_value(tmp_path):
    assert load_budget_settings({}, tmp_path / "none.toml") == load_budget_settings({}, tmp_path / "none.toml")
    defaults = load_budget_settings({}, tmp_path / "none.toml")
    assert (defaults.budget, defaults.confirm_above) == (DEFAULT_BUDGET, DEFAULT_CONFIRM_ABOVE) == (250, 25)
    secrets = tmp_path / "secrets.toml"
    secrets.write_text('deedscope_credit_budget = 500\ndeedscope_confirm_above = "ten"\n')
    read = load_budget_settings({"DEEDSCOPE_CONFIRM_ABOVE": ""}, secrets)
    assert read.budget == 500 and read.confirm_above == 25
    assert read.problems == ("DEEDSCOPE_CONFIRM_ABOVE should be a whole number of credits, 0 or more; 25 is used.",)
    assert load_budget_settings({"DEEDSCOPE_CREDIT_BUDGET": "40"}, secrets).budget == 40, "the environment wins"
