"""Whether a script run serves a person's browser.

A served app's session came with the headers of its browser's connection; an AppTest run
has a Streamlit runtime too (`runtime.exists()` is true there) but no connection. What only
a browser's session should do asks this: reads ahead (adapter/read_ahead.py), the freezing
of long-lived objects (adapter/collector.py), the Map page's map drawn first
(pages/map_sections/first_paint.py).
"""

from __future__ import annotations

import streamlit as st
from streamlit import runtime


def browser_session() -> bool:
    return runtime.exists() and bool(st.context.headers)
