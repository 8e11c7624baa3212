"""Questions about property graphs, end to end on the real stores (ladybug, Neo4j 5) with scripted plans.

The scripted LLM gives the plan a person would choose for each DEV question of the benchmark
(grraf/bench/property/questions.yaml); everything else is real: entity resolution in the store,
the readers, the verified templates on ladybug and Neo4j and the NetworkX templates on the
projection (which must agree with each other and with the gold answer), trust, routing, the
pattern check of generated Cypher, the CLI on a database grraf did not create, and the peers.
"""

from __future__ import annotations

import json
import statistics
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from cypher_templates import load_templates
from grraf.agent import GraphQA
from grraf.bench.checkers import check
from grraf.bench.property.questions import load_questions
from grraf.pipeline import answer as answer_stage
from grraf.pipeline.entities import find_entities
from grraf.pipeline.property_plan import PropertyGraph, check_choice, render_template
from grraf.stores.ladybug import LadybugStore
from grraf.stores.neo4j import Neo4jStore
from grraf.tasks import get_task
from tests.fakes import fenced, plan_reply, scripted

#: The plan a person would choose for each dev question (what a perfect LLM replies).
PLANS: dict[str, dict[str, Any]] = {
    "movies-01": {"task": "neighbours", "entity": "The Matrix", "rel_type": "DIRECTED"},
    "movies-03": {"task": "entity_property", "entity": "Meg Ryan", "property": "born"},
    "movies-05": {"task": "neighbours", "entity": "Nora Ephron", "rel_type": "DIRECTED", "direction": "out"},
    "movies-07": {"task": "neighbours", "entity": "Keanu Reeves", "rel_type": "ACTED_IN", "direction": "out"},
    "movies-09": {"task": "count_by_degree", "label": "Person", "rel_type": "DIRECTED", "op": ">", "threshold": 1},
    "movies-11": {"task": "filter_nodes", "label": "Movie", "property": "released", "op": "<", "threshold": 1990},
    "movies-13": {"task": "relationship_exists", "source": "Tom Cruise", "target": "Top Gun", "rel_type": "ACTED_IN"},
    "movies-15": {
        "task": "two_hop_neighbours",
        "entity": "Ron Howard",
        "rel_type": "DIRECTED",
        "second_rel_type": "ACTED_IN",
        "second_direction": "in",
    },
    "movies-17": {"task": "both_relationships", "rel_type": "DIRECTED", "second_rel_type": "ACTED_IN"},
    "movies-19": {"task": "connection_length", "source": "Kevin Bacon", "target": "Keanu Reeves"},
    "movies-21": {"task": "top_by_degree", "label": "Person", "rel_type": "ACTED_IN"},
    "movies-23": {"task": "top_by_degree", "label": "Person", "rel_type": "DIRECTED"},
    "movies-25": {"task": "component_members", "entity": "Blade Runner", "label": "Movie"},
    "movies-27": {
        "task": "top_neighbour_by_property",
        "entity": "The Matrix",
        "rel_type": "ACTED_IN",
        "property": "born",
        "order": "lowest",
    },
    "flights-01": {"task": "entity_property", "entity": "LHR", "property": "city"},
    "flights-03": {
        "task": "relationship_property",
        "source": "JFK",
        "target": "LAX",
        "rel_type": "ROUTE",
        "property": "distance_km",
    },
    "flights-05": {"task": "neighbours", "entity": "Glasgow", "rel_type": "ROUTE", "direction": "out"},
    "flights-07": {"task": "neighbour_count", "entity": "United States", "rel_type": "IN_COUNTRY"},
    "flights-09": {
        "task": "neighbour_aggregate",
        "entity": "LHR",
        "rel_type": "ROUTE",
        "direction": "out",
        "property": "distance_km",
        "aggregate": "avg",
    },
    "flights-11": {
        "task": "neighbours_where",
        "entity": "Dubai",
        "rel_type": "ROUTE",
        "direction": "out",
        "property": "distance_km",
        "op": ">",
        "threshold": 12000,
        "returns": "code",
    },
    "flights-13": {"task": "relationship_exists", "source": "Dublin", "target": "Boston", "rel_type": "ROUTE"},
    "flights-15": {"task": "connected", "source": "Tiree", "target": "London Heathrow Airport"},
    "flights-17": {"task": "connection_path", "source": "Campbeltown", "target": "Auckland", "returns": "code"},
    "flights-19": {"task": "top_by_degree", "label": "Airport", "rel_type": "ROUTE", "direction": "out"},
    "flights-21": {"task": "largest_mutual_group", "label": "Airport", "rel_type": "ROUTE"},
    "flights-23": {
        "task": "two_hop_neighbours",
        "entity": "Cairo",
        "rel_type": "ROUTE",
        "direction": "out",
        "second_rel_type": "IN_COUNTRY",
        "second_direction": "out",
    },
    "flights-25": {
        "task": "common_neighbours",
        "entity": "Sydney",
        "other": "Auckland",
        "rel_type": "ROUTE",
        "direction": "in",
    },
    "flights-27": {"task": "count_by_degree", "label": "Country", "rel_type": "IN_COUNTRY", "op": ">", "threshold": 2},
}
#: The dev half as first split; the questions moved from test since (``moved``) ask what no catalogue
#: task computes ("How many separate groups ...?"), so a person would choose none: code is written.
DEV = [q for q in load_questions(split="dev") if not q.moved]


def test_every_dev_question_has_a_plan() -> None:
    assert {q.id for q in DEV} == set(PLANS)


@pytest.fixture(scope="module")
def ladybug(property_ladybug: Path) -> Any:
    with LadybugStore(property_ladybug) as store:
        yield store


@pytest.fixture
def neo4j_store(property_neo4j_driver: Any) -> Any:
    store = Neo4jStore("bolt://unused", ("neo4j", "unused"), driver=property_neo4j_driver)
    yield store


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, list) and isinstance(b, list):
        return sorted(map(str, a)) == sorted(map(str, b))
    if isinstance(a, (int, float)) and isinstance(b, (int, float)) and not isinstance(a, bool):
        return abs(a - b) < 1e-6
    return bool(a == b)


def _templates_agree(store: Any) -> int:
    """Each dev question's verified template on ``store``, and its NetworkX template on the projection."""
    schema = store.schema()
    graph = PropertyGraph.of(schema)
    projection = store.to_networkx()["G"]
    cypher = {t.name: t for t in load_templates(store.dialect)}
    python = {t.name: t for t in load_templates("networkx")}
    checked = 0
    for question in DEV:
        reply = PLANS[question.id]
        task = get_task(reply["task"])
        entities = find_entities(question.text, store, schema)
        parameters, findings = check_choice(task, reply, question.text, graph, entities, store)
        assert findings == [], (question.id, [f.text for f in findings])
        (oracle,) = task.template_names("networkx")
        namespace: dict[str, Any] = {}
        exec(compile(python[oracle].code, python[oracle].path, "exec"), namespace)
        expected = namespace["solve"](projection, **{p: parameters[p] for p in python[oracle].parameters})
        expected = answer_stage.normalize(expected, task.output, missing_ok=True)
        assert check(question.to_question(), expected), (question.id, expected)
        for name in task.template_names(store.dialect):
            code = render_template(cypher[name], parameters, max_hops=store.capabilities().max_hops)
            assert code is not None
            got = answer_stage.normalize(store.execute(code, 60).value, task.output, missing_ok=True)
            if task.output == "path":  # any shortest path is right: same length, both right
                assert len(got) == len(expected) and check(question.to_question(), got), (question.id, got)
            else:
                assert _same(got, expected), (question.id, got, expected)
            checked += 1
    return checked


def test_ladybug_templates_agree_with_the_projection_and_the_gold(ladybug) -> None:
    assert _templates_agree(ladybug) == 26  # two dev questions need an algorithm: NetworkX only


def test_neo4j_templates_agree_with_the_projection_and_the_gold(neo4j_store) -> None:
    assert _templates_agree(neo4j_store) == 26


def _ask_all(store: Any, settings: Any) -> list[tuple[str, str, bool, Any]]:
    out = []
    for question in DEV:
        model = scripted(json.dumps(PLANS[question.id]))
        with_store = GraphQA(store, chat_model=model, settings=settings)
        answer = with_store.ask(question.text)
        right = check(question.to_question(), answer.value if answer.value is not None else answer.answer)
        out.append((question.id, answer.trust, right, answer.backend))
    return out


@pytest.fixture
def library(settings):
    return settings.with_(templates=True, self_check=True, timeout=60)


def test_with_the_plans_a_person_would_choose_every_dev_answer_is_verified_and_right_on_ladybug(ladybug, library):
    results = _ask_all(ladybug, library)
    assert all(trust == "verified" and right for _, trust, right, _ in results), results
    # look-ups stay in Cypher; the connected-group questions ran on the projection
    assert {qid for qid, *_, backend in results if backend == "networkx"} == {"movies-25", "flights-21"}


def test_with_the_plans_a_person_would_choose_every_dev_answer_is_verified_and_right_on_neo4j(neo4j_store, library):
    results = _ask_all(neo4j_store, library)
    assert all(trust == "verified" and right for _, trust, right, _ in results), results


