"""The session's credit budget and what a charged read of a given cost needs before it runs.

Issue 29, Credits: a session spends at most its budget (`DEEDSCOPE_CREDIT_BUDGET`, default
250); a read that fits the budget and costs at most `DEEDSCOPE_CONFIRM_ABOVE` (default 25)
needs no confirmation, a larger one is confirmed naming its cost, one that would pass what
is left asks the person to raise the budget first, and one estimated above the whole budget
is offered narrower. Presenter mode on the embedded sandbox (synthetic credits nobody pays
for) needs no confirmation at all, so a demo never stops on a question.

Plain logic, no Streamlit: the adapter keeps the budget in the session, the confirmation
(components/charged_read.py) asks what `Budget.decide` says.
"""

from __future__ import annotations

import enum
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from services.settings import DEFAULT_SECRETS_PATH, read_secrets

BUDGET_SETTING = "DEEDSCOPE_CREDIT_BUDGET"
CONFIRM_ABOVE_SETTING = "DEEDSCOPE_CONFIRM_ABOVE"
DEFAULT_BUDGET = 250
DEFAULT_CONFIRM_ABOVE = 25


class Decision(enum.Enum):
    RUN = "run"  # fits the budget and is small (or the credits are the sandbox's): no click
    CONFIRM = "confirm"  # fits, but larger: confirmed naming its cost
    RAISE = "raise"  # would pass what is left of the budget: raise it first
    NARROW = "narrow"  # above the whole budget: offered narrower


@dataclass(frozen=True)
class Budget:
    """A session's budget, what it has spent, and the reads that need no click."""

    limit: int = DEFAULT_BUDGET
    spent: int = 0
    confirm_above: int = DEFAULT_CONFIRM_ABOVE
    # Presenter mode on the embedded sandbox: its credits are synthetic, nothing is asked.
    free: bool = False

    @property
    def left(self) -> int:
        return max(self.limit - self.spent, 0)

    def decide(self, cost: int) -> Decision:
        if self.free or cost <= 0:
            return Decision.RUN
        if cost > self.limit:
            return Decision.NARROW
        if cost > self.left:
            return Decision.RAISE
        if cost <= self.confirm_above:
            return Decision.RUN
        return Decision.CONFIRM

    def raised_for(self, cost: int) -> int:
        """The smallest budget under which a read of `cost` fits what is left."""
        return max(self.limit, self.spent + cost)


@dataclass(frozen=True)
class BudgetSettings:
    budget: int = DEFAULT_BUDGET
    confirm_above: int = DEFAULT_CONFIRM_ABOVE
    problems: tuple[str, ...] = ()  # said in the sidebar: a bad value falls back to its default


def load_budget_settings(environ: Mapping[str, str] | None = None, secrets_path: Path | None = None) -> BudgetSettings:
    """The two settings, the environment first, then `.streamlit/secrets.toml` (lower case)."""
    environ = os.environ if environ is None else environ
    secrets = read_secrets(secrets_path or DEFAULT_SECRETS_PATH)
    problems: list[str] = []

    def whole_number(name: str, default: int) -> int:
        value = environ.get(name)
        if value is None or not str(value).strip():
            value = secrets.get(name.lower())
        if value is None or not str(value).strip():
            return default
        try:
            number = int(str(value).strip())
        except ValueError:
            number = -1
        if number < 0:
            problems.append(f"{name} should be a whole number of credits, 0 or more; {default} is used.")
            return default
        return number

    budget = whole_number(BUDGET_SETTING, DEFAULT_BUDGET)
    confirm_above = whole_number(CONFIRM_ABOVE_SETTING, DEFAULT_CONFIRM_ABOVE)
    return BudgetSettings(budget=budget, confirm_above=confirm_above, problems=tuple(problems))
