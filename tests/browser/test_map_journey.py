"""A person's first visit: the app opens on the map, hexagons paint, a click opens the cell's panel."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from contextlib import contextmanager
from urllib.parse import parse_qs, urlparse

from tests.processes import run_streamlit, sandbox_env

# The cell panel is headed by the place near the cell (issue 26), its id beneath.
CELL_HEADING = re.compile(r"^(Near |This cell)")

LOAD_TIMEOUT_MS = 60_000
# The selected cell's frame (frontend/src/map_element.js, SELECTED_COLOR).
SELECTED_FRAME_COLOUR = (20, 90, 220)


# deck.gl draws on WebGL: a script reads a canvas's pixels from a 2D copy of it (`pixels`, RGBA).
READ_CANVAS = ("const copy = document.createElement('canvas'); copy.width = canvas.width; copy.height = canvas.height;"
               " const context = copy.getContext('2d'); context.drawImage(canvas, 0, 0);"
               " const pixels = context.getImageData(0, 0, copy.width, copy.height).data;")

# Share of a canvas's pixels (every `stride`-th) that are painted (`colour` null) or of a
# colour (within a few levels). deck.gl draws on WebGL: the canvas is copied to read it.
PIXEL_SHARE = "([canvas, colour, stride]) => {" + READ_CANVAS + """
    const near = (i) => [0, 1, 2].every((k) => Math.abs(pixels[i + k] - colour[k]) < 4);
    let hits = 0, sampled = 0;
    for (let i = 0; i < pixels.length; i += 4 * stride) {
        sampled += 1;
        if (colour === null ? pixels[i + 3] > 0 : near(i)) hits += 1;
    }
    return hits / sampled;
}"""


@contextmanager
def page_at(browser, url: str, viewport: dict | None = None) -> Iterator:
    """A page of a browser context of its own (1440×900 unless said), opened at `url`; the
    context closed after, whatever the test found."""
    context = browser.new_context(viewport=viewport or {"width": 1440, "height": 900})
    try:
        page = context.new_page()
        page.goto(url, timeout=LOAD_TIMEOUT_MS)
        yield page
    finally:
        context.close()


def painted_share(page, canvas) -> float:
    """Share of sampled canvas pixels that are not blank."""
    return page.evaluate(PIXEL_SHARE, [canvas.element_handle(), None, 97])


def colour_share(page, canvas, colour: tuple[int, int, int]) -> float:
    """Share of the canvas's pixels of this colour."""
    return page.evaluate(PIXEL_SHARE, [canvas.element_handle(), list(colour), 1])


def wait_for_colour(page, canvas, colour: tuple[int, int, int], share: float, timeout_s: float = 30) -> float:
    deadline = time.monotonic() + timeout_s
    seen = colour_share(page, canvas, colour)
    while seen < share and time.monotonic() < deadline:
        time.sleep(0.25)
        seen = colour_share(page, canvas, colour)
    return seen


# The Map page is whole: its place picker is drawn (in a new session it comes after the
# map's first paint, pages/map_sections/first_paint.py) and no element still waits for its
# widget's script (Streamlit shows a skeleton of another height meanwhile, moving the map).
MAP_PAGE_WHOLE = (
    "!!document.querySelector('.st-key-map_place_market [data-testid=\"stSelectbox\"]')"
    " && !document.querySelector('[data-testid=\"stMain\"] [data-testid=\"stSkeleton\"]')"
)
PAGE_WHOLE_TIMEOUT_MS = 30_000


def open_painted_map(page, url: str):
    """Open the Map at `url` and wait until its canvas is painted; the canvas."""
    page.goto(url, timeout=LOAD_TIMEOUT_MS)
    canvas = page.locator("canvas").first
    canvas.wait_for(timeout=LOAD_TIMEOUT_MS)
    assert wait_for_paint(page, canvas) > 0.05
    return canvas


def wait_for_paint(page, canvas, timeout_s: float = 30) -> float:
    """The canvas's painted share once more than 5 % is painted (or the time is up), and,
    on the Map page, once its controls have come too (the page is then as a person uses it)."""
    deadline = time.monotonic() + timeout_s
    share = 0.0
    while time.monotonic() < deadline:
        share = painted_share(page, canvas)
        if share > 0.05:
            break
        time.sleep(0.25)
    if page.get_by_role("heading", name="Where investors buy").count():
        page.wait_for_function(MAP_PAGE_WHOLE, timeout=PAGE_WHOLE_TIMEOUT_MS)
    return share


