"""Attacks on the Cypher gate, run through the stores' own path (``check`` then ``execute``).

Each attack asserts that it had no effect, not merely that it raised: against a real ladybug
database, the database file and every file around it are byte-for-byte unchanged (no export, no
copy, no checkpoint/WAL/shadow file), the graph data is unchanged when the file is opened again,
the database still opens, and a secret file's content appears in no message. Against Neo4j (a
fake driver with the real driver types; no server is reachable here) nothing reaches the server.
Issue 14 lists the bypasses these cover.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import networkx as nx
import pytest

from grraf.errors import CodeError, CodeFailed, CodeRejected
from grraf.stores.ladybug import LadybugStore
from tests.unit.stores.test_neo4j import make_store

SECRET = "grraf-secret-7f3a9c"


@dataclass(frozen=True)
class Scene:
    """A ladybug database and the files around it, as an attacker would find them."""

    root: Path
    db: Path
    secret: Path

    def snapshot(self) -> dict[str, str]:
        """Every file and folder under ``root`` with the hash of its bytes."""
        return {
            str(p.relative_to(self.root)): hashlib.sha256(p.read_bytes()).hexdigest() if p.is_file() else "folder"
            for p in sorted(self.root.rglob("*"))
        }

    def data(self) -> tuple[int, int, str]:
        """Node count, edge count and a digest of the weighted edges, read from a fresh read-only open."""
        with LadybugStore(self.db) as store:
            graph = store.to_networkx()["G"]
        edges = sorted((min(u, v), max(u, v), d.get("weight")) for u, v, d in graph.edges(data=True))
        return graph.number_of_nodes(), graph.number_of_edges(), hashlib.sha256(json.dumps(edges).encode()).hexdigest()


@pytest.fixture
def scene(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Scene]:
    root = tmp_path / "site"
    root.mkdir()
    graph = nx.Graph()
    graph.add_weighted_edges_from([(0, 1, 2.0), (1, 2, 1.5), (2, 3, 1.0), (0, 3, 10.0)])
    LadybugStore.from_networkx({"G": graph}, path=root / "g.lbug").close()
    secret = root / "secret.txt"
    secret.write_text(f"token:{SECRET}\n", encoding="utf-8")
    # Relative paths in an attack (COPY ... TO 'out.csv') would land here, where they are looked for.
    monkeypatch.chdir(root)
    yield Scene(root=root, db=root / "g.lbug", secret=secret)


def attack(scene: Scene, query: str) -> list[str]:
    """Run ``query`` the way the agent does; return every message it produced."""
    messages: list[str] = []
    with LadybugStore(scene.db) as store:
        with pytest.raises(CodeRejected) as checked:
            store.check(query)
        messages.append(str(checked.value))
        with pytest.raises(CodeError) as executed:
            store.execute(query, 5)
        messages.append(str(executed.value))
        # the connection is still healthy afterwards (CHECKPOINT once left it in "WAL panic")
        assert store.execute("MATCH (n:G_Node) RETURN count(n) AS answer", 5).value == 4
    return messages


def f(template: str, scene: Scene) -> str:
    return template.format(root=scene.root, secret=scene.secret, db=scene.db)


# Every attack is a query template; {secret}, {root} and {db} are filled in per test.
LADYBUG_ATTACKS: dict[str, str] = {
    # issue 14: a backtick-quoted `AS` hid LOAD FROM from the old lexer, and the file came back
    "backtick AS then LOAD FROM": (
        "UNWIND [1] AS `AS` LOAD FROM '{secret}' (file_format='csv', header=false, delim=':') RETURN *"
    ),
    "backtick alias in WITH then LOAD FROM": "WITH 1 AS `x`, 2 AS `AS` LOAD FROM '{secret}' (header=false) RETURN *",
    "LOAD FROM plainly": "LOAD FROM '{secret}' (header=false) RETURN *",
    "LOAD FROM inside EXISTS": "MATCH (n:G_Node) WHERE EXISTS {{ LOAD FROM '{secret}' RETURN * }} RETURN n",
    "LOAD FROM inside CALL subquery": "CALL {{ LOAD FROM '{secret}' (header=false) RETURN * }} RETURN 1",
    "LOAD WITH HEADERS": "LOAD WITH HEADERS (a STRING) FROM '{secret}' RETURN *",
    # issue 14: U+180E is whitespace to ladybug; CHECKPOINT left the database unopenable read-only
    "U+180E then CHECKPOINT": "MATCH (n:G_Node) RETURN count(n)\u180eCHECKPOINT",
    "U+180E then BEGIN TRANSACTION": "RETURN 1\u180eBEGIN TRANSACTION",
    "U+180E after a semicolon then CHECKPOINT": "RETURN 1;\u180eCHECKPOINT",
    "U+2028 before CHECKPOINT": "RETURN 1;\u2028CHECKPOINT",
    "NBSP before DETACH DELETE": "MATCH (n:G_Node)\u00a0DETACH DELETE n",
    "zero-width space inside a keyword": "MATCH (n:G_Node) DETA\u200bCH DELETE n",
    "BOM before CREATE": "\ufeffCREATE (n:G_Node {{id: 99}})",
    "full-width CREATE": "ＣＲＥＡＴＥ (n:G_Node {{id: 99}})",
    "full-width apostrophes around a write": "RETURN ＇ CREATE (n:G_Node {{id: 99}}) ＇",
    # issue 14: settings through CALL name=value
    "CALL timeout=0": "CALL timeout=0",
    "CALL quoted setting": "CALL `var_length_extend_max_depth`=2147483647",
    "CALL file_search_path": "CALL file_search_path='/'",
    # the read-only database still ran these (issue 14)
    "COPY TO a file": "COPY (MATCH (n:G_Node) RETURN n.id) TO '{root}/out.csv'",
    "COPY TO a relative file": "COPY (MATCH (n:G_Node) RETURN n.id) TO 'out.csv'",
    "EXPORT DATABASE": "EXPORT DATABASE '{root}/exported'",
    "IMPORT DATABASE": "IMPORT DATABASE '{root}/exported'",
    "INSTALL an extension": "INSTALL httpfs",
    "LOAD EXTENSION": "LOAD EXTENSION httpfs",
    "ATTACH another database": "ATTACH '{root}/other.lbug' AS other (dbtype lbug)",
    "CHECKPOINT": "CHECKPOINT",
    "BEGIN TRANSACTION": "BEGIN TRANSACTION",
    # writes of every kind
    "CREATE": "CREATE (n:G_Node {{id: 99}})",
    "MERGE": "MERGE (n:G_Node {{id: 0}}) SET n.weight = 1",
    "SET after LIMIT": "MATCH (n:G_Node) WITH n LIMIT 1 SET n.weight = 1",
    "DETACH DELETE": "MATCH (n:G_Node) DETACH DELETE n",
    "DROP TABLE": "DROP TABLE G_EDGE",
    "ALTER TABLE": "ALTER TABLE G_Node ADD extra INT64",
    "COPY FROM a file": "COPY G_Node FROM '{secret}'",
    "second statement": "MATCH (n:G_Node) RETURN count(n); DROP TABLE G_EDGE",
    "CALL of a state-changing function": "CALL clear_warnings()",
    "CALL of a projection": "CALL project_graph('p', ['G_Node'], ['G_EDGE'])",
    "CREATE MACRO": "CREATE MACRO leak(x) AS x",
    # lexer disagreements: text one parser reads as comment or string is code to the other
    "comment ladybug keeps open": "MATCH (n:G_Node) RETURN n /* a **/ , 'x */ DETACH DELETE n //'",
    "line comment ended by a lone CR": "MATCH (n:G_Node) RETURN n // note\rDETACH DELETE n",
    "escape that decodes to a quote": "MATCH (n:G_Node) RETURN '\\u0027 DETACH DELETE n //'",
    "unknown escape": "MATCH (n:G_Node) WHERE n.id = 'a\\q' DETACH DELETE n",
    # resource bombs the gate can see (issue 14: range(1, 3e9) exhausted memory in process)
    "UNWIND range(1, 3e9)": "UNWIND range(1, 3e9) AS x RETURN count(x)",
    "UNWIND range(1, 3000000000)": "UNWIND range(1, 3000000000) AS x RETURN count(x)",
    "two multiplying ranges": "UNWIND range(1, 100000) AS x UNWIND range(1, 100000) AS y RETURN count(*)",
    "repeat a string to gigabytes": "RETURN size(repeat('x', 2000000000)) AS answer",
    "nesting deep enough to overflow a parser": "RETURN " + "[" * 5000 + "]" * 5000,
}


@pytest.mark.parametrize("name", sorted(LADYBUG_ATTACKS))
def test_ladybug_attack_has_no_effect(scene: Scene, name: str) -> None:
    files_before, data_before = scene.snapshot(), scene.data()
    messages = attack(scene, f(LADYBUG_ATTACKS[name], scene))
    assert scene.snapshot() == files_before, "a file was created, changed or removed"
    assert scene.data() == data_before, "the graph changed"
    assert not any(SECRET in m for m in messages), "the secret file leaked into a message"


def test_the_old_bypass_reads_the_file_in_process_but_not_in_the_jail(scene: Scene) -> None:
    """The control: ladybug itself, in process, runs the issue's LOAD FROM and returns the secret; the
    store's jail, even without the gate, sees no file but the database."""
    import ladybug

    query = f(LADYBUG_ATTACKS["backtick AS then LOAD FROM"], scene)
    database = ladybug.Database(str(scene.db), read_only=True)
    try:
        leaked = ladybug.Connection(database).execute(query).get_all()
    finally:
        database.close()
    assert SECRET in json.dumps(leaked, default=str)
    with LadybugStore(scene.db) as store, pytest.raises(CodeFailed, match="No file found") as refused:
        store.run_unguarded(query, 5)
    assert SECRET not in str(refused.value)


