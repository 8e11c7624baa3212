"""The plan stage on a property graph: the LLM chooses, the readers check names, patterns and words.

Every rule of grraf.pipeline.property_plan with a scripted model and a scripted property store:
what is offered and how (enums from the schema), what confirms a plan, what leaves it
unconfirmed (soft) and what drops its task (hard), and that findings go back to the LLM once.
"""

from __future__ import annotations

import dataclasses
import json

import pytest

from cypher_templates import load_templates
from grraf.llm.calls import LLMSession
from grraf.pipeline.entities import find_entities
from grraf.pipeline.plan import plan
from grraf.pipeline.property_plan import (
    PropertyGraph,
    check_choice,
    choice_schema,
    facts,
    is_property_graph,
    narrowed,
    offered,
    render_template,
)
from grraf.stores.cypher_guard import check_cypher
from grraf.tasks import PROPERTY_TASKS, TASKS, get_task
from grraf.types import Schema
from tests.fakes import PropertyStore, plan_reply, scripted


@pytest.fixture
def store() -> PropertyStore:
    return PropertyStore({})


def decide(store: PropertyStore, question: str, *replies: str):
    model = scripted(*replies)
    return plan(question, store.schema(), store, LLMSession(model)), model


def check(store: PropertyStore, question: str, task: str, **reply):
    schema = store.schema()
    entities = find_entities(question, store, schema)
    return check_choice(get_task(task), {"task": task, **reply}, question, PropertyGraph.of(schema), entities, store)


def texts(findings) -> list[tuple[bool, str]]:
    return [(f.hard, f.text) for f in findings]


# ------------------------------------------------------------------ what is offered, and how


def test_a_property_graph_is_planned_over_the_property_catalogue_only(store) -> None:
    assert is_property_graph(store.schema()) and not is_property_graph(Schema("G: 4 nodes", node_count=4))
    chosen, model = decide(store, "Who directed The Matrix?", plan_reply("none"))
    structural = {t.name for t in TASKS}
    assert chosen.candidates and not set(chosen.candidates) & structural
    assert set(chosen.candidates) <= {t.name for t in PROPERTY_TASKS}
    # the LLM saw the schema's patterns and the resolved name, never the data
    prompt = model.prompt_text(0)
    assert "(:Person)-[:DIRECTED]->(:Movie)" in prompt
    assert "'The Matrix' is (:Movie {title: 'The Matrix'})" in prompt
    assert chosen.entities[0].value == "The Matrix"


def test_schema_names_are_enums_so_the_grammar_cannot_invent_one(store) -> None:
    schema = store.schema()
    entities = find_entities("Who directed The Matrix?", store, schema)
    options = choice_schema([get_task("neighbours"), get_task("top_by_degree")], PropertyGraph.of(schema), entities)
    neighbours, top, none = options["anyOf"]
    assert neighbours["properties"]["entity"] == {"type": "string", "enum": ["The Matrix"]}
    # a named node's hops: the types of its part of the schema (the flights graph beside it is another)
    assert neighbours["properties"]["rel_type"]["enum"] == ["ACTED_IN", "DIRECTED", "WROTE"]
    assert top["properties"]["rel_type"]["enum"] == ["ACTED_IN", "DIRECTED", "WROTE", "ROUTE", "IN_COUNTRY"]
    assert "direction" not in neighbours["properties"]  # a movie's are fixed by the schema (see below)
    assert "born" in neighbours["properties"]["returns"]["enum"]
    assert neighbours["required"] == ["task", "entity", "rel_type"]  # direction and returns may be left out
    assert top["properties"]["label"]["enum"] == ["Person", "Movie", "Airport", "Country"]
    assert none["properties"] == {"task": {"const": "none"}}
    # no name resolved: free text, but no longer than the question (the grammar cannot run on)
    question = "Who played Andy?"
    free = choice_schema([get_task("neighbours")], PropertyGraph.of(schema), [], question)["anyOf"][0]
    assert free["properties"]["entity"] == {"type": "string", "maxLength": len(question)}


def test_tasks_that_need_more_names_than_the_question_gives_are_not_offered(store) -> None:
    one = find_entities("Who directed The Matrix?", store)
    tasks = offered("Who directed The Matrix?", one, k=30)
    assert "neighbours" in [t.name for t in tasks]
    assert not any(sum(p.kind == "entity" for p in t.parameters) > 1 for t in tasks)
    assert all(sum(p.kind == "entity" for p in t.parameters) == 0 for t in offered("Which movies came out?", [], k=30))


def test_a_task_must_use_every_name_found_exactly(store) -> None:
    """A name the question writes is what it is about: tasks over whole labels are not offered then."""
    question = "How many airports are there in the United Kingdom?"
    tasks = [t.name for t in offered(question, find_entities(question, store), k=30)]
    assert "neighbour_count" in tasks and "count_label" not in tasks and "count_where" not in tasks
    # two names: only tasks taking two
    two = "Did Tom Hanks act in Cast Away?"
    assert {
        sum(p.kind == "entity" for p in get_task(t).parameters)
        for t in [t.name for t in offered(two, find_entities(two, store), k=30)]
    } == {2}


def test_ranking_tasks_are_offered_only_to_a_question_that_ranks(store) -> None:
    ranking = {
        "top_by_degree",
        "top_neighbour_by_degree",
        "top_two_hop",
        "top_by_property",
        "top_neighbour_by_property",
    }
    plain = "Which movies has Tom Hanks acted in?"
    assert not ranking & {t.name for t in offered(plain, find_entities(plain, store), k=30)}
    ranked = "Which of Tom Hanks's movies came out first?"
    assert "top_neighbour_by_property" in {t.name for t in offered(ranked, find_entities(ranked, store), k=30)}
    southern = "Which is the southernmost airport?"  # a superlative no word list holds
    assert "top_by_property" in {t.name for t in offered(southern, [], k=30)}


def test_a_fuzzy_name_leaves_tasks_without_it_on_offer(store) -> None:
    from grraf.types import Entity

    fuzzy = [Entity("Tom Hank", "Person", "name", "Tom Hanks", 90.0)]
    counts = {
        sum(p.kind == "entity" for p in t.parameters) for t in offered("How many movies did Tom Hank make?", fuzzy, 30)
    }
    assert counts == {0, 1}


def test_only_tasks_giving_the_asked_kind_of_answer_are_offered(store) -> None:
    question = "Did Tom Hanks act in Cast Away?"
    assert {t.output for t in offered(question, find_entities(question, store), k=30)} == {"yes/no"}
    question = "How many movies did Tom Hanks act in?"
    assert {t.output for t in offered(question, find_entities(question, store), k=30)} <= {"number", "value"}
    # a number about a named country: countries hold no numbers, so not one of its own properties
    question = "How many airports are there in the United Kingdom?"
    graph = PropertyGraph.of(store.schema())
    names = [t.name for t in offered(question, find_entities(question, store), 30, graph)]
    assert "neighbour_count" in names and "entity_property" not in names
    question = "How many years ago was Tom Hanks born?"  # a person has one (born)
    assert "entity_property" in [t.name for t in offered(question, find_entities(question, store), 30, graph)]
    # a which-ask wants things: no count, though the structural reading leaves the form open
    assert "number" not in {t.output for t in offered("Which movies were released before 1990?", [], k=30)}


def test_counting_and_threshold_tasks_need_a_count_or_a_number_in_the_question(store) -> None:
    # flights-05 (dev): offered top_neighbour_by_degree, the 1.5B model left neighbours for another task
    def names(question: str) -> list[str]:
        return [t.name for t in offered(question, find_entities(question, store), k=30)]

    plain = names("Which airports can you fly to directly from Glasgow?")
    assert "neighbours" in plain and not {"top_neighbour_by_degree", "neighbours_where"} & set(plain)
    assert "top_neighbour_by_degree" in names("Which airport in New Zealand has the most departing flights?")
    assert "top_by_degree" not in names("Which movies were released?")
    assert "neighbours_where" in names("Which airports can you fly to from Glasgow over 1,000 km away?")
    assert "neighbour_count_where" in names("How many of Glasgow's flights are shorter than 1,000 km?")


def test_counting_the_values_of_a_property_is_not_counting_the_nodes(store) -> None:
    # flights-257 (property batch 11): "On how many different continents are there airports?" counted
    # the countries, flagged verified
    question = "In how many different cities are there airports in this network?"
    _, findings = check(store, question, "count_label", label="Airport")
    assert any(f.hard and "counts cities, the values of 'city'" in f.text for f in findings), texts(findings)
    _, findings = check(store, "How many airports are there?", "count_label", label="Airport")
    assert not any(f.hard for f in findings), texts(findings)


def test_a_connected_group_is_not_the_nodes_one_relationship_away(store) -> None:
    # flights-284 (dev): "Which countries does Helsinki have direct flights to?" got every country the
    # network reaches, verified, from component_members chosen after the other choices were refused
    reply = {"entity": "Cairo", "label": "Country"}
    _, findings = check(store, "Which countries does Cairo have direct flights to?", "component_members", **reply)
    assert any(f.hard and "'direct', one relationship" in f.text for f in findings), texts(findings)
    question = "Which countries are in the same connected part of the network as Cairo?"
    _, findings = check(store, question, "component_members", **reply)
    assert not any("one relationship" in f.text for f in findings), texts(findings)


def test_counting_the_groups_is_not_the_size_of_the_largest(store) -> None:
    # flights-74 (dev): "How many strongly connected components ...?" got the largest one's size, verified
    reply = {"label": "Airport", "rel_type": "ROUTE"}
    question = "How many strongly connected components does the route network have?"
    _, findings = check(store, question, "largest_mutual_group", **reply)
    assert any(f.hard and "counts components" in f.text for f in findings), texts(findings)
    question = "How many airports are in the largest group of airports that can all reach each other?"
    _, findings = check(store, question, "largest_mutual_group", **reply)
    assert not any("counts" in f.text for f in findings), texts(findings)


def test_names_are_masked_for_retrieval(store, monkeypatch) -> None:
    import grraf.pipeline.property_plan as property_plan

    seen: list[str] = []
    real = property_plan.property_candidates
    monkeypatch.setattr(property_plan, "property_candidates", lambda q, k: seen.append(q) or real(q, k))
    question = "Who directed The Matrix?"
    offered(question, find_entities(question, store))
    assert seen == ["Who directed X?"]


def test_returns_takes_only_properties_the_question_speaks_of(store) -> None:
    schema = store.schema()
    graph = PropertyGraph.of(schema)
    question = "Which airports can you fly to from LHR? Give the codes."
    option = choice_schema([get_task("neighbours")], graph, find_entities(question, store), question)["anyOf"][0]
    assert option["properties"]["returns"] == {"type": "string", "enum": ["code"]}
    question = "Which movies did Tom Hanks act in?"
    option = choice_schema([get_task("neighbours")], graph, find_entities(question, store), question)["anyOf"][0]
    assert "returns" not in option["properties"] and option["required"] == ["task", "entity", "rel_type"]
    # a number is what a filter compares, not a name: "released" is not offered to name the movies
    question = "Which movies were released before 1990?"
    option = choice_schema([get_task("filter_nodes")], graph, [], question)["anyOf"][0]
    assert "returns" not in option["properties"]


def test_a_direction_the_schema_fixes_is_not_asked_for(store) -> None:
    graph = PropertyGraph.of(store.schema())
    movie = find_entities("Who directed The Matrix?", store)
    option = choice_schema([get_task("neighbours")], graph, movie, "Who directed The Matrix?")["anyOf"][0]
    assert "direction" not in option["properties"]
    # airports link to airports: which way is the question's to say, so the LLM may give it ...
    question = "Which airports can Glasgow reach?"
    option = choice_schema([get_task("neighbours")], graph, find_entities(question, store), question)
    assert option["anyOf"][0]["properties"]["direction"]["enum"] == ["out", "in"]
    # ... unless the words say it for every named airport, which the readers hold it to anyway
    question = "Which airports have non-stop flights to both Glasgow and Heathrow?"
    airports = find_entities(question, store)
    assert len(airports) == 2
    for task in ("common_neighbours", "linked_to_both"):
        option = choice_schema([get_task(task)], graph, airports, question)["anyOf"][0]
        assert "direction" not in option["properties"] and "other_direction" not in option["properties"]
    # a label's nodes (no name), in a database where airports link to airports: the LLM may give it
    option = choice_schema([get_task("top_by_degree")], graph, movie, "Who directed the most movies?")["anyOf"][0]
    assert "direction" in option["properties"]
    # where no label links to itself, the label fixes it and it is not asked for
    from grraf.types import LabelInfo, Pattern

    films = Schema(
        "",
        labels=(LabelInfo("Person", 2, ()), LabelInfo("Movie", 1, ())),
        patterns=(Pattern("Person", "ACTED_IN", "Movie", 2),),
    )
    option = choice_schema([get_task("top_by_degree")], PropertyGraph.of(films), [], "Who acted most?")["anyOf"][0]
    assert "direction" not in option["properties"]


def test_the_second_step_direction_is_asked_only_where_the_schema_leaves_it_open(store) -> None:
    from grraf.types import Entity, LabelInfo, Pattern, PropertyInfo

    people_and_films = Schema(
        "",
        labels=(LabelInfo("Person", 2, (PropertyInfo("name", "STRING"),)), LabelInfo("Movie", 1, ())),
        patterns=(Pattern("Person", "ACTED_IN", "Movie", 2), Pattern("Person", "DIRECTED", "Movie", 1)),
    )
    keanu = [Entity("Keanu Reeves", "Person", "name", "Keanu Reeves", 100.0)]
    option = choice_schema([get_task("two_hop_neighbours")], PropertyGraph.of(people_and_films), keanu)["anyOf"][0]
    assert "second_direction" not in option["properties"]
    # one database with flights too: from a film the steps still go one way only
    graph = PropertyGraph.of(store.schema())
    movie = find_entities("Who else acted in a movie directed by the director of The Matrix?", store)
    option = choice_schema([get_task("two_hop_neighbours")], graph, movie)["anyOf"][0]
    assert "second_direction" not in option["properties"]
    # routes link airports to airports: from an airport a :ROUTE step may go either way
    airport = find_entities("Which countries can you reach non-stop from Cairo?", store)
    option = choice_schema([get_task("two_hop_neighbours")], graph, airport)["anyOf"][0]
    assert option["properties"]["second_direction"]["enum"] == ["out", "in"]


def test_each_candidate_comes_with_its_example_closest_to_the_question(store) -> None:
    _, model = decide(store, "Who directed The Matrix?", plan_reply("none"))
    line = next(x for x in model.prompt_text(0).splitlines() if x.startswith("- neighbours("))
    assert '(e.g. "' in line


def test_facts_are_bounded_and_name_what_was_not_found(store) -> None:
    schema = store.schema()
    text = facts(PropertyGraph.of(schema), [], schema)
    assert "Names in the question: none found in the database" in text
    assert "(:Airport)-[:ROUTE {distance_km}]->(:Airport)" in text


# ------------------------------------------------------------------ confirmed plans


def test_a_clean_choice_is_confirmed_with_the_parameters_the_template_needs(store) -> None:
    chosen, model = decide(
        store, "Who directed The Matrix?", plan_reply("neighbours", entity="The Matrix", rel_type="DIRECTED")
    )
    assert chosen.task == "neighbours" and chosen.confirmed and not chosen.issues
    assert chosen.parameters == {
        "entity": "The Matrix",
        "entity_label": "Movie",
        "entity_key": "title",
        "rel_type": "DIRECTED",
        "direction": "in",  # left out by the LLM: only one direction exists for a :Movie
        "returns": ["name"],
        "pattern": "(The Matrix)<-[:DIRECTED]-(x:Person)",
    }
    assert len(model.prompts) == 1


@pytest.mark.parametrize(
    ("question", "reply"),
    [
        ("In which year was Meg Ryan born?", {"task": "entity_property", "entity": "Meg Ryan", "property": "born"}),
        (
            "Did Tom Hanks act in Cast Away?",
            {"task": "relationship_exists", "source": "Tom Hanks", "target": "Cast Away", "rel_type": "ACTED_IN"},
        ),
        (
            "How far is it from LHR to SYD in km?",
            {
                "task": "relationship_property",
                "source": "LHR",
                "target": "SYD",
                "rel_type": "ROUTE",
                "property": "distance_km",
            },
        ),
        (
            "How many people wrote more than 2 movies?",
            {"task": "count_by_degree", "label": "Person", "rel_type": "WROTE", "op": ">", "threshold": 2},
        ),
        (
            "Which movies were released after 2000?",
            {"task": "filter_nodes", "label": "Movie", "property": "released", "op": ">", "threshold": 2000},
        ),
        (
            "Which person acted in the most movies?",
            {"task": "top_by_degree", "label": "Person", "rel_type": "ACTED_IN"},
        ),
        (
            "Which airports can you fly to from Glasgow?",
            {"task": "neighbours", "entity": "Glasgow", "rel_type": "ROUTE", "direction": "out", "returns": "code"},
        ),
        (
            "How many steps separate Tom Hanks from Keanu Reeves?",
            {"task": "connection_length", "source": "Tom Hanks", "target": "Keanu Reeves"},
        ),
        (
            "Which airports have flights to both Sydney and Auckland?",
            {
                "task": "common_neighbours",
                "entity": "Sydney",
                "other": "Auckland",
                "rel_type": "ROUTE",
                "direction": "in",
            },
        ),
    ],
)
def test_right_choices_are_confirmed(store, question, reply) -> None:
    parameters, findings = check(store, question, **reply)
    assert findings == [], texts(findings)
    assert parameters


def test_a_route_between_like_nodes_follows_the_relationships_and_one_across_kinds_any_way(store) -> None:
    flights, _ = check(
        store, "Can you fly from Glasgow to Auckland, with changes?", "connected", source="Glasgow", target="Auckland"
    )
    assert flights["path_types"] == ["ROUTE"] and flights["path_direction"] == "out"
    people, _ = check(
        store,
        "How are Tom Hanks and Keanu Reeves connected?",
        "connection_path",
        source="Tom Hanks",
        target="Keanu Reeves",
    )
    assert people["path_types"] == [] and people["path_direction"] == "any"
    assert people["source_shown"] == ["name"] and set(people["displays"]) >= {"name", "title"}


# ------------------------------------------------------------------ hard findings


def test_which_one_of_the_things_spoken_of_before_is_not_one_of_the_two_named(store) -> None:
    # movies-587 (dev now): "... made a few films together. Which one came first?" compared the two people
    reply = {"entity": "Tom Hanks", "other": "Meg Ryan", "property": "born", "order": "lowest"}
    question = "Tom Hanks and Meg Ryan made a few films together. Which one came first?"
    _, findings = check(store, question, "compare_entities", **reply)
    assert any(f.hard and f.rules_out and "'Which one' asks about the :Movie nodes" in f.text for f in findings)
    _, findings = check(store, "Tom Hanks or Meg Ryan: which one was born first?", "compare_entities", **reply)
    assert not any("Which one" in f.text for f in findings), texts(findings)


