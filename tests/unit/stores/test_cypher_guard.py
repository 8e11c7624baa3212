"""The lexical Cypher guard: every write or bypass is refused, ordinary reads pass."""

from __future__ import annotations

import pytest

from grraf.errors import CodeRejected, ConfigError
from grraf.stores.cypher_guard import check_cypher, edge_type, node_label, quote_identifier, validate_graph_name

# Write and bypass queries; shared with the ladybug and Neo4j store tests.
WRITE_BATTERY: list[str] = [
    "CREATE (n:G_Node {id: 99})",
    "MATCH (a:G_Node {id: 0}), (b:G_Node {id: 1}) CREATE (a)-[:G_EDGE]->(b)",
    "MERGE (n:G_Node {id: 99}) RETURN n",
    "MATCH (n:G_Node) SET n.weight = 1",
    "MATCH (n:G_Node) SET n:Other",
    "MATCH (n:G_Node) DELETE n",
    "MATCH (n:G_Node) DETACH DELETE n",
    "MATCH (a:G_Node)-[e:G_EDGE]->() DELETE e",
    "MATCH (n:G_Node) REMOVE n.weight",
    "DROP TABLE G_EDGE",
    "LOAD CSV FROM 'file:///etc/passwd' AS row RETURN row",
    "LOAD FROM '/etc/passwd' RETURN *",
    "COPY G_Node FROM '/tmp/x.csv'",
    "MATCH (n:G_Node) WITH collect(n) AS ns FOREACH (x IN ns | SET x.weight = 0)",
    "MATCH (n:G_Node) CALL { WITH n DETACH DELETE n } IN TRANSACTIONS OF 10 ROWS",
    "CALL { MATCH (n:G_Node) RETURN n } IN TRANSACTIONS RETURN count(*)",
    "CALL apoc.create.node(['X'], {id: 1})",
    "CALL apoc.merge.node(['X'], {id: 1})",
    "CALL apoc.refactor.rename.label('G_Node', 'X')",
    "CALL apoc.periodic.iterate('MATCH (n) RETURN n', 'DELETE n', {})",
    "CALL apoc.load.json('http://example.com')",
    "CALL apoc.cypher.runWrite('CREATE (n)', {})",
    "RETURN apoc.cypher.runFirstColumnSingle('MATCH (n) DETACH DELETE n', {})",
    "CALL `apoc`.`create`.`node`(['X'], {})",
    "CALL db.createLabel('X')",
    "CALL dbms.killQueries(['q-1'])",
    "CALL gds.pageRank.write('g', {writeProperty: 'pr'})",
    "CALL gds.louvain.mutate('g', {mutateProperty: 'c'})",
    "INSTALL json",
    "ATTACH 'other.lbug' AS other",
    "EXPORT DATABASE '/tmp/out'",
    "IMPORT DATABASE '/tmp/out'",
    "CHECKPOINT",
    "CALL timeout=100000",
    "CALL create_fts_index('G_Node', 'idx', ['id'])",
    "ALTER TABLE G_Node ADD extra INT64",
    "COMMENT ON TABLE G_Node IS 'x'",
    "BEGIN TRANSACTION",
    "MATCH (n:G_Node) RETURN n; CREATE (m:G_Node {id: 100})",
    "RETURN 1; RETURN 2",
    # comments hiding writes
    "MATCH (n:G_Node) // just a comment\nDETACH DELETE n",
    "MATCH (n:G_Node) /* harmless */ DELETE n",
    "/* RETURN 1 */ CREATE (n:G_Node {id: 101})",
    # string tricks: a write after a string containing quotes and escapes
    "MATCH (n:G_Node) WHERE n.id <> 'it''s' SET n.weight = 2",
    "MATCH (n:G_Node) WHERE 'a\\'b' = 'x' DELETE n",
    'MATCH (n:G_Node) WHERE n.id <> "CREATE" DETACH DELETE n',
    # full-width Unicode
    "ＣＲＥＡＴＥ (n:G_Node {id: 102})",
    "MATCH (n:G_Node) ＤＥＴＡＣＨ ＤＥＬＥＴＥ n",
    "USE system SHOW USERS",
    "SHOW USERS",
    "EXPLAIN MATCH (n) RETURN n",
]

READS: list[str] = [
    "MATCH (n:G_Node) RETURN count(n) AS answer",
    "MATCH (n:G_Node) WHERE n.name = 'CREATE' RETURN n.id",
    'MATCH (n:G_Node) WHERE n.note = "DETACH DELETE n" RETURN n.id',
    "MATCH (n:G_Node) RETURN n.id AS `DELETE`",
    "MATCH (n:`CREATE`) RETURN count(n)",
    "MATCH (start:G_Node {id: 0}) RETURN start.id AS answer",
    "MATCH (comment:G_Node) RETURN count(comment) AS answer",
    "MATCH (n:G_Node) RETURN n.set, n.delete, n.create",
    "MATCH (n:G_Node) WITH n.id AS copy RETURN copy",
    "MATCH (a:G_Node)-[e:G_EDGE* SHORTEST 1..30]->(b:G_Node) RETURN length(e) AS answer;",
    "MATCH p = shortestPath((a:G_Node {id: 0})-[:G_EDGE*..10]->(b:G_Node {id: 3})) RETURN length(p) AS answer",
    "CALL db.labels() YIELD label RETURN label",
    "CALL show_tables() RETURN *",
    "CALL gds.pageRank.stream('g') YIELD nodeId, score RETURN max(score) AS answer",
    "MATCH (n:G_Node) WHERE n.name STARTS WITH 'x' RETURN count(n)",
    "// count nodes\nMATCH (n:G_Node) RETURN count(n) AS answer",
    "RETURN list_reduce([1, 2, 3], (acc, x) -> acc + x) AS answer",
    "MATCH (n:G_Node) RETURN n.id IN [1, 2] AS answer",
    "SHOW INDEXES",
]


@pytest.mark.parametrize("query", WRITE_BATTERY)
def test_writes_and_bypasses_are_rejected(query: str) -> None:
    with pytest.raises(CodeRejected):
        check_cypher(query)


@pytest.mark.parametrize("query", READS)
def test_reads_pass(query: str) -> None:
    check_cypher(query)


@pytest.mark.parametrize("query", ["", "   ", "// only a comment", "MATCH (n) /* open", "RETURN 'open", "RETURN `x"])
def test_empty_and_unterminated_are_rejected(query: str) -> None:
    with pytest.raises(CodeRejected):
        check_cypher(query)


def test_rejection_names_the_clause() -> None:
    with pytest.raises(CodeRejected, match="MERGE"):
        check_cypher("MERGE (n:X {id: 1})")


@pytest.mark.parametrize("name", ["G", "G_prime", "flow_8", "a1_b2"])
def test_valid_graph_names(name: str) -> None:
    assert validate_graph_name(name) == name


@pytest.mark.parametrize("name", ["", "8flow", "flow-8", "a__b", "x" * 49, "G`) DETACH DELETE n //", "é"])
def test_invalid_graph_names(name: str) -> None:
    with pytest.raises(ConfigError):
        validate_graph_name(name)


def test_naming_convention() -> None:
    assert node_label("flow_8") == "flow_8_Node"
    assert edge_type("flow_8") == "flow_8_EDGE"
    assert quote_identifier("we`ird") == "`we``ird`"
