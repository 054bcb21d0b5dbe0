"""mapspec/map_state.py: the Map's one state and its events, as kepler.gl tests its updaters:
a table of a state, the events sent to it, and the state they lead to. No Streamlit."""

from __future__ import annotations

from dataclasses import replace

import pytest

from mapspec.area import Area
from mapspec.cell_panel import zoomed_view
from mapspec.classes import MANUAL, PRICE, ColourChoice
from mapspec.filters import DealFilters
from mapspec.map_state import (
    DEFAULT_PICKED_RADIUS_MILES, AreaDrawn, CellPicked, CellsDrawn, Controls, ControlsChanged, LinkRestored, MapDrawnAnew,
    MapState,
    Moved, PointPicked, ProblemsSaid, StartedOver, TourStep, WidgetsWritten, ZoomedToCell, controls_in, normalized, reduce,
    reduce_all, settle, widget_values,
)
from mapspec.message import ReportedArea, ReportedView
from mapspec.place import CITY, POINT, WHOLE_MARKET, ZIP_CODES, PlaceChoice
from mapspec.view import Camera, View
from mapspec.view_state import ViewOverride

CODES = ("DFW", "PHX")
DFW = Controls(PlaceChoice("DFW", WHOLE_MARKET))
PHX = Controls(PlaceChoice("PHX", WHOLE_MARKET), DealFilters(kinds=("flip",)), ColourChoice(PRICE), time=True)
DALLAS = View(-96.9, 32.7, -96.7, 32.9)
CAMERA = Camera(32.8, -96.8, 12.5)
MOVED = ReportedView((DALLAS.west, DALLAS.south, DALLAS.east, DALLAS.north), CAMERA)
CELL = "8826c86015fffff"
CELL_ROW = (CELL, 3, 2, "$270k", [0.0] * 12)  # a picked row in the hex form
OTHER_CELL = "8826c86017fffff"
TRIANGLE = ((-96.8, 32.7), (-96.7, 32.7), (-96.75, 32.8))
AREA = Area.of(TRIANGLE)
SHOWN = MapState(controls=DFW, restored=True)
FROM_LINK = ViewOverride.of(None, DALLAS)

