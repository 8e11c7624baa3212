"""The Cypher gate: every write or bypass is refused with its word and position, ordinary reads pass."""

from __future__ import annotations

import pytest

from grraf.errors import CodeRejected, ConfigError
from grraf.stores.cypher_guard import (
    Dialect,
    check_cypher,
    edge_type,
    node_label,
    quote_identifier,
    tokenize,
    validate_graph_name,
)

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


# ------------------------------------------------------------------------------- issue 14's bypasses
# Each of these got past the old lexer on main at 9d01317 (issue 14, "Cypher gate bypasses").
ISSUE_14_BYPASSES: list[tuple[str, str]] = [
    (
        "UNWIND [1] AS `AS` LOAD FROM '/etc/passwd' (file_format='csv', header=false, delim=':') RETURN *",
        r"LOAD at line 1, column 20 is not allowed",
    ),
    ("MATCH (n:G_Node) RETURN count(n)\u180eCHECKPOINT", r"U\+180E \(MONGOLIAN VOWEL SEPARATOR\) at line 1, column 33"),
    ("RETURN 1\u180eBEGIN TRANSACTION", r"U\+180E .* at line 1, column 9"),
    ("CALL timeout=0", r"changes a database setting"),
    ("CALL timeout = 0", r"changes a database setting"),
    ("UNWIND range(1, 3e9) AS x RETURN count(x)", r"range\(\.\.\.\) at line 1, column 8 would build 3e\+09 elements"),
    ("COPY (MATCH (n:G_Node) RETURN n) TO '/tmp/out.csv'", r"COPY at line 1, column 1"),
    ("EXPORT DATABASE '/tmp/out'", r"EXPORT at line 1, column 1"),
    ("INSTALL httpfs", r"INSTALL at line 1, column 1"),
    ("LOAD CSV FROM 'file:///etc/passwd' AS row RETURN row", r"LOAD at line 1, column 1"),
    ("CALL apoc.load.json('file:///etc/passwd') YIELD value RETURN value", r"CALL apoc.load.json at line 1, column 6"),
    ("WITH 1 AS `AS` LOAD CSV FROM 'file:///etc/passwd' AS row RETURN row", r"LOAD at line 1, column 16"),
]


@pytest.mark.parametrize(("query", "message"), ISSUE_14_BYPASSES)
@pytest.mark.parametrize("dialect", [None, "ladybug", "neo4j"])
def test_issue_14_bypasses_are_refused_with_word_and_position(
    query: str, message: str, dialect: Dialect | None
) -> None:
    with pytest.raises(CodeRejected, match=message):
        check_cypher(query, dialect=dialect)


@pytest.mark.parametrize(
    ("query", "word", "where", "advice"),
    [
        ("MATCH (n) CREATE (m)", "CREATE", "line 1, column 11", "read-only"),
        ("MATCH (n)\nWITH n LIMIT 1\nDETACH DELETE n", "DETACH", "line 3, column 1", "read-only"),
        ("MATCH (n) RETURN n FOREACH (x IN [1] | SET x.a = 1)", "FOREACH", "line 1, column 20", "read-only"),
        ("MATCH (n) RETURN n; MATCH (m) RETURN m", ";", "line 1, column 19", "WITH or UNION"),
        ("USE other MATCH (n) RETURN n", "USE", "line 1, column 1", "out of reach"),
        ("CHECKPOINT", "CHECKPOINT", "line 1, column 1", "grraf manages transactions"),
        ("EXPLAIN MATCH (n) RETURN n", "EXPLAIN", "line 1, column 1", "grraf checks its plan"),
        ("MATCH (n) RETURN n ORDER n.x", "ORDER", "line 1, column 20", "ORDER BY"),
        ("MATCH (n) RETURN n n2", "n2", "line 1, column 20", "allowed: MATCH"),
    ],
)
def test_messages_name_the_word_its_position_and_what_to_do(query: str, word: str, where: str, advice: str) -> None:
    with pytest.raises(CodeRejected) as e:
        check_cypher(query)
    assert str(e.value).startswith(f"{word} at {where} is not allowed")
    assert advice in str(e.value)


