"""Run generated Python against in-memory graphs: a warm, jailed worker that forks one child per attempt.

Process layout::

    grraf (holds API keys, the caller's memory)
      │ pipes only: pickled graphs in once, then JSON requests in / JSON outcomes out
      └─ bwrap (fresh process, empty environment) ─► worker (python -I -S; graphs frozen read-only)
                                                      └─ os.fork() per attempt ─► child: limits, seccomp
                                                           allowlist, audit hook, exec(code)

**The jail is the security boundary** (:mod:`grraf.sandbox.jail`: bubblewrap namespaces, a
read-only view of only the interpreter and the graph libraries, no secrets; plus a seccomp allowlist
in each child whose refusals the kernel reports to the worker, see
:mod:`grraf.sandbox.jailed.python_runner`). The static check here
(:func:`grraf.sandbox.policy.check_python`) and the restricted builtins and audit hook in the child
exist only to give the LLM early, precise messages; escaping them reaches nothing.

Why this shape: the worker loads the graphs once and forks per attempt, so an attempt costs a fork
(copy-on-write, milliseconds) instead of re-loading the graph; a crashed or killed child never harms
the worker; the wall-clock limit is a plain SIGKILL.

Why pickle into the jail is acceptable: pickle runs code chosen by whoever *writes* the stream. Here
grraf (the trusted side) pickles the user's own graphs and the jail unpickles them; nothing pickled
ever travels back. Everything coming out of the jail is JSON, size-limited and depth-limited, and
parsed as untrusted input (:func:`grraf.sandbox.jailed.proto.loads_bounded`).
"""

from __future__ import annotations

import logging
import pickle
import threading
import time
import types
from collections.abc import Mapping
from typing import Any

from grraf.errors import CodeFailed, CodeRejected, CodeTimeout, SandboxError
from grraf.sandbox.jail import JailProcess, JailSpec, warn_unjailed
from grraf.sandbox.jailed import proto
from grraf.sandbox.jailed.python_runner import (
    MAX_ANSWER_ITEMS,
    MAX_ERROR_CHARS,
    MAX_RESULT_BYTES,
    PRELOAD_MODULES,
    validate_outcome,
)
from grraf.sandbox.policy import DEFAULT_ALLOWED_IMPORTS, SAFE_DUNDER_ATTRIBUTES, check_python
from grraf.types import Execution

__all__ = ["MAX_ANSWER_ITEMS", "MAX_ERROR_CHARS", "SandboxWorker", "check_python"]

logger = logging.getLogger(__name__)

#: Seconds the caller waits beyond ``timeout`` before declaring the worker itself hung.
WORKER_GRACE_SECONDS = 30.0
#: Largest reply read from the worker: the child's bounded result plus the worker's envelope.
MAX_REPLY_BYTES = MAX_RESULT_BYTES + 64 * 1024
#: Libraries every Python jail exposes, whatever the allow-list says.
JAIL_MODULES: tuple[str, ...] = ("networkx", "numpy", "scipy")

UNREADABLE_RESULT = "The sandboxed process returned an unreadable result."


def _describe_namespace(namespace: Mapping[str, Any]) -> str:
    """``G: 10000 nodes, 50000 edges`` for time-out messages (the LLM should pick a faster algorithm)."""
    parts = []
    for name, value in namespace.items():
        if isinstance(value, types.ModuleType):  # `nx` itself has number_of_nodes() too
            continue
        nodes = getattr(value, "number_of_nodes", None)
        edges = getattr(value, "number_of_edges", None)
        if callable(nodes) and callable(edges):
            parts.append(f"{name}: {nodes()} nodes, {edges()} edges")
    return "; ".join(parts)


