"""Bulk import of named graphs into Neo4j, side by side with other data.

Naming convention (shared with ladybug): graph ``NAME`` is the nodes labelled ``NAME_Node``
(property ``id`` plus optional ``weight`` ...), the relationships of type ``NAME_EDGE``
between them, and one ``(:GrrafGraph {name: NAME, directed, weighted, nodes, edges, source})``
metadata node. Why namespaced labels rather than one ``:GrrafNode {graph: NAME}`` label:
each graph then has its own label scan and its own uniqueness constraint on ``id`` (fast
lookups, no cross-graph id clashes), and the LLM's queries need no extra property filter
to stay inside one graph. Names are validated identifiers and always backtick-quoted;
``__`` is reserved for the loader's own staging namespaces, so they never collide.

Reload without losing the old graph (Neo4j cannot rename a relationship type, so the swap
is done on node labels):

1. stage: nodes are created with label ``NAME__staging_Node`` in batches (one write
   transaction per batch, ``UNWIND $rows``, parameters only), then the edges of type
   ``NAME_EDGE`` between staging nodes. A uniqueness constraint on the staging label makes
   the ``MATCH (a {id: r.source})`` lookups index seeks.
2. on any failure: the staging nodes (and their edges) are deleted in batches; the old
   graph was never touched.
3. swap, in ONE transaction: old nodes ``NAME_Node`` → ``NAME__old_Node``, staging nodes →
   ``NAME_Node``, metadata node updated. Queries that anchor on the node label (as the schema
   tells the LLM to) see either the old or the new graph, never a mix.
4. clean up: old nodes are detach-deleted in batches.

During steps 1 and 4 a query that matches the relationship type alone, without node
labels, also sees the staging or old edges; this is documented in docs/neo4j.md.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any

import pandas as pd
from neo4j import exceptions as nex

from grraf.errors import StoreError
from grraf.frames import GraphFrames, GraphInfo, frames_from_networkx
from grraf.stores.cypher_guard import edge_type, node_label, quote_identifier, validate_graph_name

log = logging.getLogger(__name__)

META_LABEL = "GrrafGraph"
BATCH_SIZE = 10_000

# progress(phase, done, total): phase is "nodes", "edges" or "cleanup".
Progress = Callable[[str, int, int], None]


def _records(frame: pd.DataFrame) -> list[dict[str, Any]]:
    """Rows as plain Python dicts with missing values dropped (Neo4j stores no nulls)."""
    out = []
    for row in frame.to_dict("records"):
        out.append({k: v for k, v in row.items() if not (isinstance(v, float) and math.isnan(v)) and v is not None})
    return out


def _batches(frame: pd.DataFrame, size: int) -> Iterator[list[dict[str, Any]]]:
    for start in range(0, len(frame), size):
        yield _records(frame.iloc[start : start + size])


def _write(driver: Any, database: str | None, query: str, params: dict[str, Any]) -> list[Any]:
    """One write transaction; returns the rows of the query."""

    def work(tx: Any) -> list[Any]:
        return [list(r.values()) for r in tx.run(query, params)]

    with driver.session(database=database) as session:
        return session.execute_write(work)


def _run_many(driver: Any, database: str | None, statements: list[tuple[str, dict[str, Any]]]) -> None:
    """Several statements in ONE write transaction (all or nothing)."""

    def work(tx: Any) -> None:
        for query, params in statements:
            tx.run(query, params).consume()

    with driver.session(database=database) as session:
        session.execute_write(work)


def _schema_op(driver: Any, database: str | None, query: str) -> None:
    """Constraint/index DDL must run in its own auto-commit transaction."""
    with driver.session(database=database) as session:
        session.run(query).consume()


def _constraint(label: str) -> str:
    return f"grraf_{label}_id"


def _ensure_constraint(driver: Any, database: str | None, label: str) -> None:
    _schema_op(
        driver,
        database,
        f"CREATE CONSTRAINT {quote_identifier(_constraint(label))} IF NOT EXISTS "
        f"FOR (n:{quote_identifier(label)}) REQUIRE n.id IS UNIQUE",
    )


def _drop_constraint(driver: Any, database: str | None, label: str) -> None:
    _schema_op(driver, database, f"DROP CONSTRAINT {quote_identifier(_constraint(label))} IF EXISTS")


def delete_label(
    driver: Any, database: str | None, label: str, *, batch_size: int = BATCH_SIZE, progress: Progress | None = None
) -> int:
    """Detach-delete every node with ``label`` in batches; returns how many were deleted."""
    query = f"MATCH (n:{quote_identifier(label)}) WITH n LIMIT $limit DETACH DELETE n RETURN count(*) AS deleted"
    total = 0
    while True:
        rows = _write(driver, database, query, {"limit": batch_size})
        deleted = int(rows[0][0]) if rows else 0
        total += deleted
        if progress:
            progress("cleanup", total, total)
        if deleted < batch_size:
            return total


def write_graph(
    driver: Any,
    name: str,
    frames: GraphFrames,
    *,
    database: str | None = None,
    batch_size: int = BATCH_SIZE,
    progress: Progress | None = None,
) -> GraphInfo:
    """Load ``frames`` as graph ``name``, replacing a graph of that name only on success.

    Args:
        driver: a ``neo4j.Driver`` (or anything with the same ``session()`` API).
        name: graph name (validated identifier).
        frames: the graph.
        database: Neo4j database; None for the server default.
        batch_size: rows per write transaction.
        progress: optional ``progress(phase, done, total)`` callback.

    Raises:
        StoreError: Neo4j refused the load; the old graph (if any) is unchanged.
    """
    validate_graph_name(name)
    live, staging, old = node_label(name), node_label(f"{name}__staging"), node_label(f"{name}__old")
    rel = edge_type(name)
    ql, qs, qo, qr = (quote_identifier(x) for x in (live, staging, old, rel))
    info = GraphInfo(
        name, len(frames.nodes), len(frames.edges), frames.directed, frames.weighted, frames.source, "neo4j"
    )
    try:
        # Leftovers of an interrupted earlier load are never a live graph: clear them first.
        delete_label(driver, database, staging, batch_size=batch_size)
        delete_label(driver, database, old, batch_size=batch_size)
        _ensure_constraint(driver, database, staging)
        _ensure_constraint(driver, database, live)
    except (nex.Neo4jError, nex.DriverError) as e:
        raise StoreError(f"Neo4j refused to prepare graph {name!r}: {e}") from e
    try:
        node_query = f"UNWIND $rows AS r CREATE (n:{qs}) SET n = r RETURN count(n)"
        done = 0
        for rows in _batches(frames.nodes, batch_size):
            _write(driver, database, node_query, {"rows": rows})
            done += len(rows)
            if progress:
                progress("nodes", done, len(frames.nodes))
        # Two MATCH clauses, not a comma pattern: the planner seeks each endpoint by index.
        edge_query = (
            f"UNWIND $rows AS r MATCH (a:{qs} {{id: r.source}}) MATCH (b:{qs} {{id: r.target}}) "
            f"CREATE (a)-[e:{qr}]->(b) SET e = r.props RETURN count(e)"
        )
        props = frames.edge_properties()
        done = 0
        for rows in _batches(frames.edges, batch_size):
            payload = [
                {"source": r["source"], "target": r["target"], "props": {k: r[k] for k in props if k in r}}
                for r in rows
            ]
            created = _write(driver, database, edge_query, {"rows": payload})
            if created and int(created[0][0]) != len(payload):
                raise StoreError(f"{len(payload) - int(created[0][0])} edges name nodes that are not in the graph")
            done += len(rows)
            if progress:
                progress("edges", done, len(frames.edges))
    except BaseException as e:
        log.warning("loading %s failed, removing the staging copy: %s", name, e)
        try:
            delete_label(driver, database, staging, batch_size=batch_size)
            _drop_constraint(driver, database, staging)
        except (nex.Neo4jError, nex.DriverError) as cleanup_error:
            log.error("could not remove staging nodes %s: %s", staging, cleanup_error)
        if isinstance(e, StoreError):
            raise
        if isinstance(e, nex.Neo4jError | nex.DriverError):
            raise StoreError(f"Neo4j refused graph {name!r}, nothing changed: {e}") from e
        raise
    meta = {
        "directed": info.directed,
        "weighted": info.weighted,
        "nodes": info.nodes,
        "edges": info.edges,
        "source": info.source,
        "id_type": "INT64" if frames.id_is_int else "STRING",
    }
    try:
        _run_many(
            driver,
            database,
            [
                (f"MATCH (n:{ql}) SET n:{qo} REMOVE n:{ql}", {}),
                (f"MATCH (n:{qs}) SET n:{ql} REMOVE n:{qs}", {}),
                (f"MERGE (g:{META_LABEL} {{name: $name}}) SET g += $meta", {"name": name, "meta": meta}),
            ],
        )
    except (nex.Neo4jError, nex.DriverError) as e:
        delete_label(driver, database, staging, batch_size=batch_size)
        raise StoreError(f"Neo4j refused to swap in graph {name!r}, the old graph is unchanged: {e}") from e
    delete_label(driver, database, old, batch_size=batch_size, progress=progress)
    _drop_constraint(driver, database, staging)
    return info


def list_graphs(driver: Any, *, database: str | None = None) -> list[GraphInfo]:
    """grraf graphs in the database, from their metadata nodes."""
    rows = _read(
        driver,
        database,
        f"MATCH (g:{META_LABEL}) RETURN g.name, g.nodes, g.edges, g.directed, g.weighted, g.source ORDER BY g.name",
    )
    return [GraphInfo(r[0], int(r[1] or 0), int(r[2] or 0), bool(r[3]), bool(r[4]), r[5] or "", "neo4j") for r in rows]


def _read(driver: Any, database: str | None, query: str) -> list[Any]:
    import neo4j

    def work(tx: Any) -> list[Any]:
        return [list(r.values()) for r in tx.run(query, {})]

    try:
        with driver.session(database=database, default_access_mode=neo4j.READ_ACCESS) as session:
            return session.execute_read(work)
    except (nex.Neo4jError, nex.DriverError) as e:
        raise StoreError(f"Neo4j: {e}") from e


def drop_graph(driver: Any, name: str, *, database: str | None = None, batch_size: int = BATCH_SIZE) -> bool:
    """Delete graph ``name`` (nodes, edges, metadata, constraint). False when it did not exist."""
    validate_graph_name(name)
    names = {g.name for g in list_graphs(driver, database=database)}
    if name not in names:
        return False
    try:
        # Metadata first: from this moment the graph is gone for `grraf graphs`; the batches follow.
        _write(driver, database, f"MATCH (g:{META_LABEL} {{name: $name}}) DELETE g", {"name": name})
        delete_label(driver, database, node_label(name), batch_size=batch_size)
        _drop_constraint(driver, database, node_label(name))
    except (nex.Neo4jError, nex.DriverError) as e:
        raise StoreError(f"Neo4j refused to drop graph {name!r}: {e}") from e
    return True


@contextmanager
def question_store(
    namespace: str, graphs: Mapping[str, Any], *, settings: Any = None, **overrides: Any
) -> Iterator[Any]:
    """Load one question's graphs into Neo4j under ``namespace``, yield a store on them, drop them after.

    The ``grraf-neo4j`` benchmark method's :data:`grraf.bench.runner.StoreFactory`. One graph is
    loaded as ``namespace`` and the store is restricted to it; several (a subgraph question's G and
    G') as ``namespace_0``, ``namespace_1`` ... with the store on the whole database. The graphs
    are dropped when the context ends, also when the question failed; other data is never touched.

    Args:
        namespace: a valid graph name of the question's own.
        graphs: name -> networkx graph.
        settings: the store's settings.
        overrides: connection overrides for :meth:`Neo4jStore.from_env` (``uri``, ``password`` ...).

    Raises:
        StoreError: Neo4j is unreachable or refused the load (nothing is left behind).
    """
    from grraf.stores.neo4j import Neo4jStore

    names = [namespace] if len(graphs) == 1 else [f"{namespace}_{i}" for i in range(len(graphs))]
    loaded: list[str] = []
    with Neo4jStore.from_env(settings=settings, **overrides) as admin:
        try:
            for name, graph in zip(names, graphs.values(), strict=True):
                loaded.append(name)
                write_graph(admin.driver, name, frames_from_networkx(graph), database=admin.database)
            focus = names[0] if len(names) == 1 else None
            with Neo4jStore.from_env(graph_name=focus, settings=settings, **overrides) as store:
                yield store
        finally:
            for name in loaded:
                try:
                    drop_graph(admin.driver, name, database=admin.database)
                except StoreError as e:
                    log.error("could not drop benchmark graph %s: %s", name, e)
