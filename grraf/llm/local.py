"""The offline default chat model: Qwen2.5-Coder-1.5B-Instruct run in process by llama-cpp-python.

Why a hand-written chat model instead of langchain-community's ``ChatLlamaCpp``: that class
reports token usage only in ``llm_output``, not in ``AIMessage.usage_metadata`` where grraf's
token accounting (and every current LangChain provider) puts it, and it drags in the whole of
langchain-community. This one is small: messages in, one ``create_chat_completion`` call,
an ``AIMessage`` with ``usage_metadata`` and ``response_metadata`` out, so callbacks and token
counting behave exactly as they do for OpenAI or any other provider.
"""

from __future__ import annotations

import atexit
import contextlib
import logging
import os
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from langchain_core.callbacks import CallbackManagerForLLMRun
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage, ChatMessage, HumanMessage, SystemMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from langchain_core.runnables import Runnable

from grraf.config import Settings
from grraf.errors import ConfigError, LLMError
from grraf.llm.install import QWEN_CODER_1_5B, model_path
from grraf.llm.structured import structured_runnable

logger = logging.getLogger(__name__)


@dataclass
class _Loaded:
    """A loaded ``llama_cpp.Llama`` and the lock that serialises calls to it.

    One llama context holds one KV cache, so two threads generating at once would corrupt
    each other's state; the lock makes sharing one instance safe.
    """

    llama: Any
    lock: threading.Lock


_CACHE: dict[tuple[str, int, int, int], _Loaded] = {}
_CACHE_LOCK = threading.Lock()


@atexit.register
def _close_all() -> None:
    """Free the shared models while llama_cpp still works.

    Left to garbage collection at interpreter exit, ``Llama.__del__`` runs after llama_cpp's
    module globals are gone and prints a ``TypeError`` traceback on every exit.
    """
    with _CACHE_LOCK:
        for loaded in _CACHE.values():
            with contextlib.suppress(Exception):
                loaded.llama.close()
        _CACHE.clear()


def _resolve_threads(threads: int) -> int:
    return threads if threads > 0 else (os.cpu_count() or 1)


def load_llama(path: Path, *, n_threads: int, n_ctx: int, seed: int) -> _Loaded:
    """Load the GGUF once per process and share it (loading takes seconds and ~1 GB of RAM).

    Keyed by (path, threads, context, seed): those are fixed when the context is created.

    Raises:
        ConfigError: llama-cpp-python is not installed, or the file cannot be loaded.
    """
    key = (str(Path(path).resolve()), n_threads, n_ctx, seed)
    with _CACHE_LOCK:
        loaded = _CACHE.get(key)
        if loaded is not None:
            return loaded
        llama_cls = _import_llama()
        logger.info("loading local model %s (threads=%d, context=%d)", path, n_threads, n_ctx)
        try:
            # chat_format=None: llama-cpp-python takes the chat template stored in the GGUF
            # (Qwen's ChatML, with <|im_end|> as a stop token) rather than a guessed one.
            llama = llama_cls(
                model_path=str(path),
                n_ctx=n_ctx,
                n_threads=n_threads,
                n_threads_batch=n_threads,
                seed=seed,
                chat_format=None,
                verbose=False,
            )
        except (ValueError, RuntimeError, OSError) as e:
            raise ConfigError(f"could not load the local model {path}: {e}") from e
        loaded = _Loaded(llama=llama, lock=threading.Lock())
        _CACHE[key] = loaded
        return loaded


def _import_llama() -> Any:
    # ggml's OpenMP worker threads spin-wait between operations. When the cores are shared
    # (other processes, the sandbox worker, a test run) a spinning thread burns the time slice
    # that the thread it waits for needs: measured here with 2 threads on 2 busy cores,
    # generation fell from 3.6 tokens/s (sleeping waits) to 0.4 (spinning). A value the user
    # set wins. It only takes effect before the OpenMP runtime loads, i.e. the first import.
    os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
    try:
        from llama_cpp import Llama
    except ImportError as e:
        raise ConfigError(
            "the local model needs llama-cpp-python, which is not installed; run "
            "`bash scripts/setup.sh` (builds it once and caches the wheel), or "
            '`CMAKE_ARGS="-DGGML_NATIVE=OFF" pip install -e ".[local]"`; '
            "or choose a hosted model with GRRAF_MODEL, e.g. openai:gpt-4o-mini"
        ) from e
    return Llama


def _text(content: str | list[str | dict[str, Any]]) -> str:
    """Flatten LangChain message content (a string or content blocks) to plain text."""
    if isinstance(content, str):
        return content
    parts: list[str] = []
    for block in content:
        if isinstance(block, str):
            parts.append(block)
        elif block.get("type") == "text":
            parts.append(str(block.get("text", "")))
        else:
            raise ValueError(f"the local model takes text only, got a {block.get('type')!r} block")
    return "".join(parts)


def to_llama_messages(messages: list[BaseMessage]) -> list[dict[str, str]]:
    """Convert LangChain messages to llama-cpp chat dicts.

    >>> to_llama_messages([SystemMessage("be brief"), HumanMessage("hi")])
    [{'role': 'system', 'content': 'be brief'}, {'role': 'user', 'content': 'hi'}]

    Raises:
        ValueError: a message type the chat template has no role for (tool calls, images).
    """
    converted = []
    for message in messages:
        if isinstance(message, SystemMessage):
            role = "system"
        elif isinstance(message, HumanMessage):
            role = "user"
        elif isinstance(message, AIMessage):
            role = "assistant"
        elif isinstance(message, ChatMessage) and message.role in {"system", "user", "assistant"}:
            role = message.role
        else:
            raise ValueError(f"the local model cannot take a {type(message).__name__} message")
        converted.append({"role": role, "content": _text(message.content)})
    return converted