def test_messages_tell_the_llm_what_went_wrong(scene: Scene) -> None:
    messages = attack(scene, f(LADYBUG_ATTACKS["U+180E then CHECKPOINT"], scene))
    assert "U+180E (MONGOLIAN VOWEL SEPARATOR) at line 1, column 33" in messages[0]
    messages = attack(scene, f(LADYBUG_ATTACKS["backtick AS then LOAD FROM"], scene))
    assert messages[0].startswith("LOAD at line 1, column 20 is not allowed")


# ------------------------------------------------------------------------------- Neo4j
# LOAD CSV and apoc.load.* plan as read queries in Neo4j, so the gate is what stops them (issue 14).
NEO4J_ATTACKS: dict[str, str] = {
    "LOAD CSV": "LOAD CSV FROM 'file:///etc/passwd' AS row RETURN row",
    "backtick AS then LOAD CSV": "UNWIND [1] AS `AS` LOAD CSV FROM 'file:///etc/passwd' AS row RETURN row",
    "LOAD CSV after a comment trick": "RETURN 1 /* **/ AS x // */\nLOAD CSV FROM 'http://127.0.0.1:1/' AS r RETURN r",
    "apoc.load.json": "CALL apoc.load.json('file:///etc/passwd') YIELD value RETURN value",
    "apoc.load.csv quoted": "CALL `apoc`.`load`.`csv`('file:///etc/passwd') YIELD map RETURN map",
    "apoc.cypher.runFirstColumnSingle as a function": (
        "RETURN apoc.cypher.runFirstColumnSingle('LOAD CSV FROM \"file:///etc/passwd\" AS r RETURN r', {}) AS x"
    ),
    "apoc.cypher.run as one quoted name": "RETURN `apoc.cypher.runFirstColumnSingle`('MATCH (n) RETURN n', {}) AS x",
    "apoc.export": "CALL apoc.export.csv.all('/tmp/all.csv', {})",
    "apoc.import": "CALL apoc.import.graphml('file:///tmp/g.graphml', {})",
    "apoc.util.sleep": "RETURN apoc.util.sleep(1000000)",
    "dbms procedure": "CALL dbms.killQueries(['query-1'])",
    "gds write mode": "CALL gds.pageRank.write('g', {writeProperty: 'pr'})",
    "gds graph projection": "CALL gds.graph.project('g', '*', '*')",
    "USE system": "USE system SHOW USERS",
    "CALL IN TRANSACTIONS": "CALL { MATCH (n) DETACH DELETE n } IN TRANSACTIONS OF 10 ROWS",
    "FOREACH SET": "MATCH (n) WITH collect(n) AS ns FOREACH (x IN ns | SET x.weight = 0)",
    "EXPLAIN prefix": "EXPLAIN MATCH (n) DETACH DELETE n",
    "two statements": "MATCH (n) RETURN n; MATCH (n) DETACH DELETE n",
}


@pytest.mark.parametrize("name", sorted(NEO4J_ATTACKS))
def test_neo4j_attack_never_reaches_the_server(name: str) -> None:
    store, driver = make_store()
    driver.calls.clear()
    with pytest.raises(CodeRejected) as e:
        store.execute(NEO4J_ATTACKS[name], 5)
    assert driver.calls == [], "a query was sent to the server"
    assert " at line 1, column " in str(e.value)  # the LLM is told where
