"""One place where grraf talks to the chat model: retries, token accounting, tracing."""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage

from grraf.errors import LLMError
from grraf.types import LLMCall, TokenUsage

logger = logging.getLogger(__name__)


def _transient_errors() -> tuple[type[BaseException], ...]:
    """Exception types worth retrying: network trouble, rate limits, server errors."""
    errors: list[type[BaseException]] = [ConnectionError, TimeoutError]
    try:
        import openai

        errors += [openai.APIConnectionError, openai.APITimeoutError, openai.RateLimitError, openai.InternalServerError]
    except ImportError:  # pragma: no cover - openai is a dependency, but providers are pluggable
        pass
    try:
        import httpx

        errors += [httpx.TransportError]
    except ImportError:  # pragma: no cover
        pass
    return tuple(errors)


TRANSIENT_ERRORS = _transient_errors()

#: Chat models of grraf's own that decode JSON themselves (the local model's grammar, scripted
#: replies) carry this class attribute set to True: any schema shape works for them.
NATIVE_JSON = "grraf_native_json"


def _wrap(schema: dict[str, Any]) -> dict[str, Any]:
    """An object schema around ``schema``: OpenAI-style structured output wants an object root."""
    return {
        "title": "reply",
        "type": "object",
        "properties": {"reply": schema},
        "required": ["reply"],
        "additionalProperties": False,
    }


def usage_of(message: BaseMessage) -> TokenUsage:
    """Tokens of one reply, from LangChain's provider-neutral ``usage_metadata``."""
    usage = getattr(message, "usage_metadata", None) or {}
    return TokenUsage(int(usage.get("input_tokens", 0)), int(usage.get("output_tokens", 0)))


@dataclass
class LLMSession:
    """Calls the chat model for one question and keeps the trace of every call.

    Transient provider errors are retried with exponential backoff and jitter
    (LangChain's ``with_retry``); anything else, or exhausting the retries, raises
    :class:`LLMError`.
    """

    model: BaseChatModel
    attempts: int = 4
    calls: list[LLMCall] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._runnable = self._retrying(self.model)

    def chat(
        self,
        stage: str,
        messages: Sequence[BaseMessage],
        *,
        temperature: float | None = None,
        seed: int | None = None,
    ) -> str:
        """Send ``messages`` and return the reply text; records an :class:`LLMCall`.

        ``temperature`` and ``seed`` override the model's (deterministic) defaults for this call:
        a retry that must not repeat earlier code asks with more freedom.
        """
        overrides = {k: v for k, v in (("temperature", temperature), ("seed", seed)) if v is not None}
        runnable = self._runnable if not overrides else self._retrying(self.model.bind(**overrides))
        reply = self._invoke(stage, runnable, messages)
        text = reply.content if isinstance(reply, AIMessage) else getattr(reply, "content", reply)
        if isinstance(text, list):  # some providers return content blocks
            text = "".join(part.get("text", "") if isinstance(part, dict) else str(part) for part in text)
        return str(text)

    def structured(self, stage: str, messages: Sequence[BaseMessage], schema: dict[str, Any]) -> dict[str, Any]:
        """A reply that is a JSON object following ``schema``; records an :class:`LLMCall`.

        The local model decodes under a grammar made from the schema (the reply cannot leave it);
        hosted models use their native structured output through LangChain. Providers that want
        an object at the top level get the schema wrapped as ``{"reply": schema}``.

        Raises:
            LLMError: the provider failed, or its reply was not JSON.
        """
        native = bool(getattr(self.model, NATIVE_JSON, False))
        if native:
            wrapped = schema
        elif schema.get("type") == "object":
            # Function-calling providers name the function after the schema's title.
            wrapped = schema if "title" in schema else {"title": "reply", **schema}
        else:
            wrapped = _wrap(schema)
        try:
            runnable = self.model.with_structured_output(wrapped, include_raw=True)
        except (NotImplementedError, ValueError) as e:
            raise LLMError(f"the model cannot give structured replies: {e}") from e
        out = self._invoke(stage, self._retrying(runnable), messages, raw_key="raw")
        parsed = out.get("parsed")
        if parsed is None:
            raise LLMError(f"the model's structured reply could not be read: {out.get('parsing_error')}")
        if wrapped is not schema and schema.get("type") != "object":
            parsed = parsed.get("reply", parsed)
        return dict(parsed)

    def _retrying(self, runnable: Any) -> Any:
        return runnable.with_retry(
            retry_if_exception_type=TRANSIENT_ERRORS,
            wait_exponential_jitter=True,
            stop_after_attempt=self.attempts,
        )

    def _invoke(self, stage: str, runnable: Any, messages: Sequence[BaseMessage], raw_key: str | None = None) -> Any:
        start = time.perf_counter()
        try:
            reply = runnable.invoke(list(messages))
        except TRANSIENT_ERRORS as e:
            raise LLMError(f"the model did not answer after {self.attempts} tries: {e}") from e
        except LLMError:
            raise
        except Exception as e:
            raise LLMError(f"the model call failed: {type(e).__name__}: {e}") from e
        seconds = time.perf_counter() - start
        tokens = usage_of(reply[raw_key] if raw_key else reply)
        self.calls.append(LLMCall(stage=stage, tokens=tokens, seconds=seconds))
        logger.debug("%s: %d in, %d out, %.2fs", stage, tokens.input, tokens.output, seconds)
        return reply
