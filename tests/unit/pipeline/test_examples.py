"""Worked Cypher examples: the dev questions of the property benchmark, never its test half, the
closest to a question by its words without its names, and none from a held-out graph."""

from __future__ import annotations

from grraf.bench.property.questions import load_questions
from grraf.pipeline.examples import CypherExample, ExampleIndex, examples_text, library, without_names


def test_the_library_is_the_dev_half_with_each_dialects_query() -> None:
    dev = load_questions(split="dev")
    test_texts = {q.text for q in load_questions(split="test")}
    for dialect in ("neo4j", "ladybug"):
        examples = library(dialect)
        assert len(examples) == len(dev)
        assert not {e.question for e in examples} & test_texts
    # a question whose query differs between the stores shows each store its own
    split = next(q for q in dev if "neo4j" in q.cypher)
    by_dialect = {d: next(e for e in library(d) if e.question == split.text) for d in ("neo4j", "ladybug")}
    assert by_dialect["neo4j"].cypher == " ".join(split.cypher["neo4j"].split())
    assert by_dialect["ladybug"].cypher == " ".join(split.cypher["ladybug"].split())


EXAMPLES = (
    CypherExample("Which actor has the most films?", "MATCH ... ORDER BY n DESC LIMIT 1", "movies"),
    CypherExample("Which airport has the most routes?", "MATCH ... ORDER BY n DESC LIMIT 1", "flights"),
    CypherExample("Who directed Tom Hanks?", "MATCH (:Person {name: 'Tom Hanks'}) ...", "movies", ("Tom Hanks",)),
    CypherExample("How many countries are there?", "MATCH (c:Country) RETURN count(c)", "flights"),
)


def test_search_ranks_by_the_words_of_the_ask_and_holds_out_a_graph() -> None:
    index = ExampleIndex(EXAMPLES)
    found = index.search("Which person has the most credits?", k=2)
    assert [e.graph for e in found] == ["movies", "flights"]
    held_out = index.search("Which person has the most credits?", held_out=frozenset({"movies"}), k=2)
    assert [e.question for e in held_out] == ["Which airport has the most routes?"]
    # a question is no example of itself
    assert EXAMPLES[3] not in index.search("How many countries are there?")


def test_names_are_no_evidence_of_a_shape() -> None:
    index = ExampleIndex(EXAMPLES)
    # "Tom Hanks" is taken out of the example: only "directed" makes it close to a question
    assert index.search("When was Tom Hanks born?") == []
    assert index.search("Who directed Sally Field?", names=["Sally Field"]) == [EXAMPLES[2]]
    assert without_names("Tom Hanks in Big", ["Big", "Tom Hanks"]) == " in "


def test_nothing_to_show_is_an_empty_text() -> None:
    assert examples_text([]) == ""
    assert ExampleIndex([]).search("Which actor has the most films?") == []