def test_generated_cypher_that_cannot_match_is_refused_before_it_runs(ladybug, library):
    wrong = "MATCH (a:Person {name: 'Kevin Bacon'})-[:ACTED_IN]->(b:Person) RETURN collect(DISTINCT b.name) AS answer"
    right = (
        "MATCH (a:Person {name: 'Kevin Bacon'})-[:ACTED_IN]->(:Movie)<-[:ACTED_IN]-(b:Person) WHERE b <> a "
        "RETURN collect(DISTINCT b.name) AS answer"
    )
    model = scripted(plan_reply("none"), fenced(wrong, "cypher"), fenced(right, "cypher"))
    answer = GraphQA(ladybug, chat_model=model, settings=library).ask(
        "Which actors have appeared in a movie with Kevin Bacon?"
    )
    first, second = answer.attempts
    assert first.status == "rejected" and "(:Person)-[:ACTED_IN]->(:Movie)" in (first.error or "")
    assert second.status == "ok" and answer.trust == "executed"  # LLM-written: never verified
    assert "Tom Hanks" in answer.value and "Kevin Bacon" not in answer.value
    assert "'Kevin Bacon' is (:Person {name: 'Kevin Bacon'})" in model.prompt_text(1)


# ------------------------------------------------------------------ the CLI on databases grraf did not create


@pytest.fixture
def cli(monkeypatch, tmp_path):
    import grraf.cli as cli_module

    monkeypatch.setenv("GRRAF_HOME", str(tmp_path / "home"))

    def invoke(args: list[str], *replies: str) -> Any:
        model = scripted(*replies)
        monkeypatch.setattr("grraf.llm.factory.make_chat_model", lambda settings: model)
        cli_module._register_optional_commands()
        return CliRunner().invoke(cli_module.cli, args, catch_exceptions=False)

    return invoke


def test_grraf_ask_on_a_ladybug_database_grraf_did_not_create(cli, property_ladybug):
    args = ["ask", "Who directed The Matrix?", "--store", f"ladybug:{property_ladybug}", "--json", "--no-explain"]
    result = cli(args, json.dumps(PLANS["movies-01"]))
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["trust"] == "verified" and sorted(data["value"]) == ["Lana Wachowski", "Lilly Wachowski"]


def test_grraf_ask_on_the_whole_neo4j_database(cli, property_neo4j_driver, neo4j_server, monkeypatch):
    monkeypatch.setenv("NEO4J_URI", neo4j_server.uri)
    monkeypatch.setenv("NEO4J_USERNAME", neo4j_server.username)
    monkeypatch.setenv("NEO4J_PASSWORD", neo4j_server.password)
    monkeypatch.delenv("NEO4J_DATABASE", raising=False)
    question = "How many steps separate Kevin Bacon from Keanu Reeves in the graph?"
    result = cli(["ask", question, "--store", "neo4j", "--json", "--no-explain"], json.dumps(PLANS["movies-19"]))
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["trust"] == "verified" and data["value"] == 4


# ------------------------------------------------------------------ the peers, on the same server


@pytest.fixture
def neo4j_env(neo4j_server, property_neo4j_driver, monkeypatch):
    monkeypatch.setenv("NEO4J_URI", neo4j_server.uri)
    monkeypatch.setenv("NEO4J_USERNAME", neo4j_server.username)
    monkeypatch.setenv("NEO4J_PASSWORD", neo4j_server.password)
    monkeypatch.delenv("NEO4J_DATABASE", raising=False)
    return neo4j_server


def test_the_peers_answer_with_the_same_model_and_are_never_verified(neo4j_env, settings, tmp_path):
    from grraf.bench.property.bench import property_questions
    from grraf.bench.runner import run

    cypher = "MATCH (p:Person)-[:DIRECTED]->(m:Movie {title: 'The Matrix'}) RETURN p.name AS name"
    model = scripted(
        fenced(cypher, "cypher"),  # langchain-neo4j: the query ...
        "Lana Wachowski and Lilly Wachowski directed it.",  # ... and its wording of the rows
        fenced(cypher, "cypher"),  # neo4j-graphrag: the query; its rows are the answer
    )
    store = Neo4jStore(neo4j_env.uri, neo4j_env.auth, settings=settings)
    questions = [q for q in property_questions() if q.id == "movies-01"]
    result = run(
        questions, ["langchain-neo4j", "neo4j-graphrag"], tmp_path, settings=settings, chat_model=model, store=store
    )
    rows = {r["method"]: r for r in result.rows}
    assert rows["langchain-neo4j"]["correct"] and rows["langchain-neo4j"]["trust"] == "fallback"
    assert rows["neo4j-graphrag"]["correct"] and rows["neo4j-graphrag"]["trust"] == "executed"
    assert not any(r["verified"] for r in rows.values())
    assert all(r["tokens_in"] > 0 and r["llm_calls"] >= 1 for r in rows.values())


def test_a_peer_cannot_write_to_the_database(neo4j_env, settings, property_neo4j_driver):
    from grraf.bench.peers import make_peer

    write = "CREATE (x:Intruder {name: 'x'}) RETURN x.name AS name"
    peer = make_peer("langchain-neo4j", scripted(fenced(write, "cypher")), settings)
    try:
        answer = peer.answer("Add an intruder.")
    finally:
        peer.close()
    assert answer.value is None and answer.attempts[0].status == "error"
    with property_neo4j_driver.session() as session:
        assert session.run("MATCH (x:Intruder) RETURN count(x)").single()[0] == 0


def test_on_ladybug_the_peers_do_not_apply_and_write_no_rows(property_ladybug, settings, tmp_path):
    from grraf.bench.property.bench import property_questions
    from grraf.bench.runner import run

    questions = [q for q in property_questions() if q.id == "movies-01"]
    store = LadybugStore(property_ladybug, settings=settings)  # the run closes it
    methods = ["langchain-neo4j", "neo4j-graphrag"]
    result = run(questions, methods, tmp_path, settings=settings, chat_model=None, store=store)
    assert result.rows == () and result.skipped == 2


#: Questions moved to dev once a catalogue task computed them: the plan a person would choose.
#: ("Steven Spielberg's films" may be films he acted in: that first step stays unconfirmed.)
MOVED_PLANS: dict[str, dict[str, Any]] = {
    "flights-62": {
        "task": "two_hop_count",
        "entity": "Doha",
        "rel_type": "ROUTE",
        "direction": "out",
        "second_rel_type": "IN_COUNTRY",
    },
    "movies-63": {
        "task": "two_hop_count",
        "entity": "Steven Spielberg",
        "rel_type": "DIRECTED",
        "second_rel_type": "ACTED_IN",
    },
}


@pytest.mark.parametrize("store_name", ["ladybug", "neo4j_store"])
def test_two_steps_counted_agree_with_the_projection_and_the_gold(store_name, request) -> None:
    store = request.getfixturevalue(store_name)
    schema = store.schema()
    graph = PropertyGraph.of(schema)
    projection = store.to_networkx()["G"]
    (python,) = [t for t in load_templates("networkx") if t.name == "property_two_hop_count"]
    (cypher,) = [t for t in load_templates(store.dialect) if t.name == "property_two_hop_count"]
    moved = {q.id: q for q in load_questions(split="dev") if q.id in MOVED_PLANS}
    assert set(moved) == set(MOVED_PLANS)
    for qid, reply in MOVED_PLANS.items():
        question = moved[qid]
        entities = find_entities(question.text, store, schema)
        parameters, findings = check_choice(get_task("two_hop_count"), reply, question.text, graph, entities, store)
        assert not [f for f in findings if f.hard], (qid, [f.text for f in findings])
        namespace: dict[str, Any] = {}
        exec(compile(python.code, python.path, "exec"), namespace)
        expected = namespace["solve"](projection, **{p: parameters[p] for p in python.parameters})
        assert check(question.to_question(), expected), (qid, expected)
        code = render_template(cypher, parameters, max_hops=store.capabilities().max_hops)
        assert code is not None
        assert store.execute(code, 60).value == expected, qid


# ------------------------------------------------------------------ the extreme node of a label; which of two

#: Questions moved to dev when top_by_property and compare_entities came: the plan a person would choose.
#: (movies-42 is refused by top_by_property, which ranks every person, not only the directors.)
RANKED_PLANS: dict[str, dict[str, Any]] = {
    "movies-35": {"task": "top_by_property", "label": "Movie", "property": "released", "order": "lowest"},
    "flights-98": {
        "task": "top_by_property",
        "label": "Airport",
        "property": "latitude",
        "order": "lowest",
        "returns": "code",
    },
    "movies-93": {
        "task": "compare_entities",
        "entity": "Kevin Bacon",
        "other": "Tom Cruise",
        "property": "born",
        "order": "lowest",
    },
    "movies-94": {
        "task": "compare_entities",
        "entity": "Blade Runner",
        "other": "Top Gun",
        "property": "released",
        "order": "lowest",
    },
}


def _oracle(name: str) -> Any:
    (python,) = [t for t in load_templates("networkx") if t.name == name]
    namespace: dict[str, Any] = {}
    exec(compile(python.code, python.path, "exec"), namespace)
    return python, namespace["solve"]


