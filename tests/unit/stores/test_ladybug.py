"""LadybugStore against a real embedded ladybug database (no network)."""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Iterator
from pathlib import Path

import networkx as nx
import pytest

from grraf.config import Settings
from grraf.errors import CodeError, CodeFailed, CodeRejected, CodeTimeout, StoreError
from grraf.stores.base import GraphStore
from grraf.stores.ladybug import LadybugStore
from tests.unit.stores.test_cypher_guard import WRITE_BATTERY

# The read-only database accepts these (they write no graph data); only the lexical guard
# stops them. EXPORT writes files elsewhere, BEGIN opens a transaction, `CALL timeout=`
# changes a connection setting, EXPLAIN prints a plan. CHECKPOINT is refused but leaves the
# connection in a "WAL panic" state, so it gets its own store (test below).
DB_ACCEPTS = {"EXPORT DATABASE '/tmp/out'", "CALL timeout=100000", "BEGIN TRANSACTION", "EXPLAIN MATCH (n) RETURN n"}
DB_BREAKS = {"CHECKPOINT"}


def weighted_graph() -> nx.Graph:
    g = nx.Graph()
    g.add_weighted_edges_from([(0, 1, 2.0), (1, 2, 1.5), (2, 3, 1.0), (0, 3, 10.0), (3, 4, 0.5)])
    g.add_node(9)
    return g


def directed_graph() -> nx.DiGraph:
    d = nx.DiGraph()
    d.add_edges_from([("a", "b"), ("b", "c"), ("c", "a"), ("c", "d")])
    return d


@pytest.fixture
def store(tmp_path: Path) -> Iterator[LadybugStore]:
    s = LadybugStore.from_networkx(
        {"G": weighted_graph(), "G_prime": directed_graph()}, path=tmp_path / "g.lbug", settings=Settings(row_cap=3)
    )
    yield s
    s.close()


def checksum(store: LadybugStore) -> tuple[int, int, str]:
    graphs = store.to_networkx()
    g = graphs["G"]
    edges = sorted((min(u, v), max(u, v), d.get("weight")) for u, v, d in g.edges(data=True))
    digest = hashlib.sha256(json.dumps(edges).encode()).hexdigest()
    return g.number_of_nodes(), g.number_of_edges(), digest


def test_is_a_graph_store(store: LadybugStore) -> None:
    assert isinstance(store, GraphStore)
    assert (store.name, store.language, store.dialect) == ("ladybug", "cypher", "ladybug")


def test_schema_describes_tables_types_counts_and_direction(store: LadybugStore) -> None:
    schema = store.schema()
    text = schema.text
    assert "Graph G: undirected, weighted" in text
    assert "Node table G_Node: id INT64 primary key" in text
    assert "Relationship table G_EDGE (G_Node -> G_Node): weight DOUBLE" in text
    assert "match it WITHOUT an arrow" in text and "(a:G_Node)-[e:G_EDGE]-(b:G_Node)" in text
    assert "Graph G_prime: directed, unweighted, 4 nodes, 4 edges." in text
    assert "id STRING primary key (e.g. a, b, c)" in text
    assert schema.node_count == 6 + 4 and schema.edge_count == 5 + 4
    assert schema.weight_property == "weight"
    assert schema.directed is None  # mixed
    assert store.schema() is schema  # cached


def test_schema_for_one_graph(tmp_path: Path) -> None:
    path = tmp_path / "g.lbug"
    LadybugStore.from_networkx({"G": weighted_graph(), "G_prime": directed_graph()}, path=path).close()
    with LadybugStore(path, graph_name="G_prime") as s:
        schema = s.schema()
        assert "G_prime_Node" in schema.text and "G_Node:" not in schema.text
        assert schema.directed is True and schema.weight_property is None
        assert s.to_networkx().keys() == {"G_prime"}


def test_schema_text_is_bounded(tmp_path: Path) -> None:
    sizes = []
    for n in (100, 3000):
        g = nx.gnm_random_graph(n, n * 3, seed=1)
        for u, v in g.edges:
            g.edges[u, v]["weight"] = float(u + v)
        with LadybugStore.from_networkx({"G": g}) as s:
            sizes.append(len(s.schema().text))
    assert abs(sizes[0] - sizes[1]) < 40  # only the digits of the counts differ


