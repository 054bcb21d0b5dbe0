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
# A market's graph holds its busiest nodes apart on a ring of this radius, at most MAX_HUBS of them.
HUB_RING, MAX_HUBS = 0.8, 10
# Names drawn on the graph: the leading nodes only, each cut to CAPTION_CHARS.
NAMED_NODES, CAPTION_CHARS = 12, 28
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


def weighted_degrees(network: Network) -> dict[str, int]:
    """Each node's deals over all its edges: how much of the picture it holds."""
    degree = {node_id: 0 for node_id in network.nodes}
    for a, b, weight in network.edges():
        degree[a] += weight
        degree[b] += weight
    return degree


def hubs(network: Network, limit: int | None = None) -> list[str]:
    """The nodes holding the most deals, most first (then by id): a market's graph's hubs are
    its leading nodes, the ones spread apart and named."""
    degree = weighted_degrees(network)
    count = limit if limit is not None else max(2, min(MAX_HUBS, round(math.sqrt(len(degree)))))
    return sorted(degree, key=lambda node_id: (-degree[node_id], node_id))[:count]


def layout(network: Network, *, seed: int = 7) -> dict[str, tuple[float, float]]:
    """Positions in [-1, 1]: radial around `center` (rings by distance from it), else a force layout
    around hubs held apart.

    A market's plain spring layout drew its busiest investors and lenders on top of each other in
    the middle (they share most edges), their labels piled into unreadable text (issue 26): the
    hubs are first set on a circle and held there, and the rest settle around them with networkx's
    spring layout (fixed seed, edges pulling by their log-damped weight): the same network always
    draws the same.
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
        return {node: (float(x), float(y)) for node, (x, y) in positions.items()}
    held = hubs(network) if len(graph) > 3 else []
    start = {node: (HUB_RING * math.cos(2 * math.pi * index / len(held)), HUB_RING * math.sin(2 * math.pi * index / len(held)))
             for index, node in enumerate(held)}
    positions = nx.spring_layout(graph, weight="weight", seed=seed, k=1.5 / math.sqrt(len(graph)),
                                 pos=start or None, fixed=held or None)
    return _fitted({node: (float(x), float(y)) for node, (x, y) in positions.items()})


def _fitted(positions: dict[str, tuple[float, float]]) -> dict[str, tuple[float, float]]:
    """Positions scaled into [-1, 1] about their middle (a layout with fixed nodes is not rescaled by networkx)."""
    xs, ys = [x for x, _ in positions.values()], [y for _, y in positions.values()]
    middle_x, middle_y = (max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2
    half = max(max(xs) - min(xs), max(ys) - min(ys)) / 2 or 1.0
    return {node: ((x - middle_x) / half, (y - middle_y) / half) for node, (x, y) in positions.items()}


def leading_nodes(network: Network, limit: int = NAMED_NODES) -> set[str]:
    """The nodes named on the drawing: the center and the nodes holding the most deals. The rest
    are named on hover (their `label`), so the names never pile into unreadable text."""
    leading = set(hubs(network, limit))
    if network.center:
        leading.add(network.center)
    return leading


@dataclass(frozen=True)
class DrawnNode:
    """A node as the graph draws it, in the view's units (the layout spans -scale..scale)."""

    id: str
    kind_label: str
    label: str
    caption: str  # drawn beside the node for the leading ones only ("" for the rest: `label` on hover)
    leading: bool
    deals: int
    href: str  # its page
    position: tuple[float, float]
    colour: tuple[int, int, int]
    radius: float  # about 6 to 14 pixels at the first zoom


@dataclass(frozen=True)
class DrawnEdge:
    source: tuple[float, float]
    target: tuple[float, float]
    deals: int
    width: float
    label: str


def deck_rows(network: Network, positions: dict[str, tuple[float, float]],
              scale: float = 100.0) -> tuple[list[DrawnNode], list[DrawnEdge]]:
    """The nodes and edges as the graph draws them (an orthographic view; coordinates scaled by `scale`)."""
    degree = weighted_degrees(network)
    named = leading_nodes(network)

    def at(node_id: str) -> tuple[float, float]:
        x, y = positions.get(node_id, (0.0, 0.0))
        return round(x * scale, 3), round(y * scale, 3)

    nodes = [DrawnNode(
        node_id, KIND_LABELS[node.kind], node.label, short_caption(node.label) if node_id in named else "",
        node_id in named, degree.get(node_id, 0), node_href(node), at(node_id), KIND_COLOURS[node.kind],
        1.5 + 0.5 * math.log1p(degree.get(node_id, 0)) + (2 if node_id == network.center else 0),
    ) for node_id, node in network.nodes.items()]
    heaviest = max((w for _, _, w in network.edges()), default=1)
    edges = [DrawnEdge(at(a), at(b), weight, 1 + 5 * weight / heaviest,
                       f"{network.nodes[a].label} – {network.nodes[b].label}: {weight:,} {relation(network, a, b)}")
             for a, b, weight in network.edges()]
    return nodes, edges


def short_caption(label: str) -> str:
    """A name as drawn beside its node: at most CAPTION_CHARS characters (the hover says it whole)."""
    return label if len(label) <= CAPTION_CHARS else label[: CAPTION_CHARS - 1].rstrip() + "…"


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
