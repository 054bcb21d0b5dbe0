"""The map's time (issue 18): turning Time on shows a slider and a play button on the map;
moving the slider or playing changes the cells drawn without a Streamlit rerun (the page's
websocket sends nothing); a cell clicked while the months play still opens its panel."""

from __future__ import annotations

import time

from tests.browser.test_map_journey import LOAD_TIMEOUT_MS, click_a_cell, open_painted_map, spots_around_the_middle
from tests.processes import run_streamlit, sandbox_env, wait_until

MAP = '[data-deedscope="map"]'
TIME = '[data-deedscope="time"]'


def wait_for_idle(page) -> None:
    """The page script has finished its run (Streamlit shows its status widget while running)."""
    page.locator('[data-testid="stStatusWidget"]').wait_for(state="detached", timeout=LOAD_TIMEOUT_MS)


def test_the_slider_and_play_change_the_cells_without_a_rerun(app_url, sandbox, page, artifacts_dir):
    sent: list[float] = []  # the times the page's websocket sent anything (a rerun is such a message)
    page.on("websocket", lambda socket: socket.on("framesent", lambda _frame: sent.append(time.monotonic())))
    url = app_url
    canvas = open_painted_map(page, url)
    element = page.locator(MAP)
    all_cells = int(element.get_attribute("data-cells"))
    assert page.locator(TIME).is_hidden(), "off by default: no time control on the map"

    page.get_by_text("Time", exact=True).click()
    control = page.locator(TIME)
    control.wait_for(state="visible", timeout=LOAD_TIMEOUT_MS)
    slider = control.get_by_role("slider", name="Month")
    wait_for_idle(page)
    # The last month by default: its cells only, fewer than all the period's.
    last_frame = control.get_attribute("data-frame")
    wait_until(lambda: int(element.get_attribute("data-cells")) < all_cells, what="a month's cells drawn")
    page.screenshot(path=str(artifacts_dir / "map-time-1-on.png"))

    # Moving the slider: another month, other cells, and not a message to the page.
    quiet_since = len(sent)
    cells_before = element.get_attribute("data-cells")
    slider.focus()
    page.keyboard.press("Home")
    wait_until(lambda: control.get_attribute("data-frame") != last_frame, what="the slider's month shown")
    first_frame = control.get_attribute("data-frame")
    assert first_frame < last_frame
    wait_until(lambda: element.get_attribute("data-cells") != cells_before, what="the cells of another month drawn")
    assert control.get_by_text(first_frame, exact=True).is_visible(), "the month shown on the map"
    # The map's legend is the frame's: its classes, fixed for the way of playing, and its months.
    legend = page.locator('[data-deedscope="legend"]')
    assert "Deals per cell in the month" in legend.inner_text() and f"Shown: {first_frame}" in legend.inner_text()
    page.screenshot(path=str(artifacts_dir / "map-time-2-first-month.png"))

    # Play: the frames advance by themselves, still without a rerun.
    control.get_by_role("button", name="Play the months").click()
    wait_until(lambda: control.get_attribute("data-frame") > first_frame, what="a later frame while playing")
    second = control.get_attribute("data-frame")
    wait_until(lambda: control.get_attribute("data-frame") > second, what="another frame while playing")
    control.get_by_role("button", name="Pause").click()
    time.sleep(1)  # an absence is asserted: any rerun the frames started would have been sent by now
    assert len(sent) == quiet_since, f"{len(sent) - quiet_since} messages sent to the page while the months played"
    page.screenshot(path=str(artifacts_dir / "map-time-3-played.png"))

    # The running total up to two months before the last; clicking a cell opens its panel,
    # and the rerun that brings it leaves the map on the same frame.
    control.get_by_role("combobox", name="Months shown").select_option(label="Cumulative")
    slider.focus()
    page.keyboard.press("End")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    wait_until(lambda: " – " in control.get_attribute("data-frame") and not control.get_attribute("data-frame").endswith(last_frame),
               what="the running total to an earlier month")
    frame = control.get_attribute("data-frame")
    before_click = len(sent)
    click_a_cell(page, canvas, before_click=tooltip_says_the_months, more=((120, 0),))
    assert len(sent) > before_click, "a rerun is seen by the count above: the click's"
    assert control.is_visible() and control.get_attribute("data-frame") == frame, "the frame stays after the rerun"
    page.screenshot(path=str(artifacts_dir / "map-time-4-cell.png"))


# Counts the page's requests for an animation frame (deck.gl's loop asks them through frames.js).
COUNT_FRAMES = """
window.__framesAsked = 0;
const askFrame = window.requestAnimationFrame.bind(window);
window.requestAnimationFrame = (callback) => { window.__framesAsked += 1; return askFrame(callback); };
"""
STILL_S = 3


def test_a_still_map_asks_few_frames_and_a_pointer_still_gets_its_tooltip(app_url, sandbox, page):
    """A map nobody touches asks for a frame now and then, not sixty a second (frontend/src/frames.js:
    an idle map cost its tab a tenth of a core); a pointer over it then gets its cell's tooltip."""
    page.add_init_script(COUNT_FRAMES)
    canvas = open_painted_map(page, app_url)
    wait_for_idle(page)
    page.wait_for_timeout(2_000)  # past the second a change keeps the display frames
    # luma.gl's own loop asked about 60 a second (180 here); on demand, one each 200 ms (15). The page
    # counts every frame asked, not only the deck's: on a loaded machine a late run of the page's own
    # (its read-ahead) asked some in a window, so the quietest of three windows is the still map's.
    asked = []
    for _ in range(3):
        before = page.evaluate("window.__framesAsked")
        page.wait_for_timeout(STILL_S * 1000)
        asked.append(page.evaluate("window.__framesAsked") - before)
        if asked[-1] <= STILL_S * 8:
            break
    assert min(asked) <= STILL_S * 8, f"{asked} frames asked in each {STILL_S} s of a still map"
    tip = page.get_by_role("tooltip")
    for x, y in spots_around_the_middle(canvas, more=((120, 0), (-120, 0))):
        page.mouse.move(x, y)
        try:
            tip.wait_for(state="visible", timeout=2_000)
            break
        except Exception:  # noqa: BLE001 - no cell under that spot: try the next one
            continue
    assert tip.is_visible() and "deal" in tip.inner_text(), "a cell's tooltip under the pointer"


def tooltip_says_the_months(page) -> bool:
    """Whether a cell's tooltip shows under the mouse, and then that it says the frame's months. A spot
    is clicked once its tooltip shows; a hexagon a few pixels wide can still miss by a pixel."""
    tip = page.get_by_role("tooltip")
    try:
        tip.wait_for(state="visible", timeout=2_000)
    except Exception:  # noqa: BLE001 - no cell under that spot: try the next one
        return False
    assert " – " in tip.inner_text(), "the tooltip says the frame's months"
    return True
