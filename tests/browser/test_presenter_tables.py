"""Presenter mode sizes tables for a room without cutting them (issue 44, 6): a table is drawn on a
canvas, so the presenter style's font size never reached its cells and its rows stayed small.

On a projector's 1280×720 and a full-HD 1920×1080, the Lenders' ranking and the Investors'
leaderboard are shown out of presenter mode and in it, in one tab as a presenter switches: each
table's rows are measured as drawn (the pitch of its row lines in a picture of it), its columns in
view (the grid's own accessible table lists the columns it draws) and its right edge against its box
and the window. Rows clicked in presenter mode, where the picture shows them, open each its own page
(a click found a row below the one meant when the header's foot was taken for the table's top edge:
drawn with rounded corners, the top edge is no line at the strip's place).

Back from a profile a leaderboard's row opened is the leaderboard (web/history_entries.py): the
profile settles its address after the click (the finder's `find=place`, presenter mode's
`present=1`), Streamlit pushed a history entry for each write, and Back showed the same profile
twice before the leaderboard.

Each window's first table is loaded at its address; every next one is opened in the same session,
as a link in the app opens it (Streamlit's own Back and Forward: the address pushed, `popstate`),
not loaded again in the tab: four page loads fewer a window, each a new session and Streamlit's
scripts run anew (issue 40). What a switch of presenter mode alone changes is not the address's
path, nor the title: the page is waited for until it shows the mode asked for (its style, its
tables' zoom)."""

from __future__ import annotations

import io
import re
import statistics
import time
from urllib.parse import parse_qsl, urlsplit

import pytest

from tests.browser.journeys import OPEN_IN_THIS_SESSION, open_another_page
from tests.browser.test_map_journey import LOAD_TIMEOUT_MS

WINDOWS = {1280: {"width": 1280, "height": 720}, 1920: {"width": 1920, "height": 1080}}
RANKING = "lenders?market=DFW"
LEADERBOARD = "investors?find=place&market=DFW&sort=events_desc"
# The largest zoom presenter mode gives a table (adapter/presenter.py's TABLE_ZOOM_MAX).
MOST = 1.4
TABLE = '[data-testid="stDataFrame"]'
# The property presenter mode zooms a table by, set on it once its zoom is known (frontend/src/table_zoom.js).
ZOOM_VAR = "--deedscope-table-zoom"
# The table as drawn: its box, its box's (the frame it is shown in), its columns' (the grid's own
# `.dvn-stack`: as wide as its columns, whatever the zoom), and the columns the grid draws.
TABLE_BOXES = """(table) => ({
  table: table.getBoundingClientRect().toJSON(),
  box: table.parentElement.getBoundingClientRect().toJSON(),
  columnsWidth: table.querySelector('.dvn-stack').getBoundingClientRect().width,
  columns: [...table.querySelectorAll('canvas table thead th')].map((th) => th.textContent),
  window: innerWidth,
})"""
# A data row's cell text as the grid gives it to a screen reader (a link column: its address).
ROW_CELL = """([table, [row, column]]) => {
  const index = [...table.querySelectorAll('canvas table thead th')].findIndex((th) => th.textContent === column);
  const cell = table.querySelector(`canvas table tbody tr[aria-rowindex="${row + 1}"] td[aria-colindex="${index + 1}"]`);
  return cell ? cell.textContent : null;
}"""


def settle(page) -> None:
    """Until the page's run is over (its status widget gone), and a moment for the layout."""
    time.sleep(1)
    page.wait_for_function("!document.querySelector('[data-testid=\"stStatusWidget\"]')", timeout=LOAD_TIMEOUT_MS)
    time.sleep(1.5)