@pytest.mark.parametrize(
    ("question", "reply", "expected"),
    [
        (
            "Who directed The Matrix?",
            {"task": "neighbours", "entity": "The Matrix", "rel_type": "DIRECTED", "direction": "out"},
            "use direction in for 'The Matrix'",
        ),
        (
            "Who directed The Matrix?",
            {"task": "neighbours", "entity": "The Matrix", "rel_type": "ROUTE"},
            ":ROUTE does not connect :Movie nodes",
        ),
        (
            "Did Tom Hanks act in Cast Away?",
            {"task": "relationship_exists", "source": "Cast Away", "target": "Tom Hanks", "rel_type": "ACTED_IN"},
            "swap source and target",
        ),
        (
            "Which airports can you fly to from Glasgow?",
            {"task": "neighbours", "entity": "Glasgow", "rel_type": "ROUTE", "direction": "in"},
            "The question goes from 'Glasgow', which is direction out, not in.",
        ),
        (
            "Which airports can you fly to from Glasgow?",
            {"task": "neighbours", "entity": "Glasgow", "rel_type": "IN_COUNTRY", "direction": "out"},
            "asks for :Airport nodes, but neighbours gives :Country nodes",
        ),
        (
            "Who directed the most movies?",
            {"task": "top_by_degree", "label": "Movie", "rel_type": "DIRECTED"},
            "The question asks who, but :Movie nodes are not people.",
        ),
        (
            "Which movies were released after 2000?",
            {"task": "filter_nodes", "label": "Movie", "property": "released", "op": "<", "threshold": 2000},
            "The question compares with '>', not '<'.",
        ),
        (
            "Which movies were released after 2000?",
            {"task": "filter_nodes", "label": "Movie", "property": "released", "op": ">", "threshold": 1990},
            "threshold=1990 is not a number the question states.",
        ),
        (
            "Which movies were released after 2000?",
            {"task": "filter_nodes", "label": "Movie", "property": "title", "op": ">", "threshold": 2000},
            "'title' of :Movie does not hold numbers",
        ),
        (
            "Which person acted in the fewest movies?",
            {"task": "top_by_degree", "label": "Person", "rel_type": "ACTED_IN", "order": "highest"},
            "The question asks for the lowest value, not the highest.",
        ),
        (
            "What is the average distance of flights out of LHR?",
            {
                "task": "neighbour_aggregate",
                "entity": "LHR",
                "rel_type": "ROUTE",
                "direction": "out",
                "property": "distance_km",
                "aggregate": "max",
            },
            "The question asks for avg, not max.",
        ),
        (
            "Who directed The Matrix?",
            {"task": "neighbours", "entity": "Lana Wachowski", "rel_type": "DIRECTED"},
            "'Lana Wachowski' is not a name the question gives",
        ),
        (
            "In which year was Meg Ryan born?",
            {"task": "entity_property", "entity": "Meg Ryan", "property": "released"},
            ":Person nodes have no property 'released'",
        ),
        (
            "Is Tom Hanks in Cast Away?",
            {"task": "neighbour_count", "entity": "Tom Hanks", "rel_type": "ACTED_IN"},
            "The question asks for a yes or no",
        ),
        (
            "Who has acted in a movie directed by Tom Hanks?",
            {
                "task": "two_hop_neighbours",
                "entity": "Tom Hanks",
                "rel_type": "DIRECTED",
                "second_rel_type": "ACTED_IN",
                "second_direction": "out",
            },
            "the graph has (:Person)-[:ACTED_IN]->(:Movie): use second_direction in.",
        ),
        (
            "Which airports are linked with Glasgow?",
            {"task": "neighbours", "entity": "Glasgow", "rel_type": "ROUTE"},
            "Say the direction",
        ),
        (
            # back along the same type: the named node's co-neighbours, store-dependent (batch 6)
            "Which movies share a director with The Matrix?",
            {
                "task": "two_hop_neighbours",
                "entity": "The Matrix",
                "rel_type": "DIRECTED",
                "second_rel_type": "DIRECTED",
                "second_direction": "out",
            },
            "goes back along :DIRECTED; that is co_neighbours",
        ),
        (
            "Which movies were released before 1990?",
            {"task": "count_where", "label": "Movie", "property": "released", "op": "<", "threshold": 1990},
            "The question asks for nodes, but count_where gives number.",
        ),
        (
            "Which movies did Tom Hanks direct?",
            {"task": "entity_property", "entity": "Tom Hanks", "property": "name"},
            "'name' is how the question names 'Tom Hanks'",
        ),
        (
            "Which movies were released before 1990?",
            {
                "task": "filter_nodes",
                "label": "Movie",
                "property": "released",
                "op": "<",
                "threshold": 1990,
                "returns": "released",
            },
            "names the answer's nodes by the value they are compared on",
        ),
        # A part of the question the task leaves out (a stated number, an aggregate, a ranking, a second
        # name): the task answers another question, so it is not run unconfirmed; Cypher is written.
        (
            "Which movies has Tom Hanks done with Meg Ryan?",
            {"task": "neighbours", "entity": "Tom Hanks", "rel_type": "ACTED_IN"},
            "also names 'Meg Ryan'",
        ),
        (
            "How many movies came out after 2000?",
            {"task": "count_label", "label": "Movie"},
            "The question states 2000, which count_label does not take.",
        ),
        (
            "Which 3 people acted in the most movies?",
            {"task": "top_by_degree", "label": "Person", "rel_type": "ACTED_IN", "direction": "out"},
            "The question states 3, which top_by_degree does not take.",
        ),
        (
            "What is the average number of movies?",
            {"task": "count_label", "label": "Movie"},
            "asks for an average, which count_label does not compute",
        ),
        (
            "What is the total of the routes?",
            {"task": "count_label", "label": "Airport"},
            "asks for a total, which count_label does not compute",
        ),
        (
            # property batch 32, flights-657: the number of airports was flagged verified
            "What's the median number of non-stop destinations an airport has?",
            {"task": "count_label", "label": "Airport"},
            "asks for a median, which count_label does not compute",
        ),
        (
            "How many airports are in the largest group of airports linked to each other?",
            {"task": "count_label", "label": "Airport"},
            "asks for the largest one(s), which count_label does not rank",
        ),
        (
            "How long is the flight from LHR to SYD, in kilometres?",
            {"task": "connection_length", "source": "LHR", "target": "SYD"},
            "speaks of 'distance_km' ('kilometres'), which connection_length does not read",
        ),
        (
            # the most characters: a count of roles, which no hop counts (property batch 31, movies-636)
            "Which actor has played the most characters called Tom?",
            {"task": "top_by_degree", "label": "Person", "rel_type": "ACTED_IN", "direction": "out"},
            "speaks of 'roles' ('characters'), which top_by_degree does not read",
        ),
    ],
)
def test_hard_findings_say_what_is_wrong(store, question, reply, expected) -> None:
    _, findings = check(store, question, **reply)
    hard = [f.text for f in findings if f.hard]
    assert any(expected in text for text in hard), texts(findings)


@pytest.mark.parametrize(
    ("question", "reply", "direction"),
    [
        ("Which airports can you fly to from Glasgow?", {"task": "neighbours", "entity": "Glasgow"}, "out"),
        ("Which airports have flights to Glasgow?", {"task": "neighbours", "entity": "Glasgow"}, "in"),
        ("Which airport has the most departing routes?", {"task": "top_by_degree", "label": "Airport"}, "out"),
    ],
)
def test_a_direction_left_out_is_read_from_the_question_when_both_exist(store, question, reply, direction) -> None:
    params, findings = check(store, question, rel_type="ROUTE", **reply)
    assert params["direction"] == direction and not [f for f in findings if f.hard], texts(findings)


def test_a_direction_the_label_fixes_is_read_from_the_label_not_the_reply(store) -> None:
    # films get :ACTED_IN from people only: "out" from a film restates the label wrongly, it is no choice
    question = "Which film has the fewest actors?"
    reply = {"label": "Movie", "rel_type": "ACTED_IN", "direction": "out", "order": "lowest"}
    params, findings = check(store, question, "top_by_degree", **reply)
    assert params["direction"] == "in" and not [f for f in findings if f.hard], texts(findings)
    # airports link to airports: there the reply's direction is a choice, and a wrong one is refused
    question = "Which airport has the most departing routes?"
    _, findings = check(store, question, "top_by_degree", label="Airport", rel_type="ROUTE", direction="in")
    assert any(f.hard and "outgoing" in f.text for f in findings), texts(findings)


def test_a_hard_finding_goes_back_once_and_the_corrected_choice_is_confirmed(store) -> None:
    wrong = plan_reply("neighbours", entity="The Matrix", rel_type="DIRECTED", direction="out")
    right = plan_reply("neighbours", entity="The Matrix", rel_type="DIRECTED", direction="in")
    chosen, model = decide(store, "Who directed The Matrix?", wrong, right)
    assert chosen.confirmed and chosen.parameters["direction"] == "in"
    assert "use direction in for 'The Matrix'" in model.prompt_text(1)
    assert json.loads(str(model.prompts[1][-2].content))["direction"] == "out"  # its own first choice
    # the property plan's own feedback: it asks for a fixed choice and does not invite "none" in words
    assert "Choose again from the tasks above" in model.prompt_text(1) and "or none" not in model.prompt_text(1)


def test_after_a_finding_the_tasks_that_rank_what_the_question_ranks_are_shown(store) -> None:
    question = "List the people and films between Tom Hanks and Keanu Reeves on the shortest route."
    wrong = plan_reply(
        "relationship_property", source="Tom Hanks", target="Keanu Reeves", rel_type="ACTED_IN", property="roles"
    )
    right = plan_reply("connection_path", source="Tom Hanks", target="Keanu Reeves")
    chosen, model = decide(store, question, wrong, right)
    assert "relationship_property" in chosen.candidates and chosen.task == "connection_path"
    feedback = model.prompt_text(1)
    assert "does not connect" in feedback
    shown = feedback.split("The tasks that rank what the question asks:")[1]
    assert "connection_path" in shown and "relationship_property" not in shown
    # A question that ranks nothing is not narrowed.
    schema = store.schema()
    graph, entities = PropertyGraph.of(schema), find_entities(question, store, schema)
    tasks = [get_task(n) for n in ("relationship_property", "connection_path", "compare_entities")]
    assert narrowed(tasks, "Who directed The Matrix?", graph, entities) is None
    assert [t.name for t in narrowed(tasks, "the min number of hops?", graph, entities).tasks] == [
        "connection_path",
        "compare_entities",
    ]


def test_a_persistent_hard_finding_drops_the_task(store) -> None:
    wrong = plan_reply("neighbours", entity="The Matrix", rel_type="DIRECTED", direction="out")
    # the same reply to the same hard finding: the task is not offered again; "none" then ends it
    chosen, model = decide(store, "Who directed The Matrix?", wrong, wrong, plan_reply("none"), plan_reply("none"))
    assert chosen.task is None and not chosen.confirmed and "neighbours is not offered again" in model.prompt_text(2)
    assert "neighbours" not in [o["properties"]["task"].get("const") for o in model.schemas[2]["anyOf"]]
    assert chosen.entities  # the names still go to code generation


def test_none_means_code_is_written_over_the_schema(store) -> None:
    chosen, _ = decide(store, "Who directed The Matrix?", plan_reply("none"))
    assert chosen.task is None and chosen.output == "list" and chosen.entities


def test_a_what_ask_for_plural_things_is_offered_no_count(store) -> None:
    # "What films has Clint Eastwood directed?" was answered by neighbour_count, flagged verified
    # (property batch 5, movies-105): "What <things> ..." asks for the things, as "Which" does.
    question = "What movies has Lana Wachowski directed?"
    names = [t.name for t in offered(question, find_entities(question, store, store.schema()))]
    assert "neighbours" in names and not {"neighbour_count", "two_hop_count", "neighbour_aggregate"} & set(names)


def test_a_question_that_is_all_names_and_stop_words_is_planned(store) -> None:
    # Masked, "Was Meg Ryan in The Matrix?" is "Was <Person> in <Movie>?": no word for retrieval
    # to rank by (this crashed with an IndexError inside bm25s before any LLM call). The tasks that
    # fit two names and a yes/no ask are offered all the same.
    chosen, model = decide(store, "Was Meg Ryan in The Matrix?", plan_reply("none"), plan_reply("none"))
    assert chosen.task is None and {e.value for e in chosen.entities} == {"Meg Ryan", "The Matrix"}
    assert "relationship_exists" in chosen.candidates and model.prompts


# ------------------------------------------------------------------ soft findings: runs, never verified


@pytest.mark.parametrize(
    ("question", "reply", "expected"),
    [
        (
            "Who directed The Martix?",
            {"task": "neighbours", "entity": "The Matrix", "rel_type": "DIRECTED"},
            "not written exactly as in the graph",
        ),
        (
            "Which movies is Tom Hanks in?",
            {"task": "neighbours", "entity": "Tom Hanks", "rel_type": "ACTED_IN"},
            "does not speak of :ACTED_IN; it may mean DIRECTED",
        ),
        (
            "Which airport is linked with Glasgow?",
            {"task": "neighbours", "entity": "Glasgow", "rel_type": "ROUTE", "direction": "out"},
            "does not say which way",
        ),
        (
            # a comparison is no question of a link (flights-115, batch 5)
            "Does London's airport lie farther east than Glasgow's?",
            {"task": "relationship_exists", "source": "London", "target": "Glasgow", "rel_type": "ROUTE"},
            "The question compares ('than')",
        ),
        (
            "Which person is the best known actor?",
            {"task": "top_by_degree", "label": "Person", "rel_type": "ACTED_IN"},
            "does not say whether the highest or the lowest",
        ),
        (
            "Which movies belong to the same group as The Matrix?",
            {"task": "co_neighbours", "entity": "The Matrix", "rel_type": "DIRECTED"},
            "does not speak of :DIRECTED; it may mean",
        ),
    ],
)
def test_soft_findings_leave_the_plan_unconfirmed(store, question, reply, expected) -> None:
    _, findings = check(store, question, **reply)
    assert not [f for f in findings if f.hard], texts(findings)
    assert any(expected in f.text for f in findings), texts(findings)


@pytest.mark.parametrize(
    ("question", "reply"),
    [
        ("How many movies are there in total?", {"task": "count_label", "label": "Movie"}),
        (
            "How many people acted in more than 2 movies?",
            {"task": "count_by_degree", "label": "Person", "rel_type": "ACTED_IN", "op": ">", "threshold": 2},
        ),
        ("When was Apollo 13 released?", {"task": "entity_property", "entity": "Apollo 13", "property": "released"}),
        ("Did Tom Cruise act in Top Gun?", {"task": "relationship_exists", "source": "Tom Cruise"}),
        (
            "How many airports are in the largest group of airports that can all reach each other?",
            {"task": "largest_mutual_group", "label": "Airport", "rel_type": "ROUTE"},
        ),
    ],
)
def test_numbers_and_totals_the_task_uses_are_no_finding(store, question, reply) -> None:
    from grraf.pipeline.property_plan import _unused_asks
    from grraf.types import Entity

    entities = [Entity(name, "Movie", "title", name, 100.0) for name in ("Apollo 13", "Top Gun") if name in question]
    params = {"threshold": reply["threshold"]} if "threshold" in reply else {}
    graph = PropertyGraph.of(store.schema())
    assert _unused_asks(get_task(reply["task"]), params, question, entities, graph) == []


def test_a_fuzzy_name_runs_the_task_but_leaves_the_plan_unconfirmed(store) -> None:
    reply = plan_reply("neighbours", entity="The Matrix", rel_type="DIRECTED")
    chosen, model = decide(store, "Who directed The Martix?", reply, reply)
    assert chosen.task == "neighbours" and not chosen.confirmed and chosen.issues
    assert len(model.prompts) == 2  # the finding went back once; a soft one cannot be fixed by choosing


def test_a_distinctive_part_of_a_name_confirms_when_no_other_value_holds_it(store) -> None:
    # "London Heathrow" is part of 'London Heathrow Airport' only; "London" alone would be the city.
    _, findings = check(
        store,
        "Can you fly from Glasgow to London Heathrow?",
        "connected",
        source="Glasgow",
        target="London Heathrow Airport",
    )
    assert findings == [], texts(findings)


# ------------------------------------------------------------------ templates render from a plan's parameters


