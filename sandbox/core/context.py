"""State shared by the two halves of the sandbox (Data API and Marketplace + issuer).

Each half mounts its routes with `mount(app, context)` and registers what the
control routes need: a reset hook, and for the Data API the publish handler.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from sandbox.core.clock import Clock
from sandbox.core.config import SandboxConfig


@dataclass
class Faults:
    """Injected failures of data requests (`POST /_sandbox/faults`)."""

    rate: float = 0.0
    statuses: list[int] = field(default_factory=lambda: [429, 503, 504])
    latency_ms: int = 0
    seed: int = 1
    # The code an injected 503 carries, drawn among these (data-api.md, Errors: 503).
    unavailable_codes: list[str] = field(default_factory=lambda: ["pool_saturated"])
    # What these settings did so far (`GET /_sandbox/faults`): data requests drawn, failures injected.
    drawn: int = 0
    injected: int = 0


@dataclass
class SandboxContext:
    config: SandboxConfig
    clock: Clock = field(default_factory=Clock)
    faults: Faults = field(default_factory=Faults)
    reset_hooks: list[Callable[[], None]] = field(default_factory=list)
    # Set by the Data API half: republish one state (with that many new deals), return the new dataset version.
    publish: Callable[[str, int], Any] | None = None

    def reset(self) -> None:
        self.clock.reset()
        self.faults = Faults()
        for hook in self.reset_hooks:
            hook()