# Whether the page shows presenter mode as asked (`on`): its style (adapter/presenter.py's STYLE, in
# an st.html) drawn, or else neither it nor any table's zoom (frontend/src/table_zoom.js removes each
# table's as its element goes). The address is no mark: it says `present` before the page has run.
PRESENTING = f"""(on) => {{
  const style = [...document.querySelectorAll('[data-testid="stHtml"] style')].some((s) => s.textContent.includes('{ZOOM_VAR}'));
  const zoomed = [...document.querySelectorAll('{TABLE}')].some((table) => table.style.getPropertyValue('{ZOOM_VAR}'));
  return on ? style : !style && !zoomed;
}}"""


def presenting(url: str) -> bool:
    """Whether `url` asks for presenter mode (every address this module opens in a session says)."""
    return dict(parse_qsl(urlsplit(url).query))["present"] == "1"


def open_in_this_session(page, url: str) -> None:
    """The page at `url`, opened in this session: waited for until it is that page (its title another
    when its path is) in the mode `url` asks for."""
    if urlsplit(url).path != urlsplit(page.url).path:
        open_another_page(page, url, timeout_ms=LOAD_TIMEOUT_MS)
    else:
        page.evaluate(OPEN_IN_THIS_SESSION, url)
    page.wait_for_function(PRESENTING, arg=presenting(url), timeout=LOAD_TIMEOUT_MS)


def open_table(page, url: str, *, how: str = "load"):
    """The page's first table, drawn; a charged read asked for is agreed to, as a presenter does.
    `how`: "load", the page is loaded at `url` (a new session); "open", opened in this session as a
    link in the app opens it; "back", the tab has just gone back to it (the same session)."""
    if how == "load":
        page.goto(url, timeout=LOAD_TIMEOUT_MS)
    elif how == "open":
        open_in_this_session(page, url)
    else:
        path = urlsplit(url).path
        page.wait_for_url(lambda now: urlsplit(now).path == path, timeout=LOAD_TIMEOUT_MS)
    page.locator('[data-testid="stMain"] h1').first.wait_for(timeout=LOAD_TIMEOUT_MS)
    settle(page)
    table, ask = page.locator(TABLE).first, page.get_by_role("button", name=re.compile(r"^Show the leaderboard"))
    deadline = time.monotonic() + LOAD_TIMEOUT_MS / 1000
    while not table.count() and time.monotonic() < deadline:
        if ask.count():
            ask.first.click()
            settle(page)
        time.sleep(0.5)
    table.wait_for(timeout=LOAD_TIMEOUT_MS)
    page.wait_for_function(f"document.querySelector('{TABLE} canvas table thead th')", timeout=LOAD_TIMEOUT_MS)
    table.scroll_into_view_if_needed()
    settle(page)
    return table


def row_lines(table) -> list[float]:
    """Where the grid's row lines are drawn, from its top (px): the header's foot, then each row's
    (the top edge is no line there: the frame's corner is rounded). A strip of its picture inside the
    row markers' column, left of the tick boxes, holds only the cells' colour, the header's shade (a
    few levels darker) and the lines across (some 20 levels darker; split over two pixels when
    zoomed, more than 8 in one)."""
    from PIL import Image

    image = Image.open(io.BytesIO(table.screenshot())).convert("L")
    strip = [sum(image.getpixel((x, y)) for x in range(3, 7)) / 4 for y in range(image.size[1])]
    background = statistics.median(strip)
    runs: list[list[int]] = []
    for y, value in enumerate(strip):
        if value < background - 8:
            if runs and runs[-1][-1] == y - 1:
                runs[-1].append(y)
            else:
                runs.append([y])
    return [statistics.mean(run) for run in runs]


def row_pitch(lines: list[float]) -> float:
    return statistics.median(b - a for a, b in zip(lines, lines[1:]))


