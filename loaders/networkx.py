"""Graph frames shared by every loader, and the on-disk registry of named NetworkX graphs.

A :class:`GraphFrames` is the store-neutral form of one graph: a node frame (``id`` plus
optional scalar properties such as ``weight``) and an edge frame (``source``, ``target``
plus optional properties). The ladybug and Neo4j loaders bulk-write frames; the NetworkX
registry keeps them as parquet files.

Registry layout (``settings.home / "graphs"``)::

    index.json              {"flow_8": {"directed": true, "weighted": true, "nodes": 8, ...}, ...}
    flow_8.edges.parquet    source, target[, weight, ...]
    flow_8.nodes.parquet    id[, weight, ...]   (all nodes, including isolated ones)

Writes go to temporary files first and are moved into place with :func:`os.replace`, and
the index is rewritten the same way last, so a failed load never leaves a half-written graph
behind and a reload swaps the old graph for the new one in one rename.
"""

from __future__ import annotations

import json
import logging
import os
import re
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import networkx as nx
import pandas as pd

from grraf.config import Settings
from grraf.errors import StoreError
from grraf.parse.edgelist import collapse_duplicate_edges, duplicated_edges
from grraf.stores.cypher_guard import validate_graph_name

log = logging.getLogger(__name__)

_PROPERTY_RE = re.compile(r"^[A-Za-z][A-Za-z0-9_]{0,62}$")
_RESERVED_NODE = frozenset({"id"})
_RESERVED_EDGE = frozenset({"source", "target", "id"})


@dataclass(frozen=True)
class GraphFrames:
    """One graph as two data frames.

    Attributes:
        nodes: column ``id`` (int64 when every node id is an integer, else str) plus
            optional scalar property columns; one row per node, isolated nodes included.
        edges: columns ``source`` and ``target`` (same type as ``id``) plus optional
            property columns (``weight`` when weighted).
        directed: whether edges have a direction.
        source: where the graph came from (file path or ``"networkx"``), for listings.
        multigraph: build a multigraph in :meth:`to_networkx`; None means "only if parallel
            edges exist". Edge-list files give False (repeats collapsed, as in
            ``EdgeTable.to_networkx``) or, when repeats are kept, True.
        duplicates: repeated edges of the input: collapsed into one edge each (the last weight
            wins) when ``multigraph`` is false, kept as parallel edges when it is true. Stated
            in the load summary.
    """

    nodes: pd.DataFrame
    edges: pd.DataFrame
    directed: bool
    source: str = ""
    multigraph: bool | None = None
    duplicates: int = 0

    @property
    def weighted(self) -> bool:
        return "weight" in self.edges.columns

    @property
    def negative_weights(self) -> int:
        """Edges whose weight is below zero (stated in the load summary)."""
        if not self.weighted or not pd.api.types.is_numeric_dtype(self.edges["weight"].dtype):
            return 0
        return int((self.edges["weight"] < 0).sum())

    @property
    def id_is_int(self) -> bool:
        return pd.api.types.is_integer_dtype(self.nodes["id"].dtype)

    def node_properties(self) -> list[str]:
        return [c for c in self.nodes.columns if c != "id"]

    def edge_properties(self) -> list[str]:
        return [c for c in self.edges.columns if c not in ("source", "target")]

    def to_networkx(self) -> nx.Graph:
        """Build a ``nx.DiGraph`` or ``nx.Graph`` (a multigraph when parallel edges exist).

        Works on whole columns (``tolist`` + ``zip``), never row by row through pandas: a
        million edges build in a few seconds, not tens.
        """
        multi = self._has_parallel_edges() if self.multigraph is None else self.multigraph
        classes: dict[tuple[bool, bool], type[nx.Graph]] = {
            (True, True): nx.MultiDiGraph,
            (True, False): nx.DiGraph,
            (False, True): nx.MultiGraph,
            (False, False): nx.Graph,
        }
        cls = classes[(self.directed, bool(multi))]
        g = cls()
        ids = [_py(v) for v in self.nodes["id"].tolist()]
        props = self.node_properties()
        if props:
            columns = [self.nodes[c].tolist() for c in props]
            g.add_nodes_from(
                (n, {k: v for k, v in zip(props, values, strict=True) if not _is_missing(v)})
                for n, *values in zip(ids, *columns, strict=True)
            )
        else:
            g.add_nodes_from(ids)
        if self.negative_weights:
            # A schema fact read by grraf.stores.networkx: counted here once, not per question.
            g.graph["negative_weights"] = self.negative_weights
        sources, targets = self.edges["source"].tolist(), self.edges["target"].tolist()
        eprops = self.edge_properties()
        if not eprops:
            g.add_edges_from(zip(sources, targets, strict=True))
        elif eprops == ["weight"] and not self.edges["weight"].isna().any():
            g.add_weighted_edges_from(zip(sources, targets, self.edges["weight"].tolist(), strict=True))
        else:
            columns = [self.edges[c].tolist() for c in eprops]
            g.add_edges_from(
                (u, v, {k: x for k, x in zip(eprops, values, strict=True) if not _is_missing(x)})
                for u, v, *values in zip(sources, targets, *columns, strict=True)
            )
        return g

    def _has_parallel_edges(self) -> bool:
        if self.edges.empty:
            return False
        pair = self.edges[["source", "target"]]
        if not self.directed:
            a, b = pair["source"], pair["target"]
            if not (pd.api.types.is_integer_dtype(a.dtype) and pd.api.types.is_integer_dtype(b.dtype)):
                a, b = a.astype(str), b.astype(str)
            lo = a.where(a <= b, b)
            hi = b.where(a <= b, a)
            pair = pd.DataFrame({"source": lo, "target": hi})
        return bool(pair.duplicated().any())