@pytest.mark.parametrize("dialect", ["ladybug", "neo4j"])
def test_every_property_template_renders_from_a_confirmed_plan(store, dialect) -> None:
    plans = {
        "entity_property": ("In which year was Meg Ryan born?", {"entity": "Meg Ryan", "property": "born"}),
        "relationship_property": (
            "How far is it from LHR to SYD in km?",
            {"source": "LHR", "target": "SYD", "rel_type": "ROUTE", "property": "distance_km"},
        ),
        "relationship_exists": (
            "Did Tom Hanks act in Cast Away?",
            {"source": "Tom Hanks", "target": "Cast Away", "rel_type": "ACTED_IN"},
        ),
        "neighbours": ("Who directed The Matrix?", {"entity": "The Matrix", "rel_type": "DIRECTED"}),
        "neighbour_count": ("How many movies did Tom Hanks act in?", {"entity": "Tom Hanks", "rel_type": "ACTED_IN"}),
        "neighbours_where": (
            "Which airports can you fly to from LHR over 5000 km?",
            {
                "entity": "LHR",
                "rel_type": "ROUTE",
                "direction": "out",
                "property": "distance_km",
                "op": ">",
                "threshold": 5000,
            },
        ),
        "neighbour_count_where": (
            "How many airports can you fly to from LHR over 5000 km?",
            {
                "entity": "LHR",
                "rel_type": "ROUTE",
                "direction": "out",
                "property": "distance_km",
                "op": ">",
                "threshold": 5000,
            },
        ),
        "neighbour_aggregate": (
            "What is the average distance of flights out of LHR?",
            {"entity": "LHR", "rel_type": "ROUTE", "direction": "out", "property": "distance_km", "aggregate": "avg"},
        ),
        "top_neighbour_by_property": (
            "Who is the oldest actor in The Matrix?",
            {"entity": "The Matrix", "rel_type": "ACTED_IN", "property": "born", "order": "lowest"},
        ),
        "two_hop_neighbours": (
            "Who acted in a movie directed by Lana Wachowski?",
            {
                "entity": "Lana Wachowski",
                "rel_type": "DIRECTED",
                "second_rel_type": "ACTED_IN",
                "second_direction": "in",
            },
        ),
        "two_hop_count": (
            "How many different countries can you fly to from Glasgow?",
            {
                "entity": "Glasgow",
                "rel_type": "ROUTE",
                "direction": "out",
                "second_rel_type": "IN_COUNTRY",
            },
        ),
        "top_two_hop": (
            "Which director has Tom Hanks acted for most often?",
            {
                "entity": "Tom Hanks",
                "rel_type": "ACTED_IN",
                "second_rel_type": "DIRECTED",
                "second_direction": "in",
            },
        ),
        "top_neighbour_by_degree": (
            "Which airport in New Zealand has the most departing flights?",
            {
                "entity": "New Zealand",
                "rel_type": "IN_COUNTRY",
                "direction": "in",
                "second_rel_type": "ROUTE",
                "second_direction": "out",
            },
        ),
        "compare_degrees": (
            "Who has more acting credits, Tom Hanks or Keanu Reeves?",
            {"entity": "Tom Hanks", "other": "Keanu Reeves", "rel_type": "ACTED_IN"},
        ),
        "compare_degree_values": (
            "Has Tom Hanks acted in more films than Keanu Reeves?",
            {"entity": "Tom Hanks", "other": "Keanu Reeves", "rel_type": "ACTED_IN", "comparison": "higher"},
        ),
        "all_neighbours_where": (
            "Were all of the films Tom Hanks acted in released after 1980?",
            {
                "entity": "Tom Hanks",
                "rel_type": "ACTED_IN",
                "direction": "out",
                "property": "released",
                "op": ">",
                "threshold": 1980,
            },
        ),
        "co_neighbours": ("Who acted in a movie with Tom Hanks?", {"entity": "Tom Hanks", "rel_type": "ACTED_IN"}),
        "common_neighbours": (
            "Which airports have flights to both Sydney and Auckland?",
            {"entity": "Sydney", "other": "Auckland", "rel_type": "ROUTE", "direction": "in"},
        ),
        "linked_to_both": (
            "Which airports in New Zealand have flights to Sydney?",
            {
                "entity": "Sydney",
                "rel_type": "ROUTE",
                "direction": "in",
                "other": "New Zealand",
                "second_rel_type": "IN_COUNTRY",
            },
        ),
        "linked_but_not": (
            "Which airports outside New Zealand have flights to Sydney?",
            {
                "entity": "Sydney",
                "rel_type": "ROUTE",
                "direction": "in",
                "other": "New Zealand",
                "second_rel_type": "IN_COUNTRY",
            },
        ),
        "common_neighbour_count": (
            "How many airports have flights to both Sydney and Auckland?",
            {"entity": "Sydney", "other": "Auckland", "rel_type": "ROUTE", "direction": "in"},
        ),
        "linked_to_both_count": (
            "How many airports in New Zealand have flights to Sydney?",
            {
                "entity": "Sydney",
                "rel_type": "ROUTE",
                "direction": "in",
                "other": "New Zealand",
                "second_rel_type": "IN_COUNTRY",
            },
        ),
        "linked_through": (
            "Has Keanu Reeves ever acted in a film Lana Wachowski directed?",
            {
                "entity": "Keanu Reeves",
                "rel_type": "ACTED_IN",
                "other": "Lana Wachowski",
                "second_rel_type": "DIRECTED",
            },
        ),
        "compare_values": (
            "Is Tom Hanks older than Meg Ryan?",
            {"entity": "Tom Hanks", "other": "Meg Ryan", "property": "born", "comparison": "lower"},
        ),
        "all_linked_through": (
            "Did Lana Wachowski write all of the movies she directed?",
            {"entity": "Lana Wachowski", "rel_type": "DIRECTED", "second_rel_type": "WROTE"},
        ),
        "compare_relationships": (
            "From Glasgow Airport, which is the shorter flight: to SYD or to AKL?",
            {
                "entity": "Glasgow Airport",
                "rel_type": "ROUTE",
                "other": "SYD",
                "third": "AKL",
                "property": "distance_km",
                "order": "lowest",
            },
        ),
        "compare_relationship_values": (
            "From Glasgow Airport, is the flight to SYD longer than the one to AKL?",
            {
                "entity": "Glasgow Airport",
                "rel_type": "ROUTE",
                "other": "SYD",
                "third": "AKL",
                "property": "distance_km",
                "comparison": "higher",
            },
        ),
        "value_difference": (
            "How old was Tom Hanks when Cast Away came out?",
            {"entity": "Tom Hanks", "property": "born", "other": "Cast Away", "other_property": "released"},
        ),
        "both_relationships": (
            "Which people both wrote and directed the same movie?",
            {"rel_type": "WROTE", "second_rel_type": "DIRECTED"},
        ),
        "top_by_degree": ("Which person acted in the most movies?", {"label": "Person", "rel_type": "ACTED_IN"}),
        "top_by_property": (
            "Which movie is the oldest?",
            {"label": "Movie", "property": "released", "order": "lowest"},
        ),
        "top_among_linked": (
            "Who is the youngest director?",
            {"label": "Person", "rel_type": "DIRECTED", "property": "born", "order": "highest"},
        ),
        "filter_among_linked": (
            "Which directors were born before 1940?",
            {"label": "Person", "rel_type": "DIRECTED", "property": "born", "op": "<", "threshold": 1940},
        ),
        "count_among_linked": (
            "How many directors were born before 1940?",
            {"label": "Person", "rel_type": "DIRECTED", "property": "born", "op": "<", "threshold": 1940},
        ),
        "compare_entities": (
            "Who is older, Tom Hanks or Meg Ryan?",
            {"entity": "Tom Hanks", "other": "Meg Ryan", "property": "born", "order": "lowest"},
        ),
        "count_by_degree": (
            "How many people wrote more than 2 movies?",
            {"label": "Person", "rel_type": "WROTE", "op": ">", "threshold": 2},
        ),
        "filter_nodes": (
            "Which movies were released after 2000?",
            {"label": "Movie", "property": "released", "op": ">", "threshold": 2000},
        ),
        "count_where": (
            "How many movies were released after 2000?",
            {"label": "Movie", "property": "released", "op": ">", "threshold": 2000},
        ),
        "count_label": ("How many movies are there?", {"label": "Movie"}),
        "count_in_range": (
            "How many movies came out between 1990 and 1999?",
            {"label": "Movie", "property": "released", "low": 1990, "high": 1999},
        ),
        "filter_in_range": (
            "Which people were born in the 1960s?",
            {"label": "Person", "property": "born", "low": 1960, "high": 1969},
        ),
        "most_common_value": (
            "Which birth year is shared by the most people?",
            {"label": "Person", "property": "born", "order": "highest"},
        ),
        "aggregate_property": (
            "What is the average year the movies were released?",
            {"label": "Movie", "property": "released", "aggregate": "avg"},
        ),
        "connection_length": (
            "How many steps separate Tom Hanks from Keanu Reeves?",
            {"source": "Tom Hanks", "target": "Keanu Reeves"},
        ),
        "connection_path": ("Show a route from Glasgow to Sydney.", {"source": "Glasgow", "target": "Sydney"}),
        "connected": ("Can you fly from Glasgow to Auckland?", {"source": "Glasgow", "target": "Auckland"}),
        "by_relationship_value": (
            "Who played Neo in The Matrix?",
            {"value": "Neo", "label": "Person", "entity": "The Matrix"},
        ),
    }
    templates = {t.name: t for t in load_templates(dialect) if t.property_graph}
    rendered = set()
    for task in PROPERTY_TASKS:
        for name in task.template_names(dialect):
            question, reply = plans[task.name]
            parameters, findings = check(store, question, task.name, **reply)
            assert not [f for f in findings if f.hard], (task.name, texts(findings))
            code = render_template(templates[name], parameters, max_hops=30)
            assert code is not None, task.name
            check_cypher(code, dialect=dialect)
            assert "$" not in code and "{:" not in code and "{<" not in code and "{~" not in code
            rendered.add(task.name)
    assert rendered == {t.name for t in PROPERTY_TASKS if t.template_names(dialect)}


@pytest.mark.parametrize(
    ("question", "low", "high", "finding"),
    [
        ("How many movies came out between 1990 and 1999?", 1990, 1999, None),
        ("Which people were born in the 1960s?", 1960, 1969, None),
        ("Which films are from the '90s?", 1990, 1999, None),
        ("How many people were born in the fifties?", 1950, 1959, None),
        ("How many movies were released from 2000 up to 2005?", 2000, 2005, None),
        ("Which people were born in the 1960s?", 1960, 1970, "names the years 1960 to 1969"),
        ("How many movies came out between 1990 and 1999?", 1990, 2000, "high=2000 is not a number"),
        ("How many movies came out between 1990 and 1999?", 1999, 1990, "is above high"),
        ("How many movies came out after 1990 and before 1999?", 1990, 1999, "compares strictly"),
        ("How many movies came out in 1999?", 1999, 1999, "one number, not a range"),
    ],
)
def test_a_range_holds_the_two_ends_the_question_states(store, question, low, high, finding) -> None:
    task = "filter_in_range" if question.startswith("Which") else "count_in_range"
    reply = {"label": "Movie" if "movie" in question or "film" in question else "Person", "low": low, "high": high}
    reply["property"] = "released" if reply["label"] == "Movie" else "born"
    params, findings = check(store, question, task, **reply)
    hard = [f.text for f in findings if f.hard]
    if finding is None:
        assert hard == [] and (params["low"], params["high"]) == (low, high), texts(findings)
    else:
        assert any(finding in text for text in hard), texts(findings)


@pytest.mark.parametrize(("low", "high"), [(1920, 1929), (2020, 2029)])
def test_a_decade_without_its_century_runs_either_reading_unconfirmed(store, low, high) -> None:
    question = "How many people were born in the '20s?"
    reply = {"label": "Person", "property": "born", "low": low, "high": high}
    params, findings = check(store, question, "count_in_range", **reply)
    assert not [f for f in findings if f.hard] and (params["low"], params["high"]) == (low, high), texts(findings)
    assert any("1900s or of the 2000s" in f.text for f in findings), texts(findings)


def test_a_task_without_numbers_refuses_a_decade(store) -> None:
    # counted every movie, flagged verified (property batch 13, movies-299)
    _, findings = check(store, "How many of the movies are from the eighties?", "count_label", label="Movie")
    assert any("names a decade ('the eighties')" in f.text and f.hard for f in findings), texts(findings)


@pytest.mark.parametrize(
    ("question", "prop", "order"),
    [
        # "the furthest west" ran as the highest longitude, flagged verified (property batch 13, flights-296)
        ("Going by longitude, which airport in Asia is the furthest west?", "longitude", "lowest"),
        ("Which airport lies farthest to the east, going by longitude?", "longitude", "highest"),
        ("What's the southernmost airport?", "latitude", "lowest"),
        ("Which South American airport is the northernmost?", "latitude", "highest"),  # a name is no direction
        ("Which airport is the furthest west?", "latitude", None),  # west says nothing of a latitude
        ("Which airport is the furthest from the equator?", "latitude", "highest"),  # no compass word
    ],
)
def test_a_compass_word_ranks_a_coordinate(question, prop, order) -> None:
    from grraf.pipeline.property_readers import order_stated

    assert order_stated(question, prop) == order


def test_one_comparison_refuses_a_decade_in_words() -> None:
    from grraf.pipeline.property_readers import decade

    assert decade("How many people were born in the sixties?") == "the sixties"


def test_a_missing_parameter_renders_nothing() -> None:
    template = next(t for t in load_templates("neo4j") if t.name == "property_neighbours")
    assert render_template(template, {"entity": "x"}) is None


@pytest.mark.parametrize(
    ("question", "label", "expected"),
    [
        ("How many movies are in the database?", "Movie", None),
        ("How many airports are there?", "Airport", None),
        ("How many separate groups of people are there?", "Person", "The question counts groups, not :Person nodes."),
        ("How long is the longest flight?", "Airport", "the question asks for no number of things"),
    ],
)
def test_counting_every_node_of_a_label_is_held_against_counting_groups_or_a_measure(
    store, question, label, expected
) -> None:
    _, found = check(store, question, "count_label", label=label)
    if expected is None:
        assert found == []
    else:
        assert any(f.hard and expected in f.text for f in found), texts(found)


# ------------------------------------------------------- what a task over a whole label leaves out
# Written after batch 2's wrong verified answers (those questions moved to dev).


@pytest.mark.parametrize(
    ("question", "task", "reply", "expected"),
    [
        ("How many Asian countries are in the database?", "count_label", {"label": "Country"}, "only about asian"),
        ("How many European airports are there?", "count_label", {"label": "Airport"}, "only about european"),
        (
            "Which European country has the most airports?",
            "top_by_degree",
            {"label": "Airport", "rel_type": "IN_COUNTRY", "direction": "out", "order": "highest"},
            "asks about :Country nodes, not :Airport",
        ),
        (
            "How many actors were born before 1960?",
            "count_where",
            {"label": "Person", "property": "born", "op": "<", "threshold": 1960},
            "actors (:Person nodes with :ACTED_IN)",
        ),
        (
            "Which actors worked with both Tom Hanks and Meg Ryan?",
            "common_neighbours",
            {"entity": "Tom Hanks", "rel_type": "ACTED_IN", "other": "Meg Ryan"},
            "asks for :Person nodes, but common_neighbours gives :Movie",
        ),
        (
            "Is there a nonstop flight from London to Sydney?",
            "connected",
            {"source": "London", "target": "Sydney"},
            "says 'nonstop' (one relationship)",
        ),
    ],
)
def test_a_choice_that_takes_more_than_the_question_asks_about_is_dropped(store, question, task, reply, expected):
    _, findings = check(store, question, task, **reply)
    assert any(hard and expected in text for hard, text in texts(findings)), texts(findings)


@pytest.mark.parametrize(
    ("question", "task", "reply"),
    [
        ("How many different countries are in the database?", "count_label", {"label": "Country"}),
        ("How many people are there?", "count_label", {"label": "Person"}),
        (
            "Can you fly from London to Sydney, changing planes if needed?",
            "connected",
            {"source": "London", "target": "Sydney"},
        ),
    ],
)
def test_a_whole_label_asked_plainly_keeps_its_choice(store, question, task, reply):
    _, findings = check(store, question, task, **reply)
    assert not [text for hard, text in texts(findings) if hard], texts(findings)


# ------------------------------------------------------------------ issue 15, batch 3: evidence in everyday words


@pytest.mark.parametrize(
    ("question", "reply"),
    [
        # a year asked of a node whose label holds one point in time speaks of that property
        ("Meg Ryan's birth year?", {"task": "entity_property", "entity": "Meg Ryan", "property": "born"}),
        (
            "Cast Away came out in what year?",
            {"task": "entity_property", "entity": "Cast Away", "property": "released"},
        ),
        # words of one sense: a character is a role, playing is acting, "written" is WROTE
        (
            "What was Tom Hanks's character called in Cast Away?",
            {
                "task": "relationship_property",
                "source": "Tom Hanks",
                "target": "Cast Away",
                "rel_type": "ACTED_IN",
                "property": "roles",
            },
        ),
        (
            "Which movies has Keanu Reeves starred in?",
            {"task": "neighbours", "entity": "Keanu Reeves", "rel_type": "ACTED_IN"},
        ),
        (
            "Which movies were written by Lana Wachowski?",
            {"task": "neighbours", "entity": "Lana Wachowski", "rel_type": "WROTE"},
        ),
        (
            "Which other movies have members of the cast of The Matrix been in?",
            {"task": "co_neighbours", "entity": "The Matrix", "rel_type": "ACTED_IN"},
        ),
        # one country of one airport: a hop across kinds, no trip
        (
            "Which country is Glasgow Airport in?",
            {"task": "neighbours", "entity": "Glasgow Airport", "rel_type": "IN_COUNTRY"},
        ),
        # the counted noun is the far end of the counted relationships
        (
            "Which director has directed the most movies?",
            {"task": "top_by_degree", "label": "Person", "rel_type": "DIRECTED"},
        ),
        ("Which movie has the most actors?", {"task": "top_by_degree", "label": "Movie", "rel_type": "ACTED_IN"}),
    ],
)
def test_everyday_words_confirm_a_right_choice(store, question, reply) -> None:
    _, findings = check(store, question, **reply)
    assert findings == [], texts(findings)


@pytest.mark.parametrize(
    ("question", "reply", "expected"),
    [
        (
            "Which director has directed the most different actors?",
            {"task": "top_by_degree", "label": "Person", "rel_type": "DIRECTED", "direction": "out"},
            "counts actors (:Person nodes), but (:Person)-[:DIRECTED]->(:Movie) counts :Movie nodes",
        ),
        (
            "Which movie has the most actors?",
            {"task": "top_by_degree", "label": "Movie", "rel_type": "DIRECTED", "direction": "in"},
            "counts actors (:Person nodes with :ACTED_IN)",
        ),
        (
            "How many people directed more than one actor?",
            {"task": "count_by_degree", "label": "Person", "rel_type": "DIRECTED", "op": ">", "threshold": 1},
            "counts actor (:Person nodes)",
        ),
        (
            "How many different countries can you fly to non-stop from London?",
            {"task": "neighbour_count", "entity": "London", "rel_type": "IN_COUNTRY"},
            "the answer is :ROUTE then :IN_COUNTRY",
        ),
    ],
)
def test_a_count_of_another_kind_or_a_trip_read_as_one_hop_is_dropped(store, question, reply, expected) -> None:
    _, findings = check(store, question, **reply)
    assert any(f.hard and expected in f.text for f in findings), texts(findings)


def test_several_nodes_of_another_kind_from_a_place_may_be_a_trip(store) -> None:
    _, findings = check(
        store, "Which countries can you get to from London?", "neighbours", entity="London", rel_type="IN_COUNTRY"
    )
    assert texts(findings) == [
        (False, "The question may ask for the nodes reached over :ROUTE then :IN_COUNTRY, not over :IN_COUNTRY alone.")
    ]


def test_the_words_of_a_name_are_no_evidence(store, monkeypatch) -> None:
    from tests import fakes

    titles = [*fakes.PROPERTY_VALUES[("Movie", "title")], "A Star Is Born"]
    monkeypatch.setitem(fakes.PROPERTY_VALUES, ("Movie", "title"), titles)
    question = "Who directed A Star Is Born?"
    _, wrong = check(store, question, "neighbours", entity="A Star Is Born", rel_type="ACTED_IN")
    assert any("does not speak of :ACTED_IN" in f.text for f in wrong), texts(wrong)  # "Star" is the title's
    _, cast_away = check(store, "Who directed Cast Away?", "neighbours", entity="Cast Away", rel_type="ACTED_IN")
    assert any("does not speak of :ACTED_IN" in f.text for f in cast_away), texts(cast_away)
    _, right = check(store, question, "neighbours", entity="A Star Is Born", rel_type="DIRECTED")
    assert right == [], texts(right)


