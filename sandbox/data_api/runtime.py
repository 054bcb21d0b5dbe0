"""The Data API half's process-wide state: the database and the mutable sandbox state.

One `DataRuntime` per server process, stored on `app.state.data_api` by `routes.mount`.
Its `reset` is the half's reset hook (credits, held ids, rate counters, dataset version).
"""

from __future__ import annotations

from dataclasses import dataclass

from sandbox.core.context import SandboxContext
from sandbox.data_api.cursors import CursorCodec
from sandbox.data_api.data.build import ensure_database
from sandbox.data_api.db import Database
from sandbox.data_api.fault_injection import FaultInjector
from sandbox.data_api.ledger import Ledger
from sandbox.data_api.publishing import Publishing
from sandbox.data_api.ratelimit import CsvExportLimiter, RateLimiter


@dataclass
class DataRuntime:
    context: SandboxContext
    db: Database
    publishing: Publishing
    ledger: Ledger
    rate_limiter: RateLimiter
    faults: FaultInjector
    cursors: CursorCodec
    csv_exports: CsvExportLimiter

    @classmethod
    def start(cls, context: SandboxContext) -> DataRuntime:
        config = context.config
        path = ensure_database(config.data_dir, config.scale, config.seed)
        return cls(
            context=context,
            db=Database(path, max_cells=config.max_cells),
            publishing=Publishing(context.clock),
            ledger=Ledger(),
            rate_limiter=RateLimiter(context.clock, config.rate_limit, per_day=config.rate_limit_day),
            faults=FaultInjector(context),
            cursors=CursorCodec(),
            csv_exports=CsvExportLimiter(context.clock),
        )

    def reset(self) -> None:
        self.ledger.reset()
        self.rate_limiter.reset()
        self.csv_exports.reset()
        self.publishing.reset()
