"""The network between investors, agents, lenders and wholesalers: a graph, its layout, what the graph draws.

No Streamlit, no client: `adapter.network` reads the rows, this module turns them into a
`Network` (nodes by kind, edges weighted by deals), lays it out with networkx (radial around
one investor, a force layout for a market), and gives the rows the page's chart and table show.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from urllib.parse import urlencode

import networkx as nx

KINDS = ("investor", "agent", "lender", "wholesaler")
# One colour per kind, readable on a light background (RGB).
KIND_COLOURS = {"investor": (31, 119, 180), "agent": (44, 160, 44), "lender": (214, 39, 40), "wholesaler": (255, 127, 14)}
KIND_LABELS = {"investor": "Investor", "agent": "Agent", "lender": "Lender", "wholesaler": "Wholesaler"}
# What an edge between two kinds counts (its weight is a number of deals).
RELATIONS = {
    frozenset({"investor", "lender"}): "loans",
    frozenset({"investor", "wholesaler"}): "wholesale purchases",
    frozenset({"investor", "agent"}): "listings",
}


@dataclass(frozen=True)
class Node:
    id: str
    kind: str
    label: str
    market: str = ""


@dataclass
class Network:
    nodes: dict[str, Node] = field(default_factory=dict)
    weights: dict[tuple[str, str], int] = field(default_factory=dict)
    center: str | None = None

    def add(self, node: Node) -> None:
        known = self.nodes.get(node.id)
        # Keep the better label: a name over a bare id.
        if known is None or (known.label == known.id and node.label != node.id):
            self.nodes[node.id] = node

    def link(self, a: Node, b: Node, deals: int) -> None:
        """Add both nodes and `deals` to the edge between them (an edge has no direction)."""
        if a.id == b.id or deals <= 0:
            return
        self.add(a)
        self.add(b)
        key = (a.id, b.id) if a.id < b.id else (b.id, a.id)
        self.weights[key] = self.weights.get(key, 0) + int(deals)

    def edges(self) -> list[tuple[str, str, int]]:
        """Edges, heaviest first (then by ids, so the order is stable)."""
        return sorted(((a, b, w) for (a, b), w in self.weights.items()), key=lambda e: (-e[2], e[0], e[1]))


def node_label(kind: str, node_id: str, name: str | None) -> str:
    return str(name).strip() if name and str(name).strip() else node_id


def node_href(node: Node) -> str:
    """The app-relative page of a node: its investor, lender, wholesaler or agent page."""
    page, params = {
        "investor": ("/investors", {"investor": node.id}),
        "lender": ("/lenders", {"lender": node.id}),
        "wholesaler": ("/wholesale", {"wholesaler": node.id}),
        "agent": ("/agents", {"agent": node.id, "market": node.market}),
    }[node.kind]
    return f"{page}?{urlencode({k: v for k, v in params.items() if v})}"


def layout(network: Network, *, seed: int = 7) -> dict[str, tuple[float, float]]:
    """Positions in [-1, 1]: radial around `center` (rings by distance from it), else a force layout.

    networkx's spring layout with a fixed seed, edges pulling by their weight (log-damped so
    one heavy edge does not collapse the rest): the same network always draws the same.
    """
    graph = nx.Graph()
    graph.add_nodes_from(network.nodes)
    for a, b, weight in network.edges():
        graph.add_edge(a, b, weight=1.0 + math.log1p(weight))
    if not graph:
        return {}
    if network.center in graph:
        distances = nx.single_source_shortest_path_length(graph, network.center)
        far = max(distances.values(), default=0) + 1
        rings: dict[int, list[str]] = {}
        for node in sorted(graph, key=lambda n: (network.nodes[n].kind, n)):
            rings.setdefault(distances.get(node, far), []).append(node)
        positions = nx.shell_layout(graph, nlist=[rings[d] for d in sorted(rings)])
    else:
        positions = nx.spring_layout(graph, weight="weight", seed=seed, k=1.5 / math.sqrt(len(graph)))
    return {node: (float(x), float(y)) for node, (x, y) in positions.items()}


def deck_rows(network: Network, positions: dict[str, tuple[float, float]],
              scale: float = 100.0) -> tuple[list[dict], list[dict]]:
    """The nodes and edges as rows for the graph (an orthographic view; coordinates scaled by `scale`)."""
    degree: dict[str, int] = {}
    for a, b, weight in network.edges():
        degree[a] = degree.get(a, 0) + weight
        degree[b] = degree.get(b, 0) + weight
    nodes = []
    for node_id, node in network.nodes.items():
        x, y = positions.get(node_id, (0.0, 0.0))
        nodes.append({
            "id": node_id, "kind": node.kind, "kind_label": KIND_LABELS[node.kind], "label": node.label,
            "market": node.market, "deals": degree.get(node_id, 0), "href": node_href(node),
            "position": [round(x * scale, 3), round(y * scale, 3)], "colour": list(KIND_COLOURS[node.kind]),
            # In the view's units (the layout spans -scale..scale): about 6 to 14 pixels at the first zoom.
            "radius": 1.5 + 0.5 * math.log1p(degree.get(node_id, 0)) + (2 if node_id == network.center else 0),
        })
    heaviest = max((w for _, _, w in network.edges()), default=1)
    edges = []
    for a, b, weight in network.edges():
        (ax, ay), (bx, by) = positions.get(a, (0.0, 0.0)), positions.get(b, (0.0, 0.0))
        edges.append({"source": [round(ax * scale, 3), round(ay * scale, 3)],
                      "target": [round(bx * scale, 3), round(by * scale, 3)],
                      "deals": weight, "width": 1 + 5 * weight / heaviest,
                      "label": f"{network.nodes[a].label} – {network.nodes[b].label}: {weight:,} {relation(network, a, b)}"})
    return nodes, edges


def relation(network: Network, a: str, b: str) -> str:
    return RELATIONS.get(frozenset({network.nodes[a].kind, network.nodes[b].kind}), "deals")


def edge_rows(network: Network) -> list[dict]:
    """The same edges as a table: each end's kind, name, id and page, and the deals between them."""
    rows = []
    for a, b, weight in network.edges():
        first, second = network.nodes[a], network.nodes[b]
        # Investors first, so a table sorted by its first column groups each investor's ties.
        if second.kind == "investor" and first.kind != "investor":
            first, second = second, first
        rows.append({
            "From kind": KIND_LABELS[first.kind], "From": first.label, "From id": first.id, "From page": node_href(first),
            "To kind": KIND_LABELS[second.kind], "To": second.label, "To id": second.id, "To page": node_href(second),
            "Relation": relation(network, a, b), "Deals": weight,
        })
    return rows
