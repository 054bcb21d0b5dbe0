"""Every part of Streamlit the app uses that Streamlit does not promise to keep (issue 41, 4).

Streamlit 1.67's documented API (`st.*`, `st.App`, `st.components.v2`, `st.context`,
`streamlit.testing.v1`, its config options and `app/static/` serving) is not listed here. What
is: modules under `streamlit.runtime`, `streamlit.web`, `streamlit.proto` and kin, the shape of
its `index.html`, the names of its published files, its route prefixes, and the class names
and test ids its browser side puts on elements, which the app's CSS and the map's script
select. Each is a `PrivatePart` with a probe that checks the installed Streamlit still has it;
`tests/web/test_streamlit_private.py` runs every probe as a test named after its part, so an
upgrade that breaks one fails by that name, and checks that every use in the code is listed
(a new `from streamlit.runtime...`, a new `data-testid` or `.st-key-` selector fails there
until it has its entry here).

Tests and benchmarks also find Streamlit's elements by test id, as a browser test does; they
fail on their own when one changes, so only their imports of Streamlit's modules are listed.
"""

from __future__ import annotations

import importlib
import inspect
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import streamlit

from web.middleware import NOT_A_PAGE
from web.published_routes import STATIC_PREFIX
from web.warm_modules import STREAMLIT_JS, WARMED, warmed_paths

STREAMLIT_STATIC = Path(streamlit.__file__).parent / "static"


class PartMissing(AssertionError):
    """The installed Streamlit no longer has a part the app uses."""


@dataclass(frozen=True)
class PrivatePart:
    name: str
    relied_on: str  # what the app takes for granted, in a sentence
    used_by: tuple[str, ...]  # files that rely on it, from the repository's root
    probe: Callable[[], None]  # raises PartMissing (or an import's error) when it is gone

    def check(self) -> None:
        try:
            self.probe()
        except Exception as error:  # noqa: BLE001 - any failure of a probe is the part gone
            raise PartMissing(f"{self.name}: {self.relied_on} ({', '.join(self.used_by)}): {error}") from error


def _require(condition: object, what: str) -> None:
    if not condition:
        raise PartMissing(what)


def _attribute(dotted: str) -> object:
    """`module.path.Name[.attr]`, imported; an ImportError or AttributeError when gone."""
    module_name, _, rest = dotted.partition(":")
    found: object = importlib.import_module(module_name)
    for part in filter(None, rest.split(".")):
        found = getattr(found, part)
    return found


@cache
def _bundle_text(folder: Path = STREAMLIT_JS) -> str:
    """Streamlit's browser side: every published module, as one text to search."""
    return "\n".join(path.read_text(encoding="utf-8", errors="replace") for path in sorted(folder.glob("*.js")))


def bundle_has_literal(literal: str, folder: Path = STREAMLIT_JS) -> None:
    """The browser side writes `literal` as a string of its own (any quotes)."""
    quoted = re.compile(r"[\"'`]" + re.escape(literal) + r"[\"'`]")
    _require(quoted.search(_bundle_text(folder)), f"no {literal!r} in Streamlit's scripts")


def _pages_manager() -> None:
    manager = _attribute("streamlit.runtime.pages_manager:PagesManager")
    _require("uses_pages_directory" in vars(manager), "PagesManager.uses_pages_directory is gone")
    # devtools/app_test.py swaps the class AppTest builds, by this name, for a subclass.
    _require(_attribute("streamlit.testing.v1.app_test:PagesManager") is manager, "AppTest's PagesManager")


def _script_run_context() -> None:
    getter = _attribute("streamlit.runtime.scriptrunner:get_script_run_ctx")
    _attribute("streamlit.runtime.scriptrunner:add_script_run_ctx")
    _require("suppress_warning" in inspect.signature(getter).parameters, "get_script_run_ctx(suppress_warning=)")
    context = _attribute("streamlit.runtime.scriptrunner_utils.script_run_context:ScriptRunContext")
    _require("main_script_path" in inspect.get_annotations(context), "ScriptRunContext.main_script_path")
    _require(isinstance(vars(context).get("page_script_hash"), property), "ScriptRunContext.page_script_hash")


