"""A benchmark's sandbox over a built dataset: the dataset (built once), the machine's load
said beside it, the server on a free port and a client with the bench key."""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx2

from sandbox.core.config import default_data_dir
from sandbox.data_api.data.build import ensure_database
from services.sandbox_process import SandboxProcess, run_sandbox

SEED = 7
KEY = "zpka_sandbox_bench"


@dataclass(frozen=True)
class BuiltSandbox:
    path: Path  # the DuckDB file the server reads
    sandbox: SandboxProcess
    client: httpx2.Client

    @property
    def url(self) -> str:
        return self.sandbox.url


@contextlib.contextmanager
def built_sandbox(scale: str) -> Iterator[BuiltSandbox]:
    data_dir = default_data_dir()
    started = time.monotonic()
    path = ensure_database(data_dir, scale, SEED)
    print(f"dataset: {path.name} ready in {time.monotonic() - started:.1f} s (0 when cached)")
    # Timings on a shared machine mean little without its load beside them.
    print("load average (1, 5, 15 min): " + ", ".join(f"{load:.1f}" for load in os.getloadavg())
          + f" on {os.cpu_count()} cores")
    with run_sandbox("--seed", str(SEED), admin=True, scale=scale, data_dir=data_dir) as sandbox:
        headers = {"Authorization": f"Bearer {KEY}", "X-On-Behalf-Of": "bench"}
        with httpx2.Client(headers=headers, timeout=120) as client:
            yield BuiltSandbox(path, sandbox, client)
