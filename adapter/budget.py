"""The session's credit budget (services/credit_budget.py) as the pages and the sidebar see it.

The budget's limit starts at `DEEDSCOPE_CREDIT_BUDGET` and lives in the session once the
person raises it; what the session has spent is the Data API client's meter. In presenter
mode on the embedded sandbox the budget is `free`: nothing is asked (issue 29, Credits).
"""

from __future__ import annotations

import streamlit as st

import adapter.data
import adapter.presenter
import adapter.settings
from services.credit_budget import Budget, BudgetSettings, Decision, load_budget_settings

SESSION_LIMIT = "credit_budget_limit"


def budget_settings() -> BudgetSettings:
    return load_budget_settings()


def current() -> Budget:
    """The budget now: its limit, what this session spent, the no-click size, and whether it is free."""
    configured = budget_settings()
    spent, _remaining = adapter.data.credits()
    return Budget(
        limit=int(st.session_state.get(SESSION_LIMIT, configured.budget)),
        spent=spent,
        confirm_above=configured.confirm_above,
        free=adapter.presenter.on() and adapter.settings.uses_embedded_sandbox(),
    )


def raise_to(limit: int) -> None:
    """The person raised the session's budget (a read would have passed it)."""
    st.session_state[SESSION_LIMIT] = max(int(limit), current().limit)


def rules() -> dict:
    """What a page passes to `confirm_charged_read` beside a read's cost: the budget and its raise, and
    the dataset version read under now (an answer it holds of another version is read again)."""
    return {"budget": current(), "on_raise": raise_to, "data_version": adapter.data.dataset_version()}


def raise_needed(budget: Budget, cost: int) -> int | None:
    """The budget a read of `cost` needs first, or None where it fits. A read that cannot be made
    narrower (the tour's reads ahead) asks for the raise even when it passes the whole budget."""
    if budget.decide(cost) in (Decision.RAISE, Decision.NARROW):
        return budget.raised_for(cost)
    return None
