"""Graph Data Science through the Neo4j store, against the session's real server (GDS 2.13 open edition,
from Maven Central, wired by scripts/neo4j/gds-extension).

A query that calls a GDS algorithm and names a grraf graph's projection (``'NAME_Node'``) gets that
projection made by the store before it runs and dropped after it — also when the query fails or
runs out of time, which is what these tests check by reading the GDS catalog back."""

from __future__ import annotations

import secrets
from typing import Any

import networkx as nx
import pytest

from grraf.config import Settings
from grraf.errors import CodeFailed, CodeRejected, CodeTimeout
from grraf.frames import frames_from_networkx
from grraf.stores.neo4j import Neo4jStore
from loaders.neo4j import write_graph
from tests.neo4j_support import Neo4jTestServer

pytestmark = pytest.mark.neo4j


@pytest.fixture
def gds_server(neo4j_server: Neo4jTestServer) -> Neo4jTestServer:
    if not neo4j_server.gds:
        if neo4j_server.how == "launcher":
            pytest.fail("the launcher's server must load GDS (it resolves from Maven Central)")
        pytest.skip("this server has no Graph Data Science")
    return neo4j_server


def catalog(driver: Any) -> list[str]:
    with driver.session() as s:
        return [r[0] for r in s.run("CALL gds.graph.list() YIELD graphName RETURN graphName")]


class Spy:
    """Records which projections the store made (the store's own method, wrapped, still runs)."""

    def __init__(self, store: Neo4jStore) -> None:
        self.made: list[list[str]] = []
        real = store._project_for

        def wrapped(text: str, deadline: float) -> list[str]:
            names = real(text, deadline)
            self.made.append(list(names))
            return names

        store._project_for = wrapped  # type: ignore[method-assign]


def test_schema_says_gds_and_apoc_are_installed(neo4j_driver: Any, gds_server: Neo4jTestServer) -> None:
    write_graph(neo4j_driver, "G", frames_from_networkx(nx.star_graph(4)))
    with Neo4jStore(gds_server.uri, gds_server.auth, settings=Settings()) as store:
        assert store.has_gds and store.plugins() >= {"gds"}
        assert store.has_apoc is gds_server.apoc
        text = store.schema().text
        assert "GDS is installed: use only gds.<algorithm>.stream/.stats procedures" in text
        assert "CALL gds.pageRank.stream('G_Node')" in text


def test_stream_projects_runs_and_drops(neo4j_driver: Any, gds_server: Neo4jTestServer) -> None:
    star = nx.star_graph(5)  # PageRank and degree centrality both put the hub first
    write_graph(neo4j_driver, "G", frames_from_networkx(star))
    write_graph(neo4j_driver, "H", frames_from_networkx(nx.path_graph(3)))
    with Neo4jStore(gds_server.uri, gds_server.auth, settings=Settings()) as store:
        spy = Spy(store)
        run = store.execute(
            "CALL gds.pageRank.stream('G_Node') YIELD nodeId, score "
            "RETURN gds.util.asNode(nodeId).id AS answer ORDER BY score DESC LIMIT 1",
            60,
        )
        assert run.value == 0
        assert spy.made == [["G_Node"]]  # only the graph the query names
        stats = store.execute("CALL gds.wcc.stats('H_Node') YIELD componentCount RETURN componentCount AS answer", 60)
        assert stats.value == 1
        ranks = store.execute(
            "CALL gds.degree.stream('G_Node') YIELD nodeId, score RETURN gds.util.asNode(nodeId).id AS id, score", 60
        ).value
        assert {r["id"]: r["score"] for r in ranks} == {u: float(d) for u, d in star.degree}
    assert catalog(neo4j_driver) == []


def test_projection_is_dropped_when_the_query_fails(neo4j_driver: Any, gds_server: Neo4jTestServer) -> None:
    write_graph(neo4j_driver, "G", frames_from_networkx(nx.cycle_graph(6)))
    with Neo4jStore(gds_server.uri, gds_server.auth, settings=Settings()) as store:
        spy = Spy(store)
        with pytest.raises(CodeFailed, match="noSuchKey"):
            store.execute("CALL gds.pageRank.stream('G_Node', {noSuchKey: 1}) YIELD nodeId RETURN count(*)", 60)
        with pytest.raises(CodeFailed):
            store.execute("CALL gds.pageRank.stream('G_Node') YIELD nodeId RETURN nodeId / 0 AS answer", 60)
        assert spy.made == [["G_Node"], ["G_Node"]]  # it was made both times ...
    assert catalog(neo4j_driver) == []  # ... and dropped both times


