"""Pure edge-list parsing: round trips for every layout, bad lines, and the fast graph builder."""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grraf.errors import GraphInputError
from grraf.parse.edgelist import EdgeTable, build_networkx, parse_edgelist

DELIMITERS = {"blank": " ", "csv": ",", "tsv": "\t"}


@st.composite
def edge_lists(draw: st.DrawFn) -> dict:
    """Random edges plus a random way of writing them down."""
    names = draw(st.booleans())
    node = st.integers(-5, 40) if not names else st.from_regex(r"n[a-z0-9_]{0,6}", fullmatch=True)
    edges = draw(st.lists(st.tuples(node, node), min_size=1, max_size=40))
    weight_kind = draw(st.sampled_from([None, "int", "float"]))
    if weight_kind == "int":
        weights: list | None = draw(st.lists(st.integers(-9, 99), min_size=len(edges), max_size=len(edges)))
    elif weight_kind == "float":
        weights = draw(
            st.lists(
                st.floats(-1e6, 1e6, allow_nan=False).filter(lambda x: not x.is_integer()),
                min_size=len(edges),
                max_size=len(edges),
            )
        )
    else:
        weights = None
    return {
        "edges": edges,
        "weights": weights,
        "format": draw(st.sampled_from(sorted(DELIMITERS))),
        "header": draw(st.booleans()),
        "comments": draw(st.booleans()),
        "directed": draw(st.booleans()),
        "padding": draw(st.booleans()),
    }


def render(case: dict) -> tuple[str, list[int]]:
    """The text, and the 1-based line number of each edge in it."""
    delim = DELIMITERS[case["format"]]
    if case["padding"] and delim != " ":
        delim = delim + " "  # "0, 1" is common in hand-written CSV
    lines: list[str] = []
    numbers: list[int] = []
    if case["comments"]:
        lines += ["# an edge list", ""]
    if case["header"]:
        lines.append(delim.join(["source", "target"] + (["weight"] if case["weights"] is not None else [])))
    for index, (u, v) in enumerate(case["edges"]):
        fields = [str(u), str(v)] + ([repr(case["weights"][index])] if case["weights"] is not None else [])
        line = delim.join(fields)
        if case["comments"] and index % 3 == 1:
            line += "  # note"
        if case["comments"] and index % 4 == 2:
            lines.append("")
        lines.append(line)
        numbers.append(len(lines))
    return "\n".join(lines) + "\n", numbers


def expected_graph(case: dict) -> nx.Graph:
    graph: nx.Graph = nx.DiGraph() if case["directed"] else nx.Graph()
    if case["weights"] is None:
        graph.add_edges_from(case["edges"])
    else:
        graph.add_weighted_edges_from((u, v, w) for (u, v), w in zip(case["edges"], case["weights"], strict=True))
    return graph


@settings(max_examples=200, deadline=None)
@given(edge_lists())
def test_round_trip(case: dict) -> None:
    text, _ = render(case)
    table = parse_edgelist(text, directed=case["directed"])
    assert isinstance(table, EdgeTable)
    assert table.num_edges == len(case["edges"])
    assert table.weighted == (case["weights"] is not None)
    assert list(table.frame.columns) == ["source", "target"] + (["weight"] if table.weighted else [])
    graph = table.to_networkx()
    expected = expected_graph(case)
    assert graph.is_directed() == case["directed"]
    assert nx.utils.graphs_equal(graph, expected)
    assert list(graph.nodes) == list(expected.nodes), "same node order as add_edges_from"
    assert table.num_nodes == expected.number_of_nodes()


@settings(max_examples=50, deadline=None)
@given(edge_lists())
def test_iterable_of_lines_and_bytes_give_the_same_table(case: dict) -> None:
    text, _ = render(case)
    from_text = parse_edgelist(text).frame
    from_lines = parse_edgelist(text.splitlines()).frame
    from_bytes = parse_edgelist(text.encode()).frame
    assert from_text.equals(from_lines) and from_text.equals(from_bytes)


def test_dtypes() -> None:
    ints = parse_edgelist("0 1 3\n1 2 4\n").frame
    assert [str(t) for t in ints.dtypes] == ["int64", "int64", "int64"]
    floats = parse_edgelist("0 1 3\n1 2 4.5\n").frame
    assert str(floats["weight"].dtype) == "float64"
    names = parse_edgelist("a b\nb 1\n").frame
    assert names["source"].tolist() == ["a", "b"] and names["target"].tolist() == ["b", "1"]
    graph = parse_edgelist("0 1\n").to_networkx()
    assert all(type(n) is int for n in graph.nodes), "Python ints, not numpy scalars"


def test_explicit_options() -> None:
    text = "from;to;kind;cost\n0;1;road;2.5\n1;2;rail;4\n"
    table = parse_edgelist(text, weight_column="cost")
    assert table.frame.to_dict("list") == {"source": [0, 1], "target": [1, 2], "weight": [2.5, 4.0]}
    assert parse_edgelist(text, weight_column=3).frame["weight"].tolist() == [2.5, 4.0]
    assert not parse_edgelist("x y\n0 1\n", header=True).weighted
    assert parse_edgelist("0|1\n1|2\n", delimiter="|").num_edges == 2
    assert parse_edgelist("0  1\n1\t2\n", delimiter=" ").num_edges == 2
    assert parse_edgelist("\ufeff0,1\r\n1,2\r\n").frame["source"].tolist() == [0, 1]


def test_header_detection() -> None:
    assert parse_edgelist("source target\na b\n").frame["source"].tolist() == ["a"]
    assert parse_edgelist("x y w\n0 1 2\n").frame["weight"].tolist() == [2]
    assert parse_edgelist("alice bob\nbob carol\n").num_edges == 2, "two names are an edge, not a header"
    assert parse_edgelist("alice bob\n", header=False).num_edges == 1


