"""Neo4j store over Bolt with the official driver: ask about graphs already in Neo4j.

Read-only by construction, in layers:

1. :func:`grraf.stores.cypher_guard.check_cypher` refuses writes lexically (a friendly early error);
2. ``EXPLAIN <query>`` is sent and the query is refused unless the planner says
   ``summary.query_type == "r"`` AND the plan passes :func:`grraf.stores.neo4j_plan.check_plan`:
   no ``LoadCSV``, no ``CALL {} IN TRANSACTIONS``, no writing or administration operator, and
   only allowlisted procedures and functions (``LOAD CSV`` and ``apoc.load.*`` plan as reads, so
   the query type alone does not stop them);
3. every generated query runs in a session opened with ``default_access_mode=READ_ACCESS``
   inside ``execute_read`` (the server refuses writes in a read transaction).

The server enforces the time limit (``unit_of_work(timeout=...)``); results are capped at
``settings.row_cap`` rows.

Graph Data Science: when the plan calls a GDS algorithm in ``stream``/``stats`` mode and names
a grraf graph's in-memory projection (``'NAME_Node'``), the store projects that graph first and
drops the projection afterwards — also when the query fails or times out. Generated code cannot
create or drop projections itself (``gds.graph.project``/``drop`` are not on the allowlist).

Graphs loaded by grraf (see :mod:`loaders.neo4j`) use label ``NAME_Node`` and relationship
type ``NAME_EDGE`` plus a ``:GrrafGraph {name}`` metadata node; the schema of any other
database is read with the built-in ``db.*`` procedures (no APOC needed).
"""

from __future__ import annotations

import datetime as dt
import logging
import os
import re
import time
from collections.abc import Callable, Sequence
from typing import Any

import neo4j
import networkx as nx
from neo4j import exceptions as nex

from grraf.config import Settings
from grraf.errors import CodeFailed, CodeRejected, CodeTimeout, ConfigError, StoreError
from grraf.stores import property_schema
from grraf.stores.base import Capabilities, Language, node_forms, unique_strings
from grraf.stores.cypher_guard import check_cypher, edge_type, node_label, quote_identifier
from grraf.stores.neo4j_plan import PlanFacts, check_plan
from grraf.types import Execution, LabelInfo, Pattern, PropertyInfo, Schema

log = logging.getLogger(__name__)

META_LABEL = "GrrafGraph"
_MAX_LABELS = 20
_MAX_PROPERTIES = 8
_SAMPLES = 3
_SAMPLE_SCAN = 100  # samples come from the first N nodes of a label, so the cost is flat
#: Relationships of one type read to find which labels it connects (bounded, see property_patterns).
PATTERN_SCAN = 10_000

# Full notes: grraf/prompts/dialect_neo4j.yaml. The schema adds what only the server knows
# (is GDS/APOC installed) and the one bound that keeps queries from running forever.
_DIALECT_NOTES = "Reminders (Neo4j): {extras}variable-length paths need an upper bound, e.g. -[:T*..30]->."


def _is_timeout(e: nex.Neo4jError) -> bool:
    code = e.code or ""
    return "TimedOut" in code or code.endswith("Transaction.TransactionTimedOutClientConfiguration")


def map_neo4j_error(e: Exception, timeout: float) -> Exception:
    """Translate a driver exception into grraf's error tree.

    Args:
        e: what the driver raised.
        timeout: the limit the query ran under (for :class:`CodeTimeout`).

    Returns:
        CodeTimeout for transaction timeouts, CodeRejected for writes refused by the server,
        StoreError for connection/authentication failures, CodeFailed (Neo4j's code and
        message) for everything the query itself caused.
    """
    if isinstance(e, nex.AuthError | nex.ServiceUnavailable | nex.SessionExpired):
        return StoreError(f"Neo4j is not usable: {_message(e)}")
    if isinstance(e, nex.Neo4jError):
        if _is_timeout(e):
            return CodeTimeout(f"query exceeded the time limit of {timeout:g} s and was terminated", seconds=timeout)
        if isinstance(e, nex.Forbidden | nex.ForbiddenOnReadOnlyDatabase) or (e.code or "").endswith("AccessMode"):
            return CodeRejected(f"{e.code}: {e.message}")
        return CodeFailed(f"{e.code}: {e.message}")
    if isinstance(e, nex.DriverError):
        return StoreError(f"Neo4j driver error: {_message(e)}")
    return CodeFailed(str(e))


def _message(e: Exception) -> str:
    msg = getattr(e, "message", None)
    return str(msg) if msg else str(e)


