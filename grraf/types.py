"""Frozen result types. The whole trace travels with the answer (smolagents' steps)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from grraf.errors import AttemptStatus


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
class Refined:
    """The refined question P' and the structured facts the refine stage extracted.

    ``parameters`` holds task arguments such as ``{"source": 0, "target": 5}``.
    ``output_format`` is one of ``yes/no``, ``number``, ``list``, ``text``.
    """

    question: str
    task: str = "unknown"
    directed: bool | None = None
    weighted: bool | None = None
    output_format: str = "text"
    parameters: dict[str, Any] = field(default_factory=dict)


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
        return {"code": self.code, "status": self.status, "error": self.error, "seconds": round(self.seconds, 4)}


@dataclass(frozen=True)
class Answer:
    """The result of one question, with everything that produced it.

    ``verified`` is true only when ``value`` came from code that executed successfully;
    a fallback (direct LLM answer) is always ``verified=False``.
    """

    question: str
    answer: str
    value: Any
    verified: bool
    attempts: tuple[Attempt, ...]
    llm_calls: tuple[LLMCall, ...]
    seconds: float
    backend: str
    refined: Refined | None = None
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
            "refined": asdict(self.refined) if self.refined else None,
            "fallback_reason": self.fallback_reason,
            "calls": [
                {"stage": c.stage, "input": c.tokens.input, "output": c.tokens.output, "seconds": round(c.seconds, 3)}
                for c in self.llm_calls
            ],
        }
