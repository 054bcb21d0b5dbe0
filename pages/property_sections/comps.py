"""A property's comparable sales and value range (issue 46): a section of pages/properties.py.

The free counts of each read (adapter/comps.py) plan the search: it starts at the narrowest
read that could hold enough sales (an empty neighbourhood is said, and the wider read offered),
states its cost, reads, and applies the rules (comps/rules.py); with too few comps it widens a
step, stating the next read's cost, until enough are found or no wider rule is left. The rule
that found them is said; a person may untick a comp and the value range (comps/value.py) follows.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date

import streamlit as st

import adapter.budget
import adapter.comps
from comps.rules import DROPPED_WHY, MIN_COMPS, READS, CompSearch, Reach, Sale, Subject, evaluate, first_read
from comps.value import ValueRange, range_sentence, range_warnings, rule_sentence, value_range
from components.charged_read import confirm_charged_read
from components.feedback import render_error
from components.property_comps import money_words, render_comps_table, render_value_range
from components.words import plural
from services.data_api.models import Parcel
from services.errors import ApiError

KEY = "prop_comps"
PLAN_KEY = f"{KEY}_plan"
SHEET_KEY = f"{KEY}_sheet"
STREETS_KEY = f"{KEY}_streets"


@dataclass(frozen=True)
class Plan:
    """The read the search makes next for one property, and why the search came to it."""

    property_id: str
    window_end: date
    reach: Reach
    note: str = ""
    widened: bool = False  # a step of the person's search, not its start: no button to press again


def render_comps(parcel: Parcel | None, property_id: str) -> Shown | None:
    """The section; what it showed once the sales are read (for the property's map and the comp
    sheet), else None."""
    st.subheader("Comparable sales")
    subject = adapter.comps.subject_of(parcel, property_id)
    if not subject.located:
        why = ("this market does not publish its parcel records yet" if parcel is None
               else "the data holds no location for this parcel")
        st.info(f"Comparable sales are found around a property's location, and {why}.", icon=":material/location_off:")
        return None
    try:
        end = adapter.comps.window_end(subject.market)
        counts = adapter.comps.counts(subject, end) if end else None
    except ApiError as error:
        render_error(error, title="The sales near this property could not be counted")
        return None
    if end is None or counts is None:
        st.warning("The data's end date is not known here, so its last 12 months cannot be said: try again later.")
        return None
    if counts[READS[-1]].n_deals == 0:
        st.info(f"No recorded sale {READS[-1].words()} to {end.isoformat()}: nothing to compare this property with.")
        return None
    plan = current_plan(subject, end, counts)
    search = read_and_evaluate(subject, plan, counts)
    if search is None:
        return None
    return show(search, plan)


def current_plan(subject: Subject, end: date, counts: Mapping[Reach, adapter.comps.ReadCount]) -> Plan:
    """The plan kept for this property, or its start: the narrowest read that could hold enough."""
    kept = st.session_state.get(PLAN_KEY)
    if isinstance(kept, Plan) and kept.property_id == subject.property_id and kept.window_end == end:
        return kept
    reach = first_read({read: count.n_priced for read, count in counts.items()})
    note = ""
    if reach != READS[0]:
        near = counts[READS[0]].n_priced
        found = "No recorded sale" if counts[READS[0]].n_deals == 0 else f"Only {plural(near, 'priced sale')}"
        note = (f"{found} {READS[0].words()} to {end.isoformat()}: too few to compare, so the search reads "
                f"{reach.words()} instead.")
    plan = Plan(subject.property_id, end, reach, note)
    st.session_state[PLAN_KEY] = plan
    return plan


def read_and_evaluate(subject: Subject, plan: Plan, counts: Mapping[Reach, adapter.comps.ReadCount]) -> CompSearch | None:
    """The plan's read, its cost stated first; the search widened a step (and run again) while too few."""
    if plan.note:
        st.info(plan.note, icon=":material/zoom_out_map:")
    # The widest narrower read this session made: its sales lie in this read too, and are held.
    narrower = [adapter.comps.kept_read(subject, read, plan.window_end) for read in READS
                if plan.reach.holds(read) and read != plan.reach]
    before = max((len(read.sales) for read in narrower if read is not None), default=0)
    cost = adapter.comps.read_cost(subject, plan.reach, plan.window_end, counts[plan.reach], read_before=before)
    what = f"Reading the recorded sales {plan.reach.words()} to {plan.window_end.isoformat()}"
    cost_text = (f"{what} costs nothing: your account holds them." if cost == 0 else
                 f"{what} may cost up to {plural(cost, 'credit')} (1 for each sale new to your account).")
    read = confirm_charged_read(
        KEY, (subject.property_id, plan.reach, plan.window_end), ask_label="Find comparable sales", asked=plan.widened,
        confirm_label="Read the sales", cost=cost, cost_text=cost_text, error_title="The sales could not be read",
        load=lambda: adapter.comps.read_sales(subject, plan.reach, plan.window_end),
        # Asked for in presenter mode too: a tour's property step reads only what its start read ahead.
        ask_when_free=True, **adapter.budget.rules())
    if read is None:
        return None
    search = evaluate(subject, read.sales, read=plan.reach, window_end=plan.window_end)
    wider = search.next_read()
    if wider is not None:
        words = search.found.rule.words(plan.window_end, subject.living_area_sqft)
        # Each step is said, the earlier ones kept: the person reads how the search came to its rule.
        step = (f"Only {plural(len(search.found.comps), 'comparable sale')} {words}: fewer than {MIN_COMPS}, "
                f"so the search widens to {wider.words()}.")
        st.session_state[PLAN_KEY] = Plan(subject.property_id, plan.window_end, wider, widened=True,
                                          note=f"{plan.note}\n\n{step}" if plan.note else step)
        st.rerun()
    if read.more:
        st.caption(f"The circle holds more sales than the {len(read.sales):,} nearest read here.")
    return search


