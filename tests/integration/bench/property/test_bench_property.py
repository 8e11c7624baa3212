"""`grraf bench --tasks property` end to end with a scripted model: the real loop, the real store, the checkers."""

from __future__ import annotations

import json
from typing import Any

import pytest
from click.testing import CliRunner
from langchain_core.messages import BaseMessage

from grraf.bench.command import bench
from grraf.bench.property.bench import open_property_store, property_questions, split_tasks
from grraf.bench.property.questions import all_questions
from grraf.bench.runner import run
from grraf.config import Settings
from grraf.errors import ConfigError
from grraf.llm.scripted import ScriptedChatModel

PYTHON = {
    "movies-21": (
        "from collections import Counter\n"
        "acted = Counter(u for u, v, d in G.edges(data=True) if d['type'] == 'ACTED_IN')\n"
        "answer = acted.most_common(1)[0][0]"
    ),
}


def oracle_model(calls: int = 200) -> ScriptedChatModel:
    """Replies to every stage with the question's hand-written query (Cypher, or Python when asked for Python)."""
    by_text = {q.text: q for q in all_questions()}

    def reply(messages: list[BaseMessage]) -> str:
        prompt = "\n".join(str(m.content) for m in messages)
        if "\n- none: " in prompt:  # the plan stage: no registry task, write code
            return '{"task": "none"}'
        # the question asked is the first "Question:" line; worked examples shown after it have their own
        asked = prompt.split("Question: ", 1)[1].split("\n", 1)[0] if "Question: " in prompt else ""
        question = by_text.get(asked) or max((q for t, q in by_text.items() if t in prompt), key=lambda q: len(q.text))
        if "Write Python code" in prompt:
            return f"```python\n{PYTHON[question.id]}\n```"
        return f"```cypher\n{question.cypher_for('ladybug')}\n```"

    return ScriptedChatModel(script=[reply] * calls)


def test_property_questions_through_the_loop_on_ladybug(tmp_path, settings):
    ids = {"movies-01", "movies-02", "movies-13", "movies-18", "flights-17", "flights-21"}
    questions = [q for q in property_questions() if q.id in ids]
    store = open_property_store("ladybug", tmp_path, settings)
    result = run(questions, ["grraf-cypher"], tmp_path, settings=settings, chat_model=oracle_model(), store=store)
    rows = {r["id"]: r for r in result.rows}
    assert set(rows) == ids
    for row in rows.values():
        # code the LLM wrote, run on the store, nothing independent confirmed it: executed
        assert row["correct"] and row["trust"] == "executed" and row["error"] is None, row
        assert row["store"] == "ladybug" and row["kind"] and row["split"] in ("dev", "test")
    assert (tmp_path / "property.lbug").exists()


def test_grraf_networkx_projects_the_store(tmp_path, settings):
    questions = [q for q in property_questions() if q.id == "movies-21"]
    store = open_property_store("ladybug", tmp_path, settings)
    result = run(questions, ["grraf-networkx"], tmp_path, settings=settings, chat_model=oracle_model(), store=store)
    (row,) = result.rows
    assert row["correct"] and row["trust"] == "executed" and row["value"] == "Tom Hanks", row


def test_a_wrong_answer_is_scored_wrong(tmp_path, settings):
    questions = [q for q in property_questions() if q.id == "movies-09"]  # 13 people directed more than one

    def miscount(messages: list[BaseMessage]) -> str:
        # the miscount the issue saw: DIRECTED relationships instead of people
        if "\n- none: " in "\n".join(str(m.content) for m in messages):
            return '{"task": "none"}'
        return "```cypher\nMATCH (:Person)-[r:DIRECTED]->(:Movie) RETURN count(r)\n```"

    store = open_property_store("ladybug", tmp_path, settings)
    model = ScriptedChatModel(script=[miscount] * 20)
    (row,) = run(questions, ["grraf-cypher"], tmp_path, settings=settings, chat_model=model, store=store).rows
    assert row["value"] == 56 and not row["correct"]


