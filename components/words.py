"""Words a page puts in front of a person: counts with their noun in the right number."""

from __future__ import annotations


def plural(count: int, noun: str, plural_noun: str | None = None) -> str:
    """`1 deal`, `2 deals`, `1,200 deals`, `0 credits`."""
    word = noun if count == 1 else (plural_noun or f"{noun}s")
    return f"{count:,} {word}"