class Neo4jStore:
    """A Neo4j database reached over Bolt.

    Args:
        uri: ``neo4j://`` or ``bolt://`` address.
        auth: ``(username, password)``.
        database: database name; None means the server's default.
        graph_name: restrict schema and projections to the grraf graph of that name.
        settings: row cap and other knobs.
        driver: an already-built driver (tests inject a fake one here).

    Raises:
        ConfigError: the URI is not valid.
        StoreError: the server cannot be reached or refuses the credentials, or
            ``graph_name`` is not in the database.
    """

    name = "neo4j"
    language: Language = "cypher"
    dialect = "neo4j"

    def __init__(
        self,
        uri: str,
        auth: tuple[str, str],
        *,
        database: str | None = None,
        graph_name: str | None = None,
        settings: Settings | None = None,
        driver: Any = None,
    ) -> None:
        self.uri = uri
        self.database = database
        self.graph_name = graph_name
        self.settings = settings or Settings.from_env()
        self._schema: Schema | None = None
        self._plugins: frozenset[str] | None = None
        if driver is None:
            try:
                # The server's notifications ("label does not exist" for an empty graph, deprecation
                # warnings of schema procedures) are for people writing queries by hand; grraf's own
                # queries would log them on every schema read, and generated code reports its errors.
                driver = neo4j.GraphDatabase.driver(uri, auth=auth, notifications_min_severity="OFF")
            except (ValueError, nex.ConfigurationError) as e:
                raise ConfigError(f"invalid Neo4j URI {uri!r}: {e}") from e
        self._driver = driver
        try:
            self._driver.verify_connectivity()
        except (nex.Neo4jError, nex.DriverError, OSError) as e:
            self._driver.close()
            raise StoreError(f"cannot connect to Neo4j at {uri}: {_message(e)}") from e
        if graph_name is not None and graph_name not in self.graph_infos():
            known = ", ".join(sorted(self.graph_infos())) or "none"
            raise StoreError(f"no grraf graph named {graph_name!r} in Neo4j; known graphs: {known}")

    @classmethod
    def from_env(
        cls, *, graph_name: str | None = None, settings: Settings | None = None, **overrides: Any
    ) -> Neo4jStore:
        """Build from ``NEO4J_URI``, ``NEO4J_USERNAME``, ``NEO4J_PASSWORD``, ``NEO4J_DATABASE``.

        Keyword ``overrides`` (``uri``, ``username``, ``password``, ``database``, ``driver``)
        win over the environment.
        """
        uri = overrides.get("uri") or os.environ.get("NEO4J_URI")
        user = overrides.get("username") or os.environ.get("NEO4J_USERNAME") or "neo4j"
        password = overrides.get("password") or os.environ.get("NEO4J_PASSWORD")
        database = overrides.get("database") or os.environ.get("NEO4J_DATABASE") or None
        if not uri:
            raise ConfigError("NEO4J_URI is not set (e.g. export NEO4J_URI=neo4j://localhost:7687)")
        if not uri.startswith(("neo4j://", "neo4j+s://", "neo4j+ssc://", "bolt://", "bolt+s://", "bolt+ssc://")):
            raise ConfigError(f"NEO4J_URI must start with neo4j:// or bolt://, got {uri!r}")
        if not password:
            raise ConfigError("NEO4J_PASSWORD is not set")
        return cls(
            uri,
            (user, password),
            database=database,
            graph_name=graph_name,
            settings=settings,
            driver=overrides.get("driver"),
        )

    @property
    def driver(self) -> Any:
        """The underlying ``neo4j.Driver`` (the loader writes through it; queries never do)."""
        return self._driver

    # ------------------------------------------------------------------ plumbing
    def _read(self, work: Callable[[Any], Any], timeout: float | None = None) -> Any:
        """Run ``work(tx)`` in a READ transaction of a READ session."""
        fn = neo4j.unit_of_work(timeout=timeout)(work) if timeout else work
        with self._driver.session(database=self.database, default_access_mode=neo4j.READ_ACCESS) as session:
            return session.execute_read(fn)

    def _rows(self, query: str, **params: Any) -> list[list[Any]]:
        """Run one of grraf's own read queries (schema, projections)."""

        def work(tx: Any) -> list[list[Any]]:
            return [list(r.values()) for r in tx.run(query, params)]

        try:
            return self._read(work)
        except (nex.Neo4jError, nex.DriverError) as e:
            raise StoreError(f"Neo4j refused a schema query ({query[:60]}...): {_message(e)}") from e

    def graph_infos(self) -> dict[str, dict[str, Any]]:
        """grraf graphs in the database (from ``:GrrafGraph`` metadata nodes)."""
        rows = self._rows(
            f"MATCH (g:{META_LABEL}) RETURN g.name, g.directed, g.weighted, g.nodes, g.edges ORDER BY g.name"
        )
        return {r[0]: {"directed": bool(r[1]), "weighted": bool(r[2]), "nodes": r[3], "edges": r[4]} for r in rows}

    # ------------------------------------------------------------------ schema
    def schema(self) -> Schema:
        """Cached schema; see :meth:`refresh_schema`."""
        if self._schema is None:
            self._schema = self.refresh_schema()
        return self._schema

    def refresh_schema(self) -> Schema:
        """Read labels, types, properties, connections and counts again (no APOC needed).

        Bounded: at most 20 labels and 20 relationship types, 8 properties each, 3 sample
        values taken from the first 100 nodes; counts come from Neo4j's count store.
        """
        graphs = self.graph_infos()
        if not graphs and self.graph_name is None:
            return self._property_schema()
        labels = [r[0] for r in self._rows("CALL db.labels() YIELD label RETURN label ORDER BY label")]
        types = [
            r[0]
            for r in self._rows(
                "CALL db.relationshipTypes() YIELD relationshipType RETURN relationshipType ORDER BY relationshipType"
            )
        ]
        focus_graphs = [self.graph_name] if self.graph_name else sorted(graphs)
        if self.graph_name:
            labels = [lb for lb in labels if lb == node_label(self.graph_name)]
            types = [t for t in types if t == edge_type(self.graph_name)]
        else:
            labels = [lb for lb in labels if lb != META_LABEL and "__" not in lb]  # hide staging namespaces
            types = [t for t in types if "__" not in t]
        node_props = self._property_types(
            "CALL db.schema.nodeTypeProperties() YIELD nodeLabels, propertyName, "
            "propertyTypes RETURN nodeLabels, propertyName, propertyTypes"
        )
        rel_props = self._property_types(
            "CALL db.schema.relTypeProperties() YIELD relType, propertyName, "
            "propertyTypes RETURN relType, propertyName, propertyTypes"
        )
        connections = self._connections()
        lines: list[str] = []
        for gname in focus_graphs[:_MAX_LABELS]:
            meta = graphs[gname]
            kind = "directed" if meta["directed"] else "undirected"
            nl, et = node_label(gname), edge_type(gname)
            lines.append(
                f"Graph {gname}: {kind}{', weighted (property weight)' if meta['weighted'] else ''}; "
                f"nodes :{nl}, relationships :{et}."
            )
            if meta["directed"]:
                lines.append(f"  Directed: follow the arrow, e.g. MATCH (a:{nl})-[r:{et}]->(b:{nl}).")
            else:
                lines.append(
                    f"  Undirected: each edge is stored once; match it WITHOUT an arrow, "
                    f"e.g. MATCH (a:{nl})-[r:{et}]-(b:{nl})."
                )
        node_total = edge_total = 0
        for label in labels[:_MAX_LABELS]:
            count = self._rows(f"MATCH (n:{quote_identifier(label)}) RETURN count(n)")[0][0]
            node_total += int(count)
            props = self._describe(label, node_props.get(label, []), rel=False)
            lines.append(f"Node label :{label} ({count} nodes): {props}")
        if len(labels) > _MAX_LABELS:
            lines.append(f"... {len(labels) - _MAX_LABELS} more labels")
        for rtype in types[:_MAX_LABELS]:
            count = self._rows(f"MATCH ()-[r:{quote_identifier(rtype)}]->() RETURN count(r)")[0][0]
            edge_total += int(count)
            ends = ", ".join(f"(:{a})-[:{rtype}]->(:{b})" for a, b in connections.get(rtype, [])[:3])
            props = self._describe(rtype, rel_props.get(rtype, []), rel=True)
            lines.append(f"Relationship type :{rtype} ({count} relationships){' ' + ends if ends else ''}: {props}")
        if len(types) > _MAX_LABELS:
            lines.append(f"... {len(types) - _MAX_LABELS} more relationship types")
        lines.append(_DIALECT_NOTES.format(extras=self._procedures_note()))
        directed = {graphs[g]["directed"] for g in focus_graphs} if focus_graphs else set()
        weighted = any(graphs[g]["weighted"] for g in focus_graphs)
        return Schema(
            text="\n".join(lines),
            node_count=node_total,
            edge_count=edge_total,
            directed=directed.pop() if len(directed) == 1 else None,
            weight_property="weight" if weighted else None,
        )

    def _labels_and_types(self) -> tuple[list[str], list[str]]:
        labels = [r[0] for r in self._rows("CALL db.labels() YIELD label RETURN label ORDER BY label")]
        types = [
            r[0]
            for r in self._rows(
                "CALL db.relationshipTypes() YIELD relationshipType RETURN relationshipType ORDER BY relationshipType"
            )
        ]
        # grraf's own metadata and staging namespaces are not the user's data
        return [lb for lb in labels if lb != META_LABEL and "__" not in lb], [t for t in types if "__" not in t]

    def _sample_values(self, owner: str, prop: str, *, rel: bool) -> tuple[Any, ...]:
        q, p = quote_identifier(owner), quote_identifier(prop)
        pattern = f"()-[x:{q}]->()" if rel else f"(x:{q})"
        rows = self._rows(
            f"MATCH {pattern} WITH x LIMIT {_SAMPLE_SCAN} WITH x.{p} AS v WHERE v IS NOT NULL "
            f"RETURN DISTINCT v LIMIT {_SAMPLES}"
        )
        return tuple(sorted((to_json(r[0]) for r in rows), key=str))

    def _info(self, owner: str, count: int, props: list[tuple[str, str]], *, rel: bool) -> LabelInfo:
        shown = props[: property_schema.MAX_PROPERTIES]
        infos = tuple(PropertyInfo(p, t or "ANY", self._sample_values(owner, p, rel=rel)) for p, t in shown)
        return LabelInfo(owner, count, infos, len(props) - len(shown))

    def property_patterns(self, types: list[str] | None = None) -> tuple[Pattern, ...]:
        """Which labels each relationship type connects, and how often, without APOC.

        ``db.schema.visualization()`` is not used: it pairs every label seen at the start of a
        type with every label seen at its end (from the count store), so it reports patterns
        that do not exist. Instead each type (the first :data:`property_schema.MAX_RELATIONSHIPS`)
        is read by one bounded scan of its first :data:`PATTERN_SCAN` relationships, grouped by
        the end nodes' labels. Counts are exact when the type has at most that many
        relationships; above it they are the sample's shares scaled to the type's total (from
        the count store) and marked ``estimated``, and a pattern absent from the sample is missed.
        """
        if types is None:
            types = self._labels_and_types()[1]
        out: list[Pattern] = []
        for rtype in types[: property_schema.MAX_RELATIONSHIPS]:
            q = quote_identifier(rtype)
            total = int(self._rows(f"MATCH ()-[r:{q}]->() RETURN count(r)")[0][0])
            rows = self._rows(
                f"MATCH (a)-[r:{q}]->(b) WITH a, b LIMIT {PATTERN_SCAN} "
                "UNWIND CASE WHEN size(labels(a)) = 0 THEN [''] ELSE labels(a) END AS la "
                "UNWIND CASE WHEN size(labels(b)) = 0 THEN [''] ELSE labels(b) END AS lb "
                "RETURN la, lb, count(*) ORDER BY la, lb"
            )
            estimated = total > PATTERN_SCAN
            for la, lb, n in rows:
                count = round(int(n) * total / PATTERN_SCAN) if estimated else int(n)
                out.append(Pattern(str(la), rtype, str(lb), count, estimated))
        return tuple(sorted(out, key=lambda p: (-(p.count or 0), p.source, p.type, p.target)))

    def string_values(self, label: str, prop: str, tokens: Sequence[str], limit: int) -> list[str]:
        """Distinct values of the string property ``label.prop`` containing one of ``tokens`` (lower case),
        or the first ``limit`` values when ``tokens`` is empty.

        grraf's own bounded, parameterised look-up for entity resolution (READ transaction):
        ``label`` and ``prop`` come from the schema and are quoted, the question's words travel
        only as parameters.
        """
        q, p = quote_identifier(label), quote_identifier(prop)
        # No tokens: the first ``limit`` values (the bounded scan behind fuzzy matching).
        match = f"any(t IN $tokens WHERE toLower(n.{p}) CONTAINS t)" if tokens else "size($tokens) = 0"
        rows = self._rows(
            f"MATCH (n:{q}) WHERE n.{p} IS :: STRING AND {match} RETURN DISTINCT n." + p + " LIMIT $limit",
            tokens=[t.lower() for t in tokens],
            limit=int(limit),
        )
        return unique_strings(rows)

    def relationship_values(self, rel_type: str, prop: str, tokens: Sequence[str], limit: int) -> list[str]:
        """Distinct strings of the relationship property ``rel_type.prop`` (each string of a list)
        containing one of ``tokens`` (lower case); see :meth:`GraphStore.relationship_values`."""
        q, p = quote_identifier(rel_type), quote_identifier(prop)
        match = "any(t IN $tokens WHERE toLower(v) CONTAINS t)" if tokens else "size($tokens) = 0"
        # A property may hold a string on one relationship and a list on another (Neo4j does not type it).
        rows = self._rows(
            f"MATCH ()-[r:{q}]->() WHERE r.{p} IS NOT NULL "
            f"UNWIND CASE WHEN r.{p} IS :: LIST<ANY> THEN r.{p} ELSE [r.{p}] END AS v "
            f"WITH v WHERE v IS :: STRING AND {match} RETURN DISTINCT v LIMIT $limit",
            tokens=[t.lower() for t in tokens],
            limit=int(limit),
        )
        return unique_strings(rows)

    def relationship_types(self, label: str, prop: str, value: str, direction: str) -> list[str]:
        """The types of the relationships of the nodes ``(:label {prop: value})`` in ``direction``;
        see :meth:`GraphStore.relationship_types`."""
        q, p = quote_identifier(label), quote_identifier(prop)
        arrow = "-[r]->()" if direction == "out" else "<-[r]-()"
        rows = self._rows(f"MATCH (n:{q}) WHERE n.{p} = $value MATCH (n){arrow} RETURN DISTINCT type(r)", value=value)
        return sorted(unique_strings(rows))

    def _property_schema(self) -> Schema:
        """Schema of a database grraf did not create (labels, types, properties, patterns), no APOC.

        Bounded: the first 20 labels and types in name order, 8 properties each with 3 sample
        values from the first 100 nodes, counts from the count store, patterns from bounded scans
        (:meth:`property_patterns`).
        """
        labels, types = self._labels_and_types()
        node_props = self._property_types(
            "CALL db.schema.nodeTypeProperties() YIELD nodeLabels, propertyName, "
            "propertyTypes RETURN nodeLabels, propertyName, propertyTypes"
        )
        rel_props = self._property_types(
            "CALL db.schema.relTypeProperties() YIELD relType, propertyName, "
            "propertyTypes RETURN relType, propertyName, propertyTypes"
        )
        label_infos = []
        for label in labels[: property_schema.MAX_LABELS]:
            count = int(self._rows(f"MATCH (n:{quote_identifier(label)}) RETURN count(n)")[0][0])
            label_infos.append(self._info(label, count, node_props.get(label, []), rel=False))
        rel_infos = []
        for rtype in types[: property_schema.MAX_RELATIONSHIPS]:
            count = int(self._rows(f"MATCH ()-[r:{quote_identifier(rtype)}]->() RETURN count(r)")[0][0])
            rel_infos.append(self._info(rtype, count, rel_props.get(rtype, []), rel=True))
        patterns = self.property_patterns(types)
        node_total = int(self._rows("MATCH (n) RETURN count(n)")[0][0])
        edge_total = int(self._rows("MATCH ()-[r]->() RETURN count(r)")[0][0])
        text = property_schema.render(
            label_infos,
            rel_infos,
            patterns,
            header="A property graph (not created by grraf): match nodes by their label and properties.",
            notes=_DIALECT_NOTES.format(extras=self._procedures_note()),
            total_labels=len(labels),
            total_relationships=len(types),
        )
        return Schema(
            text=text,
            node_count=node_total,
            edge_count=edge_total,
            labels=tuple(label_infos),
            relationships=tuple(rel_infos),
            patterns=patterns,
        )

    def _property_types(self, query: str) -> dict[str, list[tuple[str, str]]]:
        out: dict[str, list[tuple[str, str]]] = {}
        try:
            rows = self._rows(query)
        except StoreError as e:  # procedure missing or not allowed: schema still works without types
            log.info("property types unavailable: %s", e)
            return out
        for owner, prop, types in rows:
            if prop is None:
                continue
            names = owner if isinstance(owner, list) else [str(owner).strip(":").strip("`")]
            for name in names:
                out.setdefault(name, []).append((prop, "|".join(types or [])))
        return {k: sorted(v) for k, v in out.items()}

    def _connections(self) -> dict[str, list[tuple[str, str]]]:
        """Which label connects to which by each relationship type (``db.schema.visualization``)."""
        out: dict[str, list[tuple[str, str]]] = {}
        try:

            def work(tx: Any) -> list[Any]:
                return list(
                    tx.run("CALL db.schema.visualization() YIELD nodes, relationships RETURN nodes, relationships")
                )

            records = self._read(work)
        except (nex.Neo4jError, nex.DriverError) as e:
            log.info("db.schema.visualization unavailable: %s", e)
            return out
        for nodes, rels in records:
            # The relationships' end nodes arrive as bare ids; the labels are on the returned nodes.
            names = {n.element_id: str(n.get("name") or next(iter(n.labels), "?")) for n in nodes}
            for rel in rels:
                start, end = rel.start_node, rel.end_node
                a = names.get(start.element_id, "?") if start is not None else "?"
                b = names.get(end.element_id, "?") if end is not None else "?"
                out.setdefault(rel.type, []).append((a, b))
        return {k: sorted(set(v)) for k, v in out.items()}

    def _describe(self, owner: str, props: list[tuple[str, str]], *, rel: bool) -> str:
        parts = []
        for prop, typ in props[:_MAX_PROPERTIES]:
            q = quote_identifier(owner)
            p = quote_identifier(prop)
            pattern = f"()-[x:{q}]->()" if rel else f"(x:{q})"
            rows = self._rows(
                f"MATCH {pattern} WITH x LIMIT {_SAMPLE_SCAN} WITH x.{p} AS v WHERE v IS NOT NULL "
                f"RETURN DISTINCT v LIMIT {_SAMPLES}"
            )
            samples = ", ".join(sorted((_short(to_json(r[0])) for r in rows), key=str))
            parts.append(f"{prop} {typ or 'ANY'}" + (f" (e.g. {samples})" if samples else ""))
        if len(props) > _MAX_PROPERTIES:
            parts.append(f"... {len(props) - _MAX_PROPERTIES} more")
        return "; ".join(parts) if parts else "no properties"

    def plugins(self) -> frozenset[str]:
        """Which of ``"apoc"`` and ``"gds"`` the server has (asked once, then cached)."""
        if self._plugins is None:
            try:
                rows = self._rows(
                    "SHOW FUNCTIONS YIELD name WHERE name STARTS WITH 'gds.' OR name STARTS WITH 'apoc.' "
                    "RETURN sum(CASE WHEN name STARTS WITH 'gds.' THEN 1 ELSE 0 END), "
                    "sum(CASE WHEN name STARTS WITH 'apoc.' THEN 1 ELSE 0 END)"
                )
                gds, apoc = rows[0]
            except (StoreError, IndexError, ValueError):
                gds, apoc = 0, 0
            self._plugins = frozenset(name for name, n in (("gds", gds), ("apoc", apoc)) if n)
        return self._plugins

    @property
    def has_gds(self) -> bool:
        """Whether Graph Data Science is installed on the server."""
        return "gds" in self.plugins()

    @property
    def has_apoc(self) -> bool:
        """Whether APOC is installed on the server."""
        return "apoc" in self.plugins()

    def _procedures_note(self) -> str:
        if self.has_gds:
            examples = [f"'{node_label(g)}'" for g in sorted(self._focus_graphs())[:3]]
            where = (
                f"each grraf graph is available to GDS as the in-memory graph named after its node label "
                f"({', '.join(examples)}); grraf projects it before your query and drops it after, "
                f"e.g. CALL gds.pageRank.stream({examples[0]}) YIELD nodeId, score "
                "RETURN gds.util.asNode(nodeId).id AS id, score; "
                if examples
                else "no grraf graph is loaded, so there is no in-memory graph to run GDS on; "
            )
            gds_note = "GDS is installed: use only gds.<algorithm>.stream/.stats procedures; " + where
        else:
            gds_note = "GDS is NOT installed; "
        apoc_note = (
            "APOC is installed (only pure functions such as apoc.coll.*, apoc.text.*, apoc.map.* may be used); "
            if self.has_apoc
            else "APOC is not installed; "
        )
        return gds_note + apoc_note

    # ------------------------------------------------------------------ execution
    def check(self, code: str) -> None:
        """Lexical guard (the session and EXPLAIN check enforce read-only as well)."""
        check_cypher(code, dialect="neo4j")

    def execute(self, code: str, timeout: float) -> Execution:
        """Run one read query: EXPLAIN check, READ transaction, server timeout, row cap.

        Raises:
            CodeRejected: the guard, the planner (query type not "r") or the server refused it.
            CodeTimeout: the server terminated the transaction at ``timeout`` seconds.
            CodeFailed: Neo4j's error code and message (syntax, types, unknown function ...).
            StoreError: connection or authentication failed.
        """
        self.check(code)
        return self.run_unguarded(code, timeout)

    def run_unguarded(self, code: str, timeout: float) -> Execution:
        """Like :meth:`execute` without the lexical guard (the plan gate and READ mode still apply)."""
        cap = self.settings.row_cap
        text = code.strip().rstrip(";")
        start = time.perf_counter()
        deadline = start + timeout

        def left() -> float:
            # Each step runs under what is left of the one limit; never 0 (which means "no limit").
            return max(deadline - time.perf_counter(), 0.001)

        def work(tx: Any) -> tuple[list[str], list[list[Any]], bool]:
            result = tx.run(text)
            keys = list(result.keys())
            records = result.fetch(cap + 1)
            result.consume()  # discards the rest on the server
            rows = [list(r.values()) for r in records]
            return keys, rows[:cap], len(rows) > cap

        if re.match(r"(?i)\s*(EXPLAIN|PROFILE)\b", text):
            raise CodeRejected("write the query alone, without EXPLAIN or PROFILE (grraf plans it itself)")
        projected: list[str] = []
        try:
            facts = self.explain(text, timeout=left())
            if facts.gds_algorithms:
                projected = self._project_for(text, deadline)
            keys, rows, truncated = self._read(work, timeout=left())
        except CodeTimeout as e:
            # Whichever step ran out (planning, projecting, running), the limit the caller set was hit.
            raise CodeTimeout(
                f"query exceeded the time limit of {timeout:g} s and was terminated", seconds=timeout
            ) from e
        except (CodeRejected, CodeFailed, StoreError):
            raise
        except Exception as e:
            mapped = map_neo4j_error(e, timeout)
            raise mapped from e
        finally:
            self._drop_projections(projected)
        value = shape_records(keys, rows)
        note = f"result truncated to {cap} rows" if truncated else None
        return Execution(value=value, seconds=time.perf_counter() - start, truncated=truncated, note=note)

    def explain(self, text: str, *, timeout: float | None = None) -> PlanFacts:
        """``EXPLAIN`` the query in a READ transaction; refuse it unless it is a plain read.

        Raises:
            CodeRejected: the planner's query type is not ``"r"``, or the plan gate refused it.
            CodeFailed: the query does not compile (Neo4j's code and message).
        """

        def work(tx: Any) -> Any:
            return tx.run("EXPLAIN " + text).consume()

        try:
            summary = self._read(work, timeout=timeout)
        except Exception as e:
            raise map_neo4j_error(e, timeout or 0.0) from e
        if summary.query_type != "r":
            raise CodeRejected(f"only read queries are allowed: Neo4j plans this as query type {summary.query_type!r}")
        return check_plan(summary.plan)

    # ------------------------------------------------------------------ GDS projections
    def _project_for(self, text: str, deadline: float) -> list[str]:
        """Project the grraf graphs the query names (``'NAME_Node'``) into GDS; returns the names.

        A projection of that name left by an earlier run is waited for during half the time left
        (another grraf query may be using it), then dropped as stale.
        """
        names: list[str] = []
        try:
            for gname, meta in self._focus_graphs().items():
                label = node_label(gname)
                if f"'{label}'" not in text and f'"{label}"' not in text:
                    continue
                # Half the time left, at most: the rest is for projecting and running the query.
                patience = time.perf_counter() + (deadline - time.perf_counter()) / 2
                while self._projection_exists(label) and time.perf_counter() < patience:
                    time.sleep(0.2)
                if self._projection_exists(label):
                    log.warning("dropping stale GDS projection %s", label)
                    self._drop_projections([label])
                rel: Any = {
                    edge_type(gname): {
                        "type": edge_type(gname),
                        "orientation": "NATURAL" if meta["directed"] else "UNDIRECTED",
                        **({"properties": ["weight"]} if meta["weighted"] else {}),
                    }
                }
                if not meta["edges"]:
                    # GDS refuses a relationship type that does not exist (a graph without edges never
                    # created NAME_EDGE); "*" between this graph's nodes alone projects no edge.
                    rel = "*"
                timeout = max(deadline - time.perf_counter(), 0.001)
                names.append(label)  # before projecting: a projection cut off by the time-out is dropped too
                self._read(_projector(label, rel), timeout=timeout)
        except BaseException:
            self._drop_projections(names)
            raise
        return names

    def _projection_exists(self, name: str) -> bool:
        rows = self._rows("CALL gds.graph.exists($name) YIELD exists RETURN exists", name=name)
        return bool(rows and rows[0][0])

    def _drop_projections(self, names: list[str]) -> None:
        """Drop GDS projections grraf made (missing ones are fine); never raises."""
        for name in names:
            try:
                self._rows("CALL gds.graph.drop($name, false) YIELD graphName RETURN graphName", name=name)
            except StoreError as e:
                log.error("could not drop GDS projection %s: %s", name, e)

    # ------------------------------------------------------------------ projections
    def capabilities(self) -> Capabilities:
        # The graphs in focus: with --graph-name, that one graph, even when the database holds
        # others (a template renders over exactly one graph; two-graph tasks need both asked for).
        return Capabilities(projects=True, graph_names=tuple(sorted(self._focus_graphs())), plugins=self.plugins())

    def node_key(self, value: Any) -> Any | None:
        """The ``id`` of the node written as ``value`` in the one grraf graph in focus, or None."""
        focus = list(self._focus_graphs())
        if len(focus) != 1:
            return None
        label = quote_identifier(node_label(focus[0]))
        for form in node_forms(value):
            rows = self._rows(f"MATCH (n:{label}) WHERE n.id = $v RETURN n.id LIMIT 1", v=form)
            if rows:
                return rows[0][0]
        return None

    def _focus_graphs(self) -> dict[str, dict[str, Any]]:
        infos = self.graph_infos()
        return {self.graph_name: infos[self.graph_name]} if self.graph_name else infos

    def to_networkx(self, *, max_nodes: int = 2_000_000, max_edges: int = 10_000_000) -> dict[str, nx.Graph]:
        """Project grraf graph(s) into NetworkX for the Python path.

        Raises:
            StoreError: no grraf graph to project, or it is larger than the limits.
        """
        import pandas as pd

        from grraf.frames import GraphFrames

        focus = self._focus_graphs()
        if not focus:
            return {"G": self._property_projection(max_nodes, max_edges)}
        out: dict[str, nx.Graph] = {}
        for gname, meta in focus.items():
            nl, et = quote_identifier(node_label(gname)), quote_identifier(edge_type(gname))
            n_nodes = self._rows(f"MATCH (n:{nl}) RETURN count(n)")[0][0]
            n_edges = self._rows(f"MATCH ()-[r:{et}]->() RETURN count(r)")[0][0]
            if n_nodes > max_nodes or n_edges > max_edges:
                raise StoreError(
                    f"graph {gname} has {n_nodes} nodes and {n_edges} edges, above the projection limit "
                    f"({max_nodes} nodes, {max_edges} edges); answer it with Cypher instead"
                )
            node_rows = self._rows(f"MATCH (n:{nl}) RETURN n.id AS id, properties(n) AS p")
            nodes = pd.DataFrame([{**{k: v for k, v in p.items() if k != "id"}, "id": i} for i, p in node_rows])
            if nodes.empty:
                nodes = pd.DataFrame({"id": []})
            edge_rows = self._rows(f"MATCH (a:{nl})-[r:{et}]->(b:{nl}) RETURN a.id, b.id, properties(r)")
            edges = pd.DataFrame([{"source": s, "target": t, **p} for s, t, p in edge_rows])
            if edges.empty:
                edges = pd.DataFrame({"source": [], "target": []})
            out[gname] = GraphFrames(nodes=nodes, edges=edges, directed=bool(meta["directed"])).to_networkx()
        return out

    def _declared_keys(self) -> dict[str, str]:
        """Label → property of a single-property uniqueness constraint or node key, where one exists."""
        try:
            rows = self._rows(
                "SHOW CONSTRAINTS YIELD type, entityType, labelsOrTypes, properties "
                "WHERE entityType = 'NODE' AND type IN ['UNIQUENESS', 'NODE_KEY'] AND size(properties) = 1 "
                "RETURN labelsOrTypes[0], properties[0] ORDER BY labelsOrTypes[0], properties[0]"
            )
        except StoreError as e:  # an older server or a user not allowed to list constraints
            log.info("constraints unavailable: %s", e)
            return {}
        keys: dict[str, str] = {}
        for label, prop in rows:
            keys.setdefault(str(label), str(prop))
        return keys

    def _property_projection(self, max_nodes: int, max_edges: int) -> nx.MultiDiGraph:
        """The whole database (no grraf graph in it) as one MultiDiGraph, within the limits."""
        from grraf.stores.projection import NodeRow, RelRow, to_multidigraph

        n_nodes = int(self._rows("MATCH (n) RETURN count(n)")[0][0])
        n_edges = int(self._rows("MATCH ()-[r]->() RETURN count(r)")[0][0])
        if n_nodes > max_nodes or n_edges > max_edges:
            raise StoreError(
                f"the database has {n_nodes} nodes and {n_edges} relationships, above the projection limit "
                f"({max_nodes} nodes, {max_edges} relationships); answer it with Cypher instead"
            )
        labels_order = self._labels_and_types()[0]
        nodes = []
        for ref, labels, props in self._rows("MATCH (n) RETURN elementId(n), labels(n), properties(n)"):
            # grraf's own metadata nodes are not the user's data
            if META_LABEL in labels:
                continue
            ordered = tuple(sorted(labels, key=lambda lb: labels_order.index(lb) if lb in labels_order else 1_000))
            nodes.append(NodeRow(ref, ordered, {k: to_json(v) for k, v in props.items()}))
        known = {n.ref for n in nodes}
        rels = [
            RelRow(a, b, t, {k: to_json(v) for k, v in p.items()})
            for a, b, t, p in self._rows("MATCH (a)-[r]->(b) RETURN elementId(a), elementId(b), type(r), properties(r)")
            if a in known and b in known
        ]
        return to_multidigraph(nodes, rels, self._declared_keys())

    def as_text(self, max_edges: int) -> str | None:
        """Edge lists of the grraf graph(s) in focus, or None when larger than ``max_edges``."""
        focus = self._focus_graphs()
        if not focus or sum(int(m["edges"] or 0) for m in focus.values()) > max_edges:
            return None
        blocks = []
        for gname, meta in focus.items():
            nl, et = quote_identifier(node_label(gname)), quote_identifier(edge_type(gname))
            weight = ", r.weight" if meta["weighted"] else ""
            rows = self._rows(
                f"MATCH (a:{nl})-[r:{et}]->(b:{nl}) RETURN a.id, b.id{weight} LIMIT $limit", limit=max_edges
            )
            kind = "directed" if meta["directed"] else "undirected"
            lines = [f"# graph {gname} ({kind}{', weighted' if meta['weighted'] else ''})"]
            lines += [" ".join(str(to_json(v)) for v in row) for row in rows]
            blocks.append("\n".join(lines))
        return "\n\n".join(blocks)

    def close(self) -> None:
        """Close the driver (and its connection pool)."""
        self._driver.close()

    def __enter__(self) -> Neo4jStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _projector(name: str, relationships: dict[str, Any] | str) -> Callable[[Any], Any]:
    """A unit of work projecting grraf graph label ``name`` into the GDS catalog under that name."""

    def work(tx: Any) -> Any:
        query = "CALL gds.graph.project($name, $label, $rel) YIELD graphName RETURN graphName"
        return tx.run(query, name=name, label=name, rel=relationships).consume()

    return work


