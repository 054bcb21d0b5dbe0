"""The Map page's one state (issue 41): a frozen `MapState`, changed only by `reduce(state,
event)`, as kepler.gl's updaters change its map state. Plain values, tested without Streamlit
(tests/mapspec/test_map_state.py: a table of events and the states they lead to).

The page reads the state once at the top of a run and writes it once at the end
(pages/map_sections/state.py); the tour and app.py send it events instead of popping its keys.
What the widgets hold (place, filters, colour, time) is part of it, so the Map a person left
for another page, or kept across a login (issue 42), is put back into its widgets whole.

    event            what it changes
    ControlsChanged  the place, filters, colour or time the widgets hold; a view set for another place goes
    LinkRestored     everything a link holds (a link with nothing of the map keeps the state)
    Moved            the view a person moved the map to, when it is news
    CellPicked       the selected cell, when the pick is news
    AreaDrawn        the drawn area, when the report is news
    ZoomedToCell     the view: the cell among its neighbours
    PointPicked      the place: a circle around the point (the widgets are written)
    TourStep         forgets the view, the cell and the area, and restores the step's link
    StartedOver      the Map as on a first visit: the controls given (the widgets' defaults), nothing else
    MapDrawnAnew     the map has reported nothing yet (another page ran, a new session): none of its
                     earlier reports is repeated, so the first it makes is news
    CellsDrawn       the cells drawn last (kept on the map when a read is refused)
    ProblemsSaid     the link's problems, said once
    WidgetsWritten   the controls are in the widgets
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from mapspec.area import Area
from mapspec.cell_panel import zoomed_view
from mapspec.cells import cell_of_row
from mapspec.classes import ColourChoice, colour_in, colour_widgets
from mapspec.filters import DealFilters, filters_in, filters_widgets
from mapspec.message import ReportedArea, ReportedView
from mapspec.place import CONTROLS_PX, POINT, POINT_CONTROLS_PX, PlaceChoice, place_in, place_widgets
from mapspec.plan import DrawnView
from mapspec.view import View
from mapspec.view_state import ViewOverride, follow, override_for

# The Map's widgets are keyed `{prefix}_<name>` (components/place_picker.py, map_filters.py,
# map_controls.py); the time switch by its own key.
PLACE_KEY, FILTERS_KEY, COLOUR_KEY, TIME_KEY = "map_place", "map_filters", "map_colour", "map_time"
# The container the Map's controls come in (st.container's key: its class is `st-key-map_head`).
CONTROLS_KEY = "map_head"


def controls_space_css() -> str:
    """The controls' container's least height, as a rule for every page's head (web/middleware.py):
    their widgets first come as placeholders about 23 px shorter, and the rule a run draws
    (pages/map_sections/first_paint.py) could be missing for a moment as a rerun redrew it, when the
    map jumped up and back. With the point's inputs in it, the point's height."""
    head = f".st-key-{CONTROLS_KEY}"
    return (f"{head}{{min-height:{CONTROLS_PX}px}}"
            f"{head}:has(.st-key-{PLACE_KEY}_lat){{min-height:{POINT_CONTROLS_PX}px}}")
# A point picked on the map becomes a circle of this radius unless one is set.
DEFAULT_PICKED_RADIUS_MILES = 1.0


@dataclass(frozen=True)
class Controls:
    """What the Map's widgets hold: where it looks, which deals, how they are coloured, and
    whether it plays the months."""

    place: PlaceChoice
    filters: DealFilters = DealFilters()
    colour: ColourChoice = ColourChoice()
    time: bool = False


def controls_in(values: Mapping[str, Any], codes: Sequence[str]) -> Controls:
    """What the widgets give for these values (set by a person, or written before they are drawn)."""
    return Controls(
        place_in(values, PLACE_KEY, codes), filters_in(values, FILTERS_KEY), colour_in(values, COLOUR_KEY),
        bool(values.get(TIME_KEY)),
    )


def widget_values(controls: Controls) -> dict[str, Any]:
    """The widgets' values that give `controls` back (`controls_in(widget_values(c)) == c`)."""
    return {
        **place_widgets(controls.place, PLACE_KEY), **filters_widgets(controls.filters, FILTERS_KEY),
        **colour_widgets(controls.colour, COLOUR_KEY), TIME_KEY: controls.time,
    }


