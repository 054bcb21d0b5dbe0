"""`make test` and `make test-fast`: the suite's phases, each timed, then what took the time.

    python -m devtools.test_phases          # npm, pytest, --variety (make test)
    python -m devtools.test_phases fast     # no browser, no page: the developer's loop (make test-fast)

- **npm**: the map script's unit tests (Node's test runner).
- **pytest**: every test, on every core (pytest-xdist, `--dist loadgroup`: one sandbox per worker;
  a module that shares one app server keeps its tests on one worker, tests/browser/conftest.py).
- **variety**: the page tests whose outcome depends on the data's shape, once more on the sandbox's
  `--variety` profile (what a live host may send): those marked `data_shape`, which every page test
  is unless it says why its outcome does not depend on the data (`@pytest.mark.shape_independent("...")`,
  tests/pages/conftest.py), so a new one is in it.

Every phase runs even when one before it failed (a red pytest still says how `--variety` fares);
the exit status is non-zero when any failed. The end is a table of each phase's wall time and the
20 slowest tests of the pytest phases, read from their JUnit reports in test-artifacts/.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
import xml.etree.ElementTree as ElementTree
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "test-artifacts"
SLOWEST_SHOWN = 20
# Workers for pytest-xdist: two per core unless DEEDSCOPE_TEST_WORKERS says otherwise. The tests
# wait on servers (a sandbox, an app, a browser) as much as they compute: on 2 cores `make test-fast`
# took 4 min 38 s with 2 workers and 3 min 06 s with 4, the whole suite 22 min 35 s with 4.
WORKERS = os.environ.get("DEEDSCOPE_TEST_WORKERS") or str(2 * len(os.sched_getaffinity(0)))
PARALLEL = ("-n", WORKERS, "--dist", "loadgroup")
# What `make test-fast` leaves out: the journeys in a browser and the pages run by AppTest.
FAST_LEAVES_OUT = ("tests/browser", "tests/pages")


@dataclass(frozen=True)
class Phase:
    name: str
    command: tuple[str, ...]
    cwd: Path = ROOT
    env: dict[str, str] = field(default_factory=dict)
    junit: Path | None = None


def pytest_phase(name: str, *args: str, env: dict[str, str] | None = None) -> Phase:
    junit = ARTIFACTS / f"junit-{name}.xml"
    command = (sys.executable, "-m", "pytest", *PARALLEL, f"--junitxml={junit}", "-o", "junit_family=xunit1", *args)
    return Phase(name, command, env=env or {}, junit=junit)


def phases(selection: str) -> list[Phase]:
    if selection == "fast":
        ignored = [f"--ignore={path}" for path in FAST_LEAVES_OUT]
        return [pytest_phase("fast", *ignored)]
    return [
        Phase("npm", ("npm", "test", "--silent"), cwd=ROOT / "frontend"),
        pytest_phase("pytest"),
        pytest_phase("variety", "tests/pages", "-m", "data_shape",
                     env={"DEEDSCOPE_TEST_SANDBOX_PROFILE": "variety"}),
    ]


def run(phase: Phase) -> tuple[int, float]:
    print(f"\n=== {phase.name}: {' '.join(phase.command)}", flush=True)
    started = time.monotonic()
    result = subprocess.run(phase.command, cwd=phase.cwd, env={**os.environ, **phase.env}, check=False)
    return result.returncode, time.monotonic() - started


def slowest_tests(done: list[Phase], count: int = SLOWEST_SHOWN) -> list[tuple[float, str, str]]:
    """(seconds, phase, test) of the slowest tests in the JUnit reports (setup and teardown included)."""
    found = []
    for phase in done:
        if phase.junit is None or not phase.junit.exists():
            continue
        for case in ElementTree.parse(phase.junit).iter("testcase"):
            test = f"{case.get('file') or case.get('classname')}::{case.get('name')}"
            found.append((float(case.get("time") or 0), phase.name, test))
    return sorted(found, reverse=True)[:count]


def report(outcomes: list[tuple[Phase, int, float]]) -> str:
    lines = ["", "| phase | wall time | result |", "| --- | --- | --- |"]
    for phase, code, seconds in outcomes:
        lines.append(f"| {phase.name} | {int(seconds) // 60} min {seconds % 60:04.1f} s | {'passed' if code == 0 else f'failed ({code})'} |")
    total = sum(seconds for _phase, _code, seconds in outcomes)
    lines.append(f"| all | {int(total) // 60} min {total % 60:04.1f} s | |")
    slowest = slowest_tests([phase for phase, _code, _seconds in outcomes])
    if slowest:
        lines += ["", f"{len(slowest)} slowest tests (setup and teardown included):"]
        lines += [f"{seconds:7.1f} s  {phase:8}  {test}" for seconds, phase, test in slowest]
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    selection = argv[0] if argv else "all"
    if selection not in ("all", "fast"):
        print(f"usage: python -m devtools.test_phases [all|fast], not {selection!r}", file=sys.stderr)
        return 2
    ARTIFACTS.mkdir(exist_ok=True)
    outcomes = []
    for phase in phases(selection):
        code, seconds = run(phase)
        outcomes.append((phase, code, seconds))
    print(report(outcomes), flush=True)
    return next((code for _phase, code, _seconds in outcomes if code != 0), 0)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
