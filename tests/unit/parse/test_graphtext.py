"""Graphs written inside questions: GraphInstruct demos and prompts, NLGraph sentences, errors."""

from __future__ import annotations

import re
import time
from pathlib import Path

import networkx as nx
import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from grraf.errors import GraphInputError
from grraf.parse.graphtext import ParsedQuestion, looks_like_graph, parse_question, stated_counts, verify_parsed

# CI clones the repository with shared/ beside it: <clone>/../shared.
SHARED = Path(__file__).resolve().parents[3] / ".." / "shared"
GRAPHINSTRUCT = SHARED / "data" / "graphinstruct"


@pytest.fixture(scope="module")
def graphinstruct() -> Path:
    if not (GRAPHINSTRUCT / "demos").is_dir() or not (GRAPHINSTRUCT / "task_config.yaml").is_file():
        pytest.fail(
            f"GraphInstruct data not found at {GRAPHINSTRUCT.resolve()}: the tests expect the shared/ folder "
            "beside the repository clone (<clone>/../shared/data/graphinstruct/{demos,task_config.yaml})"
        )
    return GRAPHINSTRUCT


def demo_questions(root: Path) -> list[tuple[str, str]]:
    """(task, question) for every ``Q:`` line of every demo file."""
    found = []
    for path in sorted((root / "demos").glob("*.txt")):
        for question in re.findall(r"^Q: (.*)$", path.read_text(), flags=re.MULTILINE):
            found.append((path.stem, question))
    return found


def test_every_demo_question_parses_with_stated_counts(graphinstruct: Path) -> None:
    questions = demo_questions(graphinstruct)
    assert len(questions) >= 18, "expected two demo questions per task"
    for task, question in questions:
        parsed = parse_question(question)
        assert parsed is not None, f"{task}: not parsed: {question}"
        assert parsed.format == "graphinstruct"
        ranges = re.findall(r"numbered from (\w+) to (\w+), .*?edges are: ([^.]*)\.", question)
        assert len(ranges) == len(parsed.graphs) >= 1
        for (lo, hi, edge_text), (name, graph) in zip(ranges, parsed.graphs.items(), strict=True):
            expected_nodes = int(hi) - int(lo) + 1 if lo.isdigit() else ord(hi) - ord(lo) + 1
            assert graph.number_of_nodes() == expected_nodes, f"{task} {name}"
            assert graph.number_of_edges() == edge_text.count("("), f"{task} {name}"
            assert graph.is_directed() == ("->" in edge_text)
            assert f"[graph {name}: {expected_nodes} nodes" in parsed.question
        assert "(" not in parsed.question, "edge text must not reach the LLM"


def test_demo_details(graphinstruct: Path) -> None:
    by_task: dict[str, list[ParsedQuestion]] = {}
    for task, question in demo_questions(graphinstruct):
        parsed = parse_question(question)
        assert parsed is not None
        by_task.setdefault(task, []).append(parsed)
    flow = by_task["flow"][0].graphs["G"]
    assert flow.is_directed() and flow[0][1]["weight"] == 9 and set(flow.nodes) == set(range(9))
    shortest = by_task["shortest"][0].graphs["G"]
    assert not shortest.is_directed() and shortest[4][0]["weight"] == 1
    triplet = by_task["triplet"][0].graphs["G"]
    assert dict(triplet.nodes(data="weight")) == {0: 2, 1: 9, 2: 6, 3: 10, 4: 4}
    assert "[node weights of G]" in by_task["triplet"][0].question
    sub = by_task["substructure"][0]
    assert set(sub.graphs) == {"G", "G_prime"}
    assert set(sub.graphs["G_prime"].nodes) == {"a", "b", "c", "d", "e"}
    assert sub.graphs["G_prime"].has_edge("a", "b") and not sub.graphs["G_prime"].has_edge("b", "a")
    assert all(isinstance(n, int) for n in sub.graphs["G"].nodes)