def _is_missing(v: Any) -> bool:
    try:
        return bool(pd.isna(v))
    except (TypeError, ValueError):
        return False


def _py(v: Any) -> Any:
    return v.item() if hasattr(v, "item") else v


def _normalise_ids(nodes: pd.Series, *others: pd.Series) -> tuple[pd.Series, ...]:
    """Cast node ids to int64 when all are integers (bools excluded), else to str."""
    all_ids = pd.concat([nodes, *others], ignore_index=True)
    is_int = pd.api.types.is_integer_dtype(all_ids.dtype) and not pd.api.types.is_bool_dtype(all_ids.dtype)
    if not is_int and all_ids.dtype == object and len(all_ids):
        is_int = all(isinstance(v, int) and not isinstance(v, bool) for v in all_ids.tolist())
    if is_int:
        return tuple(s.astype("int64") for s in (nodes, *others))
    return tuple(s.astype(str) for s in (nodes, *others))


def _scalar_columns(frame: pd.DataFrame, reserved: frozenset[str]) -> list[str]:
    """Property columns that a store can hold: identifier names with scalar values."""
    keep = []
    for col in frame.columns:
        if col in reserved or not isinstance(col, str) or not _PROPERTY_RE.match(col):
            continue
        series = frame[col]
        if series.dtype == object:
            values = series.dropna().tolist()
            if not all(isinstance(v, str | int | float | bool) for v in values):
                log.info("dropping property %r: values are not scalars", col)
                continue
            if values and not all(isinstance(v, str) for v in values):
                if all(isinstance(v, int | float) and not isinstance(v, bool) for v in values):
                    frame[col] = pd.to_numeric(series)
                else:
                    frame[col] = series.map(lambda v: v if _is_missing(v) else str(v))
        keep.append(col)
    return keep


def frames_from_networkx(graph: nx.Graph, *, source: str = "networkx") -> GraphFrames:
    """Convert a NetworkX graph (any of the four classes) to frames.

    Only scalar node and edge attributes whose names are identifiers are kept.
    """
    edges = nx.to_pandas_edgelist(graph, source="source", target="target")
    if "key" in edges.columns and graph.is_multigraph():
        edges = edges.drop(columns=["key"])
    node_rows = [{"id": n, **d} for n, d in graph.nodes(data=True)]
    nodes = pd.DataFrame(node_rows) if node_rows else pd.DataFrame({"id": pd.Series([], dtype="int64")})
    if edges.empty:
        edges = pd.DataFrame({"source": nodes["id"].iloc[:0], "target": nodes["id"].iloc[:0]})
    nodes = nodes[["id", *_scalar_columns(nodes, _RESERVED_NODE)]].copy()
    edges = edges[["source", "target", *_scalar_columns(edges, _RESERVED_EDGE)]].copy()
    nodes["id"], edges["source"], edges["target"] = _normalise_ids(nodes["id"], edges["source"], edges["target"])
    return GraphFrames(
        nodes=nodes.reset_index(drop=True),
        edges=edges.reset_index(drop=True),
        directed=graph.is_directed(),
        source=source,
        multigraph=graph.is_multigraph(),
    )


def frames_from_edge_table(table: Any, *, keep_duplicates: bool = False) -> GraphFrames:
    """Convert a :class:`loaders.edgelist.EdgeTable` (columns source, target[, weight]) to frames.

    Args:
        table: the parsed edge list.
        keep_duplicates: keep a repeated edge as a parallel edge (a multigraph). By default a
            repeat collapses into the first occurrence with the last weight, which is what
            ``networkx.Graph`` does, so every store holds the same graph. The count is
            ``GraphFrames.duplicates`` either way.
    """
    edges = table.frame.copy()
    keep = ["source", "target"] + (["weight"] if getattr(table, "weighted", False) and "weight" in edges else [])
    edges = edges[keep]
    duplicates = int(duplicated_edges(edges, directed=bool(table.directed)).sum())
    if duplicates and not keep_duplicates:
        edges = collapse_duplicate_edges(edges, directed=bool(table.directed))
    ids = pd.Series(pd.unique(pd.concat([edges["source"], edges["target"]], ignore_index=True)))
    (ids,) = _normalise_ids(ids)
    edges["source"], edges["target"] = _normalise_ids(edges["source"], edges["target"])
    nodes = pd.DataFrame({"id": ids})
    return GraphFrames(
        nodes=nodes,
        edges=edges.reset_index(drop=True),
        directed=bool(table.directed),
        source=str(getattr(table, "source", "")),
        multigraph=keep_duplicates and duplicates > 0,
        duplicates=duplicates,
    )


