"""The readers of a property-graph question's words: what they find, and that they find nothing otherwise."""

from __future__ import annotations

import pytest

from grraf.pipeline import property_readers as r


@pytest.mark.parametrize(
    ("name", "question", "word"),
    [
        ("DIRECTED", "Who is the director of Heat?", "director"),
        ("ACTED_IN", "Which films has she been in?", None),
        # one everyday sense (acting, writing, flying, a part played): words of one group speak of each other
        ("ACTED_IN", "Which films has she starred in?", "starred"),
        ("ACTED_IN", "Who played Neo?", "played"),
        ("WROTE", "Which films were written by him?", "written"),
        ("roles", "What was his character called?", "character"),
        ("ROUTE", "How many flights leave Leeds?", "flights"),
        ("DIRECTED", "Which films has she starred in?", None),
        ("WROTE", "Who wrote Emma?", "wrote"),
        ("ROUTE", "How many routes leave Leeds?", "routes"),
        ("IN_COUNTRY", "Which countries have airports?", "countries"),
        ("released", "When did it come out?", None),
        ("distance_km", "How many km is it?", "km"),
    ],
)
def test_a_schema_name_is_mentioned_only_by_words_that_share_its_stem_or_its_sense(name, question, word) -> None:
    assert r.mentioned(name, question) == word


@pytest.mark.parametrize(
    ("question", "op"),
    [
        ("Which books have at least 300 pages?", ">="),
        ("Which books have no more than 300 pages?", "<="),
        ("Which books have more than 300 pages?", ">"),
        ("Which films came out before 1980?", "<"),
        ("Which films came out after 1980?", ">"),
        ("Which films have exactly 3 directors?", "="),
        ("Which films came out in 1980?", None),
    ],
)
def test_comparisons(question, op) -> None:
    assert r.comparison(question) == op


@pytest.mark.parametrize(
    ("question", "phrase", "direction"),
    [
        ("Which towns can you drive to from Leeds?", "Leeds", "out"),
        ("Which towns have roads into Leeds?", "Leeds", "in"),
        ("Which trains leave out of York?", "York", "out"),
        ("Which trains go to either York or Leeds?", "York", "in"),
        ("Which trains serve York?", "York", None),
    ],
)
def test_direction_cues_before_a_name(question, phrase, direction) -> None:
    assert r.direction_before(question, phrase) == direction


@pytest.mark.parametrize(
    ("question", "prop", "order"),
    [
        ("Who is the youngest player?", "born", "highest"),
        ("Who is the youngest player?", "age", "lowest"),
        ("Which film came out first?", "released", "lowest"),
        ("Which station has the fewest trains?", None, "lowest"),
        ("Which is the biggest and the smallest?", None, None),  # both: says nothing
    ],
)
def test_order_depends_on_whether_the_property_is_a_point_in_time(question, prop, order) -> None:
    assert r.order_stated(question, prop) == order


def test_numbers_in_words_and_digits() -> None:
    assert r.numbers_stated("Who wrote more than three books before 1900?") == [3.0, 1900.0]
    assert r.states_number("more than twelve", 12) and not r.states_number("more than twelve", 2)


def test_who_and_what_kind_of_node_is_asked_for() -> None:
    labels = ["Person", "Movie", "Airport"]
    assert r.label_for_noun(r.asked_noun("How many movies came out?") or "", labels) == "Movie"
    assert r.asked_noun("List all airports in France.") == "airports"
    assert r.asks_who("Whom did she marry?") and not r.asks_who("Which person?")
    assert [label for label in labels if r.person_like(label)] == ["Person"]


def test_a_which_question_after_a_lead_in_asks_for_things_and_components_are_groups() -> None:
    from grraf.pipeline.property_readers import asks_which, counted_groups

    assert asks_which("On the shortest trip from Edinburgh to Hong Kong, which airport do you change planes at?")
    assert not asks_which("How many movies did Tom Hanks act in, which were released after 2000?")
    assert counted_groups("How many strongly connected components does the route network have?") == "components"
    assert counted_groups("How many airports does the network have?") is None


@pytest.mark.parametrize(
    ("question", "prop", "named", "expected"),
    [
        # a point in time: old is low, young/new is high; an age the other way round
        ("Who is the oldest person?", "born", False, ("lowest", "oldest")),
        ("Who is younger, A or B?", "born", False, ("highest", "younger")),
        ("Which came out first, A or B?", "released", False, ("lowest", "first")),
        ("What is the most recent film?", "released", False, ("highest", "recent")),
        ("Who is the earliest-born actor?", "born", False, ("lowest", "earliest")),
        ("Who is the oldest member?", "age", False, ("highest", "oldest")),
        # compass words rank latitude and longitude, whatever "furthest" would say alone
        ("Which airport lies furthest north?", "latitude", False, ("highest", "north")),
        ("Which airport lies farthest south?", "latitude", False, ("lowest", "south")),
        ("Which station is the westernmost?", "longitude", False, ("lowest", "westernmost")),
        ("Which airport lies furthest north?", "longitude", False, None),
        # generic words say an end only of a property the question names
        ("Which airport has the highest latitude?", "latitude", True, ("highest", "highest")),
        ("Which city is the largest?", "population", False, None),
        ("Which city has the largest population?", "population", True, ("highest", "largest")),
        # both ends, or a word that turns the scale round: open
        ("Which is the oldest and the newest movie?", "released", False, None),
        ("Which movie is the least recent?", "released", False, None),
        ("Who is not the oldest?", "born", False, None),
        ("Who directed The Matrix?", "born", False, None),
    ],
)
def test_the_end_of_a_scale_is_read_from_words_tied_to_the_property(question, prop, named, expected) -> None:
    assert r.ranking(question, prop, named=named) == expected


def test_scale_words_tie_a_ranking_to_the_properties_on_their_scale() -> None:
    assert r.scale_properties("Who is the oldest person?", ["born", "height"]) == ["born"]
    assert r.scale_properties("Which is the furthest north?", ["latitude", "longitude"]) == ["latitude"]
    assert r.scale_properties("Who is the most famous person?", ["born"]) == []
    # two points in time: "oldest" could be either, so it ties to both (and confirms neither)
    assert r.scale_properties("Which company is the oldest?", ["founded", "listed_year"]) == ["founded", "listed_year"]


def test_a_phrase_before_the_ask_names_its_aggregate() -> None:
    # flights-445 (property batch 19, dev now): "On average, how far ...?" ran unconfirmed
    assert r.aggregate_stated("On average, how long are the flights out of Oslo?") == "avg"
    assert r.aggregate_stated("In total, how far do the flights out of Oslo go?") == "sum"