def test_demo_questions_inside_test_prompts(graphinstruct: Path) -> None:
    """The *_test prompts explain the syntax with '(i,j)'-style examples; those are not edges."""
    config = yaml.safe_load((graphinstruct / "task_config.yaml").read_text())
    demos = dict(demo_questions(graphinstruct))
    tested = 0
    for key, task in config.items():
        name = key.removesuffix("_test")
        if not key.endswith("_test") or name not in demos:
            continue
        preamble = task["prompt"].split("Q:")[0]
        parsed = parse_question(preamble + "Q: " + demos[name])
        alone = parse_question(demos[name])
        assert parsed is not None and alone is not None
        for graph_name, graph in parsed.graphs.items():
            assert nx.utils.graphs_equal(graph, alone.graphs[graph_name]), key
            assert graph.is_directed() == task["directed"][0], key
        if name != "triplet":  # triplet's weights are node weights
            assert nx.is_weighted(parsed.graphs["G"]) == task["weight"][0], key
        assert parsed.question.startswith(preamble), "the explanation of the syntax is kept as is"
        tested += 1
    assert tested == 9


# ---------------------------------------------------------------- round trips, GraphInstruct style


@st.composite
def random_graphs(draw: st.DrawFn, *, max_nodes: int = 25) -> tuple[nx.Graph, bool]:
    """A random graph on 0..n-1 (isolated nodes likely), directed or not, weighted or not."""
    n = draw(st.integers(1, max_nodes))
    directed = draw(st.booleans())
    weighted = draw(st.booleans())
    pairs = draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=60, unique=True))
    graph: nx.Graph = nx.DiGraph() if directed else nx.Graph()
    graph.add_nodes_from(range(n))
    for u, v in pairs:
        if graph.has_edge(u, v):
            continue
        graph.add_edge(u, v, **({"weight": draw(st.integers(1, 10))} if weighted else {}))
    return graph, weighted


def tuple_text(graph: nx.Graph, weighted: bool, spaced: bool) -> str:
    arrow = "->" if graph.is_directed() else ("," + (" " if spaced else ""))
    parts = []
    for u, v, w in graph.edges(data="weight"):
        parts.append(f"({u}{arrow}{v}" + (f",{w}" if weighted else "") + ")")
    return " ".join(parts)


def same_graph(a: nx.Graph, b: nx.Graph) -> None:
    assert a.is_directed() == b.is_directed()
    assert set(a.nodes) == set(b.nodes)
    assert nx.utils.edges_equal(a.edges(data=True), b.edges(data=True), directed=a.is_directed())


@settings(max_examples=150, deadline=None)
@given(random_graphs(), st.booleans())
def test_graphinstruct_round_trip(case: tuple[nx.Graph, bool], spaced: bool) -> None:
    graph, weighted = case
    kind = "a directed" if graph.is_directed() else "an undirected"
    text = (
        f"In {kind} graph, (i,j) means that node i and node j are connected. Q: The nodes are numbered from 0 to "
        f"{graph.number_of_nodes() - 1}, and the edges are: {tuple_text(graph, weighted, spaced)}. Is there a cycle?"
    )
    parsed = parse_question(text)
    assert parsed is not None
    same_graph(parsed.graphs["G"], graph)
    assert parsed.question.endswith(
        f"the edges are: [graph G: {graph.number_of_nodes()} nodes, {graph.number_of_edges()} edges]. Is there a cycle?"
    )


@settings(max_examples=60, deadline=None)
@given(random_graphs(max_nodes=12), st.lists(st.integers(1, 10), min_size=12, max_size=12))
def test_node_weight_round_trip(case: tuple[nx.Graph, bool], node_weights: list[int]) -> None:
    graph = nx.Graph(case[0])
    for node in graph:
        graph.nodes[node]["weight"] = node_weights[node]
    weights = " ".join(f"[{n}, {w}]" for n, w in graph.nodes(data="weight"))
    edges = tuple_text(graph, case[1], spaced=True)
    text = (
        f"Q: The nodes are numbered from 0 to {graph.number_of_nodes() - 1}, weights of nodes are: {weights}, "
        f"and the edges are: {edges}. What is the maximum sum of the weights of three nodes?"
    )
    parsed = parse_question(text)
    assert parsed is not None
    same_graph(parsed.graphs["G"], graph)
    assert dict(parsed.graphs["G"].nodes(data="weight")) == dict(graph.nodes(data="weight"))


