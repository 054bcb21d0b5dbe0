"""Tables: sortable, money and dates formatted, links as links, always downloadable as CSV.

A link to another page of the app opens it in this tab and this session (issue 42): the
table's cells are selectable, and choosing a link's cell switches to its page, as a person
expects of an app (a new tab started a new session: the meter at 0, the page read again).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from urllib.parse import parse_qsl, urlencode, urlsplit

import pandas as pd
import streamlit as st
from streamlit.errors import StreamlitAPIException, StreamlitPageNotFoundError


def money_column(label: str) -> st.column_config.NumberColumn:
    """Whole dollars with thousands separators ($152,000): the `dollar` preset, no cents (step 1)."""
    return st.column_config.NumberColumn(label, format="dollar", step=1)


def date_column(label: str) -> st.column_config.DateColumn:
    return st.column_config.DateColumn(label, format="YYYY-MM-DD")


def link_column(label: str, display_text: str | None = None) -> st.column_config.LinkColumn:
    return st.column_config.LinkColumn(label, display_text=display_text)


def known_frame(rows, columns: Mapping[str, str]) -> pd.DataFrame:
    """The rows as a table of the `columns` known (field -> label) that the rows carry, in that
    order: a field a host adds later (`/v1` is additive, data-api.md Versioning 1) never becomes a column."""
    # A typed row (a model) gives its fields and what its host added; a dict is as served.
    frame = pd.DataFrame([row if isinstance(row, Mapping) else dict(row) for row in rows])
    kept = [field for field in columns if field in frame.columns]
    return frame[kept].rename(columns=dict(columns))


# What a table shows for a value the data does not hold (st.dataframe prints "None").
MISSING = "—"


def shown(frame: pd.DataFrame, *, link_columns: Sequence[str] = ()) -> pd.DataFrame:
    """The frame as a table shows it: a text column's missing values read "—", not "None"
    (numbers and dates stay empty; a link column stays empty, not a link to "—"). The CSV
    keeps the frame as it is: an empty cell, not a dash."""
    text_columns = [column for column in frame.columns if column not in link_columns
                    and (pd.api.types.is_object_dtype(frame[column]) or pd.api.types.is_string_dtype(frame[column]))]
    if not text_columns:
        return frame
    copy = frame.copy()
    for column in text_columns:
        copy[column] = copy[column].astype(object).where(copy[column].notna(), MISSING)
    return copy


def render_table(
    frame: pd.DataFrame,
    *,
    key: str,
    column_config: Mapping[str, object] | None = None,
    file_name: str = "deedscope.csv",
    column_order: Sequence[str] | None = None,
    height: int | str = "auto",
) -> None:
    """A sortable table and a CSV download of exactly what it shows."""
    if frame.empty:
        st.info("No rows.")
        return
    render_linked_frame(frame, key=key, column_config=column_config, column_order=column_order, height=height)
    st.download_button(
        "Download CSV",
        frame.to_csv(index=False).encode("utf-8"),
        file_name=file_name,
        mime="text/csv",
        key=f"{key}_csv",
    )


def render_linked_frame(
    frame: pd.DataFrame,
    *,
    key: str,
    column_config: Mapping[str, object] | None = None,
    column_order: Sequence[str] | None = None,
    height: int | str = "auto",
) -> None:
    """The table (`{key}_table`); a chosen cell of a link column opens its page in this tab."""
    opened = st.session_state.pop(f"{key}_open", None)
    if opened:
        open_in_this_tab(opened)
    links = [name for name, config in (column_config or {}).items()
             if isinstance(config, dict) and (config.get("type_config") or {}).get("type") == "link"]
    shown_frame = shown(frame, link_columns=links)
    st.dataframe(
        shown_frame,
        key=f"{key}_table",
        hide_index=True,
        width="stretch",
        column_config=dict(column_config or {}),
        column_order=list(column_order) if column_order else None,
        height=height,
        # A callback, so only a new choice opens: the choice stays selected after it.
        on_select=partial(_link_chosen, key, shown_frame[links]) if links else "ignore",
        selection_mode="single-cell",
    )


def _link_chosen(key: str, links: pd.DataFrame) -> None:
    """The table's chosen cell, when it is an app link: opened by the run this choice starts."""
    chosen = st.session_state[f"{key}_table"].selection.cells
    if not chosen:
        return
    row, column = chosen[0]
    if column in links.columns and 0 <= row < len(links):
        href = links.iloc[row][column]
        if isinstance(href, str) and href.startswith("/"):
            st.session_state[f"{key}_open"] = href


def open_in_this_tab(href: str) -> None:
    """The app's page at `href` (`page_href`'s form), in this tab and session. A page run on its
    own has no router to find it in: its link is shown instead."""
    parts = urlsplit(href)
    try:
        st.switch_page(f"pages/{parts.path.strip('/')}.py", query_params=dict(parse_qsl(parts.query)))
    except (StreamlitPageNotFoundError, StreamlitAPIException):
        st.markdown(f"[Open the page]({href})")


# Every ASCII punctuation mark CommonMark lets a backslash escape, plus those Streamlit
# gives meaning to (`$` LaTeX, `:` emoji and colour directives).
_MARKDOWN_SPECIALS = set("\\`*_{}[]()<>#+-.!|~$:&")


def escape_markdown(text: object) -> str:
    """Text from the data (a name, a city) as literal markdown: `<b>Acme & Sons</b>` or `*x*` shows as typed."""
    if text is None:
        return ""
    return "".join("\\" + char if char in _MARKDOWN_SPECIALS else char for char in str(text)).replace("\n", " ")


def page_href(url_path: str, query_params: Mapping[str, str]) -> str:
    """The app-relative URL of a page with its selection, e.g. `/investors?investor=inv_...`."""
    query = urlencode({name: value for name, value in query_params.items() if value})
    return f"/{url_path}" + (f"?{query}" if query else "")


def render_page_link(page_file: str, url_path: str, *, label: str, query_params: Mapping[str, str]) -> None:
    """A link to another page that keeps this session (st.page_link) under app.py's router.

    A page run on its own (AppTest, `streamlit run pages/x.py`) has no router to find the
    other page in, so the link falls back to the plain URL `page_href` builds.
    """
    params = {name: value for name, value in query_params.items() if value}
    try:
        st.page_link(page_file, label=escape_markdown(label), query_params=params)
    except StreamlitPageNotFoundError:
        st.markdown(f"[{escape_markdown(label)}]({page_href(url_path, params)})")


def datetime_column(label: str) -> st.column_config.DatetimeColumn:
    """A UTC timestamp to the minute (2026-11-22 03:01), for columns parsed to datetimes."""
    return st.column_config.DatetimeColumn(label, format="YYYY-MM-DD HH:mm", timezone="UTC")
