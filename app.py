"""deedscope: `streamlit run app.py`.

The router and the chrome every page shares (docs/architecture.md): `st.navigation` over
the page scripts, and the sidebar saying where the data comes from, how fresh it is and
what this session has spent. No HTTP here; the `adapter` package does it.
"""

from __future__ import annotations

import logging
from pathlib import Path
from urllib.parse import urlsplit

import streamlit as st

import adapter.budget
import adapter.collector
import adapter.data
import adapter.demo
import adapter.person_state
import adapter.presenter
import adapter.routing
import adapter.settings
import adapter.stores
import adapter.tour
import adapter.watching
from components.feedback import describe_error
from components.phone import render_phone_helper
from components.sidebar import SourceStatus, render_sidebar
from components.tour_panel import render_tour_panel
from links.map import PAGE as MAP_PAGE
from links.tours import Step, TourError, available
from mapspec.map_state import StartedOver, TourStep, controls_in
from mapspec.markets import market_codes
from pages.map_sections import first_paint as map_first_paint
from pages.map_sections import state as map_state
from services.errors import ApiError

ROOT = Path(__file__).resolve().parent
# The tab's icon, served by the app: a Material icon's name made the browser fetch its picture
# from fonts.gstatic.com, a request beyond the API from a prospect's browser (and a console
# error where the network stops at the building).
ICON = ROOT / "static" / "deedscope-icon.png"
# (script, title, url path, icon); the OAuth redirect comes back to /marketplace.
PAGES = (
    ("pages/map.py", "Map", MAP_PAGE, ":material/map:"),
    ("pages/investors.py", "Investors", "investors", ":material/groups:"),
    ("pages/properties.py", "Properties", "properties", ":material/home_pin:"),
    ("pages/agents.py", "Agents", "agents", ":material/badge:"),
    ("pages/lenders.py", "Lenders", "lenders", ":material/account_balance:"),
    ("pages/wholesale.py", "Wholesale", "wholesale", ":material/sell:"),
    ("pages/network.py", "Network", "network", ":material/hub:"),
    ("pages/coverage.py", "Coverage", "coverage", ":material/layers:"),
    ("pages/watching.py", "Watching", "watching", ":material/visibility:"),
    ("pages/marketplace.py", "Marketplace", "marketplace", ":material/storefront:"),
    ("pages/seller.py", "Seller's desk", "seller", ":material/real_estate_agent:"),
)


MAP_TITLE, MAP_PATH = PAGES[0][1], PAGES[0][2]
RESET_ASKED = "demo_reset_asked"  # "Reset the demo" was pressed once


def coming_soon(title: str):
    """A stand-in for a page whose script is not there yet: it says so, nothing breaks."""

    def page() -> None:
        st.title(title)
        st.info(f"The {title} page is coming soon.")

    page.__name__ = f"coming_soon_{title.lower()}"
    return page


def build_pages() -> list:
    pages = []
    for index, (script, title, url_path, icon) in enumerate(PAGES):
        target = script if (ROOT / script).exists() else coming_soon(title)
        pages.append(st.Page(target, title=title, url_path=url_path, icon=icon, default=index == 0))
    return pages


def source_status(*, with_watches: bool = True) -> SourceStatus:
    """What the sidebar shows; a failed probe is said in the sidebar, the page goes on. The watches'
    count only `with_watches`: after a publish it reads each watch's figures, which the status drawn
    before the page must not wait for."""
    current = adapter.settings.settings()
    host = urlsplit(current.api_url or "").netloc or "unknown host"
    status = {"embedded": adapter.settings.uses_embedded_sandbox(), "host": host}
    try:
        dataset = adapter.data.dataset()
        status["dataset_version"] = dataset.dataset_version
        status["data_end"] = None if dataset.data_end is None else dataset.data_end.isoformat()
    except ApiError as error:
        status["problem"] = "Freshness unknown: " + describe_error(error)
    # The session's meter: no request, it counts what the pages' responses said.
    status["credits_charged"], status["credits_remaining"] = adapter.data.credits()
    status["credit_budget"] = adapter.budget.current().limit
    status["budget_problems"] = adapter.budget.budget_settings().problems
    status["presenter"] = adapter.presenter.on()
    if with_watches:
        status["watches"], status["watches_changed"] = adapter.watching.sidebar_counts()
    return SourceStatus(**status)


