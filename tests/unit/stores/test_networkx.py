"""The NetworkX store: schema, text rendering, guard and sandboxed execution through the protocol."""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Iterator

import networkx as nx
import pytest

from grraf.config import Settings
from grraf.errors import CodeFailed, CodeRejected, ConfigError, SandboxError
from grraf.stores.base import GraphStore
from grraf.stores.networkx import NetworkXStore, describe_graph, edge_list_text


def _weighted() -> nx.Graph:
    g = nx.Graph()
    g.add_node(0, label="start", score=1.5)
    g.add_node(1, label="mid")
    g.add_edge(0, 1, weight=5)
    g.add_edge(1, 2, weight=2.5)
    g.add_node(9)
    return g


@pytest.fixture(scope="module")
def store() -> Iterator[NetworkXStore]:
    g = nx.DiGraph([(0, 1), (1, 2), (2, 0)])
    h = nx.DiGraph([("a", "b"), ("b", "c"), ("c", "a")])
    s = NetworkXStore({"G": g, "G_prime": h}, settings=Settings(memory_limit_mb=512))
    yield s
    s.close()


def test_implements_the_protocol(store: NetworkXStore) -> None:
    assert isinstance(store, GraphStore)
    assert (store.name, store.language, store.dialect) == ("networkx", "python", "networkx")


def test_schema_describes_types_counts_attributes_and_weight() -> None:
    schema = NetworkXStore({"G": _weighted()}).schema()
    assert (schema.node_count, schema.edge_count, schema.directed, schema.weight_property) == (4, 2, False, "weight")
    text = schema.text
    assert "G: networkx.Graph (undirected), 4 nodes, 2 edges" in text
    assert "node ids: int, e.g. 0, 1, 2, 9" in text
    assert "label (str, e.g. 'start', 'mid')" in text and "score (float, e.g. 1.5)" in text
    assert "weight (float/int, e.g. 5, 2.5)" in text
    assert "weight property: weight" in text


def test_schema_of_two_graphs_and_unweighted(store: NetworkXStore) -> None:
    schema = store.schema()
    assert schema.text.count("networkx.DiGraph (directed)") == 2
    assert "G_prime:" in schema.text and "node ids: str, e.g. 'a', 'b', 'c'" in schema.text
    assert schema.weight_property is None and "none (unweighted)" in schema.text
    assert store.schema() == schema  # deterministic and cached


def test_schema_of_multigraph() -> None:
    g = nx.MultiDiGraph([(0, 1), (0, 1)])
    info = describe_graph("G", g)
    assert info.kind == "MultiDiGraph" and info.multigraph and info.edges == 2


def test_schema_stays_bounded_as_the_graph_grows() -> None:
    def sized(n: int) -> tuple[int, float]:
        g = nx.gnm_random_graph(n, 5 * n, seed=1)
        for i, (_, _, data) in enumerate(g.edges(data=True)):
            data["weight"] = i
            data[f"extra{i % 50}"] = "x" * 100
        started = time.perf_counter()
        text = NetworkXStore({"G": g}).schema().text
        return len(text), time.perf_counter() - started

    small_len, _ = sized(1_000)
    large_len, large_time = sized(40_000)
    assert abs(large_len - small_len) < 40  # only the digits of the counts differ
    assert large_len < 3_000 and large_time < 1.0


def test_as_text_edge_lists() -> None:
    assert edge_list_text(_weighted()) == "(0,1,5) (1,2,2.5)\nisolated nodes: 9"
    assert edge_list_text(nx.DiGraph([(0, 1), (1, 2)])) == "(0->1) (1->2)"
    store = NetworkXStore({"G": nx.path_graph(3)})
    assert store.as_text(max_edges=2) == "(0,1) (1,2)"
    assert store.as_text(max_edges=1) is None


def test_as_text_with_two_graphs(store: NetworkXStore) -> None:
    text = store.as_text(max_edges=100)
    assert text is not None
    assert text.splitlines()[0] == "G: (0->1) (1->2) (2->0)"
    assert text.splitlines()[1].startswith("G_prime: (a->b)")


def test_check_uses_the_guard(store: NetworkXStore) -> None:
    store.check("import networkx as nx\nanswer = 1")
    with pytest.raises(CodeRejected):
        store.check("import os")


def test_execute_runs_against_both_graphs(store: NetworkXStore) -> None:
    code = "import networkx as nx\nanswer = [nx.is_isomorphic(G, G_prime), len(nx.find_cycle(G))]"
    execution = store.execute(code, timeout=10)
    assert execution.value == [True, 3]


def test_execute_errors_are_code_errors(store: NetworkXStore) -> None:
    with pytest.raises(CodeFailed):
        store.execute("answer = G.nodes[99]", timeout=10)
    with pytest.raises(CodeRejected):
        store.execute("import subprocess", timeout=10)


def test_worker_is_restarted_after_it_died() -> None:
    s = NetworkXStore({"G": nx.path_graph(3)})
    try:
        assert s.execute("answer = len(G)", timeout=10).value == 3
        worker = s._worker
        assert worker is not None and worker.pid is not None
        os.kill(worker.pid, signal.SIGKILL)
        time.sleep(0.2)
        assert s.execute("answer = len(G)", timeout=10).value == 3  # noticed before the request
        assert s._worker is not None and s._worker.pid != worker.pid
        worker = s._worker
        assert worker.pid is not None
        os.kill(worker.pid, signal.SIGKILL)
        with pytest.raises(SandboxError):  # died between the liveness check and the reply
            worker.run("answer = 1", timeout=10)
        assert s.execute("answer = 1", timeout=10).value == 1
    finally:
        s.close()


def test_rejects_bad_configuration() -> None:
    with pytest.raises(ConfigError):
        NetworkXStore({})
    with pytest.raises(ConfigError):
        NetworkXStore({"not valid": nx.Graph()})
    with pytest.raises(ConfigError):
        NetworkXStore({"G": [(0, 1)]})  # type: ignore[dict-item]


def test_project_names_the_graph_asked_about_g(tmp_path) -> None:
    """A Cypher store projects its selected graph only, so project() needs no probe for which one it is."""
    from grraf.frames import frames_from_networkx
    from grraf.stores.ladybug import LadybugStore
    from grraf.stores.ladybug_graphs import open_writable, write_graph
    from grraf.stores.networkx import project

    db_path = tmp_path / "two.lbug"
    db, conn = open_writable(db_path)
    try:
        write_graph(conn, "small", frames_from_networkx(nx.path_graph(3)))
        write_graph(conn, "large", frames_from_networkx(nx.path_graph(7)))
    finally:
        conn.close()
        db.close()
    with LadybugStore(db_path, graph_name="large") as store:
        projected = project(store)
        try:
            assert list(projected.graphs) == ["G"] and projected.graphs["G"].number_of_nodes() == 7
        finally:
            projected.close()
    with LadybugStore(db_path) as store:
        projected = project(store)
        try:
            assert sorted(projected.graphs) == ["large", "small"]  # no graph chosen: both, by name
        finally:
            projected.close()
