"""The map's own controls, for a person showing it to a room (issue 18): full screen and back
(the canvas follows), a picture of the view with its legend and lines, the basemap switch
and 3D by deals, with the buttons on the map's toolbar (frontend/src/toolbar.js). There is no
internet here: the tests answer the browser's tile requests themselves."""

from __future__ import annotations

import time

import pytest

from tests.browser.test_map_journey import LOAD_TIMEOUT_MS, READ_CANVAS, TILE_COLOUR, colour_share, solid_tile, wait_for_colour, wait_for_paint

VIEWPORT = {"width": 1440, "height": 900}
MAP = '[data-deedscope="map"]'


@pytest.fixture
def map_page(browser, app_url):
    """The Map page at 1440×900 with its cells painted; the canvas."""
    context = browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    try:
        page.goto(app_url, timeout=LOAD_TIMEOUT_MS)
        page.wait_for_function(f"document.querySelector('{MAP}')?.dataset.cells > 0", timeout=LOAD_TIMEOUT_MS)
        canvas = page.locator("canvas").first
        assert wait_for_paint(page, canvas) > 0.05, "the map painted its cells"
        yield page, canvas
    finally:
        context.close()


def canvas_size(page) -> tuple[int, int]:
    return tuple(page.evaluate("(() => { const c = document.querySelector('canvas'); return [c.width, c.height]; })()"))


def wait_for_canvas_size(page, size: tuple[int, int]) -> None:
    page.wait_for_function(
        "([w, h]) => { const c = document.querySelector('canvas'); return c.width === w && c.height === h; }",
        arg=list(size), timeout=LOAD_TIMEOUT_MS,
    )


def test_full_screen_fills_the_screen_and_esc_or_the_button_leave_it(map_page, artifacts_dir):
    page, canvas = map_page
    before = canvas_size(page)
    assert before[0] < VIEWPORT["width"], "the map starts in the page, beside its panel"

    page.get_by_role("button", name="Full screen").click()
    page.wait_for_function(f"document.fullscreenElement === document.querySelector('{MAP}')", timeout=10_000)
    wait_for_canvas_size(page, (VIEWPORT["width"], VIEWPORT["height"]))
    assert wait_for_paint(page, canvas) > 0.05, "the cells are drawn on the whole screen"
    page.screenshot(path=str(artifacts_dir / "map-full-screen.png"))

    page.keyboard.press("Escape")
    page.wait_for_function("document.fullscreenElement === null", timeout=10_000)
    wait_for_canvas_size(page, before)

    page.get_by_role("button", name="Full screen").click()
    page.get_by_role("button", name="Leave full screen").click()
    page.wait_for_function("document.fullscreenElement === null", timeout=10_000)
    wait_for_canvas_size(page, before)


# The legend's swatches as the page draws them on the map (frontend/src/legend.js).
SWATCH_COLOURS = "[...document.querySelectorAll('[data-deedscope=\"legend\"] [data-swatch]')].map((s) => s.dataset.swatch.split(',').map(Number))"
# The words' colour of the legend and of the picture's lines (legend.js, snapshot.js).
TEXT_COLOUR = (29, 42, 47)


def exact_pixels(image, colour: tuple[int, int, int], box: tuple[int, int, int, int]) -> int:
    """How many pixels of `box` (left, top, right, bottom) are exactly this colour: the
    cells are drawn see-through, so only what is painted solid (a swatch, a letter) is."""
    region = image.crop(box).convert("RGB")
    return sum(count for count, pixel in region.getcolors(maxcolors=1 << 20) if pixel == colour)


