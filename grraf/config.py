"""Settings, read from the environment once and passed down explicitly.

Every field can be overridden by a CLI flag or a keyword argument; the environment
only supplies defaults, so library code never reads ``os.environ`` itself.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from grraf.errors import ConfigError


def _env_int(name: str, default: int) -> int:
    raw = os.environ.get(name)
    if raw is None or raw == "":
        return default
    try:
        return int(raw)
    except ValueError as e:
        raise ConfigError(f"{name} must be a whole number, got {raw!r}") from e


def _env_float(name: str, default: float) -> float:
    raw = os.environ.get(name)
    if raw is None or raw == "":
        return default
    try:
        return float(raw)
    except ValueError as e:
        raise ConfigError(f"{name} must be a number, got {raw!r}") from e


def _env_flag(name: str) -> bool:
    raw = os.environ.get(name, "").strip().lower()
    if raw in ("", "0", "false", "no", "off"):
        return False
    if raw in ("1", "true", "yes", "on"):
        return True
    raise ConfigError(f"{name} must be 1 or 0, got {raw!r}")


def default_home() -> Path:
    return Path(os.environ.get("GRRAF_HOME") or Path.home() / ".cache" / "grraf")


@dataclass(frozen=True)
class Settings:
    """Knobs of one grraf session.

    Attributes:
        model: LangChain model spec (``"openai:gpt-4o-mini"``) or ``"local"``; None means
            "local" (the offline default).
        max_retries: feedback rounds after the first attempt (GRRAF's n).
        timeout: wall-clock seconds per attempt (GRRAF used 300).
        memory_limit_mb: address-space limit of a sandboxed Python attempt.
        home: cache directory for the local model and built wheels.
        llm_threads: CPU threads for the local model (0 = all cores).
        llm_context: context window of the local model, in tokens.
        llm_max_tokens: cap on tokens generated per LLM call.
        seed: sampling seed; temperature is always 0.
        row_cap: most rows a Cypher query may return.
        explain: add a one-sentence natural-language answer (one more LLM call).
        fallback_max_edges: the direct fallback may show the graph to the LLM only up to this size.
        templates: offer verified templates from ``cypher_templates/`` before asking the LLM
            to draft one (off reproduces GRRAF's LLM-only template stage).
        self_check: cross-check answers of LLM-written code against a verified NetworkX
            template for the same task, when one exists; a disagreement is fed back.
        reuse: reuse verified code of an earlier question of the same shape (task, output,
            parameter names, graph kind) with the new parameters, skipping generation. Code is
            stored when it ran and a self-check agreed with it, or ran where no check exists.
        reuse_dir: where reused code is kept (default ``home / "reuse"``; ``$GRRAF_REUSE_DIR``).
        fallback: after the last failed attempt, answer directly (flagged unverified); off for the
            single-shot baseline, which then reports no answer.
        cypher_examples: worked question/query examples shown when the LLM writes a whole Cypher query
            (no task's template fits), from the property benchmark's dev questions
            (:mod:`grraf.pipeline.examples`; ``$GRRAF_CYPHER_EXAMPLES``). 0, none, by default: with
            the local 1.5B model, examples of another graph gained nothing on 20 dev questions and
            1 right against 3 without on the 19 such questions of property batch 29, for about 900
            more tokens a question (BENCHMARKS.md); a stronger model may use them.
        examples_held_out: graphs of the example library never shown (``{"movies"}``): the benchmark
            holds out the graph each question is about, as every user's own graph is.
        unsafe_no_jail: run generated code WITHOUT the bubblewrap jail (``GRRAF_UNSAFE_NO_JAIL=1``), for
            people who already run grraf inside a container of their own. Every use logs a warning;
            the seccomp allowlist still applies. Off by default, and nothing turns it on silently.
    """

    model: str | None = None
    max_retries: int = 3
    timeout: float = 300.0
    memory_limit_mb: int = 4096
    home: Path = field(default_factory=default_home)
    llm_threads: int = 0
    llm_context: int = 4096
    llm_max_tokens: int = 512
    seed: int = 0
    row_cap: int = 1000
    explain: bool = True
    fallback_max_edges: int = 300
    fallback: bool = True
    templates: bool = True
    self_check: bool = True
    reuse: bool = False
    reuse_dir: Path | None = None
    cypher_examples: int = 0
    examples_held_out: frozenset[str] = frozenset()
    unsafe_no_jail: bool = False

    @classmethod
    def from_env(cls, **overrides: Any) -> Settings:
        """Defaults from ``GRRAF_*`` variables, then ``overrides`` (None values are ignored)."""
        settings = cls(
            model=os.environ.get("GRRAF_MODEL") or None,
            max_retries=_env_int("GRRAF_MAX_RETRIES", 3),
            timeout=_env_float("GRRAF_TIMEOUT", 300.0),
            memory_limit_mb=_env_int("GRRAF_MEMORY_MB", 4096),
            home=default_home(),
            llm_threads=_env_int("GRRAF_THREADS", 0),
            llm_context=_env_int("GRRAF_CONTEXT", 4096),
            llm_max_tokens=_env_int("GRRAF_MAX_TOKENS", 512),
            seed=_env_int("GRRAF_SEED", 0),
            row_cap=_env_int("GRRAF_ROW_CAP", 1000),
            cypher_examples=_env_int("GRRAF_CYPHER_EXAMPLES", 0),
            reuse_dir=Path(os.environ["GRRAF_REUSE_DIR"]) if os.environ.get("GRRAF_REUSE_DIR") else None,
            unsafe_no_jail=_env_flag("GRRAF_UNSAFE_NO_JAIL"),
        )
        return settings.with_(**overrides)

    @property
    def reuse_path(self) -> Path:
        """The reuse store's folder: ``reuse_dir`` or ``home / "reuse"``."""
        return self.reuse_dir if self.reuse_dir is not None else self.home / "reuse"

    def with_(self, **overrides: Any) -> Settings:
        """A copy with the given fields replaced; None means 'keep'."""
        settings = replace(self, **{k: v for k, v in overrides.items() if v is not None})
        settings.validate()
        return settings

    def validate(self) -> None:
        if self.max_retries < 0:
            raise ConfigError(f"max_retries must be 0 or more, got {self.max_retries}")
        if self.timeout <= 0:
            raise ConfigError(f"timeout must be positive, got {self.timeout}")
        if self.memory_limit_mb < 64:
            raise ConfigError(f"memory limit must be at least 64 MB, got {self.memory_limit_mb}")
        if self.row_cap < 1:
            raise ConfigError(f"row cap must be at least 1, got {self.row_cap}")
        if self.cypher_examples < 0:
            raise ConfigError(f"cypher_examples must be 0 or more, got {self.cypher_examples}")
