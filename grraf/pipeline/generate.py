"""Stage "generate" and its feedback: (P', C, S) -> C', repaired with error messages (GRRAF 3.3-3.4).

With a verified template whose parameters the refine stage already found, binding is
deterministic (``answer = solve(G, source=0, target=7)``): no LLM call, no chance to
mis-copy the algorithm. Otherwise the LLM writes C' (or just the call, for a verified
template), and the conversation is kept so that after an error the LLM sees its own
code and the message.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from langchain_core.messages import AIMessage, BaseMessage

from grraf.errors import CodeError, CodeTimeout
from grraf.llm.calls import LLMSession
from grraf.pipeline.extract import extract_code
from grraf.pipeline.template import TemplateChoice, dialect_notes
from grraf.prompts import load_prompt
from grraf.types import Refined, Schema

OUTPUT_HINTS = {
    "yes/no": "yes/no: set answer to True or False",
    "number": "a number",
    "list": "a list",
    "text": "a short value",
}

MAX_ERROR_CHARS = 1500
GRAPH_PARAMETERS = {"G", "G_prime"}


def variables_text(schema: Schema) -> str:
    """Which variables hold the graphs, for the generate prompt."""
    if "G_prime" in schema.text:
        return (
            "The graph is the variable `G` and the second graph (G') is the variable `G_prime`, both networkx graphs."
        )
    return "The graph is the networkx graph in the variable `G`."


def python_call(choice: TemplateChoice, parameters: dict[str, Any]) -> str | None:
    """``answer = solve(G, ...)`` when every template parameter is known, else None.

    >>> python_call(TemplateChoice("def solve(G, source, target): ...", "retrieved", "max_flow",
    ...             ("source", "target")), {"source": 0, "target": 7})
    'answer = solve(G, source=0, target=7)'
    """
    args = ["G"]
    for name in choice.parameters:
        if name in GRAPH_PARAMETERS:
            args.append(name)
        elif name in parameters:
            args.append(f"{name}={parameters[name]!r}")
        else:
            return None
    return f"answer = solve({', '.join(args)})"


def _defines_solve(code: str) -> bool:
    return re.search(r"^\s*def\s+solve\s*\(", code, re.MULTILINE) is not None


@dataclass
class CodeWriter:
    """Turns the template into runnable code, and holds the conversation across feedback rounds.

    Attributes:
        language: ``"python"`` or ``"cypher"``.
        messages: the generate conversation so far.
        prefix: code the LLM's reply is appended to (a verified template it only has to call).
        bound: code produced without the LLM for the first attempt, if binding was deterministic.
    """

    language: str
    messages: list[BaseMessage] = field(default_factory=list)
    prefix: str = ""
    bound: str | None = None

    @classmethod
    def start(
        cls,
        refined: Refined,
        template: TemplateChoice,
        schema: Schema,
        language: str,
        dialect: str,
        *,
        render_cypher: Any = None,
    ) -> CodeWriter:
        """Prepare the conversation; bind deterministically when possible.

        ``render_cypher(code, parameters) -> str | None`` renders a retrieved Cypher template
        for this store (labels, arrows, literal parameters); None when it cannot.
        """
        fmt = OUTPUT_HINTS.get(refined.output_format, "a short value")
        if language == "python":
            if template.retrieved:
                messages = load_prompt("generate_bind").render(
                    question=refined.question,
                    output_format=fmt,
                    schema=schema.text,
                    template=template.code,
                    variables=variables_text(schema),
                )
                call = python_call(template, refined.parameters)
                bound = f"{template.code.rstrip()}\n\n{call}\n" if call else None
                return cls(language=language, messages=messages, prefix=template.code.rstrip(), bound=bound)
            messages = load_prompt("generate_python").render(
                question=refined.question,
                output_format=fmt,
                schema=schema.text,
                template=template.code or "# (no template)",
                variables=variables_text(schema),
            )
            return cls(language=language, messages=messages)
        bound = None
        if template.retrieved and render_cypher is not None:
            bound = render_cypher(template, refined.parameters)
        messages = load_prompt("generate_cypher").render(
            question=refined.question,
            output_format=fmt,
            schema=schema.text,
            template=template.code or "// (no template)",
            dialect_notes=dialect_notes(dialect),
        )
        return cls(language=language, messages=messages, bound=bound)

    def write(self, llm: LLMSession, stage: str = "generate") -> str:
        """The next code to run: the bound template first, then LLM replies.

        Raises:
            CodeRejected: the LLM's reply held no code (fed back like any code error).
        """
        if self.bound is not None:
            code, self.bound = self.bound, None
            # The LLM sees the bound call as its own first answer, so feedback reads naturally.
            self.messages.append(AIMessage(f"```{self.language}\n{self._shown(code)}\n```"))
            return code
        reply = llm.chat(stage, self.messages)
        try:
            code = extract_code(reply, self.language)
        except CodeError:
            self.messages.append(AIMessage(reply))
            raise
        # Keep only the code in the history: shorter prompts, and no prose to imitate.
        self.messages.append(AIMessage(f"```{self.language}\n{code}\n```"))
        if self.prefix and not _defines_solve(code):
            code = f"{self.prefix}\n\n{code}"
        return code

    def _shown(self, code: str) -> str:
        """What the LLM is shown of bound code: just the call when it extends the template."""
        if self.prefix and code.startswith(self.prefix):
            return code[len(self.prefix) :].strip()
        return code

    def feedback(self, error: CodeError, size: str) -> None:
        """Tell the LLM what went wrong with its last code."""
        if isinstance(error, CodeTimeout):
            messages = load_prompt("feedback_timeout").render(
                seconds=f"{error.seconds:g}", size=size, language=self.language
            )
        else:
            text = str(error)
            if len(text) > MAX_ERROR_CHARS:
                text = text[: MAX_ERROR_CHARS // 2] + "\n...\n" + text[-MAX_ERROR_CHARS // 2 :]
            messages = load_prompt("feedback_error").render(error=text, language=self.language)
        self.messages.extend(messages)
