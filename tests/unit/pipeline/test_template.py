"""The template stage: the plan's task names its verified templates; the LLM drafts only for a task
without one, and a plan without a task gets documentation instead of a draft."""

from __future__ import annotations

import pytest

from grraf.llm.calls import LLMSession
from grraf.pipeline.docs import search_networkx_docs
from grraf.pipeline.template import choose_template, draft_template, networkx_docs, verified_template
from grraf.tasks import ALL_TASKS, TASKS, bench_task, get_task
from grraf.types import Plan
from tests.fakes import fenced, scripted


@pytest.mark.parametrize(
    ("task", "directed", "weighted", "expected"),
    [
        ("has_cycle", True, False, "cycle_directed"),
        ("has_cycle", False, False, "cycle_undirected"),
        ("diameter", False, False, "diameter"),
        ("diameter", False, True, "diameter_weighted"),
        ("shortest_path", False, True, "shortest_path_nodes"),
    ],
)
def test_the_variant_written_for_the_graph_kind_is_taken(task, directed, weighted, expected) -> None:
    chosen = verified_template(get_task(task), "networkx", directed=directed, weighted=weighted)
    assert chosen is not None and chosen.name == expected and chosen.retrieved


def test_ladybug_picks_weighted_or_hop_templates_and_respects_its_hop_limit() -> None:
    weighted = verified_template(get_task("shortest_path_weight"), "ladybug", directed=False, weighted=True)
    unweighted = verified_template(get_task("shortest_path_weight"), "ladybug", directed=False, weighted=False)
    assert weighted.name == "shortest_path_weight" and unweighted.name == "shortest_path_length"
    # Bounded variable-length patterns are exact only when every shortest path fits under the limit.
    big = verified_template(
        get_task("shortest_path_hops"), "ladybug", directed=False, weighted=False, node_count=100, max_hops=30
    )
    assert big is None


def test_every_bench_task_of_grraf_has_a_networkx_template() -> None:
    for name in ("connectivity", "cycle", "bipartite", "flow", "hamilton", "shortest", "substructure",
                 "topology", "triplet", "in_degree", "out_degree"):  # fmt: skip
        task = bench_task(name)
        directed = task.directed if task.directed is not None else False
        assert verified_template(task, "networkx", directed=directed, weighted=None) is not None, name


def test_a_task_without_a_template_is_drafted_with_its_summary_and_docs(settings) -> None:
    model = scripted(fenced("def solve(G):\n    return nx.radius(G)"))
    plan = Plan("What is the radius of this weighted graph?", "radius", directed=False, weighted=True, output="number")
    chosen = choose_template(plan, "python", "networkx", LLMSession(model))  # hop templates only
    assert chosen.origin == "drafted" and "nx.radius" in chosen.code
    prompt = model.prompt_text(0)
    assert get_task("radius").summary in prompt and "nx.radius" in prompt


def test_a_plan_without_a_task_gets_documentation_and_no_draft() -> None:
    model = scripted()  # no reply: no LLM call may happen
    plan = Plan("How many nodes have degree greater than 10?", None, output="number")
    chosen = draft_template(plan, "python", "networkx", LLMSession(model))
    assert chosen.origin == "none" and chosen.code == "" and chosen.docs
    assert "Relevant networkx functions" in chosen.docs_text and not model.prompts


def test_a_draft_is_shown_the_tasks_own_functions_first() -> None:
    # GraphInstruct defines a bridge through connected components; by the question's words alone
    # nx.connectivity.bridge_components came first, and the model counted those components.
    question = (
        "Count the bridges of an undirected graph. A bridge is an edge whose removal increases the number of "
        "connected components of the graph. Q: How many bridges does this graph have?"
    )
    task = get_task("bridge_count")
    assert search_networkx_docs(f"{task.summary} {question}", k=1)[0].call.startswith("nx.connectivity.bridge_comp")
    shown = [hit.call.split("(")[0] for hit in networkx_docs(task, question)]
    assert shown[0] == "nx.bridges" and len(shown) == len(set(shown)) == 3
    assert "nx.connectivity.bridge_components" in shown  # the question's best fit still comes second
    assert networkx_docs(None, question) == search_networkx_docs(question, k=3)


def test_without_the_library_every_task_is_drafted(settings) -> None:
    model = scripted(fenced("def solve(G, source, target):\n    return 1"))
    plan = Plan("q", "max_flow", {"source": 0, "target": 1}, "number", directed=True, weighted=True)
    assert choose_template(plan, "python", "networkx", LLMSession(model), use_library=False).origin == "drafted"


def test_every_template_a_task_names_exists_and_serves_that_task() -> None:
    from cypher_templates import load_templates

    named = set()
    for dialect in ("networkx", "ladybug", "neo4j"):
        files = {t.name: t for t in load_templates(dialect)}
        for task in ALL_TASKS:
            for name in task.template_names(dialect):
                assert name in files, (task.name, dialect, name)
                named.add((dialect, name))
                if task.property_graph:
                    assert files[name].task == task.name, (task.name, name)
                    # their parameters are the task's plus what the plan derives from the schema
                    # (tests/unit/pipeline/test_property_plan.py renders each with a plan's parameters)
                    continue
                params = {p for p in files[name].parameters if p != "G_prime"}
                assert params == {p.name for p in task.parameters if p.kind != "graph"}, (task.name, name)
        named |= {(dialect, t.certificate) for t in TASKS if t.certificate and dialect == "networkx"}
        unused = {name for name in files if (dialect, name) not in named}
        assert not unused, f"{dialect} templates no task names: {sorted(unused)}"