def main() -> None:
    st.set_page_config(page_title="deedscope", page_icon=str(ICON), layout="wide")
    # A new session of the same person (a login's redirect, a reload, a second tab) goes on where
    # they were: presenter mode, the tour, the budget, the credits spent (adapter/person_state.py).
    adapter.person_state.begin()
    try:
        draw_the_run()
    finally:
        # Also when the run ends early (a write's st.rerun(), a stop, a reload closing the session):
        # what it changed of the person (a form's send, credits spent) is theirs at once.
        adapter.person_state.keep()
    # What the first run loaded lives as long as the process (adapter/collector.py).
    adapter.collector.freeze_what_lives_long()


def draw_the_run() -> None:
    """The shell and the page of one run: navigation, the tour, the sidebar's status and controls."""
    adapter.presenter.begin()
    navigation = st.navigation(build_pages())
    pending = adapter.tour.take_pending_move()
    if pending is not None:
        go_to_step(pending)
    # The Map page's first run in a session draws its map before anything else, the
    # sidebar's status included (pages/map_sections/first_paint.py).
    status_first = not map_first_paint.begin(page_is_map=navigation.title == MAP_TITLE)
    # The status is drawn again after the page (its credits): a slot, filled at once. A delta
    # between its placeholder and its content would let the server flush the placeholder alone
    # and blank the status in the browser while the page runs (tests/pages/test_app_shell.py).
    slot = st.sidebar.empty()
    if status_first:
        draw_sidebar(slot, with_watches=False)
    tour_slot = st.sidebar.container()
    controls = st.sidebar.container()
    with controls:
        adapter.presenter.apply_style()
        # On a phone: the sidebar closes after a tap on a page's name (issue 44, 9). Before the page,
        # which may stop its run early.
        render_phone_helper(key="app_phone")
    navigation.run()
    # A page's link codec may have rewritten the URL: presenter mode stays in it.
    adapter.presenter.keep_in_link()
    with tour_slot:
        # After the page, as every widget of the sidebar (drawn before it, a button's press
        # was lost once the tour had switched pages: AppTest and the browser alike).
        draw_tour()
    if not map_first_paint.waiting():
        # The page may have spent credits: draw the meter again with what it knows now.
        draw_sidebar(slot)
        with controls:
            draw_start_over(navigation.url_path or MAP_PATH)
            draw_demo_controls()


def draw_tour() -> None:
    """The running tour's panel, in presenter mode; Back and Next switch to their step's page."""
    tour = adapter.tour.running()
    if tour is None or not adapter.presenter.on():
        return
    number = adapter.tour.step_number()
    step = tour.steps[number]
    # A press switches pages as its rerun begins (main's pending move), before this page runs again.
    render_tour_panel(tour.name, number, len(tour.steps), step.title, step.points,
                      on_move=adapter.tour.move, on_end=adapter.tour.stop, key="tour")


def go_to_step(step: Step | None) -> None:
    """Open the step's page on its link, in presenter mode. The Map restores a link once per
    session: a step on the Map tells it so (mapspec/map_state.py: TourStep), and it shows the
    step's link instead of the view, cell and area chosen since."""
    if step is None:
        return
    if step.page == MAP_PATH:
        map_state.send(TourStep())
    script = next(script for script, _title, url_path, _icon in PAGES if url_path == step.page)
    st.switch_page(script, query_params={**adapter.tour.step_query(step), adapter.presenter.PRESENT_PARAM: "1"})


def draw_tour_start() -> None:
    """"Start the tour": its reads ahead are the only reads it charges, their most cost said once on
    the button (none on the embedded sandbox in presenter mode); its steps then cost nothing. A cost
    the session's budget does not hold asks for the budget to be raised first (issue 29, Credits)."""
    tours = available()
    if not tours:
        return
    name = st.selectbox("Tour", tours, key="tour_choice") if len(tours) > 1 else tours[0]
    budget = adapter.budget.current()
    try:
        cost = 0 if budget.free else adapter.tour.start_cost(name)
    except TourError as error:
        st.caption(str(error))
        return
    except ApiError as error:
        st.caption("The tour cannot start: " + describe_error(error))
        return
    raised = adapter.budget.raise_needed(budget, cost)
    if raised:
        st.caption(
            f"Starting the tour reads up to {cost:,} credits; this session's budget has {budget.left:,} left "
            f"of {budget.limit:,}."
        )
        st.button(f"Raise the budget to {raised:,} credits", key="tour_raise_budget",
                  on_click=adapter.budget.raise_to, args=(raised,), icon=":material/trending_up:")
        return
    label = "Start the tour" + (f" (up to {cost:,} credits, once)" if cost else "")
    st.button(label, key=adapter.tour.START_KEY, on_click=start_the_tour, args=(name,), icon=":material/slideshow:",
              help="Reads what the tour's steps show first, so each opens at once and costs nothing more.")


