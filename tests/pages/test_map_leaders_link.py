"""The Map page links the view it draws to that view's leaders on the Network page (issue 20)."""

from __future__ import annotations

import pytest

from links.network import NetworkLink, view_box
from tests.pages.map_helpers import new_page, point_app_at, texts


@pytest.mark.shape_independent("a link made from the view drawn, not from its rows")
def test_the_map_links_its_view_to_the_views_leaders(monkeypatch, sandbox):
    point_app_at(monkeypatch, sandbox.url)
    app = new_page().run()
    assert not app.exception
    link = next(text for text in texts(app, "markdown") if "Leaders of this view" in text)
    query = link.split("](/network?", 1)[1].rstrip(")")
    params = dict(part.split("=", 1) for part in query.split("&"))
    from urllib.parse import unquote

    box = view_box(NetworkLink(view=unquote(params["view"])))
    assert box is not None and box[0] < box[2] and box[1] < box[3]
