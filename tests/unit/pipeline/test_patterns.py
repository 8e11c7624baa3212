"""Generated Cypher against a property graph's schema: what cannot match is refused, naming what can."""

from __future__ import annotations

from dataclasses import replace

import pytest

from grraf.errors import CodeRejected
from grraf.pipeline.patterns import check_patterns, compared_values, read_patterns, unmatched_values
from grraf.stores import property_schema
from grraf.types import Entity, LabelInfo, Pattern
from tests.fakes import PropertyStore

SCHEMA = PropertyStore({}).schema()


@pytest.mark.parametrize(
    "code",
    [
        "MATCH (p:Person)-[:ACTED_IN]->(m:Movie {title: 'The Matrix'}) RETURN p.name",
        "MATCH (m:Movie {title: 'The Matrix'})<-[:DIRECTED]-(p:Person) RETURN p.name, p.born",
        "MATCH (p:Person)-[:ACTED_IN]-(m:Movie) RETURN count(DISTINCT m)",  # no arrow: either way
        "MATCH (a:Person {name: 'Tom Hanks'})-[:ACTED_IN]->(m)<-[:ACTED_IN]-(b:Person) RETURN b.name",
        "MATCH (a:Airport)-[r:ROUTE]->(b:Airport) WHERE r.distance_km > 100 RETURN b.code",
        "MATCH (a:Airport {city: 'Glasgow'})-[r:ROUTE* SHORTEST 1..30]->(b:Airport {city: 'Sydney'}) RETURN length(r)",
        "MATCH p = shortestPath((a:Person {name: 'X'})-[*]-(b:Person {name: 'Y'})) RETURN length(p)",
        "MATCH (a)-[r]->(b) RETURN count(r)",
        "MATCH (p:Person) WHERE EXISTS { (p)-[:DIRECTED]->(:Movie) } RETURN count(p)",
        "MATCH (p:Person) RETURN count(p), collect(p.name)",
        "MATCH (m:Movie) WITH m, size([x IN [1, 2] | x]) AS n RETURN m.title, n",
        "MATCH (p:`Person`)-[:`ACTED_IN`]->(m:`Movie`) RETURN m.`title`",
    ],
)
def test_queries_that_follow_the_schema_pass(code: str) -> None:
    check_patterns(code, SCHEMA, "neo4j")


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        (
            "MATCH (p:Person)-[:ACTED_IN]->(q:Person) RETURN q.name",
            "The pattern (:Person)-[:ACTED_IN]->(:Person) cannot match: the graph has (:Person)-[:ACTED_IN]->(:Movie).",
        ),
        ("MATCH (m:Movie)-[:DIRECTED]->(p:Person) RETURN p.name", "The arrow points the other way."),
        ("MATCH (m:Movie)-[:DIRECTED]->(p) RETURN p.name", "The arrow points the other way."),
        ("MATCH (m:Movie {title: 'The Matrix'}) RETURN m.director", "have no property 'director'; they have"),
        ("MATCH (m:Movie {name: 'The Matrix'}) RETURN m", "nodes :Movie have no property 'name'"),
        ("MATCH (p:Actor) RETURN p.name", "The graph has no label :Actor. Its labels are :Person, :Movie"),
        ("MATCH (p:Person)-[:DIRECTED_BY]->(m:Movie) RETURN m", "no relationship type :DIRECTED_BY"),
        ("MATCH (a:Airport)-[r:ROUTE]->(b:Airport) RETURN r.distance", "relationships :ROUTE have no property"),
        # a variable keeps the label it was given in an earlier pattern
        ("MATCH (m:Movie) MATCH (m)-[:ACTED_IN]->(p:Person) RETURN p", "cannot match"),
        ("MATCH (p:Person)-[:ROUTE]->(a:Airport) RETURN a", "the graph has (:Airport)-[:ROUTE]->(:Airport)"),
    ],
)
def test_patterns_that_cannot_match_are_refused_with_the_real_ones(code: str, expected: str) -> None:
    with pytest.raises(CodeRejected) as info:
        check_patterns(code, SCHEMA, "neo4j")
    assert expected in str(info.value)