def test_call_outside_the_allowlist_lists_what_may_be_called() -> None:
    with pytest.raises(CodeRejected, match=r"CALL drop_projected_graph at line 1, column 6 .*show_tables"):
        check_cypher("CALL drop_projected_graph('g')", dialect="ladybug")
    with pytest.raises(CodeRejected, match=r"CALL apoc\.cypher\.runWrite .*db\.labels"):
        check_cypher("CALL apoc.cypher.runWrite('CREATE (n)', {})", dialect="neo4j")


# ------------------------------------------------------------------------------- characters
@pytest.mark.parametrize(
    ("char", "kind"),
    [
        ("\u180e", "format character"),
        ("\u200b", "format character"),
        ("\ufeff", "format character"),
        ("\u2060", "format character"),
        ("\u00a0", "non-ASCII whitespace"),
        ("\u2003", "non-ASCII whitespace"),
        ("\u3000", "non-ASCII whitespace"),
        ("\u2028", "non-ASCII whitespace"),
        ("\u2029", "non-ASCII whitespace"),
        ("\u1680", "non-ASCII whitespace"),
        ("\x0b", "control character"),
        ("\x0c", "control character"),
        ("\x1c", "control character"),
        ("\x1f", "control character"),
        ("\x00", "control character"),
        ("\x85", "control character"),
        ("\r", "control character"),
    ],
)
@pytest.mark.parametrize("place", ["code", "comment", "quoted name"])
def test_odd_characters_outside_strings_are_refused_by_code_point(char: str, kind: str, place: str) -> None:
    query = {
        "code": "MATCH (n) RETURN n{c}LIMIT 1",
        "comment": "MATCH (n) RETURN n /* a{c}b */ LIMIT 1",
        "quoted name": "MATCH (n) RETURN n AS `a{c}b`",
    }[place].format(c=char)
    with pytest.raises(CodeRejected) as e:
        check_cypher(query)
    message = str(e.value)
    if char == "\r" and place == "code":
        assert "U+000D" in message
        return
    assert f"U+{ord(char):04X}" in message
    assert kind in message or (place != "code" and "control character" in message)
    assert f"column {query.index(char) + 1}" in message


@pytest.mark.parametrize("char", ["\u180e", "\u200b", "\u00a0", "\u2028", "\x0b", "\x1c", "\r", "é", "☃", "\U0001f600"])
def test_odd_characters_inside_strings_are_data(char: str) -> None:
    check_cypher(f"MATCH (n) WHERE n.name = 'a{char}b' RETURN n")
    check_cypher(f'MATCH (n) WHERE n.name = "a{char}b" RETURN n')


def test_non_ascii_names_must_be_quoted() -> None:
    with pytest.raises(
        CodeRejected, match=r"U\+00E9 \(LATIN SMALL LETTER E WITH ACUTE\) at line 1, column 13.*backticks"
    ):
        check_cypher("MATCH (n:Café) RETURN n")
    check_cypher("MATCH (n:`Café`) RETURN n")


def test_full_width_keywords_are_named_after_folding() -> None:
    with pytest.raises(CodeRejected, match="^CREATE at line 1, column 1"):
        check_cypher("ＣＲＥＡＴＥ (n:G_Node {id: 1})")
    # A full-width apostrophe folds to a quote: the folded text and the text the database runs disagree.
    with pytest.raises(CodeRejected):
        check_cypher("RETURN ＇ CREATE (n) ＇")


def test_crlf_line_endings_are_fine_but_a_lone_carriage_return_is_not() -> None:
    check_cypher("MATCH (n)\r\nRETURN n // note\r\nLIMIT 1")
    with pytest.raises(CodeRejected, match="U\\+000D"):
        check_cypher("MATCH (n) RETURN n // note\rCREATE (m)")


