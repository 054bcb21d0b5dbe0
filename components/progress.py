"""A paged read with a progress bar: the rows read so far, page by page, then the bar goes.

Every walk of a paged list a person waits for (an investor's deals, a cell's or an area's deals,
a listing history) shows it one way: the share of the rows expected where a count is known (a
profile's, a summary's), else the pages read, never full before the end (paged lists carry no
total: data-api.md, Envelope). A read that fails takes its bar away and raises, for the caller to say.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

import streamlit as st

T = TypeVar("T")
Progress = Callable[[int, int], None]  # (pages read, rows read) after each page


def read_pages(read: Callable[[Progress], Sequence[T]], *, noun: str, expected: int | None = None) -> Sequence[T]:
    """`read(progress)`'s rows, with a bar of `noun` ("deals") read while it walks."""
    bar = st.progress(0.0, text=f"Reading {noun}…")

    def progress(pages: int, rows: int) -> None:
        if expected:
            bar.progress(min(rows / expected, 1.0), text=f"{rows:,} of {expected:,} {noun} read")
        else:
            bar.progress(min(pages / (pages + 1), 0.95), text=f"{rows:,} {noun} read, page {pages}")

    try:
        return read(progress)
    finally:
        bar.empty()
