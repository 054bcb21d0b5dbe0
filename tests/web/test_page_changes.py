"""A fragment rerun of a page the person left never takes them back to it (web/page_changes.py).

On Streamlit's own ScriptRequests, as the server holds them: a click on another page waits,
or runs, when the map's first frame or view comes from the page being left."""

from __future__ import annotations

import tomllib
from pathlib import Path
from types import SimpleNamespace

import pytest
from streamlit.runtime.scriptrunner_utils.script_requests import RerunData, ScriptRequests, ScriptRequestType

from web import page_changes
from web.page_changes import from_a_page_left, keep_page_changes

MAP, INVESTORS = "map-hash", "investors-hash"


def the_map_speaks() -> RerunData:
    return RerunData(page_script_hash=MAP, fragment_id="map-fragment", query_string="market=DFW")


def a_click_on(page: str) -> RerunData:
    return RerunData(page_script_hash=page)


@pytest.fixture(autouse=True)
def installed():
    # As the app's server installs it; taken off after, so AppTest elsewhere on this worker
    # runs Streamlit as it comes.
    streamlits = ScriptRequests._request_rerun_locked
    keep_page_changes()
    yield
    ScriptRequests._request_rerun_locked = streamlits


def test_the_map_speaking_while_a_click_on_another_page_waits_leaves_the_click_as_it_was():
    requests = ScriptRequests()
    requests.request_rerun(a_click_on(INVESTORS))
    assert requests.request_rerun(the_map_speaks())
    request = requests.on_scriptrunner_ready()
    assert request.type == ScriptRequestType.RERUN
    assert request.rerun_data.page_script_hash == INVESTORS
    assert not request.rerun_data.fragment_id_queue


def test_the_map_speaking_while_the_other_page_runs_asks_for_nothing():
    requests = ScriptRequests()
    requests.request_rerun(a_click_on(INVESTORS))
    requests.on_scriptrunner_ready()  # the Investors page runs
    assert requests.request_rerun(the_map_speaks())
    # Its run ends, and nothing runs after it.
    assert requests.on_scriptrunner_ready().type == ScriptRequestType.STOP


def test_the_maps_own_page_and_a_first_run_named_by_its_link_fold_as_streamlit_folds_them():
    requests = ScriptRequests()
    requests.request_rerun(a_click_on(MAP))
    requests.on_scriptrunner_ready()
    requests.request_rerun(the_map_speaks())
    assert requests.on_scriptrunner_ready().rerun_data.fragment_id_queue == ["map-fragment"]
    # A session's first run may name its page by the link alone: its fragments run as they come.
    first = ScriptRequests()
    first.request_rerun(RerunData(page_name="investors"))
    first.on_scriptrunner_ready()
    first.request_rerun(the_map_speaks())
    assert first.on_scriptrunner_ready().rerun_data.page_script_hash == MAP


def test_a_whole_rerun_from_the_page_left_is_the_persons_own_and_wins_as_before():
    # A widget outside a fragment, changed after the click: the newer request's page, as Streamlit decides.
    assert not from_a_page_left(a_click_on(INVESTORS), RerunData(page_script_hash=MAP))
    assert from_a_page_left(a_click_on(INVESTORS), the_map_speaks())
    assert not from_a_page_left(a_click_on(MAP), the_map_speaks())


def test_the_first_frames_callback_rerunning_the_map_while_a_click_on_another_page_waits_is_let_go(monkeypatch):
    # pages/map_sections/first_paint.py: the callback's st.rerun(), asked on the Map's own run.
    monkeypatch.setattr(page_changes, "get_script_run_ctx", lambda suppress_warning=False: SimpleNamespace(page_script_hash=MAP))
    requests = ScriptRequests()
    requests.request_rerun(a_click_on(INVESTORS))
    assert requests.request_rerun(RerunData(page_script_hash=MAP))
    assert requests.on_scriptrunner_ready().rerun_data.page_script_hash == INVESTORS
    # The page's own rerun, with no other page asked for, runs as ever; st.switch_page folds as Streamlit folds it.
    again = ScriptRequests()
    again.request_rerun(a_click_on(MAP))
    again.on_scriptrunner_ready()
    again.request_rerun(RerunData(page_script_hash=MAP))
    assert again.on_scriptrunner_ready().type == ScriptRequestType.RERUN
    assert not from_a_page_left(a_click_on(MAP), RerunData(page_script_hash=INVESTORS), running_page=MAP)


def test_a_session_runs_one_script_at_a_time():
    # With fastReruns, a click's run started beside the run still going, which then named the
    # page both resolved (their session's page registry is one): the Map, in CI (tests/browser/
    # test_analyst_journey.py fails about every other run with it on).
    config = tomllib.loads((Path(__file__).resolve().parents[2] / ".streamlit" / "config.toml").read_text(encoding="utf-8"))
    assert config["runner"]["fastReruns"] is False
