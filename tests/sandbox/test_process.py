"""The sandbox process itself: the ready line, problems for unknown paths, control routes."""

import httpx2


def test_ready_line_names_a_url_that_answers(sandbox_url):
    response = httpx2.get(f"{sandbox_url}/no/such/route", timeout=60)
    assert response.status_code == 404
    assert response.headers["content-type"].startswith("application/problem+json")
    problem = response.json()
    assert problem["code"] == "not_found"
    assert problem["request_id"] == response.headers["X-Request-Id"]


def test_control_clock_moves_forward_only(sandbox):
    before = sandbox.control("clock", {"advance_seconds": 0})["data"]["now"]
    after = sandbox.control("clock", {"advance_seconds": 3600})["data"]["now"]
    assert after > before
    refused = httpx2.post(f"{sandbox.url}/_sandbox/clock", json={"advance_seconds": -5}, timeout=60)
    assert refused.status_code == 400
    assert refused.json()["code"] == "validation_error"


def test_every_answer_carries_a_request_id_even_one_its_route_did_not_make(sandbox_url):
    """The middleware's id (sandbox/server.py), on an answer no route of ours builds."""
    response = httpx2.get(f"{sandbox_url}/openapi.json", timeout=60)
    assert response.status_code == 200
    assert response.headers["X-Request-Id"].startswith("req_")


def test_the_sandbox_starts_without_the_tool_sdk_or_the_generator():
    """Building the app imports neither the MCP SDK (built at `POST /mcp`'s first call) nor pandas
    (the dataset's generator, run only when the dataset is not on disk): each cost every sandbox's
    start a second of CPU, and the suite starts dozens (sandbox/data_api/mcp/__init__.py)."""
    import subprocess
    import sys

    program = ("import sys\nfrom sandbox.core.config import SandboxConfig\nfrom sandbox.server import create_app\n"
               "import sandbox.server\nprint(sorted({'mcp', 'mcp_types', 'pandas'} & set(sys.modules)))")
    result = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, check=True, timeout=120)
    assert result.stdout.strip() == "[]", result.stdout
