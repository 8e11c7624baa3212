"""Embedded Cypher store on ladybug (the maintained fork of Kùzu).

Graph model (shared with the Neo4j store and written by :mod:`grraf.stores.ladybug_graphs`): a graph
called ``NAME`` is the node table ``NAME_Node`` (primary key ``id``, INT64 when every id
is an integer, else STRING; optional ``weight`` and other scalar properties) and the
relationship table ``NAME_EDGE`` (optional ``weight``, ...). Undirected graphs store each
edge once; the metadata table ``grraf_graph`` records directedness and counts, and the
schema text tells the LLM to match undirected edges without an arrow.

Generated queries are checked by :func:`grraf.stores.cypher_guard.check_cypher` and then run
in a jailed worker (:mod:`grraf.sandbox.ladybug_jail`): a fresh process under bubblewrap that sees
only the database file(s), read-only, opens the database read-only, has an address-space limit,
the query time-out and a seccomp allowlist. So whatever slips past the guard (``LOAD FROM`` a host
file, ``COPY … TO``, ``EXPORT DATABASE``, ``INSTALL``, ``CHECKPOINT``, a memory bomb) reaches
nothing, and a crash of the engine costs one attempt, not the grraf process.

What still runs in the grraf process, on its own read-only connection, are the queries grraf writes
itself from the database's own metadata: the metadata table, ``show_tables()``/``table_info()``/
``show_connection()``, attribute samples and counts for :meth:`LadybugStore.schema`, the edge
lists of :meth:`LadybugStore.as_text` and :meth:`LadybugStore.to_networkx`, and the path-depth
setting. No generated text reaches that connection.
"""

from __future__ import annotations

import logging
import shutil
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import ladybug
import networkx as nx
import pandas as pd

from grraf.config import Settings
from grraf.errors import StoreError
from grraf.frames import GraphFrames, frames_from_networkx
from grraf.sandbox.jailed.ladybug_runner import jsonable as _jsonable
from grraf.sandbox.ladybug_jail import LadybugJail
from grraf.stores import property_schema
from grraf.stores.base import Capabilities, Language, node_forms, unique_strings
from grraf.stores.cypher_guard import check_cypher, edge_type, node_label, quote_identifier
from grraf.stores.ladybug_graphs import META_TABLE, all_rows, open_writable, single_result, write_graph
from grraf.types import Execution, LabelInfo, Pattern, PropertyInfo, Schema, listed

log = logging.getLogger(__name__)

_MAX_GRAPHS_IN_SCHEMA = 12
_MAX_PROPERTIES = 8
_SAMPLES = 3

# The full dialect notes live in grraf/prompts/dialect_ladybug.yaml; the schema only repeats
# the two mistakes that silently give wrong answers (unlabelled ends, missing path bound).
_DIALECT_NOTES = (
    "Reminders (ladybug Cypher): give the node label on both ends of every pattern; "
    "variable-length paths need an upper bound, e.g. -[e:G_EDGE* SHORTEST 1..30]->."
)


_PROPERTY_NOTES = (
    "Reminders (ladybug Cypher): give the label on both ends of every pattern and follow the patterns above; "
    "variable-length paths need an upper bound, e.g. -[r:TYPE* SHORTEST 1..30]->; aggregate in WITH before "
    "ORDER BY (ORDER BY count(x) fails); label(r) instead of type(r); lists are indexed from 1."
)


