"""Which publish of each state is served, and the dataset version they make together.

data-api.md, Versioning 3: `X-Dataset-Version` changes only when a state is published
again. `POST /_sandbox/publish` republishes one state (a new run and version), which also
invalidates every cursor (they carry the version); with `new_deals` the publish brings news
(sandbox/data_api/sql_news.py) and moves the state's data end past them. A reset returns to the start.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from datetime import date

from sandbox.core.clock import Clock
from sandbox.core.problems import Problem
from sandbox.data_api.data.markets import DATA_END, FIRST_BUILT_AT, FIRST_PUBLISHED_AT, STATES

FIRST_DATASET_VERSION = 1
FIRST_RUN_ID = 500


@dataclass(frozen=True)
class StateBuild:
    state: str
    run_id: int
    build_id: str
    built_at: str
    published_at: str


class Publishing:
    def __init__(self, clock: Clock) -> None:
        self._clock = clock
        self._lock = threading.Lock()
        self.reset()

    def reset(self) -> None:
        with self._lock:
            self.dataset_version = FIRST_DATASET_VERSION
            self._data_end = dict.fromkeys(STATES, DATA_END)
            self._news_published = dict.fromkeys(STATES, 0)
            self._states = {
                state: StateBuild(state, FIRST_RUN_ID + i, f"b{FIRST_RUN_ID + i}-{state.lower()}", FIRST_BUILT_AT,
                                  FIRST_PUBLISHED_AT)
                for i, state in enumerate(STATES)
            }

    @property
    def data_end(self) -> str:
        """The latest data end of the served states (`/v1/dataset`, `X-Data-End`)."""
        with self._lock:
            return max(self._data_end.values()).isoformat()

    def data_end_of(self, state: str) -> str:
        with self._lock:
            return self._data_end.get(state, DATA_END).isoformat()

    def news_published(self, state: str) -> int:
        """How many publishes of `state` brought news so far (which news the next one brings)."""
        with self._lock:
            return self._news_published.get(state, 0)

    def states(self) -> list[StateBuild]:
        with self._lock:
            return [self._states[state] for state in STATES]

    @property
    def published_at(self) -> str:
        return max(build.published_at for build in self.states())

    def check_served(self, state: str) -> None:
        if state not in STATES:
            raise Problem(404, "not_found", f"State {state!r} is not served; served states: {', '.join(STATES)}.")

    def publish(self, state: str, *, data_end: date | None = None) -> dict:
        """Republish `state`: a new run id and a new dataset version; with news, its new `data_end`."""
        self.check_served(state)
        now = self._clock.now().isoformat(timespec="seconds").replace("+00:00", "Z")
        with self._lock:
            previous = self._states[state]
            run_id = max(build.run_id for build in self._states.values()) + 1
            self._states[state] = StateBuild(state, run_id, f"b{run_id}-{state.lower()}", now, now)
            if data_end is not None:
                self._data_end[state] = max(data_end, self._data_end[state])
                self._news_published[state] += 1
            self.dataset_version += 1
            return {"state": state, "run_id": run_id, "previous_run_id": previous.run_id,
                    "dataset_version": self.dataset_version, "published_at": now,
                    "data_end": self._data_end[state].isoformat()}
