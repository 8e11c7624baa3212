"""Stage "generate" and its feedback: (P', C, S) -> C', repaired with error messages (GRRAF 3.3-3.4).

The conversation is kept, so after an error the LLM sees its own code and the message.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from langchain_core.messages import AIMessage, BaseMessage

from grraf.errors import CodeError, CodeTimeout
from grraf.llm.calls import LLMSession
from grraf.pipeline.extract import extract_code
from grraf.pipeline.template import dialect_notes
from grraf.prompts import load_prompt
from grraf.types import Refined, Schema

OUTPUT_HINTS = {
    "yes/no": "yes/no: set answer to True or False",
    "number": "a number",
    "list": "a list",
    "text": "a short value",
}

MAX_ERROR_CHARS = 1500


def variables_text(schema: Schema) -> str:
    """Which variables hold the graphs, for the generate prompt."""
    if "G_prime" in schema.text:
        return (
            "The graph is the variable `G` and the second graph (G') is the variable `G_prime`, both networkx graphs."
        )
    return "The graph is the networkx graph in the variable `G`."


@dataclass
class CodeWriter:
    """Holds the generate conversation across feedback rounds."""

    language: str
    messages: list[BaseMessage] = field(default_factory=list)

    @classmethod
    def start(cls, refined: Refined, template: str, schema: Schema, language: str, dialect: str) -> CodeWriter:
        fmt = OUTPUT_HINTS.get(refined.output_format, "a short value")
        if language == "python":
            messages = load_prompt("generate_python").render(
                question=refined.question,
                output_format=fmt,
                schema=schema.text,
                template=template or "# (no template)",
                variables=variables_text(schema),
            )
        else:
            messages = load_prompt("generate_cypher").render(
                question=refined.question,
                output_format=fmt,
                schema=schema.text,
                template=template or "// (no template)",
                dialect_notes=dialect_notes(dialect),
            )
        return cls(language=language, messages=messages)

    def write(self, llm: LLMSession, stage: str = "generate") -> str:
        """One LLM call; the extracted code. Raises CodeRejected when the reply has no code."""
        reply = llm.chat(stage, self.messages)
        try:
            code = extract_code(reply, self.language)
        except CodeError:
            self.messages.append(AIMessage(reply))
            raise
        # Keep only the code in the history: shorter prompts, and no prose to imitate.
        self.messages.append(AIMessage(f"```{self.language}\n{code}\n```"))
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
