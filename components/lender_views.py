"""The Lenders page's tables and map: hits, rankings, a profile, loans, borrowers, lender cells (render only)."""

from __future__ import annotations

from collections.abc import Sequence

import h3
import pandas as pd
import streamlit as st

from components.charts import render_bar_chart
from components.small_map import render_small_map
from components.tables import (
    date_column,
    escape_markdown,
    link_column,
    money_column,
    page_href,
    render_details,
    render_table,
)
from components.words import code_label
from mapspec.small_map import Canvas, bounds_of, layer, place_map
from services.data_api.models import Borrower, Lender, LenderCell, LoanRow, RankedLender, Ranking

CELL_COLOUR = [214, 39, 40]
NOT_NAMED = "a person (not named)"


def lender_href(lender_id: str) -> str:
    return page_href("lenders", {"lender": lender_id})


def render_lender_hits(hits: Sequence[Lender], *, key: str) -> None:
    frame = pd.DataFrame([{"Lender": hit.name, "Class": code_label(hit.lender_class), "Hard money": hit.is_hard_money,
                           "Loans": hit.n_loans, "Open": lender_href(hit.id)} for hit in hits])
    if frame.empty:
        st.info("No lender matches this search.")
        return
    render_table(frame, key=key, file_name="lenders.csv", column_config={"Open": link_column("Open", "open")})


def render_rankings(rows: Sequence[RankedLender], *, key: str, market: str) -> None:
    """A market's leading lenders by their own rank there, with their loans, volume and share there."""
    frame = pd.DataFrame([{"Rank": row.rank, "Lender": row.name, "Class": code_label(row.lender_class),
                           "Hard money": row.is_hard_money, "Loans": row.n_loans, "Volume": row.volume,
                           "Share of loans": row.share, "Open": lender_href(row.id)} for row in rows])
    if frame.empty:
        st.info(f"No lender recorded a loan in {market}.")
        return
    render_table(frame, key=key, file_name=f"lender-rankings-{market}.csv",
                 column_config={"Volume": money_column("Volume"), "Open": link_column("Open", "open"),
                                "Share of loans": st.column_config.NumberColumn("Share of loans", format="percent")})


def render_ranking_note(market: str, *, read: int, certain: bool, more: bool) -> None:
    """How far a market's ranking reaches: each rank is the lender's own, among the `read` lenders of the
    registry; `certain` when no lender ranked above a row is missing, `more` when the registry goes on."""
    words = [f"Each rank is the lender's own ranking by loans in {market} (its Rankings tab); "
             f"{read:,} lenders of the registry were read."]
    if not certain:
        words.append("Some lenders ranked above these were not among them: a gap in the ranks is one not shown.")
    if more:
        words.append("The registry lists more lenders than were read, so a leading one may be missing.")
    st.caption(" ".join(words))


def render_lender_ranks(rows: Sequence[Ranking], *, key: str) -> None:
    """One lender's rank by loans among each market's lenders."""
    frame = pd.DataFrame([{"Market": row.market, "Rank": row.rank, "Lenders there": row.n_lenders,
                           "Loans": row.n_loans, "Volume": row.volume, "Share of loans": row.share} for row in rows])
    if frame.empty:
        st.info("This lender ranks in no market: it recorded no loan there.")
        return
    render_table(frame, key=key, file_name="lender-ranks.csv",
                 column_config={"Volume": money_column("Volume"),
                                "Share of loans": st.column_config.NumberColumn("Share of loans", format="percent")})


