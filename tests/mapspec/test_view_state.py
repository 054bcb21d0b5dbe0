"""mapspec/view_state.py: which of the map's reports is news, and the view that overrides a place's."""

from __future__ import annotations

from mapspec.message import ReportedView
from mapspec.view import Camera, View
from mapspec.view_state import ViewOverride, follow, override_for

DALLAS = View(-96.9, 32.7, -96.7, 32.9)


def test_a_report_is_news_only_when_it_differs_from_the_last_followed():
    assert follow(None, None) == (None, False), "nothing said yet"
    assert follow(None, "a") == ("a", True)
    assert follow("a", "a") == ("a", False), "the element repeats its report on every rerun"
    assert follow("a", "b") == ("b", True)
    assert follow("b", None) == (None, True), "a pick cleared after a pick is news"


def test_a_moved_map_overrides_with_its_box_and_camera():
    camera = Camera(32.8, -96.8, 12.5)
    moved = ViewOverride.moved("dfw", ReportedView((-96.9, 32.7, -96.7, 32.9), camera))
    assert moved == ViewOverride("dfw", View.parse(DALLAS.text()), camera)
    assert moved.camera.message() == {"latitude": 32.8, "longitude": -96.8, "zoom": 12.5}
    assert ViewOverride.moved("dfw", ReportedView((-96.8, 32.8, -96.8, 32.8), camera)) is None, "a box with no area"


def test_a_links_view_is_claimed_by_the_place_it_restores_and_dropped_for_another():
    from_link = ViewOverride.of(None, DALLAS)
    claimed = override_for("dfw", from_link)
    assert claimed == ViewOverride("dfw", from_link.view, None)
    assert override_for("dfw", claimed) == claimed, "still the same place"
    assert override_for("hou", claimed) is None, "a new place moves the map again"
    assert override_for("dfw", None) is None


def test_a_fitted_camera_sends_its_box_and_a_reported_one_only_its_centre_and_zoom():
    fitted = Camera(32.8, -96.8, 10.0, pitch=0, bearing=0, bounds=(-96.9, 32.7, -96.7, 32.9))
    assert fitted.message() == {"latitude": 32.8, "longitude": -96.8, "zoom": 10.0, "pitch": 0, "bearing": 0,
                                "bounds": [-96.9, 32.7, -96.7, 32.9]}
