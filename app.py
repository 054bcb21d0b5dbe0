"""deedscope: `streamlit run app.py`.

The router and the chrome every page shares (docs/architecture.md): `st.navigation` over
the page scripts, and the sidebar saying where the data comes from, how fresh it is and
what this session has spent. No HTTP here; the `adapter` package does it.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit

import streamlit as st

import adapter.collector
import adapter.data
import adapter.settings
import adapter.stores
from components.feedback import describe_error
from components.sidebar import SourceStatus, render_sidebar
from pages.sections import map_first_paint
from services.errors import ApiError

ROOT = Path(__file__).resolve().parent
# (script, title, url path, icon); the OAuth redirect comes back to /marketplace.
PAGES = (
    ("pages/map.py", "Map", "map", ":material/map:"),
    ("pages/investors.py", "Investors", "investors", ":material/groups:"),
    ("pages/properties.py", "Properties", "properties", ":material/home_pin:"),
    ("pages/agents.py", "Agents", "agents", ":material/badge:"),
    ("pages/lenders.py", "Lenders", "lenders", ":material/account_balance:"),
    ("pages/wholesale.py", "Wholesale", "wholesale", ":material/sell:"),
    ("pages/network.py", "Network", "network", ":material/hub:"),
    ("pages/coverage.py", "Coverage", "coverage", ":material/layers:"),
    ("pages/marketplace.py", "Marketplace", "marketplace", ":material/storefront:"),
    ("pages/seller.py", "Seller's desk", "seller", ":material/real_estate_agent:"),
)


MAP_TITLE = PAGES[0][1]


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


def source_status() -> SourceStatus:
    """What the sidebar shows; a failed probe is said in the sidebar, the page goes on."""
    current = adapter.settings.settings()
    host = urlsplit(current.api_url or "").netloc or "unknown host"
    status = {"embedded": adapter.settings.uses_embedded_sandbox(), "host": host}
    try:
        dataset = adapter.data.dataset()
        status["dataset_version"] = dataset.get("dataset_version")
        status["data_end"] = dataset.get("data_end")
    except ApiError as error:
        status["problem"] = "Freshness unknown: " + describe_error(error)
    # The session's meter: no request, it counts what the pages' responses said.
    status["credits_charged"], status["credits_remaining"] = adapter.data.credits()
    return SourceStatus(**status)


def main() -> None:
    st.set_page_config(page_title="deedscope", page_icon=":material/home_work:", layout="wide")
    navigation = st.navigation(build_pages())
    slot = st.sidebar.empty()
    # The Map page's first run in a session draws its map before anything else, the
    # sidebar's status included (pages/sections/map_first_paint.py).
    if not map_first_paint.begin(page_is_map=navigation.title == MAP_TITLE):
        draw_sidebar(slot)
    navigation.run()
    if not map_first_paint.waiting():
        # The page may have spent credits: draw the meter again with what it knows now.
        draw_sidebar(slot)
    # What the first run loaded lives as long as the process (adapter/collector.py).
    adapter.collector.freeze_what_lives_long()


def draw_sidebar(slot) -> None:
    with slot.container():
        try:
            render_sidebar(source_status(), key="app-sidebar")
        except Exception as error:  # noqa: BLE001 - e.g. the embedded sandbox failed to start
            st.error(describe_error(error))
        store_problem = adapter.stores.problem()
        if store_problem:
            st.warning(store_problem, icon="⚠️")


if __name__ == "__main__":
    # Streamlit runs the script as __main__; tests may import it for its parts.
    main()
else:
    # `streamlit run app.py` finds this ASGI app (st.App) and serves the script through it,
    # with the login callback and the published files of other replicas in front
    # (adapter/login_routes.py). Only when imported: a script run builds no server.
    from adapter.login_routes import MIDDLEWARE

    app = st.App(__file__, middleware=MIDDLEWARE)
