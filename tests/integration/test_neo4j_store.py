"""Neo4jStore and the Neo4j loader against a real Neo4j 5 server (the session's ``neo4j_server``:
testcontainers with a Docker engine, else Neo4j 5.26 Community from Maven Central on loopback).

Nothing here is faked: the plan gate, READ access mode, the server-side time-out, the row cap,
the schema of a property graph, projections and the loader run against the server, and every
"refused" is checked by reading the data back."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

import networkx as nx
import pytest

from grraf.config import Settings
from grraf.errors import CodeFailed, CodeRejected, CodeTimeout, StoreError
from grraf.frames import GraphFrames, frames_from_edge_table, frames_from_networkx
from grraf.stores.neo4j import Neo4jStore
from loaders.neo4j import drop_graph, list_graphs, write_graph
from tests.neo4j_support import Neo4jTestServer
from tests.unit.stores.test_cypher_guard import WRITE_BATTERY

pytestmark = pytest.mark.neo4j


def weighted() -> nx.Graph:
    g = nx.Graph()
    g.add_weighted_edges_from([(0, 1, 2.0), (1, 2, 1.5), (2, 3, 1.0), (0, 3, 10.0)])
    return g


def store_for(server: Neo4jTestServer, row_cap: int = 3, **kw: Any) -> Neo4jStore:
    return Neo4jStore(server.uri, server.auth, settings=Settings(row_cap=row_cap), **kw)


def checksum(driver: Any) -> tuple[int, int, list[str], list[str]]:
    """Everything in the database, in a comparable form."""
    with driver.session() as s:
        nodes = s.run("MATCH (n) RETURN count(n)").single()[0]
        rels = s.run("MATCH ()-[r]->() RETURN count(r)").single()[0]
        props = s.run("MATCH (n) RETURN labels(n), properties(n)").values()
        edges = s.run(
            "MATCH (a)-[r]->(b) RETURN labels(a), properties(a), type(r), properties(r), properties(b)"
        ).values()
    return nodes, rels, sorted(map(canonical, props)), sorted(map(canonical, edges))


def canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, default=str)


def unrelated_data(driver: Any) -> None:
    """Data a user keeps in the same database, which grraf must never touch."""
    with driver.session() as s:
        s.run(
            "CREATE (k:Person {name: 'Keanu Reeves', born: 1964}), (c:Person {name: 'Carrie-Anne Moss', born: 1967}), "
            "(m:Movie {title: 'The Matrix', released: 1999, tagline: 'Welcome to the Real World'}), "
            "(k)-[:ACTED_IN {roles: ['Neo']}]->(m), (c)-[:ACTED_IN {roles: ['Trinity']}]->(m), "
            "(:Person {name: 'Lana Wachowski', born: 1965})-[:DIRECTED]->(m), (:G_Nodeish {id: 0})"
        ).consume()
        s.run("CREATE CONSTRAINT person_name IF NOT EXISTS FOR (p:Person) REQUIRE p.name IS UNIQUE").consume()


# ------------------------------------------------------------------------------- loading
def test_load_graphs_drop_several_namespaced_graphs_next_to_unrelated_data(
    neo4j_driver: Any, neo4j_server: Neo4jTestServer, tmp_path: Path
) -> None:
    from loaders.edgelist import read_edges

    unrelated_data(neo4j_driver)
    before = checksum(neo4j_driver)
    write_graph(neo4j_driver, "a", frames_from_networkx(nx.path_graph(3)), batch_size=2)
    write_graph(neo4j_driver, "b", frames_from_networkx(nx.DiGraph([(0, 1), (1, 2), (2, 0)])))
    write_graph(neo4j_driver, "c_2", frames_from_networkx(weighted()))
    write_graph(neo4j_driver, "a", frames_from_networkx(nx.path_graph(5)), batch_size=2)  # reload replaces
    infos = {i.name: i for i in list_graphs(neo4j_driver)}
    assert sorted(infos) == ["a", "b", "c_2"]
    assert (infos["a"].nodes, infos["a"].edges, infos["a"].directed) == (5, 4, False)
    assert (infos["b"].edges, infos["b"].directed, infos["c_2"].weighted) == (3, True, True)

    # A bad file is refused before anything is written; the old graph stays.
    bad = tmp_path / "bad.txt"
    bad.write_text("0 1\n1 2 3 4 5\n")
    with pytest.raises(Exception):  # noqa: B017 - GraphInputError, raised while reading
        write_graph(neo4j_driver, "a", frames_from_edge_table(read_edges(bad)))
    # An edge naming a missing node fails mid-load on the server: staging is removed, the old graph stays.
    import pandas as pd

    broken = GraphFrames(
        nodes=pd.DataFrame({"id": [0, 1]}),
        edges=pd.DataFrame({"source": [0, 0], "target": [1, 7]}),
        directed=False,
    )
    with pytest.raises(StoreError, match="name nodes that are not in the graph"):
        write_graph(neo4j_driver, "a", broken)
    with neo4j_driver.session() as s:
        assert s.run("MATCH (n:a__staging_Node) RETURN count(n)").single()[0] == 0
        assert s.run("MATCH (:a_Node)-[r:a_EDGE]-(:a_Node) RETURN count(DISTINCT r)").single()[0] == 4

    with store_for(neo4j_server, graph_name="a") as store:
        assert store.execute("MATCH (n:a_Node) RETURN count(n) AS answer", 10).value == 5
    assert drop_graph(neo4j_driver, "a") and not drop_graph(neo4j_driver, "a")
    assert sorted(i.name for i in list_graphs(neo4j_driver)) == ["b", "c_2"]
    with neo4j_driver.session() as s:
        assert s.run("MATCH (n:a_Node) RETURN count(n)").single()[0] == 0
        assert s.run("MATCH (n:b_Node) RETURN count(n)").single()[0] == 3
        names = {r[0] for r in s.run("SHOW CONSTRAINTS YIELD name RETURN name")}
    assert "grraf_a_Node_id" not in names and "grraf_b_Node_id" in names and "person_name" in names
    drop_graph(neo4j_driver, "b")
    drop_graph(neo4j_driver, "c_2")
    assert checksum(neo4j_driver) == before  # the user's data is exactly as it was


# ------------------------------------------------------------------------------- running queries
def test_execute_row_cap_errors_and_projection(neo4j_driver: Any, neo4j_server: Neo4jTestServer) -> None:
    write_graph(neo4j_driver, "G", frames_from_networkx(weighted()), batch_size=2)
    with store_for(neo4j_server, graph_name="G") as store:
        schema = store.schema()
        assert ":G_Node" in schema.text and "WITHOUT an arrow" in schema.text
        assert schema.node_count == 4 and schema.edge_count == 4 and schema.directed is False
        assert schema.weight_property == "weight"
        assert store.execute("MATCH (n:G_Node) RETURN count(n) AS answer", 10).value == 4
        q = "MATCH p = shortestPath((a:G_Node {id: 0})-[:G_EDGE*..10]-(b:G_Node {id: 2})) RETURN length(p) AS answer"
        assert store.execute(q, 10).value == 2
        run = store.execute("MATCH (n:G_Node) RETURN n.id ORDER BY n.id", 10)
        assert run.truncated and run.value == [0, 1, 2] and run.note == "result truncated to 3 rows"
        assert store.execute("MATCH (n:G_Node) WHERE n.id < 3 RETURN n.id ORDER BY n.id", 10).truncated is False
        with pytest.raises(CodeFailed, match="Neo.ClientError.Statement.SyntaxError"):
            # passes the gate (its clauses are allowed), not the server's parser
            store.execute("MATCH (n:G_Node) RETURN n.id AS answer, n.id AS answer", 10)
        with pytest.raises(CodeRejected, match="function nosuch.fn .* is not allowed"):
            store.execute("RETURN nosuch.fn(1) AS answer", 10)  # the gate knows no such function
        with pytest.raises(CodeFailed, match="Unknown function"):
            store.run_unguarded("RETURN nosuch.fn(1) AS answer", 10)  # and neither does the server
        g = store.to_networkx()["G"]
        assert not g.is_directed() and nx.utils.graphs_equal(g, weighted())
        assert g.edges[0, 3]["weight"] == 10.0
        with pytest.raises(StoreError, match="above the projection limit"):
            store.to_networkx(max_edges=3)
        text = store.as_text(10)
        assert text is not None and text.startswith("# graph G (undirected, weighted)") and "0 3 10.0" in text
        assert store.as_text(3) is None


def test_server_side_timeout_terminates_the_query(neo4j_driver: Any, neo4j_server: Neo4jTestServer) -> None:
    # 2,000 nodes cubed: 8e9 combinations, far beyond any time limit here; the gate lets a cartesian
    # MATCH through (it only bounds what it can count, such as range() literals)
    with neo4j_driver.session() as s:
        s.run("UNWIND range(1, 2000) AS i CREATE (:Slow {i: i})").consume()
    slow = "MATCH (a:Slow), (b:Slow), (c:Slow) WHERE a.i + b.i + c.i = -1 RETURN count(*) AS answer"
    with store_for(neo4j_server) as store:
        start = time.perf_counter()
        with pytest.raises(CodeTimeout) as e:
            store.execute(slow, 0.5)
        assert time.perf_counter() - start < 10 and e.value.seconds == 0.5
        # The server ended it: no transaction is left running that query.
        with neo4j_driver.session() as s:
            running = [r[0] for r in s.run("SHOW TRANSACTIONS YIELD currentQuery RETURN currentQuery")]
        assert not any(":Slow" in q for q in running), running
        # The store stays usable after a time-out.
        assert store.execute("RETURN 41 + 1 AS answer", 5).value == 42


def test_read_access_mode_is_enforced_by_the_server(neo4j_driver: Any, neo4j_server: Neo4jTestServer) -> None:
    """Even with the lexical guard AND the plan gate skipped, the READ session refuses writes."""
    unrelated_data(neo4j_driver)
    before = checksum(neo4j_driver)
    with store_for(neo4j_server) as store:
        for query in ("CREATE (n:Intruder {id: 1})", "MATCH (n:Person) SET n.name = 'x'", "MATCH (n) DETACH DELETE n"):
            with pytest.raises(Exception) as e:
                store._read(lambda tx, q=query: tx.run(q).consume())
            assert "AccessMode" in str(e.value) or "read" in str(e.value).lower(), e.value
    assert checksum(neo4j_driver) == before


def test_explain_gate_refuses_writes_before_they_run(neo4j_driver: Any, neo4j_server: Neo4jTestServer) -> None:
    unrelated_data(neo4j_driver)
    write_graph(neo4j_driver, "G", frames_from_networkx(weighted()))
    before = checksum(neo4j_driver)
    with store_for(neo4j_server) as store:
        for query in ("CREATE (n:G_Node {id: 99})", "MATCH (n:G_Node) DETACH DELETE n", "MATCH (n) SET n.x = 1"):
            with pytest.raises(CodeRejected, match="query type"):
                store.run_unguarded(query, 10)
        facts = store.explain("MATCH (a:G_Node)-[:G_EDGE]-(b) RETURN a.id, count(b)")
        assert "ProduceResults" in facts.operators and facts.procedures == ()
    assert checksum(neo4j_driver) == before


def test_write_and_bypass_battery_has_no_effect(neo4j_driver: Any, neo4j_server: Neo4jTestServer) -> None:
    unrelated_data(neo4j_driver)
    write_graph(neo4j_driver, "G", frames_from_networkx(weighted()))
    before = checksum(neo4j_driver)
    with store_for(neo4j_server) as store:
        for query in WRITE_BATTERY:
            with pytest.raises(CodeRejected):
                store.execute(query, 10)
            # Without the lexical guard: the server-side layers must still refuse (or fail to parse
            # other dialects' commands); none may run.
            with pytest.raises((CodeRejected, CodeFailed)):
                store.run_unguarded(query, 10)
    assert checksum(neo4j_driver) == before


# ------------------------------------------------------------------------------- schema
def test_schema_of_an_arbitrary_property_graph_without_apoc(neo4j_driver: Any, neo4j_server: Neo4jTestServer) -> None:
    unrelated_data(neo4j_driver)
    with neo4j_driver.session() as s:
        s.run(
            "CREATE (:Airport {code: 'JFK', name: 'John F. Kennedy', lat: 40.64})"
            "-[:ROUTE {distance: 2475, airline: 'AA'}]->(:Airport {code: 'LAX', name: 'Los Angeles', lat: 33.94})"
        ).consume()
    with store_for(neo4j_server) as store:
        sent: list[str] = []
        real_read = store._read

        def spy(work: Any, timeout: float | None = None) -> Any:
            def recording(tx: Any) -> Any:
                class Tx:
                    def run(self, query: str, *a: Any, **k: Any) -> Any:
                        sent.append(query)
                        return tx.run(query, *a, **k)

                return work(Tx())

            return real_read(recording, timeout)

        store._read = spy  # type: ignore[method-assign]
        schema = store.schema()
    text = schema.text
    assert "Node label :Person (3 nodes): born Long (e.g. 1964, 1965, 1967); name String" in text, text
    assert "Node label :Movie (1 nodes): released Long (e.g. 1999); tagline String" in text
    assert "Node label :Airport (2 nodes): code String (e.g. JFK, LAX); lat Double (e.g. 33.94, 40.64)" in text
    assert "Relationship type :ACTED_IN (2 relationships): roles StringArray" in text
    assert "(:Person)-[:ACTED_IN]->(:Movie) (2)" in text and "(:Person)-[:DIRECTED]->(:Movie)" in text
    assert "Relationship type :ROUTE (1 relationships): airline String (e.g. AA); distance Long (e.g. 2475)" in text
    assert "(:Airport)-[:ROUTE]->(:Airport) (1)" in text
    assert "GrrafGraph" not in text
    assert schema.node_count == 7 and schema.edge_count == 4
    assert schema.directed is None and schema.weight_property is None  # not a grraf graph
    # Read with Cypher's own db.* procedures and plain MATCH; APOC was never called although installed.
    assert sent and not any(re.search(r"apoc\.[\w.]+\s*\(", q, re.IGNORECASE) for q in sent)
    assert any("db.schema.nodeTypeProperties" in q for q in sent)
    assert ("APOC is installed" in text) is neo4j_server.apoc
    assert ("GDS is installed" in text) is neo4j_server.gds


def test_schema_for_one_graph_and_an_unknown_graph(neo4j_driver: Any, neo4j_server: Neo4jTestServer) -> None:
    unrelated_data(neo4j_driver)
    write_graph(neo4j_driver, "G", frames_from_networkx(nx.DiGraph([(0, 1), (1, 2)])))
    write_graph(neo4j_driver, "H", frames_from_networkx(nx.path_graph(4)))
    with store_for(neo4j_server, graph_name="G") as store:
        text = store.schema().text
        assert "Graph G: directed" in text and "Person" not in text and ":H_Node" not in text
        assert store.schema().node_count == 3 and store.schema().directed is True
        assert set(store.to_networkx()) == {"G"}
        # The graph in focus is the one graph templates render over, whatever else the database holds.
        assert store.capabilities().graph_names == ("G",)
    with pytest.raises(StoreError, match="known graphs: G, H"):
        store_for(neo4j_server, graph_name="flow_8")
    with store_for(neo4j_server) as everything:
        text = everything.schema().text
        assert "Graph G: directed" in text and "Graph H: undirected" in text and ":Person" in text
        assert set(everything.to_networkx()) == {"G", "H"}
        assert everything.capabilities().graph_names == ("G", "H")


def test_credentials_and_environment(neo4j_server: Neo4jTestServer, monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(StoreError, match="cannot connect"):
        Neo4jStore(neo4j_server.uri, (neo4j_server.username, "wrong-password"), settings=Settings())
    monkeypatch.setenv("NEO4J_URI", neo4j_server.uri)
    monkeypatch.setenv("NEO4J_USERNAME", neo4j_server.username)
    monkeypatch.setenv("NEO4J_PASSWORD", neo4j_server.password)
    monkeypatch.setenv("NEO4J_DATABASE", "neo4j")
    with Neo4jStore.from_env(settings=Settings()) as store:
        assert store.database == "neo4j" and store.execute("RETURN 1 AS answer", 5).value == 1
    monkeypatch.setenv("NEO4J_DATABASE", "nosuchdb")
    with pytest.raises(StoreError), Neo4jStore.from_env(settings=Settings()) as store:
        store.schema()
