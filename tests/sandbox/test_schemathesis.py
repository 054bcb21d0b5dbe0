"""An independent fuzzer on the sandbox's published OpenAPI (issue 15): schemathesis, driven by
`/openapi.json` of a fresh sandbox, the Data API with the demo key and the Marketplace with a
buyer's token obtained through the issuer's own forms. No server error, no answer off the
schema, no status the schema does not declare; at least 1,000 generated requests for each API.
The figures are printed."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.processes import run_sandbox
from tests.sandbox.marketplace.oauth_flow import login

CHECKS = "not_a_server_error,response_schema_conformance,status_code_conformance,content_type_conformance"
# (name, headers, operations, examples per operation): kept to a couple of minutes on two cores.
RUNS = (
    ("Data API", lambda url: {"Authorization": "Bearer zpka_sandbox_demo", "X-On-Behalf-Of": "dev_demo"}, r"^/v[13]/", 5),
    ("Marketplace", lambda url: {"Authorization": f"Bearer {login(url, 'buyer@sandbox.test')['access_token']}"},
     r"^/marketplace/", 10),
)
# Each run's floor (at least 1,000 each; the seeds above generate 2,669 and 1,017).
MIN_REQUESTS = {"Data API": 1000, "Marketplace": 1000}
FAILURE_KINDS = {"ServerError": "server errors", "JsonSchemaError": "schema violations",
                 "MalformedJson": "schema violations", "UndefinedStatusCode": "undeclared statuses",
                 "UndefinedContentType": "undeclared content types"}


def fuzz(url: str, headers: dict[str, str], paths: str, examples: int, report: Path) -> dict:
    command = [sys.executable, "-c", "import sys; from schemathesis.cli import schemathesis; sys.exit(schemathesis())",
               "run", f"{url}/openapi.json", "--include-path-regex", paths, "-c", CHECKS,
               "-n", str(examples), "--phases", "coverage,fuzzing", "-w", "2", "--seed", "15",
               "--report", "json", "--report-json-path", str(report), "--no-color"]
    for name, value in headers.items():
        command += ["-H", f"{name}: {value}"]
    finished = subprocess.run(command, capture_output=True, text=True, timeout=600, cwd=report.parent)
    assert report.exists(), finished.stdout[-3000:] + finished.stderr[-3000:]
    return json.loads(report.read_text())


def figures(name: str, result: dict) -> dict[str, int]:
    counted = {"requests": result["test_cases"]["generated"], "server errors": 0, "schema violations": 0,
               "undeclared statuses": 0, "undeclared content types": 0, "other failures": 0,
               "operations": result["operations"]["tested"], "errored": result["test_cases"]["errored"]}
    for failure in result["failures"]:
        counted[FAILURE_KINDS.get(failure["type"], "other failures")] += failure["count"]
    return counted


@pytest.mark.timeout(900)
@pytest.mark.parametrize("run", RUNS, ids=lambda run: run[0].split()[0])
def test_schemathesis_finds_nothing_off_the_published_schema(run, tmp_path, capsys):
    """Each API on a fresh sandbox of its own: the two fuzz at once on two workers (one test
    of both took two minutes, the tail of `make test-fast`)."""
    name, headers, paths, examples = run
    with run_sandbox() as sandbox:
        result = fuzz(sandbox.url, headers(sandbox.url), paths, examples, tmp_path / f"{name.split()[0]}.json")
    counted = figures(name, result)
    with capsys.disabled():
        print(f"\nschemathesis {name}: " + ", ".join(f"{value:,} {key}" for key, value in counted.items()))
    assert not result["failures"], json.dumps(result["failures"], indent=1)[:4000]
    assert counted["errored"] == 0
    # At least 1,000 generated requests each (one test of both asked 1,000 in all).
    assert counted["requests"] >= MIN_REQUESTS[name]
