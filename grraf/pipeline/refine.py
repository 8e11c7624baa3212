"""Stage "refine": the question P becomes P' plus structured facts (GRRAF 3.1).

The LLM names the task, the output form and the parameters; what can be known without
it is taken deterministically: directedness and weights from the store's schema, an
explicit "Yes or No" from the text, "from node 2 to node 6" parameters. Small models
get these wrong often enough that the deterministic facts win.
"""

from __future__ import annotations

import re
from typing import Any

from grraf.llm.calls import LLMSession
from grraf.prompts import load_prompt
from grraf.types import Refined, Schema

OUTPUT_FORMATS = ("yes/no", "number", "list", "text")

_YES_NO_TEXT = re.compile(r"\byes or no\b|\b(?:true|yes) or (?:false|no)\b", re.IGNORECASE)
_YES_NO_START = re.compile(r"^\s*(is|are|does|do|can|has|have|was|were|will)\b", re.IGNORECASE)
_NUMBER_WORDS = re.compile(
    r"\b(how many|how much|number of|maximum|minimum|max|min|weight|length|distance|degree|flow|sum|count|"
    r"diameter|radius|eccentricity|average|mean|coefficient|density|girth|size)\b",
    re.IGNORECASE,
)
# An ask opening with one of these wants a value, never a yes or no.
_WH_START = re.compile(r"^\s*(what|what's|which|who|how|find|give|list|compute|calculate|return)\b", re.IGNORECASE)
_LIST_WORDS = re.compile(r"\b(which|list|order|sorting|path\b(?! between)|sequence|nodes that)\b", re.IGNORECASE)
_FROM_TO = re.compile(r"\bfrom node\s+(\w+)\s+to node\s+(\w+)", re.IGNORECASE)
_BETWEEN = re.compile(r"\bbetween node\s+(\w+)\s+and node\s+(\w+)", re.IGNORECASE)
_OF_NODE = re.compile(r"\b(?:of|for) node\s+(\w+)", re.IGNORECASE)
_NOTATION = {"i", "j", "k"}
# "the k-core for k = 3", "the 3-core": k is a number the question states, like a node id.
_K_VALUE = re.compile(r"\bk\s*=\s*(\d+)\b|\b(\d+)-core\b", re.IGNORECASE)
_LINE = re.compile(r"^\s*[-*]?\s*(task|output|parameters|question)\s*[:=]\s*(.*)$", re.IGNORECASE | re.MULTILINE)


def _scalar(text: str) -> Any:
    """An int when the text is one, else the stripped text.

    >>> _scalar(" 7 "), _scalar("a")
    (7, 'a')
    """
    text = text.strip().strip("'\"")
    try:
        return int(text)
    except ValueError:
        return text


def parameters_from_text(question: str) -> dict[str, Any]:
    """Source/target or node parameters stated in plain words.

    >>> parameters_from_text("What is the maximum flow from node 2 to node 6?")
    {'source': 2, 'target': 6}
    >>> parameters_from_text("What is the in-degree of node 4?")
    {'node': 4}
    >>> parameters_from_text("(i->j) is an edge from node i to node j. What is the flow from node 0 to node 5?")
    {'source': 0, 'target': 5}
    >>> parameters_from_text("(i->j) goes from node i to node j. What is the in-degree of node 4?")
    {'node': 4}
    >>> parameters_from_text("(i->j) is an edge from node i to node j. Is this graph bipartite?")
    {}
    >>> parameters_from_text("Which nodes are in the k-core of this graph for k = 3?")
    {'k': 3}
    """
    # The last mention wins, whichever form it takes: benchmark prompts explain their notation
    # first ("an edge from node i to node j") and ask the real question at the end.
    found: list[tuple[int, dict[str, Any]]] = []
    # Notation letters ("from node i to node j") explain the format; they are never the ask.
    for pattern in (_FROM_TO, _BETWEEN):
        found += [
            (m.start(), {"source": _scalar(m.group(1)), "target": _scalar(m.group(2))})
            for m in pattern.finditer(question)
            if not {m.group(1), m.group(2)} & _NOTATION
        ]
    found += [
        (m.start(), {"node": _scalar(m.group(1))}) for m in _OF_NODE.finditer(question) if m.group(1) not in _NOTATION
    ]
    stated = dict(max(found, key=lambda item: item[0])[1]) if found else {}
    k_values = [int(m.group(1) or m.group(2)) for m in _K_VALUE.finditer(question)]
    if k_values:
        stated["k"] = k_values[-1]
    return stated


