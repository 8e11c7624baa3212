"""Edge-list files: the I/O half (the parsing lives in :mod:`grraf.parse.edgelist`).

``read_edges`` returns an :class:`~grraf.parse.edgelist.EdgeTable` whose DataFrame other
loaders bulk-import into ladybug and Neo4j; ``read_graph`` turns it into NetworkX.
"""

from __future__ import annotations

import gzip
import logging
from pathlib import Path

import networkx as nx

from grraf.errors import GraphInputError
from grraf.parse.edgelist import EXPECTED_COLUMNS, EdgeTable, parse_edgelist

__all__ = ["EdgeTable", "read_edges", "read_graph"]

log = logging.getLogger(__name__)


def _read_bytes(path: Path) -> bytes:
    """The file's bytes (``.gz`` files decompressed); OS errors become GraphInputError."""
    try:
        data = path.read_bytes()
        return gzip.decompress(data) if path.suffix == ".gz" else data
    except FileNotFoundError as e:
        raise GraphInputError("file not found", source=str(path), expected="an edge-list file") from e
    except IsADirectoryError as e:
        raise GraphInputError("is a directory, not a file", source=str(path), expected="an edge-list file") from e
    except (OSError, EOFError) as e:  # permissions, a truncated .gz, ...
        raise GraphInputError(f"cannot read the file: {e}", source=str(path), expected=EXPECTED_COLUMNS) from e


def read_edges(
    path: str | Path,
    *,
    directed: bool = False,
    weight_column: str | int | None = None,
    delimiter: str | None = None,
    header: bool | None = None,
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

    Returns:
        The edges as an :class:`EdgeTable` (``source`` is the path).

    Raises:
        GraphInputError: missing or unreadable file, or bad content (with its line number).
    """
    path = Path(path)
    table = parse_edgelist(
        _read_bytes(path),
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
) -> nx.Graph:
    """``read_edges(...).to_networkx()``: a ``networkx.Graph``, or ``DiGraph`` when directed."""
    return read_edges(
        path, directed=directed, weight_column=weight_column, delimiter=delimiter, header=header
    ).to_networkx()
