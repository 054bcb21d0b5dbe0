"""What a session keeps of the answers it read, for the dataset version they are of.

The memos above the client key on the version (adapter/data.py:read_key); what a page keeps in
its session (a profile opened, a parcel's page, a listing history walked) follows the same rule:
`kept(name)` is the session's store under `name` for the version read under now, emptied when
the version changes, and never older than the client's own entries (30 days). A page then reads
`kept(...).get(key)` and, after a republish, reads the answer again once.
"""

from __future__ import annotations

import time
from collections.abc import MutableMapping
from typing import Any

import streamlit as st
from cachetools import LRUCache

from adapter.data import MEMO_TTL_S, dataset_version


def kept(name: str, *, max_entries: int = 32) -> MutableMapping[Any, Any]:
    """The session's answers under `name` (a session-state key with its page's prefix), of the
    dataset version in use; the least recently used go past `max_entries`."""
    version = dataset_version()
    held = st.session_state.get(name)
    if not isinstance(held, KeptAnswers) or held.version != version or time.time() - held.since > MEMO_TTL_S:
        held = KeptAnswers(version, max_entries)
        st.session_state[name] = held
    return held


class KeptAnswers(LRUCache):
    """One version's answers, the least recently used dropped first, and when the first was kept."""

    def __init__(self, version: str | None, max_entries: int) -> None:
        super().__init__(max_entries)
        self.version = version
        self.since = time.time()
