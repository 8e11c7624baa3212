"""A scripted chat model: replies from a list, records every prompt.

Used by unit tests and by benchmarks that measure grraf itself without LLM time
(prompt sizes, framework overhead). It implements LangChain's ``BaseChatModel``, so
it goes through exactly the same code as a real provider, usage metadata included.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from langchain_core.callbacks import CallbackManagerForLLMRun
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from langchain_core.runnables import Runnable
from pydantic import PrivateAttr

from grraf.llm.structured import structured_runnable

Reply = str | Callable[[list[BaseMessage]], str] | BaseException


class ScriptedChatModel(BaseChatModel):
    """Replies from a script, in order; records every prompt it was sent.

    A reply may be a string, a function of the messages, or an exception to raise
    (to test retries). Token usage is reported like a provider: about 4 characters a token.
    """

    script: list[Any]
    _prompts: list[list[BaseMessage]] = PrivateAttr(default_factory=list)
    _schemas: list[dict[str, Any]] = PrivateAttr(default_factory=list)
    _kwargs: list[dict[str, Any]] = PrivateAttr(default_factory=list)

    @property
    def _llm_type(self) -> str:
        return "scripted"

    @property
    def prompts(self) -> list[list[BaseMessage]]:
        return self._prompts

    def prompt_text(self, index: int) -> str:
        return "\n".join(str(m.content) for m in self._prompts[index])

    #: Structured replies need no wrapping (see grraf.llm.calls.NATIVE_JSON).
    grraf_native_json: ClassVar[bool] = True

    def with_structured_output(  # type: ignore[override]
        self, schema: dict[str, Any], *, include_raw: bool = False, **kwargs: Any
    ) -> Runnable[Any, Any]:
        """Scripted replies read as JSON; the schema asked for is kept in :attr:`schemas`."""
        self._schemas.append(schema)
        return structured_runnable(self, include_raw)

    @property
    def schemas(self) -> list[dict[str, Any]]:
        """The JSON schemas structured calls asked for, in order."""
        return self._schemas

    @property
    def call_kwargs(self) -> list[dict[str, Any]]:
        """Extra arguments of each call (``temperature``, ``seed``), in order."""
        return self._kwargs

    def _generate(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: CallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> ChatResult:
        self._prompts.append(list(messages))
        self._kwargs.append(dict(kwargs))
        if not self.script:
            raise RuntimeError("the scripted chat model ran out of replies")
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
