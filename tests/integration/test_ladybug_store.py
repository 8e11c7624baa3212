"""LadybugStore end to end on a loaded file: a larger graph, the CLI loader's database, NetworkX parity."""

from __future__ import annotations

from pathlib import Path

import networkx as nx
import pytest

from grraf.config import Settings
from grraf.errors import CodeRejected, CodeTimeout
from grraf.frames import frames_from_networkx
from grraf.stores.factory import open_store
from loaders.ladybug import load_graph


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("lb") / "graphs.lbug"
    g = nx.gnm_random_graph(2000, 8000, seed=7)
    for u, v in g.edges:
        g.edges[u, v]["weight"] = float((u * 7 + v) % 10 + 1)
    load_graph(path, "rnd", frames_from_networkx(g))
    load_graph(path, "dag", frames_from_networkx(nx.gn_graph(500, seed=3)))
    return path


def reference() -> nx.Graph:
    g = nx.gnm_random_graph(2000, 8000, seed=7)
    for u, v in g.edges:
        g.edges[u, v]["weight"] = float((u * 7 + v) % 10 + 1)
    return g


def test_answers_match_networkx(db: Path) -> None:
    g = reference()
    store = open_store(f"ladybug:{db}", graph_name="rnd", settings=Settings(row_cap=10))
    try:
        ex = store.execute
        assert ex("MATCH (n:rnd_Node) RETURN count(n) AS answer", 30).value == 2000
        assert ex("MATCH (a:rnd_Node)-[e:rnd_EDGE]-(b:rnd_Node) WHERE a.id = 5 RETURN count(e)", 30).value == g.degree(
            5
        )
        src, dst = 0, 1999
        q = (
            f"MATCH (a:rnd_Node)-[e:rnd_EDGE* SHORTEST 1..30]-(b:rnd_Node) WHERE a.id = {src} AND b.id = {dst} "
            "RETURN length(e) AS answer"
        )
        assert ex(q, 30).value == nx.shortest_path_length(g, src, dst)
        q = (
            f"MATCH (a:rnd_Node)-[e:rnd_EDGE* WSHORTEST(weight)]-(b:rnd_Node) WHERE a.id = {src} AND b.id = {dst} "
            "RETURN cost(e) AS answer"
        )
        assert ex(q, 30).value == pytest.approx(nx.dijkstra_path_length(g, src, dst))
        with pytest.raises(CodeTimeout):
            ex("MATCH (a:rnd_Node)-[e:rnd_EDGE*1..12]-(b:rnd_Node) RETURN count(*) AS answer", 0.2)
        with pytest.raises(CodeRejected):
            ex("MATCH (n:rnd_Node) DETACH DELETE n", 30)
        assert store.to_networkx()["rnd"].number_of_edges() == 8000
    finally:
        store.close()


def test_directed_graph_in_the_same_file(db: Path) -> None:
    dag = nx.gn_graph(500, seed=3)
    store = open_store(f"ladybug:{db}", graph_name="dag")
    try:
        assert store.schema().directed is True
        q = "MATCH (a:dag_Node)-[e:dag_EDGE]->(b:dag_Node) WHERE b.id = 0 RETURN count(e) AS answer"
        assert store.execute(q, 30).value == dag.in_degree(0)
    finally:
        store.close()
