"""Stage "answer": normalise the executed value to the requested form, and say it in a sentence."""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping
from typing import Any

from grraf.errors import CodeFailed
from grraf.llm.calls import LLMSession
from grraf.prompts import load_prompt
from grraf.types import Plan

_YES = {"yes", "true", "y"}
_NO = {"no", "false", "n"}
_NUMBER = re.compile(r"^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$")


def as_yes_no(value: Any) -> bool | None:
    """True/False for values that clearly mean yes/no, else None.

    >>> as_yes_no(True), as_yes_no("No"), as_yes_no(1), as_yes_no("node")
    (True, False, True, None)
    """
    if isinstance(value, bool):
        return value
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    if isinstance(value, str):
        word = value.strip().strip(".!").lower()
        if word in _YES:
            return True
        if word in _NO:
            return False
    return None


def as_number(value: Any) -> int | float | None:
    """An int (for integral values) or float, else None.

    >>> as_number(3.0), as_number("2.5"), as_number(True), as_number("x")
    (3, 2.5, None, None)
    """
    if isinstance(value, bool):
        return None
    if isinstance(value, (list, tuple)) and len(value) == 1:
        return as_number(value[0])
    if isinstance(value, str) and _NUMBER.match(value.strip()):
        value = float(value)
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        if math.isfinite(value) and value == int(value):
            return int(value)
        return value
    return None


def normalize(
    value: Any, output_format: str, node: Any = None, *, missing_ok: bool = False, ranked: bool = False
) -> Any:
    """The executed value in the requested form.

    ``node`` is the node the question is about ("... of node 3"), when it names one: a number
    asked about it may come back as a per-node mapping, and its entry is the answer.
    ``missing_ok``: nothing (None, or an empty path) is an answer here ("no connection exists"),
    for a verified template whose task says so.
    ``ranked``: the answer is the top of a ranking ("which has the most"), so no node is no answer.

    Raises:
        CodeFailed: the value cannot be read in that form; fed back to the LLM so it can
            return the right kind of value (a cheap check that catches wrong code).

    >>> normalize("yes", "yes/no"), normalize(4.0, "number"), normalize((1, 2), "path")
    (True, 4, [1, 2])
    >>> normalize({3: 0.5}, "number", node=3), normalize({"0": 2, "3": 4}, "number", node=3)
    (0.5, 4)
    >>> normalize({2, 0, 1}, "nodes"), normalize([7], "node")
    ([0, 1, 2], 7)
    >>> normalize([1961], "value"), normalize(["London", "Paris"], "value"), normalize(None, "number", missing_ok=True)
    (1961, ['London', 'Paris'], None)
    >>> normalize([], "value")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    grraf.errors.CodeFailed: `answer` is empty: nothing in the data matched. ...
    """
    if output_format == "number" and isinstance(value, Mapping) and node is not None:
        value = _entry_for(value, node)
    if missing_ok and (value is None or (output_format == "path" and value == [])):
        return None
    if output_format == "value":
        # a property of the named node(s): one value, or one per node when a name fits several
        if isinstance(value, (list, tuple)) and len(value) == 1:
            value = value[0]
        if value is None:
            raise CodeFailed("`answer` is None. Set `answer` to the value the question asks for.")
        if isinstance(value, (list, tuple)) and not value:
            # Nothing matched: the named relationship or property is not in the data. An empty
            # value answers nothing ("The distance_km of (Edinburgh)-[:ROUTE]->(Seoul): []" was
            # flagged verified for a trip with a change, property batch 6).
            raise CodeFailed(
                "`answer` is empty: nothing in the data matched. Look the value up another way, "
                "or compute it along the path the question describes."
            )
        return list(value) if isinstance(value, tuple) else value
    if value is None:
        raise CodeFailed("`answer` is None. Set `answer` to the result of the computation.")
    if output_format == "yes/no":
        flag = as_yes_no(value)
        if flag is None:
            raise CodeFailed(
                f"The question asks for yes or no, but `answer` is {_short(value)}. Set answer to True or False."
            )
        return flag
    if output_format == "number":
        if isinstance(value, bool):
            # int(True) would pass; "how many bridges" answered by has_bridges() is the usual cause.
            raise CodeFailed(
                f"The question asks for a number, but `answer` is {value}, a yes/no result: the code "
                "checks whether something exists instead of counting or measuring it. Compute the number itself."
            )
        number = as_number(value)
        if number is None:
            raise CodeFailed(
                f"The question asks for a number, but `answer` is {_short(value)}. Set answer to a number."
            )
        return number
    if output_format == "node":
        if isinstance(value, (list, tuple, set, frozenset)) and len(value) == 1:
            value = next(iter(value))
        if isinstance(value, (bool, list, tuple, set, frozenset, Mapping)):
            raise CodeFailed(f"The question asks for one node, but `answer` is {_short(value)}. Set answer to a node.")
        return value
    if output_format in ("nodes", "path", "order"):
        if not isinstance(value, (list, tuple, set, frozenset)):
            raise CodeFailed(
                f"The question asks for a list of nodes, but `answer` is {_short(value)}. Set answer to a list."
            )
        if ranked and not value:
            # "Of Ridley Scott's films, which has the most cast members listed?" ranked the films he
            # acted in, found none, and the empty answer was flagged verified (property batch 16).
            raise CodeFailed(
                "`answer` is empty: the question asks which one ranks first, and nothing in the data matched. "
                "Check the relationship types and directions the question speaks of."
            )
        if output_format == "nodes":  # a set: any order, so a canonical one
            return sorted(set(value), key=_node_order)
        return list(value)
    if output_format == "list" and isinstance(value, (tuple, set, frozenset)):
        return sorted(value, key=_node_order) if isinstance(value, (set, frozenset)) else list(value)
    return value