def _moved_plans_agree(store: Any, plans: dict[str, dict[str, Any]]) -> None:
    """Each moved dev question's plan is confirmed, its NetworkX template on the projection gives the
    gold, and its Cypher template on ``store`` (where the task has one) gives the same, or another
    answer the gold takes (one of several shortest paths)."""
    schema = store.schema()
    graph = PropertyGraph.of(schema)
    projection = store.to_networkx()["G"]
    moved = {q.id: q for q in load_questions(split="dev") if q.id in plans}
    assert set(moved) == set(plans)
    for qid, reply in plans.items():
        question, task = moved[qid], get_task(reply["task"])
        entities = find_entities(question.text, store, schema)
        parameters, findings = check_choice(task, reply, question.text, graph, entities, store)
        assert findings == [], (qid, [f.text for f in findings])  # confirmed: a verified answer
        (name,) = task.template_names("networkx")
        python, solve = _oracle(name)
        expected = solve(projection, **{p: parameters[p] for p in python.parameters})
        assert check(question.to_question(), expected), (qid, expected)
        for cypher in [t for t in load_templates(store.dialect) if t.name == name]:
            code = render_template(cypher, parameters, max_hops=store.capabilities().max_hops)
            assert code is not None
            value = store.execute(code, 60).value
            # the same answer, or another right one where the gold allows ties (any shortest path)
            assert _same(value, expected) or check(question.to_question(), value), (qid, code)


def _moved_plans_asked_are_verified_and_right(store: Any, plans: dict[str, dict[str, Any]], library: Any) -> None:
    """Each moved dev question, asked of GraphQA with its plan as the LLM's reply, is answered right
    and flagged verified."""
    moved = {q.id: q for q in load_questions(split="dev") if q.id in plans}
    for qid, reply in plans.items():
        answer = GraphQA(store, chat_model=scripted(json.dumps(reply)), settings=library).ask(moved[qid].text)
        assert answer.trust == "verified" and check(moved[qid].to_question(), answer.value), (qid, answer.value)


#: Questions moved to dev when the two rankings took a limit ("the three earliest releases"): the plan a
#: person would choose. Before, the stated number was one the tasks did not take, and code was written.
TOP_FEW_PLANS: dict[str, dict[str, Any]] = {
    "movies-281": {"task": "top_by_property", "label": "Person", "property": "born", "order": "highest", "limit": 2},
    "flights-185": {
        "task": "top_by_property",
        "label": "Airport",
        "property": "latitude",
        "order": "highest",
        "limit": 3,
        "returns": "code",
    },
    "flights-186": {
        "task": "top_neighbour_by_property",
        "entity": "Singapore",
        "rel_type": "ROUTE",
        "direction": "out",
        "property": "distance_km",
        "order": "highest",
        "limit": 2,
        "returns": "code",
    },
}


def _in_place(place: str, other: str, other_direction: str, task: str = "linked_to_both") -> dict[str, Any]:
    """The airports of ``place`` (a country or continent) with a non-stop to or from ``other``."""
    return {
        "task": task,
        "entity": place,
        "rel_type": "IN_COUNTRY",
        "direction": "in",
        "other": other,
        "second_rel_type": "ROUTE",
        "other_direction": other_direction,
    }


def _place_ranked(place: str, **ranking: Any) -> dict[str, Any]:
    """The airports of ``place`` ranked (by their routes, or by a property of their own)."""
    return {"entity": place, "rel_type": "IN_COUNTRY", "direction": "in", **ranking}


#: Questions moved to dev when a place adjective came to name its place ("Which European airports ...",
#: "Which US airport ..."): the plan a person would choose, over a country or a continent found by the
#: adjective. Before, the qualifier named no node and no task could take it.
PLACE_PLANS: dict[str, dict[str, Any]] = {
    "flights-63": _in_place("European", "Cape Town", "in"),
    "flights-108": _in_place("US", "Auckland", "in"),
    "flights-170": _in_place("Asian", "Nairobi", "in"),
    "flights-359": _in_place("Asian", "Vancouver", "out"),
    "flights-182": _in_place("African", "Mumbai", "out"),
    "flights-333": _in_place("European", "Seattle", "out"),
    "flights-259": _in_place("US", "Heathrow", "out", "linked_to_both_count"),
    "flights-134": {
        "task": "top_neighbour_by_degree",
        **_place_ranked("US", second_rel_type="ROUTE", second_direction="out", order="lowest"),
    },
    "flights-295": {
        "task": "top_neighbour_by_degree",
        **_place_ranked("Canadian", second_rel_type="ROUTE", second_direction="out", order="highest"),
    },
    "flights-246": {
        "task": "top_neighbour_by_property",
        **_place_ranked("South American", property="longitude", on="b", order="lowest", returns="code"),
    },
    "flights-477": {
        "task": "top_neighbour_by_property",
        **_place_ranked("European", property="longitude", on="b", order="highest", returns="code"),
    },
    "flights-452": {
        "task": "neighbours_where",
        **_place_ranked("European", property="latitude", on="b", op="<", threshold=42, returns="code"),
    },
    "flights-380": {"task": "neighbours", **_place_ranked("French", returns="code")},
}


def _but_not(
    entity: str, rel_type: str, direction: str, other: str, second: str, other_direction: str
) -> dict[str, Any]:
    return {
        "task": "linked_but_not",
        "entity": entity,
        "rel_type": rel_type,
        "direction": direction,
        "other": other,
        "second_rel_type": second,
        "other_direction": other_direction,
    }


#: Questions moved to dev when linked_but_not came ("Which films produced by Joel Silver were not
#: directed by Lana Wachowski?"): the plan a person would choose. Before, no task left those nodes out.
BUT_NOT_PLANS: dict[str, dict[str, Any]] = {
    "movies-97": _but_not("Joel Silver", "PRODUCED", "out", "Lana Wachowski", "DIRECTED", "out"),
    "movies-95": _but_not("Meg Ryan", "ACTED_IN", "out", "Tom Hanks", "ACTED_IN", "out"),
    "movies-426": _but_not("Rob Reiner", "DIRECTED", "out", "Rob Reiner", "PRODUCED", "out"),
    "flights-64": _but_not("Boston", "ROUTE", "in", "Newark", "ROUTE", "in"),
    "flights-84": _but_not("Dublin", "ROUTE", "out", "Dubai", "ROUTE", "out"),
    "flights-208": _but_not("Honolulu", "ROUTE", "out", "United States", "IN_COUNTRY", "in"),
}


def test_not_is_said_of_the_second_named_node_and_the_first_cannot_take_it(ladybug) -> None:
    schema = ladybug.schema()
    graph = PropertyGraph.of(schema)
    dev = {q.id: q for q in load_questions(split="dev")}
    task = get_task("linked_but_not")

    def hard(qid: str, reply: dict[str, Any], text: str | None = None) -> list[str]:
        question = text or dev[qid].text
        _, findings = check_choice(task, reply, question, graph, find_entities(question, ladybug, schema), ladybug)
        return [f.text for f in findings if f.hard]

    # the named nodes swapped: Lana Wachowski's films not produced by Joel Silver
    swapped = _but_not("Lana Wachowski", "DIRECTED", "out", "Joel Silver", "PRODUCED", "out")
    assert any("NOT of 'Lana Wachowski'" in f for f in hard("movies-97", swapped))
    # no "not" at all: the films both made, linked_to_both's question
    plain = "Which films produced by Joel Silver were directed by Lana Wachowski?"
    assert any("NOT" in f for f in hard("movies-97", BUT_NOT_PLANS["movies-97"], plain))
    # and a list task that cannot leave nodes out is refused a contracted "not"
    both = {**BUT_NOT_PLANS["movies-97"], "task": "linked_to_both"}
    question = "Which films produced by Joel Silver weren't directed by Lana Wachowski?"
    entities = find_entities(question, ladybug, schema)
    _, findings = check_choice(get_task("linked_to_both"), both, question, graph, entities, ladybug)
    assert any(f.hard and "weren't" in f.text for f in findings), [f.text for f in findings]


def test_a_limit_the_question_does_not_state_is_refused(ladybug) -> None:
    (question,) = [q for q in load_questions(split="dev") if q.id == "movies-35"]  # "What's the oldest movie ...?"
    schema = ladybug.schema()
    reply = {**RANKED_PLANS["movies-35"], "limit": 3}
    entities = find_entities(question.text, ladybug, schema)
    task = get_task("top_by_property")
    _, findings = check_choice(task, reply, question.text, PropertyGraph.of(schema), entities, ladybug)
    assert any(f.hard and "limit=3" in f.text for f in findings), [f.text for f in findings]
    (two,) = [q for q in load_questions(split="dev") if q.id == "movies-281"]
    reply = {**TOP_FEW_PLANS["movies-281"], "limit": 1}
    _, findings = check_choice(task, reply, two.text, PropertyGraph.of(schema), [], ladybug)
    assert any(f.hard and "top 2" in f.text for f in findings), [f.text for f in findings]


