"""Every Neo4j template executed on real graphs in a real Neo4j 5 and compared with NetworkX.

The graphs are the seeded random graphs of tests/unit/templates (directed and undirected, with and
without weights, isolated nodes, several components), loaded with grraf's own loader; each
template is rendered with :func:`cypher_templates.render_cypher` and run through
``Neo4jStore.execute`` — the same guard, plan gate, READ session and (for GDS templates) managed
projection the agent uses. The answer must equal the NetworkX template's."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

import networkx as nx
import pytest

from cypher_templates import Template, load_templates, render_cypher
from grraf.config import Settings
from grraf.frames import frames_from_networkx
from grraf.stores.neo4j import Neo4jStore
from loaders.neo4j import write_graph
from tests.neo4j_support import Neo4jTestServer, wipe
from tests.unit.templates.test_templates import KINDS, pairs, random_graph, same, solver, thresholds

pytestmark = pytest.mark.neo4j

# Templates over grraf's namespaced graphs; the property-graph ones are tested on the property graphs
# (tests/integration/test_property_templates.py).
NEO = {t.name: t for t in load_templates("neo4j") if not t.property_graph}

NODE_TEMPLATES = {
    "degree": "degree",
    "in_degree": "in_degree",
    "out_degree": "out_degree",
    "neighbors": "neighbors",
    "predecessors": "predecessors",
    "reachable_count": "reachable_count",
}
PAIR_TEMPLATES = {
    "connectivity": "connectivity",
    "has_edge": "has_edge",
    "common_neighbors": "common_neighbors",
    "shortest_path_length": "shortest_path_weight",  # unweighted graphs only: hops
    "shortest_path_weight_gds": "shortest_path_weight",
}
PATH_TEMPLATES = ("shortest_path_nodes", "shortest_path_weighted_nodes_gds")
GRAPH_TEMPLATES = {
    "connected_components": "connected_components",
    "connected_components_gds": "connected_components",
    "cycle_directed": "cycle_directed",
    "cycle_undirected": "cycle_undirected",
    "is_dag": "is_acyclic",
    "node_count": "node_count",
    "edge_count": "edge_count",
    "average_degree": "average_degree",
    "degree_top": "degree_top",
    "max_triangle_weight": "max_triangle_weight",
    "triangle_count": "triangle_count",
}
THRESHOLD_TEMPLATES = {
    "degree_above_count": "degree_above_count",
    "degree_at_least_count": "degree_at_least_count",
}
SEEDS = range(6)


def _graphs() -> dict[str, nx.Graph]:
    out = {}
    for i, (d, w) in enumerate(KINDS):
        for s in SEEDS:
            out[f"g{i}_{s}"] = random_graph(7000 + 100 * i + s, directed=d, weighted=w)
    # fixed shapes the random ones may miss: a self-loop, a long path, two components with a cycle
    loop = nx.DiGraph([(0, 0), (0, 1), (1, 2)])
    out["loops"] = loop
    out["path"] = nx.path_graph(12)
    two = nx.Graph([(0, 1), (1, 2), (2, 0), (5, 6)])
    two.add_node(9)
    out["two"] = two
    # an undirected self-loop (stored once) and a four-way tie for the highest degree
    tie = nx.Graph([(0, 1), (1, 2), (2, 3), (3, 0), (4, 4)])
    out["tie"] = tie
    for G in (loop, out["path"], two, tie):
        for u in G:
            G.nodes[u]["weight"] = u + 1
    return out


@pytest.fixture(scope="module")
def loaded(neo4j_server: Neo4jTestServer) -> Iterator[tuple[Neo4jStore, dict[str, nx.Graph]]]:
    graphs = _graphs()
    with neo4j_server.driver() as driver:
        wipe(driver)
        for name, G in graphs.items():
            write_graph(driver, name, frames_from_networkx(G))
    store = Neo4jStore(neo4j_server.uri, neo4j_server.auth, settings=Settings(row_cap=1000))
    yield store, graphs
    store.close()


def usable(template: Template, G: nx.Graph, server: Neo4jTestServer) -> bool:
    if "gds" in template.requires and not server.gds:
        return False
    weighted = nx.is_weighted(G) and G.number_of_edges() > 0
    return template.fits(directed=G.is_directed(), weighted=weighted if template.weighted != "any" else None)


def run(store: Neo4jStore, name: str, gname: str, G: nx.Graph, **params: Any) -> Any:
    code = render_cypher(
        NEO[name], node_label=f"{gname}_Node", edge_type=f"{gname}_EDGE", directed=G.is_directed(), params=params
    )
    return store.execute(code, 60).value


def test_every_neo4j_template_is_exercised() -> None:
    covered = set(NODE_TEMPLATES) | set(PAIR_TEMPLATES) | set(GRAPH_TEMPLATES) | set(PATH_TEMPLATES)
    covered |= set(THRESHOLD_TEMPLATES)
    assert covered == set(NEO)


def test_neo4j_templates_agree_with_networkx(
    loaded: tuple[Neo4jStore, dict[str, nx.Graph]], neo4j_server: Neo4jTestServer
) -> None:
    if neo4j_server.how == "launcher":
        assert neo4j_server.gds, "the launcher's server must have GDS, or the GDS templates go untested"
    store, graphs = loaded
    checked: dict[str, int] = dict.fromkeys(NEO, 0)
    for gname, G in graphs.items():
        for name, nx_name in GRAPH_TEMPLATES.items():
            if usable(NEO[name], G, neo4j_server):
                got, expected = run(store, name, gname, G), solver(nx_name)(G)
                assert same(got, expected), (name, gname, got, expected)
                checked[name] += 1
        for k in thresholds(G):
            for name, nx_name in THRESHOLD_TEMPLATES.items():
                if usable(NEO[name], G, neo4j_server):
                    got, expected = run(store, name, gname, G, k=k), solver(nx_name)(G, k)
                    assert same(got, expected), (name, gname, k, got, expected)
                    checked[name] += 1
        for u in list(G)[:4]:
            for name, nx_name in NODE_TEMPLATES.items():
                if usable(NEO[name], G, neo4j_server):
                    got, expected = run(store, name, gname, G, node=u), solver(nx_name)(G, u)
                    assert same(got, expected), (name, gname, u, got, expected)
                    checked[name] += 1
        for s, t in pairs(G, 3):
            for name, nx_name in PAIR_TEMPLATES.items():
                if usable(NEO[name], G, neo4j_server):
                    got, expected = run(store, name, gname, G, source=s, target=t), solver(nx_name)(G, s, t)
                    assert same(got, expected), (name, gname, s, t, got, expected)
                    checked[name] += 1
            for name in PATH_TEMPLATES:
                if not usable(NEO[name], G, neo4j_server):
                    continue
                path = run(store, name, gname, G, source=s, target=t)
                expected = solver("shortest_path_weight")(G, s, t)
                if expected is None:
                    assert path is None, (name, gname, s, t, path)
                else:
                    assert path[0] == s and path[-1] == t, (name, gname, path)
                    cost = sum(G[a][b].get("weight", 1) for a, b in itertools.pairwise(path))
                    assert same(cost, expected), (name, gname, s, t, path, expected)
                checked[name] += 1
    never = [name for name, n in checked.items() if n == 0]
    assert not never, f"templates never run: {never}"
    assert sum(checked.values()) > 400
    # GDS projections made for the templates were all dropped again.
    with neo4j_server.driver() as driver, driver.session() as s:
        if neo4j_server.gds:
            assert s.run("CALL gds.graph.list() YIELD graphName RETURN count(*)").single()[0] == 0


def test_templates_marked_tested() -> None:
    """A Neo4j template is ``verified: tested`` only because the test above runs it."""
    assert all(t.verified == "tested" for t in NEO.values()), [t.name for t in NEO.values() if t.verified != "tested"]
