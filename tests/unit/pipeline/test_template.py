"""Template retrieval in the pipeline: words must fit, and so must the parameters (grraf.pipeline.template)."""

from __future__ import annotations

import pytest

from cypher_templates import find_templates
from grraf.bench.dataset import generate
from grraf.pipeline.refine import parameters_from_text
from grraf.pipeline.template import retrieve_template
from grraf.types import Refined

PREAMBLE = (
    "In an undirected graph, (i,j) means that node i and node j are connected with an undirected edge. "
    "Q: The nodes are numbered from 0 to 5, and the edges are: (0, 1) (1, 2) (2, 3). "
)


def refined_for(question: str, task: str, *, directed: bool = False, weighted: bool = False) -> Refined:
    return Refined(question, task, directed, weighted, "number", parameters_from_text(question))


def test_preamble_words_alone_do_not_retrieve_a_template() -> None:
    bridges = PREAMBLE + "How many bridges does this graph have?"
    # the words alone pick the connectivity template ("node i and node j are connected")
    assert [t.name for t in find_templates("bridges", bridges, "networkx", directed=False, weighted=False)] == [
        "connectivity"
    ]
    # but the ask ("how many bridges?") names nothing the connectivity template does
    assert retrieve_template(refined_for(bridges, "bridges"), "networkx", bridges) is None


def test_a_template_that_ignores_a_named_node_is_not_retrieved() -> None:
    question = PREAMBLE + "What is the eccentricity of node 4?"
    chosen = retrieve_template(refined_for(question, "eccentricity"), "networkx", question)
    assert chosen is None or "node" in chosen.parameters


@pytest.mark.parametrize(
    ("task", "expected"),
    [
        ("connectivity", "connectivity"),
        ("flow", "max_flow"),
        ("shortest", "shortest_path_weight"),
        ("in_degree", "in_degree"),
        ("out_degree", "out_degree"),
        ("cycle", "cycle_"),
        ("bipartite", "bipartite"),
        ("topology", "topological_sort"),
        ("hamilton", "hamiltonian_path"),
        ("triplet", "max_triangle_weight"),
        ("substructure", "subgraph_matching"),
    ],
)
def test_grraf_tasks_still_get_their_templates(task: str, expected: str) -> None:
    question = generate(task, 1, 0)[0]
    refined = Refined(
        question.text,
        {"flow": "max_flow", "shortest": "shortest_path", "topology": "topological_sort"}.get(task, task),
        question.meta["directed"],
        question.meta["weighted"],
        "number",
        parameters_from_text(question.text),
    )
    chosen = retrieve_template(refined, "networkx", question.text)
    assert chosen is not None and chosen.name is not None and chosen.name.startswith(expected)


@pytest.mark.parametrize("task_guess", ["radius", "unknown", "graph_property"])
def test_the_ask_must_name_the_template_not_only_the_preamble(task_guess: str) -> None:
    preamble = PREAMBLE.replace(
        "Q:", "The eccentricity of a node is the greatest number of edges on a shortest path from it. Q:"
    )
    radius = preamble + "What is the radius of this graph?"
    assert retrieve_template(refined_for(radius, task_guess), "networkx", radius) is None
    diameter = preamble + "What is the diameter of this graph?"
    chosen = retrieve_template(refined_for(diameter, task_guess), "networkx", diameter)
    assert chosen is not None and chosen.name == "diameter"


def test_k_is_read_from_the_question_and_bound_without_the_llm() -> None:
    question = PREAMBLE + "Which nodes are in the k-core of this graph for k = 2?"
    refined = refined_for(question, "k_core")
    assert refined.parameters == {"k": 2}
    chosen = retrieve_template(refined, "networkx", question)
    assert chosen is not None and chosen.name == "k_core"
