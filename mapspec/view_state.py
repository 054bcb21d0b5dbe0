"""The Map page's state between reruns as values, changed by pure functions (as deck.gl's
`MapViewState` and kepler.gl's state updaters are): which of the map's reports is news, and
the view the page shows instead of its place's own. The page keeps these values in the
session; the changes are here, tested without Streamlit (tests/mapspec/test_view_state.py)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TypeVar

from mapspec.message import ReportedView
from mapspec.view import Camera, View

T = TypeVar("T")


def follow(last: T | None, reported: T | None) -> tuple[T | None, bool]:
    """(the report to remember, whether it is news) for one of the map's reports: the view it
    was moved to, the row picked, the area drawn. The element repeats its last report on every
    rerun, and a place chosen since must not be overridden by that repeat: a report is news only
    when it differs from the one followed last. No report yet (None, nothing followed) is none."""
    if reported == last or (reported is None and last is None):
        return last, False
    return reported, True


@dataclass(frozen=True)
class ViewOverride:
    """A view the page shows instead of its place's: from the link (its `place` unknown until the
    place the link restores claims it), "Zoom to this cell", or a person moving the map (with
    the camera it stopped at, which the page sends back so the map stays put)."""

    place: str | None  # the signature of the place it was set for (PlaceChoice.signature)
    view: View
    camera: Camera | None = None

    @classmethod
    def of(cls, place: str | None, view: View, camera: Camera | None = None) -> ViewOverride:
        # The view as the link writes it (View.text), so a reopened link shows the same box.
        return cls(place, View.parse(view.text()), camera)

    @classmethod
    def moved(cls, place: str, reported: ReportedView) -> ViewOverride | None:
        """Where a person moved the map; None for a box with no area (nothing to follow)."""
        try:
            return cls.of(place, View.clamped(*reported.bbox), reported.camera)
        except ValueError:
            return None


def override_for(place: str, override: ViewOverride | None) -> ViewOverride | None:
    """The override that holds for `place`: a link's is claimed by the place it restored; one
    set for another place no longer holds (a new place moves the map again)."""
    if override is None:
        return None
    if override.place is None:
        return replace(override, place=place)
    return override if override.place == place else None
