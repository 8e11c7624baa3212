"""GraphInstruct-style benchmark files: one JSON object per line, read as questions.

Each line needs ``input_prompt`` or ``question`` and ``answer`` (``"### 10"``); the task comes
from a ``task`` field, the caller, or the prompt's wording (:func:`infer_task`).
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

from grraf.bench.question import Question
from grraf.bench.specs import answer_kind, parse_tasks
from grraf.errors import GraphInputError

_TASK_HINTS: tuple[tuple[str, str], ...] = (
    # The beyond tasks first: their prompts also say "shortest path" or "connected". Radius
    # comes before eccentricity, which its prompt explains.
    ("k-core", "k_core"),
    ("pagerank", "pagerank"),
    ("clustering coefficient", "clustering"),
    ("maximum matching", "max_matching"),
    ("diameter", "diameter"),
    ("radius", "radius"),
    ("bridges", "bridges"),
    ("articulation point", "articulation_points"),
    ("average shortest path length", "average_path"),
    ("eccentricity", "eccentricity"),
    ("in-degree", "in_degree"),
    ("out-degree", "out_degree"),
    ("maximum flow", "flow"),
    ("hamiltonian path", "hamilton"),
    ("topology sorting", "topology"),
    ("topological", "topology"),
    ("bipartite", "bipartite"),
    ("three interconnected nodes", "triplet"),
    ("subgraph g'", "substructure"),
    ("substructure", "substructure"),
    ("shortest path", "shortest"),
    ("is there a cycle", "cycle"),
    ("cycle in", "cycle"),
    ("is there a path between", "connectivity"),
    ("connected", "connectivity"),
)


def infer_task(text: str) -> str | None:
    """Guess the GraphInstruct task from a prompt's wording.

    >>> infer_task("What is the maximum flow from node 0 to node 2?")
    'flow'
    >>> infer_task("Is there a path between node 1 and node 4?")
    'connectivity'
    >>> infer_task("What is the average shortest path length of this graph?")
    'average_path'
    >>> infer_task("hello") is None
    True
    """
    low = text.lower()
    for hint, task in _TASK_HINTS:
        if hint in low:
            return task
    return None


_NUM_RE = re.compile(r"-?\d+(?:\.\d+)?")


def parse_label(task: str, raw: Any) -> Any:
    """A GraphInstruct answer (``"### 10"``, ``"### Yes"``, ``"### [[0, 2, 1]]"``) as a label.

    >>> parse_label("flow", "### 10"), parse_label("cycle", "### No."), parse_label("topology", "### [[2, 0, 1]]")
    (10, False, [2, 0, 1])
    >>> parse_label("k_core", "### [0, 3, 4]"), parse_label("clustering", "### 0.3333333333333333")
    ([0, 3, 4], 0.3333333333333333)
    """
    if not isinstance(raw, str):
        return raw
    text = raw.rsplit("###", 1)[-1].strip()
    kind = answer_kind(task)
    if kind == "yes/no":
        low = text.lower()
        if low.startswith("yes"):
            return True
        if low.startswith("no"):
            return False
        raise GraphInputError("answer is not Yes or No", source="jsonl", found=raw)
    if kind in ("list", "set"):
        inner = re.findall(r"\[([^\[\]]*)\]", text)
        return [int(x) for x in _NUM_RE.findall(inner[0] if inner else text)]
    match = _NUM_RE.search(text)
    if not match:
        raise GraphInputError("answer has no number", source="jsonl", found=raw)
    value = float(match.group())
    return int(value) if value.is_integer() else value


_EDGE_RE = re.compile(r"\((\d+)\s*(?:->|,)\s*(\d+)")


def _topology_check(text: str) -> dict[str, Any]:
    # For the published split the checker needs the graph: read it back from the prompt.
    body = text.split("the edges are:", 1)[-1]
    edges = [[int(a), int(b)] for a, b in _EDGE_RE.findall(body)]
    m = re.search(r"numbered from (\d+) to (\d+)", text)
    nodes = int(m.group(2)) + 1 if m else 1 + max((max(e) for e in edges), default=-1)
    return {"nodes": nodes, "edge_list": edges}


def load_jsonl(path: str | os.PathLike[str], *, task: str | None = None) -> list[Question]:
    """Read a GraphInstruct-style benchmark file (one JSON object per line).

    Each line needs ``input_prompt`` or ``question`` and ``answer`` (``"### 10"``); the task
    comes from a ``task`` field, the ``task`` argument, or the prompt's wording.

    Raises:
        GraphInputError: a line is not JSON, lacks fields, or its task cannot be told.
    """
    p = Path(path)
    out: list[Question] = []
    try:
        lines = p.read_text(encoding="utf-8").splitlines()
    except OSError as e:
        raise GraphInputError(f"cannot read benchmark file: {e}", source=str(p)) from e
    for lineno, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except json.JSONDecodeError as e:
            raise GraphInputError("not a JSON object", source=str(p), line=lineno, found=line) from e
        text = row.get("input_prompt") or row.get("question")
        if not text or "answer" not in row:
            raise GraphInputError(
                "missing fields", source=str(p), line=lineno, expected="input_prompt/question and answer"
            )
        name = row.get("task") or task or infer_task(text)
        if name is None:
            raise GraphInputError("cannot tell the task; add a 'task' field", source=str(p), line=lineno)
        name = parse_tasks(str(name).removesuffix("_test"))[0]
        label = parse_label(name, row["answer"])
        check = _topology_check(text) if answer_kind(name) == "list" else {}
        m = re.search(r"numbered from (\d+) to (\d+)", text)
        nodes = int(m.group(2)) + 1 if m else None
        ident = f"{name}-{p.stem}-{row.get('index', lineno - 1):04d}" if isinstance(row.get("index", 0), int) else None
        meta: dict[str, Any] = {
            "set": "jsonl",
            "nodes": nodes,
            "edges": len(_EDGE_RE.findall(text)),
            "bucket": None,
            "params": {},
        }
        out.append(Question(ident or f"{name}-{p.stem}-{lineno:04d}", name, text, label, meta, check))
    return out