def measure(page, url: str, *, present: bool, how: str = "load") -> dict:
    """The table as drawn once it is still: the page in the mode asked for, in presenter mode its
    zoom set, and its box the same before and after its picture (a zoom set between them moves every
    row). `how` the page is opened: open_table's."""
    table = open_table(page, url, how=how)
    page.wait_for_function(PRESENTING, arg=present, timeout=LOAD_TIMEOUT_MS)
    if present:
        page.wait_for_function(f"document.querySelector('{TABLE}').style.getPropertyValue('{ZOOM_VAR}')",
                               timeout=LOAD_TIMEOUT_MS)
    for _ in range(5):
        before = page.evaluate(TABLE_BOXES, table.element_handle())
        lines = row_lines(table)
        after = page.evaluate(TABLE_BOXES, table.element_handle())
        if before == after:
            break
        settle(page)
    return {"locator": table, "lines": lines, "pitch": row_pitch(lines), **after}


def cut(shown: dict) -> list[str]:
    """What of the table stands outside its box or the window."""
    right, box = shown["table"]["right"], shown["box"]
    problems = [f"its right edge {right:.0f} px is past its box's {box['right']:.0f} px"] * (right > box["right"] + 1)
    return problems + [f"its right edge {right:.0f} px is past the window's {shown['window']} px"] * (right > shown["window"])


def header_foot(shown: dict) -> float:
    """The first line drawn at least half a row below the table's top: the header's foot (were the
    top edge ever in the strip, it lies within the frame's first pixels)."""
    return next(line for line in shown["lines"] if line >= shown["pitch"] / 2)


def click_opens_its_page(page, url: str, row: int, column: str, *, x_from_right: float | None = None,
                         x: float = 12, how: str = "back") -> str:
    """A click on data row `row` (from 1) where the picture shows it, `x` px into the table (or
    `x_from_right` px from its right edge): nothing when it opened the page the row's `column` links
    to, else what it opened. The table is opened at `url` as `how` says (open_table's: by default the
    tab is back on it); the tab goes back to it after, as a person does before the next row (no new
    page load)."""
    shown = measure(page, url, present=True, how=how)
    href = page.evaluate(ROW_CELL, [shown["locator"].element_handle(), [row, column]])
    wanted = dict(parse_qsl(urlsplit(href).query))
    name = next(iter(wanted))
    box = shown["table"]
    left = box["width"] - x_from_right if x_from_right is not None else x
    page.mouse.click(box["x"] + left, box["y"] + header_foot(shown) + (row - 0.5) * shown["pitch"])
    page.wait_for_url(re.compile(rf"[?&]{re.escape(name)}="), timeout=LOAD_TIMEOUT_MS)
    opened = dict(parse_qsl(urlsplit(page.url).query)).get(name)
    page.go_back(timeout=LOAD_TIMEOUT_MS)
    return "" if opened == wanted[name] else f"row {row}'s click opened {name} {opened}, not its own {wanted[name]}"


