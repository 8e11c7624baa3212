"""Neo4jStore and the Neo4j loader against a real Neo4j 5 in a testcontainer.

Runs wherever a Docker engine answers; otherwise every test is skipped with the reason
("no Docker engine: <error>"). The same battery of write queries as the unit tests is sent,
and the data must be unchanged afterwards.
"""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import networkx as nx
import pytest

from grraf.config import Settings
from grraf.errors import CodeFailed, CodeRejected, CodeTimeout, StoreError
from grraf.stores.neo4j import Neo4jStore
from loaders.neo4j import drop_graph, list_graphs, write_graph
from loaders.networkx import frames_from_edge_table, frames_from_networkx
from tests.unit.stores.test_cypher_guard import WRITE_BATTERY

pytestmark = pytest.mark.neo4j

PASSWORD = "grraf-test-password"
IMAGE = "neo4j:5-community"


def _docker_error() -> str | None:
    try:
        import docker

        docker.from_env().ping()
    except Exception as e:  # any failure means: no engine to run containers
        return f"{type(e).__name__}: {e}"
    return None


@pytest.fixture(scope="module")
def neo4j_uri() -> Iterator[str]:
    error = _docker_error()
    if error is not None:
        pytest.skip(f"no Docker engine: {error}")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        try:
            from testcontainers.community.neo4j import Neo4jContainer  # type: ignore[import-not-found]
        except ImportError:
            from testcontainers.neo4j import Neo4jContainer
    container = Neo4jContainer(IMAGE, password=PASSWORD)
    with container:
        yield container.get_connection_url()


@pytest.fixture
def driver(neo4j_uri: str) -> Iterator[Any]:
    import neo4j

    drv = neo4j.GraphDatabase.driver(neo4j_uri, auth=("neo4j", PASSWORD))
    with drv.session() as s:
        s.run("MATCH (n) DETACH DELETE n").consume()
    yield drv
    drv.close()


def weighted() -> nx.Graph:
    g = nx.Graph()
    g.add_weighted_edges_from([(0, 1, 2.0), (1, 2, 1.5), (2, 3, 1.0), (0, 3, 10.0)])
    return g


def store_for(uri: str, **kw: Any) -> Neo4jStore:
    return Neo4jStore(uri, ("neo4j", PASSWORD), settings=Settings(row_cap=3), **kw)


def checksum(driver: Any) -> tuple[int, int, list[Any]]:
    with driver.session() as s:
        nodes = s.run("MATCH (n) RETURN count(n)").single()[0]
        rels = s.run("MATCH ()-[r]->() RETURN count(r)").single()[0]
        edges = s.run("MATCH (a)-[r]->(b) RETURN a.id, b.id, r.weight ORDER BY a.id, b.id").values()
    return nodes, rels, edges


def test_load_query_schema(driver: Any, neo4j_uri: str) -> None:
    write_graph(driver, "G", frames_from_networkx(weighted()), batch_size=2)
    with store_for(neo4j_uri, graph_name="G") as store:
        schema = store.schema()
        assert ":G_Node" in schema.text and "WITHOUT an arrow" in schema.text
        assert schema.node_count == 4 and schema.edge_count == 4
        assert store.execute("MATCH (n:G_Node) RETURN count(n) AS answer", 10).value == 4
        q = "MATCH p = shortestPath((a:G_Node {id: 0})-[:G_EDGE*..10]-(b:G_Node {id: 2})) RETURN length(p) AS answer"
        assert store.execute(q, 10).value == 2
        run = store.execute("MATCH (n:G_Node) RETURN n.id ORDER BY n.id", 10)
        assert run.truncated and run.value == [0, 1, 2]
        with pytest.raises(CodeFailed, match="Neo.ClientError.Statement.SyntaxError"):
            store.execute("MATCH (n:G_Node RETURN n", 10)
        with pytest.raises(CodeTimeout):
            store.execute("UNWIND range(1, 100000000) AS x WITH x WHERE x % 7 = 0 RETURN count(*) AS answer", 0.2)
        g = store.to_networkx()["G"]
        assert g.number_of_edges() == 4 and g.edges[0, 3]["weight"] == 10.0


def test_battery_refused_and_data_unchanged(driver: Any, neo4j_uri: str) -> None:
    write_graph(driver, "G", frames_from_networkx(weighted()))
    before = checksum(driver)
    with store_for(neo4j_uri) as store:
        for query in WRITE_BATTERY:
            with pytest.raises(CodeRejected):
                store.execute(query, 10)
        # Bypassing the lexical guard: the EXPLAIN query type and READ mode still refuse.
        for query in ("CREATE (n:G_Node {id: 99})", "MATCH (n:G_Node) DETACH DELETE n", "MATCH (n) SET n.x = 1"):
            with pytest.raises((CodeRejected, CodeFailed)):
                store.run_unguarded(query, 10)
    assert checksum(driver) == before


def test_side_by_side_replace_and_drop(driver: Any, tmp_path: Path) -> None:
    from loaders.edgelist import read_edges

    with driver.session() as s:
        s.run("CREATE (:Person {name: 'other data'})").consume()
    write_graph(driver, "a", frames_from_networkx(nx.path_graph(3)))
    write_graph(driver, "b", frames_from_networkx(nx.DiGraph([(0, 1)])))
    write_graph(driver, "a", frames_from_networkx(nx.path_graph(5)))
    infos = {i.name: i for i in list_graphs(driver)}
    assert (infos["a"].nodes, infos["b"].edges, infos["b"].directed) == (5, 1, True)
    bad = tmp_path / "bad.txt"
    bad.write_text("0 1\n1 2 3 4 5\n")
    with pytest.raises(Exception):  # noqa: B017 - GraphInputError before anything is written
        write_graph(driver, "a", frames_from_edge_table(read_edges(bad)))
    assert {i.name: i.nodes for i in list_graphs(driver)}["a"] == 5
    assert drop_graph(driver, "a")
    with driver.session() as s:
        assert s.run("MATCH (n:Person) RETURN count(n)").single()[0] == 1
        assert s.run("MATCH (n:b_Node) RETURN count(n)").single()[0] == 2
        assert s.run("MATCH (n:a_Node) RETURN count(n)").single()[0] == 0


def test_bad_credentials_are_a_store_error(neo4j_uri: str) -> None:
    with pytest.raises(StoreError):
        Neo4jStore(neo4j_uri, ("neo4j", "wrong-password"), settings=Settings())