def shape_records(keys: list[str], rows: list[list[Any]]) -> Any:
    """One cell → scalar, one column → list, else list of dicts (all JSON-able).

    >>> shape_records(["answer"], [[7]])
    7
    >>> shape_records(["a", "b"], [[1, 2]])
    [{'a': 1, 'b': 2}]
    """
    if len(keys) == 1:
        values = [to_json(r[0]) for r in rows]
        return values[0] if len(values) == 1 else values
    return [{k: to_json(v) for k, v in zip(keys, r, strict=False)} for r in rows]


def to_json(value: Any) -> Any:
    """Convert driver values (Node, Relationship, Path, neo4j.time, Point) to plain JSON values."""
    from neo4j.graph import Node, Path, Relationship
    from neo4j.spatial import Point
    from neo4j.time import Date, DateTime, Duration, Time

    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, float):
        return value if value == value and abs(value) != float("inf") else str(value)
    if isinstance(value, Node):
        return {"_labels": sorted(value.labels), **{k: to_json(v) for k, v in value.items()}}
    if isinstance(value, Relationship):
        out: dict[str, Any] = {"_type": value.type}
        if value.start_node is not None and "id" in value.start_node:
            out["_start"] = to_json(value.start_node["id"])
        if value.end_node is not None and "id" in value.end_node:
            out["_end"] = to_json(value.end_node["id"])
        out.update({k: to_json(v) for k, v in value.items()})
        return out
    if isinstance(value, Path):
        return {"nodes": [to_json(n) for n in value.nodes], "relationships": [to_json(r) for r in value.relationships]}
    if isinstance(value, Date | DateTime | Time):
        return value.iso_format()
    if isinstance(value, Duration):
        return value.iso_format()
    if isinstance(value, dt.date | dt.time | dt.datetime):
        return value.isoformat()
    if isinstance(value, dt.timedelta):
        return value.total_seconds()
    if isinstance(value, Point):
        return {"srid": value.srid, "coordinates": [to_json(c) for c in value]}
    if isinstance(value, dict):
        return {str(k): to_json(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [to_json(v) for v in value]
    if isinstance(value, bytes | bytearray):
        return bytes(value).hex()
    return str(value)


def _short(text: Any) -> str:
    s = str(text)
    return s if len(s) <= 40 else s[:37] + "..."