def _runtime_exists() -> None:
    _require(callable(_attribute("streamlit.runtime:exists")), "streamlit.runtime.exists()")


def _page_not_found() -> None:
    _require(issubclass(_attribute("streamlit.errors:StreamlitPageNotFoundError"), Exception), "an exception")


def index_html_head(page: Path = STREAMLIT_STATIC / "index.html") -> None:
    """One `<head>` to write into, and Streamlit's own scripts in it deferred modules, so a
    module script written at the head's top runs before them (web/early_map.py)."""
    html = page.read_text(encoding="utf-8")
    _require(html.count("<head>") == 1, "index.html has one <head>")
    scripts = re.findall(r"<script\b[^>]*\bsrc=[^>]*>", html)
    _require(scripts, "index.html loads Streamlit's script")
    _require(all('type="module"' in tag for tag in scripts), "Streamlit's scripts are modules")


def _route_prefixes() -> None:
    routes = "streamlit.web.server.starlette.starlette_routes:"
    served = {
        _attribute(routes + name)
        for name in ("BASE_ROUTE_CORE", "BASE_ROUTE_STATIC", "BASE_ROUTE_APP_STATIC", "BASE_ROUTE_MEDIA", "BASE_ROUTE_COMPONENT")
    }
    _require({prefix.strip("/") for prefix in NOT_A_PAGE} == served, f"Streamlit's own routes are {sorted(served)}")
    _require(STATIC_PREFIX.strip("/") == _attribute(routes + "BASE_ROUTE_APP_STATIC"), "app/static")
    _require(_attribute(routes + "ROUTE_HEALTH") == "_stcore/health", "the health route")


def hashed_modules(folder: Path = STREAMLIT_JS) -> None:
    """A table's, a chart's and the chart library's modules, found by name (web/warm_modules.py)."""
    found = {path.rsplit("/", 1)[1].split(".", 1)[0] for path in warmed_paths(folder)}
    _require(found == set(WARMED), f"found {sorted(found)} of {list(WARMED)}")


def _keyed_class() -> None:
    # A keyed container's class: `st-key-` and the key (Streamlit's `getKeyedClassName`).
    _require(re.search(r"[\"'`]st-key-[\"'`]", _bundle_text()), "keyed containers' st-key- class")


def _map_page_layout() -> None:
    # The sidebar's default width, and the key a width a person dragged it to is kept under.
    _require("defaultSidebarWidth:`18.75rem`" in _bundle_text(), "the sidebar's default width, 18.75rem")
    bundle_has_literal("sidebarWidth")


def _table_grid_layout() -> None:
    bundle_has_literal("dvn-stack")
    _require(re.search(r"[\"'`]dvn-scroller ?[\"'`]", _bundle_text()), "the grid's dvn-scroller class")


def _websocket_protocol() -> None:
    _attribute("streamlit.components.v2.bidi_component.main:_make_trigger_id")
    for message in ("BackMsg_pb2:BackMsg", "ForwardMsg_pb2:ForwardMsg", "ClientState_pb2:ClientState", "ClientState_pb2:ContextInfo"):
        _attribute("streamlit.proto." + message)


def _test_id(test_id: str) -> Callable[[], None]:
    if test_id == "stBaseButton":
        return _base_button_test_id
    return lambda: bundle_has_literal(test_id)


def _base_button_test_id() -> None:
    """A button's test id is made of its kind (`stBaseButton-${kind}`): the sidebar's own close
    button is the kind headerNoPadding (frontend/src/phone.js)."""
    _require("`stBaseButton-${" in _bundle_text(), "buttons' test id stBaseButton-<kind>")
    bundle_has_literal("headerNoPadding")