class LadybugStore:
    """A ladybug database: grraf's own queries on a read-only connection, generated ones in a jail.

    Args:
        path: the database file (a single file in ladybug 0.22).
        graph_name: restrict the schema (and :meth:`to_networkx`, :meth:`as_text`) to one
            named graph; None means all graphs in the database.
        settings: row cap and other knobs; defaults from the environment.

    Raises:
        StoreError: the database does not exist or cannot be opened, or ``graph_name`` is unknown.
    """

    name = "ladybug"
    language: Language = "cypher"
    dialect = "ladybug"

    def __init__(self, path: str | Path, *, graph_name: str | None = None, settings: Settings | None = None) -> None:
        self.path = Path(path)
        self.settings = settings or Settings.from_env()
        self.graph_name = graph_name
        self._cleanup: Path | None = None
        self._schema: Schema | None = None
        if not self.path.exists():
            raise StoreError(f"no ladybug database at {self.path}")
        try:
            self._db = ladybug.Database(str(self.path), read_only=True)
            self._conn = ladybug.Connection(self._db)
        except RuntimeError as e:
            raise StoreError(f"cannot open ladybug database {self.path}: {e}") from e
        self._graphs = self._read_metadata()
        self.max_hops = self._raise_path_depth()
        if graph_name is not None and graph_name not in self._graphs:
            known = ", ".join(sorted(self._graphs)) or "none"
            self.close()
            raise StoreError(f"no graph named {graph_name!r} in {self.path}; known graphs: {known}")
        # Started on the first execute(); schema and projections never need it.
        self._jail = LadybugJail(
            self.path,
            memory_limit_mb=self.settings.memory_limit_mb,
            max_depth=self.max_hops,
            unsafe_no_jail=self.settings.unsafe_no_jail,
        )

    def _raise_path_depth(self) -> int:
        """Let variable-length paths span the whole graph.

        ladybug caps ``*``/``SHORTEST``/``WSHORTEST`` at 30 hops by default and a
        ``WSHORTEST`` past the cap returns nothing without an error, so connectivity and
        path answers on larger graphs would be quietly wrong. The cap is raised on our own
        connection (generated code cannot: the guard refuses ``CALL`` settings).
        """
        largest = max((int(info.get("nodes") or 0) for info in self._graphs.values()), default=0)
        if not self._graphs:
            # A database grraf did not create: a shortest connection between two of its nodes may
            # cross every node, whatever its table.
            largest = self._node_total()
        depth = max(30, largest)
        try:
            self._conn.execute(f"CALL var_length_extend_max_depth={depth}")
        except RuntimeError as e:  # an older ladybug without the setting keeps its default
            log.debug("could not raise var_length_extend_max_depth: %s", e)
            return 30
        return depth

    def _node_total(self) -> int:
        """Nodes in every node table (one count per table; grraf's own metadata table excluded)."""
        total = 0
        for table, kind in self._tables():
            if kind == "NODE" and table != META_TABLE:
                total += int(all_rows(self._conn, f"MATCH (n:{quote_identifier(table)}) RETURN count(n)")[0][0])
        return total

    # ------------------------------------------------------------------ construction
    @classmethod
    def from_networkx(
        cls,
        graphs: Mapping[str, nx.Graph],
        *,
        path: str | Path | None = None,
        settings: Settings | None = None,
    ) -> LadybugStore:
        """Load NetworkX graphs (keys such as ``"G"`` and ``"G_prime"``) into a new database.

        Args:
            graphs: graph name → graph; each becomes ``NAME_Node``/``NAME_EDGE``.
            path: database file to create; None means a temporary folder removed on close.
            settings: passed to the store.
        """
        cleanup: Path | None = None
        if path is None:
            cleanup = Path(tempfile.mkdtemp(prefix="grraf-ladybug-"))
            path = cleanup / "graph.lbug"
        try:
            db, conn = open_writable(path)
            try:
                for gname, graph in graphs.items():
                    write_graph(conn, gname, frames_from_networkx(graph))
            finally:
                conn.close()
                db.close()
            store = cls(path, settings=settings)
        except BaseException:
            if cleanup is not None:
                shutil.rmtree(cleanup, ignore_errors=True)
            raise
        store._cleanup = cleanup
        return store

    def _read_metadata(self) -> dict[str, dict[str, Any]]:
        tables = self._tables()
        if META_TABLE not in {t for t, _ in tables}:
            return {}
        rows = all_rows(
            self._conn,
            f"MATCH (g:{META_TABLE}) RETURN g.name, g.directed, g.weighted, g.id_type, g.nodes, g.edges "
            "ORDER BY g.name",
        )
        return {
            r[0]: {"directed": bool(r[1]), "weighted": bool(r[2]), "id_type": r[3], "nodes": r[4], "edges": r[5]}
            for r in rows
        }

    def _tables(self) -> list[tuple[str, str]]:
        rows = all_rows(self._conn, "CALL show_tables() RETURN name, type ORDER BY name")
        return [(r[0], r[1]) for r in rows]

    def graph_names(self) -> list[str]:
        """Named graphs recorded in the database."""
        return sorted(self._graphs)

    def _focus(self) -> list[str]:
        return [self.graph_name] if self.graph_name else sorted(self._graphs)

    # ------------------------------------------------------------------ schema
    def schema(self) -> Schema:
        """Tables, properties with types, counts, directedness, a few sample values.

        Bounded: at most 12 graphs, 8 properties per table and 3 samples per property,
        whatever the data size; counts come from the metadata table (no scan).
        """
        if self._schema is None:
            self._schema = self._build_schema()
        return self._schema

    def _columns(self, table: str) -> list[tuple[str, str, bool]]:
        rows = all_rows(self._conn, f"CALL table_info('{table}') RETURN *")
        # node tables: [id, name, type, default, primary key]; rel tables: [id, name, type, default, storage]
        return [(r[1], r[2], bool(r[4]) if isinstance(r[4], bool) else False) for r in rows]

    def _samples(self, table: str, column: str, is_rel: bool) -> list[Any]:
        pattern = f"()-[x:{table}]->()" if is_rel else f"(x:{table})"
        rows = all_rows(
            self._conn, f"MATCH {pattern} WHERE x.{column} IS NOT NULL RETURN DISTINCT x.{column} LIMIT {_SAMPLES}"
        )
        return sorted((_jsonable(r[0]) for r in rows), key=repr)

    def _describe_table(self, table: str, is_rel: bool) -> str:
        cols = self._columns(table)
        shown = []
        for col, typ, pk in cols[:_MAX_PROPERTIES]:
            samples = ", ".join(_short(v) for v in self._samples(table, col, is_rel))
            flag = " primary key" if pk or (not is_rel and col == "id") else ""
            shown.append(f"{col} {typ}{flag}" + (f" (e.g. {samples})" if samples else ""))
        if len(cols) > _MAX_PROPERTIES:
            shown.append(f"... {len(cols) - _MAX_PROPERTIES} more")
        return "; ".join(shown) if shown else "no properties"

    def _build_schema(self) -> Schema:
        lines: list[str] = []
        focus = self._focus()
        if not focus:
            return self._property_schema()
        node_total = edge_total = 0
        directed_flags: set[bool] = set()
        weight_props: set[str] = set()
        patterns: list[Pattern] = []
        for gname in focus[:_MAX_GRAPHS_IN_SCHEMA]:
            meta = self._graphs[gname]
            directed = meta["directed"]
            directed_flags.add(directed)
            node_total += int(meta["nodes"])
            edge_total += int(meta["edges"])
            nt, et = node_label(gname), edge_type(gname)
            kind = "directed" if directed else "undirected"
            weighted = "weighted (property weight)" if meta["weighted"] else "unweighted"
            if meta["weighted"]:
                weight_props.add("weight")
            lines.append(f"Graph {gname}: {kind}, {weighted}, {meta['nodes']} nodes, {meta['edges']} edges.")
            patterns.append(Pattern(nt, et, nt, int(meta["edges"])))
            lines.append(f"  Node table {nt}: {self._describe_table(nt, False)}")
            lines.append(f"  Relationship table {et} ({nt} -> {nt}): {self._describe_table(et, True)}")
            if directed:
                lines.append(f"  Directed: follow the arrow, e.g. MATCH (a:{nt})-[e:{et}]->(b:{nt}).")
            else:
                lines.append(
                    f"  Undirected: each edge is stored once; match it WITHOUT an arrow, "
                    f"e.g. MATCH (a:{nt})-[e:{et}]-(b:{nt})."
                )
        if len(focus) > _MAX_GRAPHS_IN_SCHEMA:
            lines.append(f"... and {len(focus) - _MAX_GRAPHS_IN_SCHEMA} more graphs (ask about one by name).")
        lines.append(_DIALECT_NOTES)
        single = len(directed_flags) == 1 and len(focus) >= 1
        id_types = {self._id_type(node_label(g)) for g in focus}
        return Schema(
            text="\n".join(lines),
            node_count=node_total if focus else None,
            edge_count=edge_total if focus else None,
            directed=directed_flags.pop() if single else None,
            weight_property=(weight_props.pop() if len(weight_props) == 1 else None),
            node_id_types=tuple(sorted(t for t in id_types if t)),
            patterns=tuple(patterns),
        )

    def _id_type(self, table: str) -> str | None:
        """``int`` or ``str``: the Python type of a grraf node table's ``id`` column."""
        kind = next((t for c, t, _ in self._columns(table) if c == "id"), "")
        return "int" if "INT" in kind.upper() else "str" if kind else None

    def _table_info(self, table: str, is_rel: bool, count: int | None) -> LabelInfo:
        columns = self._columns(table)
        props = tuple(
            PropertyInfo(col, typ, tuple(self._samples(table, col, is_rel)), primary_key=pk)
            for col, typ, pk in columns[: property_schema.MAX_PROPERTIES]
        )
        return LabelInfo(table, count, props, max(0, len(columns) - property_schema.MAX_PROPERTIES))

    def property_patterns(self) -> tuple[Pattern, ...]:
        """Every ``(:FROM)-[:REL]->(:TO)`` pair the rel tables declare, with its count (largest first).

        Exact: ladybug's rel tables know their FROM/TO tables, and a pair is counted by matching it.
        The number of patterns is bounded by the tables, not by the data.
        """
        out: list[Pattern] = []
        for table, kind in self._tables():
            if kind != "REL" or table == META_TABLE:
                continue
            for conn in all_rows(self._conn, f"CALL show_connection('{table}') RETURN *"):
                src, dst = str(conn[0]), str(conn[1])
                count = all_rows(self._conn, f"MATCH (:{src})-[r:{table}]->(:{dst}) RETURN count(r)")[0][0]
                if count:
                    out.append(Pattern(src, table, dst, int(count)))
        return tuple(sorted(out, key=lambda p: (-(p.count or 0), p.source, p.type, p.target)))

    def string_values(self, label: str, prop: str, tokens: Sequence[str], limit: int) -> list[str]:
        """Distinct values of the string property ``label.prop`` containing one of ``tokens`` (lower case),
        or the first ``limit`` values when ``tokens`` is empty.

        grraf's own bounded, parameterised look-up for entity resolution: ``label`` and ``prop``
        come from the schema and are quoted, the question's words travel only as parameters.
        """
        q, p = quote_identifier(label), quote_identifier(prop)
        return self._strings(f"MATCH (n:{q}) WITH n.{p} AS v", tokens, limit, f"{label}.{prop}")

    def relationship_values(self, rel_type: str, prop: str, tokens: Sequence[str], limit: int) -> list[str]:
        """Distinct strings of the relationship property ``rel_type.prop`` (each string of a list)
        containing one of ``tokens`` (lower case); see :meth:`GraphStore.relationship_values`."""
        q, p = quote_identifier(rel_type), quote_identifier(prop)
        types = {column: typ for column, typ, _ in self._columns(rel_type)}
        if prop not in types:
            return []
        # ladybug types its columns: a list is unwound, a string taken as it is (STRING[] vs STRING).
        strings = f"UNWIND r.{p} AS v" if listed(types[prop]) else f"WITH r.{p} AS v"
        return self._strings(f"MATCH ()-[r:{q}]->() {strings}", tokens, limit, f"{rel_type}.{prop}")

    def relationship_types(self, label: str, prop: str, value: str, direction: str) -> list[str]:
        """The types of the relationships of the nodes ``(:label {prop: value})`` in ``direction``;
        see :meth:`GraphStore.relationship_types`."""
        q, p = quote_identifier(label), quote_identifier(prop)
        arrow = "-[r]->()" if direction == "out" else "<-[r]-()"
        try:
            rows = all_rows(self._conn, f"MATCH (n:{q}) WHERE n.{p} = $value MATCH (n){arrow} RETURN DISTINCT label(r)",
                            {"value": value})  # fmt: skip
        except RuntimeError as e:
            raise StoreError(f"reading the relationships of {label}.{prop} = {value!r} failed: {e}") from e
        return sorted(unique_strings(rows))

    def _strings(self, source: str, tokens: Sequence[str], limit: int, where: str) -> list[str]:
        """Distinct non-null ``v`` of ``source`` (a MATCH ... giving ``v``) containing one of ``tokens``,
        or the first ``limit`` when there are none (the bounded scan behind fuzzy matching)."""
        # ladybug cannot type an empty list parameter, so that case sends none
        match = " AND any(t IN $tokens WHERE lower(v) CONTAINS t)" if tokens else ""
        params = {"tokens": [t.lower() for t in tokens]} if tokens else {}
        query = f"{source} WITH v WHERE v IS NOT NULL{match} RETURN DISTINCT v LIMIT {int(limit)}"
        try:
            return unique_strings(all_rows(self._conn, query, params))
        except RuntimeError as e:
            raise StoreError(f"looking up names in {where} failed: {e}") from e

    def _property_schema(self) -> Schema:
        """Schema of a database grraf did not create: labels, types, properties, patterns.

        Bounded: the first tables and properties in name order (see
        :mod:`grraf.stores.property_schema`), three sample values each; counts by one scan per table.
        """
        labels: list[LabelInfo] = []
        rels: list[LabelInfo] = []
        node_total = edge_total = n_labels = n_rels = 0
        for table, kind in self._tables():
            is_rel = kind == "REL"
            if kind not in ("NODE", "REL") or table == META_TABLE:
                continue
            n_rels += is_rel
            n_labels += not is_rel
            pattern = f"()-[x:{table}]->()" if is_rel else f"(x:{table})"
            count = int(all_rows(self._conn, f"MATCH {pattern} RETURN count(*)")[0][0])
            if is_rel:
                edge_total += count
                if len(rels) < property_schema.MAX_RELATIONSHIPS:
                    rels.append(self._table_info(table, True, count))
            else:
                node_total += count
                if len(labels) < property_schema.MAX_LABELS:
                    labels.append(self._table_info(table, False, count))
        patterns = self.property_patterns()
        text = property_schema.render(
            labels,
            rels,
            patterns,
            header="A property graph (not created by grraf): match nodes by their label and properties.",
            notes=_PROPERTY_NOTES,
            total_labels=n_labels,
            total_relationships=n_rels,
        )
        return Schema(
            text=text,
            node_count=node_total,
            edge_count=edge_total,
            labels=tuple(labels),
            relationships=tuple(rels),
            patterns=patterns,
        )

    # ------------------------------------------------------------------ execution
    def check(self, code: str) -> None:
        """Lexical guard (the database is read-only as well)."""
        check_cypher(code, dialect="ladybug")

    def execute(self, code: str, timeout: float) -> Execution:
        """Run one read query in the jailed worker, with ladybug's query time-out and the row cap.

        Raises:
            CodeRejected: the guard or the read-only database refused the query.
            CodeTimeout: the query ran past ``timeout`` seconds and was interrupted.
            CodeFailed: ladybug raised (message verbatim, e.g. "Binder exception: ..."), or the query
                crashed the jailed engine.
            JailUnavailable: the jail cannot start on this machine.
        """
        self.check(code)
        return self.run_unguarded(code, timeout)

    def run_unguarded(self, code: str, timeout: float) -> Execution:
        """Run ``code`` in the jailed, read-only worker without the lexical guard.

        Exists so tests can show the jail and the read-only database hold on their own; agents use
        :meth:`execute`.
        """
        return self._jail.query(code, timeout, self.settings.row_cap)

    # ------------------------------------------------------------------ projections
    def as_text(self, max_edges: int) -> str | None:
        """Edge lists (``u v [weight]`` per line, one block per graph) or None when too big."""
        focus = self._focus()
        if not focus or sum(int(self._graphs[g]["edges"]) for g in focus) > max_edges:
            return None
        blocks = []
        for gname in focus:
            meta = self._graphs[gname]
            frame = self._edge_frame(gname)
            kind = "directed" if meta["directed"] else "undirected"
            lines = [f"# graph {gname} ({kind}{', weighted' if meta['weighted'] else ''})"]
            for row in frame.itertuples(index=False, name=None):
                lines.append(" ".join(_short(_jsonable(v)) for v in row))
            blocks.append("\n".join(lines))
        return "\n\n".join(blocks)

    def _edge_frame(self, gname: str) -> pd.DataFrame:
        nt, et = node_label(gname), edge_type(gname)
        weight = ", e.weight AS weight" if self._graphs[gname]["weighted"] else ""
        q = f"MATCH (a:{nt})-[e:{et}]->(b:{nt}) RETURN a.id AS source, b.id AS target{weight}"
        return single_result(self._conn.execute(q)).get_as_df()

    def capabilities(self) -> Capabilities:
        return Capabilities(max_hops=self.max_hops, projects=True, graph_names=tuple(self.graph_names()))

    def node_key(self, value: Any) -> Any | None:
        """The ``id`` of the node written as ``value`` in the one graph in focus, or None."""
        focus = self._focus()
        if len(focus) != 1:
            return None
        label = node_label(focus[0])
        for form in node_forms(value):
            try:
                rows = all_rows(self._conn, f"MATCH (n:{label}) WHERE n.id = $v RETURN n.id LIMIT 1", {"v": form})
            except RuntimeError:  # a form of the wrong type for the id column
                continue
            if rows:
                return rows[0][0]
        return None

    def to_networkx(self) -> dict[str, nx.Graph]:
        """Project the graph(s) into NetworkX (``{"G": graph, ...}``) for the Python path.

        A database grraf did not create becomes one ``MultiDiGraph`` ``G`` holding every node and
        rel table (:func:`grraf.stores.projection.to_multidigraph`: nodes named by their primary key).
        """
        if not self._focus():
            return {"G": self._property_projection()}

        out: dict[str, nx.Graph] = {}
        for gname in self._focus():
            meta = self._graphs[gname]
            nt = node_label(gname)
            props = [c for c, _, _ in self._columns(nt)]
            ret = ", ".join(f"n.{c} AS {c}" for c in props)
            nodes = single_result(self._conn.execute(f"MATCH (n:{nt}) RETURN {ret}")).get_as_df()
            et_props = [c for c, _, _ in self._columns(edge_type(gname))]
            eret = "".join(f", e.{c} AS {c}" for c in et_props)
            edges = single_result(
                self._conn.execute(
                    f"MATCH (a:{nt})-[e:{edge_type(gname)}]->(b:{nt}) RETURN a.id AS source, b.id AS target{eret}"
                )
            ).get_as_df()
            out[gname] = GraphFrames(nodes=nodes, edges=edges, directed=meta["directed"]).to_networkx()
        return out

    def _property_projection(self) -> nx.MultiDiGraph:
        from grraf.stores.projection import NodeRow, RelRow, to_multidigraph

        nodes: list[NodeRow] = []
        rels: list[RelRow] = []
        keys: dict[str, str] = {}
        tables = [(t, k) for t, k in self._tables() if t != META_TABLE]
        for table, kind in tables:
            if kind != "NODE":
                continue
            cols = [c for c, _, _ in self._columns(table)]
            key = next((c for c, _, pk in self._columns(table) if pk), cols[0])
            keys[table] = key
            ret = ", ".join(f"n.{c}" for c in cols)
            for row in all_rows(self._conn, f"MATCH (n:{table}) RETURN {ret}"):
                props = {c: _jsonable(v) for c, v in zip(cols, row, strict=True) if v is not None}
                nodes.append(NodeRow((table, props.get(key)), (table,), props))
        for table, kind in tables:
            if kind != "REL":
                continue
            cols = [c for c, _, _ in self._columns(table)]
            ret = "".join(f", r.{c}" for c in cols)
            for conn in all_rows(self._conn, f"CALL show_connection('{table}') RETURN *"):
                src, dst = str(conn[0]), str(conn[1])
                query = f"MATCH (a:{src})-[r:{table}]->(b:{dst}) RETURN a.{keys[src]}, b.{keys[dst]}{ret}"
                for row in all_rows(self._conn, query):
                    props = {c: _jsonable(v) for c, v in zip(cols, row[2:], strict=True) if v is not None}
                    rels.append(RelRow((src, row[0]), (dst, row[1]), table, props))
        return to_multidigraph(nodes, rels, keys)

    def close(self) -> None:
        """Stop the jailed worker, close the connection and database; remove the temporary folder of
        :meth:`from_networkx`."""
        jail = getattr(self, "_jail", None)
        if jail is not None:
            jail.close()
        for obj in (getattr(self, "_conn", None), getattr(self, "_db", None)):
            if obj is not None:
                try:
                    obj.close()
                except RuntimeError as e:  # closing twice is harmless
                    log.debug("close: %s", e)
        if self._cleanup is not None:
            shutil.rmtree(self._cleanup, ignore_errors=True)
            self._cleanup = None

    def __enter__(self) -> LadybugStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _short(value: Any) -> str:
    text = str(value)
    return text if len(text) <= 40 else text[:37] + "..."
