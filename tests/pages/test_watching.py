"""Watching (issue 47), through app.py: watch a view, an investor and a property where a person is;
publish news on the sandbox; the next visit shows each watch's changes, the sidebar counts them,
opening one charges only what it said and marks it seen.

AppTest sends no cookie: the person's id (adapter/person.py, the session cookie's in a browser) is
set here, as tests/pages/test_person_state.py does; tests/browser/test_watching_journey.py walks
the same with the cookie."""

from __future__ import annotations

import re
import uuid

import pytest
from streamlit.runtime.pages_manager import PagesManager
from streamlit.testing.v1 import AppTest, app_test

import adapter.person
from components.tables import escape_markdown
from tests.pages.apptest import http, sandbox_fixtures, texts
from tests.pages.map_helpers import APP, TIMEOUT_S, point_app_at

NEWS = 6


@pytest.fixture(autouse=True)
def routed(monkeypatch):
    """Streamlit 1.67's AppTest forgets before every run that `st.navigation` ended the legacy
    `pages/` mode, so after `switch_page` each run starts the page alone, the page's router check
    (adapter/routing.py) reruns it through app.py, and a press's trigger is lost on the way. Its
    reset lands on a subclass here; the mode app.py's navigation ended stays ended, as in a server."""
    monkeypatch.setattr(app_test, "PagesManager", type("NavigatedPagesManager", (PagesManager,), {}))


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


def row_of(app: AppTest, words: str) -> str:
    """The widget key prefix of the row whose change says `words`."""
    for markdown in app.markdown:
        if words in str(markdown.value):
            container_keys = [button.key for button in app.button if button.key.endswith("_open")]
            break
    else:
        raise AssertionError(f"no row says {words!r}: {texts(app)}")
    # Rows are drawn in order; the n-th "Open" button belongs to the n-th changed row.
    changed = [str(m.value) for m in app.markdown if re.search(r"new (deal|purchase|deed|loan|listing)", str(m.value))]
    return container_keys[next(i for i, said in enumerate(changed) if words in said)].removesuffix("_open")


def test_watch_three_things_publish_and_see_what_changed(monkeypatch, sandbox):
    point_app_at(monkeypatch, sandbox.url)
    as_person(monkeypatch)
    targets = sandbox_fixtures(sandbox)["news_targets"]
    app = new_app(market="DFW")
    watch_three(app, targets)
    visit(app, "pages/watching.py")
    assert "**0 of 3** changed" in texts(app)
    address = parcel_address(sandbox, targets["property_ids"][0])
    assert f"**{escape_markdown(address)}** · Property" in texts(app), "the property is named by its address"
    assert "Watching 3: nothing new" in sidebar_links(app)

    published = sandbox.publish("TX", new_deals=NEWS)["data"]
    in_dfw = sum(1 for deal in published["new_deals"] if deal["market"] == "DFW")
    later = new_app()  # the next visit: a new session of the same person
    visit(later, "pages/watching.py")
    said = texts(later)
    assert "**3 of 3** changed" in said, said
    assert f"{in_dfw} new deals in Nov 2026" in said and "1 new purchase" in said and "1 new deed in Nov 2026" in said
    assert "Watching: 3 changed" in sidebar_links(later)

    # Opening the investor's change: its cost said first, then charged exactly that.
    row = row_of(later, "1 new purchase")
    press(later, f"{row}_open")
    assert "may cost up to 1 credit" in texts(later)
    before = meter(later)
    press(later, f"{row}_read_confirm")
    assert meter(later) - before == 1, "the one new purchase, as said"
    assert published["new_deals"][0]["deal_id"] in str(later.dataframe[0].value["Deal"].tolist())
    assert "Watching: 2 changed" in sidebar_links(later), "opening it marked it seen"
    assert "**2 of 3** changed" in texts(visit(later, "pages/watching.py"))
