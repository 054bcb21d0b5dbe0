"""Coverage: the per-market dataset matrix, counties with their data end, builds and freshness."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pandas as pd
import streamlit as st

from components.tables import date_column, render_table, show_table
from services.base_models import BuildState
from services.contract import dataset_words
from services.data_api.models import CoverageMarket, Dataset, DatasetStatus

# data-api.md, States: coverage dataset `status` values, each with a mark and a colour.
STATUS_MARKS = {
    "served": "● served",
    "partial": "◐ partial",
    "not_measured": "○ not measured",
    "not_published": "✕ not published",
}
STATUS_COLORS = {
    "served": "background-color: #d7f0dc",
    "partial": "background-color: #fcefc7",
    "not_measured": "background-color: #e8e8e8",
    "not_published": "background-color: #f6d5d5",
}
STALE_MARK = " ⚠ stale"


def dataset_keys(markets: Sequence[CoverageMarket]) -> list[str]:
    """Dataset columns in the order the service lists them, first market first."""
    keys: list[str] = []
    for market in markets:
        for name in market.datasets:
            if name not in keys:
                keys.append(name)
    return keys


def cell_text(row: DatasetStatus | None, *, marks: Mapping = STATUS_MARKS, separator: str = " · ",
              stale_mark: str = STALE_MARK) -> str:
    """One matrix cell: status mark, as-of date, stale mark."""
    if row is None:
        return "—"
    text = marks.get(row.status, str(row.status))
    if row.as_of:
        text += f"{separator}{row.as_of}"
    if row.stale:
        text += stale_mark
    return text


def text_of(value: object) -> str:
    """A date or a name as a table's text ("—" for none): one type a column, for the table's schema."""
    return "—" if value is None or value == "" else str(value)


def matrix_frame(markets: Sequence[CoverageMarket]) -> pd.DataFrame:
    keys = dataset_keys(markets)
    rows = []
    for market in markets:
        row = {"Market": market.market, "Name": market.name, "State": market.state,
               "Data end": None if market.data_end is None else str(market.data_end)}
        row.update({key: cell_text(market.datasets.get(key)) for key in keys})
        rows.append(row)
    return pd.DataFrame(rows, columns=["Market", "Name", "State", "Data end", *keys])


# The matrix on the page: one column a market, so every column fits a page's width (a column a
# dataset took 2,400 px of a 980-px page). A cell is its mark, as-of date and stale mark.
DATASET_COLUMN_PX = 130
MARKET_COLUMN_PX = 110
# Markets in one table: 130 + 7 × 110 = 900 px, within the page's 1,140 px at a 1440-px window
# with the sidebar (and a 1280-px laptop's 980 px); more markets take another table, never a
# sideways scroll that hides the last ones.
MAX_MARKETS_PER_TABLE = 7
SHORT_MARKS = {status: mark.split(" ")[0] for status, mark in STATUS_MARKS.items()}
SHORT_STALE_MARK = " ⚠"


def short_cell_text(row: DatasetStatus | None) -> str:
    """A cell of the page's matrix: "● 2026-10-31", "◐ 2026-10-31 ⚠"; the legend says the marks."""
    return cell_text(row, marks=SHORT_MARKS, separator=" ", stale_mark=SHORT_STALE_MARK)


def shown_frame(markets: Sequence[CoverageMarket]) -> pd.DataFrame:
    """The matrix as shown: a row a dataset (the markets' data end first), a column a market."""
    codes = [market.market for market in markets]
    rows = [{"Dataset": "data end", **{code: text_of(market.data_end) for code, market in zip(codes, markets)}}]
    for key in dataset_keys(markets):
        rows.append({"Dataset": dataset_words(key).capitalize(),
                     **{code: short_cell_text(market.datasets.get(key)) for code, market in zip(codes, markets)}})
    return pd.DataFrame(rows, columns=["Dataset", *codes])


def _short_status_color(text: object) -> str:
    for status, mark in SHORT_MARKS.items():
        if isinstance(text, str) and (text == mark or text.startswith(mark + " ")):
            return STATUS_COLORS[status]
    return ""


def counties_frame(markets: Sequence[CoverageMarket]) -> pd.DataFrame:
    rows = [
        {"Market": market.market, "County FIPS": county.fips, "County": county.name, "Data end": county.data_end}
        for market in markets
        for county in market.counties
    ]
    frame = pd.DataFrame(rows, columns=["Market", "County FIPS", "County", "Data end"])
    frame["Data end"] = pd.to_datetime(frame["Data end"], errors="coerce")
    return frame


