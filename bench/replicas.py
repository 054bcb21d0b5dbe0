"""Replicas (issue 17): sessions per second and p95, one replica against two behind HAProxy;
a replica's memory over 200 sessions; a cached read from Redis against one from memory.

How people are simulated (printed too): each speaks Streamlit's own websocket protocol
(`/_stcore/stream`, the protobuf `BackMsg`/`ForwardMsg` of the installed Streamlit, as the
browser sends them). A person opens a session and runs the Map page to the end of its first
run (`script_finished`: the cells read and their rows published: the page's data), fetches
the cells' rows file as the map element does, says the map is painted as the element does
once drawn (its `painted` trigger: the page's controls and panel come in the rerun it asks
for, pages/map_sections/first_paint.py), clicks a cell (the element's `pick` state, the
row clicked, sent as the browser sends it: a rerun of the map's fragment) and waits for the
cell's figures (the panel's "Cell <id>" heading, checked), then closes. No browser paints:
the figures are the servers'. Everything runs on this one machine (the sandbox, Redis,
HAProxy and the replicas share its cores, and other work may share them too): the printout
says the core count and the load average, and with two busy cores two replicas cannot double
what one does.

Every part is real and on a free loopback port: the sandbox (bench key, no rate limit),
`redis-server`, `haproxy` (round robin, health checks), `streamlit run app.py`.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import statistics
import time
from collections.abc import Iterator
from dataclasses import dataclass, field

import httpx2
import websockets
from streamlit.components.v2.bidi_component.main import _make_trigger_id
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ClientState_pb2 import ClientState, ContextInfo
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

from devtools.services_process import run_haproxy, run_redis
from devtools.streamlit_process import sandbox_env, serve_streamlit
from services.data_api import DataApi
from services.sandbox_process import run_sandbox
from services.settings import load_settings
from services.stores.memory import MemoryStore
from services.stores.redis_store import RedisStore

BENCH_KEY = "zpka_sandbox_bench"
CONCURRENT_PEOPLE = 8
SESSIONS_PER_RUN = 24
MEMORY_SESSIONS = 200
MEMORY_EVERY = 50
CACHED_READS = 500
SESSION_TIMEOUT_S = 120.0
CELL_HEADING = "Cell "  # pages/map_sections/cell.py: the panel of the cell clicked


@dataclass
class Visit:
    """One person's visit: seconds to the Map page's data, and from the click to the cell's figures."""
    to_data: float
    to_cell: float


@dataclass
class MapPage:
    """What the Map page told the browser: what the browser sends back when a cell is clicked."""
    page_hash: str = ""
    query_string: str = ""
    element_id: str = ""
    fragment_id: str = ""
    rows_url: str = ""
    headings: list[str] = field(default_factory=list)

    def read(self, message) -> bool:
        """Take in one `ForwardMsg`; True when the run it belongs to has finished."""
        kind = message.WhichOneof("type")
        if kind == "new_session":
            self.page_hash = message.new_session.page_script_hash
        elif kind == "page_info_changed":
            self.query_string = message.page_info_changed.query_string
        elif kind == "delta" and message.delta.WhichOneof("type") == "new_element":
            element = message.delta.new_element
            if element.WhichOneof("type") == "bidi_component" and element.bidi_component.id.endswith("map_chart"):
                component = element.bidi_component
                self.element_id, self.fragment_id = component.id, message.delta.fragment_id
                self.rows_url = json.loads(component.json or component.mixed.json)["cells"][0]["rows"]
            elif element.WhichOneof("type") == "heading":
                self.headings.append(element.heading.body)
        # A run stopped early for the rerun that replaces it is not the end.
        return kind == "script_finished" and message.script_finished != message.FINISHED_EARLY_FOR_RERUN


async def run_to_the_end(socket, page: MapPage) -> None:
    while True:
        message = ForwardMsg()
        message.ParseFromString(await asyncio.wait_for(socket.recv(), SESSION_TIMEOUT_S))
        if page.read(message):
            return


