"""Every page of the app, walked on the sandbox's `--variety` data, says things in a person's words
(issue 44, Done when): no raw id outside a details line, no "None" or "nan", no document or field
wording, no host's address; and every table it draws shows a dash for a missing value.

Each page is opened in the states a person meets (a search, a profile read, each of its tabs), and
every charged read it offers is asked for and agreed to, so what those reads draw is scanned too.
What is scanned is what a person reads: every element's text, labels, options and help. A closed
"Details" expander (what support needs: the ids, the server's words) is the one place an id may be.
Tables are data: what their cells hold is checked by the table rule (components/tables.py), here
as the rule's traces in what the page sent (its placeholder, its numbers' format).
"""

from __future__ import annotations

import json
import re

import pandas as pd
import pytest
from streamlit.testing.v1 import AppTest

from services.contract import ID_PATTERNS, MARKETPLACE_ID_PATTERNS
from tests.pages.apptest import RUN_TIMEOUT_S, api_get, page_path
from tests.pages.map_helpers import drawn_cells, select_cell
from tests.pages.test_peoples_words import API_WORDING, fixture

pytestmark = pytest.mark.shape_independent("on the --variety sandbox in every pass already (variety_app_env)")

# Ids as the documents give them (contract.py) and those a person must never read either: a
# request's id, an address agreement's, an H3 cell's (15 hex digits starting with 8).
_ID_SHAPES = [pattern.pattern for name, pattern in {**ID_PATTERNS, **MARKETPLACE_ID_PATTERNS}.items() if name != "listing"]
RAW_ID = re.compile(r"\b(?:" + "|".join(_ID_SHAPES) + r"|req_[0-9a-z]{6,}|agr_[0-9a-z]{6,}|8[0-9a-f]{14}|[0-9a-f]{32})\b")
# What a null or a missing number becomes when printed as is.
RAW_NULL = re.compile(r"\bNone\b|\bnan\b|\bNaN\b|\bnull\b")
# A host's address (the sidebar once showed "127.0.0.1:34993"), a route of the documents, a data
# term as the API spells it (snake_case, SCREAMING_CASE, "Ibuyer" from IBUYER).
PLUMBING = re.compile(
    r"127\.0\.0\.1|localhost|\b\d{1,3}(?:\.\d{1,3}){3}:\d+|/buy\b|\bAPI \d|\bIbuyer\b"
    r"|\b[a-z]+(?:_[a-z0-9]+)+\b|\b[A-Z]{2,}(?:_[A-Z]+)+\b|\(stale: [a-z]"
)
# A table cell that is a code or an id as the API spells it ("long_hold", "IBUYER", "inv_…").
CODE_OR_ID = re.compile(r"[a-z]+(?:_[a-z0-9]+)+|[A-Z]{2,}(?:_[A-Z]+)+|" + RAW_ID.pattern)
# The table rule's placeholder (components/tables.py: MISSING).
DASH = "—"


# The fields of an element that a person reads (its id, form, URL and a table's set-up are not read).
READ_FIELDS = {"label", "body", "help", "placeholder", "options", "caption", "text", "delta", "code_text", "value",
               "default_value", "title", "markdown"}
# Elements whose content is data: tables (their cells: the table rule), charts, the map's message.
DATA_ELEMENTS = {"dataframe", "arrow_data_frame", "vega_lite_chart", "arrow_vega_lite_chart", "deck_gl_json_chart", "bidi_component",
                 "json"}


def spoken(node) -> list[str]:
    """What a person reads under `node`: each element's read fields, a markdown link's words without
    its address, an HTML element's text without its markup. A closed "Details" expander is skipped:
    it holds what support needs (ids, the server's words)."""
    kind = getattr(node, "type", None)
    if kind == "expander" and getattr(node, "label", None) == "Details":
        return []
    if kind == "html":
        return [re.sub(r"<[^>]*>", " ", re.sub(r"(?s)<style.*?</style>", " ", str(node.value)))]
    found = []
    proto = getattr(node, "proto", None)
    if proto is not None and kind not in DATA_ELEMENTS and proto.DESCRIPTOR.name != "Block":
        found.append(re.sub(r"\]\([^)]*\)", "]", " ".join(_read_fields(proto))))
    if kind == "tab" or (kind or "").startswith("expand"):
        found.append(str(getattr(node, "label", "") or ""))
    for child in getattr(node, "children", {}).values():
        found.extend(spoken(child))
    return found


