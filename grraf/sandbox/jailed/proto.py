"""Length-prefixed frames over pipes, and a defensive JSON reader, for both sides of the jail.

A frame is an 8-byte big-endian length followed by that many bytes. JSON frames carry everything
except the one pickle the trusted side sends into the jail at start (see :mod:`grraf.sandbox.worker`).

Doctest:
    >>> import os
    >>> r, w = os.pipe()
    >>> write_frame(w, b'{"a": [1, 2]}')
    >>> loads_bounded(read_frame(r, limit=100))
    {'a': [1, 2]}
"""

from __future__ import annotations

import json
import os
import struct
from typing import Any

HEADER = struct.Struct(">Q")


class FrameError(Exception):
    """A frame was truncated, too large or not readable as the expected data."""


def write_frame(fd: int, payload: bytes) -> None:
    """Write one frame (blocking) to ``fd``."""
    view = memoryview(HEADER.pack(len(payload)) + payload)
    while view:
        written = os.write(fd, view)
        view = view[written:]


def read_exact(fd: int, size: int) -> bytes:
    """Read exactly ``size`` bytes (blocking); FrameError on end of file."""
    chunks: list[bytes] = []
    remaining = size
    while remaining:
        chunk = os.read(fd, min(remaining, 1 << 20))
        if not chunk:
            raise FrameError("the other side closed the channel")
        chunks.append(chunk)
        remaining -= len(chunk)
    return b"".join(chunks)


def read_frame(fd: int, *, limit: int) -> bytes:
    """Read one frame (blocking); FrameError when it announces more than ``limit`` bytes."""
    (size,) = HEADER.unpack(read_exact(fd, HEADER.size))
    if size > limit:
        raise FrameError(f"a frame of {size} bytes exceeds the limit of {limit}")
    return read_exact(fd, size)


def _refuse_constant(name: str) -> Any:
    raise FrameError(f"non-standard JSON constant {name}")


def json_depth(value: Any, limit: int) -> int:
    """Nesting depth of parsed JSON, computed without recursion; FrameError beyond ``limit``.

    >>> json_depth([1, {"a": [2]}], 10)
    3
    """
    deepest = 0
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict | list):
            depth += 1
            if depth > limit:
                raise FrameError(f"the data is nested more than {limit} levels deep")
            deepest = max(deepest, depth)
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, depth) for child in children)
    return deepest


def loads_bounded(data: bytes, *, max_depth: int = 64) -> Any:
    """Parse JSON from the other side of the boundary as untrusted input.

    Refuses invalid UTF-8, NaN/Infinity, anything nested deeper than ``max_depth`` and input that
    exhausts the parser's recursion (a 300,000-deep list), always as :class:`FrameError`, never
    by crashing the reader.
    """
    try:
        value = json.loads(data.decode("utf-8"), parse_constant=_refuse_constant)
    except (UnicodeDecodeError, ValueError, RecursionError, MemoryError) as e:
        raise FrameError(f"unreadable JSON: {type(e).__name__}") from None
    json_depth(value, max_depth)
    return value


def dumps(value: Any) -> bytes:
    """Compact JSON bytes (NaN/Infinity refused: they are not JSON)."""
    return json.dumps(value, allow_nan=False, separators=(",", ":")).encode()
