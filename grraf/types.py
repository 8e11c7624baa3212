"""Frozen result types. The whole trace travels with the answer (smolagents' steps)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Literal

from grraf.errors import AttemptStatus

#: How far an answer can be relied on (DESIGN.md, "answer"):
#: ``verified`` — a verified template ran with parameters validated against the question and the
#: graph, or LLM-written code agreed with an independent computation; ``executed`` — code ran on the
#: graph and nothing independent confirmed it; ``fallback`` — the LLM's direct answer, no code.
Trust = Literal["verified", "executed", "fallback"]
TRUST_LEVELS: tuple[Trust, ...] = ("verified", "executed", "fallback")


@dataclass(frozen=True)
class TokenUsage:
    """Tokens counted from the provider's usage metadata."""

    input: int = 0
    output: int = 0

    def __add__(self, other: TokenUsage) -> TokenUsage:
        return TokenUsage(self.input + other.input, self.output + other.output)

    @property
    def total(self) -> int:
        return self.input + self.output


@dataclass(frozen=True)
class LLMCall:
    """One call to the chat model, for the trace."""

    stage: str
    tokens: TokenUsage
    seconds: float


@dataclass(frozen=True)
class Entity:
    """A phrase of the question resolved to the node(s) with ``property == value`` under ``label``,
    or, with ``on_relationship``, to the relationships of type ``label`` whose ``property`` holds
    ``value`` (a character's name kept in the roles of ACTED_IN: "Who played Neo?").

    ``score`` is 100 for an exact (case- and accent-insensitive) match; lower scores are fuzzy
    readings (a typo, a distinctive part of a longer value), see :mod:`grraf.pipeline.entities`.

    >>> print(Entity("Neo", "ACTED_IN", "roles", "Neo", 100.0, on_relationship=True))
    ()-[:ACTED_IN]-() with roles holding 'Neo'
    """

    phrase: str
    label: str
    property: str
    value: str
    score: float
    on_relationship: bool = False

    def is_exact(self) -> bool:
        """Matched exactly (a field called ``property`` rules out a ``@property`` here)."""
        return self.score >= 100.0

    def __str__(self) -> str:
        if self.on_relationship:
            return f"()-[:{self.label}]-() with {self.property} holding {self.value!r}"
        return f"(:{self.label} {{{self.property}: {self.value!r}}})"


@dataclass(frozen=True)
class Plan:
    """What the loop will compute for a question, decided once (the plan stage) and carried through.

    Attributes:
        question: the ask the code must answer (the question without any graph text), GRRAF's P'.
        task: the registry task the LLM chose (``grraf.tasks``), or None when no task fits and the
            code is written from the question itself.
        parameters: the task's parameter values, validated against the question and the graph
            (node ids typed as the graph has them).
        output: the kind of answer: a task's :data:`grraf.tasks.Output`, or for a task-less plan the
            form the question's words ask for (``yes/no``, ``number``, ``node``, ``list``) or ``text``.
        directed, weighted: the graph's kind, from the store's schema (None when unknown).
        confirmed: the deterministic readers confirmed the LLM's choice against the question and
            the graph. A verified template makes a ``verified`` answer only for a confirmed plan.
        candidates: the tasks retrieval offered the LLM.
        issues: what the readers found that stayed unresolved (empty when confirmed).
        chosen: the task the LLM chose, even when it was then not used (``task`` is None).
        entities: for a property graph, the names the question gives, resolved against the
            store's string properties (shown to the LLM when it writes code).
    """

    question: str
    task: str | None = None
    parameters: dict[str, Any] = field(default_factory=dict)
    output: str = "text"
    directed: bool | None = None
    weighted: bool | None = None
    confirmed: bool = False
    candidates: tuple[str, ...] = ()
    issues: tuple[str, ...] = ()
    chosen: str | None = None
    entities: tuple[Entity, ...] = ()


@dataclass(frozen=True)
class Pattern:
    """One way nodes connect in a property graph: ``(:source)-[:type]->(:target)``, with how often.

    ``count`` is exact unless ``estimated`` (a bounded sample of a very large relationship type).
    """

    source: str
    type: str
    target: str
    count: int | None = None
    estimated: bool = False

    def __str__(self) -> str:
        return f"(:{self.source})-[:{self.type}]->(:{self.target})"


# Each store spells property types its own way (ladybug ``INT64``, ``STRING[]``; Neo4j ``Long``,
# ``StringArray``, ``LIST<STRING>``): these read them alike, so that no module keeps its own list.
_NUMERIC_PREFIXES = ("int", "uint", "long", "double", "float", "decimal", "serial", "number", "short", "byte")
_STRINGS = frozenset({"string", "str"})
_STRING_LISTS = frozenset({"string[]", "stringarray", "list<string>", "list<string not null>"})


def listed(type_name: str) -> bool:
    """Whether a property type holds a list (ladybug ``STRING[]``, Neo4j ``StringArray``, ``LIST<STRING>``).

    >>> listed("STRING[]"), listed("StringArray"), listed("LIST<STRING>"), listed("String")
    (True, True, True, False)
    """
    lowered = type_name.lower()
    return "[]" in lowered or "array" in lowered or lowered.startswith("list")