def normalized(controls: Controls, codes: Sequence[str]) -> Controls:
    """The controls as the widgets give them back: a market not served is the first one, only
    the place's mode's inputs count, breaks only with the manual method."""
    return controls_in(widget_values(controls), codes)


@dataclass(frozen=True)
class MapState:
    # None until the widgets were first drawn or a link set them: their defaults.
    controls: Controls | None = None
    # The controls changed from outside the widgets (a link, a point picked, a person's kept
    # state): written into them before they are drawn again.
    widgets_due: bool = False
    override: ViewOverride | None = None  # the view shown instead of the place's own
    cell: str | None = None  # the selected cell
    area: Area | None = None  # the drawn area
    restored: bool = False  # the link was restored (once, and again for a tour's step)
    problems: tuple[str, ...] = ()  # what the link held that could not be restored, to say once
    # The map's last reports (mapspec.view_state.follow): a repeat is not news.
    last_view: ReportedView | None = None
    last_pick: tuple | None = None
    last_area: ReportedArea | None = None
    # The cells drawn last, kept on the map while a read is refused; a memo of a read, not compared.
    drawn: DrawnView | None = field(default=None, compare=False, repr=False)

    def place_signature(self) -> tuple | None:
        return self.controls.place.signature() if self.controls else None


@dataclass(frozen=True)
class ControlsChanged:
    controls: Controls


@dataclass(frozen=True)
class LinkRestored:
    """What a link holds (links/map.py `restored`): its controls, or None when it names nothing
    of the map (the state stays); its view, cell and area; what could not be read."""

    controls: Controls | None
    view: View | None = None
    cell: str | None = None
    area: Area | None = None
    problems: tuple[str, ...] = ()


@dataclass(frozen=True)
class Moved:
    reported: ReportedView | None


@dataclass(frozen=True)
class CellPicked:
    """The row the map reports picked, turned into a cell at the resolution of the map it was
    picked on, only when it is news: the map repeats it after the view changed."""

    row: tuple | None
    resolution: int | None


@dataclass(frozen=True)
class AreaDrawn:
    reported: ReportedArea | None


@dataclass(frozen=True)
class ZoomedToCell:
    cell: str


@dataclass(frozen=True)
class PointPicked:
    latitude: float
    longitude: float


@dataclass(frozen=True)
class Signal:
    """An event that carries nothing but itself."""


class TourStep(Signal):
    """A tour's step opens the Map: its link is restored, not the view, cell and area chosen since."""


class MapDrawnAnew(Signal):
    """The map has reported nothing yet: another page ran, or a new session took up the state."""


@dataclass(frozen=True)
class StartedOver:
    controls: Controls


@dataclass(frozen=True)
class CellsDrawn:
    drawn: DrawnView


class ProblemsSaid(Signal):
    """The link's problems were said."""


class WidgetsWritten(Signal):
    """The controls were written into the widgets."""


Event = (
    ControlsChanged | LinkRestored | Moved | CellPicked | AreaDrawn | ZoomedToCell | PointPicked | TourStep | MapDrawnAnew
    | StartedOver | CellsDrawn | ProblemsSaid | WidgetsWritten
)


