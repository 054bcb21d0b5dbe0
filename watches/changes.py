"""What changed for a watch between the publish the person last saw and this one, from free figures.

`what_changed(kind, then, now)`: the new ones (deals of a view, an investor's purchases, a parcel's
deeds, a lender's loans, a wholesaler's listings) month by month where the free read counts by month
(a view's or a parcel's summary: a deed recorded late, in a month seen before, still counts), else
from the count and the latest date. `Check` is a watch's line on the Watching page: changed (with
its `Change`), unchanged, new (no figures seen yet), or what stops it being checked for free
(`UNKNOWN`, `MOVED`, `GONE`, `UNPUBLISHED`, `FAILED`), each with its words.
"""

from __future__ import annotations

from dataclasses import dataclass

from watches.model import COUNTED, Figures, Seen, Watch, month_of
from watches.names import day_words, month_words

CHANGED, UNCHANGED, NEW, UNKNOWN, MOVED, GONE, UNPUBLISHED, FAILED = (
    "changed", "unchanged", "new", "unknown", "moved", "gone", "unpublished", "failed",
)
# Months named in a change's sentence; more are summed as "and N more months".
NAMED_MONTHS = 3


@dataclass(frozen=True)
class Change:
    count: int
    months: tuple[tuple[str, int], ...]  # ("2026-11", 3): the new ones per month, newest first, where known
    latest: str | None  # the newest one's date, where the read names it

    @property
    def first_month(self) -> str | None:
        """The earliest month with new ones: where the Map's link starts them."""
        return min((month for month, _n in self.months), default=month_of(self.latest))

    def words(self, kind: str) -> str:
        """"4 new deals: 3 in Nov 2026, 1 in Oct 2026"."""
        one, many = COUNTED[kind]
        counted = f"{self.count:,} {one if self.count == 1 else many}"
        if self.months:
            named = [f"{n:,} in {month_words(month)}" for month, n in self.months[:NAMED_MONTHS]]
            if len(self.months) > NAMED_MONTHS:
                named.append(f"and {len(self.months) - NAMED_MONTHS} more months")
            return f"{counted}: {', '.join(named)}" if len(self.months) > 1 else f"{counted} in {month_words(self.months[0][0])}"
        if self.latest:
            return f"{counted}, the latest on {day_words(self.latest)}"
        return counted


@dataclass(frozen=True)
class Check:
    """A watch at this publish: its status, the change, the figures to mark seen, and what to say."""

    status: str
    change: Change | None = None
    now: Seen | None = None  # what opening the change marks seen
    note: str | None = None  # words for a status that is not a change
    moved_to: str | None = None  # the record's current id, when the host followed the watched one
    moved_name: str | None = None  # and its name there
    problem: object = None  # the refusal behind a status that is not a change (the page says it in words)

    @property
    def changed(self) -> bool:
        return self.status == CHANGED


def what_changed(then: Figures, now: Figures) -> Change | None:
    """The new ones between two publishes' figures, or None when nothing was added."""
    if then.by_month and now.by_month:
        before = dict(then.by_month)
        months = tuple(sorted(((month, n - before.get(month, 0)) for month, n in now.by_month
                               if n > before.get(month, 0)), reverse=True))
        count = sum(n for _month, n in months)
        return Change(count, months, now.last_on) if count > 0 else None
    if then.count is None or now.count is None:
        return None
    count = now.count - then.count
    later = bool(now.last_on and (then.last_on is None or now.last_on > then.last_on))
    if count <= 0 and not later:
        return None
    # A later date with the same count: one was added and another left (a merge); say one.
    return Change(max(count, 1), (), now.last_on if later else None)


def compare(watch: Watch, now: Seen) -> Check:
    """The watch's check once this publish's free figures are read."""
    if watch.seen is None:
        return Check(NEW, now=now, note="Watching from now on: what the next publish adds will show here.")
    if watch.seen.version is not None and watch.seen.version == now.version:
        return Check(UNCHANGED, now=now, note=_nothing_new(watch.seen))
    change = what_changed(watch.seen.figures, now.figures)
    if change is None:
        return Check(UNCHANGED, now=now, note=_nothing_new(now))
    return Check(CHANGED, change=change, now=now)


def _nothing_new(seen: Seen) -> str:
    through = f" (data through {day_words(seen.data_end)})" if seen.data_end else ""
    return f"Nothing new since you last looked{through}."


def since_words(watch: Watch) -> str:
    """When the person last saw the watch: "since the data through 31 Oct 2026"."""
    if watch.seen is None or not watch.seen.data_end:
        return "since you started watching"
    return f"since the data through {day_words(watch.seen.data_end)}"