def test_two_steps_counted_are_checked_step_by_step(store) -> None:
    question = "How many different countries can you fly to from Glasgow?"
    reply = {"entity": "Glasgow", "rel_type": "ROUTE", "second_rel_type": "IN_COUNTRY"}
    params, findings = check(store, question, "two_hop_count", **reply)
    assert findings == [] and params["direction"] == "out" and params["second_direction"] == "out", texts(findings)
    # the steps in the wrong order: said so, with the order that fits
    _, findings = check(
        store, question, "two_hop_count", **{**reply, "rel_type": "IN_COUNTRY", "second_rel_type": "ROUTE"}
    )
    assert any(f.hard and "swap rel_type and second_rel_type" in f.text for f in findings), texts(findings)
    # "X's films" may be the films X acted in, wrote or directed: the first step needs its own words
    _, findings = check(
        store,
        "How many different actors appear in Lana Wachowski's films?",
        "two_hop_count",
        entity="Lana Wachowski",
        rel_type="DIRECTED",
        second_rel_type="ACTED_IN",
    )
    # (she directs and writes in this graph, and acts in nothing: acting is no other meaning)
    assert texts(findings) == [(False, "The question does not speak of :DIRECTED; it may mean WROTE.")]


def test_the_nodes_reached_most_often_two_steps_away(store) -> None:
    # co-actors ranked by the films shared: back along the first type, the named node left out
    question = "Which actor has made the most films with Keanu Reeves?"
    reply = {"entity": "Keanu Reeves", "rel_type": "ACTED_IN", "second_rel_type": "ACTED_IN", "second_direction": "in"}
    params, findings = check(store, question, "top_two_hop", **reply)
    assert findings == [] and params["direction"] == "out", texts(findings)
    # nothing ranked: the plain co-actors are another task's
    _, findings = check(store, "Who has acted with Keanu Reeves?", "top_two_hop", **reply)
    assert any(f.hard and f.rules_out and "ranks nothing" in f.text for f in findings), texts(findings)
    # the fewest: the template keeps the most only
    _, findings = check(store, "Who has acted with Keanu Reeves the fewest times?", "top_two_hop", **reply)
    assert any(f.hard and "asks for the fewest" in f.text for f in findings), texts(findings)
    # a second step that does not continue from the middles is said so
    _, findings = check(store, question, "top_two_hop", **{**reply, "second_rel_type": "IN_COUNTRY"})
    assert any(f.hard and ":IN_COUNTRY does not continue from :Movie" in f.text for f in findings), texts(findings)


def test_a_shortest_connection_asked_in_so_many_words_is_no_shared_neighbour(store) -> None:
    # movies-551 (dev now): "Connect X to Y ..., in as few links as possible" got the films both acted in
    reply = {"entity": "Tom Hanks", "rel_type": "ACTED_IN", "other": "Meg Ryan"}
    question = "Connect Tom Hanks to Meg Ryan through films and the people in them, in as few links as possible."
    _, findings = check(store, question, "common_neighbours", **reply)
    assert any(f.hard and f.rules_out and "names a trip" in f.text for f in findings), texts(findings)
    _, findings = check(store, "Which films did Tom Hanks and Meg Ryan both act in?", "common_neighbours", **reply)
    assert findings == [], texts(findings)
    # movies-549 (dev now): a yes/no ask after a dash is no ask for the films
    together = "tom hanks and meg ryan - were they ever in a film together?"
    _, findings = check(store, together, "common_neighbours", **reply)
    assert any(f.hard and "asks for a yes or no" in f.text for f in findings), texts(findings)


def test_what_two_named_nodes_share_is_asked_in_so_many_words(store) -> None:
    # movies-570 (dev now): "link A to B through the films and the people in them, as directly as
    # possible. What's the chain?" got the films both acted in ([]), flagged verified
    reply = {"entity": "Tom Hanks", "rel_type": "ACTED_IN", "other": "Meg Ryan"}
    chain = "I want to link Tom Hanks to Meg Ryan through the films and the people in them. What's the chain?"
    _, findings = check(store, chain, "common_neighbours", **reply)
    assert any(not f.hard and "says nothing of sharing" in f.text for f in findings), texts(findings)
    for shared in (
        "Which films did Tom Hanks and Meg Ryan alike act in?",
        "Which films did Tom Hanks act in with Meg Ryan?",
    ):
        _, findings = check(store, shared, "common_neighbours", **reply)
        assert findings == [], (shared, texts(findings))
    # movies-567 (dev now): "A and B, ever in the same movie?" is a yes/no ask, not one for the films
    _, findings = check(store, "tom hanks and meg ryan, ever in the same movie?", "common_neighbours", **reply)
    assert any(f.hard and f.rules_out and "asks for a yes or no" in f.text for f in findings), texts(findings)


def test_a_word_of_the_values_kept_on_relationships_leaves_a_task_over_nodes_unconfirmed(store) -> None:
    # movies-560 (dev now): "In Saving Private Ryan, which of the actors play privates?" listed the cast
    reply = {"entity": "The Matrix", "rel_type": "ACTED_IN", "direction": "in"}
    _, findings = check(store, "In The Matrix, which of the actors play agents?", "neighbours", **reply)
    assert any(not f.hard and "'agents' (as in 'Agent Smith')" in f.text for f in findings), texts(findings)
    _, findings = check(store, "Which actors are in The Matrix?", "neighbours", **reply)
    assert findings == [], texts(findings)


def test_a_quoted_value_the_task_does_not_use_is_a_condition_it_leaves_out(store) -> None:
    # movies-579 (dev now): 'a title beginning with "The"' counted every film, flagged verified
    _, findings = check(store, 'How many movies have a title beginning with "The"?', "count_label", label="Movie")
    assert any(f.hard and f.rules_out and "quotes 'The'" in f.text for f in findings), texts(findings)
    _, findings = check(store, "How many movies are there?", "count_label", label="Movie")
    assert findings == [], texts(findings)
    # a quoted name is a name: it is used
    reply = {"entity": "The Matrix", "rel_type": "ACTED_IN", "direction": "in"}
    _, findings = check(store, 'Which actors are in "The Matrix"?', "neighbours", **reply)
    assert findings == [], texts(findings)


def test_the_best_connected_one_is_a_ranking(store) -> None:
    # flights-578 (dev now): "Which Asian airport is the best connected ...?" got every Asian airport
    reply = {"entity": "United Kingdom", "rel_type": "IN_COUNTRY", "direction": "in"}
    question = "Which airport in the United Kingdom is the best connected?"
    _, findings = check(store, question, "neighbours", **reply)
    assert any(f.hard and "asks for the most one(s)" in f.text for f in findings), texts(findings)


def test_answer_nodes_are_named_by_what_names_them_or_by_what_is_asked(store) -> None:
    # flights-562 (dev now): "Which airports fly non-stop to both X and Y?" listed cities, flagged verified
    reply = {"entity": "Glasgow", "other": "Sydney", "rel_type": "ROUTE", "direction": "in"}
    question = "Which airports fly non-stop to both Glasgow and Sydney?"
    _, findings = check(store, question, "common_neighbours", **reply, returns="city")
    assert any(f.hard and "returns='city' does not name" in f.text for f in findings), texts(findings)
    params, findings = check(store, question, "common_neighbours", **reply, returns="name")
    assert findings == [] and params["returns"] == ["name"], texts(findings)
    # ... the city is what "which cities" asks for
    cities = "Which cities have airports that fly non-stop to both Glasgow and Sydney?"
    params, findings = check(store, cities, "common_neighbours", **reply, returns="city")
    assert not any("returns=" in f.text for f in findings) and params["returns"] == ["city"], texts(findings)


def test_counting_what_is_kept_on_the_relationships_is_not_counting_them(store) -> None:
    # movies-548 (dev now): "the most characters played across its cast" counts roles, not actors
    reply = {"label": "Movie", "rel_type": "ACTED_IN"}
    _, findings = check(store, "Which film has the most characters played across its cast?", "top_by_degree", **reply)
    assert any(f.hard and "the 'roles' kept on :ACTED_IN" in f.text for f in findings), texts(findings)
    _, findings = check(store, "Which film has the most actors?", "top_by_degree", **reply)
    assert not any(f.hard for f in findings), texts(findings)


def test_a_named_node_with_one_kind_of_relationship_needs_no_word_for_it(store) -> None:
    # movies-259 (dev now): "How many Keanu Reeves movies ..." speaks of no relationship, but he only acts
    question = "Which movies is Keanu Reeves in?"
    _, findings = check(store, question, "neighbours", entity="Keanu Reeves", rel_type="ACTED_IN")
    assert findings == [], texts(findings)
    # a store that cannot say which relationships a node has leaves every type of the schema possible
    store.relationship_types = lambda *a: []
    _, findings = check(store, question, "neighbours", entity="Keanu Reeves", rel_type="ACTED_IN")
    assert any("it may mean DIRECTED, WROTE" in f.text for f in findings), texts(findings)


def test_a_property_of_the_named_node_asked_for_is_not_its_neighbours(store) -> None:
    _, findings = check(
        store,
        "Glasgow Airport is in which city?",
        "neighbours",
        entity="Glasgow Airport",
        rel_type="ROUTE",
        direction="out",
        returns="city",
    )
    assert any(f.hard and "asks for the 'city' of 'Glasgow Airport'" in f.text for f in findings), texts(findings)
    # the same noun with words for the relationship: the cities the routes reach
    _, findings = check(
        store,
        "Which cities can you fly to from Glasgow?",
        "neighbours",
        entity="Glasgow",
        rel_type="ROUTE",
        returns="city",
    )
    assert findings == [], texts(findings)


def test_a_kind_of_node_asked_for_with_a_qualifier_is_not_every_node_the_hop_reaches(store) -> None:
    reply = {"entity": "Sydney", "rel_type": "ROUTE", "direction": "in"}
    _, findings = check(store, "Which European airports have direct flights to Sydney?", "neighbours", **reply)
    assert any(f.hard and "asks only about european airports" in f.text for f in findings), texts(findings)
    for plain in ("Which airports have direct flights to Sydney?", "Which other airports have flights to Sydney?"):
        _, findings = check(store, plain, "neighbours", **reply)
        assert findings == [], (plain, texts(findings))


def test_a_connection_needs_words_of_a_connection(store) -> None:
    reply = {"source": "Tom Hanks", "target": "Cast Away"}
    _, findings = check(
        store, "How many different characters does Tom Hanks play in Cast Away?", "connection_length", **reply
    )
    assert (False, "The question does not speak of a connection between 'Tom Hanks' and 'Cast Away'.") in texts(
        findings
    )
    _, findings = check(store, "How many steps separate Tom Hanks from Cast Away?", "connection_length", **reply)
    assert findings == [], texts(findings)


def test_a_which_ask_after_a_lead_in_wants_a_node_and_a_compound_word_speaks_of_its_parts(store) -> None:
    question = "On the shortest-distance trip from LHR to SYD, which airport do you change planes at?"
    _, findings = check(store, question, "connection_length", source="LHR", target="SYD")
    hard = [text for is_hard, text in texts(findings) if is_hard]
    assert "The question asks for nodes, but connection_length gives number." in hard, hard
    assert any("speaks of 'distance_km' ('distance')" in text for text in hard), hard


def test_a_ranking_by_a_measure_is_not_a_ranking_by_how_many(store) -> None:
    reply = {"label": "Airport", "rel_type": "ROUTE", "direction": "in"}
    question = "Which airport is the destination of the longest non-stop flight from London?"
    _, findings = check(store, question.replace(" from London", ""), "top_by_degree", **reply)
    assert any(f.hard and "ranks by 'longest', a measure" in f.text for f in findings), texts(findings)
    _, findings = check(store, "Which airport has the largest cast of routes?", "top_by_degree", **reply)
    assert any(not f.hard and "'largest' may rank by a measure" in f.text for f in findings), texts(findings)
    _, findings = check(store, "Which airport has the most incoming flights?", "top_by_degree", **reply)
    assert findings == [], texts(findings)


def test_a_relationship_property_does_not_answer_an_ask_for_nodes(store) -> None:
    reply = {"source": "LHR", "target": "SYD", "rel_type": "ROUTE", "property": "distance_km"}
    question = "On the shortest-distance trip from LHR to SYD, which airport do you change planes at?"
    _, findings = check(store, question, "relationship_property", **reply)
    assert any(f.hard and "asks for airport (:Airport nodes)" in f.text for f in findings), texts(findings)
    _, findings = check(store, "How many km is it from LHR to SYD?", "relationship_property", **reply)
    assert findings == [], texts(findings)


# ------------------------------------------------------- the extreme node of a label; which of two named nodes


@pytest.mark.parametrize(
    ("question", "reply"),
    [
        ("Who is the oldest person?", {"label": "Person", "property": "born", "order": "lowest"}),
        ("Who is the youngest person in the graph?", {"label": "Person", "property": "born", "order": "highest"}),
        ("Which movie is the oldest?", {"label": "Movie", "property": "released", "order": "lowest"}),
        ("What's the most recent movie?", {"label": "Movie", "property": "released", "order": "highest"}),
        ("Which movie was released last?", {"label": "Movie", "property": "released", "order": "highest"}),
        ("Which person was born earliest?", {"label": "Person", "property": "born", "order": "lowest"}),
    ],
)
def test_the_extreme_node_of_a_label_is_confirmed_by_a_word_tied_to_its_property(store, question, reply) -> None:
    params, findings = check(store, question, "top_by_property", **reply)
    assert findings == [], texts(findings)
    shown = {"Person": "name", "Movie": "title"}[reply["label"]]
    assert params["order"] == reply["order"] and params["returns"] == [shown], params


DIRECTORS = {"label": "Person", "rel_type": "DIRECTED", "property": "born"}


@pytest.mark.parametrize(
    ("question", "reply"),
    [
        ("Who is the youngest director?", {**DIRECTORS, "order": "highest"}),
        ("Who is the youngest person to have directed a movie?", {**DIRECTORS, "order": "highest"}),
        ("Name the two oldest directors.", {**DIRECTORS, "order": "lowest", "limit": 2}),
        ("Which actor was born first?", {**DIRECTORS, "rel_type": "ACTED_IN", "order": "lowest"}),
    ],
)
def test_the_extreme_node_among_those_with_a_relationship(store, question, reply) -> None:
    params, findings = check(store, question, "top_among_linked", **reply)
    assert findings == [], texts(findings)
    assert params["direction"] == "out" and params["pattern"] == f"(:Person)-[:{reply['rel_type']}]->()", params


@pytest.mark.parametrize(
    ("question", "reply", "expected"),
    [
        # every person ranks: top_by_property's
        ("Who is the oldest person?", {**DIRECTORS, "order": "lowest"}, "does not speak of :DIRECTED"),
        # the role the question names is another relationship
        ("Which actor is the oldest?", {**DIRECTORS, "order": "lowest"}, "actor (:Person nodes with :ACTED_IN)"),
        ("Who is the oldest actor?", {**DIRECTORS, "order": "lowest"}, "does not speak of :DIRECTED"),
        # ranked by how many: top_by_degree's
        ("Which director directed the most movies?", {**DIRECTORS, "order": "highest"}, "top_by_degree"),
        # a second relationship narrows it further
        ("Which director who also acted is the oldest?", {**DIRECTORS, "order": "lowest"}, ":ACTED_IN ('acted')"),
        ("Who is the second oldest director?", {**DIRECTORS, "order": "lowest"}, "second one"),
    ],
)
def test_the_extreme_node_among_those_with_a_relationship_is_refused(store, question, reply, expected) -> None:
    _, findings = check(store, question, "top_among_linked", **reply)
    assert any(f.hard and expected in f.text for f in findings), texts(findings)


@pytest.mark.parametrize(
    ("question", "task", "reply", "wrong"),
    [
        ("Who is the oldest person?", "top_by_property", {"label": "Person", "property": "born"}, ("order", "highest")),
        (
            "What is the average year the movies were released?",
            "aggregate_property",
            {"label": "Movie", "property": "released", "aggregate": "sum"},
            ("aggregate", "sum"),
        ),
        (
            "How many movies were released after 2000?",
            "count_where",
            {"label": "Movie", "property": "released", "op": "<", "threshold": 2000},
            ("op", "<"),
        ),
        (
            # the two hops meet nowhere, and the words speak of flights, not of countries (dev: flights-64)
            "Which airports have direct flights to LHR but not to LGW?",
            "linked_but_not",
            {"entity": "LHR", "rel_type": "ROUTE", "direction": "in", "other": "LGW"}
            | {"second_rel_type": "IN_COUNTRY", "other_direction": "out"},
            ("second_rel_type", "IN_COUNTRY"),
        ),
        (
            # the words speak of flights, a type that fits too and that no other hop of the reply uses
            # (dev: flights-184, -544)
            "List the non-stop destinations of LHR.",
            "neighbours",
            {"entity": "LHR", "rel_type": "IN_COUNTRY", "direction": "out"},
            ("rel_type", "IN_COUNTRY"),
        ),
    ],
)
def test_a_value_the_words_rule_out_is_said_with_the_finding(store, question, task, reply, wrong) -> None:
    # the next round's grammar leaves it out (grraf.pipeline.decision)
    _, findings = check(store, question, task, **reply)
    assert [f.wrong for f in findings if f.hard] == [wrong], texts(findings)


@pytest.mark.parametrize(
    ("question", "task", "reply", "expected"),
    [
        ("How many actors were born before 1940?", "count_among_linked", {"rel_type": "ACTED_IN"}, None),
        ("Which directors were born before 1940?", "filter_among_linked", {"rel_type": "DIRECTED"}, None),
        ("Who of those who wrote a movie was born before 1940?", "filter_among_linked", {"rel_type": "WROTE"}, None),
        # every person: count_where's
        ("How many people were born before 1940?", "count_among_linked", {"rel_type": "ACTED_IN"}, "does not speak"),
        # the role is another relationship's
        ("How many actors were born before 1940?", "count_among_linked", {"rel_type": "DIRECTED"}, ":ACTED_IN"),
        # the number the question states, and the way it compares
        (
            "Which actors were born before 1940?",
            "filter_among_linked",
            {"rel_type": "ACTED_IN", "threshold": 1950},
            "1950",
        ),
        ("How many actors were born after 1940?", "count_among_linked", {"rel_type": "ACTED_IN"}, "compares with '>'"),
    ],
)
def test_a_comparison_among_the_nodes_with_a_relationship(store, question, task, reply, expected) -> None:
    given = {"label": "Person", "property": "born", "op": "<", "threshold": 1940} | reply
    params, findings = check(store, question, task, **given)
    if expected is None:
        assert findings == [], texts(findings)
        assert params["pattern"] == f"(:Person)-[:{reply['rel_type']}]->()" and params["op"] == "<", params
    else:
        assert any(f.hard and expected in f.text for f in findings), texts(findings)


def test_a_number_of_nodes_is_no_value_of_a_property(store) -> None:
    # property batch 28, movies-596: the latest release year was flagged verified
    reply = {"label": "Movie", "property": "released", "aggregate": "max"}
    _, findings = check(store, "What's the largest number of movies that came out in any one year?", **reply,
                        task="aggregate_property")  # fmt: skip
    assert any(f.hard and "counts movies (:Movie nodes)" in f.text for f in findings), texts(findings)
    _, findings = check(store, "What is the latest year a movie came out?", task="aggregate_property", **reply)
    assert not any("counts" in f.text for f in findings), texts(findings)


