"""Fakes that implement the real interfaces: a scripted chat model and a scripted store."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

import networkx as nx

from grraf.errors import CodeFailed, CodeTimeout
from grraf.llm.scripted import ScriptedChatModel, scripted
from grraf.stores.base import Capabilities, node_forms
from grraf.types import Execution, LabelInfo, Pattern, PropertyInfo, Schema


def fenced(code: str, language: str = "python") -> str:
    return f"Here is the code:\n```{language}\n{code}\n```\n"


def plan_reply(task: str, **parameters: Any) -> str:
    """The plan stage's JSON reply choosing ``task`` with ``parameters``."""
    return json.dumps({"task": task, **parameters})


PLAN_FLOW = plan_reply("max_flow", source=0, target=3)
PLAN_NONE = plan_reply("none")
#: Asked whether the question asks for a task or for something else (the plan's rescue after two
#: "none"s), the LLM says something else at once (the other order is not asked).
ELSE = json.dumps({"answer": "B"})
#: The plan stage answering "none", "none" again when asked once more (plan_none.yaml), and
#: something else when asked about each of the first two tasks alone.
RESCUE_REFUSED = (ELSE, ELSE)
NONE_TWICE = (PLAN_NONE, PLAN_NONE, *RESCUE_REFUSED)
#: The plan's contrast check keeping the choice: asked with the rival first (A), it picks the
#: choice (B), so the other order is not asked.
KEEP = (json.dumps({"answer": "B"}),)
#: The contrast check taking the rival both times: the choice stays unconfirmed.
RIVAL = (json.dumps({"answer": "A"}), json.dumps({"answer": "B"}))
#: The contrast check picking the first option both times (a lean, not a preference): kept.
FIRST = (json.dumps({"answer": "A"}), json.dumps({"answer": "A"}))
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

    def string_values(self, label: str, prop: str, tokens: Sequence[str], limit: int) -> list[str]:
        return []

    def relationship_values(self, rel_type: str, prop: str, tokens: Sequence[str], limit: int) -> list[str]:
        return []

    def relationship_types(self, label: str, prop: str, value: str, direction: str) -> list[str]:
        return []

    def to_networkx(self) -> dict[str, nx.Graph]:
        raise NotImplementedError("the scripted store holds no graph")

    def as_text(self, max_edges: int) -> str | None:
        return "(0->1,3) (1->3,2)"

    def close(self) -> None:
        self.closed = True


def _labels(spec: dict[str, list[tuple[str, str]]]) -> tuple[LabelInfo, ...]:
    return tuple(
        LabelInfo(name, _count(name), tuple(PropertyInfo(p, t) for p, t in props)) for name, props in spec.items()
    )


def _count(label: str) -> int:
    """As many nodes as the label's most values in :data:`PROPERTY_VALUES` (five airports, four cities)."""
    return max((len(values) for (owner, _), values in PROPERTY_VALUES.items() if owner == label), default=1)


#: A small property graph's schema: people and movies, airports and countries (as ladybug types them).
PROPERTY_LABELS = {
    "Person": [("name", "STRING"), ("born", "INT64")],
    "Movie": [("title", "STRING"), ("released", "INT64")],
    "Airport": [("code", "STRING"), ("name", "STRING"), ("city", "STRING"), ("latitude", "DOUBLE")],
    "Country": [("code", "STRING"), ("name", "STRING")],
}
PROPERTY_RELATIONSHIPS = {
    "ACTED_IN": [("roles", "STRING[]")],
    "DIRECTED": [],
    "WROTE": [],
    "ROUTE": [("distance_km", "INT64")],
    "IN_COUNTRY": [],
}
PROPERTY_PATTERNS = (
    Pattern("Airport", "ROUTE", "Airport", 10),
    Pattern("Person", "ACTED_IN", "Movie", 8),
    Pattern("Airport", "IN_COUNTRY", "Country", 5),
    Pattern("Person", "DIRECTED", "Movie", 4),
    Pattern("Person", "WROTE", "Movie", 2),
)
#: The string values ``string_values`` finds, per (label, property).
PROPERTY_VALUES: dict[tuple[str, str], list[str]] = {
    ("Person", "name"): ["Tom Hanks", "Keanu Reeves", "Lana Wachowski", "Meg Ryan"],
    ("Movie", "title"): ["The Matrix", "The Matrix Reloaded", "Cast Away"],
    ("Airport", "code"): ["LHR", "LGW", "GLA", "SYD", "AKL"],
    ("Airport", "name"): ["London Heathrow Airport", "London Gatwick Airport", "Glasgow Airport"],
    ("Airport", "city"): ["London", "Glasgow", "Sydney", "Auckland"],
    ("Country", "name"): ["United Kingdom", "New Zealand"],
    ("Country", "code"): ["GB", "NZ"],
}

