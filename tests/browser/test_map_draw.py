"""Draw to filter (issue 18): a person draws an area by clicking the map, sees its cells and
deals counted on the map at once, the page's figures of the area match, and its deals are
listed after the cost is confirmed; the link restores the area in another browser. Edges
that cross are refused on the map, Esc leaves a drawing, a drag still pans."""

from __future__ import annotations

import re
import time

from tests.browser.test_map_journey import LOAD_TIMEOUT_MS, READ_CANVAS, open_painted_map
from tests.processes import run_streamlit, sandbox_env

MAP = '[data-deedscope="map"]'
# The map's own state, read in one go: what the map says of the area, and whether the
# page has answered yet (its "Drawn area" section).
MAP_AND_PAGE = """() => {
    const map = document.querySelector('[data-deedscope="map"]');
    const status = document.querySelector('[data-deedscope="area-status"]');
    const section = [...document.querySelectorAll('h3')].some((heading) => heading.textContent.includes('Drawn area'));
    return {cells: map.dataset.areaCells, deals: map.dataset.areaDeals, status: status ? status.textContent : '', section};
}"""


# The nearest spot to (x, y) on the canvas (px from its corner) where a cell is painted, within 40 px.
PAINTED_NEAR = "([canvas, x, y]) => {" + READ_CANVAS + """
    const scale = canvas.width / canvas.clientWidth;
    for (let radius = 0; radius <= 40; radius += 2) {
        for (let step = 0; step < Math.max(1, radius * 4); step += 1) {
            const angle = (step / Math.max(1, radius * 4)) * 2 * Math.PI;
            const px = Math.round((x + radius * Math.cos(angle)) * scale), py = Math.round((y + radius * Math.sin(angle)) * scale);
            const i = (py * copy.width + px) * 4;
            if (pixels[i + 3] > 100) return [px / scale, py / scale];
        }
    }
    return null;
}"""


def cell_near(page, canvas, box, x: float, y: float) -> tuple[float, float]:
    """A point of the page near (x, y) where a cell is drawn: a click there would pick it."""
    found = page.evaluate(PAINTED_NEAR, [canvas.element_handle(), x - box["x"], y - box["y"]])
    assert found is not None, f"no cell drawn near {x}, {y}"
    return box["x"] + found[0], box["y"] + found[1]


def wait_for_cells(page) -> None:
    page.wait_for_function(f"() => Number(document.querySelector('{MAP}')?.dataset.cells || 0) > 0", timeout=LOAD_TIMEOUT_MS)


def click_at(page, x: float, y: float) -> None:
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.up()
    # Apart from the next click: two quick clicks at one spot close the area.
    page.wait_for_timeout(450)


def metric_value(page, label: str) -> int:
    metric = page.locator('[data-testid="stMetric"]').filter(has_text=label).first
    metric.wait_for(timeout=LOAD_TIMEOUT_MS)
    return int(metric.locator('[data-testid="stMetricValue"]').inner_text().replace(",", ""))


def credits_spent(page) -> str:
    sidebar = page.locator('[data-testid="stSidebar"]')
    return sidebar.locator('[data-testid="stMetric"]').filter(has_text="Credits this session").inner_text().split()[-1]


