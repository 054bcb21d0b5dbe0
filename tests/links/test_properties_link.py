"""links/properties.py: the Properties page's link reads back what it wrote."""

from __future__ import annotations

import pytest

from links.properties import PropertiesLink, parse, property_href, write


@pytest.mark.parametrize("link", [
    pytest.param(PropertiesLink(), id="empty"),
    pytest.param(PropertiesLink(zip="75201,75204"), id="zips"),
    pytest.param(PropertiesLink(find="address", line="12 Oak St", unit="Unit A", zip="75201"), id="address"),
    pytest.param(PropertiesLink(find="criteria", city="Dallas"), id="criteria"),
    pytest.param(PropertiesLink(property="prop_" + "a" * 32, tab="buyers"), id="buyers"),
])
def test_round_trip(link):
    assert parse(write(link)) == link


def test_unknown_values_fall_back():
    assert parse({"find": "nowhere", "tab": "x"}) == PropertiesLink()


def test_property_href():
    assert property_href("prop_" + "b" * 32) == "/properties?property=prop_" + "b" * 32
    assert property_href("prop_" + "b" * 32, "buyers").endswith("&tab=buyers")