def start_the_tour(name: str) -> None:
    try:
        problems = adapter.tour.start(name)
    except (TourError, ApiError) as error:
        problems = [str(error) if isinstance(error, TourError) else "The tour could not start: " + describe_error(error)]
    st.session_state["tour_said"] = problems


def draw_start_over(page: str) -> None:
    """The sidebar takes a person back to where they were on each page (issue 42); this is the
    explicit way to a page as on a first visit."""
    st.button("Start this page over", key="start_over", on_click=start_over, args=(page,), type="tertiary",
              icon=":material/restart_alt:", help="Forgets this page's choices and selection, as on a first visit.")


def start_over(page: str) -> None:
    for name in [name for name in st.query_params if name != adapter.presenter.PRESENT_PARAM]:
        del st.query_params[name]
    adapter.routing.forget_selection(page)
    if page == MAP_PATH:
        try:
            codes = market_codes(adapter.data.markets())
        except ApiError:
            codes = []
        map_state.send(StartedOver(controls_in({}, codes)))


def draw_demo_controls() -> None:
    """Presenter mode's switch, the tour's start and, on the embedded sandbox, the demo's reset (issue 29)."""
    adapter.presenter.render_switch()
    if adapter.presenter.on() and adapter.tour.running() is None:
        draw_tour_start()
    for said in st.session_state.pop("tour_said", None) or []:
        st.caption(said)
    if adapter.demo.reset_offered():
        draw_demo_reset()
    said = st.session_state.pop("demo_reset_said", None)
    if said:
        st.caption(said)


def draw_demo_reset() -> None:
    """"Reset the demo" asks first: its first press turns it into "Press again to reset", in the
    same place, so the room sees no question; any other press forgets the asking."""
    if st.session_state.pop(RESET_ASKED, False):
        st.caption(adapter.demo.RESET_WORDS)
        st.button("Press again to reset the demo", key="demo_reset_confirm", on_click=reset_the_demo, type="primary",
                  icon=":material/restart_alt:")
    else:
        st.button("Reset the demo", key="demo_reset", on_click=st.session_state.__setitem__, args=(RESET_ASKED, True),
                  icon=":material/restart_alt:", help=adapter.demo.RESET_WORDS)


def reset_the_demo() -> None:
    try:
        adapter.demo.reset_demo()
    except Exception:  # noqa: BLE001 - the embedded sandbox may have stopped answering
        st.session_state["demo_reset_said"] = (
            "The demo could not be reset: its data did not answer. Restart the app to start the demo afresh."
        )
    else:
        st.session_state["demo_reset_said"] = adapter.demo.RESET_DONE


def draw_sidebar(slot, *, with_watches: bool = True) -> None:
    with slot.container():
        try:
            render_sidebar(source_status(with_watches=with_watches), key="app-sidebar")
        except Exception as error:  # noqa: BLE001 - e.g. the embedded sandbox failed to start
            st.error(describe_error(error))
        store_problem = adapter.stores.problem()
        if store_problem:
            st.warning(store_problem, icon=":material/warning:")
        setup_problem = adapter.settings.marketplace_setup_problem()
        if setup_problem:
            st.warning(setup_problem, icon=":material/warning:")


if __name__ == "__main__":
    # Streamlit runs the script as __main__; tests may import it for its parts.
    main()
else:
    # `streamlit run app.py` finds this ASGI app (st.App) and serves the script through it,
    # with the login callback and the published files of other replicas in front
    # (web/middleware.py). Only when imported: a script run builds no server, and the
    # routes' imports (starlette, the login) wait until then.
    from web.middleware import MIDDLEWARE
    from web.no_delay import no_delay_on_listening_sockets
    from web.page_changes import keep_page_changes

    # Streamlit has bound its socket and accepts nothing yet: its answers go out at once.
    no_delay_on_listening_sockets()
    # A click on another page is not undone by the map speaking meanwhile.
    keep_page_changes()

    if adapter.settings.marketplace_setup_problem():
        # Said at start (and in the sidebar): a configured host needs DEEDSCOPE_AUTH_URL.
        logging.getLogger("deedscope").warning(adapter.settings.AUTH_URL_MISSING)

    app = st.App(__file__, middleware=MIDDLEWARE)
