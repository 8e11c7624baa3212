"""Attacks on the Neo4j store through the path the agent uses, against a real Neo4j 5 (issue 14, part 4).

The session's server is deliberately permissive: ``LOAD CSV`` may read its import folder, APOC may
read and write files there (``apoc.import.file.enabled``, ``apoc.export.file.enabled``), and
``apoc.*``/``gds.*`` are unrestricted. The control tests show that each class of attack WORKS on this
server when sent through a plain READ session — so when grraf refuses it, the refusal is grraf's
doing. Every attack is sent twice: through ``Neo4jStore.execute`` (lexical guard, plan gate, READ
session) and through ``run_unguarded`` (the lexical guard skipped: the plan gate and READ mode alone
must hold). Each must fail, with no effect: the data, the import folder and the GDS catalog are
unchanged, and the secret appears neither in a value nor in an error message.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Iterator
from typing import Any

import neo4j
import pytest

from grraf.config import Settings
from grraf.errors import CodeFailed, CodeRejected, CodeTimeout
from grraf.stores.neo4j import Neo4jStore
from tests.neo4j_support import Neo4jTestServer, wipe

pytestmark = pytest.mark.neo4j

SECRET = "grraf-secret-" + secrets.token_hex(8)
CSV = "secret.csv"
JSON = "secret.json"

FILE_READS = [
    f"LOAD CSV FROM 'file:///{CSV}' AS row RETURN row",
    f"load csv from 'file:///{CSV}' as row return row",
    f"LOAD CSV WITH HEADERS FROM 'file:///{CSV}' AS row RETURN row",
    f"LOAD/* a comment */CSV FROM 'file:///{CSV}' AS row RETURN row",
    f"LOAD // line comment\nCSV FROM 'file:///{CSV}' AS row RETURN row",
    # backtick tricks (issue 14: a backtick-quoted identifier confused the lexer)
    f"UNWIND [1] AS `AS` LOAD CSV FROM 'file:///{CSV}' AS r RETURN r",
    f"UNWIND [1] AS `x` LOAD CSV FROM 'file:///{CSV}' AS `row` RETURN `row`",
    f"WITH 1 AS `LOAD CSV` LOAD CSV FROM 'file:///{CSV}' AS r RETURN r",
    f"WITH 'file:///{CSV}' AS u LOAD CSV FROM u AS r RETURN r",
    f"WITH 'file:///' + '{CSV}' AS u LOAD CSV FROM u AS r RETURN r[0] AS answer",
    f"CALL () {{ LOAD CSV FROM 'file:///{CSV}' AS r RETURN r }} RETURN r",
    f"MATCH (n) WITH count(n) AS c LOAD CSV FROM 'file:///{CSV}' AS r RETURN c, r",
    f"OPTIONAL MATCH (n) WITH n LIMIT 1 LOAD CSV FROM 'file:///{CSV}' AS r RETURN r",
    f"RETURN 1 AS x UNION LOAD CSV FROM 'file:///{CSV}' AS r RETURN r[0] AS x",
    f"LOAD\u00a0CSV FROM 'file:///{CSV}' AS row RETURN row",  # no-break space
    f"USING PERIODIC COMMIT 10 LOAD CSV FROM 'file:///{CSV}' AS row RETURN row",
]
APOC_ATTACKS = [
    f"CALL apoc.load.json('file:///{JSON}') YIELD value RETURN value",
    f"CALL `apoc`.`load`.`json`('file:///{JSON}') YIELD value RETURN value",
    f"CALL `apoc.load.json`('file:///{JSON}') YIELD value RETURN value",
    f"CALL apoc . load . json('file:///{JSON}') YIELD value RETURN value",
    f"CALL apoc.load.jsonArray('file:///{JSON}') YIELD value RETURN value",
    f"CALL apoc.load.jsonParams('file:///{JSON}', {{}}, null) YIELD value RETURN value",
    f"CALL apoc.load.xml('file:///{JSON}') YIELD value RETURN value",
    f"CALL apoc.cypher.run(\"LOAD CSV FROM 'file:///{CSV}' AS r RETURN r\", {{}}) YIELD value RETURN value",
    "CALL apoc.cypher.run('MATCH (n) RETURN n', {}) YIELD value RETURN value",
    "CALL apoc.cypher.doIt('CREATE (:Intruder {id: 1}) RETURN 1 AS one', {}) YIELD value RETURN value",
    "CALL apoc.cypher.runWrite('CREATE (:Intruder {id: 2})', {}) YIELD value RETURN value",
    "CALL apoc.cypher.runMany('CREATE (:Intruder {id: 3});', {}) YIELD result RETURN result",
    "CALL apoc.cypher.runTimeboxed('MATCH (n) RETURN n', {}, 1000) YIELD value RETURN value",
    f"RETURN apoc.cypher.runFirstColumnSingle(\"LOAD CSV FROM 'file:///{CSV}' AS r WITH r SKIP 1 RETURN r[0]\", {{}})",
    "RETURN apoc.cypher.runFirstColumnMany('MATCH (n) RETURN n', {}) AS answer",
    "CALL apoc.export.csv.all('stolen.csv', {})",
    "CALL apoc.export.json.all('stolen.json', {}) YIELD file RETURN file",
    f"CALL apoc.import.csv([{{fileName: 'file:///{CSV}', labels: ['Intruder']}}], [], {{}})",
    "CALL apoc.periodic.iterate('MATCH (n) RETURN n', 'SET n.owned = true', {batchSize: 10})",
    "CALL apoc.periodic.commit('MATCH (n) WITH n LIMIT 1 SET n.owned = true RETURN count(*)', {})",
    "CALL apoc.create.node(['Intruder'], {id: 4}) YIELD node RETURN node",
    "CALL apoc.util.sleep(100000)",
    "CALL apoc.meta.schema() YIELD value RETURN value",
]
DBMS_ATTACKS = [
    "CALL dbms.listConfig() YIELD name, value RETURN name, value",
    "CALL dbms.components() YIELD name, versions RETURN name, versions",
    "CALL dbms.showCurrentUser()",
    "CALL dbms.listConnections()",
    "CALL dbms.killConnections(['bolt-1'])",
    "CALL dbms.queryJmx('*:*') YIELD name RETURN name",
    "CALL dbms.info()",
    "CALL db.createLabel('Intruder')",
    "CALL db.createProperty('owned')",
    "CALL db.clearQueryCaches()",
    "CALL db.awaitIndexes(1)",
    "SHOW TRANSACTIONS",
    "SHOW USERS",
    "SHOW SETTINGS",
    "SHOW DATABASES",
    "TERMINATE TRANSACTIONS 'neo4j-transaction-1'",
    "USE system SHOW USERS",
    "CREATE USER intruder SET PASSWORD 'intruder-pass'",
    "EXPLAIN CREATE (:Intruder)",
    "PROFILE MATCH (n) RETURN count(n)",
]
WRITES = [
    "CREATE (:Intruder {id: 5})",
    "MERGE (n:Intruder {id: 6}) RETURN n",
    "MATCH (n:Person) SET n.owned = true",
    "MATCH (n:Person) REMOVE n.name",
    "MATCH (n:Person) DETACH DELETE n",
    "MATCH (n) WITH collect(n) AS ns FOREACH (x IN ns | SET x.owned = true)",
    "MATCH (n:Person) CALL (n) { SET n.owned = true } IN TRANSACTIONS OF 1 ROWS",
    "UNWIND range(1, 10) AS x CALL (x) { CREATE (:Intruder {v: x}) } IN TRANSACTIONS OF 2 ROWS",
    "CALL () { MATCH (n) RETURN n } IN TRANSACTIONS RETURN count(*) AS answer",
    "MATCH (n:Person) RETURN n; CREATE (:Intruder {id: 7})",
    "CREATE INDEX intruder_idx FOR (n:Person) ON (n.born)",
    "CREATE CONSTRAINT intruder_c FOR (n:Intruder) REQUIRE n.id IS UNIQUE",
    "DROP CONSTRAINT person_name",
    "MATCH (n:Person) SET n:Intruder",
    "MATCH (a:Person), (b:Person) CREATE (a)-[:OWNS]->(b)",
]
GDS_ATTACKS = [
    "CALL gds.graph.project('stolen', 'Person', '*') YIELD graphName RETURN graphName",
    "MATCH (n:Person) RETURN gds.graph.project('stolen2', n, null) AS g",
    "CALL gds.graph.drop('grraf_keep') YIELD graphName RETURN graphName",
    "CALL gds.pageRank.write('grraf_keep', {writeProperty: 'owned'}) YIELD nodePropertiesWritten RETURN 1",
    "CALL gds.louvain.mutate('grraf_keep', {mutateProperty: 'c'}) YIELD communityCount RETURN 1",
    "CALL gds.graph.export('grraf_keep', {dbName: 'stolen'})",
    "CALL gds.graph.nodeProperties.write('grraf_keep', ['c'])",
]
ATTACKS = FILE_READS + APOC_ATTACKS + DBMS_ATTACKS + WRITES + GDS_ATTACKS


@pytest.fixture(scope="module")
def battlefield(neo4j_server: Neo4jTestServer) -> Iterator[tuple[Neo4jStore, Any]]:
    """A database with user data, a secret file in the import folder and, with GDS, a projection."""
    neo4j_server.put_import_file(CSV, f"token\n{SECRET}\n")
    neo4j_server.put_import_file(JSON, json.dumps({"token": SECRET}))
    driver = neo4j_server.driver()
    wipe(driver)
    with driver.session() as s:
        s.run("CREATE (:Person {name: 'Ada', born: 1815})-[:KNOWS]->(:Person {name: 'Grace', born: 1906})").consume()
        s.run("CREATE CONSTRAINT person_name IF NOT EXISTS FOR (p:Person) REQUIRE p.name IS UNIQUE").consume()
        if neo4j_server.gds:
            s.run("CALL gds.graph.project('grraf_keep', 'Person', 'KNOWS')").consume()
    store = Neo4jStore(neo4j_server.uri, neo4j_server.auth, settings=Settings(row_cap=50))
    yield store, driver
    store.close()
    wipe(driver)
    driver.close()


def state(driver: Any, server: Neo4jTestServer) -> tuple[Any, ...]:
    """Everything an attack could change: data, schema, users, GDS catalog, import folder."""
    with driver.session() as s:
        data = sorted(
            json.dumps(r, sort_keys=True, default=str) for r in s.run("MATCH (n) RETURN n{.*, _l: labels(n)}")
        )
        rels = s.run("MATCH ()-[r]->() RETURN count(r)").single()[0]
        schema = sorted(r[0] for r in s.run("SHOW CONSTRAINTS YIELD name RETURN name"))
        indexes = sorted(r[0] for r in s.run("SHOW INDEXES YIELD name RETURN name"))
        catalog = (
            sorted(r[0] for r in s.run("CALL gds.graph.list() YIELD graphName RETURN graphName")) if server.gds else []
        )
    with driver.session(database="system") as s:
        users = sorted(r[0] for r in s.run("SHOW USERS YIELD user RETURN user"))
    return data, rels, schema, indexes, catalog, users, server.import_files()


# ------------------------------------------------------------------------------- controls
def test_control_the_server_really_reads_the_file_in_a_read_session(
    battlefield: tuple[Neo4jStore, Any], neo4j_server: Neo4jTestServer
) -> None:
    """Without grraf's gate, a READ session alone happily returns the secret: the gate is what protects."""
    _, driver = battlefield
    with driver.session(default_access_mode=neo4j.READ_ACCESS) as s:
        rows = s.execute_read(lambda tx: [r[0] for r in tx.run(FILE_READS[0])])
        assert [SECRET] in rows
        if neo4j_server.apoc:
            value = s.execute_read(lambda tx: tx.run(APOC_ATTACKS[0]).single()[0])
            assert value == {"token": SECRET}
            first = s.execute_read(lambda tx: tx.run(APOC_ATTACKS[13]).single()[0])
            assert first == SECRET
        summary = s.execute_read(lambda tx: tx.run("EXPLAIN " + FILE_READS[0]).consume())
        assert summary.query_type == "r"  # so the query-type check alone would let it run


