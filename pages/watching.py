"""Watching: every watch with what changed since the person last looked, per publish (issue 47).

The page asks the dataset probe first (free), so a publish since the sidebar's last poll shows at
once; each watch is then compared with what the person saw of it last, from free reads
(adapter/watch_checks.py). Opening a change marks it seen and reads its rows, a charged read only
where the rows cost credits (a view's or an investor's new deals, a parcel's page), its cost said
first and within the session's budget. "Show them on the Map" opens a view's new deals on the Map.
The list can be exported as a JSON file and imported (added to, or refused whole in words).
"""

from __future__ import annotations

from functools import partial

import streamlit as st

import adapter.budget
import adapter.data
import adapter.routing
import adapter.watch_checks
import adapter.watching
from components.charged_read import confirm_charged_read
from components.tables import escape_markdown
from components.watch_list import render_opened, render_watch_file, render_watch_row
from components.words import credits_text
from watches.changes import MOVED, NEW, UNKNOWN, Check, since_words
from watches.model import INVESTOR, LENDER, MAX_WATCHES, VIEW, WHOLESALER, Watch
from watches.opened import OpenedChange
from watches.names import day_words
from watches.targets import map_query_of_new

# The changes opened in this session: watch key -> the watch as it was before (its `seen`), what changed.
OPENED = "watch_opened"


def row_key(watch: Watch) -> str:
    """A widget key for the watch's row that stays its own when others are added or stopped."""
    return f"watch_{watch.token}"


# --- what the buttons do (callbacks: they act before the rerun draws the page) ------------------------------


def open_change(watch: Watch, check: Check) -> None:
    """Opening a change marks it seen; its rows are read below the row (the cost said first)."""
    st.session_state.setdefault(OPENED, {})[watch.key] = OpenedChange(watch, check.change)
    if check.now is not None and check.changed:
        adapter.watching.mark_seen({watch.key: check.now})


def close_change(key: str) -> None:
    st.session_state.get(OPENED, {}).pop(key, None)


def show_on_map(watch: Watch, check: Check) -> None:
    """The view's new deals on the Map: its place and filters from their first month; marked seen."""
    open_change(watch, check)
    close_change(watch.key)
    st.session_state["watch_to_map"] = map_query_of_new(watch, check.change.first_month if check.change else None)


def mark_all_seen(seen_by_key: dict) -> None:
    adapter.watching.mark_seen(seen_by_key)
    adapter.watching.say(f"Marked {len(seen_by_key)} seen.")


# --- the page -----------------------------------------------------------------------------------------------


def follow_moved(watches: list[Watch], checks: list[Check]) -> None:
    """A watch whose record the host now keeps under another id follows it (said once on its row)."""
    for watch, check in zip(watches, checks, strict=True):
        if check.status == MOVED and check.moved_to:
            adapter.watching.follow(watch.key, check.moved_to, check.note or "", check.moved_name)


def render_watches(watches: list[Watch]) -> None:
    checks = adapter.watch_checks.checks(watches)
    if any(check.status == MOVED for check in checks):
        follow_moved(watches, checks)
        st.rerun()
    # A watch with nothing seen yet (imported without figures, or made while they could not be read)
    # starts from what this publish shows: the next one's news are then what it says.
    first_seen = {watch.key: check.now for watch, check in zip(watches, checks, strict=True)
                  if check.status == NEW and check.now is not None}
    if first_seen:
        adapter.watching.mark_seen(first_seen)
    changed = {watch.key: check.now for watch, check in zip(watches, checks, strict=True) if check.changed and check.now}
    dataset = adapter.data.dataset()
    through = f" · data through {day_words(dataset.data_end)}" if dataset.data_end else ""
    st.markdown(f"**{len(changed)} of {len(watches)}** changed since you last looked{through}.")
    if changed:
        st.button("Mark all seen", key="watch_all_seen", on_click=mark_all_seen, args=(changed,), icon=":material/done_all:")
    for watch, check in zip(watches, checks, strict=True):
        key = row_key(watch)
        with st.container(border=True, key=f"{key}_row"):
            render_watch_row(
                watch, check, key=key, since=since_words(watch),
                on_open=partial(open_change, watch, check) if check.changed or _checked_by_opening(watch, check) else None,
                on_seen=partial(adapter.watching.mark_seen, {watch.key: check.now}) if check.changed and check.now else None,
                on_stop=partial(adapter.watching.stop, watch.key),
                on_map=partial(show_on_map, watch, check) if check.changed and watch.kind == VIEW else None,
            )
            opened = st.session_state.get(OPENED, {}).get(watch.key)
            if opened:
                render_opened_change(opened, key=key)


