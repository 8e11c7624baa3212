"""Pictures of answers: the right part of the graph, highlighted, and never too big."""

from __future__ import annotations

from typing import Any

import networkx as nx
import pytest
from matplotlib.figure import Figure

from grraf.draw import MAX_NODES, draw_answer, graph_for_drawing, main_graphs
from grraf.tasks import TASKS
from grraf.types import Answer, Attempt, Plan


def answer(task: str | None, value: Any = None, question: str = "q", **parameters: Any) -> Answer:
    plan = Plan(question, task, parameters=parameters) if task is not None else None
    return Answer(
        question,
        str(value),
        value,
        "verified",
        (Attempt("answer = 1", "ok", None, 0.1),),
        (),
        0.2,
        "networkx",
        plan=plan,
    )


@pytest.fixture
def flow_graph() -> nx.DiGraph:
    g = nx.DiGraph()
    g.add_weighted_edges_from([(0, 1, 3), (1, 2, 2), (0, 2, 5), (2, 3, 4), (1, 3, 1), (3, 0, 1)])
    return g


def test_every_registry_task_names_a_picture_that_draws() -> None:
    g = nx.DiGraph([(0, 1), (1, 2), (0, 2), (2, 3)])
    for task in TASKS:
        d = graph_for_drawing(answer(task.name, None, source=0, target=3, node=2), {"G": g, "G_prime": g})
        assert d.kind == task.draw or d.kind == "graph", task.name


def test_flow_shows_positive_flow_edges_labelled_flow_over_capacity(flow_graph: nx.DiGraph) -> None:
    d = graph_for_drawing(answer("max_flow", 5, source=0, target=3), flow_graph)
    assert d.kind == "flow" and "= 5" in d.title
    assert d.edge_labels[(2, 3)] == "4/4" and d.edge_labels[(1, 3)] == "1/1"
    assert (3, 0) not in d.graph.edges  # no flow on it
    assert set(d.highlight_nodes) == {0, 3}


def test_flow_reads_capacity_attribute_and_string_parameters() -> None:
    g = nx.DiGraph()
    g.add_edge("s", "a", capacity=2)
    g.add_edge("a", "t", capacity=1)
    d = graph_for_drawing(answer("max_flow", 1, source="s", target="t"), g)
    assert d.edge_labels == {("s", "a"): "1/2", ("a", "t"): "1/1"}


def test_cycle_is_found_and_highlighted(flow_graph: nx.DiGraph) -> None:
    d = graph_for_drawing(answer("has_cycle", True), flow_graph)
    assert d.kind == "cycle" and d.highlight_edges
    for u, v in d.highlight_edges:
        assert flow_graph.has_edge(u, v)
    assert d.highlight_edges[0][0] == d.highlight_edges[-1][1]  # closed


def test_no_cycle_draws_the_graph() -> None:
    d = graph_for_drawing(answer("has_cycle", False), nx.path_graph(5, create_using=nx.DiGraph))
    assert d.title == "no cycle" and d.graph.number_of_nodes() == 5


def test_path_uses_the_answer_path_when_it_is_one(flow_graph: nx.DiGraph) -> None:
    d = graph_for_drawing(answer("shortest_path", [0, 2, 3], source=0, target=3), flow_graph)
    assert d.highlight_edges == ((0, 2), (2, 3))


def test_path_otherwise_computes_a_weighted_shortest_path_with_string_ids(flow_graph: nx.DiGraph) -> None:
    d = graph_for_drawing(answer("shortest_path_weight", 4, source="0", target="3"), flow_graph)
    assert d.highlight_edges == ((0, 1), (1, 3))  # weight 3 + 1 beats 5 + 4
    assert "0 → 3" in d.title


def test_no_path_highlights_both_ends() -> None:
    g = nx.Graph([(0, 1), (2, 3)])
    d = graph_for_drawing(answer("connectivity", False, source=0, target=3), g)
    assert d.title == "no path from 0 to 3" and set(d.highlight_nodes) == {0, 3} and not d.highlight_edges


def test_topological_order_lays_nodes_out_in_order() -> None:
    g = nx.DiGraph([(3, 1), (1, 2), (3, 2)])
    d = graph_for_drawing(answer("topological_sort", [3, 1, 2]), g)
    assert d.kind == "order" and d.order == (3, 1, 2)
    computed = graph_for_drawing(answer("topological_sort", "not a list"), g)
    assert computed.order == tuple(nx.topological_sort(g))


def test_substructure_highlights_the_matched_subgraph(flow_graph: nx.DiGraph) -> None:
    pattern = nx.DiGraph([("a", "b"), ("b", "c"), ("a", "c")])
    d = graph_for_drawing(answer("subgraph_match", True), {"G": flow_graph, "G_prime": pattern})
    assert d.kind == "match" and len(d.highlight_nodes) == 3 and len(d.highlight_edges) == 3
    for u, v in d.highlight_edges:
        assert flow_graph.has_edge(u, v)


