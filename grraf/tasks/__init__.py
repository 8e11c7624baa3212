"""The task registry: everything grraf knows about each task, in one place.

Retrieval (:mod:`grraf.tasks.retrieval`), the plan stage, template choice, the self-check, the
benchmark, drawing and the docs read tasks from here; no other module holds task words.

Two catalogues: :data:`TASKS`, questions about a graph's structure (nodes by id, paths, flows,
cycles), and :data:`PROPERTY_TASKS`, questions about a property graph's data (nodes named by
their property values). Both are looked up by name here; retrieval keeps an index per catalogue,
since a question is asked of one kind of store or the other.
"""

from __future__ import annotations

from grraf.tasks.catalog import CONFUSABLE, TASKS
from grraf.tasks.model import ANSWER_KINDS, OUTPUTS, AnswerKind, Bench, Output, Param, Sentence, Task
from grraf.tasks.property_catalog import PROPERTY_TASKS

__all__ = [
    "ALL_TASKS",
    "CONFUSABLE",
    "ANSWER_KINDS",
    "OUTPUTS",
    "PROPERTY_TASKS",
    "TASKS",
    "AnswerKind",
    "Bench",
    "Output",
    "Param",
    "Sentence",
    "Task",
    "bench_task",
    "get_task",
    "negations_of",
    "task_names",
]

#: Every task of the registry, both catalogues.
ALL_TASKS: tuple[Task, ...] = TASKS + PROPERTY_TASKS
_BY_NAME: dict[str, Task] = {task.name: task for task in ALL_TASKS}
_BY_BENCH: dict[str, Task] = {task.bench.name: task for task in ALL_TASKS if task.bench}
if len(_BY_NAME) != len(ALL_TASKS) or len(_BY_BENCH) != sum(1 for t in ALL_TASKS if t.bench):
    raise RuntimeError("the task registry names a task or a benchmark task twice")
if any(t.property_graph for t in TASKS) or not all(t.property_graph for t in PROPERTY_TASKS):
    raise RuntimeError("a task is in the wrong catalogue (property_graph marks the property-graph ones)")


def get_task(name: str) -> Task | None:
    """The task called ``name``, or None.

    >>> get_task("max_flow").output
    'number'
    """
    return _BY_NAME.get(name)


def bench_task(bench_name: str) -> Task | None:
    """The task the benchmark calls ``bench_name`` (``flow`` -> ``max_flow``), or None.

    >>> bench_task("flow").name
    'max_flow'
    """
    return _BY_BENCH.get(bench_name)


def negations_of(task: Task) -> list[Task]:
    """The tasks that answer the negation of ``task`` (``not_connected`` for ``connectivity``).

    >>> [t.name for t in negations_of(get_task("connectivity"))], negations_of(get_task("max_flow"))
    (['not_connected'], [])
    """
    return [t for t in TASKS if t.negates == task.name]


def task_names() -> tuple[str, ...]:
    return tuple(_BY_NAME)
