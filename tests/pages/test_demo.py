"""Demo-ready (issue 29): presenter mode and "Reset the demo", through app.py as AppTest runs it."""

from __future__ import annotations

from datetime import datetime, timezone

import httpx2
import pytest
from streamlit.testing.v1 import AppTest

import adapter.person
import adapter.stores
from services import embedded
from tests.pages.map_helpers import APP, TIMEOUT_S, point_app_at
from tests.processes import sandbox_env
from tests.sandbox.marketplace.conftest import Market
from tests.sandbox.marketplace.helpers import seller_rounds_waiting
from tests.sandbox.marketplace.oauth_flow import login
from tests.sandbox.marketplace.test_proof_of_funds import PDF, _future, _send, _slot
from watches.model import INVESTOR
from watches.targets import record_watch

pytestmark = pytest.mark.shape_independent("presenter mode and the demo's reset, whatever the data")

DEMO_KEY = {"Authorization": "Bearer zpka_sandbox_demo", "X-On-Behalf-Of": "dev_demo"}


def sidebar_text(app: AppTest) -> str:
    return "\n".join(str(element.value) for kind in ("markdown", "caption") for element in getattr(app.sidebar, kind))


def metrics(app: AppTest) -> dict[str, str]:
    return {metric.label: metric.value for metric in app.sidebar.metric}


def styles(app: AppTest) -> str:
    return "\n".join(str(getattr(element.proto, "body", "")) for element in app.get("html"))


@pytest.fixture
def default_budget(monkeypatch):
    """The budget's settings as a deployment leaves them (the suite's tests set every read to confirm)."""
    monkeypatch.delenv("DEEDSCOPE_CREDIT_BUDGET", raising=False)
    monkeypatch.delenv("DEEDSCOPE_CONFIRM_ABOVE", raising=False)


def test_present_in_the_link_turns_presenter_mode_on_across_pages_until_switched_off(monkeypatch, sandbox):
    point_app_at(monkeypatch, sandbox.url)
    monkeypatch.delenv("DEEDSCOPE_CREDIT_BUDGET")
    app = AppTest.from_file(APP, default_timeout=TIMEOUT_S)
    app.query_params["present"] = "1"
    app.run()
    assert not app.exception
    text = sidebar_text(app)
    assert "Source" not in text and "Dataset version" not in text, "the plumbing is hidden"
    assert sandbox.url.split("//", 1)[1] not in text, "and so is the endpoint"
    assert metrics(app)["Session budget"] == "250"
    assert app.sidebar.toggle(key="presenter_switch").value is True
    assert "font-size: 1.5rem" in styles(app), "body text for a room"

    app.switch_page("pages/investors.py")
    app.run()
    assert not app.exception and app.query_params.get("present") in ("1", ["1"]), "kept in the link on another page"
    assert "Dataset version" not in sidebar_text(app)

    app.sidebar.toggle(key="presenter_switch").set_value(False).run()
    assert "Dataset version" in sidebar_text(app), "switched off: the plumbing comes back"
    assert "present" not in app.query_params and "font-size: 1.5rem" not in styles(app)


def test_a_present_link_after_the_switch_turned_it_off_turns_it_on_and_the_switch_says_so(monkeypatch, sandbox):
    """The sidebar's switch shows the session's mode whatever turned it on: here a link opened in the
    same session (as web/app_links.py opens one) after the switch had turned presenter mode off."""
    point_app_at(monkeypatch, sandbox.url)
    app = AppTest.from_file(APP, default_timeout=TIMEOUT_S)
    app.query_params["present"] = "1"
    app.run()
    app.sidebar.toggle(key="presenter_switch").set_value(False).run()
    assert "font-size: 1.5rem" not in styles(app) and app.sidebar.toggle(key="presenter_switch").value is False

    app.query_params["present"] = "1"
    app.run()
    assert not app.exception and "font-size: 1.5rem" in styles(app), "the link turned presenter mode on"
    assert app.sidebar.toggle(key="presenter_switch").value is True, "and the switch says it is on"
    app.sidebar.toggle(key="presenter_switch").set_value(False).run()
    assert "font-size: 1.5rem" not in styles(app), "one press turns it off again"


def test_without_the_switch_the_app_is_as_before_and_offers_no_reset_on_a_live_host(monkeypatch, sandbox):
    point_app_at(monkeypatch, sandbox.url)
    app = AppTest.from_file(APP, default_timeout=TIMEOUT_S).run()
    assert not app.exception
    assert "Dataset version" in sidebar_text(app) and app.sidebar.toggle(key="presenter_switch").value is False
    assert "demo_reset" not in {button.key for button in app.sidebar.button}, "a live host is never reset"


