"""The benchmark's property graphs: read from their one source of truth, written as Cypher, loaded.

Each graph lives in ``data/<name>.yaml`` (facts only). From it come:

* a :class:`PropertyGraph` (labelled nodes and typed relationships, as plain Python values),
  which the reference answers (:mod:`grraf.bench.property.reference`) read directly;
* a Cypher script per dialect (:func:`cypher_script`): ladybug needs ``CREATE NODE TABLE`` /
  ``CREATE REL TABLE`` before any data, Neo4j 5 gets uniqueness constraints instead. The
  scripts are also committed under ``data/`` so a person can read or run them
  (``tests/unit/bench/property/test_graphs.py`` keeps them equal to what this module writes);
* loaders that run that script: :func:`load_into_ladybug` and :func:`load_into_neo4j`. They
  write the graph as a user would keep it (labels ``Person``, ``Movie``, ...), NOT in grraf's
  ``NAME_Node``/``NAME_EDGE`` namespacing: these are "databases grraf did not create".
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, Literal

import yaml

from grraf.errors import ConfigError, StoreError

log = logging.getLogger(__name__)

DATA_DIR = Path(__file__).with_name("data")
GRAPHS: tuple[str, ...] = ("movies", "flights")
Dialect = Literal["ladybug", "neo4j"]
DIALECTS: tuple[Dialect, ...] = ("ladybug", "neo4j")

# Property types, in ladybug's words; Neo4j has no declared types (only constraints).
_STRING, _INT, _FLOAT, _STRINGS = "STRING", "INT64", "DOUBLE", "STRING[]"


@dataclass(frozen=True)
class NodeTable:
    """A label: its key property (unique, used to name nodes) and typed properties (key first)."""

    label: str
    key: str
    properties: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class RelTable:
    """A relationship type between two labels, with typed properties."""

    type: str
    source: str
    target: str
    properties: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Node:
    label: str
    properties: Mapping[str, Any]


@dataclass(frozen=True)
class Rel:
    """A relationship, its ends named by their labels' key values."""

    type: str
    source: str
    target: str
    properties: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class PropertyGraph:
    """One benchmark graph as plain values: what the scripts write and the reference reads."""

    name: str
    node_tables: tuple[NodeTable, ...]
    rel_tables: tuple[RelTable, ...]
    nodes: tuple[Node, ...]
    rels: tuple[Rel, ...]

    def table(self, label: str) -> NodeTable:
        for t in self.node_tables:
            if t.label == label:
                return t
        raise KeyError(label)

    def rel_table(self, rel_type: str) -> RelTable:
        for t in self.rel_tables:
            if t.type == rel_type:
                return t
        raise KeyError(rel_type)

    def key_of(self, node: Node) -> Any:
        return node.properties[self.table(node.label).key]

    @property
    def labels(self) -> tuple[str, ...]:
        return tuple(t.label for t in self.node_tables)


def _read(name: str) -> dict[str, Any]:
    path = DATA_DIR / f"{name}.yaml"
    if not path.exists():
        raise ConfigError(f"no property graph named {name!r}; known: {', '.join(GRAPHS)}")
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict):
        raise ConfigError(f"{path} is not a mapping")
    return data


