"""The Properties page's link: `?property=prop_...` a parcel, `?tab=buyers` its buyers;
`?find=zip&zip=...`, `?find=address&line=...&unit=...&zip=...`, `?find=criteria&city=...|zip=...`
a search (the criteria themselves stay in the form)."""

from __future__ import annotations

from dataclasses import dataclass

from links.query import Params, one, without_empty

NAMES = ("property", "tab", "find", "zip", "line", "unit", "city")
FINDS = ("zip", "address", "criteria")
TABS = ("property", "buyers")


@dataclass(frozen=True)
class PropertiesLink:
    property: str = ""
    tab: str = "property"
    find: str = "zip"
    zip: str = ""
    line: str = ""
    unit: str = ""
    city: str = ""


def parse(params: Params) -> PropertiesLink:
    find, tab = one(params, "find"), one(params, "tab")
    return PropertiesLink(
        property=one(params, "property"),
        tab=tab if tab in TABS else "property",
        find=find if find in FINDS else "zip",
        zip=one(params, "zip"),
        line=one(params, "line"),
        unit=one(params, "unit"),
        city=one(params, "city"),
    )


def write(link: PropertiesLink) -> dict[str, str | list[str]]:
    return without_empty({
        "property": link.property,
        "tab": link.tab if link.tab != "property" else "",
        "find": link.find if link.find != "zip" else "",
        "zip": link.zip,
        "line": link.line if link.find == "address" else "",
        "unit": link.unit if link.find == "address" else "",
        "city": link.city if link.find == "criteria" else "",
    })


def property_href(property_id: str, tab: str = "") -> str:
    """The app-relative URL of a parcel's page (`/properties?property=prop_...`)."""
    return "/properties?property=" + property_id + (f"&tab={tab}" if tab and tab != "property" else "")
