"""The property graphs: source data, the Cypher scripts written from it, and their literals."""

from __future__ import annotations

import pytest

from grraf.bench.property.graphs import (
    DIALECTS,
    GRAPHS,
    cypher_literal,
    cypher_script,
    property_graph,
    script_path,
    split_script,
)
from grraf.errors import ConfigError


@pytest.mark.parametrize("name", GRAPHS)
@pytest.mark.parametrize("dialect", DIALECTS)
def test_committed_scripts_are_the_ones_the_data_writes(name, dialect):
    # The .cypher files are for people to read and run; they must not drift from the YAML.
    assert script_path(name, dialect).read_text(encoding="utf-8") == cypher_script(name, dialect)


def test_sizes_of_the_two_graphs():
    movies, flights = property_graph("movies"), property_graph("flights")
    assert len(movies.nodes) == 200 and {n.label for n in movies.nodes} == {"Person", "Movie"}
    assert len(flights.nodes) == 99 and {n.label for n in flights.nodes} == {"Airport", "Country"}
    routes = [r for r in flights.rels if r.type == "ROUTE"]
    assert len(routes) == 2 * 588 + 4  # both ways, plus the one-way legs


def test_ladybug_script_declares_tables_before_data_and_neo4j_constraints():
    lb = split_script(cypher_script("movies", "ladybug"))
    assert lb[0].startswith("CREATE NODE TABLE Person(") and "PRIMARY KEY (name)" in lb[0]
    assert "CREATE REL TABLE ACTED_IN(FROM Person TO Movie, roles STRING[])" in lb
    n4 = split_script(cypher_script("movies", "neo4j"))
    assert n4[0] == "CREATE CONSTRAINT person_name IF NOT EXISTS FOR (n:Person) REQUIRE n.name IS UNIQUE"
    assert not any(s.startswith("CREATE NODE TABLE") for s in n4)
    # The data statements are the same text in both dialects.
    assert [s for s in lb if not s.startswith("CREATE NODE") and not s.startswith("CREATE REL")] == n4[2:]


def test_missing_birth_years_are_left_out_not_written_as_null():
    script = cypher_script("movies", "neo4j")
    assert "CREATE (:Person {name: 'Ben Miles'});" in script
    assert "null" not in script.lower().replace("annabella", "")


def test_literals_escape_quotes_and_backslashes():
    assert cypher_literal("Jerry O'Connell") == "'Jerry O\\'Connell'"
    assert cypher_literal("a\\b") == "'a\\\\b'"
    assert cypher_literal(['"Wild Bill" Wharton']) == "['\"Wild Bill\" Wharton']"
    assert cypher_literal(True) == "true"
    with pytest.raises(TypeError):
        cypher_literal(object())


def test_unknown_graph_and_dialect_are_configuration_errors():
    with pytest.raises(ConfigError):
        property_graph("nope")
    with pytest.raises(ConfigError):
        cypher_script("movies", "sqlite")  # type: ignore[arg-type]
