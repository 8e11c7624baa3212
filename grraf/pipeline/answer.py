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


def normalize(value: Any, output_format: str, node: Any = None) -> Any:
    """The executed value in the requested form.

    ``node`` is the node the question is about ("... of node 3"), when it names one: a number
    asked about it may come back as a per-node mapping, and its entry is the answer.

    Raises:
        CodeFailed: the value cannot be read in that form; fed back to the LLM so it can
            return the right kind of value (a cheap check that catches wrong code).

    >>> normalize("yes", "yes/no"), normalize(4.0, "number"), normalize((1, 2), "list")
    (True, 4, [1, 2])
    >>> normalize({3: 0.5}, "number", node=3), normalize({"0": 2, "3": 4}, "number", node=3)
    (0.5, 4)
    """
    if output_format == "number" and isinstance(value, Mapping) and node is not None:
        value = _entry_for(value, node)
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
    if output_format == "list" and isinstance(value, tuple):
        return list(value)
    return value


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


def render(value: Any) -> str:
    """The value as short text.

    >>> render(True), render(7), render([0, 1])
    ('Yes', '7', '[0, 1]')
    """
    if isinstance(value, bool):
        return "Yes" if value else "No"
    if isinstance(value, str):
        return value
    return json.dumps(value, default=str)


def _short(value: Any, limit: int = 120) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def explain(question: str, value: Any, llm: LLMSession) -> str:
    """One natural-language sentence built around the executed value."""
    reply = llm.chat("explain", load_prompt("explain").render(question=question, value=render(value)))
    sentence = reply.strip().splitlines()[0].strip() if reply.strip() else ""
    return sentence or render(value)
