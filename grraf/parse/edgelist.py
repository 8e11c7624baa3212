"""Edge lists as text: pure parsing, no file access (the loader in ``loaders.edgelist`` reads files).

Accepted: whitespace-separated, CSV, TSV (or ``;`` / ``|``); an optional header line; an
optional weight column (the third column, or a named one when there is a header); ``#``
comments, whole-line or trailing; blank lines. The delimiter is detected from the first
non-comment lines unless given.

The work is done by ``pyarrow.csv`` on the whole text at once, never a Python loop per line:
a million edges parse in well under a second. Only when the input is bad do we walk the lines
in Python, to name the exact 1-based line of the original text (comments and blanks counted).

Rules for awkward input (each refused with ``file:line`` in one line, or stated here):

* A line longer than :data:`MAX_LINE_BYTES` (1 MiB) is refused as such: no edge needs it, and a
  file that is one huge token is not "empty".
* Weights must be finite: ``nan``, ``inf`` and numbers too large for a double are refused.
* Negative weights are accepted and counted (:attr:`EdgeTable.negative_weights`): maximum
  flow, MST or PageRank may take them, and the algorithms that cannot (Dijkstra-based shortest
  paths) refuse them with a reason at question time (see :mod:`grraf.stores.networkx`).
* A repeated edge (``a b`` twice, or ``a b`` and ``b a`` in an undirected graph) is counted
  (:attr:`EdgeTable.duplicate_edges`); loaders collapse repeats into one edge with the last
  weight, as ``networkx.Graph`` does, unless asked to keep them as parallel edges.
"""

from __future__ import annotations

import csv
import gc
import io
import logging
import re
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cached_property
from itertools import islice
from typing import Any

import networkx as nx
import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.csv as pacsv

from grraf.errors import GraphInputError

__all__ = [
    "EXPECTED_COLUMNS",
    "MAX_LINE_BYTES",
    "EdgeTable",
    "build_networkx",
    "collapse_duplicate_edges",
    "duplicated_edges",
    "parse_edgelist",
]

log = logging.getLogger(__name__)

EXPECTED_COLUMNS = "two or three columns: source target [weight]"

_COMMENT = re.compile(rb"[ \t]*#[^\n]*")
_BLANKS = re.compile(rb"[ \t]+")
_EDGE_BLANKS = re.compile(rb"^ | $", re.MULTILINE)
_SAMPLE_BYTES = 1 << 16
#: Longest line accepted, in bytes. pyarrow reads blocks of _BLOCK_BYTES, which must hold a whole line.
MAX_LINE_BYTES = 1 << 20
_BLOCK_BYTES = 4 << 20
_SAMPLE_LINES = 50
_CANDIDATE_DELIMITERS = (",", "\t", ";", "|")
# Words that mark a first line as a header rather than an edge between two named nodes.
_HEADER_WORDS = frozenset(
    {
        "source",
        "target",
        "src",
        "dst",
        "dest",
        "from",
        "to",
        "u",
        "v",
        "node1",
        "node2",
        "node_1",
        "node_2",
        "source_id",
        "target_id",
        "src_id",
        "dst_id",
        "head",
        "tail",
        "start",
        "end",
        "weight",
        "cost",
        "capacity",
        "length",
        "distance",
    }
)


