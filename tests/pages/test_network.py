"""The Network page (AppTest) against the real sandbox: a market's graph, an investor's, their tables."""

from __future__ import annotations

import pytest

from components.agent_profile import agent_label
from services.data_api.models import AgentProfile

from tests.pages.apptest import api_get, frame_with, lender_ranks, page_runner, sandbox_fixtures, texts
from tests.pages.conftest import point_the_app_at
from tests.pages.small_maps import layer_by_id, small_maps

run_page = page_runner("network")


def test_a_markets_network_is_free_and_drawn_with_its_table(app_env):
    app = run_page(market="DFW")
    assert not app.exception
    assert small_maps(app)[0]["graph"], "the graph is drawn"
    edges = frame_with(app, "Relation")
    assert set(edges["Relation"]) == {"loans", "wholesale purchases"}
    assert (edges["Deals"] > 0).all()
    assert all(link.startswith(("/investors?investor=inv_", "/lenders?lender=", "/wholesale?wholesaler="))
               for link in list(edges["From page"]) + list(edges["To page"]))
    assert any(button.key == "net_edges_csv" for button in app.get("download_button"))
    assert not [button for button in app.button if button.key == "net_profile_confirm"]


def test_the_graph_names_its_leading_nodes_and_every_node_on_hover_and_click(app_env):
    """issue 26, Network: the busiest nodes named, the others on hover; a click opens any node (its id is its pick)."""
    app = run_page(market="DFW")
    [graph] = small_maps(app)
    nodes = layer_by_id(graph, "network-nodes")["rows"]
    names = layer_by_id(graph, "network-labels")["rows"]
    assert len(nodes) > len(names) > 0 and len(names) <= 12
    assert all(isinstance(node["pick"], str) and node["pick"] for node in nodes)
    assert len({node["pick"] for node in nodes}) == len(nodes), "each node opens its own page"
    assert all(node["tip"].endswith("click to open") for node in nodes)
    full_names = {node["tip"].split(": ", 1)[1].split("\n")[0] for node in nodes}
    # A leading node's name, shortened beside it where long (graphs.network.short_caption); whole on hover.
    assert all(any(name["t"] == full or (name["t"].endswith("…") and full.startswith(name["t"][:-1]))
                   for full in full_names) for name in names)


def test_a_market_without_wholesale_draws_its_lenders_and_says_so(app_env):
    app = run_page(market="NNJ")
    assert not app.exception
    assert "publishes no wholesale dataset" in texts(app)
    assert set(frame_with(app, "Relation")["Relation"]) == {"loans"}


def test_an_investors_network_asks_the_profiles_cost_then_draws_around_it(app_env):
    investor_id = sandbox_fixtures(app_env)["top_investor_ids"][0]
    app = run_page(investor=investor_id)
    assert not app.exception
    assert app.button(key="net_profile_confirm").label == "Read the profile (1 credit)"
    assert not small_maps(app), "nothing read before the cost is agreed"
    app.button(key="net_profile_confirm").click().run()
    assert not app.exception
    edges = frame_with(app, "Relation")
    profile = api_get(app_env, f"/v1/investors/{investor_id}")["data"]
    own = edges[(edges["From id"] == investor_id) & (edges["To kind"] == "Lender")]
    used = {lender["id"]: lender["n"] for lender in profile["financing"]["lenders_used"]}
    drawn = dict(zip(own["To id"], own["Deals"]))
    assert len(drawn) == min(12, len(used)) and all(used[lender_id] == deals for lender_id, deals in drawn.items())
    assert min(drawn.values()) >= max((n for lender_id, n in used.items() if lender_id not in drawn), default=0)
    assert "its 12 busiest lenders and wholesalers" in texts(app)
    assert "Agent" in set(edges["To kind"]) or not profile["agent_links"]