@pytest.fixture
def on_the_embedded_sandbox(monkeypatch, tmp_path, default_budget):
    for name in sandbox_env("http://unused"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("DEEDSCOPE_BASEMAP", "none")
    monkeypatch.chdir(tmp_path)  # no secrets file names a host
    point_app_at(monkeypatch, "http://unused")
    monkeypatch.delenv("DEEDSCOPE_API_URL")
    monkeypatch.delenv("DEEDSCOPE_API_KEY")
    monkeypatch.delenv("DEEDSCOPE_CREDIT_BUDGET")
    monkeypatch.delenv("DEEDSCOPE_CONFIRM_ABOVE")
    yield
    embedded.stop()


def charged_read(url: str) -> httpx2.Response:
    box = httpx2.get(f"{url}/v1/coverage", headers=DEMO_KEY, timeout=30).json()["data"]["markets"][0]["bbox"]
    bbox = ",".join(str(value) for value in box)
    response = httpx2.get(f"{url}/v1/investors", params={"bbox": bbox, "limit": 5}, headers=DEMO_KEY, timeout=30)
    assert response.status_code == 200, response.text
    return response


def untimed(record: dict) -> dict:
    """A record without its times: the seed's times are relative to the reset."""
    return {name: value for name, value in record.items() if not name.endswith("_at")}


def sandbox_now(sandbox) -> datetime:
    return datetime.fromisoformat(sandbox.control("clock", {"advance_seconds": 0})["data"]["now"].replace("Z", "+00:00"))


def change_everything(url: str, sandbox) -> tuple[Market, dict]:
    """Spend credits, accept a counter, put a proof of funds on file, move the clock: a demo run."""
    charged_read(url)
    buyer = Market(url, login(url, "buyer@sandbox.test"))
    counter = seller_rounds_waiting(buyer)[0]
    preview = buyer.post(f"/buy/offers/{counter['id']}/preview", {}, key=None).json()["data"]
    assert buyer.post(f"/buy/offers/{counter['id']}/accept", {"preview_token": preview["preview_token"]}).status_code == 200
    slot = _slot(buyer).json()["data"]
    assert _send(slot, PDF).status_code == 204
    finished = buyer.post("/buy/me/proof-of-funds", {"key": slot["key"], "lender_name": "Demo Lending",
                                                     "expires_at": _future()}, key=None)
    assert finished.status_code == 200, finished.text
    return buyer, counter


def test_reset_the_demo_puts_the_embedded_sandbox_back_and_empties_the_session(on_the_embedded_sandbox, monkeypatch,
                                                                                 tmp_path):
    # A person with watches (issue 47): a presenter resets, publishes news and shows what changed for them.
    monkeypatch.setattr(adapter.stores, "PEOPLE_FILE", tmp_path / "people.sqlite3")
    monkeypatch.setattr(adapter.person, "person_id", lambda: "presenter-person")
    watches = [record_watch(INVESTOR, "inv_0001", "Acme Homes LLC", "2026-11-27T10:00:00+00:00").to_json()]
    adapter.person.put("watches", watches)
    adapter.person.put("page:/lenders", {"lender": ["lnd_0001"]})
    app = AppTest.from_file(APP, default_timeout=TIMEOUT_S)
    app.query_params["present"] = "1"
    app.run()
    assert not app.exception
    sandbox = embedded.ensure_running()
    url = sandbox.url
    first = charged_read(url)
    charged_then = int(first.headers["X-Credits-Charged"])
    buyer = Market(url, login(url, "buyer@sandbox.test"))
    offers_then = {(o["id"], o["status"]) for o in buyer.offers()}
    funds_then = buyer.data("/buy/me/proof-of-funds")
    change_everything(url, sandbox)
    assert {(o["id"], o["status"]) for o in buyer.offers()} != offers_then
    assert buyer.data("/buy/me/proof-of-funds")["lender_name"] == "Demo Lending"
    assert int(charged_read(url).headers["X-Credits-Charged"]) == 0, "held: the same read is free now"
    sandbox.control("clock", {"advance_seconds": 3 * 86400})
    assert (sandbox_now(sandbox) - datetime.now(timezone.utc)).total_seconds() > 86400
    app.session_state["inv_show_leaderboard"] = True

    app.sidebar.button(key="demo_reset").click().run()
    assert "Presenter mode and the tour stay" in sidebar_text(app), "the first press asks, saying what a reset does"
    assert Market(url, login(url, "buyer@sandbox.test")).data("/buy/me/proof-of-funds")["lender_name"] == "Demo Lending", (
        "nothing is reset by the first press")
    app.run()  # any other press
    assert "demo_reset_confirm" not in {button.key for button in app.sidebar.button}, "forgets the asking"
    app.sidebar.button(key="demo_reset").click().run()
    app.sidebar.button(key="demo_reset_confirm").click().run()
    assert not app.exception
    assert "The demo is back as it started" in sidebar_text(app)
    buyer = Market(url, login(url, "buyer@sandbox.test"))
    assert {(o["id"], o["status"]) for o in buyer.offers()} == offers_then, "offers as seeded"
    assert untimed(buyer.data("/buy/me/proof-of-funds")) == untimed(funds_then), "proof of funds as seeded"
    assert abs((sandbox_now(sandbox) - datetime.now(timezone.utc)).total_seconds()) < 120, "the clock is back"
    again = charged_read(url)
    assert int(again.headers["X-Credits-Charged"]) == charged_then, "credits as they started: charged anew"
    assert again.headers["X-Credits-Remaining"] == first.headers["X-Credits-Remaining"]
    assert "inv_show_leaderboard" not in app.session_state, "the session's state is emptied"
    assert app.session_state["presenter_on"] is True, "the presenter's own choice stays"
    assert adapter.person.get("page:/lenders") is None, "the person's last selections are forgotten"
    assert adapter.person.get("watches") == watches, "the person's watches stay"
    assert metrics(app)["Credits this session"] == "0"
