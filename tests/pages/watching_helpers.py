"""What the Watching page tests share (issue 47): app.py run by AppTest as a person with a cookie, moved
between pages and pressed as a browser does, in a people's store of the test's own."""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import pytest
from streamlit.testing.v1 import AppTest

import adapter.person
import adapter.stores
from devtools.app_test import navigation_kept
from tests.pages.apptest import http
from tests.pages.map_helpers import APP, TIMEOUT_S
from watches.model import new_watch

NEWS = 6


@pytest.fixture
def routed() -> Iterator[None]:
    """app.py's pages pressed after `switch_page` as in a server (devtools/app_test.py)."""
    with navigation_kept():
        yield


def sidebar_links(app: AppTest) -> list[str]:
    return [str(element.proto.label).replace("\\", "") for element in app.sidebar.get("page_link")]


def meter(app: AppTest) -> int:
    metrics = {metric.label: metric.value for metric in app.sidebar.metric}
    return int(metrics["Credits this session"].replace(",", ""))


def as_person(monkeypatch, person: str | None = None) -> str:
    person = person or f"person-{uuid.uuid4()}"
    monkeypatch.setattr(adapter.person, "person_id", lambda: person)
    return person


def new_app(**query: str) -> AppTest:
    app = AppTest.from_file(APP, default_timeout=TIMEOUT_S)
    app.query_params.update(query)
    return ran(app)


def ran(app: AppTest) -> AppTest:
    app.run()
    assert not app.exception, app.exception
    return app


def visit(app: AppTest, script: str, **query: str) -> AppTest:
    app.switch_page(script)
    app.query_params.clear()
    app.query_params.update(query)
    return ran(app)


def press(app: AppTest, key: str) -> AppTest:
    app.button(key=key).click()
    return ran(app)


def watch_three(app: AppTest, targets: dict) -> None:
    """A view of the Map (the whole of DFW), an investor's profile and a property, each by its Watch button."""
    press(app, "map_watch")
    visit(app, "pages/investors.py", investor=targets["investor_ids"][0])
    press(app, "inv_profile_confirm")
    press(app, "inv_watch")
    assert app.button(key="inv_watch").label == "Watching"
    visit(app, "pages/properties.py", property=targets["property_ids"][0])
    press(app, "prop_parcel_confirm")
    press(app, "prop_watch")


def parcel_address(sandbox, property_id: str) -> str:
    found = http().post(f"{sandbox.url}/v1/properties/search", json={"place": {"property_id": property_id}},
                        headers={"Authorization": "Bearer zpka_sandbox_demo", "X-On-Behalf-Of": "dev_demo"})
    address = found.json()["data"][0]["address"]
    line = " ".join(part for part in (address["line"], address.get("unit")) if part)
    return f"{line}, {address['city'].title()} {address['zip']}"


def row(kind: str, **target: str) -> str:
    """The widget key of the Watching page's row of a watch (pages/watching.py: row_key)."""
    return f"watch_{new_watch(kind, target, '', '').token}"


@pytest.fixture
def people(tmp_path, monkeypatch):
    """The people's store in a file of the test's own (the app's is .data/people.sqlite3, which outlives
    a run: the demo account's watches of an earlier run would show)."""
    monkeypatch.setattr(adapter.stores, "PEOPLE_FILE", tmp_path / "people.sqlite3")
