"""One benchmark question: the record every part of ``grraf bench`` passes around."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Question:
    """One benchmark question.

    Attributes:
        id: stable name, ``<task>-s<seed>-<index>`` (e.g. ``flow-s0-0007``).
        task: one of :data:`ALL_TASKS` (scale questions use ``shortest``).
        text: the question as the LLM sees it (GraphInstruct style: graph inside).
        answer: the label: ``bool`` for yes/no tasks, a number, one valid order (topology) or
            the sorted node ids (k_core).
        meta: ``nodes``, ``edges``, ``bucket``, ``node_range``, ``params`` (source/target/node/k),
            ``set`` (``graphinstruct``, ``beyond``, ``scale`` or ``jsonl``) and for scale questions
            ``graph_path``.
        check: what the checker needs besides the label (topology: ``nodes`` and ``edge_list``).
        graph: the question's NetworkX graph when the generator built it (None for questions read
            from a file and for the scale set, whose graph is loaded from ``graph_path``). Free-
            phrasing questions (``set`` ``free``) do not print it in ``text``: it is given to the
            methods separately. Left out of :meth:`to_dict` and of comparisons.
    """

    id: str
    task: str
    text: str
    answer: Any
    meta: Mapping[str, Any] = field(default_factory=dict)
    check: Mapping[str, Any] = field(default_factory=dict)
    graph: Any = field(default=None, compare=False, repr=False)

    @property
    def graph_given_separately(self) -> bool:
        """The graph is not in the text: the methods receive it as a graph (free and scale sets)."""
        return self.meta.get("set") in ("free", "scale")

    @property
    def answer_text(self) -> str:
        """The label as GraphInstruct writes it, e.g. ``### Yes``."""
        return "### " + format_label(self.answer)

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "task": self.task,
            "text": self.text,
            "answer": self.answer,
            "meta": dict(self.meta),
            "check": dict(self.check),
        }


def format_label(label: Any) -> str:
    """A label as text.

    >>> format_label(True), format_label(7), format_label(2.0), format_label([2, 0, 1])
    ('Yes', '7', '2', '[2, 0, 1]')
    """
    if isinstance(label, bool):
        return "Yes" if label else "No"
    if isinstance(label, float) and label.is_integer():
        return str(int(label))
    return str(label)