def reduce(state: MapState, event: Event) -> MapState:
    """The state after `event`; `state` itself is never changed."""
    match event:
        case ControlsChanged(controls):
            return replace(state, controls=controls, override=override_for(controls.place.signature(), state.override))
        case LinkRestored():
            return _restored(state, event)
        case Moved(reported):
            return _moved(state, reported)
        case CellPicked(row, resolution):
            last, news = follow(state.last_pick, row)
            if not news:
                return state
            return replace(state, last_pick=last, cell=cell_of_row(row, resolution) if row else None)
        case AreaDrawn(reported):
            return _area_drawn(state, reported)
        case ZoomedToCell(cell):
            return replace(state, override=ViewOverride.of(state.place_signature(), zoomed_view(cell)))
        case PointPicked(latitude, longitude):
            return _point_picked(state, latitude, longitude)
        case TourStep():
            return replace(state, restored=False, override=None, cell=None, area=None)
        case StartedOver(controls):
            # The map's last reports stay followed: it repeats them, and a repeat is no move.
            return MapState(controls=controls, widgets_due=True, restored=True, last_view=state.last_view,
                            last_pick=state.last_pick, last_area=state.last_area)
        case MapDrawnAnew():
            return replace(state, last_view=None, last_pick=None, last_area=None)
        case CellsDrawn(drawn):
            return replace(state, drawn=drawn)
        case ProblemsSaid():
            return replace(state, problems=())
        case WidgetsWritten():
            return replace(state, widgets_due=False)
    raise TypeError(f"not an event of the Map: {event!r}")


def reduce_all(state: MapState, events: Sequence[Event]) -> MapState:
    for event in events:
        state = reduce(state, event)
    return state


def _restored(state: MapState, link: LinkRestored) -> MapState:
    """A link with nothing of the map (the sidebar's, a reload's) keeps the state; one that names
    the map's place or view is the state, over the widgets' defaults. The link's view belongs to
    the place it restores, known once the widgets give it (ControlsChanged claims it)."""
    if link.controls is None:
        return replace(state, restored=True, problems=link.problems)
    return replace(
        state, controls=link.controls, widgets_due=True, override=ViewOverride.of(None, link.view) if link.view else None,
        cell=link.cell, area=link.area, restored=True, problems=link.problems,
    )


def _moved(state: MapState, reported: ReportedView | None) -> MapState:
    last, news = follow(state.last_view, reported)
    if not news or reported is None:
        return state
    moved = ViewOverride.moved(state.place_signature(), reported)
    return replace(state, last_view=last, override=moved or state.override)


def _area_drawn(state: MapState, reported: ReportedArea | None) -> MapState:
    """The area the map last closed, None once it was cleared, the link's until the map says otherwise."""
    last, news = follow(state.last_area, reported)
    if not news or reported is None:
        return state
    try:
        area = Area.of(reported.corners) if reported.corners else None
    except ValueError:
        area = None  # the map checks what it sends; corners that still make no area are dropped
    return replace(state, last_area=last, area=area)


def _point_picked(state: MapState, latitude: float, longitude: float) -> MapState:
    """The place becomes a circle around the point (1 mile unless a radius is set)."""
    controls = state.controls or Controls(PlaceChoice(None, POINT))
    place = PlaceChoice(
        controls.place.market, POINT, latitude=round(latitude, 5), longitude=round(longitude, 5),
        radius_miles=controls.place.radius_miles or DEFAULT_PICKED_RADIUS_MILES,
    )
    return replace(
        state, controls=replace(controls, place=place), widgets_due=True,
        override=override_for(place.signature(), state.override),
    )


def settle(state: MapState, link: LinkRestored | None, shown: Controls | None) -> tuple[MapState, dict[str, Any]]:
    """The top of a full run: the link restored (`link`, once), and the widgets and the state
    made one. Returns the state and the widget values to write before the widgets are drawn:
    the state's controls when they changed from outside, or when the widgets are not there
    (`shown` None: another page ran, or a new session took up a person's state); else the
    widgets' values are the state's (a person changed them)."""
    if link is not None and not state.restored:
        state = reduce(state, link)
    if state.widgets_due or shown is None:
        writes = widget_values(state.controls) if state.controls else {}
        return reduce(state, WidgetsWritten()), writes
    return reduce(state, ControlsChanged(shown)), {}