class SandboxWorker:
    """A warm, jailed worker that runs generated Python against ``namespace`` in forked children.

    Example:
        >>> import networkx as nx
        >>> with SandboxWorker({"G": nx.path_graph(4)}) as worker:  # doctest: +SKIP
        ...     worker.run("answer = G.number_of_edges()", timeout=5).value
        3

    The namespace is copied into the jail when the worker starts: later changes to the graphs in the
    calling process are not seen by attempts. Inside the jail the graphs are read-only.

    Args:
        namespace: variable name -> graph (or module, e.g. ``{"nx": networkx}``) the code sees.
        memory_limit_mb: memory one attempt may add on top of the worker's.
        allowed_imports: top-level modules the code may import.
        unsafe_no_jail: run without bubblewrap (``GRRAF_UNSAFE_NO_JAIL``); logs a warning at every use.

    Raises:
        JailUnavailable: bubblewrap, user namespaces or libseccomp's binding are missing (with the fix).
        SandboxError: the graphs cannot be sent into the jail, or the worker failed to start.
    """

    def __init__(
        self,
        namespace: Mapping[str, Any],
        *,
        memory_limit_mb: int = 4096,
        allowed_imports: frozenset[str] = DEFAULT_ALLOWED_IMPORTS,
        unsafe_no_jail: bool = False,
    ) -> None:
        self._allowed_imports = allowed_imports
        self._unsafe = unsafe_no_jail
        self._lock = threading.Lock()
        self._graphs = _describe_namespace(namespace)
        self._closed = False
        modules = {name: value.__name__ for name, value in namespace.items() if isinstance(value, types.ModuleType)}
        data = {name: value for name, value in namespace.items() if name not in modules}
        try:
            payload = pickle.dumps(data, protocol=pickle.HIGHEST_PROTOCOL)
        except Exception as e:  # lambdas or open files among the attributes, ...
            raise SandboxError(
                f"the graphs cannot be sent into the sandbox (their attributes must be plain data): {e}"
            ) from e
        needed = set(JAIL_MODULES) | set(modules.values()) | set(allowed_imports)
        spec = JailSpec(runner="python", modules=tuple(sorted(needed)), unsafe_no_jail=unsafe_no_jail)
        config = {
            "memory_limit_mb": memory_limit_mb,
            "allowed_imports": sorted(allowed_imports),
            "safe_dunders": sorted(SAFE_DUNDER_ATTRIBUTES),
            "modules": modules,
            "preload": list(PRELOAD_MODULES),
        }
        self._jail = JailProcess(spec, config, payload, what="the Python sandbox")
        logger.debug("sandbox worker %s ready (%s)", self._jail.pid, self._graphs)

    @property
    def pid(self) -> int | None:
        """Process id of the jail (bubblewrap; the worker and its children run inside it)."""
        return self._jail.pid

    @property
    def start_seconds(self) -> float:
        """Seconds from starting the jail to the worker's ready message (load, preload, self-test)."""
        return self._jail.start_seconds

    @property
    def start_timings(self) -> dict[str, float]:
        """Seconds the worker spent starting, by phase (preload, load, freeze, self_test)."""
        return dict(self._jail.start_timings)

    @property
    def alive(self) -> bool:
        """Whether the worker process is running and usable."""
        return not self._closed and self._jail.alive

    def run(self, code: str, timeout: float) -> Execution:
        """Check and run ``code``; return the value of its ``answer`` variable.

        Args:
            code: generated Python; it sees the namespace's variables (``G``, ...) and must set ``answer``.
            timeout: wall-clock seconds before the attempt is killed.

        Raises:
            CodeRejected: the guard refused the code, or it attempted a blocked action at run time.
            CodeFailed: it raised, set no ``answer``, returned non-plain data, hit the memory limit, or
                returned something unreadable.
            CodeTimeout: it ran past ``timeout``.
            SandboxError: the worker itself is closed, died or hung.
        """
        check_python(code, self._allowed_imports)
        if self._unsafe:
            warn_unjailed("generated Python")
        with self._lock:
            if self._closed:
                raise SandboxError("the sandbox worker is closed")
            started = time.perf_counter()
            try:
                reply = self._jail.request(
                    {"code": code, "timeout": float(timeout)},
                    timeout + WORKER_GRACE_SECONDS,
                    limit=MAX_REPLY_BYTES,
                )
            except proto.FrameError as e:
                self._closed = True  # the worker said something it never says: do not trust it again
                raise CodeFailed(UNREADABLE_RESULT) from e
            except SandboxError:
                self._closed = True
                raise
            seconds = time.perf_counter() - started
        return self._to_execution(reply, timeout, seconds)

    def _to_execution(self, reply: Any, timeout: float, seconds: float) -> Execution:
        if isinstance(reply, dict) and reply.get("blocked"):
            logger.warning(
                "generated code attempted blocked system calls: %s", ", ".join(map(str, reply["blocked"]))[:500]
            )
        outcome = validate_outcome(reply, allow=("ok", "error", "rejected", "timeout", "worker-error"))
        if outcome is None:
            raise CodeFailed(UNREADABLE_RESULT)
        status = outcome["status"]
        if status == "ok":
            return Execution(
                value=outcome["value"], seconds=seconds, truncated=outcome["truncated"], note=outcome["note"]
            )
        if status == "rejected":
            raise CodeRejected(outcome["message"])
        if status == "timeout":
            size = f" The graph sizes are: {self._graphs}." if self._graphs else ""
            raise CodeTimeout(
                f"The code did not finish within {timeout:g} seconds and was stopped. "
                f"Use a faster algorithm or a networkx built-in.{size}",
                seconds=timeout,
            )
        if status == "worker-error":
            raise SandboxError(outcome["message"])
        raise CodeFailed(outcome["message"])

    def close(self) -> None:
        """Stop the worker. Safe to call more than once."""
        self._closed = True
        self._jail.close()

    def __enter__(self) -> SandboxWorker:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
