"""Bulk import of named graphs into a ladybug (embedded Kùzu fork) database, listing and dropping them.

The layout and the one-transaction writer are the store's (:mod:`grraf.stores.ladybug_graphs`,
which the library also uses for its temporary databases); this module opens database files for
``grraf load --into ladybug``, ``grraf graphs`` and ``grraf drop``.
"""

from __future__ import annotations

from pathlib import Path

import ladybug

from grraf.errors import StoreError
from grraf.frames import GraphFrames, GraphInfo
from grraf.stores.cypher_guard import edge_type, node_label, validate_graph_name
from grraf.stores.ladybug_graphs import (
    META_TABLE,
    Progress,
    all_rows,
    open_writable,
    rollback,
    table_names,
    write_graph,
)


def load_graph(path: str | Path, name: str, frames: GraphFrames, *, progress: Progress | None = None) -> GraphInfo:
    """Open the database at ``path`` (created if missing), load one graph, close it."""
    db, conn = open_writable(path)
    try:
        return write_graph(conn, name, frames, progress=progress)
    finally:
        conn.close()
        db.close()


def read_graph_infos(conn: ladybug.Connection) -> list[GraphInfo]:
    """Graphs recorded in the metadata table (empty when the database has none)."""
    if META_TABLE not in table_names(conn):
        return []
    rows = all_rows(
        conn,
        f"MATCH (g:{META_TABLE}) RETURN g.name, g.nodes, g.edges, g.directed, g.weighted, g.source ORDER BY g.name",
    )
    return [GraphInfo(r[0], int(r[1]), int(r[2]), bool(r[3]), bool(r[4]), r[5] or "", "ladybug") for r in rows]


def list_graphs(path: str | Path) -> list[GraphInfo]:
    """Graphs stored in the ladybug database at ``path``."""
    if not Path(path).exists():
        return []
    try:
        db = ladybug.Database(str(path), read_only=True)
    except RuntimeError as e:
        raise StoreError(f"cannot open ladybug database {path}: {e}") from e
    conn = ladybug.Connection(db)
    try:
        return read_graph_infos(conn)
    finally:
        conn.close()
        db.close()


def drop_graph(path: str | Path, name: str) -> bool:
    """Drop graph ``name`` (both tables and its metadata row) in one transaction.

    Returns:
        False when no such graph exists.
    """
    validate_graph_name(name)
    if not Path(path).exists():
        return False
    db, conn = open_writable(path)
    try:
        tables = table_names(conn)
        if META_TABLE not in tables and node_label(name) not in tables:
            return False
        exists = node_label(name) in tables
        conn.execute("BEGIN TRANSACTION")
        try:
            if edge_type(name) in tables:
                conn.execute(f"DROP TABLE {edge_type(name)}")
            if exists:
                conn.execute(f"DROP TABLE {node_label(name)}")
            if META_TABLE in tables:
                conn.execute(f"MATCH (g:{META_TABLE}) WHERE g.name = $name DELETE g", {"name": name})
            conn.execute("COMMIT")
        except Exception as e:
            rollback(conn)
            raise StoreError(f"dropping graph {name!r} failed, nothing changed: {e}") from e
        return exists
    finally:
        conn.close()
        db.close()