def test_control_ordinary_reads_still_pass(battlefield: tuple[Neo4jStore, Any], neo4j_server: Neo4jTestServer) -> None:
    store, _ = battlefield
    assert store.execute("MATCH (p:Person) RETURN count(p) AS answer", 10).value == 2
    assert store.execute("CALL db.labels() YIELD label RETURN label ORDER BY label", 10).value == "Person"
    if neo4j_server.apoc:
        assert store.execute("RETURN apoc.text.join(['a', 'b'], '-') AS answer", 10).value == "a-b"
        assert store.execute("MATCH (p:Person) RETURN apoc.coll.sum(collect(p.born)) AS answer", 10).value == 3721
    assert store.execute("SHOW PROCEDURES YIELD name WHERE name = 'db.labels' RETURN name", 10).value == "db.labels"


# ------------------------------------------------------------------------------- the battery
def test_battery_size() -> None:
    assert len(ATTACKS) >= 60


@pytest.mark.parametrize("attack", ATTACKS)
def test_attack_has_no_effect(attack: str, battlefield: tuple[Neo4jStore, Any], neo4j_server: Neo4jTestServer) -> None:
    store, driver = battlefield
    before = state(driver, neo4j_server)
    for run in (store.execute, store.run_unguarded):
        try:
            result = run(attack, 5)
        except (CodeRejected, CodeFailed, CodeTimeout) as e:
            assert SECRET not in str(e)
        else:
            pytest.fail(f"{run.__name__} ran {attack!r} and returned {result.value!r}")
    assert state(driver, neo4j_server) == before


@pytest.mark.parametrize("attack", FILE_READS[:3] + APOC_ATTACKS[:2] + APOC_ATTACKS[3:5] + ["CALL dbms.listConfig()"])
def test_the_plan_gate_alone_names_what_it_refused(attack: str, battlefield: tuple[Neo4jStore, Any]) -> None:
    """The guard that refuses these without the lexer is the plan walk (not READ mode, not the query type)."""
    store, _ = battlefield
    with pytest.raises(CodeRejected) as e:
        store.run_unguarded(attack, 5)
    message = str(e.value)
    assert "LOAD CSV is not allowed" in message or "is not allowed" in message or "query type" in message