def test_ladybug_names_ignore_case_neo4j_names_do_not() -> None:
    code = "MATCH (p:person)-[:acted_in]->(m:MOVIE) RETURN m.TITLE"
    check_patterns(code, SCHEMA, "ladybug")
    with pytest.raises(CodeRejected, match="no label :person"):
        check_patterns(code, SCHEMA, "neo4j")


def test_what_the_schema_does_not_know_for_sure_is_not_judged() -> None:
    # Patterns counted from a sample may miss a pair: not refused.
    sampled = replace(SCHEMA, patterns=tuple(replace(p, estimated=True) for p in SCHEMA.patterns))
    check_patterns("MATCH (p:Person)-[:ACTED_IN]->(q:Person) RETURN q", sampled, "neo4j")
    # A label list cut at the schema's limit may not show every label.
    many = tuple(LabelInfo(f"L{i}", 1) for i in range(property_schema.MAX_LABELS))
    check_patterns("MATCH (x:Unlisted) RETURN x", replace(SCHEMA, labels=many), "neo4j")
    # A label with more properties than the schema lists.
    cut = tuple(replace(info, more_properties=3) if info.name == "Movie" else info for info in SCHEMA.labels)
    check_patterns("MATCH (m:Movie) RETURN m.budget", replace(SCHEMA, labels=cut), "neo4j")
    # Variable-length paths: only their types are checked.
    check_patterns("MATCH (a:Person)-[:ACTED_IN*1..4]-(b:Person) RETURN b", SCHEMA, "neo4j")
    with pytest.raises(CodeRejected, match="no relationship type :KNOWS"):
        check_patterns("MATCH (a:Person)-[:KNOWS*1..4]-(b:Person) RETURN b", SCHEMA, "neo4j")


def test_a_type_alternative_passes_when_one_of_them_fits() -> None:
    check_patterns("MATCH (p:Person)-[:ACTED_IN|DIRECTED]->(m:Movie) RETURN m", SCHEMA, "neo4j")
    schema = replace(SCHEMA, patterns=(*SCHEMA.patterns, Pattern("Person", "ACTED_IN", "Person", 1)))
    check_patterns("MATCH (p:Person)-[:ACTED_IN]->(q:Person) RETURN q", schema, "neo4j")


def test_reading_keeps_chains_and_bindings() -> None:
    reading = read_patterns("MATCH (a:Person)-[r:ACTED_IN]->(m)<-[:DIRECTED]-(d) RETURN count(a)")
    assert len(reading.chains) == 1 and len(reading.chains[0]) == 5
    assert reading.node_vars == {"a": {("Person",)}} and reading.rel_vars == {"r": {("ACTED_IN",)}}


# --------------------------------------------------------------------------- values


def test_the_strings_a_query_compares_its_nodes_to() -> None:
    query = (
        "MATCH (a:Airport {city: 'Kona', code: $c})-[r:ROUTE {note: 'x'}]->(b:Airport) "
        "WHERE b.name IN ['US', 'UK'] AND 'Big' = m.title AND b.code = 'LHR' RETURN b"
    )
    assert compared_values(query) == [
        ("Airport", "city", "Kona"),
        ("Airport", "name", "US"),
        ("Airport", "name", "UK"),
        ("Airport", "code", "LHR"),
    ]


def test_values_no_node_holds_are_named_with_what_the_data_holds() -> None:
    store = PropertyStore({})
    schema = store.schema()
    us = Entity("US", "Country", "name", "United Kingdom", 100.0)
    query = "MATCH (a:Airport {city: 'Glasgow'})-[:ROUTE]->(b:Airport {name: 'US'}) WHERE b.city = 'Lond' RETURN b"
    assert unmatched_values(query, store, schema, [us]) == [
        "no :Airport has name 'US'; the question's 'US' is (:Country {name: 'United Kingdom'})",
        "no :Airport has city 'Lond'; city values holding it: 'London'",
    ]
    # a number or a property that is not a string is not looked up
    assert unmatched_values("MATCH (p:Person {born: 1956}) RETURN p", store, schema) == []
