"""One error tree for grraf.

Two families, following smolagents' split:

* :class:`CodeError` and its children are caused by code the LLM wrote. The agent
  catches them and feeds the message back to the LLM; they never reach the user.
* Everything else (:class:`ConfigError`, :class:`GraphInputError`, :class:`StoreError`,
  :class:`LLMError`) is an infrastructure problem: it is raised to the caller, and the
  CLI maps it to a one-line message and an exit code.

Foreign exceptions are wrapped with ``raise ... from e`` so the cause stays visible.
"""

from __future__ import annotations

from typing import Literal

AttemptStatus = Literal["ok", "error", "timeout", "rejected", "repeated", "empty"]


class GrrafError(Exception):
    """Root of every error grraf raises on purpose."""

    exit_code = 1


class ConfigError(GrrafError):
    """Unusable configuration: no model, unknown backend, bad option value."""

    exit_code = 2


class GraphInputError(GrrafError):
    """A graph file or graph text could not be read.

    Carries where the problem is so the message can point at it.

    Attributes:
        source: file path or a short description such as ``"question text"``.
        line: 1-based line number of the offending line, when known.
        expected: what the reader expected to find there.
        found: the offending text (shortened), when known.
    """

    exit_code = 3

    def __init__(
        self,
        message: str,
        *,
        source: str | None = None,
        line: int | None = None,
        expected: str | None = None,
        found: str | None = None,
    ) -> None:
        self.source = source
        self.line = line
        self.expected = expected
        self.found = found
        where = source or ""
        if line is not None:
            where = f"{where}:{line}" if where else f"line {line}"
        parts = [f"{where}: {message}" if where else message]
        if expected:
            parts.append(f"expected {expected}")
        if found is not None:
            shown = found if len(found) <= 80 else found[:77] + "..."
            parts.append(f"found {shown!r}")
        super().__init__("; ".join(parts))


class StoreError(GrrafError):
    """A graph store failed for reasons that are not the generated code's fault
    (connection refused, authentication, missing database, missing graph name)."""

    exit_code = 4


class LLMError(GrrafError):
    """The LLM provider failed after retries, or is not reachable."""

    exit_code = 5


class SandboxError(GrrafError):
    """The sandbox itself broke (worker died, could not fork): infrastructure, not code."""

    exit_code = 6


class JailUnavailable(SandboxError):
    """The jail cannot start on this machine (no bubblewrap, user namespaces disabled, no libseccomp
    binding). The message names what is missing and how to fix it; grraf never silently runs
    generated code without the jail (the only way is the explicit ``GRRAF_UNSAFE_NO_JAIL=1``)."""


class CodeError(GrrafError):
    """An error caused by generated code. Fed back to the LLM, never raised to users."""

    status: AttemptStatus = "error"


class CodeRejected(CodeError):
    """The guard refused the code before it ran (forbidden import, write query, ...)."""

    status: AttemptStatus = "rejected"


class CodeFailed(CodeError):
    """The code ran and raised, or produced no usable ``answer``."""

    status: AttemptStatus = "error"


class CodeRepeated(CodeError):
    """The LLM sent code that already ran in an earlier attempt; it is not run again.

    Attributes:
        code: the repeated code, for the trace.
    """

    status: AttemptStatus = "repeated"

    def __init__(self, message: str, *, code: str = "") -> None:
        self.code = code
        super().__init__(message)


class CodeFoundNothing(CodeError):
    """LLM-written Cypher ran on a property graph and found nothing (no rows, null, an empty list or a
    count of 0): asked again once, since a pattern or value that matches nothing is what such a result
    almost always means.

    Attributes:
        value: what the query returned, kept in case the LLM stands by it.
        notes: what the query compares to a string no node holds, said with what the data holds.
    """

    status: AttemptStatus = "empty"

    def __init__(self, message: str, *, value: object = None, notes: tuple[str, ...] = ()) -> None:
        self.value = value
        self.notes = notes
        super().__init__(message + "".join(f"; {note}" for note in notes))


class CodeTimeout(CodeError):
    """The code ran past its wall-clock limit and was killed."""

    status: AttemptStatus = "timeout"

    def __init__(self, message: str, *, seconds: float) -> None:
        self.seconds = seconds
        super().__init__(message)
