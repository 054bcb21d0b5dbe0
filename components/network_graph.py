"""The network drawn by the map element's script (components/small_map.py; an orthographic view,
positions from `graphs.network.layout`).

Nodes are circles coloured by kind and sized by deals, edges lines as wide as their deals,
the busiest nodes named and the others named on hover. A click on a node reruns the page with
that node; the page opens it.
"""

from __future__ import annotations

import pandas as pd
import streamlit as st

from components.small_map import render_small_map
from components.tables import link_column, render_table
from mapspec.small_map import Canvas, graph, layer
from graphs.network import KIND_COLOURS, KIND_LABELS, DrawnEdge, DrawnNode

NODES_LAYER = "network-nodes"
EDGE_COLOUR = [110, 110, 110, 120]
# The first zoom of the graph (the layout spans -100..100 units) and the nodes' sizes there.
GRAPH_ZOOM = 1.4
RADIUS_MIN_PX, RADIUS_MAX_PX = 3.0, 18.0


def render_legend() -> None:
    swatches = " ".join(
        f"<span style='color:rgb{KIND_COLOURS[kind]}'>●</span> {label}" for kind, label in KIND_LABELS.items()
    )
    st.html(f"<div style='font-size:0.9rem'>{swatches} · line width = deals between the two</div>")


def render_network(nodes: list[DrawnNode], edges: list[DrawnEdge], *, key: str, canvas: Canvas,
                   height: int = 560) -> DrawnNode | None:
    """Draw the graph; the node a person just clicked, or None."""
    # The leading nodes (graphs.network.leading_nodes) are named beside them, shortened; the rest on hover.
    named = [node for node in nodes if node.leading]
    node_rows = [{"p": list(node.position), "fill": [*node.colour, 235], "radius": _radius_px(node),
                  "tip": f"{node.kind_label}: {node.label}\n{node.deals:,} deals · click to open",
                  "pick": node.id} for node in nodes]
    spec = graph(
        [layer("lines", "network-edges", [{"from": list(edge.source), "to": list(edge.target), "width": edge.width,
                                           "tip": edge.label} for edge in edges], color=EDGE_COLOUR),
         layer("points", NODES_LAYER, node_rows, line=[255, 255, 255, 255]),
         # The leading nodes named; the rest say their name on hover (issue 26: labels piled up).
         layer("text", "network-labels", [{"p": list(node.position), "t": node.caption or node.label} for node in named],
               size=12, offset=[0, -16])],
        target=[0, 0], zoom=GRAPH_ZOOM, label="Network graph: hover a node for its name and deals, click it to open its page")
    picked = render_small_map(spec, canvas=canvas, key=key, height=height)
    return next((node for node in nodes if node.id == picked), None) if picked is not None else None


def _radius_px(node: DrawnNode) -> float:
    """The node's radius (graphs.network, in the layout's units) in pixels at the first zoom."""
    return round(min(RADIUS_MAX_PX, max(RADIUS_MIN_PX, node.radius * 2**GRAPH_ZOOM)), 1)


def render_edge_table(rows: list[dict], *, key: str, file_name: str) -> None:
    """The same edges as a table with each end's page, and their CSV."""
    frame = pd.DataFrame(rows)
    render_table(frame, key=key, file_name=file_name,
                 column_order=["From kind", "From", "From page", "Relation", "Deals", "To kind", "To", "To page",
                               "From id", "To id"],
                 column_config={"From page": link_column("From page", "open"), "To page": link_column("To page", "open")})
