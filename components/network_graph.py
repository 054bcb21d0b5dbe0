"""The network drawn with pydeck (an orthographic view: positions from `graphs.network.layout`).

Nodes are circles coloured by kind and sized by deals, edges lines as wide as their deals,
the busiest nodes named. A click on a node selects it (`on_select="rerun"`); the page opens it.
"""

from __future__ import annotations

import pandas as pd
import pydeck as pdk
import streamlit as st

from components.tables import link_column, render_table
from graphs.network import KIND_COLOURS, KIND_LABELS

NODES_LAYER = "network-nodes"
NAMED_NODES = 12


def render_legend() -> None:
    swatches = " ".join(
        f"<span style='color:rgb{KIND_COLOURS[kind]}'>●</span> {label}" for kind, label in KIND_LABELS.items()
    )
    st.html(f"<div style='font-size:0.9rem'>{swatches} · line width = deals between the two</div>")


def render_network(nodes: list[dict], edges: list[dict], *, key: str, height: int = 560) -> dict | None:
    """Draw the graph; the node a person clicked (its row), or None."""
    named = sorted(nodes, key=lambda node: -node["deals"])[:NAMED_NODES]
    layers = [
        pdk.Layer("LineLayer", id="network-edges", data=edges, get_source_position="source",
                  get_target_position="target", get_width="width", width_units="pixels",
                  get_color=[110, 110, 110, 120], pickable=True),
        pdk.Layer("ScatterplotLayer", id=NODES_LAYER, data=nodes, get_position="position", get_radius="radius",
                  radius_min_pixels=3, radius_max_pixels=18, get_fill_color="colour", get_line_color=[255, 255, 255], stroked=True,
                  line_width_min_pixels=1, pickable=True),
        pdk.Layer("TextLayer", id="network-labels", data=named, get_position="position", get_text="label",
                  get_size=12, get_pixel_offset=[0, -16], get_color=[30, 30, 30, 255]),
    ]
    deck = pdk.Deck(
        layers=layers, views=[pdk.View(type="OrthographicView", controller=True)],
        initial_view_state=pdk.ViewState(target=[0, 0, 0], zoom=1.4), map_style=None,
        tooltip={"text": "{kind_label}: {label}\n{deals} deals · click to open"},
    )
    event = st.pydeck_chart(deck, on_select="rerun", selection_mode="single-object", key=key, height=height)
    selection = getattr(event, "selection", None) or {}
    picked = (selection.get("objects") or {}).get(NODES_LAYER) or []
    return picked[0] if picked else None


def render_edge_table(rows: list[dict], *, key: str, file_name: str) -> None:
    """The same edges as a table with each end's page, and their CSV."""
    frame = pd.DataFrame(rows)
    render_table(frame, key=key, file_name=file_name,
                 column_order=["From kind", "From", "From page", "Relation", "Deals", "To kind", "To", "To page",
                               "From id", "To id"],
                 column_config={"From page": link_column("From page", "open"), "To page": link_column("To page", "open")})
