"""Schema of property graphs grraf did not create: real patterns, typed, and a bounded text."""

from __future__ import annotations

import ladybug
import pytest

from grraf.config import Settings
from grraf.stores import property_schema
from grraf.stores.ladybug import LadybugStore
from grraf.types import Pattern

EXPECTED = (
    Pattern("Airport", "ROUTE", "Airport", 1180),
    Pattern("Person", "ACTED_IN", "Movie", 195),
    Pattern("Airport", "IN_COUNTRY", "Country", 65),
    Pattern("Person", "DIRECTED", "Movie", 56),
    Pattern("Person", "WROTE", "Movie", 28),
    Pattern("Person", "PRODUCED", "Movie", 19),
)


def test_ladybug_schema_of_the_benchmark_graphs(property_ladybug):
    with LadybugStore(property_ladybug) as store:
        schema = store.schema()
    assert schema.patterns == EXPECTED
    assert (schema.node_count, schema.edge_count) == (299, 1543)
    person = next(info for info in schema.labels if info.name == "Person")
    assert person.count == 150 and [p.name for p in person.properties] == ["name", "born"]
    assert person.properties[0].primary_key and len(person.properties[0].samples) == 3
    acted = next(info for info in schema.relationships if info.name == "ACTED_IN")
    assert acted.properties[0].type == "STRING[]"
    assert "(:Person)-[:ACTED_IN]->(:Movie) (195)" in schema.text
    assert "Node label :Movie (50 nodes): title STRING primary key" in schema.text


def test_ladybug_patterns_of_a_table_with_several_from_to_pairs(tmp_path):
    path = tmp_path / "multi.lbug"
    db = ladybug.Database(str(path))
    conn = ladybug.Connection(db)
    conn.execute("CREATE NODE TABLE User(name STRING PRIMARY KEY)")
    conn.execute("CREATE NODE TABLE City(name STRING PRIMARY KEY)")
    conn.execute("CREATE REL TABLE LinksTo(FROM User TO City, FROM City TO User, FROM User TO User)")
    conn.execute("CREATE (:User {name: 'a'}), (:User {name: 'b'}), (:City {name: 'x'})")
    conn.execute("MATCH (a:User {name: 'a'}) MATCH (x:City {name: 'x'}) CREATE (a)-[:LinksTo]->(x)")
    conn.execute("MATCH (b:User {name: 'b'}) MATCH (x:City {name: 'x'}) CREATE (x)-[:LinksTo]->(b)")
    conn.close()
    db.close()
    with LadybugStore(path) as store:
        patterns = store.schema().patterns
    # User->User is declared but holds no relationship: not a pattern of the data.
    assert set(patterns) == {Pattern("User", "LinksTo", "City", 1), Pattern("City", "LinksTo", "User", 1)}


def test_ladybug_schema_text_is_bounded_with_many_labels(tmp_path):
    path = tmp_path / "wide.lbug"
    db = ladybug.Database(str(path))
    conn = ladybug.Connection(db)
    long = "p" * 80
    for i in range(45):
        cols = ", ".join(f"{long}{j} STRING" for j in range(12))
        conn.execute(f"CREATE NODE TABLE L{i}_{'x' * 70}(id INT64 PRIMARY KEY, {cols})")
        conn.execute(f"CREATE (:L{i}_{'x' * 70} {{id: 1, {long}0: '{'v' * 200}'}})")
    for i in range(45):
        conn.execute(f"CREATE REL TABLE R{i}(FROM L{i}_{'x' * 70} TO L{(i + 1) % 45}_{'x' * 70}, w INT64)")
        conn.execute(f"MATCH (a:L{i}_{'x' * 70}) MATCH (b:L{(i + 1) % 45}_{'x' * 70}) CREATE (a)-[:R{i} {{w: 1}}]->(b)")
    conn.close()
    db.close()
    with LadybugStore(path, settings=Settings()) as store:
        schema = store.schema()
    assert len(schema.patterns) == 45  # the typed field keeps every pattern; the text cuts them
    assert "... 30 more node labels" in schema.text and "... 30 more relationship types" in schema.text
    assert "... 15 more patterns" in schema.text
    assert all(len(line) <= property_schema.MAX_LINE_CHARS for line in schema.text.splitlines()[:-1])
    bound = property_schema.max_chars(notes="x" * 400)
    assert len(schema.text) <= bound
    assert bound < 20_000


@pytest.mark.neo4j
def test_neo4j_schema_without_apoc_finds_the_same_patterns(property_neo4j_driver):
    from grraf.stores.neo4j import Neo4jStore

    store = Neo4jStore("bolt://unused", ("neo4j", "unused"), driver=property_neo4j_driver)
    schema = store.schema()
    assert schema.patterns == EXPECTED
    assert (schema.node_count, schema.edge_count) == (299, 1543)
    assert "(:Airport)-[:IN_COUNTRY]->(:Country) (65)" in schema.text