@dataclass(frozen=True, eq=False)
class EdgeTable:
    """An edge list as a clean two- or three-column table.

    Attributes:
        frame: columns ``source`` and ``target`` (int64 when every id is an integer, else
            strings) and, when weighted, ``weight`` (int64 or float64). One row per line.
        directed: whether the edges are directed.
        weighted: whether ``frame`` has a ``weight`` column.
        source: the file path, or ``"<text>"``.
    """

    frame: pd.DataFrame
    directed: bool
    weighted: bool
    source: str

    @property
    def num_edges(self) -> int:
        """Rows in the table (an undirected graph may merge ``a b`` and ``b a``)."""
        return len(self.frame)

    @cached_property
    def num_nodes(self) -> int:
        """Distinct node ids among sources and targets."""
        both = pd.concat([self.frame["source"], self.frame["target"]], ignore_index=True)
        return int(both.nunique())

    @cached_property
    def duplicate_edges(self) -> int:
        """Rows that repeat an earlier edge (``b a`` repeats ``a b`` when undirected)."""
        return int(duplicated_edges(self.frame, directed=self.directed).sum())

    @cached_property
    def negative_weights(self) -> int:
        """Edges with a weight below zero (0 when unweighted)."""
        return int((self.frame["weight"] < 0).sum()) if self.weighted else 0

    def to_networkx(self, *, keep_duplicates: bool = False) -> nx.Graph:
        """Build a :class:`networkx.Graph` (or ``DiGraph`` when directed); see :func:`build_networkx`.

        Args:
            keep_duplicates: build a ``MultiGraph``/``MultiDiGraph`` in which a repeated edge is
                a parallel edge; by default repeats collapse into one edge with the last weight.
        """
        weights = self.frame["weight"].to_numpy() if self.weighted else None
        if keep_duplicates:
            graph: nx.Graph = nx.MultiDiGraph() if self.directed else nx.MultiGraph()
            sources, targets = _tolist(self.frame["source"].to_numpy()), _tolist(self.frame["target"].to_numpy())
            if weights is None:
                graph.add_edges_from(zip(sources, targets, strict=True))
            else:
                graph.add_weighted_edges_from(zip(sources, targets, _tolist(weights), strict=True))
        else:
            graph = build_networkx(
                self.frame["source"].to_numpy(), self.frame["target"].to_numpy(), weights, directed=self.directed
            )
        return graph


def duplicated_edges(frame: pd.DataFrame, *, directed: bool) -> pd.Series:
    """Mark rows of ``frame`` (columns ``source``, ``target``) that repeat an earlier edge.

    Undirected edges are compared without their orientation; ids of mixed types are compared
    as text, so ``1`` and ``"1"`` count as the same node, as they do once stored.

    >>> frame = pd.DataFrame({"source": [0, 1, 0, 2], "target": [1, 0, 1, 3]})
    >>> duplicated_edges(frame, directed=False).tolist(), duplicated_edges(frame, directed=True).tolist()
    ([False, True, True, False], [False, False, True, False])
    """
    return pd.DataFrame(_edge_key(frame, directed=directed)).duplicated(keep="first")


def collapse_duplicate_edges(frame: pd.DataFrame, *, directed: bool) -> pd.DataFrame:
    """``frame`` with each repeated edge folded into its first row, which takes the last weight.

    The same graph ``networkx.Graph`` builds from the rows; other columns keep the first row's values.

    >>> frame = pd.DataFrame({"source": [0, 1, 2], "target": [1, 0, 0], "weight": [5, 7, 1]})
    >>> collapse_duplicate_edges(frame, directed=False).to_dict("list")
    {'source': [0, 2], 'target': [1, 0], 'weight': [7, 1]}
    """
    repeated = duplicated_edges(frame, directed=directed)
    if not repeated.any():
        return frame
    out = frame.copy()
    if "weight" in out.columns:
        key = _edge_key(out, directed=directed)
        out["weight"] = out["weight"].groupby([key["u"], key["v"]], sort=False).transform("last")
    return out[~repeated.to_numpy()].reset_index(drop=True)


def _edge_key(frame: pd.DataFrame, *, directed: bool) -> dict[str, pd.Series]:
    """Columns identifying an edge: (source, target), or (lower, higher) end when undirected."""
    a, b = frame["source"], frame["target"]
    if directed:
        return {"u": a, "v": b}
    if not (pd.api.types.is_integer_dtype(a.dtype) and pd.api.types.is_integer_dtype(b.dtype)):
        a, b = a.astype(str), b.astype(str)
    return {"u": a.where(a <= b, b), "v": b.where(a <= b, a)}