def test_substructure_without_a_pattern_draws_the_graph(flow_graph: nx.DiGraph) -> None:
    assert graph_for_drawing(answer("subgraph_match", True), flow_graph).kind == "match"


def test_node_question_shows_the_node_and_its_neighbours(flow_graph: nx.DiGraph) -> None:
    d = graph_for_drawing(answer("in_degree", 2, node=3), flow_graph)
    assert d.highlight_nodes == (3,) and set(d.graph.nodes) == {3, 2, 1, 0}
    assert "in-degree 2" in d.title


def test_an_answer_without_a_task_draws_the_graph_with_what_it_mentions() -> None:
    g = nx.cycle_graph(4)
    d = graph_for_drawing(answer(None, [1, 2], question="Which nodes are special?"), g)
    assert d.kind == "graph" and set(d.highlight_nodes) == {1, 2}


@pytest.mark.parametrize(
    ("task", "parameters"),
    [
        ("shortest_path", {"source": 3, "target": 40_000}),
        ("degree", {"node": 0}),  # the hub of a star: thousands of neighbours
        ("pagerank_top", {"node": 17}),
        ("has_cycle", {}),
        ("max_flow", {"source": 1, "target": 2}),
        ("subgraph_match", {}),
    ],
)
def test_large_graphs_are_cut_to_the_neighbourhood(task: str, parameters: dict[str, Any]) -> None:
    g = nx.barabasi_albert_graph(50_000, 2, seed=3)
    d = graph_for_drawing(answer(task, None, **parameters), g)
    assert 0 < d.graph.number_of_nodes() <= MAX_NODES
    assert d.note and "of 50,000 nodes" in d.note


def test_small_graph_is_drawn_whole_with_mentioned_nodes_highlighted() -> None:
    g = nx.petersen_graph()
    d = graph_for_drawing(answer("max_triangle_weight", [1, 2], node=7), g)
    assert d.graph.number_of_nodes() == 10 and set(d.highlight_nodes) == {7, 1, 2} and d.note is None


def test_main_graphs_takes_G_and_G_prime() -> None:
    g, p = main_graphs({"G_prime": nx.path_graph(2), "G": nx.path_graph(5)})
    assert g.number_of_nodes() == 5 and p is not None and p.number_of_nodes() == 2
    with pytest.raises(ValueError):
        main_graphs({})


def test_draw_answer_writes_a_png_and_returns_the_figure(tmp_path, flow_graph: nx.DiGraph) -> None:
    out = tmp_path / "flow.png"
    fig = draw_answer(answer("max_flow", 5, source=0, target=3), flow_graph, out)
    assert isinstance(fig, Figure)
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "max flow" in fig.axes[0].get_title()


def test_draw_answer_on_given_axes(tmp_path) -> None:
    fig = Figure()
    ax = fig.add_subplot()
    out = tmp_path / "order.svg"
    assert draw_answer(answer("topological_sort", [0, 1, 2]), nx.path_graph(3, nx.DiGraph), out, ax=ax) is fig
    assert out.read_text().lstrip().startswith("<?xml")


class ProjectingStore:
    """A store as drawing sees it: capabilities say whether it projects; to_networkx gives the graphs."""

    def __init__(self, result: Any, *, projects: bool = True) -> None:
        self.result = result
        self.projects = projects
        self.projected = 0

    def capabilities(self) -> Any:
        from grraf.stores.base import Capabilities

        return Capabilities(projects=self.projects)

    def to_networkx(self) -> Any:
        self.projected += 1
        if isinstance(self.result, Exception):
            raise self.result
        return self.result


def test_graph_of_finds_the_graph_wherever_it_came_from() -> None:
    from grraf.draw import graph_of
    from grraf.errors import StoreError
    from grraf.stores.networkx import NetworkXStore

    g = nx.path_graph(3)
    assert graph_of("anything", g) is g
    parsed = graph_of("Is there a cycle? The edges are: (0,1) (1,2) (2,0).")
    assert isinstance(parsed, dict) and parsed["G"].number_of_edges() == 3
    assert graph_of("How many nodes?") is None
    store = NetworkXStore({"G": g})
    assert graph_of("q", store=store)["G"] is g
    assert graph_of("q", store=ProjectingStore({"G": g}))["G"] is g
    assert graph_of("q", store=ProjectingStore(StoreError("too large to project"))) is None
    cannot = ProjectingStore({"G": g}, projects=False)
    assert graph_of("q", store=cannot) is None and cannot.projected == 0  # the capability is asked, not probed
