"""The jailed Cypher worker for ladybug: one read-only database, generated queries in, rows out.

Runs inside bubblewrap (see :mod:`grraf.sandbox.jail`) with a view of nothing but the interpreter,
the ``ladybug`` package and the database file(s), bound read-only; no ``/tmp``, no network, no home
directory. So ``LOAD FROM '/etc/passwd'`` finds no file, ``COPY … TO``/``EXPORT DATABASE`` have
nowhere to write, ``INSTALL`` has no network, and ``CHECKPOINT`` cannot touch the file. On top of
that the database is opened read-only, the process has an address-space limit (``UNWIND range(1,
3e9)`` fails with ``bad_alloc`` instead of exhausting the machine), each query has ladybug's own
time-out (grraf also kills the worker if it does not answer), and once the database is open the
process installs the same seccomp allowlist as the Python children (refusing with EPERM; all of
ladybug's threads included).

A query that leaves the connection unusable (a crash, a "panic" state) ends the worker; grraf starts
a fresh one for the next query.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import decimal
import os
import resource
import time
import uuid
from typing import Any

from . import proto
from .python_runner import MAX_REQUEST_BYTES, build_filter, finish_filter

#: Longest error message fed back to the LLM.
MAX_MESSAGE_CHARS = 3_000


def shape_rows(columns: list[str], rows: list[list[Any]]) -> Any:
    """Shape a result: one cell → scalar, one column → list, else list of dicts; all JSON-able.

    >>> shape_rows(["answer"], [[3]])
    3
    >>> shape_rows(["x"], [[1], [2]])
    [1, 2]
    >>> shape_rows(["a", "b"], [[1, "x"]])
    [{'a': 1, 'b': 'x'}]
    """
    if len(columns) == 1:
        values = [jsonable(r[0]) for r in rows]
        return values[0] if len(values) == 1 else values
    return [{c: jsonable(v) for c, v in zip(columns, r, strict=False)} for r in rows]


def jsonable(value: Any) -> Any:
    """Turn ladybug values (nodes, rels, paths, dates, decimals) into plain JSON values."""
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, float):
        return value if value == value and value not in (float("inf"), float("-inf")) else str(value)
    if isinstance(value, decimal.Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    if isinstance(value, dict):
        if "_NODES" in value and "_RELS" in value:
            return {
                "nodes": [jsonable(n) for n in value["_NODES"]],
                "relationships": [jsonable(r) for r in value["_RELS"]],
            }
        if "_LABEL" in value and "_ID" in value:
            key = "_type" if "_SRC" in value else "_label"
            out = {key: value["_LABEL"]}
            out.update({k: jsonable(v) for k, v in value.items() if not k.startswith("_")})
            return out
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set):
        return [jsonable(v) for v in value]
    if isinstance(value, dt.timedelta):
        return value.total_seconds()
    if isinstance(value, dt.date | dt.time):
        return value.isoformat()
    if isinstance(value, uuid.UUID):
        return str(value)
    if isinstance(value, bytes):
        return value.hex()
    if hasattr(value, "item"):  # numpy scalars
        return jsonable(value.item())
    return str(value)


def _classify(message: str) -> str:
    if message.startswith("Interrupted"):
        return "timeout"
    if "read-only" in message:
        return "rejected"
    return "failed"


def _run(conn: Any, query: str, timeout: float, row_cap: int) -> dict[str, Any]:
    started = time.perf_counter()
    conn.set_query_timeout(max(1, int(timeout * 1000)))
    try:
        result = conn.execute(query)
    except RuntimeError as e:
        return {"status": "error", "kind": _classify(str(e)), "message": str(e)[:MAX_MESSAGE_CHARS]}
    if isinstance(result, list):  # several statements
        for r in result:
            r.close()
        return {"status": "error", "kind": "rejected", "message": "multiple statements are not allowed; send one"}
    try:
        columns = result.get_column_names()
        rows: list[list[Any]] = []
        truncated = False
        while result.has_next():
            if len(rows) >= row_cap:
                truncated = True
                break
            rows.append(list(result.get_next()))
    except RuntimeError as e:
        return {"status": "error", "kind": _classify(str(e)), "message": str(e)[:MAX_MESSAGE_CHARS]}
    finally:
        result.close()
    return {
        "status": "ok",
        "value": shape_rows(columns, rows),
        "truncated": truncated,
        "seconds": time.perf_counter() - started,
    }


def _healthy(conn: Any) -> bool:
    try:
        result = conn.execute("RETURN 1")
        ok = not isinstance(result, list) and result.has_next() and list(result.get_next()) == [1]
        result.close()
        return bool(ok)
    except Exception:
        return False


def main(requests: int, replies: int) -> None:
    """Open the database, arm the limits, then answer queries until told to stop."""
    try:
        config = proto.loads_bounded(proto.read_frame(requests, limit=MAX_REQUEST_BYTES))
        import ladybug

        db = ladybug.Database(
            config["database"],
            read_only=True,
            buffer_pool_size=int(config["buffer_pool_bytes"]),
            max_db_size=int(config["max_db_size"]),
        )
        conn = ladybug.Connection(db)
        with contextlib.suppress(RuntimeError):  # an older ladybug without the setting keeps its default
            conn.execute(f"CALL var_length_extend_max_depth={int(config['max_depth'])}")
        # Address space: what is mapped now (the interpreter, the engine, its buffer pool and database
        # reservations) plus the budget for query memory.
        with open("/proc/self/statm") as f:
            mapped = int(f.read().split()[0]) * resource.getpagesize()
        limit = mapped + int(config["memory_limit_mb"]) * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
        resource.setrlimit(resource.RLIMIT_FSIZE, (0, 0))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        import seccomp

        devnull = os.open(os.devnull, os.O_RDWR)  # opened now: the allowlist refuses write-opens
        f = build_filter(seccomp, notify=False)
        finish_filter(seccomp, f, os.getpid())
        f.set_attr(seccomp.Attr.CTL_TSYNC, 1)  # ladybug's thread pool is already running
        f.load()
        if not _healthy(conn):
            raise RuntimeError("the database does not answer `RETURN 1` after arming the sandbox")
    except BaseException as e:
        with contextlib.suppress(OSError):
            proto.write_frame(replies, proto.dumps({"ready": False, "error": f"{type(e).__name__}: {e}"[:2000]}))
        os._exit(1)
    proto.write_frame(replies, proto.dumps({"ready": True}))
    os.dup2(devnull, 1)
    os.dup2(devnull, 2)
    os.close(devnull)
    while True:
        try:
            request = proto.loads_bounded(proto.read_frame(requests, limit=MAX_REQUEST_BYTES))
        except (proto.FrameError, OSError):
            break
        if not isinstance(request, dict) or request.get("stop"):
            break
        try:
            reply = _run(conn, str(request["query"]), float(request["timeout"]), int(request["row_cap"]))
        except MemoryError:
            reply = {"status": "error", "kind": "failed", "message": "the query exceeded the memory limit"}
        broken = reply["status"] != "ok" and not _healthy(conn)
        if broken:
            reply["broken"] = True
        try:
            data = proto.dumps(reply)
        except (TypeError, ValueError) as e:
            data = proto.dumps({"status": "error", "kind": "failed", "message": f"unencodable result: {e}"})
        try:
            proto.write_frame(replies, data)
        except OSError:
            break
        if broken:
            break
    os._exit(0)
