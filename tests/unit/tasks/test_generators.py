"""The registry's benchmark generators: deterministic, stating exactly their slots, labels of their answer kind."""

from __future__ import annotations

import random

import networkx as nx
import pytest

from grraf.tasks import TASKS, Task
from grraf.tasks.model import Draft, Size

BENCH_TASKS = [task for task in TASKS if task.bench is not None]
# Small graphs of every kind the generators are given (the beyond tasks' first bucket).
SIZE = Size(5, 15, 500, 0.3, 0.6)


def _draw(task: Task, seed: int, index: int = 0) -> Draft:
    assert task.bench is not None
    size = Size(
        SIZE.min_nodes,
        SIZE.max_nodes,
        SIZE.max_edges,
        SIZE.min_ratio,
        SIZE.max_ratio,
        weighted=task.bench.name in {"flow", "shortest"},
        directed=task.directed is True,  # the registry's: directed-only tasks get directed graphs
    )
    rng = random.Random(f"test:{task.name}:{seed}")
    for _ in range(2_000):
        draft = task.bench.generate(rng, size, index)
        if draft is not None:
            return draft
    raise AssertionError(f"{task.name}: no question in 2000 draws")


@pytest.mark.parametrize("task", BENCH_TASKS, ids=lambda t: t.name)
def test_a_seed_gives_the_same_question(task: Task) -> None:
    first, again = _draw(task, 1), _draw(task, 1)
    assert first.text_args == again.text_args and first.label == again.label and first.params == again.params
    assert nx.utils.graphs_equal(first.graph, again.graph)


@pytest.mark.parametrize("task", BENCH_TASKS, ids=lambda t: t.name)
def test_questions_state_exactly_the_slots_and_labels_fit_the_answer_kind(task: Task) -> None:
    assert task.bench is not None
    for seed in range(3):
        draft = _draw(task, seed, index=seed)
        assert set(draft.params) == task.bench.slots, task.name
        label, kind = draft.label, task.bench.answer
        if kind == "yes/no":
            assert isinstance(label, bool)
        elif kind == "number":
            assert isinstance(label, int) and not isinstance(label, bool)
        elif kind == "float":
            assert isinstance(label, float)
        else:  # set or list of node ids
            assert isinstance(label, list) and set(label) <= set(draft.graph.nodes())


def test_bipartite_alternates_graph_families_by_index() -> None:
    (task,) = [t for t in BENCH_TASKS if t.bench is not None and t.bench.name == "bipartite"]
    assert task.bench is not None
    odd = [task.bench.generate(random.Random(f"b{i}"), SIZE, 1) for i in range(20)]
    assert all(d is not None and d.label is True for d in odd)  # drawn from bipartite graphs
    even = [task.bench.generate(random.Random(f"b{i}"), SIZE, 0) for i in range(20)]
    assert any(d is not None and d.label is False for d in even)  # drawn from random graphs