def test_projection_is_dropped_when_the_query_times_out(neo4j_driver: Any, gds_server: Neo4jTestServer) -> None:
    write_graph(neo4j_driver, "G", frames_from_networkx(nx.cycle_graph(6)))
    with neo4j_driver.session() as s:
        s.run("UNWIND range(1, 2000) AS i CREATE (:Slow {i: i})").consume()
    slow = (
        "CALL gds.pageRank.stream('G_Node') YIELD nodeId WITH count(nodeId) AS n "
        "MATCH (a:Slow), (b:Slow), (c:Slow) WHERE a.i + b.i + c.i = -n RETURN count(*) AS answer"
    )
    with Neo4jStore(gds_server.uri, gds_server.auth, settings=Settings()) as store:
        spy = Spy(store)
        with pytest.raises(CodeTimeout):
            store.execute(slow, 8)  # enough to project on a loaded machine, far too little for 8e9 combinations
        assert spy.made == [["G_Node"]]
        assert catalog(neo4j_driver) == []
    assert catalog(neo4j_driver) == []


def test_nothing_is_left_when_the_projection_itself_fails(neo4j_driver: Any, gds_server: Neo4jTestServer) -> None:
    name = f"F{secrets.token_hex(4)}"  # a relationship type this server has never seen
    write_graph(neo4j_driver, name, frames_from_networkx(nx.empty_graph(3)))
    with neo4j_driver.session() as s:  # metadata claims edges, so the store projects NAME_EDGE, which does not exist
        s.run("MATCH (g:GrrafGraph {name: $name}) SET g.edges = 5", name=name).consume()
    with Neo4jStore(gds_server.uri, gds_server.auth, settings=Settings()) as store:
        with pytest.raises(CodeFailed, match=f"{name}_EDGE"):
            store.execute(f"CALL gds.wcc.stats('{name}_Node') YIELD componentCount RETURN componentCount", 30)
        assert store.execute("RETURN 1 AS answer", 5).value == 1
    assert catalog(neo4j_driver) == []


def test_a_stale_projection_of_the_same_name_is_replaced(neo4j_driver: Any, gds_server: Neo4jTestServer) -> None:
    write_graph(neo4j_driver, "G", frames_from_networkx(nx.path_graph(4)))
    with neo4j_driver.session() as s:  # left behind by a crashed run, with the wrong content
        s.run("CALL gds.graph.project('G_Node', 'G_Node', '*')").consume()
    with Neo4jStore(gds_server.uri, gds_server.auth, settings=Settings()) as store:
        value = store.execute("CALL gds.wcc.stats('G_Node') YIELD componentCount RETURN componentCount AS answer", 8)
        assert value.value == 1
    assert catalog(neo4j_driver) == []


def test_generated_code_cannot_manage_projections(neo4j_driver: Any, gds_server: Neo4jTestServer) -> None:
    write_graph(neo4j_driver, "G", frames_from_networkx(nx.path_graph(4)))
    with Neo4jStore(gds_server.uri, gds_server.auth, settings=Settings()) as store:
        for query in (
            "CALL gds.graph.project('mine', 'G_Node', 'G_EDGE') YIELD graphName RETURN graphName",
            "MATCH (n:G_Node) RETURN gds.graph.project('mine', n, null) AS g",
            "CALL gds.graph.drop('G_Node') YIELD graphName RETURN graphName",
            "CALL gds.pageRank.write('G_Node', {writeProperty: 'pr'}) YIELD nodePropertiesWritten RETURN 1",
        ):
            with pytest.raises(CodeRejected):
                store.run_unguarded(query, 30)
    assert catalog(neo4j_driver) == []
    with neo4j_driver.session() as s:
        assert s.run("MATCH (n:G_Node) WHERE n.pr IS NOT NULL RETURN count(n)").single()[0] == 0
