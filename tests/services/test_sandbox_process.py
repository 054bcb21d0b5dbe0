"""The one helper that starts the sandbox: a program that never says it is ready is an error
that carries what it printed."""

from __future__ import annotations

import pytest

from services.sandbox_process import SandboxStartError, start_sandbox


def test_a_sandbox_that_does_not_start_says_what_it_printed():
    with pytest.raises(SandboxStartError) as failed:
        start_sandbox("--no-such-option", timeout_s=60)
    assert "--no-such-option" in str(failed.value)


def test_the_sessions_sandbox_announced_its_url_and_keeps_its_output(sandbox_process):
    assert sandbox_process.url.startswith("http://127.0.0.1:")
    assert sandbox_process.running()
    assert any(line.startswith("sandbox ready on ") for line in sandbox_process.output)