# Where a click looks for a cell: the map's middle (the densest-looking spot), then around it, in px.
AROUND_THE_MIDDLE = ((0, 0), (30, 0), (-30, 0), (0, 30), (0, -30), (60, 60), (-60, -60), (90, -40), (-90, 40))


def spots_around_the_middle(canvas, more=()):
    """The page's points of `AROUND_THE_MIDDLE` (and `more`) on the canvas, in order."""
    box = canvas.bounding_box()
    assert box is not None
    for dx, dy in (*AROUND_THE_MIDDLE, *more):
        yield box["x"] + box["width"] / 2 + dx, box["y"] + box["height"] / 2 + dy


def click_a_cell(page, canvas, *, before_click=None, more=()) -> tuple[float, float]:
    """Click the middle of the map, then around it (and `more` spots) until a cell answers with its
    panel; where it was clicked. `before_click(page)` is asked at each spot once the mouse is over it:
    False passes the spot over (no cell under it); without it the mouse rests a moment."""
    panel = page.get_by_role("heading", name=CELL_HEADING)
    for x, y in spots_around_the_middle(canvas, more):
        page.mouse.move(x, y)
        if before_click is None:
            time.sleep(0.3)
        elif not before_click(page):
            continue
        page.mouse.down()
        page.mouse.up()
        try:
            panel.first.wait_for(timeout=8_000)
            return x, y
        except Exception:  # noqa: BLE001 - that spot held no cell, or the click missed its hexagon: try the next one
            continue
    panel.first.wait_for(timeout=LOAD_TIMEOUT_MS)
    return x, y


def test_open_the_map_see_hexagons_click_one_see_its_panel(app_url, sandbox, page, artifacts_dir):
    url = app_url
    page.goto(url, timeout=LOAD_TIMEOUT_MS)
    page.get_by_role("heading", name="Where investors buy").wait_for(timeout=LOAD_TIMEOUT_MS)
    canvas = page.locator("canvas").first
    canvas.wait_for(timeout=LOAD_TIMEOUT_MS)
    share = wait_for_paint(page, canvas)
    assert share > 0.05, f"the map canvas stayed blank ({share:.1%} of pixels painted)"
    assert colour_share(page, canvas, SELECTED_FRAME_COLOUR) == 0, "no cell framed before a click"
    page.screenshot(path=str(artifacts_dir / "map-journey-1-cells.png"))

    x, y = click_a_cell(page, canvas)
    page.get_by_text("Median price", exact=True).first.wait_for(timeout=LOAD_TIMEOUT_MS)
    # The pointer rests on the cell: its figures show beside it, inside the map.
    page.mouse.move(x + 1, y + 1)
    tip = page.get_by_role("tooltip").filter(has_text=re.compile(r"deals? ·"))
    tip.wait_for(timeout=LOAD_TIMEOUT_MS)
    assert "median price $" in tip.inner_text()
    tip_box, map_box = tip.bounding_box(), canvas.bounding_box()
    assert tip_box is not None and map_box is not None
    assert map_box["x"] <= tip_box["x"] and tip_box["x"] + tip_box["width"] <= map_box["x"] + map_box["width"] + 1
    page.wait_for_url("**cell=**", timeout=LOAD_TIMEOUT_MS)  # the selected cell is in the link
    assert wait_for_colour(page, canvas, SELECTED_FRAME_COLOUR, 1e-5) > 0, "the clicked cell is framed on the map"
    page.screenshot(path=str(artifacts_dir / "map-journey-2-panel.png"))

    # Listing the deals says what it may cost first, and spends only once confirmed.
    sidebar = page.locator('[data-testid="stSidebar"]')
    spent = sidebar.locator('[data-testid="stMetric"]').filter(has_text="Credits this session")
    assert spent.inner_text().split()[-1] == "0"
    page.get_by_role("button", name="List the deals").click()
    page.get_by_text("may cost up to").wait_for(timeout=LOAD_TIMEOUT_MS)
    assert spent.inner_text().split()[-1] == "0"
    page.get_by_role("button", name="Confirm").click()
    page.locator('[data-testid="stDataFrame"]').first.wait_for(timeout=LOAD_TIMEOUT_MS)
    # Exactly: the map's own "Download CSV of the cells" is on the page from the start.
    page.get_by_role("button", name="Download CSV", exact=True).first.wait_for(timeout=LOAD_TIMEOUT_MS)
    deadline = time.monotonic() + 30
    while spent.inner_text().split()[-1] == "0" and time.monotonic() < deadline:
        time.sleep(0.3)
    assert spent.inner_text().split()[-1] != "0", "the sidebar counts the credits spent"
    page.get_by_role("button", name="Confirm").wait_for(state="detached", timeout=LOAD_TIMEOUT_MS)
    page.locator('[data-testid="stDataFrame"]').first.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts_dir / "map-journey-3-deals.png"))