def test_a_lone_number_of_a_label_is_read_only_when_the_question_speaks_of_it(store) -> None:
    # property batch 32, movies-657: the lowest born of :Person answered a question about group sizes
    reply = {"label": "Person", "property": "born", "aggregate": "min"}
    question = (
        "The people and films fall into groups with no links between them. How many people are in the smallest group?"
    )
    _, findings = check(store, question, "aggregate_property", **reply)
    assert any("does not speak of 'born'" in f.text for f in findings), texts(findings)
    for said in ("In what year was the oldest person born?", "How old is the oldest person?"):
        _, findings = check(store, said, "aggregate_property", **reply)
        assert not any("does not speak of" in f.text for f in findings), (said, texts(findings))


def test_a_ranking_word_is_no_kind_of_node(store) -> None:
    # "the three oldest movies" ranks all of them; "the European airports" would be only some
    reply = {"label": "Movie", "property": "released", "order": "lowest", "limit": 3}
    _, findings = check(store, "Name the three oldest movies.", "top_by_property", **reply)
    assert findings == [], texts(findings)


@pytest.mark.parametrize(
    ("question", "reply", "expected"),
    [
        # "oldest" of a year is its lowest value: the LLM's "highest" (or the default) is said wrong
        ("Who is the oldest person?", {"label": "Person", "property": "born"}, "'oldest' asks for the lowest born"),
        (
            "Which movie is the newest?",
            {"label": "Movie", "property": "released", "order": "lowest"},
            "'newest' asks for the highest released, not the lowest.",
        ),
        # every node of the label takes part: restrictions the words make are not taken
        (
            "Who is the youngest person to have directed a film?",
            {"label": "Person", "property": "born", "order": "highest"},
            "speaks of :DIRECTED ('directed')",
        ),
        (
            "Who is the oldest actor?",
            {"label": "Person", "property": "born", "order": "lowest"},
            "speaks of :ACTED_IN ('actor')",
        ),
        (
            "Which person acted in the most movies?",
            {"label": "Person", "property": "born", "order": "highest"},
            "qualifies movies (:Movie nodes)",
        ),
        (
            "Who is the second oldest person?",
            {"label": "Person", "property": "born", "order": "lowest"},
            "asks for the second one",
        ),
        (
            "Which 3 movies are the oldest?",
            {"label": "Movie", "property": "released", "order": "lowest"},
            "The question states 3",
        ),
        # a value asked for, not a node: aggregate_property's
        (
            "What is the earliest release year of the movies?",
            {"label": "Movie", "property": "released", "order": "lowest"},
            "asks for a value",
        ),
        (
            "Which movies were released before 1990?",
            {"label": "Movie", "property": "released", "order": "lowest"},
            "ranks nothing",
        ),
        ("Which movie is the oldest?", {"label": "Movie", "property": "title"}, "'title' of :Movie does not hold"),
        # a measure, or a property of the node found, is not its name
        ("How old is the oldest person?", {"label": "Person", "property": "born", "order": "lowest"}, "asks how"),
        (
            "What is the born of the oldest person?",
            {"label": "Person", "property": "born", "order": "lowest"},
            "asks for the 'born' of the node found, not for its name.",
        ),
        (
            "Which movie features the oldest actor?",
            {"label": "Movie", "property": "released", "order": "lowest"},
            "qualifies actor (:Person nodes)",
        ),
        ("Who is the oldest person?", {"label": "Movie", "property": "released"}, "asks who, but :Movie nodes"),
    ],
)
def test_the_extreme_node_of_a_label_is_refused_where_the_words_say_otherwise(store, question, reply, expected) -> None:
    _, findings = check(store, question, "top_by_property", **reply)
    assert any(f.hard and expected in f.text for f in findings), texts(findings)


@pytest.mark.parametrize(
    ("question", "reply", "expected"),
    [
        # no word ties the ranking to born: the one number of a :Person is no evidence by itself
        (
            "Who is the most famous person?",
            {"label": "Person", "property": "born", "order": "highest"},
            "does not say which property it ranks by",
        ),
        (
            "Who is the most famous person?",
            {"label": "Person", "property": "born", "order": "highest"},
            "does not say whether the highest or the lowest born",
        ),
        # words that may rank only some of the label's nodes
        (
            "Who is the oldest person in Hollywood?",
            {"label": "Person", "property": "born", "order": "lowest"},
            "may rank only some :Person nodes ('in ...')",
        ),
        (
            "Who is the oldest living person?",
            {"label": "Person", "property": "born", "order": "lowest"},
            "qualifies 'living'",
        ),
        # a word that turns the scale round leaves the end open
        (
            "Which movie is the least recent?",
            {"label": "Movie", "property": "released", "order": "lowest"},
            "does not say whether the highest or the lowest released",
        ),
    ],
)
def test_the_extreme_node_stays_unconfirmed_when_property_or_end_is_open(store, question, reply, expected) -> None:
    _, findings = check(store, question, "top_by_property", **reply)
    assert not [f for f in findings if f.hard], texts(findings)
    assert any(expected in f.text for f in findings), texts(findings)


@pytest.mark.parametrize(
    ("question", "reply"),
    [
        ("Who is older, Tom Hanks or Meg Ryan?", {"property": "born", "order": "lowest"}),
        ("Who is younger, Tom Hanks or Meg Ryan?", {"property": "born", "order": "highest"}),
        ("Who was born first, Tom Hanks or Meg Ryan?", {"property": "born", "order": "lowest"}),
        ("Between Tom Hanks and Meg Ryan, who was born later?", {"property": "born", "order": "highest"}),
    ],
)
def test_which_of_two_named_nodes_is_confirmed_by_a_choice_and_a_word_tied_to_the_property(
    store, question, reply
) -> None:
    params, findings = check(store, question, "compare_entities", entity="Tom Hanks", other="Meg Ryan", **reply)
    assert findings == [], texts(findings)
    assert params["entity_label"] == params["other_label"] == "Person" and params["returns"] == ["name"]


def test_which_came_out_first_is_the_lower_release_year(store) -> None:
    question = "Which came out first, The Matrix or Cast Away?"
    reply = {"entity": "The Matrix", "other": "Cast Away", "property": "released"}
    params, findings = check(store, question, "compare_entities", **reply, order="lowest")
    assert findings == [] and params["order"] == "lowest", texts(findings)
    _, findings = check(store, question, "compare_entities", **reply, order="highest")
    assert texts(findings) == [(True, "'first' asks for the lowest released, not the highest.")]


@pytest.mark.parametrize(
    ("question", "reply", "expected"),
    [
        (
            "Who is older, Tom Hanks or Meg Ryan?",
            {"entity": "Tom Hanks", "other": "Meg Ryan", "property": "born", "order": "highest"},
            "'older' asks for the lowest born, not the highest.",
        ),
        (
            "Which movies did both Tom Hanks and Meg Ryan act in?",
            {"entity": "Tom Hanks", "other": "Meg Ryan", "property": "born", "order": "highest"},
            "compares nothing",
        ),
        (
            "Who acted in more movies, Tom Hanks or Meg Ryan?",
            {"entity": "Tom Hanks", "other": "Meg Ryan", "property": "born", "order": "highest"},
            "qualifies movies",
        ),
        (
            "Who is older, Tom Hanks or The Matrix?",
            {"entity": "Tom Hanks", "other": "The Matrix", "property": "born", "order": "lowest"},
            "compares two of one kind",
        ),
        (
            "Is Tom Hanks older than Meg Ryan?",
            {"entity": "Tom Hanks", "other": "Meg Ryan", "property": "born", "order": "lowest"},
            "asks for a yes or no",
        ),
        (
            "Which came out first, The Matrix or Cast Away?",
            {"entity": "The Matrix", "other": "Cast Away", "property": "born", "order": "lowest"},
            ":Movie nodes have no property 'born'",
        ),
    ],
)
def test_which_of_two_named_nodes_is_refused_where_the_words_say_otherwise(store, question, reply, expected) -> None:
    _, findings = check(store, question, "compare_entities", **reply)
    assert any(f.hard and expected in f.text for f in findings), texts(findings)


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("Who is more famous, Tom Hanks or Meg Ryan?", "does not say which property it ranks by"),
        ("Who is older than Meg Ryan's co-star Tom Hanks?", "as a choice"),
        # the older actor is the older person, but "whose director is older" would not be: left open
        ("Which actor is older, Tom Hanks or Meg Ryan?", "speaks of :ACTED_IN ('actor')"),
    ],
)
def test_which_of_two_named_nodes_stays_unconfirmed_without_evidence(store, question, expected) -> None:
    reply = {"entity": "Tom Hanks", "other": "Meg Ryan", "property": "born", "order": "lowest"}
    _, findings = check(store, question, "compare_entities", **reply)
    assert not [f for f in findings if f.hard], texts(findings)
    assert any(expected in f.text for f in findings), texts(findings)


# ------------------------------------------------------------------ a value most nodes share; a path's total


def test_the_value_most_nodes_share_is_confirmed_and_a_label_asked_for_is_not(store) -> None:
    question = "Which birth year is shared by the most people?"
    params, findings = check(store, question, "most_common_value", label="Person", property="born", order="highest")
    assert not findings and params["property"] == "born", texts(findings)  # "birth" speaks of born
    question = "In which year were the fewest movies released?"
    params, findings = check(store, question, "most_common_value", label="Movie", property="released", order="lowest")
    assert not findings and params["order"] == "lowest", texts(findings)
    # the asked noun is a label: airports per country is a count of relationships (top_by_degree)
    question = "Which country has the most airports?"
    _, findings = check(store, question, "most_common_value", label="Airport", property="city", order="highest")
    assert any(f.hard and "(:Country nodes)" in f.text for f in findings), texts(findings)
    # a role noun counts only some people
    question = "Which birth year is shared by the most actors?"
    _, findings = check(store, question, "most_common_value", label="Person", property="born", order="highest")
    assert any(f.hard and ":ACTED_IN" in f.text for f in findings), texts(findings)
    question = "Which birth year is shared by the most people in London?"
    _, findings = check(store, question, "most_common_value", label="Person", property="born", order="highest")
    assert any(not f.hard and "'in ...'" in f.text for f in findings), texts(findings)
    question = "Which birth year is shared by the most people?"
    _, findings = check(store, question, "most_common_value", label="Person", property="born", order="lowest")
    assert any(f.hard and "highest" in f.text for f in findings), texts(findings)


def test_a_total_along_a_path_is_connection_weight_not_a_count_of_steps(store) -> None:
    question = "What is the shortest total distance in km from Glasgow to Sydney?"
    reply = {"source": "Glasgow", "target": "Sydney"}
    params, findings = check(store, question, "connection_weight", property="distance_km", **reply)
    assert not [f for f in findings if f.hard], texts(findings)
    assert params["path_types"] == ["ROUTE"] and params["path_direction"] == "out"
    assert params["property"] == "distance_km" and not findings, texts(findings)
    for task in ("connection_length", "connection_path"):
        _, findings = check(store, question, task, **reply)
        assert any(f.hard and "'distance_km'" in f.text for f in findings), texts(findings)
    # fewest flights counts steps: no measure spoken of, and connection_weight is not confirmed for it
    question = "What is the fewest number of flights from Glasgow to Sydney?"
    _, findings = check(store, question, "connection_length", **reply)
    assert not [f for f in findings if f.hard], texts(findings)
    _, findings = check(store, question, "connection_weight", property="distance_km", **reply)
    assert findings, texts(findings)
    # a property the relationships of the path do not carry
    _, findings = check(store, question, "connection_weight", property="roles", **reply)
    assert any(f.hard and "'roles' is not a property" in f.text for f in findings), texts(findings)


def test_a_value_no_named_node_holds_is_not_offered_for_an_ask_for_nodes(store) -> None:
    # "Which person acted in the most movies?" ranks like "Which genre has the most books?" by its words
    graph = PropertyGraph.of(store.schema())
    for question in ("Which person acted in the most movies?", "Who directed the most movies?"):
        assert "most_common_value" not in [t.name for t in offered(question, [], graph=graph)], question
    question = "In which year were the most movies released?"
    assert "most_common_value" in [t.name for t in offered(question, [], graph=graph)]


def test_an_extreme_value_is_not_the_value_most_nodes_share(store) -> None:
    # dev movies-107 was confirmed as the maximum of born (aggregate_property) before this reader
    question = "Which birth year is shared by the largest number of people?"
    reply = {"label": "Person", "property": "born", "aggregate": "max"}
    _, findings = check(store, question, "aggregate_property", **reply)
    assert any(f.hard and "'shared by the largest'" in f.text for f in findings), texts(findings)
    reply = {"label": "Person", "rel_type": "ACTED_IN", "order": "highest"}
    _, findings = check(store, question, "top_by_degree", **reply)
    assert any(f.hard and "most_common_value counts them" in f.text for f in findings), texts(findings)
    # the largest number of films is a count of relationships: top_by_degree's, no shared value
    _, findings = check(store, "Who acted in the largest number of movies?", "top_by_degree", **reply)
    assert not [f for f in findings if f.hard], texts(findings)
    reply = {"label": "Person", "property": "born", "order": "highest"}
    _, findings = check(store, "Which is the most common birth year of the people?", "top_by_property", **reply)
    assert any(f.hard and "'most common'" in f.text for f in findings), texts(findings)


def test_a_negated_yes_no_ask_is_not_answered_by_whether_it_holds(store) -> None:
    # batch 7: "Is there no direct flight from Helsinki to Singapore?" answered True, verified
    reply = {"source": "Glasgow", "target": "Sydney", "rel_type": "ROUTE"}
    _, findings = check(store, "Is there no direct flight from Glasgow to Sydney?", "relationship_exists", **reply)
    assert any(f.hard and "does NOT hold ('no')" in f.text for f in findings), texts(findings)
    _, findings = check(store, "Is there a direct flight from Glasgow to Sydney?", "relationship_exists", **reply)
    assert not [f for f in findings if f.hard], texts(findings)


def test_a_yes_no_ask_about_all_the_links_is_not_whether_one_exists(store) -> None:
    # batch 8: "Does Madrid fly non-stop only to airports outside Spain?" answered True, verified
    reply = {"source": "Glasgow", "target": "Sydney", "rel_type": "ROUTE"}
    question = "Does Glasgow fly non-stop only to Sydney?"
    _, findings = check(store, question, "relationship_exists", **reply)
    assert any(f.hard and "holds for all ('only')" in f.text for f in findings), texts(findings)


def test_a_decade_is_not_one_year(store) -> None:
    # batch 8: "How many people were born in the 1960s?" counted born = 1960 (4 of 41), verified
    reply = {"label": "Person", "property": "born", "op": "=", "threshold": 1960}
    _, findings = check(store, "How many people were born in the 1960s?", "count_where", **reply)
    assert any(f.hard and "decade ('1960s')" in f.text for f in findings), texts(findings)
    _, findings = check(store, "How many people were born in 1960?", "count_where", **reply)
    assert not any("decade" in f.text for f in findings), texts(findings)


def test_a_phrase_before_the_ask_does_not_hide_what_it_asks_for(store) -> None:
    # batch 7: "Apart from Tom Hanks, which actor ...?" was answered with a movie, verified
    question = "Apart from Tom Hanks, which actor has been in the most recent movie?"
    reply = {"entity": "Tom Hanks", "rel_type": "ACTED_IN", "property": "released", "order": "highest"}
    _, findings = check(store, question, "top_neighbour_by_property", **reply)
    assert any(f.hard and "gives :Movie nodes" in f.text for f in findings), texts(findings)


def test_the_shortest_connection_counted_in_steps_is_connection_length(store) -> None:
    # "shortest" was no word of connection_length's own, so every such ask was refused as a ranking
    reply = {"source": "Glasgow", "target": "Sydney"}
    question = "How many flights are on the shortest route from Glasgow to Sydney?"
    _, findings = check(store, question, "connection_length", **reply)
    assert findings == [], texts(findings)


def test_a_name_no_node_holds_leaves_the_choice_unconfirmed(store) -> None:
    # A character's name lives on ACTED_IN: the films of Tom Hanks answer another question
    # (movies-196, property batch 9: flagged verified, wrong). One the store's relationships do not
    # hold either may still be one (a typo): the choice runs unconfirmed.
    question = "In which film does Tom Hanks play Forrest Gump?"
    _, findings = check(store, question, "neighbours", entity="Tom Hanks", rel_type="ACTED_IN", direction="out")
    assert any("'Forrest Gump', which no node holds" in f.text and not f.hard for f in findings), texts(findings)
    _, plain = check(store, "In which films does Tom Hanks act?", "neighbours", entity="Tom Hanks", rel_type="ACTED_IN")
    assert not any("no node holds" in f.text for f in plain), texts(plain)


def test_one_node_asked_for_is_not_a_whole_path(store) -> None:
    # flights-211, property batch 9: the route was flagged verified for "Which airport do I change at?"
    question = "I'm flying from Heathrow to Gatwick with exactly one change. Which airport do I change at?"
    _, findings = check(store, question, "connection_path", source="Heathrow", target="Gatwick")
    assert any("asks for one airport" in f.text and f.hard for f in findings), texts(findings)
    _, plural = check(store, "Which airports are on the way from Heathrow to Gatwick?", "connection_path")
    assert not any("asks for one" in f.text for f in plural), texts(plural)


def test_a_path_across_kinds_of_node_is_listed_from_where_the_question_starts(store) -> None:
    # movies-315, property batch 13: listed from the person to the film, flagged verified
    question = "Starting from the film Cast Away, how do I reach Keanu Reeves? List everything along the way."
    _, findings = check(store, question, "connection_path", source="Keanu Reeves", target="Cast Away")
    assert any(f.hard and "swap source and target" in f.text for f in findings), texts(findings)
    _, findings = check(store, question, "connection_path", source="Cast Away", target="Keanu Reeves")
    assert not [f for f in findings if f.hard], texts(findings)
    # a length is the same either way: no swap asked for
    question = "Starting from the film Cast Away, how many steps does it take to reach Keanu Reeves?"
    _, findings = check(store, question, "connection_length", source="Keanu Reeves", target="Cast Away")
    assert not any("swap" in f.text for f in findings), texts(findings)


def test_a_trip_there_and_back_is_not_confirmed_as_one_way(store) -> None:
    # flights-199, property batch 9: the one-way distance was flagged verified for a round trip
    question = "If I fly Heathrow to Gatwick non-stop and then back again, how many km is that in total?"
    _, findings = check(store, question, "relationship_property", source="Heathrow", target="Gatwick")
    assert any("the way back as well" in f.text and not f.hard for f in findings), texts(findings)
    _, one_way = check(store, "How many km is it from Heathrow to Gatwick?", "relationship_property")
    assert not any("way back" in f.text for f in one_way), texts(one_way)