@dataclass(frozen=True)
class GraphInfo:
    """One row of ``grraf graphs``."""

    name: str
    nodes: int
    edges: int
    directed: bool
    weighted: bool
    source: str = ""
    store: str = ""


def info_of(name: str, frames: GraphFrames, store: str) -> GraphInfo:
    return GraphInfo(name, len(frames.nodes), len(frames.edges), frames.directed, frames.weighted, frames.source, store)


class NetworkXRegistry:
    """Named graphs on disk, one pair of parquet files each, for the NetworkX store.

    Args:
        root: folder holding ``index.json`` and the parquet files
            (usually ``settings.home / "graphs"``).
    """

    def __init__(self, root: str | Path) -> None:
        self.root = Path(root)

    @classmethod
    def from_settings(cls, settings: Settings | None = None) -> NetworkXRegistry:
        settings = settings or Settings.from_env()
        return cls(Path(settings.home) / "graphs")

    @property
    def index_path(self) -> Path:
        return self.root / "index.json"

    def _index(self) -> dict[str, dict[str, Any]]:
        if not self.index_path.exists():
            return {}
        try:
            return dict(json.loads(self.index_path.read_text(encoding="utf-8")))
        except (OSError, ValueError) as e:
            raise StoreError(f"graph registry {self.index_path} is unreadable: {e}") from e

    def _write_index(self, index: dict[str, dict[str, Any]]) -> None:
        fd, tmp = tempfile.mkstemp(dir=self.root, prefix=".index.", suffix=".json")
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(index, f, indent=1, sort_keys=True)
        os.replace(tmp, self.index_path)

    def names(self) -> list[str]:
        return sorted(self._index())

    def list(self) -> list[GraphInfo]:
        out = []
        for name, meta in sorted(self._index().items()):
            out.append(
                GraphInfo(
                    name,
                    int(meta["nodes"]),
                    int(meta["edges"]),
                    bool(meta["directed"]),
                    bool(meta["weighted"]),
                    str(meta.get("source", "")),
                    "networkx",
                )
            )
        return out

    def save(self, name: str, frames: GraphFrames) -> GraphInfo:
        """Store ``frames`` under ``name``, replacing an existing graph in one rename."""
        validate_graph_name(name)
        self.root.mkdir(parents=True, exist_ok=True)
        tmp_edges = self.root / f".{name}.edges.parquet.tmp"
        tmp_nodes = self.root / f".{name}.nodes.parquet.tmp"
        try:
            frames.edges.to_parquet(tmp_edges, index=False)
            frames.nodes.to_parquet(tmp_nodes, index=False)
            index = self._index()
            os.replace(tmp_edges, self.root / f"{name}.edges.parquet")
            os.replace(tmp_nodes, self.root / f"{name}.nodes.parquet")
            info = info_of(name, frames, "networkx")
            index[name] = {
                "nodes": info.nodes,
                "edges": info.edges,
                "directed": info.directed,
                "weighted": info.weighted,
                "source": info.source,
                "multigraph": frames.multigraph,
            }
            self._write_index(index)
        except OSError as e:
            raise StoreError(f"could not save graph {name!r} under {self.root}: {e}") from e
        finally:
            for tmp in (tmp_edges, tmp_nodes):
                tmp.unlink(missing_ok=True)
        return info

    def load_frames(self, name: str) -> GraphFrames:
        index = self._index()
        if name not in index:
            raise StoreError(f"no graph named {name!r} in {self.root}; known: {', '.join(sorted(index)) or 'none'}")
        meta = index[name]
        try:
            edges = pd.read_parquet(self.root / f"{name}.edges.parquet")
            nodes = pd.read_parquet(self.root / f"{name}.nodes.parquet")
        except OSError as e:
            raise StoreError(f"graph {name!r} is damaged in {self.root}: {e}") from e
        return GraphFrames(
            nodes=nodes,
            edges=edges,
            directed=bool(meta["directed"]),
            source=str(meta.get("source", "")),
            multigraph=meta.get("multigraph"),
        )

    def load(self, name: str) -> nx.Graph:
        """The named graph as a NetworkX graph."""
        return self.load_frames(name).to_networkx()

    def drop(self, name: str) -> bool:
        """Remove ``name``; False when it did not exist."""
        index = self._index()
        if name not in index:
            return False
        del index[name]
        self._write_index(index)
        for suffix in ("edges", "nodes"):
            (self.root / f"{name}.{suffix}.parquet").unlink(missing_ok=True)
        return True

    def __iter__(self) -> Iterator[str]:
        return iter(self.names())
