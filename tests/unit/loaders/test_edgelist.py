"""Edge-list files: formats, round trips through disk, and bad files with their line numbers."""

from __future__ import annotations

import gzip
from pathlib import Path

import networkx as nx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from grraf.errors import GraphInputError
from loaders.edgelist import EdgeTable, read_edges, read_graph


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("blank.txt", "# whitespace\n0 1 2\n1  2\t3\n\n2 0 4  # trailing comment\n"),
        ("edges.csv", "source,target,weight\n0,1,2\n1,2,3\n2,0,4\n"),
        ("edges.tsv", "0\t1\t2\n1\t2\t3\n# comment\n2\t0\t4\n"),
        ("spaced.csv", "source, target, weight\n0, 1, 2\n1, 2, 3\n 2 , 0 , 4 \n"),
    ],
)
def test_formats(tmp_path: Path, name: str, text: str) -> None:
    table = read_edges(write(tmp_path, name, text))
    assert isinstance(table, EdgeTable)
    assert table.frame.to_dict("list") == {"source": [0, 1, 2], "target": [1, 2, 0], "weight": [2, 3, 4]}
    assert table.source == str(tmp_path / name)
    assert (table.num_edges, table.num_nodes, table.weighted, table.directed) == (3, 3, True, False)


def test_read_graph_directed_and_gzip(tmp_path: Path) -> None:
    path = tmp_path / "edges.txt.gz"
    path.write_bytes(gzip.compress(b"a b 1.5\nb c 2\n"))
    graph = read_graph(path, directed=True)
    assert isinstance(graph, nx.DiGraph)
    assert sorted(graph.edges(data="weight")) == [("a", "b", 1.5), ("b", "c", 2.0)]


def test_weight_column_by_name(tmp_path: Path) -> None:
    path = write(tmp_path, "flights.csv", "origin,dest,airline,minutes\nJFK,LAX,AA,330\nLAX,ORD,UA,245\n")
    table = read_edges(path, weight_column="minutes", directed=True)
    assert table.frame.to_dict("list") == {"source": ["JFK", "LAX"], "target": ["LAX", "ORD"], "weight": [330, 245]}
    with pytest.raises(GraphInputError, match="unknown weight column 'duration'") as info:
        read_edges(path, weight_column="duration")
    assert info.value.source == str(path)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    st.lists(st.tuples(st.integers(0, 50), st.integers(0, 50), st.integers(1, 20)), min_size=1, max_size=50),
    st.sampled_from([" ", ",", "\t"]),
    st.booleans(),
    st.booleans(),
)
def test_round_trip_through_a_file(
    tmp_path: Path, edges: list[tuple[int, int, int]], delimiter: str, directed: bool, weighted: bool
) -> None:
    expected: nx.Graph = nx.DiGraph() if directed else nx.Graph()
    if weighted:
        expected.add_weighted_edges_from(edges)
    else:
        expected.add_edges_from((u, v) for u, v, _ in edges)
    path = tmp_path / "round.txt"
    nx.write_edgelist(expected, path, delimiter=delimiter, data=["weight"] if weighted else False)
    graph = read_graph(path, directed=directed)
    assert nx.utils.graphs_equal(graph, expected)


# ---------------------------------------------------------------- bad files


BAD_FILES = [
    ("columns.txt", "# my graph\n\n0 1\n1 2\n2 3 4\n", 5, "3 columns where the first line has 2"),
    ("weight.csv", "src,dst,w\n0,1,1\n# skip\n1,2,1.5\n2,3,abc\n", 5, "w is not a number"),
    ("short.tsv", "0\t1\t5\n1\t2\t5\n\n\n1\t3\n", 5, "2 columns where the first line has 3"),
    ("crlf.txt", "0 1\r\n1 2\r\n3\r\n", 3, "1 column where the first line has 2"),
]


@pytest.mark.parametrize(("name", "text", "line", "message"), BAD_FILES)
def test_bad_file_names_the_line(tmp_path: Path, name: str, text: str, line: int, message: str) -> None:
    path = tmp_path / name
    path.write_bytes(text.encode())
    with pytest.raises(GraphInputError) as info:
        read_edges(path)
    error = info.value
    assert message in str(error)
    assert (error.source, error.line) == (str(path), line)
    assert error.expected and "two or three columns" in error.expected
    assert str(error).startswith(f"{path}:{line}: ")
    assert error.found == text.replace("\r", "").split("\n")[line - 1]


def test_empty_and_comment_only_files(tmp_path: Path) -> None:
    for text in ("", "# only a comment\n\n"):
        with pytest.raises(GraphInputError, match="no edges"):
            read_edges(write(tmp_path, "empty.txt", text))


def test_missing_file_and_directory(tmp_path: Path) -> None:
    with pytest.raises(GraphInputError, match="file not found") as info:
        read_edges(tmp_path / "nope.txt")
    assert info.value.source == str(tmp_path / "nope.txt")
    with pytest.raises(GraphInputError, match="directory"):
        read_graph(tmp_path)


def test_truncated_gzip(tmp_path: Path) -> None:
    path = tmp_path / "bad.txt.gz"
    path.write_bytes(gzip.compress(b"0 1\n" * 100)[:20])
    with pytest.raises(GraphInputError, match="cannot read"):
        read_edges(path)


def test_bad_line_deep_in_a_big_file(tmp_path: Path) -> None:
    lines = [f"{i} {i + 1} {i % 7}" for i in range(200_000)]
    lines[150_000] = "150000 150001 seven"
    path = write(tmp_path, "big.txt", "# header comment\n" + "\n".join(lines) + "\n")
    with pytest.raises(GraphInputError) as info:
        read_edges(path)
    assert info.value.line == 150_002
    assert info.value.found == "150000 150001 seven"
