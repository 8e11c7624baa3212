"""Fakes that implement the real interfaces: a scripted chat model and a scripted store."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from langchain_core.callbacks import CallbackManagerForLLMRun
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from pydantic import PrivateAttr

from grraf.errors import CodeFailed, CodeTimeout
from grraf.types import Execution, Schema

Reply = str | Callable[[list[BaseMessage]], str] | BaseException


class ScriptedChatModel(BaseChatModel):
    """Replies from a script, in order; records every prompt it was sent.

    A reply may be a string, a function of the messages, or an exception to raise
    (to test retries). Token usage is reported like a provider: about 4 characters a token.
    """

    script: list[Any]
    _prompts: list[list[BaseMessage]] = PrivateAttr(default_factory=list)

    @property
    def _llm_type(self) -> str:
        return "scripted"

    @property
    def prompts(self) -> list[list[BaseMessage]]:
        return self._prompts

    def prompt_text(self, index: int) -> str:
        return "\n".join(str(m.content) for m in self._prompts[index])

    def _generate(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: CallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> ChatResult:
        self._prompts.append(list(messages))
        if not self.script:
            raise AssertionError("the scripted chat model ran out of replies")
        reply = self.script.pop(0)
        if isinstance(reply, BaseException):
            raise reply
        text = reply(messages) if callable(reply) else reply
        prompt_chars = sum(len(str(m.content)) for m in messages)
        usage = {"input_tokens": prompt_chars // 4, "output_tokens": len(text) // 4 + 1}
        usage["total_tokens"] = usage["input_tokens"] + usage["output_tokens"]
        message = AIMessage(text, usage_metadata=usage)  # type: ignore[arg-type]
        return ChatResult(generations=[ChatGeneration(message=message)])


def scripted(*replies: Reply) -> ScriptedChatModel:
    return ScriptedChatModel(script=list(replies))


def fenced(code: str, language: str = "python") -> str:
    return f"Here is the code:\n```{language}\n{code}\n```\n"


REFINE_FLOW = "task: max_flow\noutput: number\nparameters: source=0, target=3\nquestion: What is the maximum flow from node 0 to node 3?"


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