def test_words_for_a_relationship_the_task_does_not_read_leave_it_unconfirmed(store) -> None:
    # movies-199 (property batch 9): three kinds of credit counted as one
    reply = {"entity": "Lana Wachowski", "rel_type": "DIRECTED", "direction": "out"}
    question = "In how many different films is Lana Wachowski credited, whether as director or writer?"
    _, findings = check(store, question, "neighbour_count", **reply)
    assert (False, "The question speaks of 'writer' (WROTE), which neighbour_count does not read.") in texts(findings)
    for plain in ("How many films did Lana Wachowski direct?", "How many films has director Lana Wachowski made?"):
        _, findings = check(store, plain, "neighbour_count", **reply)
        assert not any("speaks of" in f.text for f in findings), (plain, texts(findings))
    # flights-206 (batch 9): "flies to the most countries" ranked by each airport's own country, all tied
    reply = {"label": "Airport", "rel_type": "IN_COUNTRY", "direction": "out"}
    _, findings = check(store, "Which airport flies to the most different countries?", "top_by_degree", **reply)
    assert (False, "The question speaks of 'flies' (ROUTE), which top_by_degree does not read.") in texts(findings)
    # a word naming a label is about its nodes, not the relationship spelt like it
    reply = {"label": "Country", "rel_type": "IN_COUNTRY", "direction": "in"}
    _, findings = check(store, "Which country has the most airports?", "top_by_degree", **reply)
    assert not any("speaks of" in f.text for f in findings), texts(findings)
    # a task over every node of a label reads no relationship: "actors" are not every person
    reply = {"label": "Person", "property": "born", "op": "<", "threshold": 1940}
    _, findings = check(store, "How many actors were born before 1940?", "count_where", **reply)
    assert (False, "The question speaks of 'actors' (ACTED_IN), which count_where does not read.") in texts(findings)
    _, findings = check(store, "How many people were born before 1940?", "count_where", **reply)
    assert not any("speaks of" in f.text for f in findings), texts(findings)


def test_an_ask_about_every_node_of_a_kind_at_once_leaves_the_choice_unconfirmed(store) -> None:
    # flights-210 (property batch 9): "to every airport in X" answered with the neighbours of one
    reply = {"entity": "Sydney", "rel_type": "ROUTE", "direction": "in"}
    question = "Which airports have a non-stop flight to Sydney and to every other airport in Australia?"
    _, findings = check(store, question, "neighbours", **reply)
    assert any(not f.hard and "all of them at once ('to every other airport')" in f.text for f in findings)
    for plain in ("Which airports have a non-stop flight to Sydney at all?", "List every airport flying to Sydney."):
        _, findings = check(store, plain, "neighbours", **reply)
        assert not any("at once" in f.text for f in findings), (plain, texts(findings))


def test_nodes_linked_to_two_named_nodes_over_two_types(store) -> None:
    reply = {"entity": "Sydney", "rel_type": "ROUTE", "direction": "in", "other": "New Zealand"}
    question = "Which airports in New Zealand have flights to Sydney?"
    params, findings = check(store, question, "linked_to_both", **reply, second_rel_type="IN_COUNTRY")
    assert findings == [], texts(findings)
    assert params["pattern"] == "(Sydney)<-[:ROUTE]-(x:Airport) and (New Zealand)<-[:IN_COUNTRY]-(x:Airport)"
    assert params["other_direction"] == "in"
    # the same type and direction from both is common_neighbours
    _, findings = check(
        store, "Which airports fly to both Sydney and Auckland?", "linked_to_both",
        entity="Sydney", rel_type="ROUTE", direction="in", other="Auckland", second_rel_type="ROUTE",
        other_direction="in",
    )  # fmt: skip
    assert any(f.hard and "that is common_neighbours" in f.text for f in findings), texts(findings)
    # a second type that never reaches what the first one does
    _, findings = check(store, question, "linked_to_both", **reply, second_rel_type="ACTED_IN")
    assert any(f.hard for f in findings), texts(findings)
    # one stop between two airports is no trip with the fewest legs (flights-460)
    one_stop = dict(
        entity="Sydney", rel_type="ROUTE", direction="out", other="Auckland", second_rel_type="ROUTE",
        other_direction="in",
    )  # fmt: skip
    fewest = "What's a minimum-flight itinerary from Sydney to Auckland? Give the airport codes."
    _, findings = check(store, fewest, "linked_to_both", **one_stop)
    assert any(f.hard and "'minimum-flight'" in f.text for f in findings), texts(findings)
    _, findings = check(store, "Through which airports can I fly from Sydney to Auckland with one stop?",
                        "linked_to_both", **one_stop)  # fmt: skip
    assert not any("fewest" in f.text for f in findings), texts(findings)


def test_verb_by_name_says_which_relationships_are_the_named_nodes_own(store) -> None:
    # movies-225 (property batch 10): "tom hanks films directed by ron howard?" read as films Tom
    # Hanks directed and Ron Howard acted in
    question = "keanu reeves films directed by lana wachowski?"
    right = {"entity": "Keanu Reeves", "rel_type": "ACTED_IN", "direction": "out", "other": "Lana Wachowski"}
    params, findings = check(store, question, "linked_to_both", **right, second_rel_type="DIRECTED")
    assert not any(f.hard for f in findings), texts(findings)
    swapped = {**right, "rel_type": "DIRECTED"}
    _, findings = check(store, question, "linked_to_both", **swapped, second_rel_type="ACTED_IN")
    hard = [f.text for f in findings if f.hard]
    said = "'directed by lana wachowski' says: use rel_type DIRECTED and direction out for other"
    assert any(said in t for t in hard), hard


def test_name_verb_says_which_relationships_are_the_named_nodes_own(store) -> None:
    # movies-256 (property batch 11): "Which actors, other than himself, has he directed?" answered
    # with the directors of Clint Eastwood's films, flagged verified
    question = "Lana Wachowski works as a director too. Which actors has she directed?"
    right = {"entity": "Lana Wachowski", "rel_type": "DIRECTED", "direction": "out"}
    _, findings = check(store, question, "two_hop_neighbours", **right, second_rel_type="ACTED_IN")
    assert not any(f.hard for f in findings), texts(findings)
    wrong = {**right, "rel_type": "ACTED_IN"}
    _, findings = check(store, question, "two_hop_neighbours", **wrong, second_rel_type="DIRECTED")
    assert any(f.hard and "'she directed' says: use rel_type DIRECTED" in f.text for f in findings), texts(findings)
    # a noun after a title ("The Matrix cast") is no verb the movie does
    _, findings = check(
        store, "Who is the oldest of The Matrix cast?", "neighbours", entity="The Matrix", rel_type="ACTED_IN"
    )
    assert not any("says: use rel_type" in f.text for f in findings), texts(findings)


def test_an_open_ask_for_a_connection_is_not_its_length(store) -> None:
    # movies-267 (property batch 11): "... - shortest connection through the films and people?" got
    # the length, flagged verified
    reply = {"source": "Tom Hanks", "target": "Keanu Reeves"}
    question = "tom hanks to keanu reeves - shortest connection through the films and people?"
    _, findings = check(store, question, "connection_length", **reply)
    assert any(f.hard and f.rules_out and "does not ask for a number" in f.text for f in findings), texts(findings)
    _, findings = check(store, "How many steps is Tom Hanks from Keanu Reeves?", "connection_length", **reply)
    assert not any("does not ask for a number" in f.text for f in findings), texts(findings)


def test_the_most_connected_of_a_named_nodes_neighbours(store) -> None:
    # flights-248 (property batch 11): "Which airport in Oceania offers the largest number of non-stop
    # destinations?" had no task that ranks a named node's neighbours by a count
    reply = {"entity": "New Zealand", "rel_type": "IN_COUNTRY", "direction": "in", "second_rel_type": "ROUTE"}
    question = "Which airport in New Zealand has the most departing flights?"
    params, findings = check(store, question, "top_neighbour_by_degree", **reply)
    assert not any(f.hard for f in findings), texts(findings)
    assert params["second_direction"] == "out" and params["order"] == "highest"
    assert params["pattern"] == "(New Zealand)<-[:IN_COUNTRY]-(x:Airport), by the number of its (x)-[:ROUTE]->()"
    # a measure is not a count
    _, findings = check(
        store, "Which airport in New Zealand has the longest departing flight?", "top_neighbour_by_degree", **reply
    )
    assert any(f.hard and "a measure" in f.text for f in findings), texts(findings)


def test_whether_two_named_nodes_meet_in_a_middle_node(store) -> None:
    reply = {"entity": "Keanu Reeves", "rel_type": "ACTED_IN", "other": "Lana Wachowski", "second_rel_type": "DIRECTED"}
    question = "Has Keanu Reeves ever acted in a film Lana Wachowski directed?"
    params, findings = check(store, question, "linked_through", **reply)
    assert findings == [], texts(findings)
    assert params["pattern"] == "(Keanu Reeves)-[:ACTED_IN]->(x:Movie) and (Lana Wachowski)-[:DIRECTED]->(x:Movie)"
    # the same type both ways is allowed here: "Is there a film both of them acted in?"
    both = {**reply, "second_rel_type": "ACTED_IN", "other": "Tom Hanks"}
    _, findings = check(store, "Is there a film both Keanu Reeves and Tom Hanks acted in?", "linked_through", **both)
    assert not any(f.hard for f in findings), texts(findings)
    # "never" asks the opposite
    _, findings = check(
        store, "Has Keanu Reeves never acted in a film Lana Wachowski directed?", "linked_through", **reply
    )
    assert any(f.hard and "does NOT hold" in f.text for f in findings), texts(findings)


def test_whether_one_named_node_is_older_than_another(store) -> None:
    reply = {"entity": "Tom Hanks", "other": "Meg Ryan", "property": "born", "comparison": "lower"}
    params, findings = check(store, "Is Tom Hanks older than Meg Ryan?", "compare_values", **reply)
    assert findings == [], texts(findings)
    assert params["pattern"] == "the born of (Tom Hanks) is lower than that of (Meg Ryan)"
    # "older" is the lower birth year; the one named first is the one compared
    _, findings = check(
        store, "Is Tom Hanks older than Meg Ryan?", "compare_values", **{**reply, "comparison": "higher"}
    )
    assert (True, "'older' asks whether the born is lower, not higher.") in texts(findings)
    _, findings = check(store, "Is Meg Ryan younger than Tom Hanks?", "compare_values", **reply)
    assert any(f.hard and "swap entity and other" in f.text for f in findings), texts(findings)
    # a year: before, after, the same
    same = {**reply, "comparison": "same"}
    _, findings = check(store, "Were Tom Hanks and Meg Ryan born in the same year?", "compare_values", **same)
    assert findings == [], texts(findings)
    _, findings = check(store, "Was Tom Hanks born before Meg Ryan?", "compare_values", **reply)
    assert findings == [], texts(findings)
    _, findings = check(store, "Was Tom Hanks born after Meg Ryan?", "compare_values", **reply)
    assert (True, "'after' asks whether the born is higher, not lower.") in texts(findings)
    # nothing compared
    _, findings = check(store, "Did Tom Hanks work with Meg Ryan?", "compare_values", **reply)
    assert any(f.hard and "compares nothing" in f.text for f in findings), texts(findings)


def test_the_ask_says_which_way_and_a_count_of_routes_is_not_a_trip(store) -> None:
    # flights-241 (property batch 10): the way out, read from the first sentence, flagged verified
    question = (
        "There is a non-stop from Sydney to Auckland. Is there also a direct flight back, from Auckland to Sydney?"
    )
    reply = {"source": "Sydney", "target": "Auckland", "rel_type": "ROUTE"}
    _, findings = check(store, question, "relationship_exists", **reply)
    assert any(f.hard and "swap source and target" in f.text for f in findings), texts(findings)
    _, findings = check(store, question, "relationship_exists", source="Auckland", target="Sydney", rel_type="ROUTE")
    assert not any("swap" in f.text for f in findings), texts(findings)
    # flights-234 (batch 10): "how many routes link" answered with the length of one connection
    reply = {"source": "Glasgow", "target": "Sydney"}
    _, findings = check(store, "How many routes link Glasgow and Sydney?", "connection_length", **reply)
    assert any(not f.hard and "counts routes" in f.text for f in findings), texts(findings)
    _, findings = check(
        store, "How many flights does it take to get from Glasgow to Sydney?", "connection_length", **reply
    )
    assert not any("counts" in f.text for f in findings), texts(findings)


def test_which_of_two_named_nodes_has_more_relationships(store) -> None:
    # movies-137, movies-248 (seen, moved to dev): "Who has more acting credits here, Gene Hackman or
    # Jack Nicholson?" had no task that compares two named nodes by a count
    reply = {"entity": "Tom Hanks", "other": "Keanu Reeves", "rel_type": "ACTED_IN"}
    question = "Who has more acting credits, Tom Hanks or Keanu Reeves?"
    params, findings = check(store, question, "compare_degrees", **reply)
    assert findings == [], texts(findings)
    assert params["direction"] == "out" and params["order"] == "highest" and params["returns"] == ["name"]
    assert params["pattern"] == "(x)-[:ACTED_IN]->(:Movie)"
    _, findings = check(store, "Who has acted in fewer films, Tom Hanks or Keanu Reeves?", "compare_degrees", **reply)
    assert any(f.hard and "lowest" in f.text for f in findings), texts(findings)  # order left at highest
    # a measure is not a count; two of different kinds are no pair
    _, findings = check(store, "Who is older, Tom Hanks or Keanu Reeves?", "compare_degrees", **reply)
    assert any(f.hard and f.rules_out and "compares no counts" in f.text for f in findings), texts(findings)
    _, findings = check(
        store, "Who has more films, Tom Hanks or The Matrix?", "compare_degrees", **{**reply, "other": "The Matrix"}
    )
    assert any(f.hard and "compares two of one kind" in f.text for f in findings), texts(findings)
    # flights-218 (dev): the two ends of a trip are no pair to compare
    question = "What's the route with the fewest flights from Tom Hanks to Keanu Reeves?"
    _, findings = check(store, question, "compare_degrees", **{**reply, "order": "lowest"})
    assert any(f.hard and f.rules_out and "names a trip" in f.text for f in findings), texts(findings)


def test_whether_a_named_node_has_more_relationships_than_a_second(store) -> None:
    reply = {"entity": "Tom Hanks", "other": "Keanu Reeves", "rel_type": "ACTED_IN", "comparison": "higher"}
    params, findings = check(
        store, "Has Tom Hanks acted in more films than Keanu Reeves?", "compare_degree_values", **reply
    )
    assert findings == [], texts(findings)
    assert (
        params["pattern"] == "(Tom Hanks)-[:ACTED_IN]->(:Movie) counts more than (Keanu Reeves)-[:ACTED_IN]->(:Movie)"
    )
    question = "Has Tom Hanks acted in fewer films than Keanu Reeves?"
    _, findings = check(store, question, "compare_degree_values", **reply)
    assert any(f.hard and "lower, not higher" in f.text for f in findings), texts(findings)
    # the node named first is the one compared
    swapped = {**reply, "entity": "Keanu Reeves", "other": "Tom Hanks"}
    _, findings = check(
        store, "Has Tom Hanks acted in more films than Keanu Reeves?", "compare_degree_values", **swapped
    )
    assert any(f.hard and "swap entity and other" in f.text for f in findings), texts(findings)
    same = {**reply, "comparison": "same"}
    question = "Have Tom Hanks and Keanu Reeves acted in the same number of films?"
    _, findings = check(store, question, "compare_degree_values", **same)
    assert not any(f.hard for f in findings), texts(findings)


def test_a_name_and_its_code_in_brackets_are_one_node_named_twice(store) -> None:
    # flights-66 (seen, moved to dev): "Narita (NRT) or Haneda (HND)" named four things for two airports
    from grraf.pipeline.property_plan import _appositions
    from grraf.types import Entity

    a, b = Entity("Narita", "Airport", "name", "Narita Airport", 90.0), Entity("NRT", "Airport", "code", "NRT", 100.0)
    film = Entity("NRT", "Movie", "title", "NRT", 100.0)
    assert _appositions("Narita (NRT) or Haneda?", [a, b]) == {"NRT": "Narita", "Narita": "NRT"}
    assert _appositions("Narita (NRT) or Haneda?", [a, film]) == {}  # not one kind of node
    assert _appositions("Narita or NRT?", [a, b]) == {}


def test_whether_every_node_linked_to_a_named_node_passes(store) -> None:
    # movies-214, flights-213, movies-264 (seen, moved to dev): "Was every actor in Stand By Me born
    # after 1965?" had no task that asks a comparison of each one
    reply = {"entity": "The Matrix", "rel_type": "ACTED_IN", "property": "born", "op": ">", "threshold": 1960}
    question = "Was every actor in The Matrix born after 1960?"
    params, findings = check(store, question, "all_neighbours_where", **reply)
    assert findings == [], texts(findings)
    assert (
        params["direction"] == "in"
        and params["on"] == "b"
        and params["pattern"] == "(The Matrix)<-[:ACTED_IN]-(x:Person)"
    )
    # whether one of them does is another question; so is whether none does
    _, findings = check(store, "Was any actor in The Matrix born after 1960?", "all_neighbours_where", **reply)
    assert any(f.hard and f.rules_out and "all of them pass" in f.text for f in findings), texts(findings)
    _, findings = check(store, "Was no actor in The Matrix born after 1960?", "all_neighbours_where", **reply)
    assert any(f.hard and "does NOT hold" in f.text for f in findings), texts(findings)
    # the number is the question's own
    _, findings = check(store, question, "all_neighbours_where", **{**reply, "threshold": 1970})
    assert any(f.hard and "not a number the question states" in f.text for f in findings), texts(findings)
    # and "every" no longer refuses this yes/no task as it does the ones that ask whether one exists
    _, findings = check(
        store,
        "Did Tom Hanks act in every film?",
        "relationship_exists",
        source="Tom Hanks",
        target="The Matrix",
        rel_type="ACTED_IN",
    )
    assert any(f.hard and "holds for all" in f.text for f in findings), texts(findings)


def test_readers_after_property_batch_12(store) -> None:
    # movies-271: "What has James McTeigue directed?" got the number of his films, flagged verified
    reply = {"entity": "Tom Hanks", "rel_type": "ACTED_IN", "direction": "out"}
    _, findings = check(store, "What has Tom Hanks acted in?", "neighbour_count", **reply)
    assert any(f.hard and f.rules_out and "does not ask how many" in f.text for f in findings), texts(findings)
    _, findings = check(store, "How many films has Tom Hanks acted in?", "neighbour_count", **reply)
    assert not any(f.hard for f in findings), texts(findings)
    # movies-284: "Leaving himself out, how many different directors has Tom Hanks acted for?" counted him
    reply = {
        "entity": "Tom Hanks",
        "rel_type": "ACTED_IN",
        "direction": "out",
        "second_rel_type": "DIRECTED",
        "second_direction": "in",
    }
    question = "Leaving himself out, how many different directors has Tom Hanks acted for?"
    _, findings = check(store, question, "two_hop_count", **reply)
    assert any(f.hard and "leaves the named node out" in f.text for f in findings), texts(findings)
    _, findings = check(store, "How many different directors has Tom Hanks acted for?", "two_hop_count", **reply)
    assert not any("leaves the named node out" in f.text for f in findings), texts(findings)


