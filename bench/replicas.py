"""Replicas (issue 17): sessions per second and p95, one replica against two behind HAProxy;
a replica's memory over 200 sessions; a cached read from Redis against one from memory.

Simulated people speak Streamlit's own websocket protocol (`/_stcore/stream`, the protobuf
`BackMsg`/`ForwardMsg` of the installed Streamlit): each opens a session, asks for the Map
page (`rerun_script`), waits for `script_finished` (the page's data read, its rows published)
and closes. No browser: the figures are the servers', not chromium's painting. A click on a
cell is a rerun of the component's state and is not simulated. Everything runs on this one
machine (the sandbox, Redis, HAProxy and the replicas share its cores): with two cores, two
replicas cannot double what one does, and the printout says the core count.

Every part is real and on a free loopback port: the sandbox (bench key, no rate limit),
`redis-server`, `haproxy` (round robin, health checks), `streamlit run app.py`.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import statistics
import time
from collections.abc import Iterator

from devtools.services_process import run_haproxy, run_redis
from devtools.streamlit_process import sandbox_env, serve_streamlit
from services.sandbox_process import run_sandbox

BENCH_KEY = "zpka_sandbox_bench"
CONCURRENT_PEOPLE = 8
SESSIONS_PER_RUN = 48
MEMORY_SESSIONS = 200
MEMORY_EVERY = 50
CACHED_READS = 500
SESSION_TIMEOUT_S = 120.0


async def open_map_session(base_url: str) -> float:
    """One person: connect, run the Map page, wait for its end; seconds to the page's data."""
    import websockets
    from streamlit.proto.BackMsg_pb2 import BackMsg
    from streamlit.proto.ClientState_pb2 import ClientState, ContextInfo
    from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

    started = time.perf_counter()
    stream = base_url.replace("http://", "ws://", 1) + "/_stcore/stream"
    async with websockets.connect(stream, subprotocols=["streamlit"], max_size=None, open_timeout=60) as socket:
        message = BackMsg()
        message.rerun_script.CopyFrom(ClientState(query_string="", page_name="", context_info=ContextInfo(url=base_url + "/")))
        await socket.send(message.SerializeToString())
        while True:
            answer = ForwardMsg()
            answer.ParseFromString(await asyncio.wait_for(socket.recv(), SESSION_TIMEOUT_S))
            if answer.WhichOneof("type") == "script_finished":
                return time.perf_counter() - started


async def people(base_url: str, sessions: int, concurrent: int) -> tuple[float, list[float]]:
    """`concurrent` people open `sessions` sessions in all; (wall seconds, each session's seconds)."""
    queue = list(range(sessions))
    times: list[float] = []

    async def person() -> None:
        while queue:
            queue.pop()
            times.append(await open_map_session(base_url))

    started = time.perf_counter()
    await asyncio.gather(*(person() for _ in range(concurrent)))
    return time.perf_counter() - started, times


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1] if len(values) >= 2 else values[0]


def rss_mb(pid: int) -> float:
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


@contextlib.contextmanager
def replicas(sandbox_url: str, redis_url: str, count: int) -> Iterator[tuple[str, list]]:
    env = {
        **sandbox_env(sandbox_url, BENCH_KEY),
        "DEEDSCOPE_CACHE_URL": redis_url,
        "DEEDSCOPE_SESSION_KEY": "bench-replicas",
        "DEEDSCOPE_APP_URL": "",
    }
    with contextlib.ExitStack() as stack:
        served = [stack.enter_context(serve_streamlit(env)) for _ in range(count)]
        balancer = stack.enter_context(run_haproxy([url for _process, url in served]))
        yield balancer, served


def sessions_figures(sandbox_url: str, redis_url: str) -> None:
    print(f"Map page over Streamlit's websocket, {CONCURRENT_PEOPLE} people at once, {SESSIONS_PER_RUN} sessions; "
          f"{os.cpu_count()} CPU cores shared by everything")
    rates = {}
    for count in (1, 2):
        with replicas(sandbox_url, redis_url, count) as (balancer, _processes):
            asyncio.run(people(balancer, 2 * count, 2 * count))  # warm each replica: first run, first read
            wall, times = asyncio.run(people(balancer, SESSIONS_PER_RUN, CONCURRENT_PEOPLE))
        rates[count] = SESSIONS_PER_RUN / wall
        print(f"  {count} replica{'s' if count > 1 else ' '} behind HAProxy: {rates[count]:6.2f} sessions/s   "
              f"p50 {statistics.median(times) * 1000:6.0f} ms   p95 {p95(times) * 1000:6.0f} ms to the page's data")
    print(f"  two against one: {rates[2] / rates[1]:.2f}x (goal ≥ 1.7x on separate cores)")


def memory_figures(sandbox_url: str, redis_url: str) -> None:
    with replicas(sandbox_url, redis_url, 1) as (_balancer, [(process, replica_url)]):
        print(f"One replica's memory (RSS) while {MEMORY_SESSIONS} sessions open and close, {CONCURRENT_PEOPLE} at once "
              "(straight to the replica; a closed session is kept server.disconnectedSessionTTL = 120 s):")
        print(f"  at start: {rss_mb(process.pid):6.0f} MB")
        for done in range(MEMORY_EVERY, MEMORY_SESSIONS + 1, MEMORY_EVERY):
            asyncio.run(people(replica_url, MEMORY_EVERY, CONCURRENT_PEOPLE))
            time.sleep(1.0)
            print(f"  after {done:3d}: {rss_mb(process.pid):6.0f} MB")


def cached_read_figures(sandbox_url: str, redis_url: str) -> None:
    from services.cache import MemoryStore
    from services.data_api import DataApi
    from services.redis_store import RedisStore
    from services.settings import load_settings

    settings = load_settings(sandbox_env(sandbox_url, BENCH_KEY), "/nonexistent/secrets.toml")
    print(f"A cached read (DataApi, the Map's cells of a market at resolution 7), p50 of {CACHED_READS}:")
    for name, store in (("memory", MemoryStore()), ("Redis ", RedisStore(redis_url, b"bench", prefix="bench:"))):
        with DataApi(settings, cache=store) as api:
            market = api.coverage.retrieve().markets[0]
            read = lambda: api.deals.cells(bbox=tuple(market.bbox), resolution=7)  # noqa: E731
            read()
            sent = api.requests_sent
            times = []
            for _ in range(CACHED_READS):
                started = time.perf_counter()
                read()
                times.append(time.perf_counter() - started)
            print(f"  {name}: p50 {statistics.median(times) * 1000:6.3f} ms   p95 {p95(times) * 1000:6.3f} ms   "
                  f"requests to the API meanwhile: {api.requests_sent - sent}   ({len(read().cells):,} cells)")
        if isinstance(store, RedisStore):
            store.clear()


def main() -> None:
    with run_sandbox("--rate-limit", "1000000") as sandbox, run_redis() as redis_url:
        cached_read_figures(sandbox.url, redis_url)
        sessions_figures(sandbox.url, redis_url)
        memory_figures(sandbox.url, redis_url)


if __name__ == "__main__":
    main()