def _node_order(node: Any) -> tuple[int, Any]:
    """Numbers first in numeric order, then everything else by its text."""
    if isinstance(node, (int, float)) and not isinstance(node, bool):
        return (0, node)
    return (1, str(node))


def _entry_for(mapping: Mapping[Any, Any], node: Any) -> Any:
    """``mapping[node]`` for a per-node result, else the mapping unchanged (and refused later).

    networkx answers "the clustering of node 3" as ``{3: 0.5}`` when given ``[3]``, and
    ``nx.eccentricity(G)`` gives every node's value; the entry of the node the question names is
    the number it asks for. Keys are compared as text too, because values that crossed the
    sandbox as JSON have string keys. Any other mapping is left for the LLM to fix.
    """
    for key in (node, str(node)):
        if key in mapping:
            return mapping[key]
    return mapping


def render(value: Any, output: str = "text") -> str:
    """The value as short text; a path or an order as ``0 → 3 → 5``.

    >>> render(True), render(7), render([0, 1]), render([0, 3, 5], "path"), render(0.333333333333)
    ('Yes', '7', '[0, 1]', '0 → 3 → 5', '0.333333')
    """
    if isinstance(value, bool):
        return "Yes" if value else "No"
    if isinstance(value, str):
        return value
    if isinstance(value, float):
        return f"{value:.6g}"
    if output in ("path", "order") and isinstance(value, list):
        return " → ".join(str(v) for v in value)
    return json.dumps(value, default=str)


def say(plan: Plan, value: Any) -> str | None:
    """The registry's sentence for the plan's task, which states what the value means; None
    for a plan without a task."""
    from grraf.tasks import get_task

    task = get_task(plan.task) if plan.task else None
    if task is None:
        return None
    return task.say(value, plan.parameters, render(value, task.output))


def _short(value: Any, limit: int = 120) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def explain(question: str, value: Any, llm: LLMSession) -> str:
    """One natural-language sentence built around the executed value (for plans without a task,
    whose meaning no registry sentence states)."""
    reply = llm.chat("explain", load_prompt("explain").render(question=question, value=render(value)))
    sentence = reply.strip().splitlines()[0].strip() if reply.strip() else ""
    return sentence or render(value)