def test_draw_an_area_see_it_counted_then_list_its_deals(app_url, sandbox, page, artifacts_dir):
    url = app_url
    canvas = open_painted_map(page, url)
    wait_for_cells(page)
    box = canvas.bounding_box()
    assert box is not None
    # The map's upper part is in the window (900 px tall) without scrolling.
    cx, cy = box["x"] + box["width"] / 2, box["y"] + 260
    status = page.locator('[data-deedscope="area-status"]')

    # Edges that cross (the last corner by a double click, which closes the area): said on
    # the map, and nothing sent to the page.
    page.get_by_role("button", name="Draw an area").click()
    for dx, dy in [(-80, -80), (80, 80), (80, -80)]:
        click_at(page, cx + dx, cy + dy)
    page.mouse.move(cx - 80, cy + 80)
    page.mouse.dblclick(cx - 80, cy + 80)
    status.filter(has_text="edges cross each other").wait_for(timeout=LOAD_TIMEOUT_MS)
    assert "area=" not in page.url

    # Esc leaves a drawing without an area.
    page.get_by_role("button", name="Draw an area").click()
    click_at(page, cx, cy)
    page.keyboard.press("Escape")
    assert page.get_by_role("button", name="Clear area").is_hidden()

    # A pentagon around the middle of the map. Drawing, the map still pans: a drag moves it
    # and adds no corner.
    page.get_by_role("button", name="Draw an area").click()
    # A patch of the map away from the drawing, to see the map move under it.
    patch = {"x": box["x"] + 10, "y": cy + 60, "width": 120, "height": 80}
    before = page.screenshot(clip=patch)
    page.mouse.move(cx + 250, cy + 120)
    page.mouse.down()
    page.mouse.move(cx + 190, cy + 110, steps=5)
    page.mouse.up()
    page.wait_for_timeout(450)
    assert page.screenshot(clip=patch) != before, "the drag panned the map"
    assert page.evaluate(MAP_AND_PAGE)["status"].startswith("Click the map to add corners"), "still drawing"
    corners = [(-90, -60), (80, -70), (100, 40), (0, 90), (-90, 50)]
    # The first corner on a cell: the click that closes the area there picks no cell.
    first = cell_near(page, canvas, box, cx + corners[0][0], cy + corners[0][1])
    click_at(page, *first)
    for dx, dy in corners[1:]:
        click_at(page, cx + dx, cy + dy)
    page.screenshot(path=str(artifacts_dir / "map-draw-1-drawing.png"))
    # A click on the first corner closes the area.
    page.mouse.move(*first)
    page.mouse.down()
    page.mouse.up()
    counted = page.evaluate(MAP_AND_PAGE)
    assert counted["cells"] is not None and int(counted["cells"]) > 0, counted
    assert re.search(r"In the area: [\d,]+ cells? · [\d,]+ deals?", counted["status"]), counted
    assert not counted["section"], "the map counted the area before the page answered"

    # The page's figures are the map's count; the area is in the link.
    page.get_by_role("heading", name="Drawn area").wait_for(timeout=LOAD_TIMEOUT_MS)
    page.wait_for_url("**area=**", timeout=LOAD_TIMEOUT_MS)
    shown = page.evaluate(MAP_AND_PAGE)
    assert metric_value(page, "Cells in the area") == int(shown["cells"])
    assert metric_value(page, "Deals in them") == int(shown["deals"])
    page.screenshot(path=str(artifacts_dir / "map-draw-2-counted.png"))

    # The deals: the cost first, nothing spent until it is confirmed.
    assert credits_spent(page) == "0"
    page.get_by_role("button", name="List the area's deals").click()
    page.get_by_text("may cost up to").wait_for(timeout=LOAD_TIMEOUT_MS)
    assert credits_spent(page) == "0"
    page.get_by_role("button", name="Confirm").click()
    page.get_by_text(re.compile(r"deals? inside the area, of [\d,]+ in its box")).wait_for(timeout=LOAD_TIMEOUT_MS)
    page.locator('[data-testid="stDataFrame"]').first.wait_for(timeout=LOAD_TIMEOUT_MS)
    page.get_by_role("button", name="Download CSV", exact=True).first.wait_for(timeout=LOAD_TIMEOUT_MS)
    deadline = time.monotonic() + 30
    while credits_spent(page) == "0" and time.monotonic() < deadline:
        time.sleep(0.3)
    assert credits_spent(page) != "0", "the deals were charged once confirmed"
    page.locator('[data-testid="stDataFrame"]').first.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts_dir / "map-draw-3-deals.png"))

    assert "cell=" not in page.url, "the clicks that drew the area picked no cell"
    assert page.get_by_role("heading", name=re.compile("^(Near |This cell)")).count() == 0  # no cell panel

    # The link, opened afresh (a colleague's browser): the area is drawn and counted again.
    shared = page.url
    other = page.context.browser.new_context(viewport={"width": 1400, "height": 900})
    try:
        opened = other.new_page()
        opened.goto(shared, timeout=LOAD_TIMEOUT_MS)
        opened.get_by_role("heading", name="Drawn area").wait_for(timeout=LOAD_TIMEOUT_MS)
        opened.wait_for_function(f"() => document.querySelector('{MAP}')?.dataset.areaCells !== undefined", timeout=LOAD_TIMEOUT_MS)
        restored = opened.evaluate(MAP_AND_PAGE)
        assert restored["cells"] == shown["cells"] and restored["deals"] == shown["deals"]
        assert metric_value(opened, "Cells in the area") == int(shown["cells"])
        opened.screenshot(path=str(artifacts_dir / "map-draw-4-shared-link.png"))
    finally:
        other.close()

    # Cleared, the area leaves the map, the page and the link.
    page.get_by_role("button", name="Clear area").click()
    page.get_by_role("heading", name="Drawn area").wait_for(state="detached", timeout=LOAD_TIMEOUT_MS)
    page.wait_for_function("() => !window.location.search.includes('area=')", timeout=LOAD_TIMEOUT_MS)