@dataclass(frozen=True)
class Shown:
    """What the section showed, for the property's map and the comp sheet: the search, the ticks,
    the range and its words."""

    search: CompSearch
    used: tuple[bool, ...]
    found: ValueRange | None
    sentence: str
    warnings: tuple[str, ...]
    streets: Mapping[str, str] = field(default_factory=dict)  # the comps' street lines read, by parcel

    @property
    def kept(self) -> tuple[Sale, ...]:
        return tuple(sale for sale, on in zip(self.search.found.comps, self.used) if on)


def show(search: CompSearch, plan: Plan) -> Shown:
    """The rule that found the comps, the range (it follows the ticks) and the table."""
    comps = search.found.comps
    st.markdown(money_words(rule_sentence(search)))
    if not search.enough:
        st.warning(f"Fewer than {MIN_COMPS} comparable sales even on the widest rule: the range below rests on what there is.")
    dropped = [f"{plural(count, 'sale')}: {DROPPED_WHY[why]}" for why, count in sorted(search.found.dropped.items()) if count]
    if dropped:
        st.caption(money_words("Left out: " + "; ".join(dropped) + "."))
    used_facts(search)
    if not comps:
        st.info("No comparable sale to value this property by.")
        return Shown(search, (), None, "", ())
    summary = st.container()
    streets = street_addresses(comps)
    used = tuple(render_comps_table(comps, search.subject, key=f"{KEY}_table", streets=streets))
    kept = [sale for sale, on in zip(comps, used) if on]
    found = value_range(kept, search.subject)
    sentence = range_sentence(found, search.found.rule, plan.window_end, search.subject) if found else ""
    warnings = tuple(range_warnings(found, search)) if found else ()
    with summary:
        render_value_range(found, sentence, warnings)
    shown = Shown(search, used, found, sentence, warnings, streets)
    render_comp_sheet(shown)
    return shown


def street_addresses(comps: Sequence[Sale]) -> dict[str, str]:
    """The comps' street lines: a deal serves its city and ZIP only, and each street is a parcel
    read (1 credit a parcel new to the account), so they are read when the person asks, cost first."""
    parcels = list(dict.fromkeys(sale.property_id for sale in comps if sale.property_id))
    known = adapter.comps.known_streets(parcels)
    missing = [parcel for parcel in parcels if parcel not in known]
    if not missing:
        return known
    cost = adapter.comps.street_cost(missing)
    what = f"The street addresses of {plural(len(missing), 'comp')}"
    read = confirm_charged_read(
        STREETS_KEY, tuple(missing), ask_label="Add the street addresses", confirm_label="Read the addresses", cost=cost,
        cost_text=(f"{what} cost nothing: your account holds them." if cost == 0 else
                   f"{what} may cost up to {plural(cost, 'credit')} (1 for each parcel new to your account)."),
        load=lambda: adapter.comps.read_streets(missing), error_title="The street addresses could not be read",
        ask_when_free=True, **adapter.budget.rules())
    return {**known, **(read or {})}


def render_comp_sheet(shown: Shown) -> None:
    """"Make a comp sheet (PDF)", then its download: made on request (its map is drawn then), kept
    while the comps and their ticks stay as they are."""
    signature = (shown.search.subject.property_id, shown.search.found.rule, tuple(s.deal_id for s in shown.kept),
                 tuple(sorted(shown.streets.items())))
    kept = st.session_state.get(SHEET_KEY)
    if kept is not None and kept[0] != signature:
        kept = None
    if kept is None and st.button("Make a comp sheet (PDF)", key=f"{SHEET_KEY}_make", icon=":material/picture_as_pdf:"):
        try:
            with st.spinner("Drawing the comp sheet…"):
                kept = (signature, adapter.comps.comp_sheet_pdf(shown.search, shown.used, shown.found, shown.sentence,
                                                                shown.warnings, shown.streets))
        except ApiError as error:
            render_error(error, title="The comp sheet could not be made")
    st.session_state[SHEET_KEY] = kept
    if kept is not None:
        st.download_button("Download the comp sheet", data=kept[1], file_name=f"comp-sheet-{signature[0]}.pdf",
                           mime="application/pdf", key=f"{SHEET_KEY}_download", icon=":material/picture_as_pdf:",
                           on_click="ignore")


def used_facts(search: CompSearch) -> None:
    """What the page used where a live host may serve nothing (sizes, beds, year built)."""
    comps = search.found.comps
    sized = sum(1 for sale in comps if sale.living_area_sqft)
    parts = []
    if not search.subject.living_area_sqft:
        parts.append("This property's living area is not served: no size band applies, and the range is of prices")
    if comps and sized < len(comps):
        parts.append(f"{sized} of {plural(len(comps), 'comp')} carry a living area: the size band applies to those, "
                     "and the price per sq ft rests on them")
    if parts:
        st.caption("; ".join(parts) + ".")