def test_the_youngest_director_is_not_the_youngest_person(ladybug) -> None:
    (question,) = [q for q in load_questions(split="dev") if q.id == "movies-42"]
    schema = ladybug.schema()
    reply = {"task": "top_by_property", "label": "Person", "property": "born", "order": "highest"}
    entities = find_entities(question.text, ladybug, schema)
    task = get_task("top_by_property")
    _, findings = check_choice(task, reply, question.text, PropertyGraph.of(schema), entities, ladybug)
    assert any(f.hard and ":DIRECTED" in f.text for f in findings), [f.text for f in findings]
    # ... it is the youngest of those who directed: top_among_linked's (AMONG_PLANS below)
    among, graph = get_task("top_among_linked"), PropertyGraph.of(schema)
    _, findings = check_choice(among, AMONG_PLANS["movies-42"], question.text, graph, entities, ladybug)
    assert findings == [], [f.text for f in findings]


#: Peaks with ties and missing values: (name, height, first climbed).
PEAKS = [("A", 8000, 1950), ("B", 8000, 1953), ("C", 7000, None), ("D", None, 1953), ("E", 6000, 1950)]
#: (task, parameters, expected): ties give every tied node; a node without the value never wins,
#: and two named nodes one of which lacks it give no answer (it cannot be told which is higher).
PEAK_CASES: list[tuple[str, dict[str, Any], list[str]]] = [
    ("top_by_property", {"property": "height", "order": "highest"}, ["A", "B"]),
    ("top_by_property", {"property": "height", "order": "lowest"}, ["E"]),
    ("top_by_property", {"property": "first", "order": "lowest"}, ["A", "E"]),
    ("top_by_property", {"property": "first", "order": "highest"}, ["B", "D"]),
    # the top few: ties with the last one kept, a missing value never counted, a limit past the end
    ("top_by_property", {"property": "height", "order": "highest", "limit": 2}, ["A", "B"]),
    ("top_by_property", {"property": "height", "order": "highest", "limit": 3}, ["A", "B", "C"]),
    ("top_by_property", {"property": "height", "order": "lowest", "limit": 2}, ["C", "E"]),
    ("top_by_property", {"property": "height", "order": "lowest", "limit": 10}, ["A", "B", "C", "E"]),
    ("top_by_property", {"property": "first", "order": "lowest", "limit": 3}, ["A", "B", "D", "E"]),
    # by how many relationships (A has the one NEAR): a node without any counts 0
    ("top_by_degree", {"rel_type": "NEAR", "direction": "out", "order": "highest"}, ["A"]),
    (
        "top_by_degree",
        {"rel_type": "NEAR", "direction": "out", "order": "highest", "limit": 2},
        ["A", "B", "C", "D", "E"],
    ),
    ("top_by_degree", {"rel_type": "NEAR", "direction": "out", "order": "lowest"}, ["B", "C", "D", "E"]),
    ("top_by_degree", {"rel_type": "NEAR", "direction": "in", "order": "lowest", "limit": 4}, ["A", "C", "D", "E"]),
    # among the nodes with a NEAR relationship that way only (A -> B): A out, B in
    (
        "filter_among_linked",
        {"rel_type": "NEAR", "direction": "out", "property": "first", "op": "<", "threshold": 1951},
        ["A"],
    ),
    (
        "filter_among_linked",
        {"rel_type": "NEAR", "direction": "out", "property": "first", "op": ">", "threshold": 1951},
        [],
    ),
    ("top_among_linked", {"rel_type": "NEAR", "direction": "out", "property": "height", "order": "lowest"}, ["A"]),
    ("top_among_linked", {"rel_type": "NEAR", "direction": "in", "property": "first", "order": "highest"}, ["B"]),
    (
        "top_among_linked",
        {"rel_type": "NEAR", "direction": "in", "property": "height", "order": "lowest", "limit": 5},
        ["B"],
    ),
    ("compare_entities", {"entity": "A", "other": "B", "property": "height", "order": "highest"}, ["A", "B"]),
    ("compare_entities", {"entity": "A", "other": "B", "property": "first", "order": "lowest"}, ["A"]),
    ("compare_entities", {"entity": "A", "other": "B", "property": "first", "order": "highest"}, ["B"]),
    ("compare_entities", {"entity": "C", "other": "E", "property": "height", "order": "highest"}, ["C"]),
    ("compare_entities", {"entity": "C", "other": "E", "property": "height", "order": "lowest"}, ["E"]),
    ("compare_entities", {"entity": "A", "other": "C", "property": "first", "order": "lowest"}, []),
    ("compare_entities", {"entity": "D", "other": "E", "property": "height", "order": "highest"}, []),
]


def _peak_parameters(task: str, given: dict[str, Any]) -> dict[str, Any]:
    named = {"label": "Peak", "returns": ["name"], "limit": 1}
    if task == "compare_entities":
        named |= {"entity_label": "Peak", "entity_key": "name", "other_label": "Peak", "other_key": "name"}
    return named | given


def _peaks_agree(store: Any) -> int:
    projection = store.to_networkx()["G"]
    checked = 0
    for task, given, expected in PEAK_CASES:
        parameters = _peak_parameters(task, given)
        (name,) = get_task(task).template_names("networkx")
        python, solve = _oracle(name)
        assert solve(projection, **{p: parameters[p] for p in python.parameters}) == expected, (task, given)
        (cypher,) = [t for t in load_templates(store.dialect) if t.name == name]
        code = render_template(cypher, parameters)
        assert code is not None
        assert sorted(store.execute(code, 60).value) == expected, (task, given, code)
        checked += 1
    return checked


def test_ties_and_missing_values_on_ladybug(tmp_path) -> None:
    import ladybug as lb

    folder = tmp_path / "peaks.lbug"
    db = lb.Database(str(folder))
    conn = lb.Connection(db)
    conn.execute("CREATE NODE TABLE Peak(name STRING, height INT64, first INT64, PRIMARY KEY(name))")
    conn.execute("CREATE REL TABLE NEAR(FROM Peak TO Peak)")
    for name, height, first in PEAKS:
        conn.execute("CREATE (:Peak {name: $n, height: $h, first: $f})", {"n": name, "h": height, "f": first})
    conn.execute("MATCH (a:Peak {name: 'A'}), (b:Peak {name: 'B'}) CREATE (a)-[:NEAR]->(b)")
    conn.close()
    db.close()
    with LadybugStore(folder) as store:
        assert _peaks_agree(store) == len(PEAK_CASES)


def test_ties_and_missing_values_on_neo4j(property_neo4j_driver) -> None:
    # Written beside the benchmark's graphs under a label of their own, and removed again.
    with property_neo4j_driver.session() as session:
        for name, height, first in PEAKS:
            session.run("CREATE (:Peak {name: $n, height: $h, first: $f})", n=name, h=height, f=first).consume()
        session.run("MATCH (a:Peak {name: 'A'}), (b:Peak {name: 'B'}) CREATE (a)-[:NEAR]->(b)").consume()
    try:
        store = Neo4jStore("bolt://unused", ("neo4j", "unused"), driver=property_neo4j_driver)
        assert _peaks_agree(store) == len(PEAK_CASES)
    finally:
        with property_neo4j_driver.session() as session:
            session.run("MATCH (p:Peak) DETACH DELETE p").consume()


@pytest.mark.parametrize("store_name", ["ladybug", "neo4j_store"])
def test_ranked_questions_asked_end_to_end_are_verified_and_right(store_name, request, library) -> None:
    store = request.getfixturevalue(store_name)
    _moved_plans_asked_are_verified_and_right(store, RANKED_PLANS, library)
    # one of the two has no birth year: no answer, not the other one
    reply = {**RANKED_PLANS["movies-93"], "entity": "Brooke Langton"}
    answer = GraphQA(store, chat_model=scripted(json.dumps(reply)), settings=library).ask(
        "Who is older, Brooke Langton or Tom Cruise?"
    )
    assert answer.value in ([], None), answer.value


# ------------------------------------------------------------------ a value most nodes share; a path's total