def test_filters_open_from_a_button_that_then_says_what_is_set(app_url, sandbox, page, artifacts_dir):
    """The filters wait behind a button (drawn only when opened); picking a kind redraws the
    map, puts the kind in the link, and the button says it, the popover staying open."""
    url = app_url
    open_painted_map(page, url)
    assert page.locator('input[type="date"]').count() == 0, "closed, the filters draw nothing"
    page.get_by_role("button", name="Filters: any date, kind, price").click()
    page.locator('[data-testid="stMultiSelect"] input').click()
    page.get_by_role("option", name="Flip").click()
    page.wait_for_url("**kind=flip**", timeout=LOAD_TIMEOUT_MS)
    # While open, the popover hides the rest of the page from the accessibility tree.
    page.locator('[data-testid="stPopover"] button').filter(has_text="Filters: Flip").wait_for(timeout=LOAD_TIMEOUT_MS)
    assert page.locator('input[type="date"]').count() == 2, "the popover stays open while its label changes"
    page.screenshot(path=str(artifacts_dir / "map-filters.png"))


TILE_COLOUR = (205, 228, 250)


def solid_tile() -> bytes:
    from io import BytesIO

    from PIL import Image

    buffer = BytesIO()
    Image.new("RGB", (256, 256), TILE_COLOUR).save(buffer, format="PNG")
    return buffer.getvalue()


def test_with_tiles_the_map_draws_them_under_the_cells_and_credits_them(sandbox, browser, artifacts_dir):
    """DEEDSCOPE_BASEMAP=carto: the map draws Carto's raster tiles under the cells, at twice
    the pixels on a screen that has them. There is no internet here, so the test answers
    the browser's tile requests in Carto's place."""
    context = browser.new_context(viewport={"width": 1400, "height": 900}, device_scale_factor=2)
    try:
        page = context.new_page()
        tile = solid_tile()
        requested: list[str] = []

        def serve_tile(route) -> None:
            requested.append(route.request.url)
            route.fulfill(status=200, content_type="image/png", body=tile)

        page.route("https://basemaps.cartocdn.com/**", serve_tile)
        # An app of its own: the tiles are a setting of the app (the module's app draws none).
        with run_streamlit({**sandbox_env(sandbox.url), "DEEDSCOPE_BASEMAP": "carto"}) as url:
            page.goto(url, timeout=LOAD_TIMEOUT_MS)
            canvas = page.locator("canvas").first
            canvas.wait_for(timeout=LOAD_TIMEOUT_MS)
            share = wait_for_colour(page, canvas, TILE_COLOUR, 0.2)
            assert share >= 0.2, f"the tiles' colour shows on {share:.0%} of the map"
            assert wait_for_paint(page, canvas) > 0.05
            assert requested and all("/light_all/" in address and address.endswith("@2x.png") for address in requested)
            assert page.get_by_text("© OpenStreetMap contributors © CARTO").is_visible(), "the tiles are credited"
            page.screenshot(path=str(artifacts_dir / "map-with-tiles.png"))
    finally:
        context.close()


def shown_resolution(page) -> int:
    legend = page.get_by_text(re.compile(r"H3 resolution \d+")).first.inner_text()
    return int(re.search(r"H3 resolution (\d+)", legend).group(1))


def view_of(address: str) -> str | None:
    return parse_qs(urlparse(address).query).get("view", [None])[0]


def view_in_link(page) -> str | None:
    return view_of(page.url)


LEGEND_COUNTS_THE_CELLS = """() => {
  const map = document.querySelector('[data-deedscope="map"]');
  const legend = map && map.querySelector('[data-deedscope="legend"]');
  const counted = legend && /([\\d,]+) cells drawn/.exec(legend.innerText);
  return Boolean(counted) && counted[1].replace(/,/g, '') === map.dataset.cells;
}"""


