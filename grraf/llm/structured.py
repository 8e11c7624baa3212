"""Structured (JSON) replies: one runnable shape for every chat model grraf uses.

Providers with native structured output go through LangChain's ``with_structured_output``; the
local model and the scripted test model constrain or parse JSON themselves. Both give
``{"raw": AIMessage, "parsed": dict | None, "parsing_error": Exception | None}`` so token
accounting reads the raw message the same way everywhere.
"""

from __future__ import annotations

import json
from typing import Any

from langchain_core.messages import BaseMessage
from langchain_core.runnables import Runnable, RunnableLambda


def parse_json_reply(message: BaseMessage) -> dict[str, Any]:
    """The JSON object in a reply (a fenced block or the bare object).

    >>> from langchain_core.messages import AIMessage
    >>> parse_json_reply(AIMessage('```json\\n{"task": "none"}\\n```'))
    {'task': 'none'}

    Raises:
        ValueError: no JSON object in the reply.
    """
    text = message.content if isinstance(message.content, str) else json.dumps(message.content)
    start, end = text.find("{"), text.rfind("}")
    if start < 0 or end < start:
        raise ValueError(f"no JSON object in the reply: {text[:200]!r}")
    value = json.loads(text[start : end + 1])
    if not isinstance(value, dict):
        raise ValueError(f"the reply is JSON but not an object: {text[:200]!r}")
    return value


def structured_runnable(bound: Runnable[Any, BaseMessage], include_raw: bool) -> Runnable[Any, Any]:
    """``bound`` (a chat model bound to JSON replies) followed by a JSON parse."""

    def parse(message: BaseMessage) -> Any:
        try:
            parsed: dict[str, Any] | None = parse_json_reply(message)
            error: Exception | None = None
        except ValueError as e:  # json.JSONDecodeError is a ValueError
            if not include_raw:
                raise
            parsed, error = None, e
        if include_raw:
            return {"raw": message, "parsed": parsed, "parsing_error": error}
        return parsed

    return bound | RunnableLambda(parse)