class ChatLocalLlama(BaseChatModel):
    """A LangChain chat model running a GGUF file in process with llama-cpp-python.

    Greedy decoding (temperature 0) with a fixed seed, so answers are repeatable; a call may ask
    for another ``temperature`` and ``seed`` (a retry that must not repeat itself). The loaded
    model is shared by every instance with the same path, threads, context and seed.

    Attributes:
        model_path: the GGUF file.
        n_threads: CPU threads (0 means all cores).
        n_ctx: context window in tokens (prompt plus answer).
        max_tokens: default cap on generated tokens; a ``max_tokens=`` call argument overrides it.
        seed: sampling seed.
    """

    model_path: str
    n_threads: int = 0
    n_ctx: int = 4096
    max_tokens: int = 512
    seed: int = 0

    @property
    def _llm_type(self) -> str:
        return "llama-cpp-local"

    @property
    def model_name(self) -> str:
        """The file's stem, e.g. ``qwen2.5-coder-1.5b-instruct-q4_k_m``."""
        return Path(self.model_path).stem

    @property
    def _identifying_params(self) -> dict[str, Any]:
        return {"model_name": self.model_name, "n_ctx": self.n_ctx, "max_tokens": self.max_tokens, "seed": self.seed}

    def _get_ls_params(self, stop: list[str] | None = None, **kwargs: Any) -> Any:
        params = super()._get_ls_params(stop=stop, **kwargs)
        params["ls_provider"] = "llama-cpp"
        params["ls_model_name"] = self.model_name
        params["ls_temperature"] = 0.0
        params["ls_max_tokens"] = kwargs.get("max_tokens", self.max_tokens)
        return params

    #: Structured replies need no wrapping (see grraf.llm.calls.NATIVE_JSON).
    grraf_native_json: ClassVar[bool] = True

    def with_structured_output(  # type: ignore[override]
        self, schema: dict[str, Any], *, include_raw: bool = False, **kwargs: Any
    ) -> Runnable[Any, Any]:
        """Replies constrained to the JSON ``schema`` by llama.cpp's grammar-based decoding.

        LangChain's default implementation needs tool calling, which a local GGUF chat template
        does not offer; a grammar is the stronger guarantee anyway (the reply cannot leave it).
        """
        return structured_runnable(self.bind(response_format={"type": "json_object", "schema": schema}), include_raw)

    def _loaded(self) -> _Loaded:
        return load_llama(
            Path(self.model_path),
            n_threads=_resolve_threads(self.n_threads),
            n_ctx=self.n_ctx,
            seed=self.seed,
        )

    def _generate(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: CallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> ChatResult:
        loaded = self._loaded()
        max_tokens = int(kwargs.get("max_tokens", self.max_tokens))
        extra: dict[str, Any] = {}
        if kwargs.get("response_format") is not None:
            # llama.cpp compiles the JSON schema into a grammar: the reply cannot leave it.
            extra["response_format"] = kwargs["response_format"]
        with loaded.lock:
            try:
                response = loaded.llama.create_chat_completion(
                    messages=to_llama_messages(messages),
                    temperature=float(kwargs.get("temperature", 0.0)),
                    seed=int(kwargs.get("seed", self.seed)),
                    max_tokens=max_tokens,
                    stop=stop or [],
                    **extra,
                )
            except ValueError as e:
                # llama-cpp raises ValueError when the prompt does not fit the context window.
                raise LLMError(f"local model failed: {e} (context window is {self.n_ctx} tokens)") from e
        choice = response["choices"][0]
        usage = response.get("usage") or {}
        input_tokens = int(usage.get("prompt_tokens", 0))
        output_tokens = int(usage.get("completion_tokens", 0))
        message = AIMessage(
            content=choice["message"].get("content") or "",
            usage_metadata={
                "input_tokens": input_tokens,
                "output_tokens": output_tokens,
                "total_tokens": int(usage.get("total_tokens", input_tokens + output_tokens)),
            },
            response_metadata={
                "finish_reason": choice.get("finish_reason"),
                "model_name": self.model_name,
                "model_provider": "llama-cpp",
            },
        )
        return ChatResult(generations=[ChatGeneration(message=message)], llm_output={"model_name": self.model_name})


def local_chat_model(settings: Settings) -> ChatLocalLlama:
    """The offline default chat model, built from ``settings``; never touches the network.

    The model is loaded lazily, on the first call, and then shared.

    Raises:
        ConfigError: the model file is not installed under ``settings.home``, or
            llama-cpp-python is not importable.
    """
    path = model_path(settings.home, QWEN_CODER_1_5B)
    if not path.is_file():
        raise ConfigError(
            f"the local model is not installed (looked for {path}); run `bash scripts/setup.sh` "
            "or `python -m grraf.llm.install`, or choose a hosted model with GRRAF_MODEL, "
            "e.g. openai:gpt-4o-mini"
        )
    _import_llama()  # fail now, with the how-to-install message, not on the first question
    return ChatLocalLlama(
        model_path=str(path),
        n_threads=settings.llm_threads,
        n_ctx=settings.llm_context,
        max_tokens=settings.llm_max_tokens,
        seed=settings.seed,
    )
