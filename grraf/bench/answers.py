"""Reading answers: yes/no, numbers and node lists out of the prose LLMs wrap them in.

The readers are pure and prefer, in order: a value that already has the right type
(``True``, ``10``, ``[0, 2, 1]``), the text after the last ``###`` (GraphInstruct's answer
marker), an "the answer is X" phrase, and finally the whole text. :mod:`grraf.bench.checkers`
and the property questions' checkers (:mod:`grraf.bench.property.questions`) both use them.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from typing import Any

_YES = {"yes", "true", "y"}
_NO = {"no", "false", "n"}
_WORD_RE = re.compile(r"\b(yes|no|true|false)\b", re.IGNORECASE)
_ANSWER_IS_RE = re.compile(r"\banswer(?:\s+is)?\s*[:=]?\s*(.*)", re.IGNORECASE | re.DOTALL)
_UNSURE_RE = re.compile(
    r"\b(?:don'?t know|do not know|unknown|unsure|not sure|cannot (?:be )?determine|can't determine|"
    r"could not (?:be )?(?:determine|verif\w*|comput\w*)|unable to)\b",
    re.IGNORECASE,
)
_NEGATION_RE = re.compile(
    r"\b(?:not|never|cannot|can't|isn't|aren't|doesn't|don't|didn't|wasn't|hasn't|haven't|neither|nor|nothing|"
    r"unreachable|disconnected|no)\b",
    re.IGNORECASE,
)
_AFFIRM_RE = re.compile(
    r"\b(?:is|are|exists?|has|have|there'?s|can|does|contains?|reachable|connected|bipartite|acyclic|present)\b",
    re.IGNORECASE,
)
_NUMBER_RE = re.compile(r"(?<![\w.])[-+]?(?:\d+(?:,\d{3})*(?:\.\d+)?|\.\d+)(?:[eE][-+]?\d+)?")
_IS_NUMBER_RE = re.compile(
    r"\b(?:is|equals?|of|=|:)\s*[-+]?(?=\d|\.\d)(\d+(?:,\d{3})*(?:\.\d+)?(?:[eE][-+]?\d+)?)", re.IGNORECASE
)
_LIST_RE = re.compile(r"\[([^\[\]]*)\]")
_INT_RE = re.compile(r"-?\d+")

# Fractional labels (clustering, average path length) are exact floats from code, but a model
# that works in prose rounds them, typically to three decimals: half a unit of the third decimal
# is accepted, absolutely (a relative tolerance would be loose for the larger average path
# lengths). A triangle miscounted still fails (it moves a clustering coefficient by
# 2/(d(d-1)) >= 1/561 here), and so does one pair's distance off by one (1/595 on 35 nodes).
FLOAT_ABS_TOL = 5e-4


def final_segment(text: str) -> str:
    """The part of ``text`` after the last ``###`` (the whole text when there is none).

    >>> final_segment("Reasoning... ### Yes.")
    'Yes.'
    >>> final_segment("no marker")
    'no marker'
    >>> final_segment("### 3 ### 10 units")
    '10 units'
    """
    if "###" in text:
        tail = text.rsplit("###", 1)[1].strip()
        if tail:
            return tail
    return text.strip()


def _explicit_yes_no(segment: str, *, first: bool) -> bool | None:
    words = [m.group(1).lower() for m in _WORD_RE.finditer(segment)]
    if not words:
        return None
    word = words[0] if first else words[-1]
    return word in _YES


def parse_yes_no(answer: Any) -> bool | None:
    """Read a yes/no answer; None when it says neither.

    Explicit words win (``yes``/``no``/``true``/``false`` as whole words, so "node", "not"
    and "none" are never read as "no"); after ``###`` or "the answer is" the first such word
    counts, elsewhere the last. Without one, a sentence with a negation means No
    ("node 5 is not reachable") and a plain statement means Yes; uncertainty means None.

    >>> parse_yes_no("### Yes"), parse_yes_no("### No."), parse_yes_no(True), parse_yes_no("False")
    (True, False, True, False)
    >>> parse_yes_no("node 5 is not reachable from node 1")
    False
    >>> parse_yes_no("None") is None, parse_yes_no("") is None, parse_yes_no(None) is None
    (True, True, True)
    >>> parse_yes_no("Node 3 and node 4 are connected.")
    True
    >>> parse_yes_no("I could not determine whether the graph is bipartite") is None
    True
    >>> parse_yes_no("Yes. Node 3 has no outgoing edges, so a path exists. ### Yes")
    True
    """
    if isinstance(answer, bool):
        return answer
    if answer is None:
        return None
    if isinstance(answer, int | float):
        return None if isinstance(answer, float) and math.isnan(answer) else bool(answer)
    if isinstance(answer, dict):
        for key in ("answer", "value", "result"):
            if key in answer:
                return parse_yes_no(answer[key])
        return None
    text = str(answer).strip()
    if not text:
        return None
    if "###" in text:
        found = _explicit_yes_no(final_segment(text), first=True)
        if found is not None:
            return found
    match = _ANSWER_IS_RE.search(text)
    if match:
        found = _explicit_yes_no(match.group(1), first=True)
        if found is not None:
            return found
    head = re.match(r"\s*[*_\"'`(]*\s*(yes|no|true|false)\b", text, re.IGNORECASE)
    if head:
        return head.group(1).lower() in _YES
    found = _explicit_yes_no(text, first=False)
    if found is not None:
        return found
    if _UNSURE_RE.search(text):
        return None
    if _NEGATION_RE.search(text):
        return False
    if _AFFIRM_RE.search(text):
        return True
    return None


def _to_float(token: str) -> float | None:
    try:
        return float(token.replace(",", ""))
    except ValueError:
        return None


def parse_number(answer: Any) -> float | None:
    """Read a numeric answer; None when there is no number.

    >>> parse_number("### 10"), parse_number("10 units"), parse_number("### 10."), parse_number(7)
    (10.0, 10.0, 10.0, 7.0)
    >>> parse_number("The maximum flow from node 0 to node 2 is 10 units.")
    10.0
    >>> parse_number("The shortest path weight is 7 (path 0->3->5).")
    7.0
    >>> parse_number("None") is None, parse_number(True) is None
    (True, True)
    >>> parse_number("1,234.5")
    1234.5
    """
    if isinstance(answer, bool) or answer is None:
        return None
    if isinstance(answer, int | float):
        return float(answer)
    if isinstance(answer, dict):
        for key in ("answer", "value", "result"):
            if key in answer:
                return parse_number(answer[key])
        return None
    if isinstance(answer, list | tuple):
        return parse_number(answer[0]) if len(answer) == 1 else None
    text = str(answer).strip()
    if "###" in text:
        m = _NUMBER_RE.search(final_segment(text))
        if m:
            return _to_float(m.group())
    match = _ANSWER_IS_RE.search(text)
    if match:
        said = _IS_NUMBER_RE.findall(match.group(1))  # "the answer for node 3 is 5"
        m = _NUMBER_RE.search(match.group(1))
        if said or m:
            return _to_float(said[0] if said else m.group())  # type: ignore[union-attr]
    numbers = _NUMBER_RE.findall(text)
    if len(numbers) == 1:
        return _to_float(numbers[0])
    # "... is 7 (path 0->3->5)": the number right after "is" is the claim; node ids come
    # earlier ("from node 0 to node 2 is 10"), so take the last such phrase.
    said = _IS_NUMBER_RE.findall(text)
    if said:
        return _to_float(said[-1])
    return _to_float(numbers[-1]) if numbers else None


def numbers_match(got: float | None, expected: float, *, rel_tol: float = 1e-6, abs_tol: float = 1e-9) -> bool:
    """Equal within a relative tolerance (and a tiny absolute one for zero).

    >>> numbers_match(10.0000001, 10), numbers_match(9.9, 10), numbers_match(None, 1)
    (True, False, False)
    >>> numbers_match(0.167, 1 / 6, rel_tol=0, abs_tol=FLOAT_ABS_TOL)
    True
    """
    if got is None or math.isnan(got):
        return False
    return math.isclose(got, float(expected), rel_tol=rel_tol, abs_tol=abs_tol)


def parse_int_list(answer: Any) -> list[int] | None:
    """Read a list of node ids: the last bracketed list, else every integer in the final segment.

    >>> parse_int_list("### [0, 1, 2, 3]."), parse_int_list("Order: 2 -> 0 -> 1"), parse_int_list([3, 1])
    ([0, 1, 2, 3], [2, 0, 1], [3, 1])
    >>> parse_int_list("### [[4, 2, 0]]")
    [4, 2, 0]
    >>> parse_int_list("no idea") is None
    True
    """
    if answer is None or isinstance(answer, bool):
        return None
    if isinstance(answer, list | tuple):
        if len(answer) == 1 and isinstance(answer[0], list | tuple):
            return parse_int_list(answer[0])
        try:
            return [int(x) for x in answer]
        except (TypeError, ValueError):
            return None
    if isinstance(answer, dict):
        for key in ("answer", "value", "result", "order"):
            if key in answer:
                return parse_int_list(answer[key])
        return None
    segment = final_segment(str(answer))
    lists = [inner for inner in _LIST_RE.findall(segment) if _INT_RE.search(inner)]
    source = lists[-1] if lists else segment
    ints = [int(x) for x in _INT_RE.findall(source)]
    return ints or None


def same_node_set(got: Sequence[int] | None, expected: Iterable[int]) -> bool:
    """``got`` names exactly the nodes of ``expected``, each once, in any order.

    >>> same_node_set([4, 0, 2], [0, 2, 4]), same_node_set([0, 2], [0, 2, 4]), same_node_set([0, 0, 2], [0, 2])
    (True, False, False)
    >>> same_node_set(None, [1])
    False
    """
    if got is None:
        return False
    # A repeated node means the answer is not a clean set: wrong, as in topology.
    return len(got) == len(set(got)) and set(got) == set(expected)


def is_topological_order(order: Sequence[int], nodes: int | Iterable[int], edges: Iterable[Sequence[int]]) -> bool:
    """``order`` lists every node exactly once and puts each edge's source before its target.

    >>> is_topological_order([0, 2, 1], 3, [(0, 1), (2, 1)]), is_topological_order([1, 0, 2], 3, [(0, 1)])
    (True, False)
    >>> is_topological_order([0, 1], 3, [])
    False
    """
    node_set = set(range(nodes)) if isinstance(nodes, int) else set(nodes)
    if len(order) != len(node_set) or set(order) != node_set:
        return False
    position = {node: i for i, node in enumerate(order)}
    return all(position[u] < position[v] for u, v in edges)