def _read_fields(proto) -> list[str]:
    parts = []
    for field, value in proto.ListFields():
        if field.name not in READ_FIELDS and field.message_type is None:
            continue
        if isinstance(value, str):
            parts.append(value)
        elif hasattr(value, "ListFields"):
            parts.extend(_read_fields(value))
        elif field.name in READ_FIELDS and hasattr(value, "__iter__"):
            parts.extend(item for item in value if isinstance(item, str))
    return parts


def findings(app: AppTest) -> list[str]:
    """What the page says that a person should not read, each with its context."""
    found = set()
    for text in spoken(app._tree):
        for name, pattern in (("id", RAW_ID), ("null", RAW_NULL), ("plumbing", PLUMBING), ("document", API_WORDING)):
            for match in pattern.finditer(text):
                found.add(f"{name} {match.group(0)!r} in: {text[max(0, match.start() - 70): match.end() + 70]}")
    for table in tables(app._tree):
        found.update(table_faults(table))
    return sorted(found)


def tables(node) -> list:
    """Every table the page drew (AppTest's `Dataframe`: its frame and what the browser is sent)."""
    found = []
    if getattr(node, "type", None) == "dataframe":
        found.append(node)
    for child in getattr(node, "children", {}).values():
        found.extend(tables(child))
    return found


def table_faults(table) -> list[str]:
    """A table that would print "None" for a missing value, or a count without its thousands
    separator ("1079"): a number column shown with no format of its own."""
    frame = table.value
    faults = []
    if table.proto.placeholder != DASH:
        faults.append(f"a table without the dash for a missing value: {list(frame.columns)}")
    config = json.loads(table.proto.columns or "{}")
    shown_columns = list(table.proto.column_order) or [str(column) for column in frame.columns]
    for column in frame.columns:
        kind = ((config.get(str(column)) or {}).get("type_config") or {}).get("type")
        if str(column) in shown_columns and kind != "link" and frame[column].dtype == object:
            texts = frame[column].dropna().astype(str)
            coded = texts[texts.str.fullmatch(CODE_OR_ID)]
            if len(coded):
                faults.append(f"a table's {column!r} shows {coded.iloc[0]!r}, a code or an id: {shown_columns}")
        printed = frame[column].map(lambda value: isinstance(value, str) and RAW_NULL.fullmatch(value.strip()) is not None)
        if printed.any():
            faults.append(f"a table's {column!r} says {frame[column][printed].iloc[0]!r}: {list(frame.columns)}")
        if not pd.api.types.is_numeric_dtype(frame[column]) or pd.api.types.is_bool_dtype(frame[column]):
            continue
        if not ((config.get(str(column)) or {}).get("type_config") or {}).get("format"):
            faults.append(f"a table's numbers {column!r} without their separators: {list(frame.columns)}")
    return faults


def press_asks(app: AppTest, rounds: int = 4) -> None:
    """Ask for every charged read the page offers and agree to its cost, as a person exploring does."""
    pressed: set[str] = set()
    for _ in range(rounds):
        waiting = [button for button in app.button if str(button.key).endswith(("_ask", "_confirm"))
                   and str(button.key) not in pressed and not button.disabled]
        if not waiting:
            return
        pressed.add(str(waiting[0].key))
        waiting[0].click().run()
        assert not app.exception, app.exception


def walk_tabs(app: AppTest, key: str | None) -> list[str]:
    """Each tab of a page opened in turn (stateful tabs draw only the open one), its reads asked."""
    found = findings(app)
    if key is None:
        return found
    for label in [tab.label for tab in app.tabs]:
        app.session_state[key] = label
        app.run()
        assert not app.exception, (label, app.exception)
        press_asks(app)
        found += [f"[{label}] {finding}" for finding in findings(app)]
    return found


def open_cell(app: AppTest) -> None:
    select_cell(app, max(drawn_cells(app), key=lambda item: item[1]))
    app.run()


def an_agent(sandbox) -> dict:
    """An agent's link: its id and its market (one in several markets asks which)."""
    hit = api_get(sandbox, "/v1/agents/search", q="Realty")["data"][0]
    return {"agent": hit["id"], "market": hit["markets"][0] if hit.get("markets") else hit.get("market")}


def wholesale_listing(sandbox) -> str:
    bbox = ",".join(map(str, api_get(sandbox, "/v1/coverage", market="DFW")["data"]["markets"][0]["bbox"]))
    return api_get(sandbox, "/v1/wholesale-listings", bbox=bbox, limit=1)["data"][0]["id"]


