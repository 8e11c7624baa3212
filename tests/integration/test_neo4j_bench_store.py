"""``loaders.neo4j.question_store``, the grraf-neo4j bench method's store factory, on a real Neo4j 5:
each question's graphs go in under their own namespace next to other data and come out again."""

from __future__ import annotations

from typing import Any

import networkx as nx
import pytest

from grraf.bench.runner import question_namespace
from grraf.config import Settings
from loaders.neo4j import list_graphs, question_store
from tests.neo4j_support import Neo4jTestServer

pytestmark = pytest.mark.neo4j


def conn(server: Neo4jTestServer) -> dict[str, Any]:
    return {"uri": server.uri, "username": server.username, "password": server.password}


def test_one_graph_in_its_own_namespace_then_dropped(neo4j_driver: Any, neo4j_server: Neo4jTestServer) -> None:
    with neo4j_driver.session() as s:
        s.run("CREATE (:Person {name: 'untouched'})").consume()
    ns = question_namespace("connectivity-s0-0001")
    G = nx.gnm_random_graph(12, 20, seed=1, directed=True)
    with question_store(ns, {"G": G}, settings=Settings(), **conn(neo4j_server)) as store:
        assert store.graph_name == ns
        assert f"Graph {ns}: directed" in store.schema().text and "Person" not in store.schema().text
        assert nx.utils.graphs_equal(store.to_networkx()[ns], G)
    assert [g.name for g in list_graphs(neo4j_driver)] == []
    with neo4j_driver.session() as s:
        assert s.run("MATCH (n) RETURN count(n)").single()[0] == 1


def test_two_graphs_and_a_failing_question(neo4j_driver: Any, neo4j_server: Neo4jTestServer) -> None:
    ns = question_namespace("subgraph-s0-0003")
    graphs = {"G": nx.cycle_graph(5), "G_prime": nx.path_graph(3)}
    factory = question_store(ns, graphs, settings=Settings(), **conn(neo4j_server))
    with pytest.raises(RuntimeError, match="the question failed"), factory as store:
        assert store.graph_name is None
        assert sorted(store.graph_infos()) == [f"{ns}_0", f"{ns}_1"]
        raise RuntimeError("the question failed")
    assert list_graphs(neo4j_driver) == []
    with neo4j_driver.session() as s:
        assert s.run("MATCH (n) RETURN count(n)").single()[0] == 0
