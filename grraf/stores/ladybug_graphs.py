"""Named graphs in a ladybug database: the layout, and writing one graph in one transaction.

Layout of a graph called ``NAME`` (shared with the Neo4j loader, see
:func:`grraf.stores.cypher_guard.node_label`):

* node table ``NAME_Node(id INT64|STRING PRIMARY KEY, [weight, ...])``,
* relationship table ``NAME_EDGE(FROM NAME_Node TO NAME_Node, [weight, ...])``; an
  undirected graph stores each edge once,
* one row in the metadata node table ``grraf_graph`` (name, directed, weighted, id type,
  counts, source), which is how stores learn directedness without scanning.

Loading uses ``COPY FROM`` a temporary parquet file (≈1 M edges/s; row-by-row CREATE is
orders of magnitude slower). The whole load — staging tables ``NAME__new_*``, COPY, drop of
the old tables, rename, metadata row — runs in ONE ladybug transaction (DDL and COPY are
transactional in ladybug), so a reload either replaces the old graph completely or rolls
back and leaves it untouched.

The library writes graphs itself (:meth:`grraf.stores.ladybug.LadybugStore.from_networkx`, the
temporary database behind ``--backend cypher``), so the writer lives here; ``loaders.ladybug``
(``grraf load --into ladybug``, ``grraf graphs``, ``grraf drop``) builds on it.
"""

from __future__ import annotations

import logging
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ladybug
import pandas as pd

from grraf.errors import CodeRejected, StoreError
from grraf.frames import GraphFrames, GraphInfo
from grraf.stores.cypher_guard import edge_type, node_label, validate_graph_name

log = logging.getLogger(__name__)

META_TABLE = "grraf_graph"
_META_DDL = (
    f"CREATE NODE TABLE IF NOT EXISTS {META_TABLE}(name STRING, directed BOOLEAN, weighted BOOLEAN, "
    "id_type STRING, nodes INT64, edges INT64, source STRING, PRIMARY KEY(name))"
)

Progress = Callable[[str], None]


def column_type(series: pd.Series) -> str:
    """ladybug column type for a pandas column.

    >>> column_type(pd.Series([1, 2]))
    'INT64'
    >>> column_type(pd.Series([1.5]))
    'DOUBLE'
    """
    if pd.api.types.is_bool_dtype(series.dtype):
        return "BOOLEAN"
    if pd.api.types.is_integer_dtype(series.dtype):
        return "INT64"
    if pd.api.types.is_float_dtype(series.dtype):
        return "DOUBLE"
    return "STRING"


def _prepared(frame: pd.DataFrame) -> pd.DataFrame:
    """Make object columns plain strings (nulls kept) so parquet types match the DDL."""
    out = frame.copy()
    for col in out.columns:
        if column_type(out[col]) == "STRING":
            out[col] = out[col].map(lambda v: None if v is None or (isinstance(v, float) and v != v) else str(v))
    return out


def _ddl(table_node: str, table_edge: str, frames: GraphFrames) -> list[str]:
    id_type = "INT64" if frames.id_is_int else "STRING"
    node_cols = "".join(f", {c} {column_type(frames.nodes[c])}" for c in frames.node_properties())
    edge_cols = "".join(f", {c} {column_type(frames.edges[c])}" for c in frames.edge_properties())
    return [
        f"CREATE NODE TABLE {table_node}(id {id_type}{node_cols}, PRIMARY KEY(id))",
        f"CREATE REL TABLE {table_edge}(FROM {table_node} TO {table_node}{edge_cols})",
    ]


def table_names(conn: ladybug.Connection) -> set[str]:
    return {row[1] for row in all_rows(conn, "CALL show_tables() RETURN *")}


def _copy(conn: ladybug.Connection, table: str, frame: pd.DataFrame, folder: Path) -> None:
    if frame.empty:
        return
    path = folder / f"{table}.parquet"
    _prepared(frame).to_parquet(path, index=False, compression=None)  # faster to write and to COPY
    # The path is ours (a temp dir), not data; ladybug has no parameter for COPY's file.
    conn.execute(f"COPY {table} FROM '{path.as_posix()}'")