def test_an_investors_agents_are_named_as_the_agents_page_names_them_never_by_id(app_env):
    """Agents carry no name (it is redacted): the graph and its table named them by their bare id.
    Each is named by its profile, as the Agents page and the investor's profile name it."""
    # An investor with linked agents, found from an agent's own links to investors.
    hits = [hit for query in sandbox_fixtures(app_env)["agent_name_queries"]
            for hit in api_get(app_env, "/v1/agents/search", q=query)["data"]]
    investor_id = next(
        link["investor_id"] for hit in hits
        for link in api_get(app_env, f"/v1/agents/{hit['id']}", market=hit["market"])["data"]["investor_links"]
    )
    profile = api_get(app_env, f"/v1/investors/{investor_id}")["data"]
    assert profile["agent_links"]
    app = run_page(investor=profile["id"])
    app.button(key="net_profile_confirm").click().run()
    assert not app.exception
    edges = frame_with(app, "Relation")
    agents = edges[edges["To kind"] == "Agent"]
    assert len(agents) == len({link["agent_id"] for link in profile["agent_links"]})
    for agent_id, label in zip(agents["To id"], agents["To"]):
        link = next(link for link in profile["agent_links"] if link["agent_id"] == agent_id)
        agent = api_get(app_env, f"/v1/agents/{agent_id}", market=link["market"])["data"]
        assert label == agent_label(AgentProfile.model_validate(agent)) and agent_id not in label, (label, agent_id)


@pytest.mark.shape_independent("a malformed id is refused before any request")
def test_a_malformed_investor_id_is_said(app_env):
    app = run_page(investor="inv_12")
    assert not app.exception
    assert "is not an investor id" in texts(app)


def test_leaders_of_the_maps_view_free_lists_then_investors_after_their_cost(app_env):
    """data-api.md line 171 names no parameter of `GET /v1/lenders` (line 181: the geometry rules are the
    deal, investor, wholesale and STR lists'): no document ranks lenders in a drawn area, and the page
    says so instead of reading `GET /v1/lenders?bbox=&sort=loans_desc`."""
    west, south, east, north = sandbox_fixtures(app_env)["markets"]["CLT"]
    view = f"{west},{south},{(west + east) / 2},{(south + north) / 2}"
    app = run_page(view=view, market="CLT")
    assert not app.exception
    assert "Leaders of the map's view" in [header.value for header in app.subheader]
    assert "ranks lenders by market, not within an area you draw" in texts(app)
    assert not [frame for frame in app.dataframe if "Volume" in frame.value.columns]
    wholesalers = frame_with(app, "Sold")
    assert list(wholesalers["Listings"]) == sorted(wholesalers["Listings"], reverse=True)
    assert all(link.startswith("/wholesale?wholesaler=wsr_") for link in wholesalers["Open"])
    ask = app.button(key="net_leaders_ask")
    assert ask.label == "Show the top 10 investors"
    ask.click().run()
    assert "costs up to 10 credits" in texts(app)
    app.button(key="net_leaders_confirm").click().run()
    assert not app.exception
    investors = frame_with(app, "Deals here")
    assert 0 < len(investors) <= 10 and all(link.startswith("/investors?investor=inv_") for link in investors["Open"])


def test_a_markets_leading_lenders_are_ranked_by_their_own_rankings(app_env):
    """data-api.md line 171: `GET /v1/lenders/{id}/rankings` is a lender's own; a row's place in
    `GET /v1/lenders` is no rank (it has no documented sort). The market's leaders and its graph's
    lenders are the lenders ranked first there."""
    app = run_page(market="CLT")
    assert not app.exception
    assert "Leaders of CLT" in [header.value for header in app.subheader]
    lenders = frame_with(app, "Volume")
    expected = lender_ranks(app_env, "CLT", 10)
    assert list(zip(lenders["Rank"], lenders["Open"])) == [(row["rank"], f"/lenders?lender={row['id']}")
                                                           for row in expected]
    edges = frame_with(app, "Relation")
    drawn = set(edges[edges["To kind"] == "Lender"]["To id"])
    assert drawn and drawn <= {row["id"] for row in lender_ranks(app_env, "CLT", 8)}