#: Questions moved to dev when most_common_value, connection_weight, linked_to_both, linked_through,
#: compare_values, top_neighbour_by_degree and neighbour_count_where came, and when a
#: label-wide task's direction came from the label (movies-134: the reply's "out" from a film restates it
#: wrongly).
SHARED_PLANS: dict[str, dict[str, Any]] = {
    "movies-107": {"task": "most_common_value", "label": "Person", "property": "born", "order": "highest"},
    "flights-104": {"task": "most_common_value", "label": "Country", "property": "continent", "order": "lowest"},
    "flights-120": {"task": "connection_weight", "source": "Dublin", "target": "Honolulu", "property": "distance_km"},
    "flights-144": {"task": "connection_weight", "source": "Edinburgh", "target": "Seoul", "property": "distance_km"},
    "flights-47": {
        "task": "linked_to_both",
        "entity": "Honolulu",
        "rel_type": "ROUTE",
        "direction": "in",
        "other": "Japan",
        "second_rel_type": "IN_COUNTRY",
        "returns": "code",
    },
    "movies-113": {
        "task": "linked_through",
        "entity": "Tom Cruise",
        "rel_type": "ACTED_IN",
        "other": "Ron Howard",
        "second_rel_type": "DIRECTED",
    },
    "movies-212": {
        "task": "linked_through",
        "entity": "Stand By Me",
        "rel_type": "ACTED_IN",
        "other": "A Few Good Men",
        "second_rel_type": "ACTED_IN",
    },
    "movies-40": {
        "task": "compare_values",
        "entity": "Gladiator",
        "other": "The Matrix",
        "property": "released",
        "comparison": "lower",
    },
    "movies-70": {
        "task": "compare_values",
        "entity": "Jack Nicholson",
        "other": "Morgan Freeman",
        "property": "born",
        "comparison": "same",
    },
    "movies-139": {
        "task": "compare_values",
        "entity": "The Green Mile",
        "other": "The Matrix",
        "property": "released",
        "comparison": "same",
    },
    "movies-166": {
        "task": "compare_values",
        "entity": "Cast Away",
        "other": "The Polar Express",
        "property": "released",
        "comparison": "higher",
    },
    "movies-195": {
        "task": "compare_values",
        "entity": "Clint Eastwood",
        "other": "Gene Hackman",
        "property": "born",
        "comparison": "lower",
    },
    "flights-161": {
        "task": "compare_values",
        "entity": "Madrid",
        "other": "Rome",
        "property": "latitude",
        "comparison": "higher",
    },
    "movies-123": {
        "task": "compare_values",
        "entity": "Tom Hanks",
        "other": "Meg Ryan",
        "property": "born",
        "comparison": "lower",
    },
    "flights-45": {
        "task": "top_neighbour_by_degree",
        "entity": "Asia",
        "rel_type": "IN_COUNTRY",
        "direction": "in",
        "second_rel_type": "ROUTE",
        "second_direction": "out",
        "returns": "code",
    },
    "flights-231": {
        "task": "neighbour_count_where",
        "entity": "Munich",
        "rel_type": "ROUTE",
        "direction": "out",
        "property": "distance_km",
        "op": "<",
        "threshold": 1000,
    },
    "movies-134": {
        "task": "top_by_degree",
        "label": "Movie",
        "rel_type": "ACTED_IN",
        "direction": "out",
        "order": "lowest",
    },
}


@pytest.mark.parametrize("store_name", ["ladybug", "neo4j_store"])
def test_shared_values_and_weighted_trips_asked_end_to_end_are_verified_and_right(store_name, request, library):
    store = request.getfixturevalue(store_name)
    _moved_plans_asked_are_verified_and_right(store, SHARED_PLANS, library)
    # counted in flights, the same trip is connection_length's: the total distance is refused for it
    question = "What is the fewest number of flights from Dublin to Honolulu?"
    reply = {"task": "connection_length", "source": "Dublin", "target": "Honolulu"}
    answer = GraphQA(store, chat_model=scripted(json.dumps(reply)), settings=library).ask(question)
    schema = store.schema()
    entities = find_entities(question, store, schema)
    parameters, _ = check_choice(get_task(reply["task"]), reply, question, PropertyGraph.of(schema), entities, store)
    python, solve = _oracle("property_connection_length")
    hops = solve(store.to_networkx()["G"], **{p: parameters[p] for p in python.parameters})
    assert answer.trust == "verified" and answer.value == hops, (answer.value, hops)
    reply = {"task": "connection_weight", "source": "Dublin", "target": "Honolulu", "property": "distance_km"}
    _, findings = check_choice(get_task(reply["task"]), reply, question, PropertyGraph.of(schema), entities, store)
    assert findings, "a total distance is not confirmed for a count of flights"


# ------------------------------------------------------------------ how many nodes two named nodes share

#: Questions moved to dev when common_neighbour_count and linked_to_both_count came: the plan a person
#: would choose.
SHARED_COUNT_PLANS: dict[str, dict[str, Any]] = {
    "flights-203": {
        "task": "common_neighbour_count",
        "entity": "Heathrow",
        "other": "Paris Charles de Gaulle",
        "rel_type": "ROUTE",
        "direction": "in",
    },
    "flights-303": {
        "task": "linked_to_both_count",
        "entity": "Istanbul",
        "rel_type": "ROUTE",
        "direction": "out",
        "other": "Asia",
        "second_rel_type": "IN_COUNTRY",
    },
}


@pytest.mark.parametrize("store_name", ["ladybug", "neo4j_store"])
def test_shared_counts_asked_end_to_end_are_verified_and_right(store_name, request, library) -> None:
    store = request.getfixturevalue(store_name)
    _moved_plans_asked_are_verified_and_right(store, SHARED_COUNT_PLANS, library)


#: Meg Ryan and Keanu Reeves share no film, Meg Ryan and Tom Hanks three; Meg Ryan acted in none of
#: the films Tom Hanks directed: nothing shared counts 0, not a missing value.
SHARED_COUNT_CASES: list[tuple[str, dict[str, Any], int]] = [
    ("common_neighbour_count", {"other": "Keanu Reeves", "rel_type": "ACTED_IN", "direction": "out"}, 0),
    ("common_neighbour_count", {"other": "Tom Hanks", "rel_type": "ACTED_IN", "direction": "out"}, 3),
    (
        "linked_to_both_count",
        {
            "other": "Tom Hanks",
            "rel_type": "ACTED_IN",
            "direction": "out",
            "second_rel_type": "DIRECTED",
            "other_direction": "out",
        },
        0,
    ),
]


@pytest.mark.parametrize("store_name", ["ladybug", "neo4j_store"])
def test_shared_counts_of_nothing_are_zero(store_name, request) -> None:
    store = request.getfixturevalue(store_name)
    projection = store.to_networkx()["G"]
    named = {"entity": "Meg Ryan", "entity_label": "Person", "entity_key": "name", "other_label": "Person"}
    for task, given, expected in SHARED_COUNT_CASES:
        _both_give(store, projection, task, named | {"other_key": "name"} | given, expected)


# ------------------------------------------------------------------ which of two named nodes has more

#: Questions moved to dev when compare_degrees and compare_degree_values came: the plan a person would
#: choose. (movies-114, "the bigger cast", runs unconfirmed: a cast's size may be a measure.)
COUNTED_PLANS: dict[str, dict[str, Any]] = {
    "flights-66": {
        "task": "compare_degrees",
        "entity": "NRT",
        "other": "HND",
        "rel_type": "ROUTE",
        "direction": "out",
        "returns": "code",
    },
    "flights-114": {
        "task": "compare_degrees",
        "entity": "Doha",
        "other": "Dubai",
        "rel_type": "ROUTE",
        "direction": "out",
        "returns": "code",
    },
    "movies-137": {
        "task": "compare_degrees",
        "entity": "Gene Hackman",
        "other": "Jack Nicholson",
        "rel_type": "ACTED_IN",
    },
    "movies-248": {"task": "compare_degrees", "entity": "Rob Reiner", "other": "Nora Ephron", "rel_type": "DIRECTED"},
    "flights-212": {
        "task": "compare_degree_values",
        "entity": "Japan",
        "other": "Germany",
        "rel_type": "IN_COUNTRY",
        "comparison": "higher",
    },
}


#: Neither Meg Ryan nor Keanu Reeves directed a film, Tom Hanks directed one: a node without the
#: relationships counts 0 (it is not left out), and a tie gives both.
COUNT_CASES: list[tuple[str, dict[str, Any], Any]] = [
    (
        "compare_degrees",
        {"entity": "Meg Ryan", "other": "Keanu Reeves", "order": "highest"},
        ["Keanu Reeves", "Meg Ryan"],
    ),
    ("compare_degrees", {"entity": "Meg Ryan", "other": "Tom Hanks", "order": "lowest"}, ["Meg Ryan"]),
    ("compare_degrees", {"entity": "Meg Ryan", "other": "Tom Hanks", "order": "highest"}, ["Tom Hanks"]),
    ("compare_degree_values", {"entity": "Meg Ryan", "other": "Keanu Reeves", "comparison": "same"}, True),
    ("compare_degree_values", {"entity": "Meg Ryan", "other": "Tom Hanks", "comparison": "lower"}, True),
    ("compare_degree_values", {"entity": "Meg Ryan", "other": "Tom Hanks", "comparison": "higher"}, False),
]


@pytest.mark.parametrize("store_name", ["ladybug", "neo4j_store"])
def test_compared_by_a_count_ties_and_nodes_without_relationships(store_name, request) -> None:
    store = request.getfixturevalue(store_name)
    projection = store.to_networkx()["G"]
    named = {"entity_label": "Person", "entity_key": "name", "other_label": "Person", "other_key": "name"}
    hop = {"rel_type": "DIRECTED", "direction": "out", "returns": ["name"]}
    for task, given, expected in COUNT_CASES:
        _both_give(store, projection, task, named | hop | given, expected)


def _both_give(store: Any, projection: Any, task: str, parameters: dict[str, Any], expected: Any) -> None:
    """``task``'s NetworkX template on the projection and its Cypher template on ``store`` both give
    ``expected`` with ``parameters``."""
    (name,) = get_task(task).template_names("networkx")
    python, solve = _oracle(name)
    assert _same(solve(projection, **{p: parameters[p] for p in python.parameters}), expected), (task, parameters)
    (cypher,) = [t for t in load_templates(store.dialect) if t.name == name]
    code = render_template(cypher, parameters, max_hops=store.capabilities().max_hops)
    assert code is not None and _same(store.execute(code, 60).value, expected), (task, parameters, code)