def write_graph(
    conn: ladybug.Connection, name: str, frames: GraphFrames, *, progress: Progress | None = None
) -> GraphInfo:
    """Load ``frames`` as graph ``name`` in one transaction, replacing a graph of that name.

    Args:
        conn: a connection of a database opened read-write.
        name: graph name (validated; becomes the ``NAME_Node``/``NAME_EDGE`` tables).
        frames: the graph.
        progress: optional callback told about each step.

    Raises:
        StoreError: ladybug refused the load; the database is as it was before.
    """
    validate_graph_name(name)
    say = progress or (lambda _msg: None)
    stage_node, stage_edge = node_label(f"{name}__new"), edge_type(f"{name}__new")
    live_node, live_edge = node_label(name), edge_type(name)
    edges = frames.edges.rename(columns={"source": "from", "target": "to"})
    with tempfile.TemporaryDirectory(prefix="grraf-copy-") as tmp:
        conn.execute("BEGIN TRANSACTION")
        try:
            conn.execute(_META_DDL)
            tables = table_names(conn)
            for stale in (stage_edge, stage_node):  # left by a crash mid-load in an older version
                if stale in tables:
                    conn.execute(f"DROP TABLE {stale}")
            for stmt in _ddl(stage_node, stage_edge, frames):
                conn.execute(stmt)
            say(f"copying {len(frames.nodes):,} nodes")
            _copy(conn, stage_node, frames.nodes, Path(tmp))
            say(f"copying {len(frames.edges):,} edges")
            _copy(conn, stage_edge, edges, Path(tmp))
            if live_edge in tables:
                conn.execute(f"DROP TABLE {live_edge}")
            if live_node in tables:
                conn.execute(f"DROP TABLE {live_node}")
            conn.execute(f"ALTER TABLE {stage_node} RENAME TO {live_node}")
            conn.execute(f"ALTER TABLE {stage_edge} RENAME TO {live_edge}")
            conn.execute(f"MATCH (g:{META_TABLE}) WHERE g.name = $name DELETE g", {"name": name})
            info = GraphInfo(
                name, len(frames.nodes), len(frames.edges), frames.directed, frames.weighted, frames.source, "ladybug"
            )
            conn.execute(
                f"CREATE (:{META_TABLE} {{name: $name, directed: $directed, weighted: $weighted, id_type: $id_type, "
                "nodes: $nodes, edges: $edges, source: $source})",
                {
                    "name": name,
                    "directed": info.directed,
                    "weighted": info.weighted,
                    "id_type": "INT64" if frames.id_is_int else "STRING",
                    "nodes": info.nodes,
                    "edges": info.edges,
                    "source": info.source,
                },
            )
            conn.execute("COMMIT")
        except Exception as e:
            rollback(conn)
            raise StoreError(f"loading graph {name!r} into ladybug failed, nothing changed: {e}") from e
    say(f"loaded {name}")
    return info


def rollback(conn: ladybug.Connection) -> None:
    try:
        conn.execute("ROLLBACK")
    except RuntimeError as e:  # already rolled back by ladybug after the error
        log.debug("rollback: %s", e)


def open_writable(path: str | Path) -> tuple[ladybug.Database, ladybug.Connection]:
    """Open (creating if needed) a ladybug database for writing."""
    try:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        db = ladybug.Database(str(path))
        return db, ladybug.Connection(db)
    except (RuntimeError, OSError) as e:
        raise StoreError(f"cannot open ladybug database {path}: {e}") from e


def single_result(result: Any) -> Any:
    """ladybug returns a list of results for several statements; grraf always sends one."""
    if isinstance(result, list):
        for r in result:
            r.close()
        raise CodeRejected("multiple statements are not allowed; send one read query")
    return result


def all_rows(conn: ladybug.Connection, query: str, params: dict[str, Any] | None = None) -> list[list[Any]]:
    """Every row of one of grraf's own queries (schema, projections)."""
    return list(single_result(conn.execute(query, params or {})).get_all())