@settings(max_examples=60, deadline=None)
@given(random_graphs(max_nodes=20), st.integers(1, 5))
def test_substructure_round_trip(case: tuple[nx.Graph, bool], sub_size: int) -> None:
    graph = nx.DiGraph(case[0])
    letters = [chr(ord("a") + i) for i in range(sub_size)]
    sub = nx.DiGraph()
    sub.add_nodes_from(letters)
    sub.add_edges_from((letters[i], letters[i + 1]) for i in range(sub_size - 1))
    sub_edges = " ".join(f"({u}->{v})" for u, v in sub.edges)
    text = (
        "Determine if a smaller graph is present as an exact match within a larger graph. In a directed graph, "
        "(i->j) means that node i and node j are connected with a directed edge from node i to node j. "
        f"Q: The nodes of graph G are numbered from 0 to {graph.number_of_nodes() - 1}, and the edges are: "
        f"{tuple_text(graph, False, False)}. The nodes of subgraph G' are numbered from a to {letters[-1]}, "
        f"and the edges are: {sub_edges}. Is subgraph G' present within graph G as a direct substructure?"
    )
    parsed = parse_question(text)
    assert parsed is not None
    same_graph(parsed.graphs["G"], nx.DiGraph(graph.edges) if False else _unweighted(graph))
    same_graph(parsed.graphs["G_prime"], sub)


def _unweighted(graph: nx.Graph) -> nx.Graph:
    copy: nx.Graph = graph.__class__()
    copy.add_nodes_from(graph.nodes)
    copy.add_edges_from(graph.edges)
    return copy


# ---------------------------------------------------------------- NLGraph style


def nlgraph_text(graph: nx.Graph, weighted: bool, word: str) -> str:
    sentences = []
    for u, v, w in graph.edges(data="weight"):
        head = f"an edge from node {u} to node {v}" if graph.is_directed() else f"an edge between node {u} and node {v}"
        sentences.append(head + (f" with {word} {w}" if weighted else ""))
    kind = "a directed" if graph.is_directed() else "an undirected"
    body = ",\n".join(sentences)
    return (
        f"In {kind} graph, the nodes are numbered from 0 to {graph.number_of_nodes() - 1}, and the edges are:\n"
        f"{body}.\nQ: Give the shortest path from node 0 to node 1."
    )


@settings(max_examples=120, deadline=None)
@given(random_graphs(), st.sampled_from(["weight", "capacity"]))
def test_nlgraph_round_trip(case: tuple[nx.Graph, bool], word: str) -> None:
    graph, weighted = case
    if graph.number_of_edges() == 0:
        return
    parsed = parse_question(nlgraph_text(graph, weighted, word))
    assert parsed is not None and parsed.format == "nlgraph"
    same_graph(parsed.graphs["G"], graph)
    assert "an edge" not in parsed.question


def test_nlgraph_float_weights_and_graph_anchor() -> None:
    parsed = parse_question(
        "In an undirected graph, the nodes are numbered from 0 to 2, and the edges are: an edge between node 0 "
        "and node 1 with weight 2.5. an edge between node 1 and node 2 with weight 1. Q: shortest path?"
    )
    assert parsed is not None
    assert sorted(parsed.graphs["G"].edges(data="weight")) == [(0, 1, 2.5), (1, 2, 1.0)]
    connectivity = parse_question(
        "Note that (i,j) means that node i and node j are connected.\nGraph: (0,1) (1,2) (3,4) (4,5)\n"
        "Q: Is there a path between node 1 and node 4?"
    )
    assert connectivity is not None
    assert sorted(connectivity.graphs["G"].edges) == [(0, 1), (1, 2), (3, 4), (4, 5)]
    assert connectivity.question.count("[graph G: 6 nodes, 4 edges]") == 1