def test_a_part_of_a_longer_capitalised_name_does_not_confirm() -> None:
    # movies-270: "Who plays Racer X?" resolved "Racer" to the film Speed Racer, flagged verified
    from grraf.pipeline.property_plan import _longer_name
    from grraf.types import Entity

    assert _longer_name("Who plays Racer X?", Entity("Racer", "Movie", "title", "Speed Racer", 89.0)) == "Racer X"
    assert (
        _longer_name(
            "Who acted in Matrix Reloaded?", Entity("Matrix Reloaded", "Movie", "title", "The Matrix Reloaded", 95.0)
        )
        is None
    )
    assert _longer_name("Did Keanu Reves act?", Entity("Keanu Reves", "Person", "name", "Keanu Reeves", 90.0)) is None


def test_a_count_of_a_list_property_or_a_compass_filter_is_not_left_out(store) -> None:
    # movies-327, property batch 14: the size of the cast was flagged verified for a count of characters
    question = "If you add up all the characters played by the Cast Away cast, how many are there?"
    _, findings = check(store, question, "neighbour_count", entity="Cast Away", rel_type="ACTED_IN")
    assert any(f.hard and "'roles' ('characters')" in f.text for f in findings), texts(findings)
    # a role spoken of but not counted asks for the cast
    _, findings = check(store, "Who had a role in Cast Away?", "neighbours", entity="Cast Away", rel_type="ACTED_IN")
    assert not any("'roles'" in f.text for f in findings), texts(findings)
    # flights-334, property batch 14: every destination was flagged verified for those south of the equator
    question = "Which of Glasgow's non-stop destinations are south of the equator?"
    _, findings = check(store, question, "neighbours", entity="Glasgow", rel_type="ROUTE", direction="out")
    assert any(f.hard and "'latitude'" in f.text for f in findings), texts(findings)


def test_the_other_meanings_are_listed_in_one_order_whatever_the_hash_seed(store) -> None:
    # The finding goes back to the LLM: listed from a set, its order changed with PYTHONHASHSEED, so
    # the same question got a different prompt from one run to the next.
    _, findings = check(
        store,
        "Is Keanu Reeves linked to The Matrix?",
        "relationship_exists",
        source="Keanu Reeves",
        target="The Matrix",
        rel_type="DIRECTED",
    )
    meant = [f.text for f in findings if "it may mean" in f.text]
    assert meant and meant[0].endswith("it may mean ACTED_IN, WROTE."), texts(findings)


# ------------------------------------------------------------------ names kept on relationships (roles)


def test_a_name_kept_on_relationships_is_resolved_and_offered_its_own_task(store) -> None:
    entities = find_entities("Who played Neo in The Matrix?", store)
    assert [(e.value, e.label, e.on_relationship) for e in entities] == [
        ("The Matrix", "Movie", False),
        ("Neo", "ACTED_IN", True),
    ]
    assert "with roles holding 'Neo'" in facts(PropertyGraph.of(store.schema()), entities, store.schema())
    graph = PropertyGraph.of(store.schema())
    assert "by_relationship_value" in [t.name for t in offered("Who played Neo in The Matrix?", entities, 8, graph)]
    # without such a name it is never offered; a lower-case word is not looked up as one
    plain = find_entities("Who acted in The Matrix?", store)
    assert "by_relationship_value" not in [t.name for t in offered("Who acted in The Matrix?", plain, 40, graph)]
    assert not any(e.on_relationship for e in find_entities("who played neo in The Matrix?", store))


@pytest.mark.parametrize(
    ("question", "reply", "expected"),
    [
        ("Who played Neo?", {"value": "Neo", "label": "Person"}, None),
        ("Who played Neo in The Matrix?", {"value": "Neo", "label": "Person", "entity": "The Matrix"}, None),
        (
            "In which film does Tom Hanks play Chuck Noland?",
            {"value": "Chuck Noland", "label": "Movie", "entity": "Tom Hanks"},
            None,
        ),
        # the named film must be used, the answer must be of the asked kind, the name must be one the question gives
        ("Who played Neo in The Matrix?", {"value": "Neo", "label": "Person"}, "also names 'The Matrix'"),
        ("Who played Neo?", {"value": "Neo", "label": "Movie"}, "asks for people"),
        (
            "Who played Neo?",
            {"value": "Trinity", "label": "Person"},
            "value='Trinity' is not a name the question gives",
        ),
        ("Who played Neo?", {"value": "Neo", "label": "Airport"}, ":ACTED_IN does not connect :Airport"),
        ("Who played Neo in The Matrix?", {"value": "Neo", "label": "Person", "entity": "Glasgow"}, "is not a name"),
    ],
)
def test_a_name_kept_on_relationships_is_checked_like_a_named_node(store, question, reply, expected) -> None:
    params, findings = check(store, question, "by_relationship_value", **reply)
    if expected is None:
        assert findings == [], texts(findings)
        assert params["rel_type"] == "ACTED_IN" and params["property"] == "roles" and params["value"] == reply["value"]
    else:
        assert any(f.hard and expected in f.text for f in findings), texts(findings)


def test_a_task_that_reads_only_nodes_is_ruled_out_beside_a_role(store) -> None:
    # The role is found on ACTED_IN: the cast of The Matrix answers another question than who played
    # Neo, whatever the parameters, so the task is not offered again.
    _, findings = check(store, "Who played Neo in The Matrix?", "neighbours", entity="The Matrix", rel_type="ACTED_IN")
    assert any(f.hard and f.rules_out and "'Neo' is ()-[:ACTED_IN]-()" in f.text for f in findings), texts(findings)


def test_a_property_kept_as_one_string_is_left_to_written_cypher_on_ladybug() -> None:
    # ladybug types its columns and the template reads a list; Neo4j's reads either
    from grraf.types import LabelInfo, PropertyInfo

    store = PropertyStore({})
    schema = store.schema()
    rels = tuple(
        LabelInfo(r.name, 1, (PropertyInfo("roles", "STRING"),)) if r.name == "ACTED_IN" else r
        for r in schema.relationships
    )
    store._schema = dataclasses.replace(schema, relationships=rels)
    _, findings = check(store, "Who played Neo?", "by_relationship_value", value="Neo", label="Person")
    assert any(f.hard and "reads lists on ladybug" in f.text for f in findings), texts(findings)
    neo4j = PropertyStore({}, dialect="neo4j")
    neo4j._schema = store._schema
    _, findings = check(neo4j, "Who played Neo?", "by_relationship_value", value="Neo", label="Person")
    assert findings == [], texts(findings)


# ------------------------------------------------------------------ readers after property batch 14


def test_a_distance_word_speaks_of_the_distance_a_ranking_task_ranks(store) -> None:
    # "the farthest destination" ranks by distance_km (not latitude); an aggregate of it is a number,
    # which a destination is not, so there the word confirms nothing.
    question = "What's the farthest destination you can fly to non-stop from Glasgow?"
    hop = {"entity": "Glasgow", "rel_type": "ROUTE", "direction": "out", "property": "distance_km"}
    _, findings = check(store, question, "top_neighbour_by_property", **hop, order="highest")
    assert findings == [], texts(findings)
    _, findings = check(store, question, "neighbour_aggregate", **hop, aggregate="max")
    assert any("does not speak of 'distance_km'" in f.text for f in findings), texts(findings)
    _, findings = check(store, "Which airport is the furthest north?", "top_by_property", label="Airport",
                        property="latitude", order="highest")  # fmt: skip
    assert findings == [], texts(findings)


def test_an_answer_asked_for_by_a_property_of_its_nodes_is_named_by_it(store) -> None:
    question = "The longest non-stop out of Glasgow lands in which city?"
    hop = {"entity": "Glasgow", "rel_type": "ROUTE", "direction": "out", "property": "distance_km", "order": "highest"}
    _, findings = check(store, question, "top_neighbour_by_property", **hop)
    assert any(f.hard and "set returns='city'" in f.text for f in findings), texts(findings)
    params, findings = check(store, question, "top_neighbour_by_property", **hop, returns="city")
    assert findings == [] and params["returns"] == ["city"], texts(findings)


@pytest.mark.parametrize(
    ("question", "shares"),
    [
        ("Where does Glasgow fly non-stop?", False),
        ("Which airports fly to the same places as Glasgow?", True),
        ("Who has acted alongside Tom Hanks?", True),
        ("Apart from The Matrix itself, which movies have members of its cast been in?", True),
    ],
)
def test_the_nodes_sharing_a_neighbour_are_asked_for_in_words_of_sharing(store, question, shares) -> None:
    entity = "Glasgow" if "Glasgow" in question else "Tom Hanks" if "Hanks" in question else "The Matrix"
    rel = "ROUTE" if entity == "Glasgow" else "ACTED_IN"
    _, findings = check(
        store,
        question,
        "co_neighbours",
        entity=entity,
        rel_type=rel,
        direction="out" if entity != "The Matrix" else "in",
    )
    assert any("says nothing of sharing" in f.text for f in findings) != shares, texts(findings)


def test_where_a_named_airport_flies_and_where_the_asker_is_based_go_out(store) -> None:
    for question in ("Where does Glasgow fly non-stop?", "I'm based in Glasgow. Where can I fly non-stop?"):
        _, findings = check(store, question, "neighbours", entity="Glasgow", rel_type="ROUTE")
        assert findings == [], (question, texts(findings))


def test_a_second_step_the_words_never_speak_of_is_refused_naming_the_one_step_task(store) -> None:
    # "acted" speaks of :ACTED_IN and nothing of :DIRECTED: the films Tom Hanks acted in are one step
    films = {"entity": "Tom Hanks", "rel_type": "ACTED_IN", "second_rel_type": "DIRECTED", "second_direction": "in"}
    _, found = check(store, "Which movies has Tom Hanks acted in?", "two_hop_neighbours", **films)
    assert (
        True,
        "The question speaks of :ACTED_IN ('acted') and not of :DIRECTED; one step over :ACTED_IN is "
        "neighbours, not two steps.",
    ) in texts(found)
    _, counted = check(store, "In how many movies has Tom Hanks acted?", "two_hop_count", **films)
    assert any("is neighbour_count, not two steps" in text for _, text in texts(counted))
    # both steps spoken of: the directors of the films he acted in are two steps away
    _, both = check(store, "Who directed the movies Tom Hanks acted in?", "two_hop_neighbours", **films)
    assert not any("not two steps" in text for _, text in texts(both))
    # the asked noun speaks of the second step ("countries" for :IN_COUNTRY)
    route = {"entity": "Glasgow", "rel_type": "ROUTE", "direction": "out", "second_rel_type": "IN_COUNTRY"}
    _, countries = check(store, "Which countries can you fly to from Glasgow?", "two_hop_neighbours", **route)
    assert not any("not two steps" in text for _, text in texts(countries))
    _, places = check(store, "Where can you fly non-stop from Glasgow?", "two_hop_neighbours", **route)
    assert any("one step over :ROUTE is neighbours" in text for _, text in texts(places))


@pytest.mark.parametrize(
    ("question", "reply", "finding"),
    [
        ("How many years older is Tom Hanks than Meg Ryan?", {"property": "born"}, None),
        ("By how many years is Tom Hanks younger than Meg Ryan?", {"property": "born"}, None),
        ("How many years after The Matrix did Cast Away come out?", {"property": "released"}, None),
        ("How old was Tom Hanks when Cast Away came out?", {"property": "born", "other_property": "released"}, None),
        ("How much further north is LHR than SYD?", {"property": "latitude"}, None),
        # the answer would be a difference of two years, asked as a yes or no
        ("Is Tom Hanks older than Meg Ryan?", {"property": "born"}, "asks for no difference"),
        # a count of steps is no property: a year picked for it gives a confident wrong number
        ("How many steps separate Tom Hanks from Keanu Reeves?", {"property": "born"}, "does not say it reads 'born'"),
        ("How many years after The Matrix did Cast Away come out?", {"property": "name"}, "is no number of :Movie"),
    ],
)
def test_a_difference_reads_a_property_the_words_give_for_each_node(store, question, reply, finding) -> None:
    names = [e.value for e in find_entities(question, store, store.schema()) if not e.on_relationship]
    first, second = sorted(names, key=question.find)
    params, findings = check(store, question, "value_difference", entity=first, other=second, **reply)
    hard = [f.text for f in findings if f.hard]
    if finding is None:
        assert findings == [] and params["other_property"] == reply.get("other_property", reply["property"])
    else:
        assert any(finding in text for text in hard), texts(findings)


def test_a_difference_is_not_a_comparison_asked_yes_or_no(store) -> None:
    reply = {"entity": "Tom Hanks", "other": "Meg Ryan", "property": "born", "comparison": "lower"}
    _, findings = check(store, "How many years older is Tom Hanks than Meg Ryan?", "compare_values", **reply)
    assert any(f.hard for f in findings), texts(findings)


@pytest.mark.parametrize(
    "question",
    [
        "Tom Hanks or Meg Ryan - which one is younger?",
        "Of Tom Hanks and Meg Ryan, the younger one is who?",
    ],
)
def test_one_standing_for_a_named_node_is_no_number(store, question) -> None:
    # "Matt Damon or Ben Affleck - which one is younger?" read "one" as the number 1, which
    # compare_entities does not take: a hard finding that dropped the right choice (property batch 16)
    reply = {"entity": "Tom Hanks", "other": "Meg Ryan", "property": "born", "order": "highest"}
    _, findings = check(store, question, "compare_entities", **reply)
    assert not any("states 1" in f.text for f in findings), texts(findings)
    assert not [f for f in findings if f.hard], texts(findings)


def test_one_after_a_quantity_word_is_still_a_number(store) -> None:
    _, findings = check(
        store, "Who directed more than one movie?", "neighbours", entity="The Matrix", rel_type="DIRECTED"
    )
    assert any("states 1" in f.text for f in findings), texts(findings)


def test_a_count_of_every_node_is_not_confirmed_for_a_question_about_a_relationship(store) -> None:
    # "For how many of the movies is no screenwriter credited?" counted every movie, flagged verified
    # (property batch 17, movies-397): "screenwriter" speaks of WROTE
    _, findings = check(store, "For how many of the movies is no screenwriter credited?", "count_label", label="Movie")
    assert any("WROTE" in f.text for f in findings), texts(findings)


def test_the_ends_of_a_trip_are_no_pair_that_shares_neighbours(store) -> None:
    # property batch 17, flights-411: the airports both ends fly to, flagged verified for a route
    question = "I need to get from Glasgow to Sydney on as few flights as possible. Which airports would I fly through?"
    reply = {"entity": "Glasgow", "other": "Sydney", "rel_type": "ROUTE", "direction": "out"}
    _, findings = check(store, question, "common_neighbours", **reply)
    assert any("names a trip" in f.text and f.hard for f in findings), texts(findings)


# Property batch 18's five wrong verified answers, each now a finding (names from the fake store).
def test_a_count_of_a_label_is_not_one_value_of_the_named_node(store) -> None:
    question = "Not counting Tom Hanks himself, how many people in the database share his birth year?"
    _, found = check(store, question, "entity_property", entity="Tom Hanks", property="born")
    assert any(f.hard and "counts people" in f.text for f in found), found


def test_a_weight_on_relationships_that_never_touch_the_ends_is_refused(store) -> None:
    question = "What's the shortest-path distance, in steps, between Tom Hanks and Meg Ryan?"
    reply = {"source": "Tom Hanks", "target": "Meg Ryan", "property": "distance_km"}
    _, found = check(store, question, "connection_weight", **reply)
    assert any(f.hard and "does not touch :Person" in f.text for f in found), found


def test_a_route_needs_its_two_ends_named_as_such(store) -> None:
    question = "Glasgow's non-stops that leave the United Kingdom - which airports do they go to?"
    _, found = check(store, question, "connection_path", source="Glasgow", target="United Kingdom")
    assert any(not f.hard and "two ends of a route" in f.text for f in found), found
    _, found = check(store, "How is Glasgow linked to the United Kingdom?", "connection_path", source="Glasgow",
                     target="United Kingdom")  # fmt: skip
    assert not any("two ends" in f.text for f in found), found


def test_compass_words_compare(store) -> None:
    question = "Which airports lie south of 20 degrees north?"
    _, found = check(store, question, "filter_nodes", label="Airport", property="latitude", op="=", threshold=20)
    assert any(f.hard and "compares with '<'" in f.text for f in found), found


def test_a_relationship_said_of_one_name_is_not_said_of_the_other(store) -> None:
    question = "How many Tom Hanks movies were directed by Lana Wachowski?"
    reply = {"entity": "Tom Hanks", "rel_type": "DIRECTED", "other": "Lana Wachowski"}
    _, found = check(store, question, "common_neighbour_count", **reply)
    assert any("not that 'Tom Hanks' has" in f.text for f in found), found
    both = "How many movies were directed by both Lana Wachowski and Tom Hanks?"
    _, found = check(store, both, "common_neighbour_count", **reply)
    assert not any("not that" in f.text for f in found), found


# ------------------------------------------------------------------ two relationships of one named node


def test_two_relationships_of_a_named_node_are_compared_on_a_number_they_carry(store) -> None:
    # property batches 4 to 18: "From Heathrow, which is the longer non-stop, ...?" had no task (dev now)
    reply = {
        "entity": "Glasgow Airport",
        "rel_type": "ROUTE",
        "other": "SYD",
        "third": "AKL",
        "property": "distance_km",
    }
    question = "From Glasgow Airport, which is the longer flight: the one to SYD or the one to AKL?"
    parameters, findings = check(store, question, "compare_relationships", order="highest", **reply)
    assert findings == [], texts(findings)
    assert parameters["direction"] == "out" and parameters["third_key"] == "code" and parameters["order"] == "highest"
    _, findings = check(store, question, "compare_relationships", order="lowest", **reply)
    assert any(f.hard and "'longer' asks for the highest distance_km" in f.text for f in findings), texts(findings)
    # the far ends must be where the relationships lead, and the number must be the relationships' own
    _, findings = check(store, question, "compare_relationships", **{**reply, "rel_type": "IN_COUNTRY"})
    assert any(f.hard for f in findings), texts(findings)
    _, findings = check(store, question, "compare_relationships", **{**reply, "property": "latitude"})
    assert any(f.hard and "compares a number kept on the :ROUTE relationships" in f.text for f in findings)
    _, findings = check(store, question, "compare_relationships", **{**reply, "third": "SYD"})
    assert any(f.hard and "three different nodes" in f.text for f in findings), texts(findings)