def _link_cell_and_history() -> None:
    bundle = _bundle_text()
    _require(re.search(r"onClickUri:\w+=>\{window\.open\(", bundle), "a link cell's word calls window.open")
    _require(re.search(r"addEventListener\(`popstate`,this\.onHistoryChange", bundle), "popstate switches the page")


def _page_info_pushes() -> None:
    bundle = _bundle_text()
    _require(re.search(r"handlePageInfoChanged=\w+=>\{.{0,300}?window\.history\.pushState\(", bundle),
             "a query the script writes is pushed by window.history.pushState, looked up at each call")


def _rerun_requests() -> None:
    # web/page_changes.py wraps the fold of a rerun request into the pending one, and reads
    # the request last asked for and the requests' state.
    requests = _attribute("streamlit.runtime.scriptrunner_utils.script_requests:ScriptRequests")
    fold = inspect.signature(requests._request_rerun_locked)
    _require(list(fold.parameters) == ["self", "new_data"], "ScriptRequests._request_rerun_locked(self, new_data)")
    source = inspect.getsource(requests)
    _require("self._rerun_data = " in source and "self._state = " in source, "ScriptRequests._rerun_data and _state")
    fields = set(inspect.get_annotations(_attribute("streamlit.runtime.scriptrunner_utils.script_requests:RerunData")))
    wanted = {"page_script_hash", "fragment_id", "fragment_id_queue", "is_fragment_scoped_rerun"}
    _require(wanted <= fields, f"RerunData has {sorted(wanted)}")
    _attribute("streamlit.runtime.scriptrunner_utils.script_requests:ScriptRequestType.STOP")


# The test ids the app's CSS and scripts select, and where.
TEST_IDS = {
    "stMain": ("adapter/presenter.py",),
    "stMainBlockContainer": ("adapter/presenter.py", "frontend/src/early.js", "frontend/src/spare.js"),
    "stElementContainer": ("frontend/src/early.js",),
    "stMarkdownContainer": ("adapter/presenter.py",),
    "stCaptionContainer": ("adapter/presenter.py",),
    "stWidgetLabel": ("adapter/presenter.py",),
    "stMetricValue": ("adapter/presenter.py",),
    "stMetricLabel": ("adapter/presenter.py",),
    "stDataFrame": ("adapter/presenter.py", "frontend/src/table_zoom.js"),
    "stDataFrameResizable": ("adapter/presenter.py", "frontend/src/table_zoom.js"),
    "stMetric": ("adapter/presenter.py",),
    "stSidebar": ("adapter/presenter.py", "frontend/src/phone.js"),
    "stSidebarNav": ("frontend/src/phone.js",),
    "stSidebarCollapseButton": ("frontend/src/phone.js",),
    "stBaseButton": ("frontend/src/phone.js",),
    "stTextInput": ("web/typed_routes.py",),
    "stTextArea": ("web/typed_routes.py",),
    "stNumberInput": ("web/typed_routes.py",),
}

def _binds_before_import() -> None:
    # web/no_delay.py finds the listening socket when uvicorn imports app.py: Streamlit must have
    # bound it by then (UvicornRunner.run binds, then uvicorn's serve loads the app, then accepts).
    run = inspect.getsource(_attribute("streamlit.web.server.starlette.starlette_server:UvicornRunner.run"))
    bound, served = run.find("_bind_server_socket("), run.find("(sockets=[")
    _require(0 <= bound < served, "UvicornRunner.run binds its socket itself, then serves on it")


