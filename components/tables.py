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


def deal_columns(date_label: str, links: Mapping[str, str]) -> dict[str, object]:
    """A table of deals' columns: its date, its price in dollars, its property's page ("Open property")
    and each other link column with its words (`links`: label → words)."""
    return {
        date_label: date_column(date_label),
        "Price": money_column("Price"),
        "Property": link_column("Property", display_text="Open property"),
        **{label: link_column(label, display_text=words) for label, words in links.items()},
    }


def known_frame(rows, columns: Mapping[str, str]) -> pd.DataFrame:
    """The rows as a table of the `columns` known (field -> label) that the rows carry, in that
    order: a field a host adds later (`/v1` is additive, data-api.md Versioning 1) never becomes a column."""
    # A typed row (a model) gives its fields and what its host added; a dict is as served.
    frame = pd.DataFrame([row if isinstance(row, Mapping) else dict(row) for row in rows])
    kept = [field for field in columns if field in frame.columns]
    return frame[kept].rename(columns=dict(columns))


# What a table shows for a value the data does not hold (st.dataframe prints "None").
MISSING = "—"
# The link columns that are the row's own page (a search hit's, a ranked lender's): a tap on the row opens it.
ROW_PAGE_LINKS = ("Open", "Profile")
# Numbers that are names, not amounts: a year or a code reads without a thousands separator ("1998").
PLAIN_NUMBER_WORDS = ("year", "zip", "fips", "run", "latitude", "longitude", "version")


def shown(frame: pd.DataFrame, *, link_columns: Sequence[str] = ()) -> pd.DataFrame:
    """The frame as a table shows it: a text column's missing values read "—", not "None"
    (numbers and dates get the table's placeholder; a link column stays empty, not a link to "—").
    The CSV keeps the frame as it is: an empty cell, not a dash."""
    text_columns = [column for column in frame.columns if column not in link_columns
                    and (pd.api.types.is_object_dtype(frame[column]) or pd.api.types.is_string_dtype(frame[column]))]
    if not text_columns:
        return frame
    copy = frame.copy()
    for column in text_columns:
        copy[column] = copy[column].astype(object).where(copy[column].notna(), MISSING)
    return copy


def number_format(label: object) -> str:
    """How a number column reads: amounts and counts with thousands separators ("1,079"), a year
    or a code as it is ("1998")."""
    return "plain" if any(word in str(label).lower() for word in PLAIN_NUMBER_WORDS) else "localized"


def table_config(frame: pd.DataFrame, column_config: Mapping[str, object] | None) -> dict[str, object]:
    """The columns' set-up with the table rule: every number column has a format (a column
    without one prints "1079"), a number column's own set-up without a format gets the rule's."""
    config = dict(column_config or {})
    for column in frame.columns:
        values = frame[column]
        if not pd.api.types.is_numeric_dtype(values) or pd.api.types.is_bool_dtype(values):
            continue
        given = config.get(column)
        kind, settings = column_type(given)
        if given is None:
            config[column] = st.column_config.NumberColumn(str(column), format=number_format(column))
        elif kind == "number" and not settings.get("format"):
            config[column] = {**given, "type_config": {**settings, "format": number_format(column)}}
    return config


def column_type(config: object) -> tuple[str | None, dict]:
    """A column's set-up as Streamlit keeps it (`{"type_config": {"type": "link", ...}}`): its type
    and its settings; (None, {}) for a column without one."""
    settings = dict(config.get("type_config") or {}) if isinstance(config, dict) else {}
    return settings.get("type"), settings


def link_columns(column_config: Mapping[str, object] | None) -> list[str]:
    return [name for name, config in (column_config or {}).items() if column_type(config)[0] == "link"]


def is_id_column(label: object) -> bool:
    """A column of ids ("Property id", "Id", "Id in that run"): the CSV's, not the screen's."""
    words = str(label).lower().split()
    return bool(words) and (words[0] == "id" or words[-1] == "id")


def on_screen(frame: pd.DataFrame, column_order: Sequence[str] | None) -> list[str] | None:
    """The columns a table shows: those asked for, never a column of ids (issue 44, 4: an id is for
    the CSV and a details line; the row's name and its Open link are what a person reads)."""
    order = list(column_order) if column_order else [str(column) for column in frame.columns]
    kept = [column for column in order if not is_id_column(column)]
    return kept if kept != [str(column) for column in frame.columns] else None


def app_origin() -> str:
    """The app's address as this person's browser reached it ("https://deedscope.example"), or ""
    where no browser is (a script run on its own)."""
    url = st.context.url or ""
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}" if parts.scheme and parts.netloc else ""


