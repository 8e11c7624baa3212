"""One place where grraf talks to the chat model: retries, token accounting, tracing."""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

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
        self._runnable = self.model.with_retry(
            retry_if_exception_type=TRANSIENT_ERRORS,
            wait_exponential_jitter=True,
            stop_after_attempt=self.attempts,
        )

    def chat(self, stage: str, messages: Sequence[BaseMessage]) -> str:
        """Send ``messages`` and return the reply text; records an :class:`LLMCall`."""
        start = time.perf_counter()
        try:
            reply = self._runnable.invoke(list(messages))
        except TRANSIENT_ERRORS as e:
            raise LLMError(f"the model did not answer after {self.attempts} tries: {e}") from e
        except LLMError:
            raise
        except Exception as e:
            raise LLMError(f"the model call failed: {type(e).__name__}: {e}") from e
        seconds = time.perf_counter() - start
        tokens = usage_of(reply)
        self.calls.append(LLMCall(stage=stage, tokens=tokens, seconds=seconds))
        logger.debug("%s: %d in, %d out, %.2fs", stage, tokens.input, tokens.output, seconds)
        text = reply.content if isinstance(reply, AIMessage) else getattr(reply, "content", reply)
        if isinstance(text, list):  # some providers return content blocks
            text = "".join(part.get("text", "") if isinstance(part, dict) else str(part) for part in text)
        return str(text)
