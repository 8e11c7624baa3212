"""Projecting a database grraf did not create into NetworkX: the whole graph, keys readable, Python runs on it."""

from __future__ import annotations

import pytest

from grraf.bench.property.graphs import property_graph
from grraf.bench.property.reference import multigraph
from grraf.config import Settings
from grraf.stores.ladybug import LadybugStore
from grraf.stores.networkx import NetworkXStore, project


def _edges(graph):
    return sorted((str(u), str(v), d["type"]) for u, v, d in graph.edges(data=True))


def _reference_edges():
    out = []
    for name in ("movies", "flights"):
        ref = multigraph(property_graph(name))
        out += [(str(u[1]), str(v[1]), d["type"]) for u, v, d in ref.edges(data=True)]
    return sorted(out)


def test_ladybug_projection_holds_every_node_and_relationship(property_ladybug):
    with LadybugStore(property_ladybug) as store:
        graphs = store.to_networkx()
    g = graphs["G"]
    assert set(graphs) == {"G"} and g.is_directed() and g.is_multigraph()
    assert (g.number_of_nodes(), g.number_of_edges()) == (299, 1543)
    assert g.nodes["LHR"] == {
        "code": "LHR",
        "name": "London Heathrow Airport",
        "city": "London",
        "latitude": 51.47,
        "longitude": -0.4543,
        "label": "Airport",
    }
    assert g.nodes["GB"]["label"] == "Country"  # country codes and airport codes never clash here
    assert _edges(g) == _reference_edges()
    assert g.graph["node_keys"] == {"Airport": "code", "Country": "code", "Movie": "title", "Person": "name"}


def test_project_no_longer_needs_a_grraf_graph_and_python_runs_on_it(property_ladybug):
    # Was: ConfigError "the NetworkX store needs at least one graph" for any database grraf did not create.
    with LadybugStore(property_ladybug) as store:
        nx_store = project(store, settings=Settings(memory_limit_mb=2048))
    try:
        assert isinstance(nx_store, NetworkXStore)
        code = (
            "from collections import Counter\n"
            "acted = Counter(u for u, v, d in G.edges(data=True) if d['type'] == 'ACTED_IN')\n"
            "answer = acted.most_common(1)[0][0]"
        )
        assert nx_store.execute(code, 30).value == "Tom Hanks"
    finally:
        nx_store.close()


@pytest.mark.neo4j
def test_neo4j_projection_of_the_whole_database(property_neo4j_driver):
    from grraf.stores.neo4j import Neo4jStore

    store = Neo4jStore("bolt://unused", ("neo4j", "unused"), driver=property_neo4j_driver)
    g = store.to_networkx()["G"]
    assert (g.number_of_nodes(), g.number_of_edges()) == (299, 1543)
    assert g.nodes["Tom Hanks"]["born"] == 1956 and g.nodes["Tom Hanks"]["label"] == "Person"
    assert _edges(g) == _reference_edges()
    # Keys come from the uniqueness constraints the Neo4j script creates.
    assert g.graph["node_keys"] == {"Airport": "code", "Country": "code", "Movie": "title", "Person": "name"}
