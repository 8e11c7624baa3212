"""Score an answer against a question's label, robust to the prose LLMs wrap answers in.

The answer readers are in :mod:`grraf.bench.answers`; which one a question needs is its task's
answer kind.
"""

from __future__ import annotations

from typing import Any

from grraf.bench.answers import (
    FLOAT_ABS_TOL,
    is_topological_order,
    numbers_match,
    parse_int_list,
    parse_number,
    parse_yes_no,
    same_node_set,
)
from grraf.bench.property.questions import check_property
from grraf.bench.question import Question
from grraf.bench.specs import answer_kind


def check(question: Question, answer: Any) -> bool:
    """Is ``answer`` (an executed value or an answer text) right for ``question``?"""
    task = question.task
    if task == "property":  # questions about property graphs name entities: their own checkers
        return check_property(question, answer)
    kind = answer_kind(task)  # the task registry's, through its benchmark entry
    if kind == "yes/no":
        got = parse_yes_no(answer)
        return got is not None and got == bool(question.answer)
    if kind == "float":
        return numbers_match(parse_number(answer), float(question.answer), rel_tol=0, abs_tol=FLOAT_ABS_TOL)
    if kind == "number":
        return numbers_match(parse_number(answer), float(question.answer))
    if kind == "set":
        return same_node_set(parse_int_list(answer), question.answer)
    order = parse_int_list(answer)  # "list": an order, checked against the graph
    if order is None:
        return False
    nodes = question.check.get("nodes")
    edges = question.check.get("edge_list")
    if nodes is None or edges is None:
        # Without the graph only the stored order can be compared.
        return list(order) == list(question.answer)
    return is_topological_order(order, int(nodes), edges)