def build_networkx(
    sources: Sequence[Any] | np.ndarray,
    targets: Sequence[Any] | np.ndarray,
    weights: Sequence[Any] | np.ndarray | None = None,
    *,
    directed: bool = False,
    nodes: Sequence[Any] | None = None,
) -> nx.Graph:
    """The graph ``add_edges_from(zip(sources, targets))`` would build, about 3x faster.

    Why hand-written: ``add_edges_from`` spends ~2 us per edge in Python bookkeeping, which
    was 90% of loading a million-edge file (and ``nx.from_pandas_edgelist`` is slower still,
    see ``benchmarks/bench_edgelist.py``). Here the grouping is done by pandas/numpy and each
    node's neighbour dict is made by one ``dict(zip(...))``. The result is the same graph
    with the same node and neighbour order (first appearance) and the same edge-data
    sharing (``G[u][v] is G[v][u]``); a unit test compares the two on random graphs. It
    fills the documented-but-private ``_node``/``_adj``/``_pred`` dicts of a fresh graph,
    so it falls back to ``add_edges_from`` if networkx ever changes them.

    Args:
        sources: source node of each edge (ints or strings; numpy scalars become Python ones).
        targets: target node of each edge.
        weights: the ``weight`` of each edge, or None.
        directed: build a ``DiGraph`` instead of a ``Graph``.
        nodes: nodes to add first, in this order (isolated ones included), as
            ``add_nodes_from(nodes)`` before the edges would.

    Returns:
        The graph; a repeated edge keeps its first position and its last weight.

    >>> sorted(build_networkx([0, 1, 1], [1, 2, 0], [5, 6, 7]).edges(data="weight"))
    [(0, 1, 7), (1, 2, 6)]
    """
    graph: nx.Graph = nx.DiGraph() if directed else nx.Graph()
    count = len(sources)
    with gc_paused():
        dicts = [{} for _ in range(count)] if weights is None else [{"weight": w} for w in _tolist(weights)]
        if nodes is not None:
            graph.add_nodes_from(nodes)
        if not _has_plain_internals(graph) or count == 0:
            graph.add_edges_from(zip(_tolist(sources), _tolist(targets), dicts, strict=True))
            return graph
        # An object array: gathering from it by index is C-level (twice as fast as map/getitem).
        data = np.empty(count, dtype=object)
        data[:] = dicts
        src, dst = _array(sources), _array(targets)
        if directed:
            _, succ = _neighbour_dicts(src, dst, data, shift=0)
            _, pred = _neighbour_dicts(dst, src, data, shift=0)
            order = _first_appearance(_interleave(src, dst))
            graph._succ.update((node, succ.get(node, {})) for node in order)  # type: ignore[attr-defined]
            graph._pred.update((node, pred.get(node, {})) for node in order)  # type: ignore[attr-defined]
        else:
            # Each edge is seen from both ends, in edge order: u's entry then v's entry.
            ends = _interleave(src, dst)
            others = _interleave(dst, src)
            order, adj = _neighbour_dicts(ends, others, data, shift=1)
            graph._adj.update((node, adj.get(node, {})) for node in order)  # type: ignore[attr-defined]
        # update() keeps the position (and attributes) of nodes that were added first.
        known = graph._node  # type: ignore[attr-defined]
        known.update((node, {}) for node in order if node not in known)
    nx._clear_cache(graph)
    return graph


def _tolist(values: Sequence[Any] | np.ndarray) -> list[Any]:
    """Python objects (``np.int64(3)`` -> ``3``): node ids must hash and print as plain values."""
    return values.tolist() if isinstance(values, np.ndarray) else list(values)


def _array(values: Sequence[Any] | np.ndarray) -> np.ndarray:
    """Node ids as an array without changing their type.

    ``np.asarray`` would turn ``[1, "a"]`` into two strings; mixed ids stay Python objects.

    >>> _array([1, "a"]).dtype, _array([1, 2]).dtype
    (dtype('O'), dtype('int64'))
    """
    if isinstance(values, np.ndarray):
        return values
    kinds = set(map(type, values))
    if kinds == {int} or kinds == {str}:
        return np.asarray(values)
    return np.array(values, dtype=object)


