"""Neo4j loader logic against the fake driver: batched, parameterised, staged, swapped."""

from __future__ import annotations

from typing import Any

import networkx as nx
import pytest

from grraf.errors import ConfigError, StoreError
from grraf.frames import frames_from_networkx
from loaders.neo4j import drop_graph, list_graphs, write_graph
from tests.unit.stores.test_neo4j import FakeDriver, Reply, neo4j_error


def graph() -> nx.DiGraph:
    g = nx.DiGraph()
    for i in range(25):
        g.add_edge(f"secret_{i}", f"secret_{i + 1}", weight=1000.5 + i)
    return g


def loader_handler(fail_on_edge_batch: int | None = None) -> Any:
    state = {"edge_batches": 0}

    def handler(query: str, params: dict[str, Any]) -> Reply:
        if "DETACH DELETE" in query:
            return Reply(["deleted"], [[0]])
        if "CREATE (n:" in query:
            return Reply(["c"], [[len(params["rows"])]])
        if "CREATE (a)-[e:" in query:
            state["edge_batches"] += 1
            if fail_on_edge_batch is not None and state["edge_batches"] == fail_on_edge_batch:
                raise neo4j_error("Neo.TransientError.General.MemoryPoolOutOfMemoryError", "out of memory")
            return Reply(["c"], [[len(params["rows"])]])
        if query.startswith("MATCH (g:GrrafGraph) RETURN"):
            return Reply(
                ["name", "nodes", "edges", "directed", "weighted", "source"], [["web", 26, 25, True, True, "f"]]
            )
        return Reply()

    return handler


def test_batched_parameterised_staged_then_swapped() -> None:
    driver = FakeDriver(loader_handler())
    frames = frames_from_networkx(graph(), source="web.tsv")
    progress: list[tuple[str, int, int]] = []
    info = write_graph(driver, "web", frames, batch_size=10, progress=lambda *a: progress.append(a))
    assert (info.nodes, info.edges, info.directed, info.weighted) == (26, 25, True, True)

    for call in driver.calls:  # no data in any query text
        assert "secret_" not in call.query and "1000.5" not in call.query
    node_batches = [c for c in driver.calls if "CREATE (n:" in c.query]
    edge_batches = [c for c in driver.calls if "CREATE (a)-[e:" in c.query]
    assert [len(c.params["rows"]) for c in node_batches] == [10, 10, 6]
    assert [len(c.params["rows"]) for c in edge_batches] == [10, 10, 5]
    assert all(c.access_mode == "WRITE" for c in node_batches + edge_batches)
    assert len({c.tx_id for c in edge_batches}) == 3  # one transaction per batch
    assert node_batches[0].query.startswith("UNWIND $rows AS r CREATE (n:`web__staging_Node`)")
    assert "MATCH (a:`web__staging_Node` {id: r.source}) MATCH (b:`web__staging_Node` {id: r.target})" in (
        edge_batches[0].query
    )
    assert "CREATE (a)-[e:`web_EDGE`]->(b) SET e = r.props" in edge_batches[0].query
    assert edge_batches[0].params["rows"][0] == {
        "source": "secret_0",
        "target": "secret_1",
        "props": {"weight": 1000.5},
    }

    constraints = [c.query for c in driver.calls if "CONSTRAINT" in c.query]
    assert any("FOR (n:`web__staging_Node`) REQUIRE n.id IS UNIQUE" in q for q in constraints)
    assert any("FOR (n:`web_Node`) REQUIRE n.id IS UNIQUE" in q for q in constraints)

    swap = [c for c in driver.calls if "REMOVE n:" in c.query or "MERGE (g:GrrafGraph" in c.query]
    assert [c.query for c in swap] == [
        "MATCH (n:`web_Node`) SET n:`web__old_Node` REMOVE n:`web_Node`",
        "MATCH (n:`web__staging_Node`) SET n:`web_Node` REMOVE n:`web__staging_Node`",
        "MERGE (g:GrrafGraph {name: $name}) SET g += $meta",
    ]
    assert len({c.tx_id for c in swap}) == 1  # the swap is one transaction
    assert swap[2].params["meta"]["edges"] == 25
    last_old_delete = max(i for i, c in enumerate(driver.calls) if "`web__old_Node`" in c.query and "DELETE" in c.query)
    assert last_old_delete > driver.calls.index(swap[-1])  # old graph removed only after the swap
    assert ("edges", 25, 25) in progress


def test_failure_mid_load_removes_staging_and_never_swaps() -> None:
    driver = FakeDriver(loader_handler(fail_on_edge_batch=2))
    with pytest.raises(StoreError, match="nothing changed"):
        write_graph(driver, "web", frames_from_networkx(graph()), batch_size=10)
    queries = driver.queries()
    assert not any("REMOVE n:`web_Node`" in q or "MERGE (g:GrrafGraph" in q for q in queries)
    fail_at = max(i for i, q in enumerate(queries) if "CREATE (a)-[e:" in q)
    assert any("`web__staging_Node`" in q and "DETACH DELETE" in q for q in queries[fail_at:])
    assert not any("`web_Node`" in q and "DETACH DELETE" in q for q in queries)  # the live graph untouched


def test_invalid_name_is_refused_before_any_query() -> None:
    driver = FakeDriver(loader_handler())
    with pytest.raises(ConfigError):
        write_graph(driver, "web`) DETACH DELETE n //", frames_from_networkx(graph()))
    assert driver.calls == []


def test_list_and_drop() -> None:
    driver = FakeDriver(loader_handler())
    [info] = list_graphs(driver)
    assert (info.name, info.nodes, info.edges, info.store) == ("web", 26, 25, "neo4j")
    assert driver.calls[-1].access_mode == "READ"
    assert drop_graph(driver, "web", batch_size=5)
    queries = driver.queries()
    assert "MATCH (g:GrrafGraph {name: $name}) DELETE g" in queries
    assert any(q.startswith("MATCH (n:`web_Node`) WITH n LIMIT $limit DETACH DELETE n") for q in queries)
    assert not drop_graph(driver, "other")