def test_download_png_is_the_maps_picture_with_its_legend_and_lines(map_page, artifacts_dir, tmp_path):
    from PIL import Image

    page, _canvas = map_page
    page.locator('[data-deedscope="legend"]').get_by_text("Deals per cell").wait_for(timeout=LOAD_TIMEOUT_MS)
    swatches = page.evaluate(SWATCH_COLOURS)
    assert len(swatches) >= 2, "the legend on the map shows its colours"
    with page.expect_download(timeout=LOAD_TIMEOUT_MS) as download:
        page.get_by_role("button", name="Download PNG").click()
    assert download.value.suggested_filename.endswith(".png")
    path = tmp_path / download.value.suggested_filename
    download.value.save_as(path)
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", "a PNG file"
    image = Image.open(path)
    image.load()
    (artifacts_dir / "map-picture.png").write_bytes(path.read_bytes())
    width, height = canvas_size(page)
    assert image.size == (width, height), f"the picture is {image.size}, the map's canvas {width}×{height}"

    # The legend in its bottom-left corner: each colour as a solid swatch.
    corner = (0, height * 2 // 3, width * 2 // 3, height)
    for colour in swatches:
        assert exact_pixels(image, tuple(colour), corner) >= 100, f"the legend's {colour} swatch is in the picture's corner"
    # The filters and the data's date, written in its top-left corner (no city name is there).
    assert exact_pixels(image, TEXT_COLOUR, (0, 0, width // 2, 44)) >= 20, "the picture's lines are written on it"


def wait_for_share(page, canvas, colour, done, timeout_s: float = 30) -> float:
    deadline = time.monotonic() + timeout_s
    share = colour_share(page, canvas, colour)
    while not done(share) and time.monotonic() < deadline:
        time.sleep(0.25)
        share = colour_share(page, canvas, colour)
    return share


TILES = "https://basemaps.cartocdn.com/**"
CREDIT = "© OpenStreetMap contributors © CARTO"


def test_the_basemap_switch_draws_tiles_and_takes_them_away(map_page, artifacts_dir):
    page, canvas = map_page
    tile = solid_tile()
    page.route(TILES, lambda route: route.fulfill(status=200, content_type="image/png", body=tile))
    switch = page.get_by_role("button", name="Basemap tiles")
    assert switch.get_attribute("aria-pressed") == "false", "DEEDSCOPE_BASEMAP=none: the map opens without tiles"
    assert colour_share(page, canvas, TILE_COLOUR) == 0

    switch.click()
    share = wait_for_colour(page, canvas, TILE_COLOUR, 0.2)
    assert share >= 0.2, f"the tiles' colour shows on {share:.0%} of the map"
    assert switch.get_attribute("aria-pressed") == "true"
    assert page.get_by_text(CREDIT).is_visible(), "the tiles are credited"
    page.screenshot(path=str(artifacts_dir / "map-switched-to-tiles.png"))

    switch.click()
    page.get_by_text(CREDIT).wait_for(state="hidden", timeout=LOAD_TIMEOUT_MS)
    gone = wait_for_share(page, canvas, TILE_COLOUR, lambda share: share < 0.01)
    assert gone < 0.01 and wait_for_paint(page, canvas) > 0.05, f"tiles switched off, their colour covers {gone:.0%}"


def test_tiles_that_cannot_be_reached_are_said_and_the_map_goes_on_without_them(map_page, artifacts_dir):
    page, canvas = map_page
    asked: list[str] = []

    def unreachable(route) -> None:
        asked.append(route.request.url)
        route.abort("namenotresolved")

    page.route(TILES, unreachable)
    switch = page.get_by_role("button", name="Basemap tiles")
    switch.click()
    note = page.get_by_role("status").filter(has_text="tiles can't be reached")
    note.wait_for(timeout=LOAD_TIMEOUT_MS)
    assert asked, "the tiles were asked for"
    page.wait_for_function(
        "() => document.querySelector('[aria-label=\"Basemap tiles\"]').getAttribute('aria-pressed') === 'false'",
        timeout=LOAD_TIMEOUT_MS,
    )
    assert not page.get_by_text(CREDIT).is_visible(), "no credit for tiles not drawn"
    assert wait_for_paint(page, canvas) > 0.05, "the cells are still drawn"
    page.screenshot(path=str(artifacts_dir / "map-tiles-unreachable.png"))


# The commonest colour of the painted pixels: a class's colour as flat cells show it.
COMMONEST_COLOUR = "(canvas) => {" + READ_CANVAS + """
    const counts = new Map();
    for (let i = 0; i < pixels.length; i += 4) {
        if (pixels[i + 3] === 0) continue;
        const key = `${pixels[i]},${pixels[i + 1]},${pixels[i + 2]}`;
        counts.set(key, (counts.get(key) || 0) + 1);
    }
    const [key] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0];
    return key.split(',').map(Number);
}"""


def test_3d_raises_the_cells_by_deals_and_flat_brings_them_back(map_page, artifacts_dir):
    """Extruded cells are lit (their tops and walls shaded), flat ones are not: the flat
    cells' commonest colour all but leaves the canvas in 3D and comes back when flat."""
    page, canvas = map_page
    flat_colour = tuple(page.evaluate(COMMONEST_COLOUR, canvas.element_handle()))
    flat_share = colour_share(page, canvas, flat_colour)
    assert flat_share > 0.01, f"flat cells show {flat_colour} on {flat_share:.1%} of the map"

    switch = page.get_by_role("button", name="3D by deals")
    switch.click()
    raised = wait_for_share(page, canvas, flat_colour, lambda share: share < flat_share * 0.2)
    assert raised < flat_share * 0.2, f"in 3D the flat colour still covers {raised:.1%} (flat: {flat_share:.1%})"
    assert switch.get_attribute("aria-pressed") == "true"
    assert wait_for_paint(page, canvas) > 0.05, "the raised cells are drawn"
    page.screenshot(path=str(artifacts_dir / "map-3d.png"))

    switch.click()
    back = wait_for_share(page, canvas, flat_colour, lambda share: share > flat_share * 0.9)
    assert back > flat_share * 0.9, f"flat again, the colour covers {back:.1%} (at first: {flat_share:.1%})"
    assert switch.get_attribute("aria-pressed") == "false"


def test_no_legend_on_a_map_without_cells(browser, app_url, sandbox_process):
    """Issue 16, Map 4: a view with no deals draws no legend of colours (and says why)."""
    from tests.pages.test_map_messages import empty_view, markets_of

    context = browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    try:
        page.goto(f"{app_url}/?market=DFW&view={empty_view(markets_of(sandbox_process))}", timeout=LOAD_TIMEOUT_MS)
        page.get_by_text("No deals in this view").wait_for(timeout=LOAD_TIMEOUT_MS)
        page.wait_for_function(f"document.querySelector('{MAP}')?.dataset.cells === '0'", timeout=LOAD_TIMEOUT_MS)
        legend = page.locator('[data-deedscope="legend"]')
        assert legend.count() == 0 or not legend.is_visible(), "no legend over a map without cells"
    finally:
        context.close()