def test_queries(store: LadybugStore) -> None:
    assert store.execute("MATCH (n:G_Node) RETURN count(n) AS answer", 5).value == 6
    q = "MATCH (a:G_Node)-[e:G_EDGE* SHORTEST 1..30]-(b:G_Node) WHERE a.id = 0 AND b.id = 4 RETURN length(e) AS answer"
    assert store.execute(q, 5).value == 2
    q = "MATCH (a:G_Node)-[e:G_EDGE* WSHORTEST(weight)]-(b:G_Node) WHERE a.id = 0 AND b.id = 3 RETURN cost(e) AS answer"
    assert store.execute(q, 5).value == pytest.approx(4.5)
    q = "MATCH (a:G_Node)-[e:G_EDGE]-(b:G_Node) WHERE a.id = 3 RETURN count(e) AS answer"
    assert store.execute(q, 5).value == 3  # degree of 3 in the undirected graph
    q = "MATCH (a:G_prime_Node)-[e:G_prime_EDGE]->(b:G_prime_Node) WHERE a.id = 'c' RETURN b.id ORDER BY b.id"
    assert store.execute(q, 5).value == ["a", "d"]
    q = "MATCH (a:G_Node)-[e:G_EDGE]-(b:G_Node) WHERE a.id = 0 RETURN b.id AS n, e.weight AS w ORDER BY n"
    assert store.execute(q, 5).value == [{"n": 1, "w": 2.0}, {"n": 3, "w": 10.0}]


def test_nodes_rels_and_paths_become_json(store: LadybugStore) -> None:
    q = "MATCH p = (a:G_Node)-[e:G_EDGE* SHORTEST 1..5]-(b:G_Node) WHERE a.id = 0 AND b.id = 2 RETURN p"
    value = store.execute(q, 5).value
    assert [n["id"] for n in value["nodes"]] == [0, 1, 2]
    assert value["relationships"][0] == {"_type": "G_EDGE", "weight": 2.0}
    json.dumps(value)
    value = store.execute("MATCH (a:G_Node) WHERE a.id = 0 RETURN a, date('2020-01-02') AS d", 5).value
    assert value == [{"a": {"_label": "G_Node", "id": 0}, "d": "2020-01-02"}]


def test_row_cap_truncates_with_a_note(store: LadybugStore) -> None:
    run = store.execute("MATCH (n:G_Node) RETURN n.id", 5)
    assert run.truncated and run.note == "result truncated to 3 rows"
    assert len(run.value) == 3
    assert not store.execute("MATCH (n:G_Node) RETURN count(n)", 5).truncated


def test_errors_are_verbatim(store: LadybugStore) -> None:
    with pytest.raises(CodeFailed) as e:
        store.execute("MATCH (m:G_Node) RETURN n", 5)
    assert str(e.value) == "Binder exception: Variable n is not in scope."
    with pytest.raises(CodeFailed, match="Parser exception"):
        store.execute("MATCH (n:G_Node) RETURN 0x1F", 5)  # passes the gate; ladybug has no hex literals
    with pytest.raises(CodeRejected, match="never closed"):
        store.execute("MATCH (n:G_Node RETURN n", 5)  # an unclosed bracket is refused before ladybug sees it


def test_timeout_interrupts_a_long_query(tmp_path: Path) -> None:
    with LadybugStore.from_networkx({"G": nx.path_graph(3000)}) as s:
        start = time.perf_counter()
        with pytest.raises(CodeTimeout) as e:
            s.execute("MATCH (a:G_Node)-[e:G_EDGE*1..30]-(b:G_Node) RETURN count(*) AS answer", 0.1)
        assert time.perf_counter() - start < 5
        assert e.value.seconds == 0.1
        assert s.execute("MATCH (n:G_Node) RETURN count(n)", 5).value == 3000  # still usable


@pytest.mark.parametrize("query", WRITE_BATTERY)
def test_battery_is_rejected_by_the_store(store: LadybugStore, query: str) -> None:
    before = checksum(store)
    with pytest.raises(CodeRejected):
        store.execute(query, 5)
    assert checksum(store) == before


