"""What a tab sends Streamlit, held in the browser and let go at once (its real websocket, routed
through Playwright): the moment a loaded server takes to answer, made as long as a test needs."""

from __future__ import annotations

import re


def hold_what_the_tab_sends(page) -> dict:
    """Route the page's Streamlit websocket through the test (before the page opens): while
    `held["on"]`, what the tab sends waits in `held["messages"]`; `release(held)` sends it all
    at once, in order."""
    held = {"on": False, "messages": [], "to_server": None}

    def route(socket) -> None:
        server = socket.connect_to_server()
        held["to_server"] = server.send

        def from_the_tab(message) -> None:
            if held["on"]:
                held["messages"].append(message)
            else:
                server.send(message)

        socket.on_message(from_the_tab)
        server.on_message(socket.send)

    page.route_web_socket(re.compile(r"/_stcore/stream"), route)
    return held


def release(held: dict) -> None:
    held["on"] = False
    for message in held["messages"]:
        held["to_server"](message)
    held["messages"].clear()