def market_groups(markets: Sequence[CoverageMarket]) -> list[list[CoverageMarket]]:
    """The markets in as few tables as keep each within `MAX_MARKETS_PER_TABLE`, of even sizes
    (10 markets: 5 and 5), in the service's order."""
    markets = list(markets)
    tables = max(1, -(-len(markets) // MAX_MARKETS_PER_TABLE))
    size = -(-len(markets) // tables)
    return [markets[start:start + size] for start in range(0, len(markets), size)]


def _render_matrix_table(markets: Sequence[CoverageMarket], *, key: str) -> None:
    shown = shown_frame(markets)
    codes = list(shown.columns[1:])
    column_config = {"Dataset": st.column_config.TextColumn("Dataset", width=DATASET_COLUMN_PX)}
    column_config.update({
        code: st.column_config.TextColumn(code, width=MARKET_COLUMN_PX, help=market.name or code)
        for code, market in zip(codes, markets)
    })
    styled = shown.style.map(_short_status_color, subset=codes)
    show_table(styled, key=key, column_config=column_config, height=(len(shown) + 1) * 35 + 3)


def render_coverage_matrix(markets: Sequence[CoverageMarket], *, key: str) -> None:
    """One row a dataset, one column a market (several tables when the markets are many); cells
    coloured by status, with as-of and stale marks. The CSV holds every market in one table."""
    if not markets:
        st.info("No market is covered.")
        return
    st.caption(" · ".join(STATUS_MARKS.values()) + " ·" + STALE_MARK + " (older than the service expects); "
               "each mark beside the date its dataset is as of")
    for number, group in enumerate(market_groups(markets)):
        _render_matrix_table(group, key=f"{key}_table" if number == 0 else f"{key}_table_{number}")
    frame = matrix_frame(markets)
    st.download_button(
        "Download CSV", frame.to_csv(index=False).encode("utf-8"), file_name="coverage-matrix.csv",
        mime="text/csv", key=f"{key}_csv",
    )


def render_counties(markets: Sequence[CoverageMarket], *, key: str) -> None:
    render_table(
        counties_frame(markets), key=key, column_config={"Data end": date_column("Data end")},
        file_name="coverage-counties.csv",
    )


def builds_frame(states: Sequence[BuildState], dataset: Dataset | None) -> pd.DataFrame:
    """`/v3/build` states joined with `/v1/dataset` states: one row a served state."""
    published_by_state = {item.state: item for item in (dataset.states if dataset else [])}
    rows = []
    for state in states:
        published = published_by_state.get(state.state)
        rows.append(
            {
                "State": state.state,
                "Build": state.build_id,
                "Run": state.run_id,
                "Built": state.built_at,
                "Published": state.published_at or (published.published_at if published else None),
                "Recordings through": state.recordings_through,
                "Financing as of": state.financing_as_of,
            }
        )
    if not states:
        rows = [{"State": item.state, "Run": item.run_id, "Published": item.published_at}
                for item in published_by_state.values()]
    frame = pd.DataFrame(rows, columns=["State", "Build", "Run", "Built", "Published", "Recordings through", "Financing as of"])
    for column in ("Built", "Published"):
        frame[column] = pd.to_datetime(frame[column], errors="coerce", utc=True)
    return frame


def published_text(value: object) -> str:
    """A publish time as "2026-11-23 12:34 UTC" ("—" when absent, as sent when not a time)."""
    if not value:
        return "—"
    moment = pd.to_datetime(str(value), errors="coerce", utc=True)
    return str(value) if pd.isna(moment) else moment.strftime("%Y-%m-%d %H:%M UTC")


def render_builds(states: Sequence[BuildState], dataset: Dataset | None, *, key: str) -> None:
    if dataset:
        # The publish time takes the widest column, in minutes and UTC, so it is read whole.
        columns = st.columns([1, 1, 2])
        columns[0].metric("Dataset version", str(dataset.dataset_version))
        columns[1].metric("Data end", text_of(dataset.data_end))
        columns[2].metric("Published", published_text(dataset.published_at))
    render_table(
        builds_frame(states, dataset), key=key,
        column_config={
            "Built": st.column_config.DatetimeColumn("Built", format="YYYY-MM-DD HH:mm z"),
            "Published": st.column_config.DatetimeColumn("Published", format="YYYY-MM-DD HH:mm z"),
        },
        file_name="coverage-builds.csv",
    )