@pytest.mark.parametrize("width", sorted(WINDOWS))
def test_presenter_mode_draws_tables_larger_never_cut_and_a_row_still_opens(browser, app_url, sandbox, width,
                                                                            artifacts_dir):
    context = browser.new_context(viewport=WINDOWS[width])
    page = context.new_page()
    problems: list[str] = []
    try:
        grown = {}
        # The first table loaded; the others opened in this session, presenter mode switched by the link.
        for name, path in (("ranking", RANKING), ("leaderboard", LEADERBOARD)):
            normal = measure(page, f"{app_url}/{path}&present=0", present=False, how="load" if name == "ranking" else "open")
            shown = measure(page, f"{app_url}/{path}&present=1", present=True, how="open")
            shown["locator"].screenshot(path=str(artifacts_dir / f"presenter-table-{name}-{width}.png"))
            grown[name] = shown["pitch"] / normal["pitch"]
            lost = [column for column in normal["columns"] if column not in shown["columns"]]
            problems += [f"{name}: presenter mode pushed {lost} out of view"] * bool(lost)
            problems += [f"{name}: {problem}" for problem in cut(shown)]
            # As large as its columns let it: the largest zoom, or its columns as wide as its box; a table
            # already wider than its box out of presenter mode (columns out of view) stays as it was.
            fits = len(normal["columns"]) == len(shown["columns"]) and normal["columnsWidth"] <= normal["box"]["width"]
            filled = shown["columnsWidth"] >= 0.95 * shown["box"]["width"]
            if fits and not (grown[name] >= MOST - 0.03 or filled):
                problems.append(f"{name}: rows {normal['pitch']:.1f} px, {shown['pitch']:.1f} px in presenter mode, "
                                f"its columns {shown['columnsWidth']:.0f} px of its box's {shown['box']['width']:.0f} px")
            if not fits and abs(grown[name] - 1) > 0.05:
                problems.append(f"{name}: wider than its box, yet its rows went {normal['pitch']:.1f} -> {shown['pitch']:.1f} px")
        assert not problems, "\n".join(problems)
        # Larger for a room: the ranking on both screens, the leaderboard's 13 columns on the wide one.
        assert grown["ranking"] >= 1.1, f"the ranking's rows are {grown['ranking']:.2f} times as tall in presenter mode"
        if width == 1920:
            assert grown["leaderboard"] >= 1.2, f"the leaderboard's rows are {grown['leaderboard']:.2f} times as tall"

        # Rows clicked in presenter mode open their own pages: the ranking's by its Open link at the
        # right edge (the first, the second, one further down, the last drawn in full). The ranking opened
        # from the leaderboard in this session, and back to it between rows, as a person goes back. The
        # leaderboard's, by their row markers on the wide screen: the test below.
        wrong = [click_opens_its_page(page, f"{app_url}/{RANKING}&present=1", row, "Open", x_from_right=25,
                                      how="open" if row == 1 else "back") for row in (1, 2, 5, 10)]
        assert not any(wrong), "\n".join(filter(None, wrong))
    except BaseException:
        page.screenshot(path=str(artifacts_dir / f"failed-presenter-tables-{width}.png"))
        raise
    finally:
        context.close()


# The leaderboard's rows in presenter mode, on the wide screen, by their row markers (its profile).
ROWS_OPENED = (1, 3, 2)


def investor_in(url: str) -> str | None:
    return dict(parse_qsl(urlsplit(url).query)).get("investor")


def test_back_from_a_profile_opened_by_a_row_is_the_leaderboard_and_another_row_opens_its_own(browser, app_url, sandbox):
    context = browser.new_context(viewport={"width": 1920, "height": 1080})
    page = context.new_page()
    try:
        # Where the rows are is read once, on the leaderboard as first drawn: back on it, the row
        # opened last is shaded (still chosen), which the picture's row lines cannot tell apart.
        shown = measure(page, f"{app_url}/{LEADERBOARD}&present=1", present=True)
        table, foot, pitch = shown["locator"], header_foot(shown), shown["pitch"]
        own = {row: investor_in(page.evaluate(ROW_CELL, [table.element_handle(), [row, "Profile"]])) for row in ROWS_OPENED}
        assert len(set(own.values())) == len(ROWS_OPENED) and all(own.values()), own
        for row in ROWS_OPENED:
            box = table.bounding_box()
            page.mouse.click(box["x"] + 12, box["y"] + foot + (row - 0.5) * pitch)
            page.wait_for_url(re.compile(r"[?&]investor="), timeout=LOAD_TIMEOUT_MS)
            assert investor_in(page.url) == own[row], f"row {row}'s marker opened {investor_in(page.url)}, not {own[row]}"
            page.get_by_text("Kinds, with the classifier's confidence").wait_for(timeout=LOAD_TIMEOUT_MS)
            settle(page)  # the profile's run is over: every address it writes is written

            page.go_back(timeout=LOAD_TIMEOUT_MS)
            settle(page)
            assert investor_in(page.url) is None, f"Back from row {row}'s profile showed {page.url}, not the leaderboard"
            query = dict(parse_qsl(urlsplit(page.url).query))
            assert query.get("find") == "place" and query.get("market") == "DFW", page.url
            table.wait_for(timeout=LOAD_TIMEOUT_MS)
            page.get_by_role("heading", name=re.compile("^Investors")).first.wait_for(timeout=LOAD_TIMEOUT_MS)
    finally:
        context.close()