# ------------------------------------------------------------------------------- lexing
def test_tokens_keep_quoted_names_strings_and_comments_apart() -> None:
    tokens = tokenize("MATCH (n:`we``ird`) WHERE n.s = 'it\\'s // no' /* c */ RETURN $p, 1.5e3, 1..3 // end")
    assert [(t.kind, t.text) for t in tokens] == [
        ("word", "MATCH"),
        ("op", "("),
        ("word", "N"),
        ("op", ":"),
        ("ident", "we`ird"),
        ("op", ")"),
        ("word", "WHERE"),
        ("word", "N"),
        ("op", "."),
        ("word", "S"),
        ("op", "="),
        ("string", "'it\\'s // no'"),
        ("word", "RETURN"),
        ("param", "p"),
        ("op", ","),
        ("number", "1.5e3"),
        ("op", ","),
        ("number", "1"),
        ("op", ".."),
        ("number", "3"),
    ]
    assert [t.pos for t in tokens[:3]] == [0, 6, 7]


@pytest.mark.parametrize(
    "query",
    [
        "MATCH (n) RETURN n /* a **/ , 'x */ CREATE (m) //'",  # ladybug keeps the comment open past '**/'
        "MATCH (n) RETURN 'a\\q'",  # an escape ladybug rejects
        "MATCH (n) RETURN '\\u0027 CREATE (m) //'",  # an escape that decodes to the closing quote
        "MATCH (n) RETURN n // \\u000a CREATE (m)",  # a \u escape in a comment
        "MATCH (n) RETURN n\\",
        "MATCH (n) RETURN n @ 1",
        "MATCH (n) RETURN $",
    ],
)
def test_lexically_ambiguous_queries_are_refused(query: str) -> None:
    with pytest.raises(CodeRejected):
        check_cypher(query)


@pytest.mark.parametrize(
    "query",
    [
        "MATCH (n:G_Node) RETURN n.load AS load, n.delete, n.`create`",
        "MATCH (n:G_Node) WITH n.id AS load RETURN load",
        "MATCH (n:G_Node) WHERE n.note = 'LOAD FROM x; DETACH DELETE n' RETURN n.id AS `CHECKPOINT`",
        "MATCH (n:G_Node) RETURN {load: n.id, copy: 2} AS m",
        "MATCH (n:G_Node) /* CREATE (m) */ RETURN n // DELETE n",
        "MATCH (export:G_Node) RETURN export.id",
    ],
)
def test_forbidden_words_as_names_strings_and_comments_pass(query: str) -> None:
    check_cypher(query)


# ------------------------------------------------------------------------------- allowlist
@pytest.mark.parametrize(
    "query",
    [
        "MATCH (n) RETURN n {.id, .name} AS m",
        "MATCH (n) WHERE n.name STARTS WITH 'a' AND n.x ENDS WITH 'b' OR n.y CONTAINS 'c' RETURN n",
        "MATCH (n) RETURN CASE WHEN n.x IS NULL THEN 0 ELSE n.x END AS v ORDER BY v DESC SKIP 1 LIMIT 2",
        "MATCH (n) RETURN [x IN range(1, 10) WHERE x > 2 | x * 2] AS l",
        "MATCH (n) RETURN reduce(acc = 0, x IN [1, 2] | acc + x) AS s",
        "MATCH p = (a)-[*1..3]->(b) RETURN [n IN nodes(p) | n.id]",
        "MATCH (n) WHERE EXISTS { (n)-->(m) WHERE m.x > 1 } RETURN n",
        "MATCH (n) RETURN COUNT { (n)-->() } AS d",
        "MATCH (n) CALL { WITH n MATCH (n)-->(m) RETURN count(m) AS c } RETURN n, c",
        "MATCH (n) CALL (n) { MATCH (n)-->(m) RETURN count(m) AS c } RETURN n, c",
        "MATCH p = ANY SHORTEST (a)-[:T]-+(b) RETURN length(p)",
        "MATCH ((a)-[:T]->(b)){1,3} RETURN a",
        "MATCH (n WHERE n.x > 1) RETURN n",
        "MATCH (n) RETURN n.x IS :: INTEGER, count(DISTINCT n), ALL(x IN [1] WHERE x > 0)",
        "MATCH (n) RETURN n.id AS id UNION ALL MATCH (m) RETURN m.id AS id",
        "OPTIONAL MATCH (n) RETURN n",
        "RETURN point.distance(point({x: 1, y: 1}), point({x: 2, y: 2})) AS d",
        "RETURN apoc.coll.sum([1, 2]) AS s",
        "CALL db.labels() YIELD label AS l RETURN l",
        "CALL gds.pageRank.stream('g') YIELD nodeId, score RETURN gds.util.asNode(nodeId).id, score",
        "MATCH (n) RETURN n SKIP 1 OFFSET 1",
        "SHOW INDEXES YIELD name RETURN name",
    ],
)
def test_neo4j_reads_pass(query: str) -> None:
    check_cypher(query, dialect="neo4j")


