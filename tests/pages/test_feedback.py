"""The one way a problem is shown (components/feedback.py), marketplace notes included (AppTest)."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest


def problem_page(status: int, problem: dict, marketplace: bool) -> None:
    from components.feedback import render_error
    from components.marketplace_problem import render_marketplace_problem
    from services.errors import ApiStatusError

    error = ApiStatusError(status, problem, request_id="req_1")
    if marketplace:
        render_marketplace_problem(error, key="problem", title="The counter was not done")
    else:
        render_error(error, title="The counter was not done")


@pytest.mark.parametrize(
    ("status", "problem", "marketplace", "note"),
    [
        pytest.param(403, {"code": "insufficient_scope", "detail": "Scope missing", "scope": "offers:write"}, True,
                     "This needs the `offers:write` scope", id="scope-note"),
        pytest.param(429, {"code": "cap_reached", "detail": "Cap reached", "resets_at": "2030-01-01T00:00:00Z"}, True,
                     "The cap resets at 2030-01-01 00:00 UTC.", id="cap-reset-note"),
        pytest.param(403, {"code": "insufficient_scope", "detail": "Scope missing", "scope": "offers:write"}, False,
                     None, id="data-pages-add-no-note"),
    ],
)
def test_a_problem_says_what_failed_what_to_do_and_its_notes(status, problem, marketplace, note):
    app = AppTest.from_function(problem_page, args=(status, problem, marketplace), default_timeout=30).run()
    assert not app.exception
    said = [element.value for element in (*app.error, *app.warning)]
    assert len(said) == 1 and said[0].startswith("**The counter was not done** — ") and "(request req_1)" in said[0]
    notes = [element.value for element in app.info]
    if note:
        assert len(notes) == 1 and notes[0].startswith(note)
    else:
        assert notes == []


def test_a_recovery_in_api_wording_gives_way_to_the_pages_advice():
    """issue 16, Everywhere: a server's `recovery` naming a header or route is not shown as is."""
    problem = {"code": "rate_limited", "detail": "Too many requests.",
               "recovery": "Send the same request again with the same Idempotency-Key."}
    app = AppTest.from_function(problem_page, args=(429, problem, False), default_timeout=30).run()
    said = " ".join(element.value for element in (*app.error, *app.warning))
    assert "Idempotency-Key" not in said
    assert "Too many requests: wait and try again." in said