def _movies(data: Mapping[str, Any]) -> PropertyGraph:
    people: Mapping[str, int | None] = data["people"]
    nodes = [Node("Person", {"name": n, **({"born": b} if b is not None else {})}) for n, b in people.items()]
    rels: list[Rel] = []
    for movie in data["movies"]:
        title = movie["title"]
        nodes.append(Node("Movie", {"title": title, "released": int(movie["released"])}))
        for person, roles in movie["cast"].items():
            rels.append(Rel("ACTED_IN", person, title, {"roles": tuple(str(r) for r in roles)}))
        for key, rel_type in (("directed", "DIRECTED"), ("wrote", "WROTE"), ("produced", "PRODUCED")):
            rels.extend(Rel(rel_type, person, title) for person in movie.get(key, ()))
    known = set(people)
    missing = sorted({r.source for r in rels} - known)
    if missing:
        raise ConfigError(f"movies.yaml: people without an entry: {', '.join(missing)}")
    return PropertyGraph(
        name="movies",
        node_tables=(
            NodeTable("Person", "name", (("name", _STRING), ("born", _INT))),
            NodeTable("Movie", "title", (("title", _STRING), ("released", _INT))),
        ),
        rel_tables=(
            RelTable("ACTED_IN", "Person", "Movie", (("roles", _STRINGS),)),
            RelTable("DIRECTED", "Person", "Movie"),
            RelTable("WROTE", "Person", "Movie"),
            RelTable("PRODUCED", "Person", "Movie"),
        ),
        nodes=tuple(nodes),
        rels=tuple(rels),
    )


def _flights(data: Mapping[str, Any]) -> PropertyGraph:
    nodes = [Node("Country", dict(c)) for c in data["countries"]]
    rels: list[Rel] = []
    for a in data["airports"]:
        props = {k: a[k] for k in ("code", "name", "city")}
        props.update(latitude=float(a["latitude"]), longitude=float(a["longitude"]))
        nodes.append(Node("Airport", props))
        rels.append(Rel("IN_COUNTRY", a["code"], a["country"]))
    for src, dst, km in data["routes"]:
        rels.append(Rel("ROUTE", src, dst, {"distance_km": int(km)}))
        rels.append(Rel("ROUTE", dst, src, {"distance_km": int(km)}))
    for src, dst, km in data["one_way"]:
        rels.append(Rel("ROUTE", src, dst, {"distance_km": int(km)}))
    return PropertyGraph(
        name="flights",
        node_tables=(
            NodeTable(
                "Airport",
                "code",
                (("code", _STRING), ("name", _STRING), ("city", _STRING), ("latitude", _FLOAT), ("longitude", _FLOAT)),
            ),
            NodeTable("Country", "code", (("code", _STRING), ("name", _STRING), ("continent", _STRING))),
        ),
        rel_tables=(
            RelTable("ROUTE", "Airport", "Airport", (("distance_km", _INT),)),
            RelTable("IN_COUNTRY", "Airport", "Country"),
        ),
        nodes=tuple(nodes),
        rels=tuple(rels),
    )


@cache
def property_graph(name: str) -> PropertyGraph:
    """The benchmark graph ``name`` (``"movies"`` or ``"flights"``), read from ``data/NAME.yaml``.

    Raises:
        ConfigError: unknown name or a data file that does not hold together.
    """
    builders = {"movies": _movies, "flights": _flights}
    if name not in builders:
        raise ConfigError(f"no property graph named {name!r}; known: {', '.join(GRAPHS)}")
    graph = builders[name](_read(name))
    _validate(graph)
    return graph


def _validate(graph: PropertyGraph) -> None:
    keys: dict[str, set[Any]] = {t.label: set() for t in graph.node_tables}
    for node in graph.nodes:
        key = graph.key_of(node)
        if key in keys[node.label]:
            raise ConfigError(f"{graph.name}: duplicate {node.label} {key!r}")
        keys[node.label].add(key)
    for rel in graph.rels:
        table = graph.rel_table(rel.type)
        if rel.source not in keys[table.source] or rel.target not in keys[table.target]:
            raise ConfigError(f"{graph.name}: {rel.type} {rel.source!r} -> {rel.target!r} names an unknown node")


# --------------------------------------------------------------------------- Cypher scripts


def cypher_literal(value: Any) -> str:
    """A Cypher literal both ladybug and Neo4j read the same way.

    >>> cypher_literal("Jerry O'Connell"), cypher_literal(1995), cypher_literal(("Neo", "Thomas"))
    ("'Jerry O\\\\'Connell'", '1995', "['Neo', 'Thomas']")
    >>> cypher_literal(51.47)
    '51.47'
    """
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        return "'" + value.replace("\\", "\\\\").replace("'", "\\'") + "'"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(cypher_literal(v) for v in value) + "]"
    raise TypeError(f"no Cypher literal for {type(value).__name__}")