@pytest.mark.parametrize(
    "query",
    [
        "MATCH (a:G_Node)-[e:G_EDGE* ALL SHORTEST 1..3]->(b:G_Node) RETURN e",
        "MATCH (a:G_Node)-[e:G_EDGE* WSHORTEST(weight) 1..3]->(b:G_Node) RETURN cost(e)",
        "MATCH (a:G_Node)-[e:G_EDGE* TRAIL 1..3]->(b:G_Node) RETURN e",
        "MATCH (a:G_Node)-[e:G_EDGE*1..3 (r, n | WHERE r.weight > 1)]->(b:G_Node) RETURN e",
        "RETURN list_transform([1, 2], x -> x + 1) AS l, list_reduce([1, 2], (a, b) -> a + b) AS s",
        "RETURN CAST(1 AS STRING)",
        "CALL show_tables() RETURN *",
        "CALL table_info('G_Node') RETURN *",
        "CALL show_connection('G_EDGE') RETURN *",
        "CALL current_setting('timeout') RETURN *",
        "CALL show_tables()",
        "MATCH (n:G_Node) WHERE label(n) = 'G_Node' RETURN count(n) AS answer",
    ],
)
def test_ladybug_reads_pass(query: str) -> None:
    check_cypher(query, dialect="ladybug")


@pytest.mark.parametrize(
    ("query", "dialect"),
    [
        ("CALL show_tables() RETURN *", "neo4j"),
        ("CALL db.labels() YIELD label RETURN label", "ladybug"),
        ("SHOW INDEXES", "ladybug"),
        ("RETURN apoc.coll.sum([1])", "ladybug"),
        ("MATCH (n) RETURN n OFFSET 1", "ladybug"),
        ("CALL clear_warnings()", "ladybug"),
        ("CALL project_graph('g', ['G_Node'], ['G_EDGE'])", "ladybug"),
        ("CALL gds.graph.project('g', 'G_Node', 'G_EDGE')", "neo4j"),
        ("CALL gds.pageRank.write('g', {writeProperty: 'pr'})", "neo4j"),
        ("CALL gds.alpha.pageRank.mutate('g', {})", "neo4j"),
        ("CALL db.index.fulltext.createNodeIndex('i', ['A'], ['x'])", "neo4j"),
        ("CALL dbms.components()", "neo4j"),
        ("RETURN apoc.util.sleep(100000)", "neo4j"),
        ("RETURN apoc.cypher.runFirstColumnSingle('MATCH (n) RETURN n', {})", "neo4j"),
        ("RETURN `apoc.cypher.runFirstColumnSingle`('MATCH (n) RETURN n', {})", "neo4j"),
        ("RETURN nextval('s')", "ladybug"),
        ("MATCH (n) CALL { WITH n CREATE (m) } RETURN n", "neo4j"),
        ("MATCH (n) WHERE EXISTS { MATCH (n) SET n.x = 1 RETURN n } RETURN n", "neo4j"),
        ("CALL { MATCH (n) RETURN n } IN CONCURRENT TRANSACTIONS RETURN 1", "neo4j"),
        ("OPTIONAL CREATE (n)", None),
        ("SHOW USERS", "neo4j"),
        ("SHOW DATABASES", "neo4j"),
        ("MATCH (n) RETURN DISTINCT create", None),
        ("RETURN 1 UNION", None),
    ],
)
def test_outside_the_allowlist_is_refused(query: str, dialect: Dialect | None) -> None:
    with pytest.raises(CodeRejected, match="not allowed|ends where more"):
        check_cypher(query, dialect=dialect)


