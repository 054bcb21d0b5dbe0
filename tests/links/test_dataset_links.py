"""The Lenders, Wholesale and Network pages' links read back what they wrote (issue 20)."""

from __future__ import annotations

import pytest

import links.lenders
import links.network
import links.wholesale
from links.lenders import LendersLink
from links.network import NetworkLink
from links.wholesale import WholesaleLink


@pytest.mark.parametrize("codec, link", [
    pytest.param(links.lenders, LendersLink(lender="len_0123456789ab", market="DFW"), id="lender"),
    pytest.param(links.lenders, LendersLink(q="first bank"), id="lender-search"),
    pytest.param(links.lenders, LendersLink(), id="lenders-empty"),
    pytest.param(links.wholesale, WholesaleLink(market="CLT", statuses=("ACTIVE", "PENDING")), id="listings"),
    pytest.param(links.wholesale, WholesaleLink(listing="wl_0123456789ab", wholesaler="wsr_0123456789ab"), id="one"),
    pytest.param(links.network, NetworkLink(investor="inv_0123456789ab"), id="investor-network"),
    pytest.param(links.network, NetworkLink(market="ATL"), id="market-network"),
    pytest.param(links.network, NetworkLink(market="DFW", view="-97.1000,32.7000,-96.9000,32.9000"), id="view"),
])
def test_round_trip(codec, link):
    assert codec.parse(codec.write(link)) == link


def test_market_codes_read_upper_case_and_status_repeats():
    assert links.lenders.parse({"market": " dfw "}).market == "DFW"
    assert links.wholesale.parse({"status": ["active", "sold"]}).statuses == ("ACTIVE", "SOLD")
    assert links.network.write(NetworkLink()) == {}


@pytest.mark.parametrize("view, box", [
    pytest.param("-97.1,32.7,-96.9,32.9", [-97.1, 32.7, -96.9, 32.9], id="box"),
    pytest.param("-96.9,32.7,-97.1,32.9", None, id="west-east-swapped"),
    pytest.param("1,2,3", None, id="three-numbers"),
    pytest.param("", None, id="absent"),
])
def test_the_view_reads_as_a_box(view, box):
    assert links.network.view_box(NetworkLink(view=view)) == box