# ------------------------------------------------------------------ whether every linked node passes

#: Questions moved to dev when all_neighbours_where came: the plan a person would choose. (movies-213,
#: "Ridley Scott's films", runs unconfirmed: films he directed or acted in.)
ALL_PLANS: dict[str, dict[str, Any]] = {
    "movies-214": {
        "task": "all_neighbours_where",
        "entity": "Stand By Me",
        "rel_type": "ACTED_IN",
        "property": "born",
        "op": ">",
        "threshold": 1965,
    },
    "flights-213": {
        "task": "all_neighbours_where",
        "entity": "Auckland",
        "rel_type": "ROUTE",
        "direction": "out",
        "property": "distance_km",
        "op": ">",
        "threshold": 2000,
    },
    "movies-264": {
        "task": "all_neighbours_where",
        "entity": "Cloud Atlas",
        "rel_type": "ACTED_IN",
        "property": "born",
        "op": "<",
        "threshold": 1970,
    },
}


#: Meg Ryan directed nothing: no answer, not a vacuous yes. Dina Meyer, in Johnny Mnemonic, has no
#: birth year: a missing value does not pass, whichever way the comparison goes.
EVERY_CASES: list[tuple[dict[str, Any], Any]] = [
    ({"entity": "Meg Ryan", "rel_type": "DIRECTED", "property": "released", "op": ">", "threshold": 0}, None),
    ({"entity": "Tom Hanks", "rel_type": "ACTED_IN", "property": "released", "op": ">", "threshold": 1900}, True),
    ({"entity": "Tom Hanks", "rel_type": "ACTED_IN", "property": "released", "op": "<", "threshold": 2000}, False),
    (
        {
            "entity": "Johnny Mnemonic",
            "entity_label": "Movie",
            "entity_key": "title",
            "property": "born",
            "op": ">",
            "threshold": 0,
        },
        False,
    ),
    (
        {
            "entity": "Johnny Mnemonic",
            "entity_label": "Movie",
            "entity_key": "title",
            "property": "born",
            "op": "<",
            "threshold": 3000,
        },
        False,
    ),
]


@pytest.mark.parametrize("store_name", ["ladybug", "neo4j_store"])
def test_every_linked_node_passes_with_none_linked_and_a_missing_value(store_name, request) -> None:
    store = request.getfixturevalue(store_name)
    projection = store.to_networkx()["G"]
    (name,) = get_task("all_neighbours_where").template_names("networkx")
    python, solve = _oracle(name)
    (cypher,) = [t for t in load_templates(store.dialect) if t.name == name]
    for given, expected in EVERY_CASES:
        hop = (
            {"rel_type": "ACTED_IN", "direction": "in"}
            if given.get("entity_label") == "Movie"
            else {"direction": "out"}
        )
        parameters = {"entity_label": "Person", "entity_key": "name", "on": "b"} | hop | given
        assert solve(projection, **{p: parameters[p] for p in python.parameters}) == expected, given
        code = render_template(cypher, parameters, max_hops=store.capabilities().max_hops)
        assert code is not None and store.execute(code, 60).value == expected, (given, code)


# ------------------------------------------------------------------ a property between two stated ends

#: Questions moved to dev when count_in_range and filter_in_range came: the plan a person would choose.
RANGE_PLANS: dict[str, dict[str, Any]] = {
    "movies-57": {"task": "count_in_range", "label": "Movie", "property": "released", "low": 1990, "high": 1999},
    "movies-154": {"task": "count_in_range", "label": "Movie", "property": "released", "low": 2000, "high": 2005},
    "movies-177": {"task": "count_in_range", "label": "Person", "property": "born", "low": 1960, "high": 1969},
    "movies-273": {"task": "count_in_range", "label": "Person", "property": "born", "low": 1950, "high": 1959},
}


#: Both ends count (one year is a range too); people without a birth year (Dina Meyer, Ben Miles)
#: are in no range, however wide; a range holding nothing gives 0 and no nodes.
RANGE_CASES: list[tuple[str, dict[str, Any], Any]] = [
    ("filter_in_range", {"low": 1964, "high": 1964}, ["Keanu Reeves", "Russell Crowe"]),
    ("count_in_range", {"low": 1964, "high": 1964}, 2),
    ("count_in_range", {"low": 0, "high": 3000}, "every person with a birth year"),
    ("count_in_range", {"low": 1800, "high": 1850}, 0),
    ("filter_in_range", {"low": 1800, "high": 1850}, []),
]


@pytest.mark.parametrize("store_name", ["ladybug", "neo4j_store"])
def test_a_range_keeps_its_ends_and_leaves_missing_values_out(store_name, request) -> None:
    store = request.getfixturevalue(store_name)
    projection = store.to_networkx()["G"]
    people = [d for _, d in projection.nodes(data=True) if d.get("label") == "Person"]
    with_born = sum(1 for d in people if isinstance(d.get("born"), int))
    assert 0 < with_born < len(people)
    for task, given, expected in RANGE_CASES:
        expected = with_born if expected == "every person with a birth year" else expected
        born = {"label": "Person", "property": "born", "returns": ["name"]}
        _both_give(store, projection, task, born | given, expected)


# ------------------------------------------------------------------ the median, the range, distinct values

#: Questions moved to dev when the median, the range (highest minus lowest) and the number of distinct
#: values became aggregates: the plan a person would choose. (flights-516, "Heathrow's longest and
#: shortest non-stop flights", runs unconfirmed: it does not say whether the flights leave or arrive.)
AGGREGATE_PLANS: dict[str, dict[str, Any]] = {
    "movies-484": {"task": "aggregate_property", "label": "Movie", "property": "released", "aggregate": "median"},
    "movies-485": {"task": "aggregate_property", "label": "Movie", "property": "released", "aggregate": "distinct"},
    "movies-518": {"task": "aggregate_property", "label": "Movie", "property": "released", "aggregate": "range"},
    "movies-235": {
        "task": "neighbour_aggregate",
        "entity": "Stand By Me",
        "rel_type": "ACTED_IN",
        "direction": "in",
        "property": "born",
        "aggregate": "range",
    },
}


def _node(projection: Any, key: str, value: str) -> Any:
    """The one node of the projection whose property ``key`` is ``value``."""
    (node,) = [n for n, d in projection.nodes(data=True) if d.get(key) == value]
    return node


@pytest.mark.parametrize("store_name", ["ladybug", "neo4j_store"])
def test_the_median_range_and_distinct_values_leave_missing_values_out(store_name, request) -> None:
    """An even number of values has the mean of the two middle ones as its median; missing values count
    in none of the aggregates; no values at all give no median and no range, and 0 distinct values."""
    store = request.getfixturevalue(store_name)
    projection = store.to_networkx()["G"]
    people = [d for _, d in projection.nodes(data=True) if d.get("label") == "Person"]
    born = sorted(d["born"] for d in people if isinstance(d.get("born"), int))
    assert 0 < len(born) < len(people)  # some people have no birth year (Dina Meyer, Ben Miles)
    for aggregate, expected in (
        ("median", statistics.median(born)),
        ("distinct", len(set(born))),
        ("range", born[-1] - born[0]),
    ):
        _both_give(
            store,
            projection,
            "aggregate_property",
            {"label": "Person", "property": "born", "aggregate": aggregate},
            expected,
        )
    parities = set()
    for name in ("Tom Hanks", "Keanu Reeves", "Robin Williams", "Laurence Fishburne"):
        films = [
            m for _, m, d in projection.out_edges(_node(projection, "name", name), data=True) if d["type"] == "ACTED_IN"
        ]
        released = sorted(projection.nodes[m]["released"] for m in films)
        parities.add(len(released) % 2)
        hop = {"entity": name, "entity_label": "Person", "entity_key": "name", "rel_type": "ACTED_IN"}
        _both_give(
            store,
            projection,
            "neighbour_aggregate",
            hop | {"direction": "out", "on": "b", "property": "released", "aggregate": "median"},
            statistics.median(released),
        )
    assert parities == {0, 1}  # an odd count has one middle value, an even count two
    nobody = {
        "entity": "Dina Meyer",
        "entity_label": "Person",
        "entity_key": "name",
        "rel_type": "DIRECTED",
        "direction": "out",
        "on": "b",
        "property": "released",
    }
    for aggregate, expected in (("median", None), ("range", None), ("distinct", 0)):
        _both_give(store, projection, "neighbour_aggregate", nobody | {"aggregate": aggregate}, expected)


# ------------------------------------------------------------------ "or later", and negative degrees

#: Questions moved to dev when "N or later/earlier" became a comparison keeping N and a minus sign or
#: "degrees west" a negative number: the plan a person would choose. (movies-227, -254, -288 and
#: flights-285 moved too; they ask what no task's readers confirm: co-stars filtered, actors only, "Tom
#: Hanks's films" where he acts, directs and writes, "more than 30 degrees south".)
COMPARED_PLANS: dict[str, dict[str, Any]] = {
    "movies-108": {"task": "count_where", "label": "Person", "property": "born", "op": ">=", "threshold": 1970},
    "movies-378": {"task": "filter_nodes", "label": "Movie", "property": "released", "op": ">=", "threshold": 2008},
    "movies-259": {
        "task": "neighbour_count_where",
        "entity": "Keanu Reeves",
        "rel_type": "ACTED_IN",
        "direction": "out",
        "property": "released",
        "op": ">=",
        "threshold": 2000,
    },
    "flights-177": {"task": "count_where", "label": "Airport", "property": "longitude", "op": "<", "threshold": -100},
    "flights-344": {
        "task": "filter_nodes",
        "label": "Airport",
        "property": "longitude",
        "op": "<",
        "threshold": -120,
        "returns": "code",
    },
}