def ask_sentence(question: str) -> str | None:
    """The last sentence that asks something (ends with '?'), or None when none does.

    >>> ask_sentence("Edges: (0, 1) (1, 2). Is there a cycle? The graph is undirected.")
    'Is there a cycle?'
    >>> ask_sentence("Give one topological order of this graph.") is None
    True
    """
    asks = [s for s in re.split(r"(?<=[.?!])\s+", question.strip()) if s.endswith("?")]
    return asks[-1] if asks else None


def output_format_from_text(question: str) -> str | None:
    """The output form when the question's words settle it, else None.

    >>> output_format_from_text("Is there a cycle in this graph?")
    'yes/no'
    >>> output_format_from_text("Give the weight of the shortest path from node 1 to node 3.")
    'number'
    >>> output_format_from_text("What is the radius of this graph?")
    'number'
    """
    sentences = re.split(r"(?<=[.?!])\s+", question.strip())
    last = ask_sentence(question) or (sentences or [""])[-1]
    if _YES_NO_TEXT.search(question) or _YES_NO_START.search(last):
        return "yes/no"
    if re.search(r"\btopolog", question, re.IGNORECASE):
        return "list"
    if _NUMBER_WORDS.search(last):
        return "number"
    if _LIST_WORDS.search(last):
        return "list"
    return None


def _parse_parameters(text: str) -> dict[str, Any]:
    if text.strip().lower() in {"", "none", "n/a", "-"}:
        return {}
    params: dict[str, Any] = {}
    for part in re.split(r"[,;]\s*", text):
        key, sep, value = part.partition("=")
        if not sep:
            key, sep, value = part.partition(":")
        key = re.sub(r"\W+", "_", key.strip().lower()).strip("_")
        if sep and key:
            params[key] = _scalar(value)
    return params


def parse_refine_reply(reply: str) -> dict[str, str]:
    """The ``key: value`` lines of the refine reply (later keys win)."""
    return {key.lower(): value.strip() for key, value in _LINE.findall(reply)}


def graph_facts(schema: Schema) -> str:
    """A one-line description of the graph for prompts: kind and size, never its contents."""
    kind = {True: "directed", False: "undirected", None: "unknown-direction"}[schema.directed]
    weighted = f", edge weights in '{schema.weight_property}'" if schema.weight_property else ", unweighted"
    size = (
        f"{schema.node_count} nodes and {schema.edge_count} edges" if schema.node_count is not None else "size unknown"
    )
    return f"{kind}{weighted}, {size}"


def refine(question: str, schema: Schema, llm: LLMSession) -> Refined:
    """Rewrite ``question`` into P' and extract task facts."""
    reply = llm.chat("refine", load_prompt("refine").render(question=question, graph_facts=graph_facts(schema)))
    fields = parse_refine_reply(reply)
    task = re.sub(r"\W+", "_", fields.get("task", "").lower()).strip("_") or "unknown"
    output = output_format_from_text(question)
    if output is None:
        stated = fields.get("output", "").lower().replace(" ", "")
        output = next((f for f in OUTPUT_FORMATS if f.replace(" ", "") == stated or stated.startswith(f[:3])), "text")
        # The 1.5B model calls "What is the radius of this graph?" a yes/no question; the number the
        # code computed would then be read as True. A wh-question is taken as it comes instead.
        ask = ask_sentence(question) or question
        if output == "yes/no" and _WH_START.search(ask):
            output = "text"
    parameters = {**_parse_parameters(fields.get("parameters", "")), **parameters_from_text(question)}
    rewritten = fields.get("question", "").strip()
    # P' must keep the question's node ids; a rewrite that lost them is worse than none.
    # It must still ask something when the question did: the 1.5B model sometimes echoes the
    # graph sentence ("The nodes are numbered from 0 to 10, and the edges are: .") and drops the ask.
    # The ask itself then stands in for P': given the whole benchmark text instead, the same model
    # tried to rebuild the graph from its (removed) edge list, and every attempt was refused.
    ask_only = ask_sentence(question)
    lost_ask = ask_only is not None and "?" not in rewritten
    if not rewritten or lost_ask or any(str(v) not in rewritten for v in parameters_from_text(question).values()):
        rewritten = ask_only or question
    return Refined(
        question=rewritten,
        task=task,
        directed=schema.directed,
        weighted=schema.weight_property is not None if schema.node_count is not None else None,
        output_format=output,
        parameters=parameters,
    )