PRIVATE_PARTS: tuple[PrivatePart, ...] = (
    PrivatePart(
        "socket-bound-before-app-import",
        "Streamlit binds its listening socket before uvicorn imports app.py, which sets TCP_NODELAY on it",
        ("web/no_delay.py", "app.py"),
        _binds_before_import,
    ),
    PrivatePart(
        "pages-manager-legacy-mode",
        "a server's first run in `pages/` mode is ended by setting PagesManager.uses_pages_directory "
        "(and AppTest's runs keep it ended through a subclass of the PagesManager it builds)",
        ("adapter/routing.py", "devtools/app_test.py"),
        _pages_manager,
    ),
    PrivatePart(
        "script-run-context",
        "a run's context is read (its main script's folder, its page) and handed to a reading-ahead thread",
        ("adapter/static_files.py", "adapter/read_ahead.py", "adapter/watch_checks.py", "web/page_changes.py"),
        _script_run_context,
    ),
    PrivatePart(
        "runtime-exists",
        "streamlit.runtime.exists() says whether a script runs under Streamlit",
        ("adapter/served.py", "bench/map_paint.py"),
        _runtime_exists,
    ),
    PrivatePart(
        "page-not-found-error",
        "st.page_link to a page no router runs (a page run alone) raises StreamlitPageNotFoundError",
        ("components/tables.py",),
        _page_not_found,
    ),
    PrivatePart(
        "index-html-head",
        "every page is Streamlit's index.html: one <head>, Streamlit's scripts deferred modules",
        ("web/early_map.py",),
        index_html_head,
    ),
    PrivatePart(
        "route-prefixes",
        "Streamlit's own routes (not a page) are _stcore/, static/, app/static/, media/, component/",
        ("web/middleware.py", "web/app_links.py", "web/published_routes.py", "devtools/services_process.py",
         "devtools/streamlit_process.py"),
        _route_prefixes,
    ),
    PrivatePart(
        "hashed-module-names",
        "Streamlit publishes its table and chart code as static/js/<Name>.<hash>.js",
        ("web/warm_modules.py",),
        hashed_modules,
    ),
    PrivatePart(
        "keyed-container-class",
        "a container with key=K carries the class st-key-K",
        ("pages/map_sections/first_paint.py", "mapspec/map_state.py", "frontend/src/spare.js", "web/typed_routes.py",
         "adapter/drafts.py"),
        _keyed_class,
    ),
    PrivatePart(
        "link-cell-and-history",
        "a table's link word is opened by window.open(href, '_blank'), and Streamlit's popstate handler "
        "switches to the URL's page with its query in the same session (web/app_links.py)",
        ("web/app_links.py",),
        _link_cell_and_history,
    ),
    PrivatePart(
        "query-change-pushes",
        "a query a script run writes (st.query_params) is pushed into the browser's history with "
        "window.history.pushState, looked up when called, outside Back and Forward (web/history_entries.py)",
        ("web/history_entries.py",),
        _page_info_pushes,
    ),
    PrivatePart(
        "map-page-layout",
        "the Map page's map stands where Streamlit's layout puts it: the sidebar 300 px (or the width it keeps), "
        "the main block's padding, the title (tests/browser/test_map_first_visit.py checks the box)",
        ("frontend/src/first_visit.js",),
        _map_page_layout,
    ),
    PrivatePart(
        "table-grid-layout",
        "a table's grid (glide-data-grid) lays its columns out in .dvn-stack, their own width whatever the zoom, "
        "inside the .dvn-scroller it shows, and maps a click on a zoomed grid by its box's scale",
        ("frontend/src/table_zoom.js",),
        _table_grid_layout,
    ),
    PrivatePart(
        "rerun-requests-fold",
        "a rerun that comes while another waits is folded into it by ScriptRequests._request_rerun_locked, "
        "which knows the request last asked for (its page, its fragments)",
        ("web/page_changes.py",),
        _rerun_requests,
    ),
    PrivatePart(
        "websocket-protocol",
        "the benchmark speaks Streamlit's websocket protocol (its protobufs, a component's trigger id)",
        ("bench/replicas.py",),
        _websocket_protocol,
    ),
    *(
        PrivatePart(f"test-id-{test_id}", f'Streamlit marks elements data-testid="{test_id}"', files, _test_id(test_id))
        for test_id, files in TEST_IDS.items()
    ),
)
