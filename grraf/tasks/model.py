"""What a task is: the typed record every stage reads (DESIGN.md, "The task registry")."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Literal

#: What a task's answer is. ``node`` is one node of the graph, ``nodes`` a set of nodes (any order),
#: ``path`` and ``order`` sequences whose order matters; ``value`` a property value (a year, a city, a
#: distance) of a property graph.
Output = Literal["yes/no", "number", "node", "nodes", "path", "order", "value"]
OUTPUTS: tuple[Output, ...] = ("yes/no", "number", "node", "nodes", "path", "order", "value")

#: ``node``: a node of the graph asked about, stated in the question; ``integer``: a whole number the
#: question states (k of a k-core); ``number``: any number it states (a damping factor); ``graph``: a
#: second graph that comes with the question (G').
#:
#: Property graphs (labelled nodes with properties) add: ``entity``, a node the question names by a
#: property value ("The Matrix", "LHR"), resolved in the store; ``label``, ``rel_type`` and
#: ``property``, names from the store's schema (the plan's JSON schema offers them as enums, so the
#: LLM cannot invent one); ``choice``, one of the parameter's fixed ``choices`` (a direction, a
#: comparison, an aggregate).
ParamKind = Literal["node", "integer", "number", "graph", "entity", "label", "rel_type", "property", "choice"]
#: Parameter kinds of property-graph tasks whose values are names in the store's schema.
SCHEMA_KINDS: frozenset[str] = frozenset({"label", "rel_type", "property"})

#: The picture :mod:`grraf.draw` makes of an answer.
DrawKind = Literal["flow", "cycle", "order", "match", "path", "node", "graph"]


@dataclass(frozen=True)
class Param:
    """One typed parameter of a task.

    Attributes:
        name: the keyword the templates take (``source``, ``target``, ``node``, ``k``, ``G_prime``).
        kind: what kind of value it is, which decides how it is validated.
        description: a few words for the LLM ("where the flow starts").
        default: the value used when the question states none; None makes the parameter required.
        choices: the values a ``choice`` parameter may take.
    """

    name: str
    kind: ParamKind
    description: str
    default: Any = None
    choices: tuple[str, ...] = ()

    @property
    def required(self) -> bool:
        return self.default is None


@dataclass(frozen=True)
class Sentence:
    """How an answer of this task is said, so the sentence always states what the value means.

    ``{value}`` and the task's parameter names are filled in; node parameters are written as
    ``node 3``. For yes/no tasks ``yes`` and ``no`` are used instead of ``value``; ``missing`` is
    said when the computation returns nothing (no path, not connected).
    """

    value: str = ""
    yes: str = ""
    no: str = ""
    missing: str = ""


@dataclass(frozen=True)
class Task:
    """Everything grraf knows about one task, in one place.

    Attributes:
        name: a snake_case id the LLM chooses by (``max_flow``).
        summary: one line saying exactly what is computed; shown to the LLM among the candidates.
        phrasings: example questions, for retrieval by meaning (not benchmark questions).
        output: what the answer is (:data:`Output`).
        parameters: typed parameters the LLM fills from the question.
        directed: True when the task only makes sense on a directed graph, False for undirected only,
            None for any graph.
        templates: verified template names (files in ``cypher_templates/<dialect>/``) per dialect;
            several names when variants fit different graphs (weighted or not, directed or not).
        sentence: the one-sentence answer.
        draw: the picture of an answer.
        cypher_is_weak: Cypher handles the task badly (max flow, isomorphism, ...): a Cypher store
            with a NetworkX projection answers it in Python.
        bench: the benchmark's name for the task, when the benchmark has it (``flow``).
        inverts: its templates compute the task it negates, and it answers the opposite
            (``not_bipartite`` runs the bipartite templates).
        negates: for a yes/no task that asks the opposite of another (``not_connected`` of
            ``connectivity``, ``is_acyclic`` of ``has_cycle``), that task's name.
        negation_words: words a question asking this negative task uses ("cut off", "odd cycle"); the
            plan stage confirms a negative task only when the question uses one, and a positive task
            only when the question uses none of its negation's words.
        certificate: a NetworkX template ``solve(G, answer, ...)`` that checks an answer of this task
            independently (a path is a path, and no lighter one exists); for answers with several
            right values, which two computations cannot simply compare.
        property_graph: a task about a property graph (labelled nodes with properties, a database
            grraf did not create); offered only where the store's schema has labels and patterns,
            and its templates name labels, types and properties instead of grraf's namespaces.
    """

    name: str
    summary: str
    phrasings: tuple[str, ...]
    output: Output
    sentence: Sentence
    parameters: tuple[Param, ...] = ()
    directed: bool | None = None
    templates: Mapping[str, tuple[str, ...]] = field(default_factory=lambda: MappingProxyType({}))
    draw: DrawKind = "graph"
    cypher_is_weak: bool = False
    bench: str | None = None
    inverts: bool = False
    negates: str | None = None
    negation_words: tuple[str, ...] = ()
    certificate: str | None = None
    property_graph: bool = False

    def __post_init__(self) -> None:
        # Freeze the mapping too: a Task is shared by every question.
        object.__setattr__(self, "templates", MappingProxyType(dict(self.templates)))

    @property
    def parameter_names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.parameters)

    def parameter(self, name: str) -> Param | None:
        return next((p for p in self.parameters if p.name == name), None)

    def signature(self) -> str:
        """``max_flow(source, target)``, as the LLM is shown it (``damping=0.85`` for a default)."""
        shown = [p.name if p.required else f"{p.name}={p.default}" for p in self.parameters if p.kind != "graph"]
        return f"{self.name}({', '.join(shown)})"

    def template_names(self, dialect: str) -> tuple[str, ...]:
        return tuple(self.templates.get(dialect, ()))

    def fits_graph(self, directed: bool | None) -> bool:
        """Whether the task applies to a graph of this kind (unknown fits anything)."""
        return self.directed is None or directed is None or self.directed == directed

    def say(self, value: Any, parameters: Mapping[str, Any], rendered: str) -> str:
        """The answer sentence for ``value`` (``rendered`` is the value as text)."""
        words = {name: _shown(self.parameter(name), v) for name, v in parameters.items()}
        if value is None and self.sentence.missing:
            template = self.sentence.missing
        elif self.output == "yes/no" and isinstance(value, bool):
            template = self.sentence.yes if value else self.sentence.no
        else:
            template = self.sentence.value
        return template.format_map(_Defaulting(words, value=rendered))


def _shown(param: Param | None, value: Any) -> str:
    if param is not None and param.kind == "node":
        return f"node {value}"
    return str(value)


class _Defaulting(dict[str, str]):
    """format_map mapping that leaves unknown fields visible instead of raising."""

    def __init__(self, words: Mapping[str, str], **more: str) -> None:
        super().__init__(words, **more)

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"
