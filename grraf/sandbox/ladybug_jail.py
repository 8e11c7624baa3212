"""Run generated Cypher for the embedded ladybug store in a jailed worker (grraf's side).

The worker (:mod:`grraf.sandbox.jailed.ladybug_runner`) sees only the database file(s), read-only,
opens the database read-only, runs under an address-space limit and the seccomp allowlist, and
answers one query at a time. Only rows cross back, as bounded JSON.
"""

from __future__ import annotations

import logging
import time
from pathlib import Path
from typing import Any

from grraf.errors import CodeFailed, CodeRejected, CodeTimeout, SandboxError
from grraf.sandbox.jail import Bind, JailProcess, JailSpec, WorkerHung, warn_unjailed
from grraf.sandbox.jailed import proto
from grraf.types import Execution

logger = logging.getLogger(__name__)

#: Where the database appears inside the jail.
DB_DIR = "/db"
#: Seconds grraf waits beyond the query time-out before it kills a worker that does not answer.
GRACE_SECONDS = 10.0
#: Largest reply read from the worker.
MAX_REPLY_BYTES = 64 * 1024 * 1024


def _database_files(path: Path) -> list[Path]:
    """The database file and its companions (``g.lbug.wal`` and the like), if any."""
    files = [path]
    if path.parent.is_dir():
        files += sorted(p for p in path.parent.iterdir() if p.name.startswith(path.name + ".") and p.is_file())
    return files


def _max_db_size(files: list[Path]) -> int:
    """ladybug reserves address space for the whole database up front (8 TB by default, which no
    address-space limit could allow): reserve a power of two, at least 1 GiB and twice the data."""
    total = sum(p.stat().st_size for p in files)
    size = 1 << 30
    while size < 2 * total:
        size <<= 1
    return size


class LadybugJail:
    """A jailed ladybug worker over one database file; restarted after a crash or a hang.

    Args:
        path: the database file.
        memory_limit_mb: memory a query may use beyond the open database (also the buffer pool size).
        max_depth: ``var_length_extend_max_depth`` for the worker's connection.
        unsafe_no_jail: run the worker without bubblewrap (``GRRAF_UNSAFE_NO_JAIL``; warns at every use).
    """

    def __init__(self, path: Path, *, memory_limit_mb: int, max_depth: int, unsafe_no_jail: bool = False) -> None:
        self.path = path
        self.memory_limit_mb = memory_limit_mb
        self.max_depth = max_depth
        self.unsafe_no_jail = unsafe_no_jail
        self._jail: JailProcess | None = None

    def _start(self) -> JailProcess:
        files = _database_files(self.path)
        if self.unsafe_no_jail:
            database = str(self.path.resolve())
            binds: tuple[Bind, ...] = ()
        else:
            database = f"{DB_DIR}/{self.path.name}"
            binds = tuple(Bind(str(p.resolve()), f"{DB_DIR}/{p.name}") for p in files)
        spec = JailSpec(
            runner="ladybug", modules=("ladybug",), files=binds, tmp=False, unsafe_no_jail=self.unsafe_no_jail
        )
        config = {
            "database": database,
            "buffer_pool_bytes": self.memory_limit_mb * 1024 * 1024,
            "max_db_size": _max_db_size(files),
            "max_depth": self.max_depth,
            "memory_limit_mb": self.memory_limit_mb,
        }
        return JailProcess(spec, config, None, what="the Cypher sandbox")

    @property
    def pid(self) -> int | None:
        """Process id of the running jail, if any (for tests and monitoring)."""
        return self._jail.pid if self._jail is not None and self._jail.alive else None

    def query(self, code: str, timeout: float, row_cap: int) -> Execution:
        """Run one generated query.

        Raises:
            CodeRejected: the read-only database refused it, or several statements were sent.
            CodeTimeout: ladybug interrupted it, or the worker did not answer in time (it is killed).
            CodeFailed: ladybug raised, the query crashed the worker, or the reply was unreadable.
            SandboxError: the jail cannot start.
        """
        if self.unsafe_no_jail:
            warn_unjailed("generated Cypher")
        if self._jail is None or not self._jail.alive:
            self._jail = self._start()
        jail = self._jail
        started = time.perf_counter()
        try:
            reply = jail.request(
                {"query": code, "timeout": float(timeout), "row_cap": int(row_cap)},
                timeout + GRACE_SECONDS,
                limit=MAX_REPLY_BYTES,
            )
        except proto.FrameError as e:
            jail.kill()
            raise CodeFailed("the database returned an unreadable or oversized result") from e
        except SandboxError as e:  # WorkerHung or WorkerDied: the worker is gone either way
            jail.kill()
            if isinstance(e, WorkerHung):
                raise CodeTimeout(
                    f"query exceeded the time limit of {timeout:g} s and was stopped", seconds=timeout
                ) from e
            raise CodeFailed(
                "the query crashed the database engine (most likely it needed more memory than allowed); "
                "write a query that keeps less in memory"
            ) from e
        seconds = time.perf_counter() - started
        return self._to_execution(reply, timeout, row_cap, seconds)

    def _to_execution(self, reply: Any, timeout: float, row_cap: int, seconds: float) -> Execution:
        if not isinstance(reply, dict) or reply.get("status") not in ("ok", "error"):
            self.close()
            raise CodeFailed("the database returned an unreadable result")
        if reply.get("broken"):
            logger.info("the Cypher sandbox's connection broke after a query; it will be restarted")
            self.close()
        if reply["status"] == "ok":
            truncated = reply.get("truncated") is True
            note = f"result truncated to {row_cap} rows" if truncated else None
            return Execution(value=reply.get("value"), seconds=seconds, truncated=truncated, note=note)
        message = str(reply.get("message", ""))[:3000]
        kind = reply.get("kind")
        if kind == "timeout":
            raise CodeTimeout(f"query exceeded the time limit of {timeout:g} s and was interrupted", seconds=timeout)
        if kind == "rejected":
            raise CodeRejected(message)
        raise CodeFailed(message)

    def close(self) -> None:
        """Stop the worker, if one is running."""
        if self._jail is not None:
            self._jail.close()
            self._jail = None