def csv_text(frame: pd.DataFrame, links: Sequence[str] = ()) -> bytes:
    """A table as CSV: ids in their own columns as they are, an app link as a full URL (a
    spreadsheet cannot follow "/properties?property=…")."""
    origin = app_origin()
    copy = frame
    if origin and any(column in frame.columns for column in links):
        copy = frame.copy()
        for column in links:
            if column in copy.columns:
                copy[column] = copy[column].map(
                    lambda value: origin + value if isinstance(value, str) and value.startswith("/") else value)
    return copy.to_csv(index=False).encode("utf-8")


def show_table(data, *, key: str, column_config: Mapping[str, object] | None = None,
               column_order: Sequence[str] | None = None, height: int | str = "auto", width: int | str = "stretch",
               open_on_tap: str | None = None) -> None:
    """The one place a table is drawn (issue 44, 5): a dash for a missing value, numbers with their
    separators, no index. `data` is a frame, rows (dicts) or a frame's Styler.

    A chosen cell of a link column opens its page in this tab and session (issue 42); `open_on_tap`:
    the link column whose page a tapped row opens (issue 44, 9: on a phone the link column is off screen)."""
    opened = st.session_state.pop(f"{key}_open", None)
    if opened:
        open_in_this_tab(opened)
    styler = data if hasattr(data, "data") and hasattr(data, "map") and not isinstance(data, pd.DataFrame) else None
    frame = styler.data if styler is not None else data if isinstance(data, pd.DataFrame) else pd.DataFrame(list(data))
    links = [name for name in link_columns(column_config) if name in frame.columns]
    row_link = open_on_tap if open_on_tap in links else None
    modes = ["single-row"] * bool(row_link) + ["single-cell"] * bool(links)
    st.dataframe(
        styler if styler is not None else shown(frame, link_columns=links),
        key=key,
        hide_index=True,
        width=width,
        column_config=table_config(frame, column_config),
        column_order=on_screen(frame, column_order),
        height=height,
        placeholder=MISSING,
        # A callback, so only a new choice opens: the choice stays selected after it.
        **({"on_select": partial(_link_chosen, key, frame[links], row_link), "selection_mode": modes} if modes else {}),
    )


def edit_table(frame: pd.DataFrame, *, key: str, editable: Sequence[str],
               column_config: Mapping[str, object] | None = None) -> pd.DataFrame:
    """A table whose `editable` columns a person changes (a tick per row), under the table rule;
    the frame as edited."""
    return st.data_editor(
        frame, key=key, hide_index=True, width="stretch", num_rows="fixed", placeholder=MISSING,
        disabled=[column for column in frame.columns if column not in editable],
        column_config=table_config(frame, column_config), column_order=on_screen(frame, None),
    )


def render_table(
    frame: pd.DataFrame,
    *,
    key: str,
    column_config: Mapping[str, object] | None = None,
    file_name: str = "deedscope.csv",
    column_order: Sequence[str] | None = None,
    height: int | str = "auto",
    open_on_tap: str | None = None,
) -> None:
    """A sortable table and a CSV download of exactly what it shows."""
    if frame.empty:
        st.info("No rows.")
        return
    # A row with its own page opens on a tap (issue 44, 9): on a phone its link column is off screen.
    open_on_tap = open_on_tap or next((name for name in link_columns(column_config) if name in ROW_PAGE_LINKS), None)
    show_table(frame, key=f"{key}_table", column_config=column_config, column_order=column_order, height=height,
               open_on_tap=open_on_tap)
    st.download_button(
        "Download CSV",
        csv_text(frame, link_columns(column_config)),
        file_name=file_name,
        mime="text/csv",
        key=f"{key}_csv",
    )


def _link_chosen(key: str, links: pd.DataFrame, row_link: str | None) -> None:
    """The table's chosen link cell, or the tapped row's `row_link`, when it is an app link: opened
    by the run this choice starts."""
    selection = st.session_state[key].selection
    cells, rows = list(getattr(selection, "cells", None) or []), list(getattr(selection, "rows", None) or [])
    row, column = cells[0] if cells else (rows[0], row_link) if rows and row_link else (None, None)
    if row is None or column not in links.columns or not 0 <= row < len(links):
        return
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


def render_details(ids: Mapping[str, object]) -> None:
    """A record's ids, for support and a copy, in a closed "Details" line (issue 44, 4: an id is
    never what a person reads first; its name or address is): `{"Investor id": "inv_…"}`."""
    lines = [f"{label}: {value}" for label, value in ids.items() if value]
    if lines:
        with st.expander("Details", expanded=False, icon=":material/info:"):
            st.code("\n".join(lines), language=None)


def render_resolved_from(resolved_from: Sequence[str] | None, current_id: str, *, noun: str = "investor") -> None:
    """data-api.md, Conventions (Old ids): an old id opens the current record; say so in words, the
    ids in the details line."""
    if not resolved_from:
        return
    st.info(f"The link named an older record of this {noun}: the registry has merged it into the one shown here.",
            icon=":material/redo:")
    render_details({"Old id": ", ".join(resolved_from), "Current id": current_id})
