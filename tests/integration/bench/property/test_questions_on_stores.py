"""Every question's hand-written Cypher, run on a real store holding the graphs, gives the gold answer."""

from __future__ import annotations

import pytest

from grraf.bench.checkers import check
from grraf.bench.property.questions import all_questions
from grraf.config import Settings
from grraf.stores.ladybug import LadybugStore

QUESTIONS = all_questions()


@pytest.fixture(scope="module")
def ladybug_store(property_ladybug):
    with LadybugStore(property_ladybug, settings=Settings(row_cap=1000)) as store:
        yield store


def test_the_loaded_database_holds_both_graphs(ladybug_store):
    rows = ladybug_store.execute("MATCH (n) RETURN label(n) AS l, count(*) AS c", 30).value
    counts = {r["l"]: r["c"] for r in rows}
    assert counts == {"Person": 150, "Movie": 50, "Airport": 65, "Country": 34}


@pytest.mark.parametrize("question", QUESTIONS, ids=lambda q: q.id)
def test_ladybug_cypher_answers_right(ladybug_store, question):
    value = ladybug_store.execute(question.cypher_for("ladybug"), 60).value
    assert check(question.to_question(), value), value


@pytest.mark.neo4j
@pytest.mark.parametrize("question", QUESTIONS, ids=lambda q: q.id)
def test_neo4j_cypher_answers_right(property_neo4j_driver, question):
    from grraf.stores.neo4j import Neo4jStore

    store = Neo4jStore("bolt://unused", ("neo4j", "unused"), driver=property_neo4j_driver, settings=Settings())
    value = store.execute(question.cypher_for("neo4j"), 60).value
    assert check(question.to_question(), value), value