def render_lender_profile(lender: Lender, *, key: str) -> None:
    st.subheader(escape_markdown(lender.name or lender.id))
    as_of = lender.financing_as_of
    st.caption(f"{code_label(lender.lender_class) if lender.lender_class else 'Class not given'}"
               + (" · hard money" if lender.is_hard_money else "")
               + (f" · financing as of {as_of}" if as_of else " · the date of its financing data is not given"))
    render_details({"Lender id": lender.id})
    columns = st.columns(4)
    columns[0].metric("Loans", f"{lender.n_loans or 0:,}")
    columns[1].metric("Borrowers", f"{lender.n_borrowers or 0:,}")
    columns[2].metric("Loans, last 24 months", f"{lender.n_loans_24m or 0:,}")
    columns[3].metric("Median loan", f"${lender.median_amount:,.0f}" if lender.median_amount else "—")
    markets = pd.DataFrame([{"Market": row.market, "Loans": row.n_loans} for row in lender.markets if row.market],
                           columns=["Market", "Loans"])
    if not markets.empty:
        render_bar_chart(markets, x="Market", y="Loans",
                         key=f"{key}_markets", title="Loans by market")


def borrower_words(row: LoanRow) -> str | None:
    """A loan's borrower as named: its name, else its id, else that a person is never named."""
    return row.borrower_name or row.borrower_id or NOT_NAMED


def loans_frame(rows: Sequence[LoanRow]) -> pd.DataFrame:
    return pd.DataFrame([{
        "Recorded": row.recorded_on, "Amount": row.amount, "Term (months)": row.term_months,
        "Kind": code_label(row.kind), "Borrower": borrower_words(row),
        "Borrower page": page_href("investors", {"investor": row.borrower_id}) if row.borrower_id else None,
        "ZIP": row.zip, "Market": row.market, "Deal": row.deal_id, "Loan": row.loan_id,
    } for row in rows])


def render_loans(frame: pd.DataFrame, *, key: str, file_stem: str) -> None:
    if not frame.empty:
        frame = frame.assign(Recorded=pd.to_datetime(frame["Recorded"]))
    render_table(frame, key=key, file_name=f"{file_stem}-loans-shown.csv",
                 column_config={"Recorded": date_column("Recorded"), "Amount": money_column("Amount"),
                                "Borrower page": link_column("Borrower page", "investor")})


def render_borrowers(rows: Sequence[Borrower], *, key: str, file_stem: str) -> None:
    frame = pd.DataFrame([{
        "Borrower": row.display_name or row.name or NOT_NAMED, "Market": row.market,
        "Loans": row.n_loans, "Volume": row.volume, "First loan": row.first_loan_on, "Last loan": row.last_loan_on,
        "Investor page": page_href("investors", {"investor": row.investor_id}) if row.investor_id else None,
        "Network": page_href("network", {"investor": row.investor_id}) if row.investor_id else None,
    } for row in rows])
    if frame.empty:
        st.info("No borrowers.")
        return
    # A tapped row opens the borrower's investor page in this tab: the table once, not again as links.
    render_table(frame, key=key, file_name=f"{file_stem}-borrowers.csv", open_on_tap="Investor page",
                 column_config={"Volume": money_column("Volume"), "Investor page": link_column("Investor page", "investor"),
                                "Network": link_column("Network", "network")})


def render_lender_cells(cells: Sequence[LenderCell], *, key: str, canvas: Canvas, height: int = 380) -> None:
    """Financed deals per H3 cell as hexagons (darker = more loans), their rings computed here."""
    if not cells:
        st.caption("No financed deals to map here.")
        return
    heaviest = max(cell.n_loans or 0 for cell in cells) or 1
    rows = [{"polygon": [[lng, lat] for lat, lng in h3.cell_to_boundary(cell.cell)],
             "fill": [*CELL_COLOUR, int(40 + 200 * (cell.n_loans or 0) / heaviest)],
             "tip": f"{cell.n_loans or 0:,} loans · {cell.n_lenders or 0:,} lenders"} for cell in cells]
    corners = [corner for row in rows for corner in row["polygon"]]
    spec = place_map([layer("polygons", "lender-cells", rows)], bounds=bounds_of(corners), basemap=canvas.basemap,
                     label="Map of financed deals per hexagon: hover one for its loans and lenders")
    render_small_map(spec, canvas=canvas, key=key, height=height)