# (id, the state, the events, the state expected)
CASES = [
    ("a person's choice is the state's", SHOWN, [ControlsChanged(PHX)], replace(SHOWN, controls=PHX)),
    ("a link's view is claimed by the place shown",
     replace(SHOWN, override=FROM_LINK), [ControlsChanged(DFW)],
     replace(SHOWN, override=ViewOverride(DFW.place.signature(), FROM_LINK.view))),
    ("a new place drops the view set for another",
     replace(SHOWN, override=ViewOverride.of(DFW.place.signature(), DALLAS)), [ControlsChanged(PHX)],
     replace(SHOWN, controls=PHX)),
    ("a filter changed keeps the view of the same place",
     replace(SHOWN, override=ViewOverride.of(DFW.place.signature(), DALLAS)),
     [ControlsChanged(replace(DFW, filters=DealFilters(min_price=100_000)))],
     replace(SHOWN, controls=replace(DFW, filters=DealFilters(min_price=100_000)),
             override=ViewOverride.of(DFW.place.signature(), DALLAS))),
    ("a moved map shows where it stopped, with its camera", SHOWN, [Moved(MOVED)],
     replace(SHOWN, last_view=MOVED, override=ViewOverride(DFW.place.signature(), View.parse(DALLAS.text()), CAMERA))),
    ("the map repeating its last view is not news",
     replace(SHOWN, last_view=MOVED), [Moved(MOVED)], replace(SHOWN, last_view=MOVED)),
    ("no view reported keeps the one followed", replace(SHOWN, last_view=MOVED), [Moved(None)], replace(SHOWN, last_view=MOVED)),
    ("a box with no area is followed but shows nothing new", SHOWN,
     [Moved(ReportedView((-96.8, 32.8, -96.8, 32.8), CAMERA))],
     replace(SHOWN, last_view=ReportedView((-96.8, 32.8, -96.8, 32.8), CAMERA))),
    ("a pick selects its cell", SHOWN, [CellPicked(CELL_ROW, 8)], replace(SHOWN, last_pick=CELL_ROW, cell=CELL)),
    ("the pick repeated after the link's cell keeps the link's", replace(SHOWN, last_pick=CELL_ROW, cell=OTHER_CELL),
     [CellPicked(CELL_ROW, 8)], replace(SHOWN, last_pick=CELL_ROW, cell=OTHER_CELL)),
    ("a pick cleared clears the cell", replace(SHOWN, last_pick=CELL_ROW, cell=CELL), [CellPicked(None, 8)],
     replace(SHOWN, last_pick=None, cell=None)),
    ("an area closed is drawn", SHOWN, [AreaDrawn(ReportedArea(TRIANGLE, 1.0))],
     replace(SHOWN, last_area=ReportedArea(TRIANGLE, 1.0), area=AREA)),
    ("an area cleared is gone", replace(SHOWN, area=AREA), [AreaDrawn(ReportedArea(None, 2.0))],
     replace(SHOWN, last_area=ReportedArea(None, 2.0), area=None)),
    ("corners that make no area are dropped", replace(SHOWN, area=AREA),
     [AreaDrawn(ReportedArea(((-96.8, 32.7), (-96.7, 32.7)), 3.0))],
     replace(SHOWN, last_area=ReportedArea(((-96.8, 32.7), (-96.7, 32.7)), 3.0), area=None)),
    ("the map's report repeated keeps the link's area", replace(SHOWN, last_area=ReportedArea(None, 1.0), area=AREA),
     [AreaDrawn(ReportedArea(None, 1.0))], replace(SHOWN, last_area=ReportedArea(None, 1.0), area=AREA)),
    ("zoom to a cell shows it among its neighbours", SHOWN, [ZoomedToCell(CELL)],
     replace(SHOWN, override=ViewOverride.of(DFW.place.signature(), zoomed_view(CELL)))),
    ("a point picked makes the place a circle of a mile, written into the widgets",
     replace(SHOWN, override=ViewOverride.of(DFW.place.signature(), DALLAS)), [PointPicked(32.781234567, -96.8)],
     replace(SHOWN, controls=Controls(PlaceChoice("DFW", POINT, latitude=32.78123, longitude=-96.8,
                                                  radius_miles=DEFAULT_PICKED_RADIUS_MILES)), widgets_due=True)),
    ("a point picked keeps the circle's radius",
     replace(SHOWN, controls=Controls(PlaceChoice("DFW", POINT, latitude=32.0, longitude=-96.0, radius_miles=3.0))),
     [PointPicked(32.5, -96.5)],
     replace(SHOWN, controls=Controls(PlaceChoice("DFW", POINT, latitude=32.5, longitude=-96.5, radius_miles=3.0)),
             widgets_due=True)),
    ("a link is the state over the widgets' defaults", replace(SHOWN, controls=PHX, cell=OTHER_CELL, last_pick=CELL_ROW),
     [LinkRestored(DFW, DALLAS, CELL, AREA, ("a problem",))],
     MapState(controls=DFW, widgets_due=True, override=FROM_LINK, cell=CELL, area=AREA, restored=True,
              problems=("a problem",), last_pick=CELL_ROW)),
    ("a link with nothing of the map keeps the state", replace(SHOWN, restored=False, cell=CELL, controls=PHX),
     [LinkRestored(None, problems=("a problem",))], replace(SHOWN, cell=CELL, controls=PHX, problems=("a problem",))),
    ("a tour's step forgets the view, cell and area and restores its link",
     replace(SHOWN, override=FROM_LINK, cell=CELL, area=AREA, last_pick=CELL_ROW), [TourStep()],
     replace(SHOWN, restored=False, last_pick=CELL_ROW)),
    ("a map drawn anew has repeated nothing: the cell, view and area stay",
     replace(SHOWN, last_pick=CELL_ROW, cell=CELL, last_view=MOVED, last_area=ReportedArea(None, 1.0), area=AREA),
     [MapDrawnAnew(), CellPicked(None, 8), Moved(None), AreaDrawn(None)], replace(SHOWN, cell=CELL, area=AREA)),
    ("start over: the widgets' defaults, nothing chosen, the map's reports still followed",
     replace(SHOWN, controls=PHX, cell=CELL, area=AREA, override=FROM_LINK, last_pick=CELL_ROW, problems=("a",)),
     [StartedOver(DFW)], MapState(controls=DFW, widgets_due=True, restored=True, last_pick=CELL_ROW)),
    ("problems said are said once", replace(SHOWN, problems=("a",)), [ProblemsSaid()], SHOWN),
    ("the widgets written", replace(SHOWN, widgets_due=True), [WidgetsWritten()], SHOWN),
]


