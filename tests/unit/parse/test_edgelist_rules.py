"""The edge-list rules for awkward input (issue 14, part 5): long lines, non-finite and negative
weights, repeated edges. Each is a one-line error naming file and line, or a documented count."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grraf.errors import GraphInputError
from grraf.parse.edgelist import MAX_LINE_BYTES, collapse_duplicate_edges, duplicated_edges, parse_edgelist


# ------------------------------------------------------------------------------- long lines
@pytest.mark.parametrize("newline", [b"\n", b""])
def test_a_ten_megabyte_token_is_reported_as_a_long_line_not_as_no_edges(newline: bytes) -> None:
    data = b"x" * (10 << 20) + newline
    with pytest.raises(GraphInputError) as e:
        parse_edgelist(data, source="big.txt")
    assert e.value.line == 1
    assert str(e.value).startswith("big.txt:1: a line of 10,485,760 bytes (at most 1,048,576)")
    assert "no edges" not in str(e.value)
    assert len(str(e.value).splitlines()) == 1
    assert len(str(e.value)) < 400  # the token itself is not echoed


@pytest.mark.parametrize("tokens", [b"a" * (10 << 20) + b" b", b"a" * (10 << 20)])
def test_a_long_line_deep_in_the_file_is_named_by_its_number(tokens: bytes) -> None:
    data = b"# edges\n0 1\n1 2\n" + tokens + b"\n3 4\n"
    with pytest.raises(GraphInputError) as e:
        parse_edgelist(data, source="f.txt")
    assert e.value.line == 4
    assert "a line of" in str(e.value) and "straddl" not in str(e.value)


def test_a_long_first_line_within_the_limit_still_parses() -> None:
    name = "n" * (300 << 10)  # longer than the 64 KiB sample window, shorter than the line limit
    table = parse_edgelist(f"{name} m 2\nm k 3\n".encode(), source="f.txt", header=False)
    assert table.num_edges == 2
    assert table.frame["source"].tolist()[0] == name
    assert MAX_LINE_BYTES == 1 << 20


def test_blank_megabytes_are_still_no_edges() -> None:
    with pytest.raises(GraphInputError, match="no edges"):
        parse_edgelist(b"\n" * (5 << 20))


# ------------------------------------------------------------------------------- weights
@pytest.mark.parametrize(
    ("text", "line", "column"),
    [
        ("0 1 1\n# note\n1 2 nan\n", 3, "weight"),
        ("0 1 NaN\n", 1, "weight"),
        ("0 1 2\n1 2 inf\n", 2, "weight"),
        ("0 1 -inf\n", 1, "weight"),
        ("0 1 Infinity\n", 1, "weight"),
        ("0 1 1e400\n", 1, "weight"),
        ("u,v,cost\n0,1,2.5\n\n1,2,-Infinity\n", 4, "cost"),
        ("a\tb\t0.5\nb\tc\tnan\n", 2, "weight"),
    ],
)
def test_non_finite_weights_are_refused_at_their_line(text: str, line: int, column: str) -> None:
    with pytest.raises(GraphInputError) as e:
        parse_edgelist(text, source="w.txt")
    assert (e.value.source, e.value.line) == ("w.txt", line)
    assert str(e.value).startswith(f"w.txt:{line}: {column} is not a finite number")


def test_negative_weights_are_accepted_and_counted() -> None:
    table = parse_edgelist("0 1 -2\n1 2 3\n2 0 -0.5\n")
    assert table.frame["weight"].tolist() == [-2.0, 3.0, -0.5]
    assert table.negative_weights == 2
    assert parse_edgelist("0 1\n").negative_weights == 0
    assert parse_edgelist("0 1 -0.0\n").negative_weights == 0


# ------------------------------------------------------------------------------- repeated edges
def test_repeated_edges_are_counted_by_direction() -> None:
    text = "a b 1\nb a 2\na b 3\nb c 1\n"
    assert parse_edgelist(text).duplicate_edges == 2
    assert parse_edgelist(text, directed=True).duplicate_edges == 1
    assert parse_edgelist("0 1\n1 2\n").duplicate_edges == 0


def test_repeated_edges_collapse_like_networkx_graph_or_stay_parallel() -> None:
    table = parse_edgelist("0 1 5\n1 0 7\n1 2 1\n")
    graph = table.to_networkx()
    assert type(graph) is nx.Graph and graph[0][1]["weight"] == 7 and graph.number_of_edges() == 2
    multi = table.to_networkx(keep_duplicates=True)
    assert type(multi) is nx.MultiGraph
    assert sorted(d["weight"] for _, _, d in multi.edges(0, data=True)) == [5, 7]
    directed = parse_edgelist("0 1 5\n0 1 7\n", directed=True).to_networkx(keep_duplicates=True)
    assert type(directed) is nx.MultiDiGraph and directed.number_of_edges(0, 1) == 2


def test_mixed_id_types_count_as_text() -> None:
    frame = pd.DataFrame({"source": [1, "1"], "target": ["a", "a"]})
    assert duplicated_edges(frame, directed=False).tolist() == [False, True]


edges = st.lists(st.tuples(st.integers(0, 6), st.integers(0, 6), st.integers(-5, 20)), min_size=1, max_size=40)


@settings(max_examples=200, deadline=None)
@given(edges, st.booleans())
def test_collapsing_gives_the_graph_networkx_builds(rows: list[tuple[int, int, int]], directed: bool) -> None:
    frame = pd.DataFrame(rows, columns=["source", "target", "weight"])
    collapsed = collapse_duplicate_edges(frame, directed=directed)
    cls = nx.DiGraph if directed else nx.Graph
    expected = cls()
    expected.add_weighted_edges_from(rows)
    got = cls()
    got.add_weighted_edges_from(collapsed.itertuples(index=False, name=None))
    assert len(collapsed) == expected.number_of_edges()
    assert nx.utils.graphs_equal(got, expected)
    assert not duplicated_edges(collapsed, directed=directed).any()
    # first position and orientation are kept: the rows are a subsequence of the input
    it = iter(map(tuple, frame[["source", "target"]].to_numpy().tolist()))
    assert all(pair in it for pair in map(tuple, collapsed[["source", "target"]].to_numpy().tolist()))