def test_directedness_from_words() -> None:
    text = (
        "In a directed graph, (i,j) means an edge from i to j. "
        "The nodes are numbered from 0 to 2, and the edges are: (0,1) (1,2)."
    )
    parsed = parse_question(text)
    assert parsed is not None and parsed.graphs["G"].is_directed()
    parsed = parse_question(text.replace("a directed", "an undirected"))
    assert parsed is not None and not parsed.graphs["G"].is_directed()


def test_placeholder_does_not_grow_with_the_graph() -> None:
    def question(n: int) -> str:
        edges = " ".join(f"({i},{i + 1})" for i in range(n - 1))
        return f"The nodes are numbered from 0 to {n - 1}, and the edges are: {edges}. Is there a cycle?"

    small, big = parse_question(question(5)), parse_question(question(5000))
    assert small is not None and big is not None
    assert len(big.question) - len(small.question) <= 9  # only the digits of the three numbers differ


def test_empty_edge_list_with_node_range() -> None:
    parsed = parse_question("The nodes are numbered from 0 to 3, and the edges are: . Is there a cycle?")
    assert parsed is not None
    assert parsed.graphs["G"].number_of_nodes() == 4 and parsed.graphs["G"].number_of_edges() == 0


def test_no_graph_returns_none() -> None:
    assert parse_question("What is the capital of France?") is None
    assert parse_question("In a graph, (i,j) means that node i and node j are connected.") is None


def test_large_question_parses_fast() -> None:
    n = 200_000
    edges = " ".join(f"({i % 5000}->{(i * 7919) % 5000},{i % 10 + 1})" for i in range(n))
    text = f"The nodes are numbered from 0 to 4999, and the edges are: {edges}. What is the maximum flow?"
    start = time.perf_counter()
    parsed = parse_question(text)
    seconds = time.perf_counter() - start
    assert parsed is not None and parsed.graphs["G"].number_of_nodes() == 5000
    assert seconds < 10, f"{n} edges took {seconds:.1f}s"


# ---------------------------------------------------------------- malformed text


BASE = "The nodes are numbered from 0 to 5, and the edges are: (0->1,3) (1->2,4) {bad} (2->3,1). Max flow from 0 to 3?"


@pytest.mark.parametrize(
    ("bad", "found"),
    [
        ("(0->)", "(0->)"),
        ("(1->4,x)", "(1->4,x)"),
        ("(1->9,2)", "9"),
        ("(1,4,2)", "(1,4,2)"),  # undirected among directed
        ("(1->4)", "(1->4)"),  # missing weight among weighted
        ("(1->4,2,5)", "(1->4,2,5)"),
        ("(1 4)", "(1 4)"),
    ],
)
def test_malformed_tuples_raise(bad: str, found: str) -> None:
    with pytest.raises(GraphInputError) as info:
        parse_question(BASE.format(bad=bad))
    assert info.value.source == "question text"
    assert info.value.found == found
    assert info.value.expected


def test_malformed_sentences_and_ranges_raise() -> None:
    with pytest.raises(GraphInputError, match="malformed edge"):
        parse_question(
            "the nodes are numbered from 0 to 3, and the edges are: an edge between node 0 and node 1 with "
            "weight abc, an edge between node 1 and node 2."
        )
    with pytest.raises(GraphInputError, match="not a range"):
        parse_question("The nodes are numbered from 5 to 2, and the edges are: (2,3).")
    with pytest.raises(GraphInputError, match="outside the stated range"):
        parse_question("The nodes of subgraph G' are numbered from a to c, and the edges are: (a->b) (b->z).")
    with pytest.raises(GraphInputError, match="states 3 edges"):
        parse_question("A graph with 3 edges; the nodes are numbered from 0 to 3, and the edges are: (0,1) (1,2).")


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(alphabet="0123456789abxy,->()[] .\n", max_size=40))
def test_fuzzed_edge_text_never_raises_other_errors(junk: str) -> None:
    text = f"The nodes are numbered from 0 to 9, and the edges are: (0,1) {junk}. Is there a cycle?"
    try:
        parsed = parse_question(text)
    except GraphInputError:
        return
    assert parsed is not None
    graph = parsed.graphs["G"]
    assert set(graph.nodes) == set(range(10)), "never a half-parsed graph: all nodes, all in range"
    assert graph.has_edge(0, 1)


