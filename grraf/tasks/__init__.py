"""The task registry: everything grraf knows about each task, in one place.

Retrieval (:mod:`grraf.tasks.retrieval`), the plan stage, template choice, the self-check, the
benchmark, drawing and the docs read tasks from here; no other module holds task words.
"""

from __future__ import annotations

from grraf.tasks.catalog import TASKS
from grraf.tasks.model import ANSWER_KINDS, OUTPUTS, AnswerKind, Bench, Output, Param, Sentence, Task

__all__ = [
    "ANSWER_KINDS",
    "OUTPUTS",
    "TASKS",
    "AnswerKind",
    "Bench",
    "Output",
    "Param",
    "Sentence",
    "Task",
    "bench_task",
    "get_task",
    "task_names",
]

_BY_NAME: dict[str, Task] = {task.name: task for task in TASKS}
_BY_BENCH: dict[str, Task] = {task.bench.name: task for task in TASKS if task.bench}
if len(_BY_NAME) != len(TASKS) or len(_BY_BENCH) != sum(1 for t in TASKS if t.bench):
    raise RuntimeError("the task registry names a task or a benchmark task twice")


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


def task_names() -> tuple[str, ...]:
    return tuple(_BY_NAME)
