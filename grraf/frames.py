"""Graph frames: the store-neutral form of one graph, shared by the stores and the loaders.

A :class:`GraphFrames` is a node frame (``id`` plus optional scalar properties such as
``weight``) and an edge frame (``source``, ``target`` plus optional properties). The ladybug
and Neo4j writers bulk-load frames, the NetworkX registry (:mod:`grraf.stores.registry`) keeps
them as parquet files, and the Neo4j store projects its graphs back through them. It lives in
the library, not in ``loaders``, because the library itself needs it (a temporary ladybug
database for ``--backend cypher``, Neo4j's projection into NetworkX), and ``grraf`` does not
import ``loaders`` (DESIGN.md, "Honest evaluation": dependency direction).
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from typing import Any

import networkx as nx
import pandas as pd

from grraf.parse.edgelist import EdgeTable, collapse_duplicate_edges, duplicated_edges

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


def frames_from_edge_table(table: EdgeTable, *, keep_duplicates: bool = False) -> GraphFrames:
    """Convert a :class:`grraf.parse.edgelist.EdgeTable` (columns source, target[, weight]) to frames.

    Args:
        table: the parsed edge list.
        keep_duplicates: keep a repeated edge as a parallel edge (a multigraph). By default a
            repeat collapses into the first occurrence with the last weight, which is what
            ``networkx.Graph`` does, so every store holds the same graph. The count is
            ``GraphFrames.duplicates`` either way.
    """
    edges = table.frame.copy()
    keep = ["source", "target"] + (["weight"] if table.weighted and "weight" in edges else [])
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
        source=table.source,
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
