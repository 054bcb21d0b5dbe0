"""The network graph without Streamlit: edges add up, layouts are stable, rows name each end's page."""

from __future__ import annotations

import math

import pytest

from graphs.network import NAMED_NODES, Network, Node, deck_rows, edge_rows, hubs, layout, node_href

INVESTOR = Node("inv_aaaaaaaaaaaa", "investor", "Acme Homes", "DFW")
OTHER = Node("inv_bbbbbbbbbbbb", "investor", "inv_bbbbbbbbbbbb", "DFW")
LENDER = Node("len_cccccccccccc", "lender", "First Bank")
SELLER = Node("wsr_dddddddddddd", "wholesaler", "Quick Deals LLC", "DFW")
AGENT = Node("agt_eeeeeeeeeeee", "agent", "agt_eeeeeeeeeeee", "DFW")


def sample(center: str | None = None) -> Network:
    network = Network(center=center)
    network.link(INVESTOR, LENDER, 3)
    network.link(LENDER, INVESTOR, 2)  # no direction: the same edge
    network.link(OTHER, LENDER, 1)
    network.link(INVESTOR, SELLER, 4)
    network.link(INVESTOR, AGENT, 1)
    network.link(INVESTOR, INVESTOR, 9)  # no loops
    network.link(OTHER, SELLER, 0)  # no empty edges
    return network


def test_edges_add_up_without_direction_loops_or_zeros():
    assert sample().edges() == [
        ("inv_aaaaaaaaaaaa", "len_cccccccccccc", 5),
        ("inv_aaaaaaaaaaaa", "wsr_dddddddddddd", 4),
        ("agt_eeeeeeeeeeee", "inv_aaaaaaaaaaaa", 1),
        ("inv_bbbbbbbbbbbb", "len_cccccccccccc", 1),
    ]


@pytest.mark.parametrize("node, href", [
    pytest.param(INVESTOR, "/investors?investor=inv_aaaaaaaaaaaa", id="investor"),
    pytest.param(LENDER, "/lenders?lender=len_cccccccccccc", id="lender"),
    pytest.param(SELLER, "/wholesale?wholesaler=wsr_dddddddddddd", id="wholesaler"),
    pytest.param(AGENT, "/agents?agent=agt_eeeeeeeeeeee&market=DFW", id="agent"),
])
def test_each_node_opens_its_page(node, href):
    assert node_href(node) == href


def test_force_layout_is_stable_and_radial_puts_the_center_in_the_middle():
    assert layout(sample()) == layout(sample())
    radial = layout(sample(center=INVESTOR.id))
    assert radial[INVESTOR.id] == pytest.approx((0.0, 0.0), abs=1e-9)
    ring = [math.hypot(*radial[n]) for n in (LENDER.id, SELLER.id, AGENT.id)]
    assert max(ring) - min(ring) < 1e-6 and math.hypot(*radial[OTHER.id]) > ring[0]


def test_deck_and_table_rows():
    network = sample(center=INVESTOR.id)
    nodes, edges = deck_rows(network, layout(network))
    by_id = {node.id: node for node in nodes}
    assert by_id[INVESTOR.id].deals == 10 and by_id[INVESTOR.id].radius > by_id[OTHER.id].radius
    assert max(edge.width for edge in edges) == 6
    table = edge_rows(network)
    assert [row["Deals"] for row in table] == [5, 4, 1, 1]
    assert table[2]["From kind"] == "Investor" and table[2]["To kind"] == "Agent"  # investors first
    assert table[0]["Relation"] == "loans" and table[1]["Relation"] == "wholesale purchases"


def market_of_hubs(hub_count: int = 6, leaves: int = 15) -> Network:
    """A market's graph: busy investors sharing a few lenders (hubs tied to hubs), each with its own
    small ties (leaves), as the Network page reads a market."""
    network = Network()
    investors = [Node(f"inv_{index:012x}", "investor", f"Investor {index}", "DFW") for index in range(hub_count)]
    lenders = [Node(f"len_{index:012x}", "lender", f"Lender {index}") for index in range(2)]
    for number, investor in enumerate(investors):
        for lender in lenders:
            network.link(investor, lender, 40 + number)
        for leaf in range(leaves):
            network.link(investor, Node(f"agt_{number:04x}{leaf:08x}", "agent", f"Agent {number}-{leaf}", "DFW"), 1 + leaf % 3)
    return network


def test_a_markets_hubs_are_spread_apart_not_piled_in_the_middle():
    """issue 26, Network: the busiest nodes drew on top of each other in the middle."""
    network = market_of_hubs()
    positions = layout(network)
    leading = [node for node in hubs(network)]
    gaps = [math.dist(positions[a], positions[b]) for index, a in enumerate(leading) for b in leading[index + 1:]]
    assert min(gaps) > 0.35, f"hubs {min(gaps):.2f} apart"
    assert all(-1.0 - 1e-9 <= value <= 1.0 + 1e-9 for point in positions.values() for value in point)
    assert layout(network) == positions, "the same network draws the same"


def test_only_the_leading_nodes_are_named_on_the_drawing():
    network = market_of_hubs()
    nodes, _ = deck_rows(network, layout(network))
    captioned = [node for node in nodes if node.caption]
    assert 0 < len(captioned) <= NAMED_NODES < len(nodes)
    busiest = max(nodes, key=lambda node: node.deals)
    assert busiest.caption == busiest.label, "the busiest node is named"
    assert all(node.label for node in nodes), "every node still has its name for the hover"
    radial = sample(center=INVESTOR.id)
    assert next(node for node in deck_rows(radial, layout(radial))[0] if node.id == INVESTOR.id).caption
