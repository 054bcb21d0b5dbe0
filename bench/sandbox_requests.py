"""What one request costs the sandbox, in CPU: the suite's sandboxes spend a sixth of its CPU.

A sandbox is started with its rate limits out of reach; each route is asked ROUNDS times on one
keep-alive connection, and the sandbox process's CPU (user + system, from /proc) is divided by them.

    python -m bench sandbox_requests
"""

from __future__ import annotations

import os
from pathlib import Path

import httpx2

from services.contract import SANDBOX_API_KEY, SANDBOX_ON_BEHALF_OF
from services.sandbox_process import run_sandbox

ROUNDS = int(os.environ.get("DEEDSCOPE_BENCH_ROUNDS", "500"))
ROUTES = ("/v1/dataset", "/v1/coverage", "/v1/deals/summary?zip=75201", "/v1/lenders?market=DFW&limit=25",
          "/v1/lenders/{lender}", "/v1/lenders/{lender}/rankings")
OUT_OF_REACH = ("--rate-limit", "100000000", "--rate-limit-day", "1000000000")


def process_cpu_s(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main() -> None:
    headers = {"Authorization": f"Bearer {SANDBOX_API_KEY}", "X-On-Behalf-Of": SANDBOX_ON_BEHALF_OF}
    with run_sandbox(*OUT_OF_REACH) as sandbox, httpx2.Client(base_url=sandbox.url, headers=headers, timeout=60) as client:
        print(f"The sandbox's CPU per request, {ROUNDS} requests per route:")
        lender = client.get("/v1/lenders", params={"market": "DFW", "limit": 1}).json()["data"][0]["id"]
        for route in (route.format(lender=lender) for route in ROUTES):
            status = client.get(route).status_code
            started = process_cpu_s(sandbox.process.pid)
            for _ in range(ROUNDS):
                client.get(route)
            spent_ms = (process_cpu_s(sandbox.process.pid) - started) / ROUNDS * 1000
            print(f"  {route.replace(lender, '{id}'):32s} {spent_ms:5.2f} ms  (status {status})")
