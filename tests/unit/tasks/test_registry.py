"""The task registry: every task written once, completely, and consistent with the benchmark."""

from __future__ import annotations

import re

import pytest

from grraf.bench.specs import ALL_TASKS
from grraf.tasks import ALL_TASKS as REGISTRY
from grraf.tasks import ANSWER_KINDS, OUTPUTS, TASKS, bench_task, get_task, task_names


@pytest.mark.parametrize("task", TASKS, ids=lambda t: t.name)
def test_every_entry_is_complete(task) -> None:
    assert re.fullmatch(r"[a-z][a-z0-9_]*", task.name)
    assert task.summary and len(task.summary) < 130  # shown to the LLM: one short line
    assert len(task.phrasings) >= 2 and len(set(task.phrasings)) == len(task.phrasings)
    assert task.output in OUTPUTS
    names = [p.name for p in task.parameters]
    assert len(names) == len(set(names)) and all(
        p.kind in ("node", "integer", "number", "graph") for p in task.parameters
    )
    if task.output == "yes/no":
        assert task.sentence.yes and task.sentence.no and not task.sentence.value
    else:
        assert "{value}" in task.sentence.value
    # every parameter appears in the sentence, so the sentence says what the value is about
    for param in task.parameters:
        if param.kind != "graph":
            said = task.sentence.value or task.sentence.yes
            assert "{" + param.name + "}" in said, (task.name, param.name)


def test_names_are_unique_and_looked_up() -> None:
    assert len(task_names()) == len(REGISTRY) == len(set(task_names()))
    flow = get_task("max_flow")
    assert flow is not None and flow.bench is not None and flow.bench.name == "flow"
    assert get_task("no_such_task") is None


def test_every_benchmark_task_is_in_the_registry_once() -> None:
    assert sorted(t.bench.name for t in TASKS if t.bench) == sorted(ALL_TASKS)
    for name in ALL_TASKS:
        assert bench_task(name).bench.name == name


def test_each_benchmark_entry_carries_its_generator_and_answer_kind() -> None:
    """The bench, the checkers and the free phrasings read these; no bench module keeps its own lists."""
    for task in TASKS:
        if task.bench is None:
            continue
        assert callable(task.bench.generate) and task.bench.answer in ANSWER_KINDS, task.name
        # The registry's output form and the checker's answer kind agree.
        expected = {"yes/no": {"yes/no"}, "number": {"number", "float"}, "node": {"number"}, "nodes": {"set"}}
        expected |= {"order": {"list"}, "path": {"list"}}
        assert task.bench.answer in expected[task.output], (task.name, task.output, task.bench.answer)
        # Free phrasings fill the parameters the task states: the registry's, except G' (its edges).
        stated = {p.name for p in task.parameters if p.kind != "graph" and p.required}
        assert task.bench.slots - {"pattern"} == stated, task.name


def test_sentences_say_what_the_value_means() -> None:
    flow = get_task("max_flow")
    assert flow.say(13, {"source": 0, "target": 7}, "13") == "The maximum flow from node 0 to node 7 is 13."
    path = get_task("shortest_path")
    assert path.say([0, 5], {"source": 0, "target": 5}, "0 → 5") == "A shortest path from node 0 to node 5 is 0 → 5."
    assert path.say(None, {"source": 0, "target": 5}, "null") == "No path leads from node 0 to node 5."
    cycle = get_task("is_acyclic")
    assert cycle.say(False, {}, "No") == "No: the graph contains a cycle."
    top = get_task("degree_top")
    assert top.say(33, {}, "33") == "Node 33 has the most edges (the highest degree)."
    average = get_task("average_degree")
    assert average.say(4.588, {}, "4.588") == "The average degree is 4.588."
    assert average.say(None, {}, "null") == "The graph has no nodes: no average degree."
    edge = get_task("has_edge")
    assert edge.say(True, {"source": 0, "target": 31}, "Yes") == "Yes: an edge leads directly from node 0 to node 31."
    assert edge.say(False, {"source": 0, "target": 33}, "No") == "No: no edge leads directly from node 0 to node 33."
    # a count read the same for 0, 1 or many nodes; k is a number, not a node
    above = get_task("degree_above_count")
    assert above.say(3, {"k": 10}, "3") == "The number of nodes with degree greater than 10 is 3."
    assert above.say(1, {"k": 16}, "1") == "The number of nodes with degree greater than 16 is 1."
    assert above.say(0, {"k": 17}, "0") == "The number of nodes with degree greater than 17 is 0."
    least = get_task("degree_at_least_count")
    assert least.say(4, {"k": 10}, "4") == "The number of nodes with degree 10 or more is 4."
    assert least.say(0, {"k": 18}, "0") == "The number of nodes with degree 18 or more is 0."


def test_tasks_are_frozen_and_shared_safely() -> None:
    task = get_task("max_flow")
    with pytest.raises(AttributeError):
        task.name = "x"  # type: ignore[misc]
    with pytest.raises(TypeError):
        task.templates["networkx"] = ("y",)  # type: ignore[index]
