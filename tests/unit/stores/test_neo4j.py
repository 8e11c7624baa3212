"""Neo4jStore logic that needs no server: error mapping, value conversion, configuration, and
the lexical guard refusing before any query is sent.

Everything the server decides (EXPLAIN plan gate, READ mode, time-outs, row cap, schema,
projections, templates) is tested against a real Neo4j 5 in tests/integration/test_neo4j_store.py,
tests/integration/test_neo4j_templates.py and tests/security/test_neo4j_gate.py. The fake driver
below hands back the driver's REAL types and records the queries; the loader's unit tests use it to
check the order of their writes, and the guard test here uses it to show nothing reached a server.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import neo4j
from neo4j._work.summary import ResultSummary
from neo4j.addressing import Address
from neo4j.api import ServerInfo
from neo4j.exceptions import AuthError, Neo4jError, ServiceUnavailable
from neo4j.graph import Graph, Node, Path
from neo4j.time import Date, DateTime, Duration

Handler = Callable[[str, dict[str, Any]], "Reply"]


def neo4j_error(code: str, message: str) -> Neo4jError:
    """A real driver exception of the class the driver picks for ``code``."""
    return Neo4jError._hydrate_neo4j(code=code, message=message)


def summary(query_type: str = "r") -> ResultSummary:
    server = ServerInfo(Address(("localhost", 7687)), (5, 0))
    return ResultSummary(
        Address(("localhost", 7687)), True, True, {"server": server, "type": query_type, "db": "neo4j"}
    )


@dataclass
class Reply:
    keys: list[str] = field(default_factory=list)
    rows: list[list[Any]] = field(default_factory=list)
    query_type: str = "r"


class FakeResult:
    def __init__(self, reply: Reply) -> None:
        self._keys = reply.keys
        self._records = [neo4j.Record(zip(reply.keys, row, strict=True)) for row in reply.rows]
        self._summary = summary(reply.query_type)
        self._pos = 0

    def keys(self) -> list[str]:
        return list(self._keys)

    def fetch(self, n: int) -> list[neo4j.Record]:
        out = self._records[self._pos : self._pos + n]
        self._pos += len(out)
        return out

    def consume(self) -> ResultSummary:
        self._pos = len(self._records)
        return self._summary

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(self._records)


@dataclass
class Call:
    query: str
    params: dict[str, Any]
    access_mode: str | None
    timeout: float | None
    tx_id: int


class FakeDriver:
    """Records every query with its parameters, access mode, timeout and transaction."""

    def __init__(self, handler: Handler, *, connect_error: Exception | None = None) -> None:
        self.handler = handler
        self.calls: list[Call] = []
        self.sessions: list[dict[str, Any]] = []
        self.connect_error = connect_error
        self.closed = False
        self._tx = 0

    def verify_connectivity(self) -> None:
        if self.connect_error:
            raise self.connect_error

    def session(self, **config: Any) -> FakeSession:
        self.sessions.append(config)
        return FakeSession(self, config)

    def close(self) -> None:
        self.closed = True

    def next_tx(self) -> int:
        self._tx += 1
        return self._tx

    def queries(self) -> list[str]:
        return [c.query for c in self.calls]


class FakeTx:
    def __init__(self, driver: FakeDriver, mode: str | None, timeout: float | None) -> None:
        self.driver, self.mode, self.timeout = driver, mode, timeout
        self.id = driver.next_tx()

    def run(self, query: Any, parameters: dict[str, Any] | None = None, **kw: Any) -> FakeResult:
        text = query.text if isinstance(query, neo4j.Query) else query
        params = dict(parameters or {}, **kw)
        self.driver.calls.append(Call(text, params, self.mode, self.timeout, self.id))
        return FakeResult(self.driver.handler(text, params))


class FakeSession:
    def __init__(self, driver: FakeDriver, config: dict[str, Any]) -> None:
        self.driver, self.config = driver, config

    def __enter__(self) -> FakeSession:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def execute_read(self, fn: Callable[..., Any], *args: Any) -> Any:
        return fn(FakeTx(self.driver, "READ", getattr(fn, "timeout", None)), *args)

    def execute_write(self, fn: Callable[..., Any], *args: Any) -> Any:
        return fn(FakeTx(self.driver, "WRITE", getattr(fn, "timeout", None)), *args)

    def run(self, query: Any, parameters: dict[str, Any] | None = None) -> FakeResult:
        timeout = query.timeout if isinstance(query, neo4j.Query) else None
        return FakeTx(self.driver, "AUTOCOMMIT", timeout).run(query, parameters)


# ---------------------------------------------------------------------------- tests
import pytest  # noqa: E402

from grraf.config import Settings  # noqa: E402
from grraf.errors import CodeFailed, CodeRejected, CodeTimeout, ConfigError, StoreError  # noqa: E402
from grraf.stores.base import GraphStore  # noqa: E402
from grraf.stores.neo4j import Neo4jStore, map_neo4j_error, to_json  # noqa: E402
from tests.unit.stores.test_cypher_guard import WRITE_BATTERY  # noqa: E402

GRAPHS_ROW = ["G", False, True, 4, 3]


def default_handler(query: str, params: dict[str, Any]) -> Reply:
    """A tiny database: grraf graph G (undirected, weighted) with 4 nodes and 3 edges."""
    if query.startswith("EXPLAIN "):
        return Reply(query_type="r")
    if "GrrafGraph" in query:
        return Reply(["name", "directed", "weighted", "nodes", "edges"], [GRAPHS_ROW])
    if "db.labels()" in query:
        return Reply(["label"], [["G_Node"], ["GrrafGraph"], ["Person"], ["G__staging_Node"]])
    if "db.relationshipTypes()" in query:
        return Reply(["relationshipType"], [["G_EDGE"], ["KNOWS"]])
    if "db.schema.nodeTypeProperties" in query:
        return Reply(
            ["nodeLabels", "propertyName", "propertyTypes"],
            [[["G_Node"], "id", ["Long"]], [["Person"], "name", ["String"]], [["Person"], None, None]],
        )
    if "db.schema.relTypeProperties" in query:
        return Reply(["relType", "propertyName", "propertyTypes"], [[":`G_EDGE`", "weight", ["Double"]]])
    if "db.schema.visualization" in query:
        g = Graph()
        a = Node(g, "n1", 1, ["G_Node"], {"name": "G_Node"})
        b = Node(g, "n2", 2, ["Person"], {"name": "Person"})
        r1 = g.relationship_type("G_EDGE")(g, "r1", 1, {})
        r1._start_node, r1._end_node = a, a
        r2 = g.relationship_type("KNOWS")(g, "r2", 2, {})
        r2._start_node, r2._end_node = b, b
        return Reply(["relationships"], [[[r1, r2]]])
    if "SHOW PROCEDURES" in query:
        return Reply(["gds", "apoc"], [[0, 12]])
    if "RETURN count(n)" in query or "RETURN count(r)" in query:
        return Reply(["c"], [[4 if "count(n)" in query else 3]])
    if "RETURN DISTINCT v" in query:
        return Reply(["v"], [[1], [0], [2]])
    if query.startswith("MATCH (n:G_Node) RETURN n.id"):
        return Reply(["n.id"], [[i] for i in range(4)])
    if query == "MATCH (n:G_Node) RETURN count(n) AS answer":
        return Reply(["answer"], [[4]])
    raise AssertionError(f"unexpected query {query!r}")


def make_store(handler: Handler = default_handler, **kw: Any) -> tuple[Neo4jStore, FakeDriver]:
    driver = FakeDriver(handler)
    store = Neo4jStore("neo4j://fake:7687", ("neo4j", "pw"), driver=driver, settings=Settings(row_cap=2), **kw)
    return store, driver


def test_is_a_graph_store() -> None:
    store, _ = make_store()
    assert isinstance(store, GraphStore)
    assert (store.name, store.language, store.dialect) == ("neo4j", "cypher", "neo4j")


@pytest.mark.parametrize("query", WRITE_BATTERY)
def test_battery_never_reaches_the_server(query: str) -> None:
    store, driver = make_store()
    driver.calls.clear()
    with pytest.raises(CodeRejected):
        store.execute(query, 5)
    assert driver.calls == []


@pytest.mark.parametrize(
    ("code", "message", "expected"),
    [
        ("Neo.ClientError.Statement.SyntaxError", "Invalid input 'RETRN'", CodeFailed),
        ("Neo.ClientError.Statement.TypeError", "Type mismatch", CodeFailed),
        ("Neo.ClientError.Transaction.TransactionTimedOutClientConfiguration", "terminated", CodeTimeout),
        ("Neo.ClientError.Transaction.TransactionTimedOut", "timed out", CodeTimeout),
        ("Neo.ClientError.Statement.AccessMode", "Writing in read access mode not allowed.", CodeRejected),
        ("Neo.ClientError.Security.Unauthorized", "bad credentials", StoreError),
        ("Neo.DatabaseError.General.UnknownError", "boom", CodeFailed),
    ],
)
def test_server_errors_are_mapped(code: str, message: str, expected: type[Exception]) -> None:
    mapped = map_neo4j_error(neo4j_error(code, message), 3)
    assert type(mapped) is expected
    if expected is CodeFailed:
        assert str(mapped) == f"{code}: {message}"
    if expected is CodeTimeout:
        assert isinstance(mapped, CodeTimeout) and mapped.seconds == 3


def test_syntax_error_is_the_real_driver_class() -> None:
    err = neo4j_error("Neo.ClientError.Statement.SyntaxError", "Invalid input")
    assert isinstance(err, neo4j.exceptions.CypherSyntaxError)
    assert isinstance(map_neo4j_error(err, 1), CodeFailed)


def test_connection_failures_are_store_errors() -> None:
    with pytest.raises(StoreError, match="cannot connect to Neo4j"):
        Neo4jStore(
            "neo4j://x", ("a", "b"), driver=FakeDriver(default_handler, connect_error=ServiceUnavailable("down"))
        )
    with pytest.raises(StoreError, match="cannot connect"):
        Neo4jStore("neo4j://x", ("a", "b"), driver=FakeDriver(default_handler, connect_error=AuthError("no")))
    assert isinstance(map_neo4j_error(ServiceUnavailable("gone"), 1), StoreError)


def test_from_env(monkeypatch: pytest.MonkeyPatch) -> None:
    for var in ("NEO4J_URI", "NEO4J_USERNAME", "NEO4J_PASSWORD", "NEO4J_DATABASE"):
        monkeypatch.delenv(var, raising=False)
    with pytest.raises(ConfigError, match="NEO4J_URI"):
        Neo4jStore.from_env()
    monkeypatch.setenv("NEO4J_URI", "http://localhost:7474")
    with pytest.raises(ConfigError, match="must start with"):
        Neo4jStore.from_env()
    monkeypatch.setenv("NEO4J_URI", "neo4j://localhost:7687")
    with pytest.raises(ConfigError, match="NEO4J_PASSWORD"):
        Neo4jStore.from_env()
    monkeypatch.setenv("NEO4J_PASSWORD", "secret")
    monkeypatch.setenv("NEO4J_DATABASE", "graphs")
    driver = FakeDriver(default_handler)
    store = Neo4jStore.from_env(driver=driver, settings=Settings())
    assert store.database == "graphs" and store.uri == "neo4j://localhost:7687"


def test_real_driver_unreachable_is_store_error() -> None:
    with pytest.raises(StoreError, match="cannot connect"):
        Neo4jStore("bolt://127.0.0.1:1", ("neo4j", "pw"), settings=Settings())


def test_values_become_json() -> None:
    g = Graph()
    a = Node(g, "n1", 1, ["G_Node"], {"id": 1})
    b = Node(g, "n2", 2, ["G_Node"], {"id": 2})
    rel = g.relationship_type("G_EDGE")(g, "r1", 1, {"weight": 1.5})
    rel._start_node, rel._end_node = a, b
    path = Path(a, rel)
    assert to_json(a) == {"_labels": ["G_Node"], "id": 1}
    assert to_json(rel) == {"_type": "G_EDGE", "_start": 1, "_end": 2, "weight": 1.5}
    assert to_json(path) == {"nodes": [to_json(a), to_json(b)], "relationships": [to_json(rel)]}
    assert to_json(DateTime(2024, 1, 2, 3, 4, 5)) == "2024-01-02T03:04:05.000000000"
    assert to_json(Date(2024, 1, 2)) == "2024-01-02"
    assert to_json(Duration(days=1)) == "P1D"
    assert to_json(float("nan")) == "nan"
    json.dumps([to_json(x) for x in (a, rel, path)])
