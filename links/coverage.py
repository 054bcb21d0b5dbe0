"""The Coverage page's link: the place asked about, `?zip=75201`, `?county=48113` (or a
county name), `?lat=32.8&lng=-96.8`; one of them (a ZIP first, then a county, then a point)."""

from __future__ import annotations

from dataclasses import dataclass

from links.query import Params, finite_number, one

NAMES = ("zip", "county", "lat", "lng")
POINT_DECIMALS = 5
# The longest county name is about 30 characters; more is not a county.
MAX_COUNTY_CHARS = 60


@dataclass(frozen=True)
class CoverageLink:
    zip: str = ""
    county: str = ""
    # The point as written in the link ("32.80000", "-96.80000"), so the page says it as typed.
    point: tuple[str, str] | None = None

    def request(self) -> tuple[dict, str] | None:
        """The place as `/v1/coverage` parameters, and the words the person typed; None when none.

        `ValueError` when the point is not a number.
        """
        if self.zip:
            return {"zip": self.zip}, f"ZIP {self.zip}"
        if self.county:
            return {"county": self.county}, f"county {self.county}"
        if self.point is not None:
            lat, lng = self.point
            return {"lat": float(lat), "lng": float(lng)}, f"the point {lat}, {lng}"
        return None

    def problem(self) -> str | None:
        """What is wrong with the place, in a person's words, before any request; None when
        it can be asked about. The value itself is not repeated (it may be 5,000 characters)."""
        if self.zip and not (self.zip.isdigit() and len(self.zip) == 5):
            return "A ZIP is 5 digits, like 75201 (keep leading zeros: 07102)."
        if self.county and (len(self.county) > MAX_COUNTY_CHARS or len(self.county) < 2):
            return "Enter a county FIPS code (5 digits, like 48113) or a county name (like Dallas County)."
        if self.county and self.county.isdigit() and len(self.county) != 5:
            return "A county FIPS code is 5 digits: 2 for the state, 3 for the county (48113)."
        if self.point is not None:
            lat, lng = self.point
            if finite_number(lat, -90, 90) is None or finite_number(lng, -180, 180) is None:
                return "The point's latitude is a number from -90 to 90 and its longitude one from -180 to 180 (32.8, -96.8)."
        return None


def point_text(lat: float, lng: float) -> tuple[str, str]:
    """A point as the form writes it into the link."""
    return f"{lat:.{POINT_DECIMALS}f}", f"{lng:.{POINT_DECIMALS}f}"


def parse(params: Params) -> CoverageLink:
    """The link's place (a ZIP first, then a county, then a point)."""
    if one(params, "zip"):
        return CoverageLink(zip=one(params, "zip"))
    if one(params, "county"):
        return CoverageLink(county=one(params, "county"))
    if one(params, "lat") and one(params, "lng"):
        return CoverageLink(point=(one(params, "lat"), one(params, "lng")))
    return CoverageLink()


def write(link: CoverageLink) -> dict[str, str | list[str]]:
    if link.zip:
        return {"zip": link.zip}
    if link.county:
        return {"county": link.county}
    if link.point is not None:
        return {"lat": link.point[0], "lng": link.point[1]}
    return {}