def numeric(type_name: str) -> bool:
    """Whether a property type holds numbers (``INT64``, ``Long``, ``DOUBLE`` ...), not lists of them.

    >>> numeric("INT64"), numeric("Long"), numeric("String"), numeric("INT64[]")
    (True, True, False, False)
    """
    return type_name.lower().startswith(_NUMERIC_PREFIXES) and not listed(type_name)


def textual(type_name: str, *, lists: bool = False) -> bool:
    """Whether a property type holds a string (or, with ``lists``, a list of strings as well).

    >>> textual("STRING"), textual("String"), textual("StringArray"), textual("StringArray", lists=True)
    (True, True, False, True)
    """
    lowered = type_name.lower()
    return lowered in _STRINGS or (lists and lowered in _STRING_LISTS)


@dataclass(frozen=True)
class PropertyInfo:
    """A property key of a label or relationship type: its type and a few sample values."""

    name: str
    type: str
    samples: tuple[Any, ...] = ()
    primary_key: bool = False


@dataclass(frozen=True)
class LabelInfo:
    """A node label or relationship type, how many there are, and (the first few of) its properties."""

    name: str
    count: int | None
    properties: tuple[PropertyInfo, ...] = ()
    more_properties: int = 0


@dataclass(frozen=True)
class Schema:
    """What the generate stage may know about a store: bounded in size whatever the graph size.

    For property graphs (a database grraf did not create) ``labels``, ``relationships`` and
    ``patterns`` carry the same facts as ``text`` in typed form: which label connects to which
    by which relationship type, in which direction. Generated patterns can be checked against
    ``patterns`` before they run.
    """

    text: str
    node_count: int | None = None
    edge_count: int | None = None
    directed: bool | None = None
    weight_property: str | None = None
    #: Python type names of the node ids (``("int",)``), when the store knows them.
    node_id_types: tuple[str, ...] = ()
    labels: tuple[LabelInfo, ...] = ()
    relationships: tuple[LabelInfo, ...] = ()
    patterns: tuple[Pattern, ...] = ()


@dataclass(frozen=True)
class Execution:
    """A successful run of generated code."""

    value: Any
    seconds: float
    truncated: bool = False
    note: str | None = None


@dataclass(frozen=True)
class Attempt:
    """One try at running generated code."""

    code: str
    status: AttemptStatus
    error: str | None
    seconds: float
    language: str = "python"

    def to_dict(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "language": self.language,
            "status": self.status,
            "error": self.error,
            "seconds": round(self.seconds, 4),
        }


@dataclass(frozen=True)
class Answer:
    """The result of one question, with everything that produced it.

    ``trust`` says how far the value can be relied on (see :data:`Trust`); ``verified`` is
    ``trust == "verified"``, kept as a boolean for scripts that read it.
    """

    question: str
    answer: str
    value: Any
    trust: Trust
    attempts: tuple[Attempt, ...]
    llm_calls: tuple[LLMCall, ...]
    seconds: float
    backend: str
    plan: Plan | None = None
    template: str | None = None
    template_origin: str | None = None
    code: str | None = None
    fallback_reason: str | None = None
    checked_by: str | None = None
    retrieved_docs: tuple[str, ...] = ()
    # What stands behind an unverified direct answer (fallback or the direct baseline): the
    # model's whole reply, since no code does. None when code produced the answer.
    reasoning: str | None = None

    @property
    def verified(self) -> bool:
        """True only for the ``verified`` trust level."""
        return self.trust == "verified"

    @property
    def tokens(self) -> TokenUsage:
        total = TokenUsage()
        for call in self.llm_calls:
            total = total + call.tokens
        return total

    def _repr_html_(self) -> str:
        from grraf.display import answer_html

        return answer_html(self)

    def _repr_markdown_(self) -> str:
        from grraf.display import answer_markdown

        return answer_markdown(self)

    def to_dict(self) -> dict[str, Any]:
        """The JSON contract of ``grraf ask --json``."""
        tokens = self.tokens
        return {
            "question": self.question,
            "answer": self.answer,
            "value": self.value,
            "trust": self.trust,
            "verified": self.verified,
            "attempts": [a.to_dict() for a in self.attempts],
            "llm_calls": len(self.llm_calls),
            "tokens": {"input": tokens.input, "output": tokens.output},
            "seconds": round(self.seconds, 3),
            "backend": self.backend,
            "code": self.code,
            "reasoning": self.reasoning,
            "template": self.template_origin,
            "checked_by": self.checked_by,
            "retrieved_docs": list(self.retrieved_docs),
            "plan": asdict(self.plan) if self.plan else None,
            "fallback_reason": self.fallback_reason,
            "calls": [
                {"stage": c.stage, "input": c.tokens.input, "output": c.tokens.output, "seconds": round(c.seconds, 3)}
                for c in self.llm_calls
            ],
        }