def test_whether_one_relationship_is_longer_reads_the_comparison_and_which_comes_first(store) -> None:
    reply = {
        "entity": "Auckland",
        "rel_type": "ROUTE",
        "other": "Glasgow",
        "third": "London",
        "property": "distance_km",
    }
    question = "Is the flight from Glasgow to Auckland longer than the one from London to Auckland?"
    parameters, findings = check(store, question, "compare_relationship_values", comparison="higher", **reply)
    assert findings == [], texts(findings)  # "than the one from" is no number 1
    assert parameters["direction"] == "in" and parameters["comparison"] == "higher"
    _, findings = check(store, question, "compare_relationship_values", comparison="lower", **reply)
    assert any(f.hard and "'longer' asks whether the distance_km is higher" in f.text for f in findings)
    swapped = {**reply, "other": "London", "third": "Glasgow"}
    _, findings = check(store, question, "compare_relationship_values", comparison="higher", **swapped)
    assert any(f.hard and "swap other and third" in f.text for f in findings), texts(findings)
    twice = "Is the flight from Glasgow to Auckland longer than the one from London to Auckland?"
    shared_as_other = {**reply, "entity": "Glasgow", "other": "Auckland", "direction": "out"}
    _, findings = check(store, twice, "compare_relationship_values", comparison="higher", **shared_as_other)
    assert any(f.hard and "'Auckland' is named with both relationships" in f.text for f in findings)
    plain = "Are there flights to Auckland from Glasgow and from London?"
    _, findings = check(store, plain, "compare_relationship_values", comparison="higher", direction="in", **reply)
    assert any(f.hard and "compares nothing" in f.text for f in findings), texts(findings)


def test_a_relationship_compared_is_offered_only_to_a_question_with_three_names(store) -> None:
    def names(question: str) -> list[str]:
        return [t.name for t in offered(question, find_entities(question, store))]

    assert "compare_relationship_values" in names("From Glasgow, is the flight to London shorter than to Sydney?")
    assert "compare_relationships" in names("From Glasgow, which flight is shorter, to London or to Sydney?")
    assert "compare_relationships" not in names("Which is further north, Glasgow or Sydney?")


# ------------------------------------------------------------------ every node of one relationship, over another


def test_whether_every_node_over_one_type_is_over_another_reads_which_side_every_is_about(store) -> None:
    # movies-239, -358, -385, -432 (dev now): "Did Christopher Nolan write all of the movies he directed?"
    # had no task; the words after "all" name the side quantified
    question = "Did Lana Wachowski write all of the movies she directed?"
    reply = {"entity": "Lana Wachowski", "rel_type": "DIRECTED", "second_rel_type": "WROTE"}
    parameters, findings = check(store, question, "all_linked_through", **reply)
    assert findings == [], texts(findings)
    assert parameters["other"] == "Lana Wachowski" and parameters["other_direction"] == "out"
    swapped = {**reply, "rel_type": "WROTE", "second_rel_type": "DIRECTED"}
    _, findings = check(store, question, "all_linked_through", **swapped)
    assert any(f.hard and "swap rel_type and second_rel_type" in f.text for f in findings), texts(findings)
    _, findings = check(store, question, "all_linked_through", **{**reply, "second_rel_type": "DIRECTED"})
    assert any(f.hard and "the same way" in f.text for f in findings), texts(findings)
    _, findings = check(store, "Did Lana Wachowski write a movie she directed?", "all_linked_through", **reply)
    assert any(f.hard and f.rules_out and "every one" in f.text for f in findings), texts(findings)


def test_every_node_of_one_named_node_over_a_second_named_node(store) -> None:
    question = "Was every film directed by Lana Wachowski written by Tom Hanks?"
    reply = {"entity": "Lana Wachowski", "rel_type": "DIRECTED", "other": "Tom Hanks", "second_rel_type": "WROTE"}
    _, findings = check(store, question, "all_linked_through", **reply)
    assert findings == [], texts(findings)
    swapped = {**reply, "entity": "Tom Hanks", "other": "Lana Wachowski", "rel_type": "WROTE"}
    swapped["second_rel_type"] = "DIRECTED"
    _, findings = check(store, question, "all_linked_through", **swapped)
    assert any(f.hard and "swap" in f.text for f in findings), texts(findings)


def test_a_weighted_connection_is_no_answer_to_which_airport_it_changes_at(store) -> None:
    # flights-442 (property batch 19, dev now): the distance, flagged verified
    reply = {"source": "Glasgow", "target": "Sydney", "property": "distance_km"}
    question = "Glasgow to Sydney covering the least distance overall - which airport is the connection?"
    _, findings = check(store, question, "connection_weight", **reply)
    assert any(f.hard and "asks for airport (:Airport nodes)" in f.text for f in findings), texts(findings)
    _, findings = check(
        store, "Glasgow to Sydney covering the least distance overall: how far?", "connection_weight", **reply
    )
    assert not any("asks for" in f.text for f in findings), texts(findings)


def test_an_imperative_ask_holds_its_qualifier_against_every_node_of_the_label(store) -> None:
    # flights-452 (property batch 19, dev now): every airport below the latitude, flagged verified
    reply = {"label": "Airport", "property": "latitude", "op": "<", "threshold": 42}
    _, findings = check(store, "List the Asian airports whose latitude is under 30.", "filter_nodes", **reply)
    assert any(f.hard and "only about asian airports" in f.text for f in findings), texts(findings)
    _, findings = check(store, "List the airports whose latitude is under 30.", "filter_nodes", **reply)
    assert not any("only about" in f.text for f in findings), texts(findings)


def test_an_aggregate_is_no_answer_to_which_film_is_the_latest(store) -> None:
    # movies-438 (property batch 19, dev now): the largest year, flagged verified
    reply = {"entity": "Lana Wachowski", "rel_type": "DIRECTED", "property": "released", "aggregate": "max"}
    question = "What is the newest movie Lana Wachowski directed?"
    _, findings = check(store, question, "neighbour_aggregate", **reply)
    assert any(f.hard and f.rules_out and "which :Movie node" in f.text for f in findings), texts(findings)
    question = "What is the latest release year of the movies Lana Wachowski directed?"
    _, findings = check(store, question, "neighbour_aggregate", **reply)
    assert not any("which :Movie node" in f.text for f in findings), texts(findings)


def test_a_count_asked_in_the_sentence_before_is_held_to_its_noun(store) -> None:
    # movies-444 (property batch 19, dev now): "How many are there?" after "Count the ... cast
    # members": his films were counted, flagged verified
    reply = {"entity": "Tom Hanks", "rel_type": "ACTED_IN", "direction": "out"}
    question = "Count the different fellow actors Tom Hanks has had. How many are there?"
    _, findings = check(store, question, "neighbour_count", **reply)
    assert any(f.hard and "asks for :Person nodes" in f.text for f in findings), texts(findings)


def test_either_of_two_names_is_not_the_nodes_both_share(store) -> None:
    # movies-445 (property batch 19, dev now): the films of both, flagged verified
    reply = {"entity": "Tom Hanks", "rel_type": "ACTED_IN", "direction": "out", "other": "Meg Ryan"}
    for question in (
        "How many movies feature Tom Hanks, Meg Ryan, or both?",
        "How many movies feature either Tom Hanks or Meg Ryan?",
        "Which movies have Tom Hanks and/or Meg Ryan in them?",
    ):
        task = "common_neighbours" if question.startswith("Which") else "common_neighbour_count"
        _, findings = check(store, question, task, **reply)
        refused = any(f.hard and f.rules_out and "either named node" in f.text for f in findings)
        assert refused, (question, texts(findings))
    both = "How many movies feature both Tom Hanks and Meg Ryan?"
    _, findings = check(store, both, "common_neighbour_count", **reply)
    assert not any("either" in f.text for f in findings), texts(findings)


def test_a_list_or_count_task_cannot_leave_out_what_does_not_hold(store) -> None:
    # movies-452 (property batch 19, dev now): "... actors he never appeared with. Who are they?"
    # got every actor of his films, flagged verified
    reply = {"entity": "Lana Wachowski", "rel_type": "DIRECTED", "direction": "out", "second_rel_type": "ACTED_IN"}
    question = "Lana Wachowski directed some actors she never acted beside. Who are they?"
    _, findings = check(store, question, "two_hop_neighbours", **reply)
    assert any(f.hard and f.rules_out and "does NOT hold ('never')" in f.text for f in findings), texts(findings)
    # a negating word that says how ("without a stop") or bounds a number negates nothing asked
    reply = {"entity": "LHR", "rel_type": "ROUTE", "direction": "out"}
    for question in (
        "Where can I fly from LHR without a stop?",
        "Where can I fly from LHR with no more than one flight?",
    ):
        _, findings = check(store, question, "neighbours", **reply)
        assert not any("NOT hold" in f.text for f in findings), (question, texts(findings))


def test_years_that_separate_two_values_are_a_difference(store) -> None:
    # movies-442 (property batch 19, dev now): the right choice was refused as no difference
    reply = {"entity": "The Matrix", "other": "Cast Away", "property": "released"}
    question = "How many years separate the release of The Matrix from the release of Cast Away?"
    _, findings = check(store, question, "value_difference", **reply)
    assert not any("no difference" in f.text for f in findings), texts(findings)
    _, findings = check(store, "When were The Matrix and Cast Away released?", "value_difference", **reply)
    assert any(f.hard and "no difference" in f.text for f in findings), texts(findings)


def test_without_a_stop_is_no_negation_of_a_yes_no_ask(store) -> None:
    # flights-455 (property batch 19, dev now): the right choice was refused as a negated question
    reply = {"source": "LHR", "target": "SYD", "rel_type": "ROUTE"}
    _, findings = check(store, "Can I fly from LHR to SYD without a stop?", "relationship_exists", **reply)
    assert not any("NOT hold" in f.text for f in findings), texts(findings)
    _, findings = check(store, "Is there no flight from LHR to SYD?", "relationship_exists", **reply)
    assert any(f.hard and "NOT hold" in f.text for f in findings), texts(findings)


def test_how_few_steps_asks_for_a_number_not_the_route(store) -> None:
    # movies-467, flights-468 (property batch 20, dev now): the route, flagged verified
    reply = {"source": "LHR", "target": "SYD"}
    for question in (
        "How few flights does it take to get from LHR to SYD?",
        "What's the fewest flights I can take from LHR to SYD?",
    ):
        _, findings = check(store, question, "connection_path", **reply)
        assert any(f.hard and "asks for a number" in f.text for f in findings), (question, texts(findings))
    _, findings = check(store, "What's the fewest-flights route from LHR to SYD?", "connection_path", **reply)
    assert not any("asks for a number" in f.text for f in findings), texts(findings)


def test_which_one_by_the_largest_number_asks_for_a_node(store) -> None:
    # flights-463 (property batch 20, dev now): the size of a group, flagged verified
    question = "Among these airports, which one flies to the largest number of different countries?"
    _, findings = check(store, question, "largest_mutual_group", label="Airport", rel_type="ROUTE")
    assert any(f.hard and "asks for nodes" in f.text for f in findings), texts(findings)


def test_counting_routes_two_steps_away_is_not_counting_the_airports(store) -> None:
    # flights-467 (property batch 20, dev now): the airports flying there, flagged verified
    reply = {"entity": "New Zealand", "rel_type": "IN_COUNTRY", "direction": "in"}
    reply |= {"second_rel_type": "ROUTE", "second_direction": "in"}
    question = "How many routes land at airports in New Zealand?"
    _, findings = check(store, question, "two_hop_count", **reply)
    assert any(f.hard and "counts routes (relationships)" in f.text for f in findings), texts(findings)
    question = "How many airports have flights to airports in New Zealand?"
    _, findings = check(store, question, "two_hop_count", **reply)
    assert not any("relationships)" in f.text for f in findings), texts(findings)


def test_either_of_two_names_with_their_prepositions(store) -> None:
    # flights-471 (property batch 20, dev now): the airports flying to both, not to either
    reply = {"entity": "SYD", "rel_type": "ROUTE", "direction": "in", "other": "AKL"}
    question = "Which airports have flights to SYD, to AKL, or to both?"
    _, findings = check(store, question, "common_neighbours", **reply)
    assert any(f.hard and "either named node" in f.text for f in findings), texts(findings)


def test_a_flight_that_lands_somewhere_comes_to_it(store) -> None:
    # flights-465 (property batch 20, dev now): the direction was asked for, the right choice refused
    reply = {"entity": "SYD", "rel_type": "ROUTE", "property": "distance_km", "aggregate": "min"}
    question = "What's the shortest non-stop flight that lands in SYD, in km?"
    parameters, findings = check(store, question, "neighbour_aggregate", **reply)
    assert not any(f.hard for f in findings), texts(findings)
    assert parameters["direction"] == "in"


def test_a_ranking_takes_no_stated_number_by_its_default_limit_and_a_count_before_the_noun_is_none_of_its_kind(
    store,
) -> None:
    ranking = {"label": "Person", "rel_type": "ACTED_IN", "direction": "out", "order": "highest"}
    # "more than one movie" is a threshold: limit 1, the default, does not take it (property batch 22, movies-499)
    _, findings = check(store, "Which actors acted in more than one movie?", "top_by_degree", **ranking)
    assert any(f.hard and "states 1" in f.text for f in findings), texts(findings)
    # "Which three actors ..." asks for three of them, not for a kind of actor called "three"
    _, findings = check(store, "Which three actors acted in the most movies?", "top_by_degree", **ranking, limit=3)
    assert not [f for f in findings if f.hard], texts(findings)


def test_the_median_the_range_and_distinct_values_are_aggregates_the_question_must_name(store) -> None:
    # movies-484, -485, -518 and -235 (dev now): no task computed these, so code was written
    asked = {
        "What is the median release year of the movies?": "median",
        "How many years lie between the first and the last film released?": "range",
        "How many distinct years were the movies released in?": "distinct",
    }
    for question, aggregate in asked.items():
        reply = {"label": "Movie", "property": "released"}
        _, findings = check(store, question, "aggregate_property", **reply, aggregate=aggregate)
        assert findings == [], (question, texts(findings))
        _, findings = check(store, question, "aggregate_property", **reply, aggregate="avg")
        assert any(f.hard and f"asks for {aggregate}, not avg" in f.text for f in findings), texts(findings)
    hop = {"entity": "Glasgow", "rel_type": "ROUTE", "direction": "out", "property": "distance_km"}
    question = "How far apart are the shortest and the longest flight out of Glasgow, in km?"
    _, findings = check(store, question, "neighbour_aggregate", **hop, aggregate="range")
    assert findings == [], texts(findings)
    _, findings = check(store, question, "neighbour_aggregate", **hop, aggregate="max")
    assert any(f.hard and "asks for range" in f.text for f in findings), texts(findings)


def test_an_aggregate_is_said_in_words() -> None:
    task = get_task("aggregate_property")
    said = task.say(25.0, {"label": "Movie", "property": "released", "aggregate": "distinct"}, "25")
    assert said == "The number of distinct values of released over the Movie nodes: 25."
    assert task.say(3.5, {"label": "Movie", "property": "released", "aggregate": "avg"}, "3.5").startswith(
        "The average"
    )


def test_how_few_legs_is_no_request_for_the_route(store) -> None:
    # flights-534 (property batch 24, dev now): the route was flagged verified for "how few flights"
    ends = {"source": "Glasgow", "target": "Sydney"}
    _, findings = check(store, "glasgow to sydney - fewest flights?", "connection_path", **ends)
    assert any("asks how few legs" in f.text for f in findings), texts(findings)
    _, findings = check(
        store, "Glasgow to Sydney, fewest flights - which airports do I go through?", "connection_path", **ends
    )
    assert not any("asks how few legs" in f.text for f in findings), texts(findings)


def test_a_task_of_two_named_nodes_is_not_given_one_node_twice(store) -> None:
    # movies-609 (dev now): "Who are those co-stars of her co-stars?" got common_neighbours of Hilary
    # Swank and Hilary Swank (her films), flagged verified
    reply = {"entity": "Tom Hanks", "rel_type": "ACTED_IN", "other": "Tom Hanks"}
    question = "Tom Hanks's co-stars have co-stars too. Who are they?"
    _, findings = check(store, question, "common_neighbours", **reply)
    assert any(f.hard and "both 'Tom Hanks'" in f.text for f in findings), texts(findings)


def test_people_counted_through_a_film_are_no_count_of_films(store) -> None:
    # movies-607 (dev now): "Who has acted alongside more different people, X or Y?" compared their films
    reply = {"entity": "Tom Hanks", "other": "Meg Ryan", "rel_type": "ACTED_IN", "direction": "out", "order": "highest"}
    alongside = "Who has acted alongside more different people, Tom Hanks or Meg Ryan?"
    _, findings = check(store, alongside, "compare_degrees", **reply)
    assert any(f.hard and "counts people (:Person nodes)" in f.text for f in findings), texts(findings)
    _, findings = check(store, "Who has acted in more films, Tom Hanks or Meg Ryan?", "compare_degrees", **reply)
    assert not any("counts" in f.text for f in findings), texts(findings)


def test_what_is_reached_in_any_number_of_steps_is_no_one_step_task(store) -> None:
    # flights-614 (dev now), in a rerun: "From how many airports can you eventually get to X, changing
    # planes as often as needed?" counted the airports one flight away, flagged verified
    reply = {"entity": "Glasgow", "rel_type": "ROUTE", "direction": "in"}
    eventually = "From how many airports can you eventually get to Glasgow, changing planes as often as needed?"
    _, findings = check(store, eventually, "neighbour_count", **reply)
    assert any(f.hard and "any number of steps ('eventually')" in f.text for f in findings), texts(findings)
    _, findings = check(store, "From how many airports can you fly non-stop to Glasgow?", "neighbour_count", **reply)
    assert not any("any number of steps" in f.text for f in findings), texts(findings)


def test_both_relationships_to_one_node_is_not_a_node_someone_else_has(store) -> None:
    # movies-624 (property batch 30): "a film somebody else directed" is another node than one's own
    reply = {"rel_type": "ACTED_IN", "second_rel_type": "DIRECTED"}
    question = "Which directors have also acted in a film that somebody else directed?"
    _, findings = check(store, question, "both_relationships", **reply)
    assert any(f.hard and "'somebody else'" in f.text for f in findings), texts(findings)
    _, findings = check(
        store, "Which directors have also acted in a film they directed?", "both_relationships", **reply
    )
    assert not any("else" in f.text for f in findings), texts(findings)


def test_what_as_the_object_of_the_ask_asks_for_things_not_how_many(store) -> None:
    # flights-629 (property batch 30): the count of the destinations was flagged verified
    reply = {"entity": "Glasgow", "rel_type": "ROUTE", "direction": "out", "property": "distance_km"}
    question = "What can I fly to non-stop from Glasgow that's less than 500 km away?"
    _, findings = check(store, question, "neighbour_count_where", **reply, op="<", threshold=500)
    assert any(f.hard for f in findings), texts(findings)
    _, findings = check(store, question, "neighbours_where", **reply, op="<", threshold=500)
    assert not any(f.hard for f in findings), texts(findings)