@settings(max_examples=150, deadline=None)
@given(
    random_graphs(max_nodes=10),
    st.sampled_from(["(0->)", "(,1)", "(0,1,w)", "(0->1,2.5.5)", "(99,0)", "(0-1)", "(0,)", "(x y)"]),
    st.data(),
)
def test_corrupted_edge_always_raises(case: tuple[nx.Graph, bool], bad: str, data: st.DataObject) -> None:
    graph, weighted = case
    tokens = tuple_text(graph, weighted, spaced=False).split()
    tokens.insert(data.draw(st.integers(0, len(tokens))), bad)
    text = f"The nodes are numbered from 0 to {graph.number_of_nodes() - 1}, and the edges are: {' '.join(tokens)}. Q?"
    with pytest.raises(GraphInputError):
        parse_question(text)


# ---------------------------------------------------------------- helpers


def test_stated_counts() -> None:
    assert stated_counts("The nodes are numbered from 0 to 8, and the edges are: (0,1)") == (9, None)
    assert stated_counts("a directed graph with 5 nodes and 12 edges") == (5, 12)
    assert stated_counts("The nodes of subgraph G' are numbered from a to d") == (4, None)
    assert stated_counts("no numbers here") == (None, None)


def test_verify_parsed() -> None:
    graph = nx.path_graph(4)
    verify_parsed(graph, expected_nodes=4, expected_edges=3)
    verify_parsed(graph, expected_nodes=None, expected_edges=None)
    with pytest.raises(GraphInputError, match="states 5 nodes"):
        verify_parsed(graph, expected_nodes=5, expected_edges=None)
    with pytest.raises(GraphInputError, match="states 2 edges"):
        verify_parsed(graph, expected_nodes=4, expected_edges=2)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Edges: A-B, B-C, C-D, D-A. Is there a cycle?", True),
        ("JFK -> LAX, LAX -> ORD, ORD -> JFK. Which airport is most central?", True),
        ("adjacency:\n0: 1, 2\n1: 2, 3\n2: 3, 0\nIs it bipartite?", True),
        ("Here is my edge list:\n0 1\n1 2\n2 3\n3 0\nIs there a cycle?", True),
        ("What is the state-of-the-art algorithm for max flow?", False),
        ("The nodes are numbered from 0 to 2, and the edges are: (0,1) (1,2). Is there a cycle?", False),
        ("How many nodes does graph G have?", False),
    ],
)
def test_looks_like_graph(text: str, expected: bool) -> None:
    assert looks_like_graph(text) is expected


@pytest.mark.parametrize(
    ("text", "edges"),
    [
        # README's library example: no colon after "edges are"
        ("Is there a path between node 0 and node 4? The edges are (0,1) (1,2) (3,4).", 3),
        ("How many nodes have two neighbours? The edges are (0,1) (1,2) (2,3) (3,0) (0,2) (3,4).", 6),
        ("Max flow from 0 to 2? The edges are (0->1,3) (1->2,4).", 2),
    ],
)
def test_edges_are_without_a_colon_when_tuples_follow(text: str, edges: int) -> None:
    parsed = parse_question(text)
    assert parsed is not None and parsed.graphs["G"].number_of_edges() == edges


def test_edges_are_followed_by_prose_in_brackets_is_not_a_graph() -> None:
    assert parse_question("The edges are weighted (by length). What is the shortest path from 1 to 2?") is None
