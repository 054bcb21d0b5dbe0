"""The Data API half's process-wide state: the database and the mutable sandbox state.

One `DataRuntime` per server process, stored on `app.state.data_api` by `routes.mount`.
Its `reset` is the half's reset hook (credits, held ids, rate counters, dataset version, the
news publishes added); its `publish` the control route's (sandbox/control.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from sandbox.core.context import SandboxContext
from sandbox.data_api.cursors import CursorCodec
from sandbox.data_api.data.build import ensure_database
from sandbox.data_api.db import Database
from sandbox.data_api.fault_injection import FaultInjector
from sandbox.data_api.ledger import Ledger
from sandbox.data_api.publishing import Publishing
from sandbox.data_api.ratelimit import CsvExportLimiter, RateLimiter
from sandbox.data_api.sql_news import NEWS_DAYS


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

    def publish(self, state: str, new_deals: int = 0) -> dict[str, Any]:
        """Republish `state`; with `new_deals`, that many deals dated after its data end first, which
        the data end then moves past (`NEWS_DAYS`)."""
        self.publishing.check_served(state)
        if not new_deals:
            return self.publishing.publish(state)
        after = date.fromisoformat(self.publishing.data_end_of(state))
        number = self.publishing.news_published(state)
        with self.db.cursor() as cursor:
            planned = self.db.news.targets(state, number, new_deals, cursor)
        added = self.db.news.add(planned, after, f"news:{state}:{number}")
        # The version moves after the rows are in: an answer of the new version never lacks them.
        published = self.publishing.publish(state, data_end=after + timedelta(days=NEWS_DAYS))
        return {**published, "new_deals": added}

    def news_targets(self, state: str, count: int = 6) -> dict[str, Any]:
        """What the next publish of news in `state` touches first (`GET /_sandbox/fixtures`): tests
        watch these, then publish."""
        with self.db.cursor() as cursor:
            planned = self.db.news.targets(state, self.publishing.news_published(state), count, cursor)
        return {
            "investor_ids": list(dict.fromkeys(row["buyer_id"] for row in planned)),
            "property_ids": ["prop_" + row["property_id"] for row in planned],
            "lender_ids": list(dict.fromkeys(row["lender_id"] for row in planned if row["lender_id"])),
            "financed_property_ids": ["prop_" + row["property_id"] for row in planned if row["lender_id"]],
            "markets": list(dict.fromkeys(row["market"] for row in planned)),
        }

    def reset(self) -> None:
        self.db.news.forget()
        self.ledger.reset()
        self.rate_limiter.reset()
        self.csv_exports.reset()
        self.publishing.reset()
