"""The map is the page (issue 16, Map 5): at 1440×900 it takes most of the width and the
height with its foot on the first screen, its legend is on it, and the cell's tables are not
squeezed into the panel beside it (they take the page's width below)."""

from __future__ import annotations

import time

from tests.browser.test_map_journey import LOAD_TIMEOUT_MS, page_at, wait_for_paint
from tests.pages.map_helpers import client


def densest_cell(sandbox) -> str:
    with client(sandbox.url) as api:
        market = api.coverage.retrieve().markets[0]
        frame = api.deals.cells_frame(bbox=",".join(str(value) for value in market.bbox), resolution=8)
    return str(frame.sort_values("n_deals").iloc[-1]["cell"])


def test_the_map_takes_the_page_and_its_tables_are_not_squeezed(app_url, sandbox, browser, artifacts_dir):
    with page_at(browser, f"{app_url}/?cell={densest_cell(sandbox)}") as page:
        canvas = page.locator("canvas").first
        canvas.wait_for(timeout=LOAD_TIMEOUT_MS)
        wait_for_paint(page, canvas)
        box = canvas.bounding_box()
        assert box is not None
        assert box["width"] >= 0.45 * 1440 and box["height"] >= 0.6 * 900, f"the map is {box['width']:.0f}×{box['height']:.0f} px"
        assert box["y"] + box["height"] <= 900, f"the map's foot is at {box['y'] + box['height']:.0f} px: below the first screen"
        # Its controls sit in one row above it (pages/map.py, "map_controls"): the filters'
        # button (its date fields inside), the colour's, the time switch.
        controls = page.locator(".st-key-map_controls")
        row = [controls.locator('[data-testid="stPopover"] button').nth(i).bounding_box() for i in (0, 1)]
        row.append(controls.get_by_text("Time", exact=True).bounding_box())
        tops, feet = [item["y"] for item in row], [item["y"] + item["height"] for item in row]
        assert max(tops) < min(feet) and max(feet) <= box["y"], f"the map's controls are not one row above it: {row}"
        legend = page.locator('[data-deedscope="legend"]')
        legend.get_by_text("Deals per cell").wait_for(timeout=LOAD_TIMEOUT_MS)
        wait_for_paint(page, canvas)
        # The two measured together: the map's height settles as the page's last parts come.
        box, legend_box = canvas.bounding_box(), legend.bounding_box()
        assert legend_box is not None
        inside = (box["x"] <= legend_box["x"] and legend_box["x"] + legend_box["width"] <= box["x"] + box["width"]
                  and box["y"] <= legend_box["y"] and legend_box["y"] + legend_box["height"] <= box["y"] + box["height"])
        assert inside, f"the legend {legend_box} is on the map {box}"
        assert "cells drawn" in legend.inner_text(), "the legend counts the cells drawn"

        page.get_by_role("button", name="List the deals").click()
        page.get_by_role("button", name="Confirm").click()
        table = page.locator('[data-testid="stDataFrame"]').first
        table.wait_for(timeout=LOAD_TIMEOUT_MS)
        time.sleep(1)
        table_box = table.bounding_box()
        assert table_box is not None and table_box["width"] >= box["width"], (
            f"the deals table is {table_box['width']:.0f} px wide beside a {box['width']:.0f}-px map: squeezed into the panel"
        )
        page.screenshot(path=str(artifacts_dir / "map-layout.png"), full_page=True)
