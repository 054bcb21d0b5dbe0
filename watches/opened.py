"""What opening a watch's change shows, as the Watching page holds it: typed, never read by name.

`OpenedChange` is a change the person opened (the watch as it was before it was marked seen, and
what changed); `Opened` the rows its read brought (adapter/watch_checks.py: opening); `ProfileCheck`
what an investor's profile said of a watch its free name search no longer finds.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from watches.changes import Change
from watches.model import Seen, Watch


@dataclass(frozen=True)
class OpenedChange:
    watch: Watch  # as it was when opened: its `seen` says since when
    change: Change | None  # None: an investor checked by its profile

    @property
    def count(self) -> int:
        return self.change.count if self.change else 1

    @property
    def first_month(self) -> str | None:
        return self.change.first_month if self.change else None

    @property
    def words(self) -> str:
        return self.change.words(self.watch.kind) if self.change else "this watch"


@dataclass(frozen=True)
class ParcelNews:
    """A parcel page's rows dated from the day after the data last seen; None where its market does not
    publish that part (the service's code for the history's and the listings' in their notes)."""

    deeds: Sequence | None
    loans: Sequence | None
    permits: Sequence | None
    listings: Sequence | None
    history_note: str | None = None
    listings_note: str | None = None


@dataclass(frozen=True)
class Opened:
    deals: Sequence = ()  # a view's new deals, an investor's purchases (the Data API's deal rows)
    loans: Sequence = ()  # a lender's loans
    listings: Sequence = ()  # a wholesaler's listings
    parcel: ParcelNews | None = None


@dataclass(frozen=True)
class ProfileCheck:
    gone: bool = False
    note: str | None = None
    moved_to: str | None = None  # the record's current id, where the host followed the watched one
    name: str | None = None
    seen: Seen | None = None