@pytest.mark.parametrize(("state", "events", "expected"), [case[1:] for case in CASES], ids=[case[0] for case in CASES])
def test_each_event_leads_to_its_state(state, events, expected):
    before = state
    assert reduce_all(state, events) == expected
    assert state == before, "the state given is never changed"


def test_the_cells_drawn_are_kept_but_not_compared():
    drawn = object()
    state = reduce(SHOWN, CellsDrawn(drawn))
    assert state.drawn is drawn
    assert state == SHOWN, "a memo of a read is no part of what the state is"


def test_an_unknown_event_is_refused():
    with pytest.raises(TypeError):
        reduce(SHOWN, "moved")


@pytest.mark.parametrize(
    "controls",
    [
        DFW, PHX,
        Controls(PlaceChoice("DFW", ZIP_CODES, zips="75201,75204")),
        Controls(PlaceChoice("PHX", CITY, city="Mesa"), colour=ColourChoice(PRICE, MANUAL, "1, 3, 10")),
        Controls(PlaceChoice("DFW", POINT, latitude=32.78, longitude=-96.8, radius_miles=2.0), time=True),
    ],
    ids=["whole", "filters-colour-time", "zips", "city-manual-breaks", "point"],
)
def test_the_widgets_give_back_the_controls_written_into_them(controls):
    assert controls_in(widget_values(controls), CODES) == controls
    assert normalized(controls, CODES) == controls


def test_the_widgets_read_as_a_person_sees_them():
    assert controls_in({}, CODES) == DFW, "nothing chosen: the first market, whole"
    assert normalized(Controls(PlaceChoice("XXX", CITY, zips="75201", city=" Mesa ")), CODES) == Controls(
        PlaceChoice("DFW", CITY, city="Mesa")), "a market not served is the first; only the mode's input counts"


def test_settle_restores_the_link_once_and_writes_its_controls_into_the_widgets():
    state, writes = settle(MapState(), LinkRestored(PHX, DALLAS), shown=DFW)
    assert state == MapState(controls=PHX, override=FROM_LINK, restored=True)
    assert writes == widget_values(PHX)
    again, writes = settle(state, LinkRestored(DFW), shown=PHX)
    assert again.controls == PHX and writes == {}, "a restored state takes no second link; the widgets agree"


def test_settle_follows_the_widgets_a_person_changed():
    state, writes = settle(replace(SHOWN, override=ViewOverride.of(DFW.place.signature(), DALLAS)), None, shown=PHX)
    assert (state, writes) == (replace(SHOWN, controls=PHX), {})


def test_settle_puts_the_state_back_into_widgets_that_are_gone():
    """Another page ran (Streamlit drops the Map's widgets), or a new session took up a person's state."""
    left = replace(SHOWN, controls=PHX, cell=CELL)
    state, writes = settle(left, None, shown=None)
    assert (state, writes) == (left, widget_values(PHX))
    assert settle(MapState(restored=True), None, shown=None) == (MapState(restored=True), {}), "nothing chosen yet"


def test_settle_writes_a_point_picked_over_the_widgets_old_place():
    picked = reduce(SHOWN, PointPicked(32.5, -96.5))
    state, writes = settle(picked, None, shown=DFW)
    assert state.controls.place.mode == POINT and not state.widgets_due
    assert controls_in(writes, CODES) == state.controls
