"""Named graphs side by side in one ladybug database: load, replace, drop, refuse bad input."""

from __future__ import annotations

from pathlib import Path

import networkx as nx
import pandas as pd
import pytest

from grraf.errors import GraphInputError, StoreError
from grraf.frames import GraphFrames, frames_from_edge_table, frames_from_networkx
from grraf.stores.ladybug import LadybugStore
from loaders.edgelist import read_edges
from loaders.ladybug import drop_graph, list_graphs, load_graph


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def edges_of(db: Path, name: str) -> set[tuple]:
    with LadybugStore(db, graph_name=name) as s:
        g = s.to_networkx()[name]
    return {(u, v, d.get("weight")) for u, v, d in g.edges(data=True)}


def test_graphs_side_by_side_replace_and_drop(tmp_path: Path) -> None:
    db = tmp_path / "graphs.lbug"
    flow = write(tmp_path / "flow.txt", "0 1 3\n1 2 4\n0 2 1\n")
    roads = write(tmp_path / "roads.csv", "source,target\nA,B\nB,C\n")
    load_graph(db, "flow_8", frames_from_edge_table(read_edges(flow, directed=True)))
    load_graph(db, "roads", frames_from_edge_table(read_edges(roads)))
    infos = {i.name: i for i in list_graphs(db)}
    assert (infos["flow_8"].nodes, infos["flow_8"].edges, infos["flow_8"].directed, infos["flow_8"].weighted) == (
        3,
        3,
        True,
        True,
    )
    assert (infos["roads"].edges, infos["roads"].directed, infos["roads"].weighted) == (2, False, False)
    assert edges_of(db, "flow_8") == {(0, 1, 3), (1, 2, 4), (0, 2, 1)}

    # replace flow_8; roads is untouched
    load_graph(db, "flow_8", frames_from_edge_table(read_edges(write(tmp_path / "f2.txt", "5 6 1.5\n"), directed=True)))
    assert edges_of(db, "flow_8") == {(5, 6, 1.5)}
    assert edges_of(db, "roads") == {("A", "B", None), ("B", "C", None)}
    with LadybugStore(db) as s:
        schema = s.schema().text
        assert schema.count("Graph ") == 2 and "flow_8__new" not in schema

    assert drop_graph(db, "flow_8")
    assert [i.name for i in list_graphs(db)] == ["roads"]
    assert not drop_graph(db, "flow_8")
    assert edges_of(db, "roads") == {("A", "B", None), ("B", "C", None)}


def test_bad_file_leaves_the_old_graph_intact(tmp_path: Path) -> None:
    db = tmp_path / "graphs.lbug"
    load_graph(db, "G", frames_from_networkx(nx.path_graph(4)))
    before = edges_of(db, "G")
    bad = write(tmp_path / "bad.txt", "0 1\n1 2\nthree columns here x\n")
    with pytest.raises(GraphInputError) as e:
        load_graph(db, "G", frames_from_edge_table(read_edges(bad)))
    assert e.value.line == 3 and e.value.source == str(bad)
    assert edges_of(db, "G") == before


def test_failing_copy_rolls_back_the_whole_replacement(tmp_path: Path) -> None:
    db = tmp_path / "graphs.lbug"
    load_graph(db, "G", frames_from_networkx(nx.path_graph(4)))
    before = edges_of(db, "G")
    broken = GraphFrames(
        nodes=pd.DataFrame({"id": [1, 2]}), edges=pd.DataFrame({"source": [1], "target": [99]}), directed=True
    )
    with pytest.raises(StoreError, match="nothing changed"):
        load_graph(db, "G", broken)
    assert edges_of(db, "G") == before
    assert [i.edges for i in list_graphs(db)] == [3]
    with LadybugStore(db) as s:  # no staging tables left behind
        tables = {t for t, _ in s._tables()}
        assert tables == {"grraf_graph", "G_Node", "G_EDGE"}


def test_empty_and_isolated(tmp_path: Path) -> None:
    db = tmp_path / "graphs.lbug"
    g = nx.Graph()
    g.add_nodes_from([1, 2, 3])
    load_graph(db, "lonely", frames_from_networkx(g))
    [info] = list_graphs(db)
    assert (info.nodes, info.edges) == (3, 0)