def rerun(base_url: str, page: MapPage | None = None, picked: list | None = None) -> bytes:
    """The browser's `rerun_script`: the first run of the page, or the map fragment's rerun
    with the element's state after a click (the row clicked)."""
    state = ClientState(query_string="", page_name="", context_info=ContextInfo(url=base_url + "/"))
    if page is not None:
        state.query_string, state.page_script_hash, state.fragment_id = page.query_string, page.page_hash, page.fragment_id
        widget = state.widget_states.widgets.add()
        widget.id, widget.json_value = page.element_id, json.dumps({"pick": picked, "view": None})
    message = BackMsg()
    message.rerun_script.CopyFrom(state)
    return message.SerializeToString()


def painted(base_url: str, page: MapPage) -> bytes:
    """The map element's `painted` trigger, sent once its first frame is drawn (loader.js)."""
    state = ClientState(
        query_string=page.query_string, page_script_hash=page.page_hash, fragment_id=page.fragment_id,
        context_info=ContextInfo(url=base_url + "/"),
    )
    trigger = state.widget_states.widgets.add()
    trigger.id = _make_trigger_id(page.element_id, "events")
    trigger.json_trigger_value = json.dumps([{"event": "painted", "value": True}])
    message = BackMsg()
    message.rerun_script.CopyFrom(state)
    return message.SerializeToString()


async def visit_map(base_url: str, person: int, click: bool = True) -> Visit:
    """One person: open the Map page, fetch its rows, click a cell, see its figures, leave
    (without `click`: open the Map page and leave)."""
    started = time.perf_counter()
    stream = base_url.replace("http://", "ws://", 1) + "/_stcore/stream"
    async with websockets.connect(stream, subprotocols=["streamlit"], max_size=None, open_timeout=60) as socket:
        page = MapPage()
        await socket.send(rerun(base_url))
        await run_to_the_end(socket, page)
        to_data = time.perf_counter() - started
        if not click:
            return Visit(to_data, 0.0)
        answer = await asyncio.to_thread(httpx2.get, f"{base_url}/{page.rows_url}", timeout=SESSION_TIMEOUT_S)
        answer.raise_for_status()
        rows = answer.json()
        await socket.send(painted(base_url, page))
        await run_to_the_end(socket, page)
        clicked = time.perf_counter()
        await socket.send(rerun(base_url, page, rows[(person * 7919) % len(rows)]))  # people click different cells
        await run_to_the_end(socket, page)
        if not any(heading.startswith(CELL_HEADING) for heading in page.headings):
            raise RuntimeError("the click showed no cell panel: the bench no longer clicks what the page reads")
        return Visit(to_data, time.perf_counter() - clicked)


async def people(base_url: str, sessions: int, concurrent: int, click: bool = True) -> tuple[float, list[Visit]]:
    """`concurrent` people make `sessions` visits in all; (wall seconds, each visit)."""
    queue = list(range(sessions))
    visits: list[Visit] = []

    async def person() -> None:
        while queue:
            visits.append(await visit_map(base_url, queue.pop(), click))

    started = time.perf_counter()
    await asyncio.gather(*(person() for _ in range(concurrent)))
    return time.perf_counter() - started, visits


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


def load() -> str:
    """The machine's load average (1, 5, 15 minutes), as `uptime` prints it."""
    return "load average " + ", ".join(f"{value:.2f}" for value in os.getloadavg())


def how_people_are_simulated() -> None:
    print("How people are simulated: each speaks Streamlit's websocket protocol (/_stcore/stream, the installed "
          "Streamlit's protobuf messages, as a browser sends them): opens a session, runs the Map page to the end of its "
          "first run (the page's data: the cells read, their rows published), fetches the rows file as the map element "
          "does, says the map painted as the element does once drawn (its trigger: the rerun that draws the page's "
          "controls and panel), clicks a cell (the element's pick state: a rerun of the map's fragment) and waits for "
          "the cell's figures, then closes. No browser paints.")