# ------------------------------------------------------------------ property batch 24

#: Questions moved to dev when readers were fixed for them after property batch 24.
BATCH_24_PLANS: dict[str, dict[str, Any]] = {
    "movies-524": {
        "task": "relationship_property",
        "source": "Diane Keaton",
        "target": "Something's Gotta Give",
        "rel_type": "ACTED_IN",
        "property": "roles",
    },
    "flights-534": {"task": "connection_length", "source": "Zurich", "target": "Kahului"},
}
#: Moved to dev after batch 25 when a reader was fixed for it: the plan a person would choose.
BATCH_25_PLANS: dict[str, dict[str, Any]] = {
    "movies-554": {"task": "count_by_degree", "label": "Person", "rel_type": "PRODUCED", "op": ">=", "threshold": 1},
}

#: Moved to dev after batch 26 when readers were fixed for them (movies-287 of batch 12 with them: its
#: yes/no ask cut short after a dash is read as one since): the plan a person would choose.
BATCH_26_PLANS: dict[str, dict[str, Any]] = {
    "movies-287": {
        "task": "compare_values",
        "entity": "Leonardo DiCaprio",
        "other": "Christian Bale",
        "property": "born",
        "comparison": "same",
    },
    "movies-567": {
        "task": "linked_through",
        "entity": "Gene Hackman",
        "rel_type": "ACTED_IN",
        "other": "Robin Williams",
        "second_rel_type": "ACTED_IN",
    },
    "movies-570": {"task": "connection_path", "source": "Al Pacino", "target": "Hilary Swank"},
    "flights-562": {
        "task": "common_neighbours",
        "entity": "Mexico City",
        "other": "Johannesburg",
        "rel_type": "ROUTE",
        "direction": "in",
    },
}


def _most_often(entity: str, first: str, second: str) -> dict[str, Any]:
    """The nodes two steps from ``entity`` (over ``first``, then back into a movie over ``second``) most often."""
    return {
        "task": "top_two_hop",
        "entity": entity,
        "rel_type": first,
        "second_rel_type": second,
        "second_direction": "in",
    }


#: Questions moved to dev when top_two_hop came ("Which director has Tom Hanks acted for most often?"):
#: the plan a person would choose.
MOST_OFTEN_PLANS: dict[str, dict[str, Any]] = {
    "movies-50": _most_often("Tom Hanks", "ACTED_IN", "DIRECTED"),
    "movies-66": _most_often("Meg Ryan", "ACTED_IN", "ACTED_IN"),
    "movies-161": _most_often("Kevin Bacon", "ACTED_IN", "DIRECTED"),
    "movies-510": _most_often("Rob Reiner", "DIRECTED", "ACTED_IN"),
    "movies-536": _most_often("Tom Hanks", "ACTED_IN", "WROTE"),
    "movies-539": _most_often("Keanu Reeves", "ACTED_IN", "DIRECTED"),
}


# ------------------------------------------------------------------ names kept on relationships (roles)

#: Questions moved to dev when the names kept on relationships were resolved and by_relationship_value
#: came (movies-174 and movies-196 were dev already): the plan a person would choose.
VALUE_PLANS: dict[str, dict[str, Any]] = {
    "movies-29": {"task": "by_relationship_value", "value": "Ripley", "label": "Person", "entity": "Alien"},
    "movies-55": {"task": "by_relationship_value", "value": "Morpheus", "label": "Person"},
    "movies-102": {"task": "by_relationship_value", "value": "Maverick", "label": "Person", "entity": "Top Gun"},
    "movies-127": {"task": "by_relationship_value", "value": "Neo", "label": "Person"},
    "movies-150": {"task": "by_relationship_value", "value": "Commodus", "label": "Person"},
    "movies-174": {"task": "by_relationship_value", "value": "Iceman", "label": "Person", "entity": "Top Gun"},
    "movies-196": {"task": "by_relationship_value", "value": "Chuck Noland", "label": "Movie", "entity": "Tom Hanks"},
    "movies-297": {"task": "by_relationship_value", "value": "Skylar", "label": "Movie"},
    "movies-319": {"task": "by_relationship_value", "value": "Luisa Rey", "label": "Person", "entity": "Cloud Atlas"},
    "movies-492": {"task": "by_relationship_value", "value": "Rachael", "label": "Person", "entity": "Blade Runner"},
}


@pytest.mark.parametrize("store_name", ["ladybug", "neo4j_store"])
def test_the_relationship_types_a_named_node_has(store_name, request) -> None:
    store = request.getfixturevalue(store_name)
    projection = store.to_networkx()["G"]

    def typed(name: str, key: str, direction: str) -> list[str]:
        node = _node(projection, key, name)
        edges = projection.out_edges(node, data=True) if direction == "out" else projection.in_edges(node, data=True)
        return sorted({d["type"] for *_, d in edges})

    assert store.relationship_types("Person", "name", "Keanu Reeves", "out") == ["ACTED_IN"]
    for name, key, label, direction in [
        ("Tom Hanks", "name", "Person", "out"),
        ("Ridley Scott", "name", "Person", "out"),
        ("The Matrix", "title", "Movie", "in"),
        ("LHR", "code", "Airport", "out"),
    ]:
        assert store.relationship_types(label, key, name, direction) == typed(name, key, direction), name
    assert store.relationship_types("Person", "name", "Tom Hanks", "in") == []
    # the value travels as a parameter: a quote in it is a name like any other
    assert store.relationship_types("Person", "name", "Tom' OR 1=1 //", "out") == []


@pytest.mark.parametrize("store_name", ["ladybug", "neo4j_store"])
def test_names_kept_on_relationships_are_looked_up_by_their_words(store_name, request) -> None:
    store = request.getfixturevalue(store_name)
    found = store.relationship_values("ACTED_IN", "roles", ["morph", "neo"], 50)
    assert {"Neo", "Morpheus"} <= set(found) and all("neo" in v.lower() or "morph" in v.lower() for v in found)
    assert len(store.relationship_values("ACTED_IN", "roles", [], 3)) == 3  # the bounded scan
    assert store.relationship_values("ACTED_IN", "no_such_property", ["neo"], 5) == []
    # resolved as such, beside the named film; a lower-case word that is a role ("himself") names none
    entities = find_entities("Who played Neo in The Matrix?", store)
    assert [(e.value, e.on_relationship) for e in entities] == [("The Matrix", False), ("Neo", True)]
    assert not any(e.on_relationship for e in find_entities("Leaving himself out, who acted in Heat?", store))
    # a name typed in lower case is looked up when it is no everyday word (property batch 22, movies-492)
    lower = find_entities("blade runner - who played rachael?", store)
    assert [(e.value, e.on_relationship) for e in lower] == [("Blade Runner", False), ("Rachael", True)]


#: One opera, two singers: the part is one string on one relationship and a list on the other, as
#: Neo4j allows. (name of the singer, what SANG holds)
PARTS = [("Ana", "Carmen"), ("Ben", ["Don José", "Escamillo"])]


def test_a_name_kept_as_a_string_or_in_a_list_on_neo4j(property_neo4j_driver) -> None:
    # Written beside the benchmark's graphs under labels of their own, and removed again.
    with property_neo4j_driver.session() as session:
        session.run("CREATE (:Opera {title: 'Carmen'})").consume()
        for singer, part in PARTS:
            session.run(
                "MATCH (o:Opera {title: 'Carmen'}) CREATE (:Singer {name: $s})-[:SANG {part: $p}]->(o)",
                s=singer,
                p=part,
            ).consume()
    try:
        store = Neo4jStore("bolt://unused", ("neo4j", "unused"), driver=property_neo4j_driver)
        assert set(store.relationship_values("SANG", "part", ["carmen", "escamillo"], 10)) == {"Carmen", "Escamillo"}
        projection = store.to_networkx()["G"]
        sang = {"label": "Singer", "other_label": "Opera", "entity_key": "title", "rel_type": "SANG"}
        sang |= {"property": "part", "direction": "out", "returns": ["name"]}
        for value, entity, expected in [
            ("Carmen", None, ["Ana"]),
            ("Escamillo", "Carmen", ["Ben"]),
            ("Escamillo", "Aida", []),
        ]:
            _both_give(store, projection, "by_relationship_value", sang | {"value": value, "entity": entity}, expected)
    finally:
        with property_neo4j_driver.session() as session:
            session.run("MATCH (n) WHERE n:Singer OR n:Opera DETACH DELETE n").consume()


# ------------------------------------------------------------------ readers after property batch 14

