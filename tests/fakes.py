"""Fakes that implement the real interfaces: a scripted chat model and a scripted store."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from grraf.errors import CodeFailed, CodeTimeout
from grraf.llm.scripted import ScriptedChatModel, scripted
from grraf.types import Execution, Schema


def fenced(code: str, language: str = "python") -> str:
    return f"Here is the code:\n```{language}\n{code}\n```\n"


REFINE_FLOW = (
    "task: max_flow\noutput: number\nparameters: source=0, target=3\n"
    "question: What is the maximum flow from node 0 to node 3?"
)


class ScriptedStore:
    """A GraphStore whose execute() outcome is looked up by code."""

    name = "fake"
    language = "python"
    dialect = "networkx"

    def __init__(self, outcomes: dict[str, Any], *, nodes: int = 4, edges: int = 5) -> None:
        self.outcomes = outcomes
        self.executed: list[str] = []
        self.closed = False
        self._schema = Schema(
            text=f"G: DiGraph with {nodes} nodes and {edges} edges; edge attribute weight (int)",
            node_count=nodes,
            edge_count=edges,
            directed=True,
            weight_property="weight",
        )

    def schema(self) -> Schema:
        return self._schema

    def check(self, code: str) -> None:
        pass

    def execute(self, code: str, timeout: float) -> Execution:
        self.executed.append(code)
        outcome = self.outcomes[code]
        if outcome == "timeout":
            raise CodeTimeout(f"timed out after {timeout:g} s", seconds=timeout)
        if isinstance(outcome, Exception):
            raise outcome
        return Execution(value=outcome, seconds=0.01)

    def as_text(self, max_edges: int) -> str | None:
        return "(0->1,3) (1->3,2)"

    def close(self) -> None:
        self.closed = True


def codes(store: ScriptedStore) -> Sequence[str]:
    return store.executed


__all__ = ["CodeFailed", "ScriptedChatModel", "ScriptedStore", "scripted", "fenced", "REFINE_FLOW"]