def _has_plain_internals(graph: nx.Graph) -> bool:
    """True when the graph stores nodes/adjacency in plain dicts, as networkx 2.x-3.x do."""
    names = ("_node", "_succ", "_pred") if graph.is_directed() else ("_node", "_adj")
    return all(type(getattr(graph, name, None)) is dict for name in names) and hasattr(nx, "_clear_cache")


def _interleave(first: np.ndarray, second: np.ndarray) -> np.ndarray:
    """``[first[0], second[0], first[1], second[1], ...]``.

    >>> _interleave(np.array([1, 3]), np.array([2, 4])).tolist()
    [1, 2, 3, 4]
    """
    both = np.empty(len(first) * 2, dtype=np.result_type(first, second))
    both[0::2], both[1::2] = first, second
    return both


def _neighbour_dicts(
    ends: np.ndarray, others: np.ndarray, data: np.ndarray, *, shift: int
) -> tuple[list[Any], dict[Any, dict[Any, dict[str, Any]]]]:
    """Group rows by ``end``: ``{end: {other: data[row >> shift], ...}}``.

    ``shift`` is 1 when every edge appears as two rows (both ends), else 0. Returns the
    distinct ends too, in order of first appearance (``pd.factorize`` keeps it).
    """
    codes, uniques = pd.factorize(ends)
    # A stable sort keeps each node's neighbours in edge order, as add_edges_from does.
    perm = np.argsort(codes, kind="stable")
    bounds = np.concatenate(([0], np.cumsum(np.bincount(codes, minlength=len(uniques)))))
    others_sorted = others[perm].tolist()
    data_sorted = iter(data[perm >> shift].tolist())
    keys = uniques.tolist() if hasattr(uniques, "tolist") else list(uniques)
    others_iter = iter(others_sorted)
    # islice over shared iterators instead of list slices: no copy per node.
    groups = {
        key: dict(zip(islice(others_iter, size), islice(data_sorted, size), strict=True))
        for key, size in zip(keys, np.diff(bounds).tolist(), strict=True)
    }
    return keys, groups


def _first_appearance(values: np.ndarray) -> list[Any]:
    """Distinct values in order of first appearance.

    >>> _first_appearance(np.array([3, 1, 3, 2]))
    [3, 1, 2]
    """
    unique = pd.unique(values)
    return unique.tolist() if hasattr(unique, "tolist") else list(unique)


