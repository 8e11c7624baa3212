"""Edge-list files: the I/O half (the parsing lives in :mod:`grraf.parse.edgelist`).

``read_edges`` returns an :class:`~grraf.parse.edgelist.EdgeTable` whose DataFrame other
loaders bulk-import into ladybug and Neo4j; ``read_graph`` turns it into NetworkX.

Input size is capped: a file (for ``.gz``, its decompressed content) larger than
:func:`max_input_bytes` is refused with a one-line error before it fills memory. A 285 KB
``.gz`` can decompress to gigabytes; the cap is read while decompressing, in chunks, so such a
file costs at most the cap. Default 1024 MiB; set ``GRRAF_MAX_INPUT_MB`` or pass ``max_bytes``.
"""

from __future__ import annotations

import gzip
import logging
import os
import zlib
from pathlib import Path

import networkx as nx

from grraf.errors import GraphInputError
from grraf.parse.edgelist import EXPECTED_COLUMNS, EdgeTable, parse_edgelist

__all__ = ["EdgeTable", "max_input_bytes", "read_edges", "read_graph"]

log = logging.getLogger(__name__)

DEFAULT_MAX_INPUT_MB = 1024
_CHUNK = 1 << 20


def max_input_bytes() -> int:
    """The input cap in bytes: ``$GRRAF_MAX_INPUT_MB`` MiB, default 1024 MiB.

    Raises:
        GraphInputError: the variable is not a positive whole number.
    """
    raw = os.environ.get("GRRAF_MAX_INPUT_MB", "").strip()
    if not raw:
        return DEFAULT_MAX_INPUT_MB << 20
    if not raw.isdigit() or int(raw) < 1:
        raise GraphInputError(
            "GRRAF_MAX_INPUT_MB must be a positive whole number of MiB", source="environment", found=raw
        )
    return int(raw) << 20


def _too_big(path: Path, cap: int, what: str) -> GraphInputError:
    return GraphInputError(
        f"{what} more than {cap:,} bytes, the input cap (raise it with GRRAF_MAX_INPUT_MB or --max-input-mb)",
        source=str(path),
        expected=f"an edge list of at most {cap:,} bytes",
    )


def _read_bytes(path: Path, cap: int) -> bytes:
    """The file's bytes (``.gz`` files decompressed), at most ``cap`` of them; OS errors become GraphInputError.

    Only regular files are read: a device such as ``/dev/zero`` or a FIFO never ends.
    """
    try:
        if path.is_dir():
            raise IsADirectoryError(str(path))
        if not path.exists():
            raise FileNotFoundError(str(path))
        if not path.is_file():
            raise GraphInputError("is not a regular file", source=str(path), expected="an edge-list file")
        compressed = path.suffix == ".gz"
        # Read in chunks and stop past the cap: gzip.decompress would build the whole output
        # first (a 285 KB bomb became 767 MB resident), and a file may grow while it is read.
        chunks: list[bytes] = []
        size = 0
        with gzip.open(path, "rb") if compressed else path.open("rb") as f:
            while chunk := f.read(_CHUNK):
                size += len(chunk)
                if size > cap:
                    raise _too_big(path, cap, "the file decompresses to" if compressed else "the file holds")
                chunks.append(chunk)
        return b"".join(chunks)
    except FileNotFoundError as e:
        raise GraphInputError("file not found", source=str(path), expected="an edge-list file") from e
    except IsADirectoryError as e:
        raise GraphInputError("is a directory, not a file", source=str(path), expected="an edge-list file") from e
    except (OSError, EOFError, zlib.error) as e:  # permissions, a truncated or corrupt .gz, ...
        raise GraphInputError(f"cannot read the file: {e}", source=str(path), expected=EXPECTED_COLUMNS) from e


def read_edges(
    path: str | Path,
    *,
    directed: bool = False,
    weight_column: str | int | None = None,
    delimiter: str | None = None,
    header: bool | None = None,
    max_bytes: int | None = None,
) -> EdgeTable:
    """Read an edge-list file (whitespace, CSV or TSV; optional header, weights, ``#`` comments).

    The whole file is read as bytes and handed to the parser in one piece (no per-line Python).

    Args:
        path: the file; ``.gz`` is decompressed.
        directed: whether the edges are directed.
        weight_column: header name or 0-based index of the weight column; see
            :func:`grraf.parse.edgelist.parse_edgelist` for the default.
        delimiter: field separator; None detects it.
        header: whether the first non-comment line is a header; None detects it.
        max_bytes: refuse input (decompressed) larger than this; None means :func:`max_input_bytes`.

    Returns:
        The edges as an :class:`EdgeTable` (``source`` is the path). Repeated edges and negative
        weights are kept and counted (``duplicate_edges``, ``negative_weights``).

    Raises:
        GraphInputError: missing or unreadable file, a directory, input over the cap, or bad
            content (with its line number).
    """
    path = Path(path)
    table = parse_edgelist(
        _read_bytes(path, max_bytes if max_bytes is not None else max_input_bytes()),
        directed=directed,
        weight_column=weight_column,
        delimiter=delimiter,
        source=str(path),
        header=header,
    )
    log.info("read %d edges from %s", table.num_edges, path)
    return table


def read_graph(
    path: str | Path,
    *,
    directed: bool = False,
    weight_column: str | int | None = None,
    delimiter: str | None = None,
    header: bool | None = None,
    keep_duplicates: bool = False,
    max_bytes: int | None = None,
) -> nx.Graph:
    """``read_edges(...).to_networkx()``: a ``networkx.Graph``, or ``DiGraph`` when directed.

    A repeated edge collapses into one (the last weight wins) unless ``keep_duplicates``, which
    builds a ``MultiGraph``/``MultiDiGraph`` with the repeats as parallel edges.
    """
    table = read_edges(
        path, directed=directed, weight_column=weight_column, delimiter=delimiter, header=header, max_bytes=max_bytes
    )
    if table.duplicate_edges:
        log.info(
            "%s: %d repeated edge(s) %s",
            path,
            table.duplicate_edges,
            "kept as parallel edges" if keep_duplicates else "collapsed (keep_duplicates=True keeps them)",
        )
    return table.to_networkx(keep_duplicates=keep_duplicates)
