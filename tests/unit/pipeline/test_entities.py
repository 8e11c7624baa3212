"""Entity resolution, the pure part: phrases, scores, and picking the named entities."""

from __future__ import annotations

from grraf.pipeline.entities import (
    Phrase,
    StringProperty,
    candidate_phrases,
    find_entities,
    resolve,
    score,
    search_tokens,
    string_properties,
)
from grraf.types import LabelInfo, PropertyInfo, Schema

VALUES = {
    StringProperty("Movie", "title"): ["The Matrix", "The Matrix Reloaded", "Apollo 13", "A Few Good Men"],
    StringProperty("Person", "name"): ["Tom Hanks", "Meg Ryan", "Keanu Reeves", "Kevin Bacon", "Rain"],
    StringProperty("Airport", "code"): ["LHR", "SIN"],
    StringProperty("Airport", "name"): ["London Heathrow Airport", "Singapore Changi Airport"],
    StringProperty("Airport", "city"): ["London", "Singapore", "Nice"],
    StringProperty("Country", "code"): ["NO", "GB"],
}


def named(question: str) -> list[tuple[str, str, str]]:
    return [(e.label, e.property, e.value) for e in resolve(question, VALUES)]


def test_exact_names_any_case_and_the_article_moved():
    assert named("Who directed The Matrix?") == [("Movie", "title", "The Matrix")]
    assert named("movies with tom hanks and meg ryan") == [
        ("Person", "name", "Tom Hanks"),
        ("Person", "name", "Meg Ryan"),
    ]
    assert named('Tell me about "Matrix, The"') == [("Movie", "title", "The Matrix")]
    assert named("What role did Kevin Bacon play in A Few Good Men?") == [
        ("Person", "name", "Kevin Bacon"),
        ("Movie", "title", "A Few Good Men"),
    ]


def test_typos_resolve_by_similarity():
    assert named("Which movies has Keanu Reves acted in?") == [("Person", "name", "Keanu Reeves")]
    assert named("What year was Apolo 13 released?") == [("Movie", "title", "Apollo 13")]


def test_a_question_word_before_a_name_does_not_hide_it():
    # "Is Keanu Reeves" near-matched Keanu Reeves (80) and hid the exact name inside it (property batch 12)
    assert [(e.phrase, e.score) for e in resolve("Is Keanu Reeves in Apollo 13?", VALUES)] == [
        ("Keanu Reeves", 100.0),
        ("Apollo 13", 100.0),
    ]
    # the same inside a stretch between two apostrophes, read as a quoted name (property batch 11)
    assert named("There's a Kevin Bacon film with Meg Ryan - what's it called?") == [
        ("Person", "name", "Kevin Bacon"),
        ("Person", "name", "Meg Ryan"),
    ]
    # a misspelt title keeps its article, and a title starting with a stop word matches whole
    assert named("Who directed The Martix?") == [("Movie", "title", "The Matrix")]
    assert named("Was A Few Good Men a hit?") == [("Movie", "title", "A Few Good Men")]


def test_codes_only_in_capitals_and_everyday_words_are_not_names():
    assert named("Which city is LHR in?") == [("Airport", "code", "LHR")]
    assert named("Is there no flight to sin?") == []  # neither Norway's NO nor Singapore's SIN
    assert named("Is it nice when it starts to rain?") == []  # short lower-case words are not names


def test_a_longer_phrase_wins_over_the_names_inside_it():
    assert named("Can I fly to London Heathrow?") == [("Airport", "name", "London Heathrow Airport")]
    assert named("Flights to Singapore Changi Airport") == [("Airport", "name", "Singapore Changi Airport")]
    assert named("Flights to London") == [("Airport", "city", "London")]


def test_a_lower_case_name_part_names_the_one_value_holding_it():
    values = {
        StringProperty("Airport", "name"): [
            "Milan Malpensa Airport",
            "Ellison Onizuka Kona International Airport",
            "Nice Côte d'Azur Airport",
        ],
        StringProperty("Airport", "city"): ["Milan", "Kailua-Kona", "Nice"],
        StringProperty("Movie", "title"): ["Cast Away", "The Matrix", "The Matrix Reloaded"],
    }

    def found(question: str) -> list[str]:
        return [e.value for e in resolve(question, values)]

    assert found("fewest flights milan malpensa to kona pls") == ["Milan Malpensa Airport", "Kailua-Kona"]
    assert found("who was in reloaded") == ["The Matrix Reloaded"]
    # Everyday words that begin a value, and a part several values hold, name nothing.
    assert found("who played in the movie with the biggest cast") == []
    assert found("any nice films about matrix hackers?") == []


