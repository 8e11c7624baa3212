"""Chat model factory: every provider through LangChain, plus the offline local model.

``GRRAF_MODEL`` / ``--model`` take LangChain's ``provider:model`` strings
(``openai:gpt-4o-mini``, ``anthropic:claude-...``) or ``local``. Any OpenAI-compatible
server (vLLM, Ollama, llama.cpp server) works through ``OPENAI_BASE_URL`` and
``OPENAI_API_KEY`` with an ``openai:<served model name>`` spec.
"""

from __future__ import annotations

import logging
import os
from typing import Any

from langchain_core.language_models import BaseChatModel

from grraf.config import Settings
from grraf.errors import ConfigError

logger = logging.getLogger(__name__)

LOCAL = "local"


def make_chat_model(settings: Settings) -> BaseChatModel:
    """Build the chat model named by ``settings.model`` (None means the local model).

    Raises:
        ConfigError: unknown provider, missing provider package or credentials, or the
            local model is not installed.
    """
    spec = (settings.model or LOCAL).strip()
    if spec == LOCAL:
        from grraf.llm.local import local_chat_model

        return local_chat_model(settings)
    return _langchain_model(spec, settings)


def _langchain_model(spec: str, settings: Settings) -> BaseChatModel:
    from langchain.chat_models import init_chat_model

    provider, _, name = spec.partition(":")
    if not name:
        provider, name = "", spec
    kwargs: dict[str, Any] = {"temperature": 0}
    if provider == "openai" or (not provider and os.environ.get("OPENAI_BASE_URL")):
        provider = "openai"
        base_url = os.environ.get("OPENAI_BASE_URL")
        if base_url:
            kwargs["base_url"] = base_url
            # Self-hosted OpenAI-compatible servers (vLLM, Ollama, llama.cpp) accept any key,
            # but the openai client refuses to start without one.
            kwargs["api_key"] = os.environ.get("OPENAI_API_KEY") or "not-needed"
        elif not os.environ.get("OPENAI_API_KEY"):
            raise ConfigError(
                f"model {spec!r} needs OPENAI_API_KEY (or OPENAI_BASE_URL for an OpenAI-compatible server); "
                "unset GRRAF_MODEL to use the offline local model"
            )
        kwargs["max_tokens"] = settings.llm_max_tokens
        kwargs["seed"] = settings.seed
        # Our own retry wrapper (grraf.llm.calls) owns backoff, so the client does not retry twice.
        kwargs["max_retries"] = 0
    try:
        model = init_chat_model(name, model_provider=provider or None, **kwargs)
    except ImportError as e:
        raise ConfigError(f"model {spec!r}: the provider package is not installed ({e})") from e
    except ValueError as e:
        raise ConfigError(f"model {spec!r}: {e}. Write it as provider:model, e.g. openai:gpt-4o-mini") from e
    except Exception as e:  # provider clients raise their own types for bad credentials
        raise ConfigError(f"model {spec!r} could not be created: {e}") from e
    logger.debug("chat model %s ready", spec)
    return model
