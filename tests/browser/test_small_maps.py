"""The small maps in a real browser (issue 26, Pictures): the mouse wheel over one scrolls the
page (it zoomed the map and trapped the page's scroll), its buttons zoom it, and on a 390 px
phone every map's controls, the Map's and the small maps', lie within the screen."""

from __future__ import annotations

import re

from tests.browser.journeys import Journey, open_another_page

PHONE = {"width": 390, "height": 844}
WHEEL_PX = 400
# Every map's buttons: the Map's (map_element.js) and a small map's (small_map.js) share toolbar.js.
MAP_BUTTONS = '[data-deedscope] [role="toolbar"] button'


def test_the_wheel_scrolls_the_page_over_a_small_map_and_buttons_zoom_it(app_url, page, artifacts_dir):
    journey = Journey(page, artifacts_dir, "small-map-wheel")
    page.goto(f"{app_url}/coverage")
    journey.check("Coverage", ready=page.get_by_role("heading", name="Datasets by market"))
    small_map = page.locator('[data-deedscope="small-map"]').first
    small_map.scroll_into_view_if_needed()
    canvas = small_map.locator("canvas").first
    before = small_map.bounding_box()
    picture = canvas.screenshot()
    page.mouse.move(before["x"] + before["width"] / 2, before["y"] + before["height"] / 2)
    page.mouse.wheel(0, WHEEL_PX)
    page.wait_for_timeout(800)
    after = small_map.bounding_box()
    assert before["y"] - after["y"] > WHEEL_PX / 4, f"the page did not scroll under the wheel ({before['y']} → {after['y']})"

    small_map.scroll_into_view_if_needed()
    picture = canvas.screenshot()
    small_map.get_by_role("button", name="Zoom in").click()
    page.wait_for_timeout(800)
    zoomed_in = canvas.screenshot()
    assert zoomed_in != picture, "the zoom button did not zoom the map"
    small_map.get_by_role("button", name="Back to the whole view").click()
    page.wait_for_timeout(800)
    page.screenshot(path=str(artifacts_dir / "small-map-after-zoom.png"), full_page=True)


def controls_outside(page) -> list[str]:
    """Each map button not wholly on the screen or outside its map, said with its box."""
    width = page.viewport_size["width"]
    return page.locator(MAP_BUTTONS).evaluate_all(
        """(buttons, width) => buttons.filter((button) => button.offsetParent).flatMap((button) => {
            const box = button.getBoundingClientRect();
            const map = button.closest('[data-deedscope="map"], [data-deedscope="small-map"]').getBoundingClientRect();
            const off = box.left < 0 || box.right > width || box.left < map.left || box.right > map.right;
            return off ? [`${button.getAttribute('aria-label')}: ${Math.round(box.left)}..${Math.round(box.right)} px`
                          + ` (map ${Math.round(map.left)}..${Math.round(map.right)}, screen ${width})`] : [];
        })""",
        width,
    )


def test_every_maps_controls_fit_a_390_px_phone(app_url, browser, artifacts_dir):
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    try:
        journey = Journey(page, artifacts_dir, "phone")
        page.goto(app_url)
        journey.check("Map", ready=page.get_by_role("heading", name="Where investors buy"))
        steps = [
            ("network", page.get_by_text(re.compile(r"\d+ nodes, \d+ ties"))),
            ("coverage", page.get_by_role("heading", name="Datasets by market")),
            ("wholesale", page.get_by_role("heading", name="Wholesale listings")),
        ]
        problems = {"map": controls_outside(page)}
        for path, ready in steps:
            # On a phone the sidebar is folded away: a person opens the page from a link in the app.
            open_another_page(page, f"{app_url}/{path}")
            journey.check(path, ready=ready)
            page.locator('[data-deedscope="small-map"]').first.scroll_into_view_if_needed()
            page.screenshot(path=str(artifacts_dir / f"phone-{path}-map.png"))
            problems[path] = controls_outside(page)
        assert not any(problems.values()), problems
    finally:
        context.close()
