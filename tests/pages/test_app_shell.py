"""The app shell (AppTest of app.py): navigation, the sidebar's source, freshness and credits."""

from __future__ import annotations

import httpx2
import pytest
from streamlit.testing.v1 import AppTest

from services import embedded
from tests.pages.deltas import placeholders_left_open, record_runs
from tests.pages.map_helpers import APP, TIMEOUT_S, drawn_cells, point_app_at
from tests.processes import sandbox_env

EXPECTED_PAGES = [
    "map", "investors", "properties", "agents", "lenders", "wholesale", "network", "coverage", "watching", "marketplace",
    "seller",
]


def sidebar_text(app: AppTest) -> str:
    return "\n".join(str(element.value) for element in app.sidebar.markdown)


def sidebar_metrics(app: AppTest) -> dict[str, str]:
    return {metric.label: metric.value for metric in app.sidebar.metric}


def test_the_shell_runs_the_map_by_default_and_says_where_the_data_comes_from(monkeypatch, sandbox):
    point_app_at(monkeypatch, sandbox.url)
    app = AppTest.from_file(APP, default_timeout=TIMEOUT_S)
    app.run()
    assert not app.exception
    assert [title.value for title in app.title] == ["Where investors buy"]
    dataset = httpx2.get(f"{sandbox.url}/v1/dataset", headers={"Authorization": "Bearer zpka_sandbox_demo"}, timeout=60).json()["data"]
    text = sidebar_text(app)
    host = sandbox.url.split("//", 1)[1]
    # The host in words, never its address and port (issue 44, 4): a loopback one is "on this computer".
    assert "deed records from a service on this computer" in text and host not in text
    assert f"**Dataset version:** {dataset['dataset_version']}" in text
    assert f"**Data end:** {dataset['data_end']}" in text
    assert sidebar_metrics(app)["Credits this session"] == "0"
    assert "zpka_" not in text, "the key never shows"


@pytest.mark.parametrize("script", ["pages/investors.py", "pages/agents.py", "pages/coverage.py", "pages/marketplace.py",
                                    "pages/lenders.py", "pages/wholesale.py", "pages/network.py"])
def test_the_navigation_opens_every_page_with_the_chrome(monkeypatch, sandbox, script):
    point_app_at(monkeypatch, sandbox.url)
    app = AppTest.from_file(APP, default_timeout=TIMEOUT_S)
    app.run()
    app.switch_page(script)
    app.run()
    assert not app.exception
    assert app.title, f"{script} draws its page"
    assert "Where investors buy" not in [title.value for title in app.title]


def test_every_page_is_routed_under_its_url_path():
    import app as shell

    assert [url_path for _, _, url_path, _ in shell.PAGES] == EXPECTED_PAGES
    # The OAuth redirect comes back to /marketplace (decisions.md, DEEDSCOPE_APP_URL).
    assert ("pages/marketplace.py", "marketplace") in [(script, url_path) for script, _, url_path, _ in shell.PAGES]


def test_a_page_not_written_yet_says_so():
    def script():
        from app import coming_soon

        coming_soon("Agents")()

    app = AppTest.from_function(script, default_timeout=TIMEOUT_S)
    app.run()
    assert not app.exception
    assert [info.value for info in app.info] == ["The Agents page is coming soon."]


@pytest.fixture
def no_host_settings(monkeypatch, tmp_path):
    for name in sandbox_env("http://unused"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("DEEDSCOPE_BASEMAP", "none")
    # No secrets file names a host either (the settings read it relative to the working directory).
    monkeypatch.chdir(tmp_path)
    yield
    embedded.stop()


def test_with_no_host_set_the_app_starts_the_embedded_sandbox_once(no_host_settings, monkeypatch):
    point_app_at(monkeypatch, "http://unused")
    monkeypatch.delenv("DEEDSCOPE_API_URL")
    monkeypatch.delenv("DEEDSCOPE_API_KEY")
    app = AppTest.from_file(APP, default_timeout=TIMEOUT_S)
    app.run()
    assert not app.exception
    started = embedded.ensure_running()
    assert started.process.poll() is None
    text = sidebar_text(app)
    assert "the demo data" in text
    assert started.url.split("//", 1)[1] not in text, "the demo data in words, never its address (issue 44, 4)"
    assert drawn_cells(app), "the map draws on the embedded sandbox's data"
    app.run()
    assert embedded.ensure_running() is started, "one sandbox per process"


@pytest.mark.parametrize("script", [f"pages/{name}.py" for name in EXPECTED_PAGES[1:]])
def test_no_run_sends_a_placeholder_that_waits_for_its_content(monkeypatch, sandbox, script):
    """The sidebar's status is a slot drawn again once the page has run (its credits): a run
    sends its placeholder and fills it at once, or a flush between them blanks the sidebar's
    status in the browser while the page runs."""
    point_app_at(monkeypatch, sandbox.url)
    runs = record_runs(monkeypatch)
    app = AppTest.from_file(APP, default_timeout=TIMEOUT_S)
    runs.append([])
    app.run()
    app.switch_page(script)
    for _ in range(2):  # the page, and a rerun of it
        runs.append([])
        app.run()
        assert not app.exception
    for number, run in enumerate(runs[1:], start=2):
        problems = placeholders_left_open(run)
        assert run and not problems, f"run {number}: {problems}"