#: Questions moved to dev when the readers after batch 14 came (a distance word, an answer named by
#: the property the ask names, "based in" and "where does X fly" going out): the plan a person would choose.
READER_PLANS: dict[str, dict[str, Any]] = {
    "flights-35": {
        "task": "top_neighbour_by_property",
        "entity": "Sydney",
        "rel_type": "ROUTE",
        "direction": "out",
        "property": "distance_km",
        "order": "highest",
    },
    "flights-158": {
        "task": "top_neighbour_by_property",
        "entity": "Johannesburg",
        "rel_type": "ROUTE",
        "direction": "out",
        "property": "distance_km",
        "order": "highest",
        "returns": "city",
    },
    "flights-321": {
        "task": "top_neighbour_by_property",
        "entity": "Munich",
        "rel_type": "ROUTE",
        "property": "distance_km",
        "order": "highest",
    },
    "flights-330": {"task": "neighbours", "entity": "Berlin", "rel_type": "ROUTE"},
}


# ------------------------------------------------------------------ how far apart two named nodes' values are

#: Questions moved to dev when value_difference came (ages at a release, years between two films,
#: years between two births): the plan a person would choose.
DIFFERENCE_PLANS: dict[str, dict[str, Any]] = {
    "movies-197": {
        "task": "value_difference",
        "entity": "Tom Hanks",
        "property": "born",
        "other": "Forrest Gump",
        "other_property": "released",
    },
    "movies-275": {
        "task": "value_difference",
        "entity": "Jack Nicholson",
        "property": "born",
        "other": "One Flew Over the Cuckoo's Nest",
        "other_property": "released",
    },
    "movies-306": {"task": "value_difference", "entity": "Max von Sydow", "other": "Ethan Hawke", "property": "born"},
    "movies-341": {
        "task": "value_difference",
        "entity": "Million Dollar Baby",
        "property": "released",
        "other": "Morgan Freeman",
        "other_property": "born",
    },
    "movies-348": {"task": "value_difference", "entity": "Footloose", "other": "Frost/Nixon", "property": "released"},
    "movies-372": {
        "task": "value_difference",
        "entity": "Hugo Weaving",
        "property": "born",
        "other": "V for Vendetta",
        "other_property": "released",
    },
}


# ------------------------------------------------------------------ two relationships of one named node compared

_HEATHROW = "London Heathrow Airport"
_NARITA, _HANEDA = "Narita International Airport", "Tokyo Haneda Airport"


def _compared(task: str, entity: str, direction: str, other: str, third: str, **rest: str) -> dict[str, Any]:
    return {
        "task": task,
        "entity": entity,
        "rel_type": "ROUTE",
        "direction": direction,
        "other": other,
        "third": third,
        "property": "distance_km",
        **rest,
    }


#: Questions moved to dev when compare_relationships and compare_relationship_values came (which of
#: two flights of one airport is longer, whether one is): the plan a person would choose.
COMPARED_RELATIONSHIP_PLANS: dict[str, dict[str, Any]] = {
    "flights-87": _compared("compare_relationships", "Sydney", "out", "Los Angeles", "Dallas", order="highest"),
    "flights-138": _compared("compare_relationships", _HEATHROW, "out", _NARITA, _HANEDA, order="highest"),
    "flights-139": _compared("compare_relationship_values", "Auckland", "in", "Doha", "Dubai", comparison="higher"),
    "flights-195": _compared("compare_relationship_values", "Seoul", "in", _NARITA, _HANEDA, comparison="lower"),
    "flights-281": _compared("compare_relationships", "Sydney", "in", "Doha", "Dubai", order="highest"),
    "flights-297": _compared("compare_relationships", "Amsterdam", "out", "Zurich", "Vienna", order="lowest"),
    "flights-314": _compared(
        "compare_relationship_values", "Cape Town", "in", "Amsterdam", "Frankfurt", comparison="higher"
    ),
    "flights-322": _compared("compare_relationships", "LAX", "out", _NARITA, _HANEDA, order="lowest"),
    "flights-369": _compared("compare_relationships", "Singapore", "out", "Sydney", "Melbourne", order="highest"),
    "flights-409": _compared(
        "compare_relationship_values", "Los Angeles", "out", "Sydney", "Melbourne", comparison="higher"
    ),
    "flights-416": _compared("compare_relationships", "Honolulu", "out", "Kahului", "Lihue", order="lowest"),
}


def test_a_flight_compared_without_a_direction_word_runs_unconfirmed(ladybug) -> None:
    # flights-86: "Is Heathrow to JFK a shorter flight than Heathrow to Boston?" says no "from"
    (question,) = [q for q in load_questions(split="dev") if q.id == "flights-86"]
    reply = _compared("compare_relationship_values", _HEATHROW, "out", "JFK", "Boston", comparison="lower")
    schema = ladybug.schema()
    entities = find_entities(question.text, ladybug, schema)
    task = get_task(reply["task"])
    _, findings = check_choice(task, reply, question.text, PropertyGraph.of(schema), entities, ladybug)
    assert findings and not any(f.hard for f in findings), [f.text for f in findings]


# ------------------------------------------------------------------ every node over one type, over another too

#: Questions moved to dev when all_linked_through came ("Did Christopher Nolan write all of the movies he
#: directed?"): the plan a person would choose.
ALL_LINKED_PLANS: dict[str, dict[str, Any]] = {
    "movies-239": {
        "task": "all_linked_through",
        "entity": "Clint Eastwood",
        "rel_type": "DIRECTED",
        "second_rel_type": "ACTED_IN",
    },
    "movies-358": {
        "task": "all_linked_through",
        "entity": "Christopher Nolan",
        "rel_type": "DIRECTED",
        "second_rel_type": "WROTE",
    },
    "movies-385": {
        "task": "all_linked_through",
        "entity": "Clint Eastwood",
        "rel_type": "DIRECTED",
        "second_rel_type": "PRODUCED",
    },
    "movies-432": {
        "task": "all_linked_through",
        "entity": "Joel Silver",
        "rel_type": "PRODUCED",
        "other": "Lana Wachowski",
        "second_rel_type": "WROTE",
    },
}


#: Questions moved to dev with a ranking of only the nodes that have one relationship ("the youngest
#: person to have directed a film"), which top_by_property refuses: top_among_linked ranks them (2026-12-06).
AMONG_PLANS: dict[str, dict[str, Any]] = {
    "movies-42": {
        "task": "top_among_linked",
        "label": "Person",
        "rel_type": "DIRECTED",
        "property": "born",
        "order": "highest",
    },
    # ... and a comparison of only those: "How many actors here were born before 1940?", "Which of the
    # actors in the database were born in 1930 or earlier?" (count_where and filter_nodes take everyone)
    "movies-41": {
        "task": "count_among_linked",
        "label": "Person",
        "rel_type": "ACTED_IN",
        "property": "born",
        "op": "<",
        "threshold": 1940,
    },
    "movies-254": {
        "task": "filter_among_linked",
        "label": "Person",
        "rel_type": "ACTED_IN",
        "property": "born",
        "op": "<=",
        "threshold": 1930,
    },
}


# ------------------------------------------------------------------ every moved question's plan

#: The plans of the questions moved to dev, by the fix that moved them: each is confirmed, and its
#: templates on the store and on the projection give the gold.
MOVED_PLAN_SETS: dict[str, dict[str, dict[str, Any]]] = {
    "ranked": RANKED_PLANS,
    "top_few": TOP_FEW_PLANS,
    "place": PLACE_PLANS,
    "but_not": BUT_NOT_PLANS,
    "shared": SHARED_PLANS,
    "shared_count": SHARED_COUNT_PLANS,
    "counted": COUNTED_PLANS,
    "all": ALL_PLANS,
    "range": RANGE_PLANS,
    "aggregate": AGGREGATE_PLANS,
    "compared": COMPARED_PLANS,
    "batch_24": BATCH_24_PLANS,
    "batch_25": BATCH_25_PLANS,
    "batch_26": BATCH_26_PLANS,
    "value": VALUE_PLANS,
    "reader": READER_PLANS,
    "difference": DIFFERENCE_PLANS,
    "compared_relationship": COMPARED_RELATIONSHIP_PLANS,
    "all_linked": ALL_LINKED_PLANS,
    "most_often": MOST_OFTEN_PLANS,
    "among": AMONG_PLANS,
}
#: Those asked of GraphQA end to end too, with the plan as the LLM's reply: verified and right.
ASKED_PLAN_SETS = [
    "aggregate", "compared", "batch_24", "value", "reader", "difference", "compared_relationship", "all_linked",
    "most_often", "batch_25", "batch_26", "among",
]  # fmt: skip


@pytest.mark.parametrize("store_name", ["ladybug", "neo4j_store"])
@pytest.mark.parametrize("plans", list(MOVED_PLAN_SETS))
def test_moved_plans_agree_with_the_projection_and_the_gold(plans, store_name, request) -> None:
    _moved_plans_agree(request.getfixturevalue(store_name), MOVED_PLAN_SETS[plans])


@pytest.mark.parametrize("store_name", ["ladybug", "neo4j_store"])
@pytest.mark.parametrize("plans", ASKED_PLAN_SETS)
def test_moved_plans_asked_end_to_end_are_verified_and_right(plans, store_name, request, library) -> None:
    _moved_plans_asked_are_verified_and_right(request.getfixturevalue(store_name), MOVED_PLAN_SETS[plans], library)