def sessions_figures(sandbox_url: str, redis_url: str) -> dict[int, float]:
    """Sessions/s and times, one replica then two. The one replica then goes on to 200 visits
    for its memory (RSS, MB, by visits opened and closed so far: 0 at its start), returned."""
    print(f"{CONCURRENT_PEOPLE} people at once, {SESSIONS_PER_RUN} visits per setup; {os.cpu_count()} CPU cores shared "
          f"by everything (sandbox, Redis, HAProxy, replicas, people, other work); {load()} at start")
    print(f"  {'':26}{'sessions/s':>11}{'p50 data':>10}{'p95 data':>10}{'p50 cell':>10}{'p95 cell':>10}   (ms; load)")
    rates: dict[int, float] = {}
    memory: dict[int, float] = {}
    for count in (1, 2):
        with replicas(sandbox_url, redis_url, count) as (balancer, served):
            if count == 1:
                memory[0] = rss_mb(served[0][0].pid)
            warm = 2 * count
            asyncio.run(people(balancer, warm, warm))  # warm each replica: first run, first read
            wall, visits = asyncio.run(people(balancer, SESSIONS_PER_RUN, CONCURRENT_PEOPLE))
            rates[count] = SESSIONS_PER_RUN / wall
            data, cell = [v.to_data * 1000 for v in visits], [v.to_cell * 1000 for v in visits]
            print(f"  {count} replica{'s' if count > 1 else ' '} behind HAProxy     {rates[count]:11.2f}"
                  f"{statistics.median(data):10.0f}{p95(data):10.0f}{statistics.median(cell):10.0f}{p95(cell):10.0f}"
                  f"   ({load()})", flush=True)
            if count == 1:
                memory.update(memory_run(served[0], opened=warm + SESSIONS_PER_RUN))
    print(f"  two against one: {rates[2] / rates[1]:.2f}x sessions/s (goal ≥ 1.7x with each replica on cores of its own; "
          f"here {os.cpu_count()} shared cores bound both setups, and other work on them moves between the two runs)")
    return memory


def memory_run(replica: tuple, opened: int) -> dict[int, float]:
    """More visits straight to the replica, to MEMORY_SESSIONS in all; its RSS every MEMORY_EVERY.
    They open the Map page and close without a click: the issue's sessions opened and closed,
    at about a third of a full visit's time, so that 200 fit the bench's few minutes."""
    process, url = replica
    readings = {}
    for done in range(MEMORY_EVERY, MEMORY_SESSIONS + 1, MEMORY_EVERY):
        if done > opened:
            asyncio.run(people(url, done - max(opened, done - MEMORY_EVERY), CONCURRENT_PEOPLE, click=False))
        time.sleep(1.0)
        readings[done] = rss_mb(process.pid)
    return readings


def print_memory(memory: dict[int, float], clicked: int) -> None:
    print(f"One replica's memory (RSS) over {MEMORY_SESSIONS} visits opened and closed, {CONCURRENT_PEOPLE} at once (the "
          f"first {clicked} through HAProxy with a click, the rest straight to it, opening the Map page only; a closed "
          "session is kept server.disconnectedSessionTTL = 120 s); goal ≤ 400 MB, flat after the first 50:")
    for done, megabytes in memory.items():
        print(f"  {'at start' if done == 0 else f'after {done:3d}'}: {megabytes:6.0f} MB")
    print(f"  from {MEMORY_EVERY} to {MEMORY_SESSIONS}: {memory[MEMORY_SESSIONS] - memory[MEMORY_EVERY]:+.0f} MB")


def cached_read_figures(sandbox_url: str, redis_url: str) -> None:
    settings = load_settings(sandbox_env(sandbox_url, BENCH_KEY), "/nonexistent/secrets.toml")
    print(f"A cached read (DataApi, the Map's cells of a market at resolution 7), p50 of {CACHED_READS} "
          "(goal ≤ 2 ms from Redis on loopback):")
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
    how_people_are_simulated()
    with run_sandbox("--rate-limit", "1000000") as sandbox, run_redis() as redis_url:
        cached_read_figures(sandbox.url, redis_url)
        memory = sessions_figures(sandbox.url, redis_url)
        print_memory(memory, clicked=2 + SESSIONS_PER_RUN)
    print(f"At the end: {load()}")


if __name__ == "__main__":
    main()