def test_battery_sent_straight_to_the_read_only_database(store: LadybugStore) -> None:
    before = checksum(store)
    for query in WRITE_BATTERY:
        if query in DB_ACCEPTS | DB_BREAKS:
            continue
        with pytest.raises(CodeError):
            store.run_unguarded(query, 5)
    # The graph-data writes are refused by ladybug itself, with its own message.
    with pytest.raises(CodeRejected, match="read-only database"):
        store.run_unguarded("MATCH (n:G_Node) DETACH DELETE n", 5)
    assert checksum(store) == before


def test_checkpoint_in_the_jail_leaves_the_database_untouched(tmp_path: Path) -> None:
    """Measured hazard of ladybug 0.22 run in process: CHECKPOINT on a read-only database raised and
    left the file refusing read-only opens until a read-write open recovered it. In the jail the
    database is a read-only bind, so CHECKPOINT cannot even create its intent file: the file stays
    byte for byte the same, opens read-only, and the store keeps answering."""
    path = tmp_path / "g.lbug"
    LadybugStore.from_networkx({"G": weighted_graph()}, path=path).close()
    before = hashlib.sha256(path.read_bytes()).hexdigest(), sorted(p.name for p in tmp_path.iterdir())
    with LadybugStore(path) as s:
        with pytest.raises(CodeError):
            s.run_unguarded("CHECKPOINT", 5)
        assert s.execute("MATCH (n:G_Node) RETURN count(n)", 5).value == 6
    assert (hashlib.sha256(path.read_bytes()).hexdigest(), sorted(p.name for p in tmp_path.iterdir())) == before
    with LadybugStore(path) as s:
        with pytest.raises(CodeRejected):
            s.execute("CHECKPOINT", 5)
        assert checksum(s)[1] == 5  # the data is intact


def test_from_networkx_directed_undirected_weighted_round_trip(tmp_path: Path) -> None:
    g, d = weighted_graph(), directed_graph()
    multi = nx.MultiDiGraph([(1, 2), (1, 2), (2, 3)])
    with LadybugStore.from_networkx({"G": g, "D": d, "M": multi}) as s:
        back = s.to_networkx()
    assert not back["G"].is_directed() and back["D"].is_directed()
    assert set(back["G"].nodes) == set(g.nodes)
    assert {frozenset(e) for e in back["G"].edges} == {frozenset(e) for e in g.edges}
    assert all(back["G"].edges[u, v]["weight"] == w for u, v, w in g.edges(data="weight"))
    assert set(back["D"].edges) == set(d.edges)
    assert back["M"].number_of_edges() == 3


def test_node_weights_and_string_ids_survive(tmp_path: Path) -> None:
    g = nx.Graph()
    g.add_node("x, y", weight=3)
    g.add_node('q"z', weight=4)
    g.add_edge("x, y", 'q"z', capacity=7)
    with LadybugStore.from_networkx({"G": g}) as s:
        assert "weight INT64" in s.schema().text and "capacity INT64" in s.schema().text
        back = s.to_networkx()["G"]
    assert back.nodes["x, y"]["weight"] == 3 and back.edges["x, y", 'q"z']["capacity"] == 7


def test_temporary_folder_is_removed_on_close() -> None:
    s = LadybugStore.from_networkx({"G": nx.path_graph(3)})
    folder = s.path.parent
    assert folder.exists()
    s.close()
    assert not folder.exists()


def test_as_text(store: LadybugStore) -> None:
    text = store.as_text(100)
    assert text is not None
    assert text.splitlines()[0] == "# graph G (undirected, weighted)"
    assert "0 1 2.0" in text and "# graph G_prime (directed)" in text
    assert store.as_text(3) is None


def test_missing_database_and_unknown_graph(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="no ladybug database"):
        LadybugStore(tmp_path / "nope.lbug")
    path = tmp_path / "g.lbug"
    LadybugStore.from_networkx({"G": nx.path_graph(2)}, path=path).close()
    with pytest.raises(StoreError, match="known graphs: G"):
        LadybugStore(path, graph_name="flow_8")


def test_multiple_statements_are_refused_even_unguarded(store: LadybugStore) -> None:
    with pytest.raises(CodeRejected, match="multiple statements"):
        store.run_unguarded("RETURN 1; RETURN 2", 5)
