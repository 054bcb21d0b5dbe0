"""Watching (issue 47), through app.py: watch a view, an investor and a property where a person is;
publish news on the sandbox; the next visit shows each watch's changes, the sidebar counts them,
opening one charges only what it said and marks it seen.

AppTest sends no cookie: the person's id (adapter/person.py, the session cookie's in a browser) is
set here, as tests/pages/test_person_state.py does; tests/browser/test_watching_journey.py walks
the same with the cookie."""

from __future__ import annotations

import pytest

from components.tables import escape_markdown
from tests.pages.apptest import sandbox_fixtures, texts
from tests.pages.map_helpers import point_app_at
from tests.pages.watching_helpers import (  # noqa: F401 - fixtures
    NEWS, as_person, meter, new_app, parcel_address, people, press, routed, row, sidebar_links, visit, watch_three,
)

pytestmark = pytest.mark.usefixtures("routed", "people")


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
    purchase = row("investor", id=targets["investor_ids"][0])
    press(later, f"{purchase}_open")
    assert "may cost up to 1 credit" in texts(later)
    before = meter(later)
    press(later, f"{purchase}_read_confirm")
    assert meter(later) - before == 1, "the one new purchase, as said"
    assert published["new_deals"][0]["deal_id"] in str(later.dataframe[0].value["Deal"].tolist())
    assert "Watching: 2 changed" in sidebar_links(later), "opening it marked it seen"
    assert "**2 of 3** changed" in texts(visit(later, "pages/watching.py"))