@contextmanager
def gc_paused() -> Iterator[None]:
    """Pause the cyclic GC: a million new edge dicts would trigger repeated full passes."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


@dataclass(frozen=True)
class _Layout:
    """How the text is laid out, decided from its first lines."""

    delimiter: str | None  # None: runs of blanks
    header: tuple[str, ...] | None
    header_line: int | None  # 1-based
    columns: int
    weight_index: int | None


def parse_edgelist(
    lines: Iterable[str] | str | bytes,
    *,
    directed: bool = False,
    weight_column: str | int | None = None,
    delimiter: str | None = None,
    source: str = "<text>",
    header: bool | None = None,
) -> EdgeTable:
    """Parse an edge list.

    Args:
        lines: the text, as one string, raw bytes, or an iterable of lines (with or
            without their newlines).
        directed: whether the edges are directed.
        weight_column: the weight column, by header name or 0-based index. None means: a
            column named ``weight`` if the header has one, else the third column if there
            is one, else unweighted.
        delimiter: the field separator; None detects ``,`` / tab / ``;`` / ``|`` / blanks.
        source: where the text came from, for error messages.
        header: whether the first non-comment line is a header; None detects it.

    Returns:
        The edges as an :class:`EdgeTable`.

    Raises:
        GraphInputError: empty input, a line with the wrong number of columns, a weight
            that is not a number, an unknown weight column. The error names the 1-based
            line of the original text.

    >>> table = parse_edgelist("# a comment\\n0 1 2.5\\n1 2 1  # trailing\\n")
    >>> table.frame.to_dict("list")
    {'source': [0, 1], 'target': [1, 2], 'weight': [2.5, 1.0]}
    >>> parse_edgelist("src,dst\\na,b\\nb,c\\n").frame["source"].tolist()
    ['a', 'b']
    """
    original = _as_bytes(lines)
    data = original.removeprefix(b"\xef\xbb\xbf")
    # \r\n -> \n keeps one line per line, so line numbers still match the original.
    if b"\r" in data:
        data = data.replace(b"\r\n", b"\n").replace(b"\r", b"\n")
    if b"#" in data:
        # Whole-line comments become blank lines (which the CSV reader skips), trailing
        # ones vanish; newlines are kept so line numbers are unchanged.
        data = _COMMENT.sub(b"", data)
    layout = _detect_layout(data, delimiter=delimiter, header=header, weight_column=weight_column, source=source)
    table = _read_table(data, layout, original=original, source=source)
    frame = _columns(table, layout, original=original, source=source)
    log.debug("parsed %d edges from %s", len(frame), source)
    return EdgeTable(frame=frame, directed=directed, weighted="weight" in frame.columns, source=source)


def _as_bytes(lines: Iterable[str] | str | bytes) -> bytes:
    """One bytes object for the whole input.

    >>> _as_bytes(["0 1", "1 2\\n"])
    b'0 1\\n1 2\\n'
    """
    if isinstance(lines, bytes):
        return lines
    if isinstance(lines, str):
        return lines.encode("utf-8")
    # An iterable of lines has to be walked once; callers with big inputs pass bytes.
    return "".join(line if line.endswith("\n") else line + "\n" for line in lines).encode("utf-8")


def _split(line: str, delimiter: str | None) -> list[str]:
    """Fields of one line, the way the CSV reader sees them.

    >>> _split(" a  b\\t3 ", None), _split('"x y", 2', ",")
    (['a', 'b', '3'], ['x y', '2'])
    """
    if delimiter is None:
        return line.split()
    return [field.strip() for field in next(csv.reader([line], delimiter=delimiter))]


def _sample(data: bytes, *, source: str) -> list[tuple[int, str]]:
    """The first non-blank lines as (1-based line number, text).

    When the first non-blank line does not fit the sample window, the window grows to hold it,
    up to :data:`MAX_LINE_BYTES`; a longer line is refused as what it is.
    """
    window = _SAMPLE_BYTES
    while True:
        head = data[:window].decode("utf-8", errors="replace").split("\n")
        if len(data) > window:
            head = head[:-1]  # the last piece may be cut in the middle
        sample = [(number, line) for number, line in enumerate(head, start=1) if line.strip()][:_SAMPLE_LINES]
        if sample or len(data) <= window:
            return sample
        if window > MAX_LINE_BYTES:
            _raise_long_line(data, source=source)
        window *= 4


def _long_line(data: bytes) -> tuple[int, int, bytes] | None:
    """The first line longer than :data:`MAX_LINE_BYTES`: (1-based number, length, first bytes), or None.

    One regex pass in C; used on the error path and for a first line that fills the sample.
    """
    found = re.search(rb"[^\n]{%d}" % (MAX_LINE_BYTES + 1), data)
    if found is None:
        return None
    start = data.rfind(b"\n", 0, found.start()) + 1
    end = data.find(b"\n", found.start())
    end = len(data) if end < 0 else end
    return data.count(b"\n", 0, start) + 1, end - start, data[start : start + 80]


def _raise_long_line(data: bytes, *, source: str) -> None:
    """Raise for the first over-long line of ``data`` if there is one."""
    long = _long_line(data)
    if long is None:
        return
    number, length, head = long
    text = head.decode("utf-8", errors="replace")
    raise GraphInputError(
        f"a line of {length:,} bytes (at most {MAX_LINE_BYTES:,}): this is not an edge list",
        source=source,
        line=number,
        expected=EXPECTED_COLUMNS + ", one short line per edge",
        found=text + ("..." if length > len(head) else ""),
    )


def _detect_delimiter(lines: list[str]) -> str | None:
    r"""The first candidate found in the first line and in at least half of the others.

    Not "in every line": one bad line must be reported as bad, not change the format.

    >>> _detect_delimiter(["a,b", "c,d"]), _detect_delimiter(["0\t1", "1\t2"]), _detect_delimiter(["0 1"])
    (',', '\t', None)
    >>> _detect_delimiter(["0,1", "2"])
    ','
    """
    for candidate in _CANDIDATE_DELIMITERS:
        if candidate in lines[0] and 2 * sum(candidate in line for line in lines) >= len(lines):
            return candidate
    return None


def _is_number(token: str) -> bool:
    """
    >>> _is_number("3"), _is_number("-2.5e3"), _is_number("x")
    (True, True, False)
    """
    try:
        float(token)
    except ValueError:
        return False
    return True


def _looks_like_header(rows: list[list[str]]) -> bool:
    """Decide whether the first sampled row is a header.

    A header is all words (no numbers) and either uses a usual column name, or sits above
    rows whose ids or third column are numbers.

    >>> _looks_like_header([["source", "target"], ["a", "b"]])
    True
    >>> _looks_like_header([["a", "b"], ["b", "c"]])
    False
    >>> _looks_like_header([["x", "y", "w"], ["0", "1", "2"]])
    True
    """
    first, rest = rows[0], rows[1:]
    if any(_is_number(token) for token in first):
        return False
    if any(token.strip("\"'").lower() in _HEADER_WORDS for token in first):
        return True
    if not rest:
        return False
    if all(len(row) >= 2 and _is_number(row[0]) and _is_number(row[1]) for row in rest):
        return True
    return len(first) >= 3 and all(len(row) >= 3 and _is_number(row[2]) for row in rest)


def _detect_layout(
    data: bytes,
    *,
    delimiter: str | None,
    header: bool | None,
    weight_column: str | int | None,
    source: str,
) -> _Layout:
    """Delimiter, header, column count and weight column, from the first lines."""
    sample = _sample(data, source=source)
    if not sample:
        raise GraphInputError(
            "no edges (the input is empty or only comments)", source=source, expected=EXPECTED_COLUMNS, found=""
        )
    if delimiter is None:
        delimiter = _detect_delimiter([line for _, line in sample])
    elif delimiter.isspace():
        delimiter = None  # "any run of blanks", which also covers a single space or tab
    rows = [_split(line, delimiter) for _, line in sample]
    has_header = header if header is not None else (isinstance(weight_column, str) or _looks_like_header(rows))
    names = tuple(rows[0]) if has_header else None
    if has_header and len(sample) == 1:
        raise GraphInputError(
            "no edges (only a header)", source=source, line=sample[0][0], expected=EXPECTED_COLUMNS, found=sample[0][1]
        )
    first_data = 1 if has_header else 0
    columns = len(rows[0]) if has_header else len(rows[first_data])
    weight_index = _weight_index(weight_column, names, columns, source=source, first=sample[first_data])
    return _Layout(
        delimiter=delimiter,
        header=names,
        header_line=sample[0][0] if has_header else None,
        columns=columns,
        weight_index=weight_index,
    )


def _weight_index(
    weight_column: str | int | None,
    names: tuple[str, ...] | None,
    columns: int,
    *,
    source: str,
    first: tuple[int, str],
) -> int | None:
    """0-based index of the weight column, or None when unweighted."""
    if isinstance(weight_column, str):
        if names is None or weight_column not in names:
            raise GraphInputError(
                f"unknown weight column {weight_column!r}",
                source=source,
                expected=f"one of the header's columns {list(names)}" if names else "a header line naming the columns",
                found=weight_column,
            )
        index = names.index(weight_column)
    elif isinstance(weight_column, int):
        index = weight_column
    elif names is not None and "weight" in [name.lower() for name in names]:
        index = [name.lower() for name in names].index("weight")
    elif columns == 3:
        index = 2
    elif columns == 2:
        return None
    elif columns < 2:
        raise GraphInputError(
            "only one column", source=source, line=first[0], expected=EXPECTED_COLUMNS, found=first[1]
        )
    else:
        raise GraphInputError(
            f"{columns} columns and no weight column named",
            source=source,
            line=first[0],
            expected=EXPECTED_COLUMNS + " (or name the weight column)",
            found=first[1],
        )
    if not 2 <= index < columns:
        raise GraphInputError(
            f"weight column {weight_column!r} is not a column after source and target",
            source=source,
            line=first[0],
            expected=f"a column index from 2 to {columns - 1}",
            found=first[1],
        )
    return index


def _normalise(data: bytes, layout: _Layout) -> bytes:
    """Make the text one-character-delimited for the CSV reader, keeping every newline.

    Each regex runs only when the text needs it (``in`` checks are cheap).
    """
    if layout.header_line is not None:
        data = _blank_line(data, layout.header_line)
    if layout.delimiter is None:
        if b"\t" in data or b"  " in data:
            data = _BLANKS.sub(b" ", data)
        # Plain substring tests (memchr speed) instead of _EDGE_BLANKS.search: the multiline
        # regex scans the whole text even when, as usual, there is nothing to strip.
        if data[:1] == b" " or data[-1:] == b" " or b"\n " in data or b" \n" in data:
            data = _EDGE_BLANKS.sub(b"", data)
    elif b" " in data or (b"\t" in data and layout.delimiter != "\t"):
        # Blanks around a delimiter would end up inside the fields ("0, 1" -> " 1").
        # For TSV only spaces are blanks: a tab is the delimiter itself.
        blank = rb"[ ]" if layout.delimiter == "\t" else rb"[ \t]"
        delim = re.escape(layout.delimiter.encode())
        data = re.sub(blank + rb"*(" + delim + rb")" + blank + rb"*", rb"\1", data)
        data = re.sub(rb"^" + blank + rb"+|" + blank + rb"+$", b"", data, flags=re.MULTILINE)
    return data


def _blank_line(data: bytes, number: int) -> bytes:
    """``data`` with line ``number`` (1-based) emptied but its newline kept.

    >>> _blank_line(b"a b\\n0 1\\n", 1)
    b'\\n0 1\\n'
    """
    start = 0
    for _ in range(number - 1):
        start = data.index(b"\n", start) + 1
    end = data.find(b"\n", start)
    return data[:start] + (data[end:] if end >= 0 else b"")


def _read_table(data: bytes, layout: _Layout, *, original: bytes, source: str) -> pa.Table:
    """Read every field as a string with pyarrow; types are decided afterwards."""
    names = [f"c{i}" for i in range(layout.columns)]
    try:
        return pacsv.read_csv(
            io.BytesIO(_normalise(data, layout)),
            read_options=pacsv.ReadOptions(column_names=names, block_size=_BLOCK_BYTES),
            parse_options=pacsv.ParseOptions(
                delimiter=layout.delimiter or " ",
                quote_char='"' if layout.delimiter else False,
                ignore_empty_lines=True,
            ),
            convert_options=pacsv.ConvertOptions(column_types=dict.fromkeys(names, pa.string())),
        )
    except pa.ArrowInvalid as e:
        _raise_long_line(data, source=source)
        _raise_bad_columns(original, layout, source=source, cause=e)
        raise  # unreachable: _raise_bad_columns always raises


def _original_lines(original: bytes) -> Iterator[tuple[int, str]]:
    """Error path only: (1-based number, text without comment) of every non-blank line."""
    text = original.removeprefix(b"\xef\xbb\xbf").decode("utf-8", errors="replace")
    # split("\n"), not splitlines(): the latter also splits on \f, \x1c, ... and would
    # disagree with the CSV reader's line count.
    for number, line in enumerate(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"), start=1):
        stripped = line.split("#", 1)[0].strip()
        if stripped:
            yield number, stripped


def _data_lines(original: bytes, layout: _Layout) -> Iterator[tuple[int, str]]:
    """Error path only: the data lines (no header) as the CSV reader saw them, in order."""
    for number, line in _original_lines(original):
        if number != layout.header_line:
            yield number, line


def _raise_bad_columns(original: bytes, layout: _Layout, *, source: str, cause: Exception) -> None:
    """Find the first line with the wrong number of fields (a second pass, error path only)."""
    for number, line in _data_lines(original, layout):
        fields = _split(line, layout.delimiter)
        if len(fields) != layout.columns:
            raise GraphInputError(
                f"{len(fields)} column{'' if len(fields) == 1 else 's'} where the first line has {layout.columns}",
                source=source,
                line=number,
                expected=EXPECTED_COLUMNS if layout.weight_index is None or layout.columns <= 3 else None,
                found=line,
            ) from cause
    raise GraphInputError(f"unreadable edge list: {cause}", source=source, expected=EXPECTED_COLUMNS) from cause


def _first_failing(array: pa.Array, target: pa.DataType) -> int:
    """Index of the first value that does not cast to ``target`` (bisection, error path only).

    Casting halves keeps the check exactly pyarrow's own rather than a Python re-implementation.

    >>> _first_failing(pa.array(["1", "2", "x", "y"]), pa.int64())
    2
    """
    lo, hi = 0, len(array)
    while hi - lo > 1:
        mid = (lo + hi) // 2
        try:
            pc.cast(array.slice(lo, mid - lo), target)
        except (pa.ArrowInvalid, pa.ArrowNotImplementedError):
            hi = mid
        else:
            lo = mid
    return lo


def _row_line(original: bytes, layout: _Layout, row: int) -> tuple[int, str]:
    """Error path only: the original line number and text of data row ``row`` (0-based)."""
    for index, (number, line) in enumerate(_data_lines(original, layout)):
        if index == row:
            return number, line
    return 0, ""


def _cast(array: pa.Array, target: pa.DataType) -> pa.Array | None:
    try:
        return pc.cast(array, target)
    except (pa.ArrowInvalid, pa.ArrowNotImplementedError):
        return None


def _columns(table: pa.Table, layout: _Layout, *, original: bytes, source: str) -> pd.DataFrame:
    """Typed ``source``/``target``/``weight`` columns; raise naming the first bad line."""
    if table.num_rows == 0:
        raise GraphInputError("no edges (only a header)", source=source, expected=EXPECTED_COLUMNS, found="")
    sources = table.column(0).combine_chunks()
    targets = table.column(1).combine_chunks()
    for column in (sources, targets):
        empty = pc.equal(pc.utf8_length(column), 0)
        if pc.any(empty).as_py():
            number, line = _row_line(original, layout, pc.index(empty, True).as_py())
            raise GraphInputError("empty node id", source=source, line=number, expected="a node id", found=line)
    int_sources, int_targets = _cast(sources, pa.int64()), _cast(targets, pa.int64())
    if int_sources is not None and int_targets is not None:
        sources, targets = int_sources, int_targets
    columns: dict[str, pa.Array] = {"source": sources, "target": targets}
    if layout.weight_index is not None:
        columns["weight"] = _weights(table.column(layout.weight_index).combine_chunks(), layout, original, source)
    return pa.table(columns).to_pandas()


def _weights(raw: pa.Array, layout: _Layout, original: bytes, source: str) -> pa.Array:
    """Weights as int64 when all are whole numbers, else float64; else raise on the first bad one.

    NaN and infinities are refused: a NaN weight would be stored as a missing value and make
    every sum it enters NaN, an infinite one makes shortest paths and flows meaningless.
    """
    name = layout.header[layout.weight_index] if layout.header and layout.weight_index is not None else "weight"
    cast = _cast(raw, pa.int64())
    if cast is not None:
        return cast
    cast = _cast(raw, pa.float64())
    if cast is not None:
        finite = pc.is_finite(cast)
        if pc.all(finite).as_py():
            return cast
        number, line = _row_line(original, layout, pc.index(finite, False).as_py())
        raise GraphInputError(
            f"{name} is not a finite number (NaN and infinity are refused)",
            source=source,
            line=number,
            expected=EXPECTED_COLUMNS + " with a finite numeric weight",
            found=line,
        )
    number, line = _row_line(original, layout, _first_failing(raw, pa.float64()))
    raise GraphInputError(
        f"{name} is not a number",
        source=source,
        line=number,
        expected=EXPECTED_COLUMNS + " with a numeric weight",
        found=line,
    )