def _checked_by_opening(watch: Watch, check: Check) -> bool:
    """An investor its free search cannot tell about is checked by opening its profile."""
    return watch.kind == INVESTOR and check.status == UNKNOWN


def render_opened_change(opened: OpenedChange, *, key: str) -> None:
    watch = opened.watch
    if opened.change is None:
        render_profile_check(watch, key=key)
    else:
        cost = adapter.watch_checks.opening_cost(watch, opened.count)
        what = f"Opening {opened.words}"
        cost_text = (f"{what} is free: lender and wholesaler records cost no credits."
                     if watch.kind in (LENDER, WHOLESALER) else credits_text(cost, what))
        rows = confirm_charged_read(
            f"{key}_read", (watch.key, opened.first_month), ask_label="Open", asked=True, confirm_label="Open",
            cost_text=cost_text, cost=cost, error_title=f"{watch.name} could not be opened",
            load=lambda: adapter.watch_checks.opening(watch, opened.first_month), **adapter.budget.rules())
        if rows is not None:
            render_opened(watch, rows, key=key, since=since_words(watch))
    st.button("Close", key=f"{key}_close", on_click=close_change, args=(watch.key,), icon=":material/close:")


def render_profile_check(watch: Watch, *, key: str) -> None:
    """An investor its name no longer finds: its profile says where it went, or that it is gone."""
    cost = adapter.watch_checks.profile_cost(watch)
    found = confirm_charged_read(
        f"{key}_profile", (watch.key,), ask_label="Check its profile", asked=True, confirm_label="Check its profile",
        cost_text=credits_text(cost, "Reading its profile"), cost=cost,
        error_title=f"{watch.name} could not be checked", load=lambda: adapter.watch_checks.check_by_profile(watch),
        **adapter.budget.rules())
    if found is None:
        return
    if found.gone or found.seen is None:
        st.warning(found.note or "The data service no longer serves it.", icon=":material/block:")
        return
    if found.moved_to:
        adapter.watching.follow(watch.key, found.moved_to, "The records now keep this investor under a new entry: "
                                "the watch follows it.", found.name)
    adapter.watching.mark_seen({watch.key: found.seen})
    figures = found.seen.figures
    latest = f", the latest on {day_words(figures.last_on)}" if figures.last_on else ""
    counted = f"{figures.count:,} purchases on record" if figures.count is not None else "its purchases are on its profile"
    st.success(f"{escape_markdown(found.name or watch.name)}: {counted}{latest}. Watching from here.",
               icon=":material/check:")


def main() -> None:
    st.title("Watching")
    target = st.session_state.pop("watch_to_map", None)
    if target is not None:
        st.switch_page("pages/map.py", query_params=target)
    # The dataset probe (free): a publish since the sidebar's last poll shows at once.
    adapter.watch_checks.refresh_version()
    said = adapter.watching.said()
    if said:
        st.info(said, icon=":material/info:")
    watches = adapter.watching.watches()
    st.caption(adapter.watching.owner().kept_words)
    if watches:
        render_watches(watches)
    else:
        st.info("You watch nothing yet. Press Watch on the Map (a place and its filters), on an investor's profile, "
                "a property, a lender or a wholesaler: what each publish adds shows here.", icon=":material/visibility:")
    st.divider()
    st.subheader("Keep or move the list")
    imported = render_watch_file(export_data=adapter.watching.export_file(), file_name="deedscope-watches.json",
                                 key="watch_file", count=len(watches), limit=MAX_WATCHES)
    if imported is not None:
        outcome = adapter.watching.import_file(imported)
        if not outcome.ok:
            # Refused whole, beside the file: the list above is as it was.
            st.warning(outcome.said, icon=":material/block:")
            return
        adapter.watching.say(outcome.said)
        st.rerun()


adapter.routing.ensure_app_router()
main()
