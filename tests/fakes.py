"""Fakes that implement the real interfaces: a scripted chat model and a scripted store."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

import networkx as nx

from grraf.errors import CodeFailed, CodeTimeout
from grraf.llm.scripted import ScriptedChatModel, scripted
from grraf.stores.base import Capabilities, node_forms
from grraf.types import Execution, Schema


def fenced(code: str, language: str = "python") -> str:
    return f"Here is the code:\n```{language}\n{code}\n```\n"


def plan_reply(task: str, **parameters: Any) -> str:
    """The plan stage's JSON reply choosing ``task`` with ``parameters``."""
    return json.dumps({"task": task, **parameters})


PLAN_FLOW = plan_reply("max_flow", source=0, target=3)
PLAN_NONE = plan_reply("none")
#: The call grraf writes under the verified max-flow template for node 0 to node 3.
FLOW_CALL = "answer = solve(G, source=0, target=3)"


class ScriptedStore:
    """A GraphStore whose execute() outcome is looked up by code.

    ``outcomes`` maps code to a value, ``"timeout"`` or an exception; a key also matches code that
    ends with it (the call line of a bound template). Nodes 0 .. ``nodes - 1`` exist.
    """

    name = "scripted"
    language = "python"
    dialect = "networkx"

    def __init__(
        self,
        outcomes: dict[str, Any] | Callable[[str], Any],
        *,
        nodes: int = 4,
        edges: int = 5,
        directed: bool = True,
    ) -> None:
        self.outcomes = outcomes
        self.executed: list[str] = []
        self.closed = False
        self.nodes = nodes
        kind = "DiGraph" if directed else "Graph"
        self._schema = Schema(
            text=f"G: {kind} with {nodes} nodes and {edges} edges; edge attribute weight (int)",
            node_count=nodes,
            edge_count=edges,
            directed=directed,
            weight_property="weight",
            node_id_types=("int",),
        )

    def schema(self) -> Schema:
        return self._schema

    def check(self, code: str) -> None:
        pass

    def execute(self, code: str, timeout: float) -> Execution:
        self.executed.append(code)
        outcome = self._outcome(code)
        if outcome == "timeout":
            raise CodeTimeout(f"timed out after {timeout:g} s", seconds=timeout)
        if isinstance(outcome, Exception):
            raise outcome
        return Execution(value=outcome, seconds=0.01)

    def _outcome(self, code: str) -> Any:
        if callable(self.outcomes):
            return self.outcomes(code)
        if code in self.outcomes:
            return self.outcomes[code]
        for key, outcome in self.outcomes.items():
            if code.rstrip().endswith(key):
                return outcome
        raise KeyError(f"no scripted outcome for code:\n{code}")

    def capabilities(self) -> Capabilities:
        return Capabilities(projects=False, graph_names=("G",))

    def node_key(self, value: Any) -> Any | None:
        return next((f for f in node_forms(value) if isinstance(f, int) and 0 <= f < self.nodes), None)

    def to_networkx(self) -> dict[str, nx.Graph]:
        raise NotImplementedError("the scripted store holds no graph")

    def as_text(self, max_edges: int) -> str | None:
        return "(0->1,3) (1->3,2)"

    def close(self) -> None:
        self.closed = True


def codes(store: ScriptedStore) -> Sequence[str]:
    return store.executed


__all__ = [
    "FLOW_CALL",
    "PLAN_FLOW",
    "PLAN_NONE",
    "CodeFailed",
    "ScriptedChatModel",
    "ScriptedStore",
    "fenced",
    "plan_reply",
    "scripted",
]