# (page, its link's query, what a person does first, the key of its stateful tabs)
SCENES = [
    pytest.param("map", {}, open_cell, None, id="map-cell"),
    pytest.param("investors", {"q": "LLC"}, None, None, id="investors-search"),
    pytest.param("investors", {"investor": fixture("top_investor_ids", 0)}, None, "section", id="investors-profile"),
    pytest.param("properties", {"zip": "75201"}, None, None, id="properties-zip"),
    pytest.param("properties", {"property": fixture("parcel_with_everything")}, None, "prop_section",
                 id="properties-parcel"),
    pytest.param("agents", {"q": "Realty"}, None, None, id="agents-search"),
    pytest.param("agents", {"": an_agent}, None, None, id="agents-profile"),
    pytest.param("lenders", {"market": "DFW"}, None, None, id="lenders-market"),
    pytest.param("lenders", {"lender": fixture("large_lender_id")}, None, None, id="lenders-profile"),
    pytest.param("wholesale", {}, None, None, id="wholesale"),
    pytest.param("wholesale", {"listing": wholesale_listing}, None, None, id="wholesale-listing"),
    pytest.param("network", {"investor": fixture("top_investor_ids", 0)}, None, None, id="network-investor"),
    pytest.param("coverage", {}, None, None, id="coverage"),
    pytest.param("marketplace", {}, None, None, id="marketplace"),
    pytest.param("seller", {}, None, None, id="seller"),
]


@pytest.mark.parametrize(("page", "query", "action", "tab_key"), SCENES)
def test_every_page_reads_in_words_on_the_variety_data(variety_app_env, page, query, action, tab_key):
    filled = {}
    for name, value in query.items():
        value = value(variety_app_env) if callable(value) else value
        filled.update(value if isinstance(value, dict) else {name: value})
    app = AppTest.from_file(page_path(page), default_timeout=RUN_TIMEOUT_S)
    app.query_params.update(filled)
    app.run()
    assert not app.exception, app.exception
    if action is not None:
        action(app)
    press_asks(app)
    found = walk_tabs(app, tab_key)
    assert not found, "\n".join(found)


def test_the_sidebar_names_the_data_not_its_address(variety_app_env):
    """The app's own sidebar (app.py) says where the data comes from in words, never a host's address."""
    app = AppTest.from_file(str(page_path("map").rsplit("/pages/", 1)[0] + "/app.py"), default_timeout=RUN_TIMEOUT_S)
    app.run()
    assert not app.exception, app.exception
    sidebar = [text for text in spoken(app.sidebar) if text.strip()]
    assert any("data" in text for text in sidebar), sidebar
    found = [text for text in sidebar if PLUMBING.search(text) or RAW_ID.search(text)]
    assert not found, found


@pytest.fixture
def variety_login(variety_app_env, tmp_path, monkeypatch):
    """The marketplace's login on the `--variety` sandbox, sharing the page's client id (as
    tests/pages/marketplace_helpers.py: app_login does on the default one)."""
    from tests.services.test_oauth_consent import TEST_APP_URL, make_login

    monkeypatch.setenv("DEEDSCOPE_APP_URL", TEST_APP_URL)
    with make_login(variety_app_env.url, tmp_path) as login:
        monkeypatch.setenv("DEEDSCOPE_OAUTH_CLIENT_ID", login.client_id)
        yield login


@pytest.mark.parametrize(("page", "email", "sides", "tab_key"), [
    pytest.param("marketplace", "buyer", ["buy"], "mkt_tab", id="marketplace-buyer"),
    pytest.param("seller", "owner@sandbox.test", ["sell"], "desk_tab", id="seller-owner"),
])
def test_the_marketplace_and_the_desk_read_in_words_logged_in(variety_login, page, email, sides, tab_key):
    from urllib.parse import parse_qs, urlsplit

    from services.oauth import scopes_for_sides
    from tests.services.test_oauth_consent import BUYER, consent_through_issuer

    redirect = consent_through_issuer(variety_login.begin(scopes=scopes_for_sides(sides)),
                                      email=BUYER if email == "buyer" else email, accept_terms=True)
    query = parse_qs(urlsplit(redirect).query)
    holder, _ = variety_login.complete(code=query["code"][0], state=query["state"][0])
    app = AppTest.from_file(page_path(page), default_timeout=RUN_TIMEOUT_S)
    app.session_state["mkt_tokens"] = holder.token
    app.run()
    assert not app.exception, app.exception
    found = walk_tabs(app, tab_key)
    assert not found, "\n".join(found)
