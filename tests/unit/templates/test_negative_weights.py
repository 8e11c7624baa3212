"""NetworkX shortest-path templates with negative weights (issue 14, part 5).

Dijkstra is silently wrong on negative weights. The templates use Bellman-Ford on a directed graph
(and refuse a reachable negative cycle) and refuse an undirected graph, where a negative edge is a
negative cycle, each with a reason the LLM and the user can read. MST takes negative weights as they are.
"""

from __future__ import annotations

import itertools
import random

import networkx as nx
import pytest

from tests.unit.templates.test_templates import solver


def dag_with_negative_weights(seed: int) -> nx.DiGraph:
    """A random DAG (so no negative cycle) where about a third of the weights are negative."""
    rng = random.Random(seed)
    graph = nx.DiGraph()
    graph.add_nodes_from(range(8))
    for u, v in itertools.combinations(range(8), 2):
        if rng.random() < 0.4:
            graph.add_edge(u, v, weight=rng.choice([-4, -2, -1, 1, 2, 3, 5, 8]))
    return graph


@pytest.mark.parametrize("seed", range(12))
def test_directed_negative_weights_give_the_bellman_ford_answer(seed: int) -> None:
    graph = dag_with_negative_weights(seed)
    length, nodes, diameter = solver("shortest_path_weight"), solver("shortest_path_nodes"), solver("diameter_weighted")
    checked = 0
    for s, t in itertools.permutations(range(8), 2):
        if not nx.has_path(graph, s, t):
            assert length(graph, s, t) is None and nodes(graph, s, t) is None
            continue
        expected = nx.bellman_ford_path_length(graph, s, t, weight="weight")
        assert length(graph, s, t) == expected
        path = nodes(graph, s, t)
        assert sum(graph[a][b]["weight"] for a, b in itertools.pairwise(path)) == expected
        checked += 1
    assert checked > 0
    assert diameter(graph) is None  # a DAG is not strongly connected


def test_dijkstra_would_have_been_wrong_here() -> None:
    graph = nx.DiGraph()
    graph.add_weighted_edges_from([(0, 1, 5), (1, 2, -10), (0, 2, 1)])
    assert solver("shortest_path_weight")(graph, 0, 2) == -5
    assert solver("shortest_path_nodes")(graph, 0, 2) == [0, 1, 2]


def test_strongly_connected_negative_weights_diameter() -> None:
    graph = nx.DiGraph()
    graph.add_weighted_edges_from([(0, 1, -1), (1, 2, 4), (2, 0, 3)])  # cycle weight 6, no negative cycle
    expected = max(
        nx.bellman_ford_path_length(graph, s, t, weight="weight") for s, t in itertools.permutations(graph, 2)
    )
    assert solver("diameter_weighted")(graph) == expected == 7


@pytest.mark.parametrize("name", ["shortest_path_weight", "shortest_path_nodes", "diameter_weighted"])
def test_undirected_negative_weights_are_refused_with_a_reason(name: str) -> None:
    graph = nx.Graph()
    graph.add_weighted_edges_from([(0, 1, 2), (1, 2, -1)])
    args = (graph,) if name == "diameter_weighted" else (graph, 0, 2)
    with pytest.raises(ValueError, match="negative edge weights in an undirected graph: shortest paths are undefined"):
        solver(name)(*args)


@pytest.mark.parametrize("name", ["shortest_path_weight", "shortest_path_nodes", "diameter_weighted"])
def test_a_negative_cycle_is_refused_with_a_reason(name: str) -> None:
    graph = nx.DiGraph()
    graph.add_weighted_edges_from([(0, 1, 1), (1, 2, -3), (2, 1, 1), (2, 3, 1)])
    args = (graph,) if name == "diameter_weighted" else (graph, 0, 3)
    with pytest.raises(ValueError, match="negative cycle"):
        solver(name)(*args)


def test_mst_takes_negative_weights_as_they_are() -> None:
    graph = nx.Graph()
    graph.add_weighted_edges_from([(0, 1, -3), (1, 2, 2), (0, 2, 5)])
    assert solver("mst_weight")(graph) == -1


@pytest.mark.parametrize("name", ["shortest_path_weight", "shortest_path_nodes"])
@pytest.mark.parametrize(("source", "target"), [(0, 1), (1, 0), (2, 3)])
def test_the_negative_weight_check_keeps_the_templates_reusable(name: str, source: int, target: int) -> None:
    """The check adds no number literal, so small node ids still generalise (grraf.pipeline.reuse)."""
    from grraf.pipeline.reuse import generalise
    from tests.unit.pipeline.test_reuse import template_code

    code = template_code(name, {"source": source, "target": target})
    assert generalise(code, {"source": source, "target": target}) is not None