def _map(props: Mapping[str, Any]) -> str:
    return "{" + ", ".join(f"{k}: {cypher_literal(v)}" for k, v in props.items() if v is not None) + "}"


def schema_statements(graphs: Iterable[PropertyGraph], dialect: Dialect) -> list[str]:
    """What must run before the data: tables (ladybug) or uniqueness constraints (Neo4j)."""
    out: list[str] = []
    graphs = list(graphs)
    for g in graphs:
        for t in g.node_tables:
            if dialect == "ladybug":
                cols = ", ".join(f"{p} {typ}" for p, typ in t.properties)
                out.append(f"CREATE NODE TABLE {t.label}({cols}, PRIMARY KEY ({t.key}))")
            else:
                name = f"{t.label.lower()}_{t.key}"
                out.append(f"CREATE CONSTRAINT {name} IF NOT EXISTS FOR (n:{t.label}) REQUIRE n.{t.key} IS UNIQUE")
    if dialect == "ladybug":
        for g in graphs:
            for r in g.rel_tables:
                cols = "".join(f", {p} {typ}" for p, typ in r.properties)
                out.append(f"CREATE REL TABLE {r.type}(FROM {r.source} TO {r.target}{cols})")
    return out


def data_statements(graph: PropertyGraph) -> Iterator[str]:
    """One ``CREATE`` per node, then one ``MATCH ... MATCH ... CREATE`` per relationship.

    Two MATCH clauses, not one with a comma: ladybug plans the comma form as a cross product.
    """
    for node in graph.nodes:
        yield f"CREATE (:{node.label} {_map(node.properties)})"
    for rel in graph.rels:
        table = graph.rel_table(rel.type)
        src_key, dst_key = graph.table(table.source).key, graph.table(table.target).key
        props = f" {_map(rel.properties)}" if rel.properties else ""
        yield (
            f"MATCH (a:{table.source} {{{src_key}: {cypher_literal(rel.source)}}}) "
            f"MATCH (b:{table.target} {{{dst_key}: {cypher_literal(rel.target)}}}) "
            f"CREATE (a)-[:{rel.type}{props}]->(b)"
        )


def cypher_script(name: str, dialect: Dialect) -> str:
    """The whole script that builds graph ``name`` in ``dialect``: one statement per line, ``;``-terminated."""
    if dialect not in DIALECTS:
        raise ConfigError(f"unknown dialect {dialect!r}; choose one of {', '.join(DIALECTS)}")
    graph = property_graph(name)
    header = [
        f"// grraf benchmark graph {name!r} for {'ladybug' if dialect == 'ladybug' else 'Neo4j 5'}.",
        f"// Generated from grraf/bench/property/data/{name}.yaml by grraf.bench.property.graphs; do not edit.",
    ]
    lines = [*schema_statements([graph], dialect), *data_statements(graph)]
    return "\n".join(header + [s + ";" for s in lines]) + "\n"


def script_path(name: str, dialect: Dialect) -> Path:
    """Where the committed script of graph ``name`` for ``dialect`` lives."""
    return DATA_DIR / f"{name}.{dialect}.cypher"


def split_script(script: str) -> list[str]:
    """The statements of a script written by :func:`cypher_script` (one per line, comments skipped)."""
    out = []
    for line in script.splitlines():
        text = line.strip()
        if text and not text.startswith("//"):
            out.append(text.rstrip(";"))
    return out


# --------------------------------------------------------------------------- loaders


def _names(names: str | Sequence[str]) -> list[str]:
    return [names] if isinstance(names, str) else list(names)


