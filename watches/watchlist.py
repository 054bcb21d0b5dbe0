"""A person's watches as a list: add one (at most `MAX_WATCHES`, never twice), stop one, mark one seen,
follow one to the record's new id, and merge two lists (an import, a login's account) without losing
any. Each function takes a list and gives a new one with what to say; none writes anything.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from watches.model import MAX_WATCHES, Seen, Watch, canonical, cut_name


@dataclass(frozen=True)
class Outcome:
    watches: list[Watch]
    said: str
    ok: bool = True


def full_words(limit: int = MAX_WATCHES) -> str:
    return (f"You are watching {limit} things, the most a list holds: stop watching one on the Watching page "
            "before you add another.")


def add(watches: Sequence[Watch], watch: Watch, limit: int = MAX_WATCHES) -> Outcome:
    if any(existing.key == watch.key for existing in watches):
        return Outcome(list(watches), f"Already watching {watch.name}.")
    if len(watches) >= limit:
        return Outcome(list(watches), full_words(limit), ok=False)
    return Outcome([*watches, watch], f"Watching {watch.name}: what each publish adds will show on the Watching page.")


def remove(watches: Sequence[Watch], key: str) -> Outcome:
    kept = [watch for watch in watches if watch.key != key]
    gone = next((watch for watch in watches if watch.key == key), None)
    return Outcome(kept, f"Stopped watching {gone.name}." if gone else "That watch was already stopped.")


def mark_seen(watches: Sequence[Watch], key: str, seen: Seen) -> list[Watch]:
    return [watch.seen_at(seen) if watch.key == key else watch for watch in watches]


def mark_all_seen(watches: Sequence[Watch], seen_by_key: dict[str, Seen]) -> list[Watch]:
    return [watch.seen_at(seen_by_key[watch.key]) if watch.key in seen_by_key else watch for watch in watches]


def follow(watches: Sequence[Watch], key: str, new_id: str, note: str, name: str | None = None) -> list[Watch]:
    """The watch `key` now follows the record's current id (an old id the host followed), said once by `note`
    (and by the record's current `name`); dropped when the list already follows that record."""
    followed = []
    for watch in watches:
        if watch.key != key:
            followed.append(watch)
            continue
        moved = replace(watch, target=canonical({**watch.target_map, "id": new_id}), note=note,
                        name=cut_name(name) if name else watch.name)
        if not any(other.key == moved.key for other in watches):
            followed.append(moved)
    return followed


def merge(mine: Sequence[Watch], theirs: Sequence[Watch], limit: int = MAX_WATCHES) -> Outcome:
    """`mine` with the watches of `theirs` it lacks added at the end; refused whole (nothing changed)
    when the two would pass `limit`."""
    keys = {watch.key for watch in mine}
    added = []
    for watch in theirs:
        if watch.key not in keys:
            keys.add(watch.key)
            added.append(watch)
    if len(mine) + len(added) > limit:
        return Outcome(list(mine), (
            f"That would make {len(mine) + len(added)} watches, more than the {limit} a list holds: you watch "
            f"{len(mine)} and {len(added)} would be added. Stop watching some first; nothing was changed."), ok=False)
    already = len(theirs) - len(added)
    said = f"Added {_count(len(added))}" + (f"; {_count(already)} you already had" if already else "") + "."
    return Outcome([*mine, *added], said)


def _count(n: int) -> str:
    return f"{n} watch" if n == 1 else f"{n} watches"