def test_zooming_in_draws_finer_hexagons_and_the_link_keeps_the_view(app_url, sandbox, page, artifacts_dir):
    url = app_url
    canvas = open_painted_map(page, url)
    page.wait_for_url("**view=**", timeout=LOAD_TIMEOUT_MS)
    market_view, market_resolution = view_in_link(page), shown_resolution(page)

    box = canvas.bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] * 0.7, box["y"] + box["height"] * 0.75)
    for _ in range(3):  # about three zoom levels
        page.mouse.wheel(0, -300)
        time.sleep(0.15)
    # The link follows the map once it settles (page.url is read from the browser's events:
    # wait through Playwright, not time.sleep).
    page.wait_for_url(lambda address: view_of(address) not in (None, market_view), timeout=LOAD_TIMEOUT_MS)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and shown_resolution(page) <= market_resolution:
        page.wait_for_timeout(300)
    assert shown_resolution(page) > market_resolution, "zoomed in, the map draws finer hexagons"
    # The map holds the cells its legend counts: the new view's, not the old ones zoomed. Both read
    # from the one map at once (a rerun still settling may redraw them between two reads).
    page.wait_for_function(LEGEND_COUNTS_THE_CELLS, timeout=LOAD_TIMEOUT_MS)
    assert wait_for_paint(page, canvas) > 0.05
    page.screenshot(path=str(artifacts_dir / "map-zoomed-in.png"))

    # The link opens the same view.
    zoomed = view_in_link(page)
    page.goto(page.url, timeout=LOAD_TIMEOUT_MS)
    page.locator("canvas").first.wait_for(timeout=LOAD_TIMEOUT_MS)
    page.get_by_text(re.compile(r"H3 resolution \d+")).first.wait_for(timeout=LOAD_TIMEOUT_MS)
    assert view_in_link(page) == zoomed and shown_resolution(page) > market_resolution


def test_a_flagged_markets_cells_say_so_on_hover(app_url, sandbox, page):
    """A market with stale or partial coverage: its cells are drawn outlined (their own
    layer), and hovering one shows its figures and the flag."""
    from tests.pages.map_helpers import client

    with client(sandbox.url) as api:
        markets = [market.model_dump(mode="json") for market in api.coverage.retrieve().markets]
    flagged = next(
        market for market in markets
        if any(row.get("stale") or row.get("status") == "partial" for row in (market.get("datasets") or {}).values())
    )
    url = app_url
    page.goto(f"{url}/?market={flagged['market']}", timeout=LOAD_TIMEOUT_MS)
    canvas = page.locator("canvas").first
    canvas.wait_for(timeout=LOAD_TIMEOUT_MS)
    page.locator('[data-deedscope="map"][data-cells]').wait_for(timeout=LOAD_TIMEOUT_MS)
    wait_for_paint(page, canvas)  # and the controls, which come after it and move nothing
    box = canvas.bounding_box()
    assert box is not None
    tip = page.get_by_role("tooltip")
    # The market's cells are sparse: point at pixels the cells painted (the frame of the
    # market's box is teal, the cells yellow to red: their red is high).
    spots = page.evaluate(
        "(canvas) => {" + READ_CANVAS + """
            const spots = [];
            for (let y = 10; y < copy.height - 10 && spots.length < 12; y += 7)
                for (let x = 10; x < copy.width - 10 && spots.length < 12; x += 7) {
                    const i = (y * copy.width + x) * 4;
                    if (pixels[i + 3] > 100 && pixels[i] > 150) spots.push([x / copy.width, y / copy.height]);
                }
            return spots;
        }""",
        canvas.element_handle(),
    )
    assert spots, "the market's cells are painted"
    for fx, fy in spots:
        page.mouse.move(box["x"] + box["width"] * fx, box["y"] + box["height"] * fy)
        try:
            tip.wait_for(timeout=2_000)
            break
        except Exception:  # noqa: BLE001 - a pixel of a label, not a cell: try the next
            continue
    assert tip.is_visible(), "no cell answered the pointer"
    text = tip.inner_text()
    # The flag in words (issue 44, 4): "permits and short-term rentals out of date", "… partly covered".
    assert re.search(r"deals? ·", text) and ("out of date" in text or "partly covered" in text), text