def test_a_part_of_a_value_scores_by_how_much_it_covers():
    assert 85 < score(Phrase("Heathrow", 0, 8, True), "London Heathrow Airport") < 100
    matrix = score(Phrase("Matrix", 0, 6, True), "The Matrix")
    assert matrix > score(Phrase("Matrix", 0, 6, True), "The Matrix Reloaded")
    assert score(Phrase("Tom", 0, 3, True), "Tom Hanks") == 0  # too short to be distinctive


def test_phrases_and_search_tokens():
    texts = [p.text for p in candidate_phrases("How are Tom Hanks and Meg Ryan connected?")]
    assert "Tom Hanks" in texts and "Meg Ryan" in texts and "Tom Hanks and Meg Ryan" not in texts
    assert "Joe Versus the Volcano" in [p.text for p in candidate_phrases("Who was in Joe Versus the Volcano?")]
    assert search_tokens("average distance of flights out of LHR")[:1] == ["average"]


def test_a_name_ends_with_its_sentence_but_not_at_an_initial():
    question = "Meg Ryan plays more than one part in Joe Versus the Volcano. How many characters does she play?"
    texts = [p.text for p in candidate_phrases(question)]
    assert "Joe Versus the Volcano" in texts
    assert not [t for t in texts if "Volcano. How" in t or t.endswith(". How")]
    texts = [p.text for p in candidate_phrases("How many steps from J.T. Walsh to St. Louis Blues?")]
    assert "J.T. Walsh" in texts and "St. Louis Blues" in texts
    assert "lhr" in search_tokens("average distance of flights out of LHR")


def test_string_properties_come_from_the_typed_schema():
    schema = Schema(
        text="",
        labels=(
            LabelInfo("Person", 2, (PropertyInfo("name", "STRING"), PropertyInfo("born", "INT64"))),
            LabelInfo("Movie", 1, (PropertyInfo("title", "String"),)),
        ),
    )
    assert string_properties(schema) == [StringProperty("Person", "name"), StringProperty("Movie", "title")]


class LookupStore:
    """The store side of entity resolution, over a dict; records each look-up."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, str, tuple[str, ...], int]] = []
        self.schema_ = Schema(text="", labels=(LabelInfo("Person", 5, (PropertyInfo("name", "STRING"),)),))

    def schema(self) -> Schema:
        return self.schema_

    def string_values(self, label, prop, tokens, limit):
        self.calls.append((label, prop, tuple(tokens), limit))
        values = VALUES[StringProperty(label, prop)]
        if not tokens:
            return values[:limit]
        return [v for v in values if any(t in v.lower() for t in tokens)][:limit]


def test_find_entities_looks_up_by_words_then_scans_for_a_misspelt_name():
    store = LookupStore()
    assert [e.value for e in find_entities("Did Tom Hanks meet Kevin Bacon?", store)] == ["Tom Hanks", "Kevin Bacon"]
    assert len(store.calls) == 1 and "hanks" in store.calls[0][2]
    store.calls.clear()
    # "Kveni Bcaon" shares no word with "Kevin Bacon": the bounded scan finds it.
    assert [e.value for e in find_entities("Who acted with Kveni Bacno?", store)] == []
    assert [e.value for e in find_entities("Who acted with Kevni Bacon?", store)] == ["Kevin Bacon"]
    assert any(call[2] == () for call in store.calls)


def test_a_store_without_labelled_string_properties_gives_no_entities():
    import networkx as nx

    from grraf.stores.networkx import NetworkXStore

    store = NetworkXStore({"G": nx.path_graph(3)})
    assert find_entities("Who directed The Matrix?", store) == []


PLACES = {
    StringProperty("Country", "name"): ["United States", "United Kingdom", "Canada", "France", "Japan"],
    StringProperty("Country", "continent"): ["Europe", "Asia", "North America", "South America"],
    StringProperty("Person", "name"): ["Julia Roberts", "Julian Sands"],
}


def test_a_place_adjective_names_its_place():
    def places(question: str) -> list[tuple[str, str]]:
        return [(e.phrase, e.value) for e in resolve(question, PLACES) if e.is_exact()]

    assert places("Which European airports fly to Cape Town?") == [("European", "Europe")]
    assert places("Which South American airports can you reach from Madrid?") == [("South American", "South America")]
    assert places("How many US airports are there?") == [("US", "United States")]
    assert places("Name the British and the French airports.") == [("British", "United Kingdom"), ("French", "France")]
    assert places("which canadian airports have the most routes") == [("canadian", "Canada")]
    assert places("Which Japanese airport is furthest north?") == [("Japanese", "Japan")]
    # a first name is no place adjective, nor is a pronoun written in lower case
    assert places("Did Julian act with Julia Roberts?") == [("Julia Roberts", "Julia Roberts")]
    assert places("Give us the airports.") == []


def test_a_place_adjective_looks_its_place_up():
    assert "europe" in search_tokens("Which European airports fly to Cape Town?")
    assert "netherlands" in search_tokens("Which Dutch airports fly to Cape Town?")