# ---------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ("# header comment\n\n0 1\n1 2 3\n", 4, "3 columns where the first line has 2"),
        ("0 1 1\n1 2 2\n\n# c\n2 3\n", 5, "2 columns where the first line has 3"),
        ("0 1 1.5\n1 2 x  # bad\n", 2, "weight is not a number"),
        ("src,dst,cost\n0,1,2\n\n1,2,heavy\n", 4, "cost is not a number"),
        ("0,1\n,2\n", 2, "empty node id"),
        ("0 1 2 3\n", 1, "4 columns and no weight column named"),
        ("source target\n", 1, "only a header"),
    ],
)
def test_bad_lines_are_named(text: str, line: int, message: str) -> None:
    with pytest.raises(GraphInputError) as info:
        parse_edgelist(text, source="edges.txt")
    error = info.value
    assert message in str(error)
    assert (error.source, error.line) == ("edges.txt", line)
    assert error.expected
    assert str(error).startswith(f"edges.txt:{line}: ")


@pytest.mark.parametrize("text", ["", "\n\n", "# nothing\n   \n# here\n"])
def test_empty_input(text: str) -> None:
    with pytest.raises(GraphInputError, match="no edges"):
        parse_edgelist(text)


def test_unknown_weight_column() -> None:
    with pytest.raises(GraphInputError, match="unknown weight column 'cost'") as info:
        parse_edgelist("src dst w\n0 1 2\n", weight_column="cost")
    assert "['src', 'dst', 'w']" in str(info.value)
    with pytest.raises(GraphInputError, match="header line"):
        parse_edgelist("0 1 2\n", weight_column="cost", header=False)
    with pytest.raises(GraphInputError, match="not a column after source and target"):
        parse_edgelist("0 1 2\n", weight_column=5)


CORRUPTIONS = {
    "extra column": lambda line, d: line + d + "7" + d + "8",
    "missing column": lambda line, d: line.split(d.strip() or None)[0],
    "word weight": lambda line, d: d.join(line.split(d.strip() or None)[:2] + ["heavy"]),
}


@settings(max_examples=150, deadline=None)
@given(edge_lists(), st.sampled_from(sorted(CORRUPTIONS)), st.data())
def test_corrupted_line_is_found(case: dict, corruption: str, data: st.DataObject) -> None:
    if corruption == "word weight" and case["weights"] is None:
        case = {**case, "weights": [1] * len(case["edges"])}
    case = {**case, "padding": False}
    text, numbers = render(case)
    lines = text.split("\n")
    target = data.draw(st.sampled_from(numbers[1:] if len(numbers) > 1 else numbers), label="line")
    if target == numbers[0] and corruption != "word weight":
        return  # the first data line fixes the column count; corrupting it changes the layout itself
    delim = DELIMITERS[case["format"]]
    lines[target - 1] = CORRUPTIONS[corruption](lines[target - 1].split("#")[0].rstrip(), delim)
    with pytest.raises(GraphInputError) as info:
        parse_edgelist("\n".join(lines))
    assert info.value.line == target, str(info.value)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet='01ab ,\t#\n.-x"', max_size=60))
def test_fuzz_never_raises_other_errors(text: str) -> None:
    try:
        table = parse_edgelist(text)
    except GraphInputError:
        return
    assert table.num_edges >= 1
    assert list(table.frame.columns)[:2] == ["source", "target"]
    table.to_networkx()


# ---------------------------------------------------------------- the fast builder


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.tuples(st.integers(0, 15), st.integers(0, 15), st.integers(1, 9)), max_size=60),
    st.booleans(),
    st.booleans(),
    st.booleans(),
)
def test_build_networkx_matches_add_edges_from(
    edges: list[tuple[int, int, int]], directed: bool, weighted: bool, names: bool
) -> None:
    if names:
        edges = [(f"v{u}", f"v{v}", w) for u, v, w in edges]
    reference: nx.Graph = nx.DiGraph() if directed else nx.Graph()
    if weighted:
        reference.add_weighted_edges_from(edges)
    else:
        reference.add_edges_from((u, v) for u, v, _ in edges)
    sources = np.array([u for u, _, _ in edges])
    targets = np.array([v for _, v, _ in edges])
    weights = np.array([w for _, _, w in edges]) if weighted else None
    graph = build_networkx(sources, targets, weights, directed=directed)
    assert type(graph) is type(reference)
    assert nx.utils.graphs_equal(graph, reference)
    assert list(graph.nodes) == list(reference.nodes)
    assert all(list(graph.adj[n]) == list(reference.adj[n]) for n in reference)
    if directed:
        assert all(list(graph.pred[n]) == list(reference.pred[n]) for n in reference)
        assert all(graph.succ[u][v] is graph.pred[v][u] for u, v in graph.edges)
    else:
        assert all(graph[u][v] is graph[v][u] for u, v in graph.edges)
    # Edge data dicts are independent: changing one edge changes no other.
    if graph.number_of_edges() >= 2:
        first, second = list(graph.edges)[:2]
        graph.edges[first]["mark"] = 1
        assert "mark" not in graph.edges[second]


def test_build_networkx_with_nodes_first_and_mixed_ids() -> None:
    graph = build_networkx([2], [3], nodes=[0, 1, 2, 3])
    assert list(graph.nodes) == [0, 1, 2, 3] and list(graph.edges) == [(2, 3)]
    mixed = build_networkx([1, "a"], ["a", 2])
    assert set(mixed.nodes) == {1, "a", 2}
    empty = build_networkx([], [], nodes=[5])
    assert list(empty.nodes) == [5] and empty.number_of_edges() == 0