def test_a_key_without_early_access_draws_the_investors_network_from_its_profile(sandbox, monkeypatch):
    """data-api.md, Versioning 5 (line 272): "Early-access routes may be restricted further". The key
    `zpka_sandbox_noearly` is refused there (404 on the default profile, 403 on `--variety`): the graph
    caught only 422 and failed whole after the profile's credit was spent. It draws the profile's own
    lenders and agents and says which parts are missing."""
    point_the_app_at(sandbox, monkeypatch, key="zpka_sandbox_noearly")
    investor_id = sandbox_fixtures(sandbox)["top_investor_ids"][0]
    profile = api_get(sandbox, f"/v1/investors/{investor_id}")["data"]
    app = run_page(investor=investor_id)
    assert "the profile's own lenders and agents are drawn still" in texts(app), "said before the credit is spent"
    app.button(key="net_profile_confirm").click().run()
    assert not app.exception
    said = texts(app)
    assert "could not be read" not in said
    assert "Wholesale listings are not open to this account yet" in said
    assert "the other borrowers of its lenders are not shown" in said
    edges = frame_with(app, "Relation")
    used = {lender["id"] for lender in profile["financing"]["lenders_used"]}
    assert set(edges[edges["To kind"] == "Lender"]["To id"]) <= used and len(edges) > 0
    assert set(edges["From id"]) == {investor_id}, "the profile's own ties only"
    assert app.session_state["adapter_data_api"].credits.charged == 1


def test_a_key_without_early_access_says_which_parts_of_a_markets_graph_are_missing(sandbox, monkeypatch):
    point_the_app_at(sandbox, monkeypatch, key="zpka_sandbox_noearly")
    app = run_page(market="DFW")
    assert not app.exception
    said = texts(app)
    assert "Lenders are not open to this account yet" in said
    assert "Wholesale listings are not open to this account yet" in said
    assert "No ties to draw here." in said and "could not be read" not in said


def test_a_markets_leaders_say_a_missing_dataset(app_env):
    app = run_page(market="NNJ")
    assert not app.exception
    assert "Leaders of NNJ" in [header.value for header in app.subheader]
    assert "publishes no wholesale dataset: no wholesalers to show" in texts(app)


def test_an_unknown_investor_is_said_from_its_profiles_own_404(app_env):
    app = run_page(investor="inv_" + "0" * 12)
    assert not app.exception
    app.button(key="net_profile_confirm").click().run()
    assert "No investor has the id inv_000000000000" in texts(app)


def test_a_profile_the_account_holds_is_said_free_in_a_new_session(app_env):
    """issue 16, Other pages: as on Investors, a profile the account already holds is announced
    as free ("free: already yours"), read without a question, and charges nothing."""
    investor_id = sandbox_fixtures(app_env)["top_investor_ids"][1]
    first = run_page(investor=investor_id)
    first.button(key="net_profile_confirm").click().run()
    assert first.session_state["adapter_data_api"].credits.charged == 1
    later = run_page(investor=investor_id)  # another session: its own meter, the process's cache
    assert not later.exception
    assert not [button for button in later.button if button.key == "net_profile_confirm"]
    assert "Free: already yours" in texts(later)
    assert small_maps(later)[0]["graph"], "the graph is drawn"
    assert later.session_state["adapter_data_api"].credits.charged == 0


def test_the_leading_investors_the_account_holds_are_said_free_in_a_new_session(app_env):
    west, south, east, north = sandbox_fixtures(app_env)["markets"]["CLT"]
    view = f"{west},{south},{(west + east) / 2},{(south + north) / 2}"
    first = run_page(view=view, market="CLT")
    assert "Free: already yours" not in texts(first)
    first.button(key="net_leaders_ask").click().run()
    first.button(key="net_leaders_confirm").click().run()
    shown = list(frame_with(first, "Deals here")["Open"])
    assert first.session_state["adapter_data_api"].credits.charged > 0
    later = run_page(view=view, market="CLT")
    assert not later.exception
    assert not [button for button in later.button if button.key in ("net_leaders_ask", "net_leaders_confirm")]
    assert "Free: already yours" in texts(later)
    assert list(frame_with(later, "Deals here")["Open"]) == shown
    assert later.session_state["adapter_data_api"].credits.charged == 0