def load_into_ladybug(path: str | Path, names: str | Sequence[str] = GRAPHS) -> Path:
    """Create a ladybug database at ``path`` holding the graphs ``names``, by running their scripts.

    Args:
        path: a new database file (its folder is created).
        names: one graph name or several; they share the database (their labels differ).

    Returns:
        ``path``.

    Raises:
        StoreError: the database exists already or a statement failed.
    """
    import ladybug

    target = Path(path)
    if target.exists():
        raise StoreError(f"{target} exists; load_into_ladybug writes a new database")
    target.parent.mkdir(parents=True, exist_ok=True)
    graphs = [property_graph(n) for n in _names(names)]
    db = ladybug.Database(str(target))
    conn = ladybug.Connection(db)
    try:
        for statement in schema_statements(graphs, "ladybug"):
            conn.execute(statement)
        conn.execute("BEGIN TRANSACTION")
        for graph in graphs:
            for statement in data_statements(graph):
                conn.execute(statement)
        conn.execute("COMMIT")
    except RuntimeError as e:
        raise StoreError(f"loading {', '.join(g.name for g in graphs)} into {target} failed: {e}") from e
    finally:
        conn.close()
        db.close()
    log.info("loaded %s into %s", ", ".join(g.name for g in graphs), target)
    return target


def load_into_neo4j(
    driver: Any,
    names: str | Sequence[str] = GRAPHS,
    *,
    database: str | None = None,
    replace: bool = False,
) -> None:
    """Write the graphs ``names`` into a Neo4j database: the script's constraints, then its nodes and
    relationships in a few batched, parameterised writes (the same graph as running the committed
    script statement by statement, which tests check, in a second instead of half a minute).

    Args:
        driver: a ``neo4j.Driver`` with write access.
        names: one graph name or several.
        database: the database to write to (None: the server's default).
        replace: delete the nodes of these graphs' labels first (and only those). Without it
            a database that already holds one of the labels is refused, so no one's data is
            mixed with or overwritten by the benchmark's.

    Raises:
        StoreError: the labels are present and ``replace`` is false, or Neo4j refused a statement.
    """
    from neo4j import exceptions as nex

    graphs = [property_graph(n) for n in _names(names)]
    labels = [t.label for g in graphs for t in g.node_tables]
    try:
        with driver.session(database=database) as session:
            present = [label for label in labels if session.run(f"MATCH (n:{label}) RETURN 1 LIMIT 1").peek()]
            if present and not replace:
                raise StoreError(
                    f"the database already holds nodes labelled {', '.join(present)}; pass replace=True to delete them"
                )
            for label in present:
                # Batched so a large leftover graph cannot exhaust the transaction memory.
                session.run(
                    f"MATCH (n:{label}) CALL {{ WITH n DETACH DELETE n }} IN TRANSACTIONS OF 10000 ROWS"
                ).consume()
            for statement in schema_statements(graphs, "neo4j"):
                session.run(statement).consume()
            for graph in graphs:
                # The script's statements, batched: the same nodes and relationships in a few
                # parameterised queries (1,300 single statements take half a minute to plan).
                session.execute_write(_write_batched, graph)
    except nex.Neo4jError as e:
        raise StoreError(f"loading {', '.join(g.name for g in graphs)} into Neo4j failed: {e}") from e
    log.info("loaded %s into Neo4j", ", ".join(g.name for g in graphs))


def _write_batched(tx: Any, graph: PropertyGraph) -> None:
    for table in graph.node_tables:
        rows = [dict(n.properties) for n in graph.nodes if n.label == table.label]
        tx.run(f"UNWIND $rows AS row CREATE (n:{table.label}) SET n = row", rows=rows).consume()
    for rt in graph.rel_tables:
        src_key, dst_key = graph.table(rt.source).key, graph.table(rt.target).key
        rows = [
            {"src": r.source, "dst": r.target, "props": dict(r.properties)} for r in graph.rels if r.type == rt.type
        ]
        tx.run(
            f"UNWIND $rows AS row MATCH (a:{rt.source} {{{src_key}: row.src}}) "
            f"MATCH (b:{rt.target} {{{dst_key}: row.dst}}) CREATE (a)-[r:{rt.type}]->(b) SET r = row.props",
            rows=rows,
        ).consume()