def test_unknown_dialect_is_a_programming_error() -> None:
    with pytest.raises(ValueError, match="unknown Cypher dialect"):
        check_cypher("RETURN 1", dialect="sql")  # type: ignore[arg-type]


# ------------------------------------------------------------------------------- resource bombs
@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("UNWIND range(1, 3000000000) AS x RETURN count(x)", "3e\\+09 elements"),
        ("UNWIND range(1, 10^10) AS x RETURN count(x)", "1e\\+10 elements"),
        ("UNWIND range(0, 2000000, 1) AS x RETURN count(x)", "2e\\+06 elements"),
        ("UNWIND range(1, 5000) AS x UNWIND range(1, 5000) AS y RETURN count(*)", "2.5e\\+07 rows"),
        ("RETURN size(repeat('ab', 100000000))", "1e\\+08 characters"),
        ("RETURN lpad('a', 2000000000, 'x')", "2e\\+09 characters"),
        ("RETURN " + "[" * 100 + "]" * 100, "nested more than 64 deep"),
        ("RETURN 1 // " + "x" * 30_000, "at most 20,000"),
    ],
)
def test_visible_resource_bombs_are_refused(query: str, message: str) -> None:
    with pytest.raises(CodeRejected, match=message):
        check_cypher(query)


@pytest.mark.parametrize(
    "query",
    [
        "UNWIND range(1, 1000) AS x RETURN sum(x)",
        "UNWIND range(1000000, 1, -1) AS x RETURN count(x)",
        "RETURN range(1, 10, 0)",  # the database's own error, not a bomb
        "MATCH (n) UNWIND range(1, n.count) AS x RETURN count(x)",  # not literal: the jail's memory limit applies
        "RETURN repeat('a', 10) AS s",
    ],
)
def test_ordinary_ranges_pass(query: str) -> None:
    check_cypher(query)


# ------------------------------------------------------------------------------- templates
def _rendered_templates() -> list[tuple[str, str, bool]]:
    from cypher_templates import load_templates

    return [
        (dialect, t.name, directed)
        for dialect in ("ladybug", "neo4j")
        for t in load_templates(dialect)
        for directed in (False, True)
    ]


@pytest.mark.parametrize(("dialect", "name", "directed"), _rendered_templates())
def test_every_cypher_template_passes_the_gate(dialect: Dialect, name: str, directed: bool) -> None:
    from cypher_templates import load_templates, render_cypher

    template = next(t for t in load_templates(dialect) if t.name == name)
    lists = {"returns", "displays", "source_shown", "target_shown", "path_types"}
    code = render_cypher(
        template,
        node_label="flow_8_Node",
        edge_type="flow_8_EDGE",
        directed=directed,
        params={p: 3 for p in template.parameters},
        # property-graph templates: quoted names (a hostile one too) and each direction
        identifiers={i: ["name"] if i in lists else "We`ird) DETACH DELETE n //" for i in template.identifiers},
        directions=dict.fromkeys(template.directions, "in" if directed else "any"),
    )
    check_cypher(code, dialect=dialect)
    check_cypher(code)


@pytest.mark.parametrize(
    "query",
    [
        "MATCH (start:G_Node)-->(end:G_Node) RETURN DISTINCT start.id, end.id",
        "MATCH (n:G_Node) RETURN count(DISTINCT start)",
        "MATCH (start:G_Node) WHERE start.id = 0 WITH start, 1 AS next RETURN next",
    ],
)
def test_keyword_named_variables_pass_where_only_a_name_fits(query: str) -> None:
    check_cypher(query)


def test_a_keyword_named_variable_where_a_clause_could_start_is_refused_with_advice() -> None:
    with pytest.raises(CodeRejected, match="rename it or quote it with backticks: `next`"):
        check_cypher("MATCH (next:G_Node) RETURN DISTINCT next")