@pytest.mark.filterwarnings("error::UserWarning")  # the report's plots warned of a legend with no lines
def test_bench_command_runs_the_property_set(tmp_path, monkeypatch):
    model = oracle_model()
    monkeypatch.setattr("grraf.llm.factory.make_chat_model", lambda settings: model)
    monkeypatch.setenv("GRRAF_HOME", str(tmp_path / "home"))
    out = tmp_path / "out"
    args = ["--tasks", "property", "--split", "dev", "--methods", "grraf-cypher", "--out", str(out), "--no-templates"]
    dry = CliRunner().invoke(bench, [*args, "--dry-run"])
    assert dry.exit_code == 0, dry.output
    assert f"property: {len(property_questions('dev'))}" in dry.output
    batch2 = CliRunner().invoke(bench, [*args[:3], "test", *args[4:], "--batch", "2", "--dry-run"])
    assert batch2.exit_code == 0, batch2.output
    assert f"property: {len(property_questions('test', batch=2))}" in batch2.output
    assert len(property_questions("test", batch=2)) < len(property_questions("test"))
    batch3 = CliRunner().invoke(bench, [*args[:3], "test", *args[4:], "--batch", "3", "--dry-run"])
    assert batch3.exit_code == 0, batch3.output
    # 48 written, all test; those a fix was made for since have moved to dev
    fresh3 = len(property_questions("test", batch=3))
    assert f"property: {fresh3}" in batch3.output and 0 < fresh3 < 48
    batch4 = CliRunner().invoke(bench, [*args[:3], "test", *args[4:], "--batch", "4", "--dry-run"])
    assert batch4.exit_code == 0, batch4.output
    assert f"property: {len(property_questions('test', batch=4))}" in batch4.output
    # Batches 5 to 9: 48 written each (5 on 2026-11-26, 6 to 9 on 2026-11-27), all test; each run once,
    # and those a fix was made for since moved to dev
    for later in (5, 6, 7, 8, 9):
        batch = CliRunner().invoke(bench, [*args[:3], "test", *args[4:], "--batch", str(later), "--dry-run"])
        assert batch.exit_code == 0, batch.output
        fresh = len(property_questions("test", batch=later))
        assert f"property: {fresh}" in batch.output and 30 < fresh < 48, later
    # Batches 10 to 18: 48 written each on 2026-11-27 to 2026-11-29 by someone who had not seen grraf's
    # answers nor its property code, all test, each run once (batch 15: ladybug and its first 16
    # questions on Neo4j; batch 17: Neo4j with the peers; batch 18: ladybug and Neo4j); those a fix was
    # made for since moved to dev
    for later in (10, 11, 12, 13, 14, 15, 16, 17, 18):
        batch = CliRunner().invoke(bench, [*args[:3], "test", *args[4:], "--batch", str(later), "--dry-run"])
        assert batch.exit_code == 0, batch.output
        fresh = len(property_questions("test", batch=later))
        assert f"property: {fresh}" in batch.output and 30 < fresh <= 48, later
    # Batches 19 to 32, written by someone who had not seen grraf's answers nor its property code, all
    # test, each run once; the test questions each keeps (those a fix was made for moved to dev):
    # - 19 (2026-11-29, 48): run on ladybug. Two texts were read while it ran (flights-440, -458), so they
    #   moved to dev before any fix; flights-442, -445, -452, -455 and movies-438, -442, -444, -445, -452
    #   moved when readers were written for them;
    # - 20 (2026-11-29, 32): both stores. movies-467 and flights-463, -465, -467, -468, -471 moved when
    #   readers were written for them, flights-472 when place adjectives were read;
    # - 21 (2026-11-29, 32): both stores. movies-487, flights-492, movies-480 and flights-477 moved when
    #   readers were written for them, movies-484 and -485 when the median and distinct values came;
    # - 22 (2026-11-29, 32): both stores. movies-499 and movies-492 moved when readers were fixed for them;
    # - 23 (2026-11-29, 32): both stores. movies-518 and flights-516 moved when the range came;
    # - 24 (2026-11-30, 32): both stores, Neo4j with the peers. movies-524 and flights-534 moved when
    #   readers were fixed for them, movies-536 and -539 when top_two_hop came (so did movies-510 of 23);
    # - 25 (2026-11-30, 32): both stores, Neo4j with the peers. movies-542 moved when the free-text name was
    #   bounded, movies-548, -549, -551 and -554 when readers were fixed for them (so did movies-474 of 20);
    # - 26 (2026-12-06, 32): both stores, Neo4j with the peers. movies-560, -567, -570 and flights-562 moved
    #   when readers were fixed for them (so did movies-287 of 12);
    # - 27 (2026-12-06, 32): both stores, Neo4j with the peers. movies-579, -587 and flights-578 moved when
    #   readers were fixed for them;
    # - 28 (2026-12-06, 32): both stores, Neo4j with the peers. movies-596 moved when a number of nodes
    #   became a finding against aggregate_property;
    # - 29 (2026-12-07, 32): both stores, Neo4j with the peers. movies-607, -609 and flights-605 moved when
    #   readers were fixed for them, flights-614 when a rerun flagged it verified and wrong;
    # - 30 (2026-12-07, 32): both stores (no peers). movies-624 and flights-629 moved when readers were fixed
    #   for them;
    # - 31 (2026-12-07, 32): both stores (no peers). movies-636 and -642 moved when readers were fixed for them;
    # - 32 (2026-12-08, 32): both stores (no peers). movies-657 and flights-657 moved when readers were fixed
    #   for them;
    # Moved 2026-12-07 when a direction the words give was no longer asked for, and the readers it exposed
    # were fixed: flights-460 of 19, flights-530 of 24, flights-548 of 25 (and flights-95, -100 of 4,
    # -169 of 7, -332 of 14, -381 of 16).
    kept = {
        19: 36,
        20: 24,
        21: 25,
        22: 30,
        23: 29,
        24: 27,
        25: 25,
        26: 28,
        27: 29,
        28: 31,
        29: 28,
        30: 30,
        31: 30,
        32: 30,
    }
    for later, count in kept.items():
        batch = CliRunner().invoke(bench, [*args[:3], "test", *args[4:], "--batch", str(later), "--dry-run"])
        assert batch.exit_code == 0, batch.output
        assert len(property_questions("test", batch=later)) == count, later
        assert f"property: {count}" in batch.output, later
    ids = [q.id for q in property_questions("dev")][:3]
    only: list[Any] = []

    def three(questions, *a, **kw):  # run three questions, not the whole half
        only.append(kw["store"].name)
        return run([q for q in questions if q.id in ids], *a, **kw)

    monkeypatch.setattr("grraf.bench.command.run", three)
    result = CliRunner().invoke(bench, args)
    assert result.exit_code == 0, result.output
    rows = [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines()]
    assert only == ["ladybug"] and {r["id"] for r in rows} == set(ids)
    assert all(r["correct"] for r in rows)


@pytest.mark.neo4j
def test_neo4j_is_filled_once_and_other_data_is_refused(property_neo4j_driver):
    from grraf.bench.property.bench import ensure_in_neo4j

    assert ensure_in_neo4j(property_neo4j_driver) is False  # the session fixture wrote them already
    with property_neo4j_driver.session() as s:
        s.run("CREATE (:Person {name: 'Someone Else'})").consume()
    try:
        with pytest.raises(ConfigError, match="Person"):
            ensure_in_neo4j(property_neo4j_driver)
    finally:
        with property_neo4j_driver.session() as s:
            s.run("MATCH (p:Person {name: 'Someone Else'}) DELETE p").consume()


def test_split_tasks_and_unknown_store():
    assert split_tasks("property,flow") == ("flow", True)
    with pytest.raises(ConfigError):
        open_property_store("sqlite", ".", Settings())