#: The strings ``relationship_values`` finds, per (relationship type, property): the roles of ACTED_IN.
PROPERTY_REL_VALUES: dict[tuple[str, str], list[str]] = {
    ("ACTED_IN", "roles"): ["Neo", "Trinity", "Chuck Noland", "Jimmy Dugan", "Agent Smith"],
}


#: The relationship types a few named nodes have, per (label, property, value, direction); the others'
#: are unknown ([]), as in a store that cannot say.
PROPERTY_NODE_TYPES: dict[tuple[str, str, str, str], list[str]] = {
    ("Person", "name", "Keanu Reeves", "out"): ["ACTED_IN"],
    ("Person", "name", "Tom Hanks", "out"): ["ACTED_IN", "DIRECTED"],
    ("Person", "name", "Lana Wachowski", "out"): ["DIRECTED", "WROTE"],
}


class PropertyStore(ScriptedStore):
    """A Cypher store holding a property graph (labels, patterns, string values); ``execute`` is scripted.

    ``string_values`` answers entity look-ups from :data:`PROPERTY_VALUES` the way the real stores do
    (values containing one of the tokens, or the first ``limit`` values when there are none).
    """

    name = "ladybug"
    language = "cypher"
    dialect = "ladybug"

    def __init__(self, outcomes: dict[str, Any] | Callable[[str], Any], *, dialect: str = "ladybug") -> None:
        super().__init__(outcomes)
        self.dialect = dialect
        self.name = dialect
        self.lookups: list[tuple[str, str, tuple[str, ...]]] = []
        self._schema = Schema(
            text="A property graph (not created by grraf).",
            node_count=20,
            edge_count=29,
            labels=_labels(PROPERTY_LABELS),
            relationships=_labels(PROPERTY_RELATIONSHIPS),
            patterns=PROPERTY_PATTERNS,
        )

    def string_values(self, label: str, prop: str, tokens: Sequence[str], limit: int) -> list[str]:
        self.lookups.append((label, prop, tuple(tokens)))
        values = PROPERTY_VALUES.get((label, prop), [])
        if tokens:
            values = [v for v in values if any(t.lower() in v.lower() for t in tokens)]
        return values[:limit]

    def relationship_values(self, rel_type: str, prop: str, tokens: Sequence[str], limit: int) -> list[str]:
        self.lookups.append((rel_type, prop, tuple(tokens)))
        values = PROPERTY_REL_VALUES.get((rel_type, prop), [])
        return [v for v in values if any(t.lower() in v.lower() for t in tokens)][:limit]

    def relationship_types(self, label: str, prop: str, value: str, direction: str) -> list[str]:
        return PROPERTY_NODE_TYPES.get((label, prop, value, direction), [])

    def capabilities(self) -> Capabilities:
        return Capabilities(max_hops=30, projects=False)

    def node_key(self, value: Any) -> Any | None:
        return None


def codes(store: ScriptedStore) -> Sequence[str]:
    return store.executed


__all__ = [
    "FLOW_CALL",
    "PLAN_FLOW",
    "PLAN_NONE",
    "NONE_TWICE",
    "ELSE",
    "RESCUE_REFUSED",
    "CodeFailed",
    "PropertyStore",
    "ScriptedChatModel",
    "ScriptedStore",
    "fenced",
    "plan_reply",
    "scripted",
]
