"""The runner with a fake agent: complete rows, resume, crash handling, one shared model."""

from __future__ import annotations

import json
import sys
import types
from dataclasses import replace
from pathlib import Path
from typing import Any

import networkx as nx
import pytest

from grraf.bench import runner
from grraf.bench.dataset import generate
from grraf.bench.question import Question, format_label
from grraf.bench.runner import (
    GRRAF_METHODS,
    METHODS,
    STORE_METHODS,
    BenchAborted,
    answer_row,
    done_pairs,
    latest_rows,
    parse_methods,
    read_rows,
    run,
)
from grraf.bench.scale import scale_questions
from grraf.config import Settings
from grraf.errors import ConfigError
from grraf.types import Answer, Attempt, LLMCall, TokenUsage

ROW_KEYS = {
    "id", "task", "method", "correct", "verified", "fallback", "value", "answer", "tokens_in", "tokens_out",
    "llm_calls", "seconds", "attempts", "attempt_details", "entered_feedback_error", "entered_feedback_timeout",
    "nodes", "edges", "error", "trust", "phrasing_id", "phrasing_split", "negated",
}  # fmt: skip


def make_answer(text: str, value: Any, *, statuses: tuple[str, ...] = ("ok",), fallback: str | None = None) -> Answer:
    attempts = tuple(
        Attempt(code="answer = 1", status=s, error=None if s == "ok" else s, seconds=0.1) for s in statuses
    )  # type: ignore[arg-type]
    calls = (LLMCall("refine", TokenUsage(100, 20), 0.5), LLMCall("generate", TokenUsage(300, 80), 1.0))
    return Answer(
        question=text,
        answer=str(value),
        value=value,
        trust="verified" if statuses[-1:] == ("ok",) and fallback is None else "fallback",
        attempts=attempts,
        llm_calls=calls,
        seconds=1.5,
        backend="fake",
        fallback_reason=fallback,
    )


class World:
    """What the fake agent saw and how it behaves."""

    def __init__(self, labels: dict[str, Any]) -> None:
        self.labels = labels
        self.instances: list[FakeGraphQA] = []
        self.direct_calls = 0
        self.graphs: list[Any] = []
        self.models: set[int] = set()
        self.crash_on: set[tuple[str, str]] = set()


class FakeGraphQA:
    world: World

    def __init__(self, *, backend: str, chat_model: Any, settings: Settings) -> None:
        self.backend, self.settings, self.closed = backend, settings, False
        self.world.instances.append(self)
        self.world.models.add(id(chat_model))

    @property
    def method(self) -> str:
        if self.settings.max_retries == 0 and not self.settings.fallback:
            return "grraf-no-retry"
        return f"grraf-{self.backend}"

    def close(self) -> None:
        self.closed = True

    def ask(self, text: str, *, graph: Any = None) -> Answer:
        if (text, self.method) in self.world.crash_on:
            raise RuntimeError("sandbox exploded")
        self.world.graphs.append(graph)
        label = self.world.labels[text]
        if self.method == "grraf-networkx":
            # first attempt errors, second times out, third works: feedback both ways
            return make_answer(text, label, statuses=("error", "timeout", "ok"))
        if self.method == "grraf-cypher":
            return make_answer(text, None, statuses=("error", "error", "error", "error"), fallback="4 attempts failed")
        return make_answer(text, label, statuses=("error",))  # no-retry: right value, but not executed


def install_fake_agent(monkeypatch: pytest.MonkeyPatch, labels: dict[str, Any]) -> World:
    world = World(labels)
    world.code_calls = []  # type: ignore[attr-defined]

    def solve_with_code(text: str, graph: Any, *, chat_model: Any, settings: Settings, rounds: int, method: str):
        world.code_calls.append((method, rounds, graph))  # type: ignore[attr-defined]
        world.models.add(id(chat_model))
        if method == "code-once":
            return replace(make_answer(text, None, statuses=("error",), fallback="no attempt ran"), answer="")
        return make_answer(text, labels[text], statuses=("error", "ok"))

    monkeypatch.setattr(runner, "solve_with_code", solve_with_code)
    FakeGraphQA.world = world
    module = types.ModuleType("grraf.agent")

    def answer_directly(text: str, *, chat_model: Any, settings: Settings) -> Answer:
        world.direct_calls += 1
        world.models.add(id(chat_model))
        return Answer(
            question=text,
            answer="Reasoning... ### " + format_label(labels[text]),
            value=None,
            trust="fallback",
            attempts=(),
            llm_calls=(LLMCall("direct", TokenUsage(900, 200), 3.0),),
            seconds=3.0,
            backend="direct",
            fallback_reason="direct answer (no code)",
            reasoning="Reasoning...",
        )

    module.GraphQA = FakeGraphQA  # type: ignore[attr-defined]
    module.answer_directly = answer_directly  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "grraf.agent", module)
    return world


@pytest.fixture
def questions() -> list[Question]:
    return generate("connectivity,flow,topology", 2, seed=4)


def labels_of(qs: list[Question]) -> dict[str, Any]:
    return {q.text: q.answer for q in qs}


def test_rows_are_complete_and_scored(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, questions) -> None:
    world = install_fake_agent(monkeypatch, labels_of(questions))
    model = object()
    result = run(questions, METHODS, tmp_path, settings=Settings(), chat_model=model)
    rows = read_rows(tmp_path / "results.jsonl")
    assert len(rows) == len(result.rows) == len(questions) * len(METHODS)
    for row in rows:
        assert set(row) >= ROW_KEYS, ROW_KEYS - set(row)
        json.dumps(row)
    by = {(r["id"], r["method"]): r for r in rows}
    first = questions[0].id
    nx_row = by[(first, "grraf-networkx")]
    assert nx_row["correct"] and nx_row["verified"] and not nx_row["fallback"]
    assert nx_row["attempts"] == ["error", "timeout", "ok"]
    details = nx_row["attempt_details"]
    assert [d["status"] for d in details] == ["error", "timeout", "ok"]
    assert details[0]["code"] == "answer = 1" and details[0]["error"] == "error" and details[2]["error"] is None
    assert nx_row["entered_feedback_error"] and nx_row["entered_feedback_timeout"]
    assert (nx_row["tokens_in"], nx_row["tokens_out"], nx_row["llm_calls"]) == (400, 100, 2)
    assert nx_row["nodes"] == questions[0].meta["nodes"]
    cy = by[(first, "grraf-cypher")]
    assert cy["fallback"] and not cy["verified"] and not cy["correct"]
    assert cy["entered_feedback_error"] and not cy["entered_feedback_timeout"]
    single = by[(first, "grraf-no-retry")]
    assert not single["correct"], "a failed grraf-no-retry attempt scores wrong even with the right value"
    assert not single["entered_feedback_error"]  # the only attempt is the last one
    direct = by[(first, "direct")]
    assert direct["correct"] and not direct["fallback"] and direct["tokens_in"] == 900
    assert direct["reply"] == "Reasoning..." and nx_row["reply"] is None
    assert (nx_row["trust"], cy["trust"], direct["trust"]) == ("verified", "fallback", "fallback")
    # the code baselines: code-once got no rounds and no answer; code-feedback max_retries rounds
    once, feedback = by[(first, "code-once")], by[(first, "code-feedback")]
    assert (once["trust"], once["correct"], once["fallback"]) == ("none", False, False)
    assert feedback["correct"] and feedback["attempts"] == ["error", "ok"] and not feedback["fallback"]
    calls = {(m, r) for m, r, _ in world.code_calls}
    assert calls == {("code-once", 0), ("code-feedback", Settings().max_retries)}
    assert all(g is q.graph for (_, _, g), q in zip(world.code_calls[::2], questions, strict=True))
    assert all(isinstance(g, nx.Graph) for _, _, g in world.code_calls), "the generator's graph, loaded"
    assert nx_row["phrasing_id"] is None and nx_row["negated"] is None
    # one model for everything; one agent per GraphQA method, all closed
    assert world.models == {id(model)}
    assert sorted(i.method for i in world.instances) == ["grraf-cypher", "grraf-networkx", "grraf-no-retry"]
    assert all(i.closed for i in world.instances)
    single_settings = next(i.settings for i in world.instances if i.method == "grraf-no-retry")
    assert single_settings.max_retries == 0 and single_settings.fallback is False
    assert world.graphs == [None] * (3 * len(questions)), "graph-in-text questions give grraf no graph="


def test_agents_are_closed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, questions) -> None:
    world = install_fake_agent(monkeypatch, labels_of(questions))
    world.crash_on = {(questions[0].text, "grraf-networkx")}  # closed even after a crash
    run(questions[:2], ["grraf-networkx", "grraf-no-retry"], tmp_path, settings=Settings(), chat_model=object())
    assert sorted(i.method for i in world.instances) == ["grraf-networkx", "grraf-no-retry"]
    assert all(i.closed for i in world.instances)


def test_resume_skips_done_pairs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, questions) -> None:
    world = install_fake_agent(monkeypatch, labels_of(questions))
    half = questions[:3]
    run(half, ["grraf-networkx", "direct"], tmp_path, settings=Settings(), chat_model=object())
    assert world.direct_calls == 3
    skipped: list[tuple[str, str]] = []
    result = run(
        questions,
        ["grraf-networkx", "direct"],
        tmp_path,
        settings=Settings(),
        chat_model=object(),
        on_skip=lambda q, m: skipped.append((q.id, m)),
    )
    assert result.skipped == 6 and len(skipped) == 6
    assert len(result.rows) == 2 * (len(questions) - 3)
    assert world.direct_calls == len(questions)
    rows = read_rows(tmp_path / "results.jsonl")
    pairs = [(r["id"], r["method"]) for r in rows]
    assert len(pairs) == len(set(pairs)) == 2 * len(questions)
    # a third run has nothing to do
    again = run(questions, ["grraf-networkx", "direct"], tmp_path, settings=Settings(), chat_model=object())
    assert again.rows == () and again.skipped == 2 * len(questions)


def test_crash_becomes_an_error_row_and_is_retried(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, questions) -> None:
    world = install_fake_agent(monkeypatch, labels_of(questions))
    world.crash_on = {(questions[1].text, "grraf-networkx")}
    run(questions, ["grraf-networkx"], tmp_path, settings=Settings(), chat_model=object())
    rows = read_rows(tmp_path / "results.jsonl")
    crashed = [r for r in rows if r["error"]]
    assert len(crashed) == 1 and "sandbox exploded" in crashed[0]["error"] and not crashed[0]["correct"]
    assert (questions[1].id, "grraf-networkx") not in done_pairs(tmp_path / "results.jsonl")
    world.crash_on = set()
    result = run(questions, ["grraf-networkx"], tmp_path, settings=Settings(), chat_model=object())
    assert [r["id"] for r in result.rows] == [questions[1].id]
    assert (questions[1].id, "grraf-networkx") in done_pairs(tmp_path / "results.jsonl")


def test_repeated_crashes_abort(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, questions) -> None:
    world = install_fake_agent(monkeypatch, labels_of(questions))
    world.crash_on = {(q.text, "grraf-networkx") for q in questions}
    with pytest.raises(BenchAborted, match="in a row"):
        run(questions, ["grraf-networkx"], tmp_path, settings=Settings(), chat_model=object(), max_consecutive_errors=3)
    assert len(read_rows(tmp_path / "results.jsonl")) == 3  # every row before the abort was kept


def test_config_error_fails_the_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, questions) -> None:
    install_fake_agent(monkeypatch, labels_of(questions))

    def broken(**kwargs: Any) -> None:
        raise ConfigError("ladybug is not installed")

    monkeypatch.setattr(sys.modules["grraf.agent"], "GraphQA", broken)
    with pytest.raises(ConfigError):
        run(questions, ["grraf-cypher"], tmp_path, settings=Settings(), chat_model=object())


def test_interrupted_file_with_torn_line_resumes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, questions) -> None:
    install_fake_agent(monkeypatch, labels_of(questions))
    run(questions[:2], ["grraf-networkx"], tmp_path, settings=Settings(), chat_model=object())
    with (tmp_path / "results.jsonl").open("a") as f:
        f.write('{"id": "half a ro')  # the process died mid-write
    result = run(questions, ["grraf-networkx"], tmp_path, settings=Settings(), chat_model=object())
    assert len(result.rows) == len(questions) - 2


def test_scale_questions_pass_the_graph(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    qs = scale_questions((50, 80), per_size=2, seed=1, graph_dir=tmp_path / "graphs")
    world = install_fake_agent(monkeypatch, labels_of(qs))
    loads: list[str] = []

    def loader(path: str) -> nx.Graph:
        loads.append(path)
        return nx.path_graph(3)

    run(qs, ["grraf-networkx", "direct"], tmp_path, settings=Settings(), chat_model=object(), graph_loader=loader)
    assert len(loads) == 2, "each scale graph is loaded once"
    assert all(isinstance(g, nx.Graph) for g in world.graphs) and len(world.graphs) == 4
    assert world.direct_calls == 0, "the direct baseline cannot see a separately given graph"
    rows = read_rows(tmp_path / "results.jsonl")
    assert {r["set"] for r in rows} == {"scale"} and {r["size"] for r in rows} == {50, 80}


def test_parse_methods() -> None:
    assert parse_methods("networkx,cypher") == ("grraf-networkx", "grraf-cypher")
    assert parse_methods("single-shot,code-once") == ("grraf-no-retry", "code-once")
    assert set(GRRAF_METHODS) <= set(METHODS) | set(STORE_METHODS) and "single-shot" not in METHODS
    assert "grraf-neo4j" not in METHODS  # it needs a server: named explicitly, never in "all"
    with pytest.raises(ConfigError):
        parse_methods("telepathy")


def test_old_single_shot_rows_read_as_grraf_no_retry_and_count_as_done(tmp_path: Path) -> None:
    path = tmp_path / "results.jsonl"
    path.write_text(json.dumps({"id": "flow-s0-0000", "method": "single-shot", "correct": True, "error": None}) + "\n")
    assert done_pairs(path) == {("flow-s0-0000", "grraf-no-retry")}
    assert [r["method"] for r in latest_rows(read_rows(path))] == ["grraf-no-retry"]


def test_code_baselines_skip_questions_without_a_graph(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    q = Question("flow-file-0000", "flow", "What is the maximum flow from node 0 to node 1?", 3)
    world = install_fake_agent(monkeypatch, {q.text: 3})
    skipped: list[str] = []
    run(
        [q],
        ["code-once", "direct"],
        tmp_path,
        settings=Settings(),
        chat_model=object(),
        on_skip=lambda q, m: skipped.append(m),
    )
    assert skipped == ["code-once"] and world.code_calls == [] and world.direct_calls == 1


def test_answer_row_handles_odd_values(questions) -> None:
    answer = make_answer("x", {"order": (2, 0, 1)})
    row = answer_row(questions[0], "grraf-networkx", answer)
    assert row["value"] == {"order": [2, 0, 1]}
    json.dumps(row)


def test_runner_module_loads_the_real_agent_lazily() -> None:
    # importing the runner must not import the agent (it pulls in the LLM stack)
    assert "GraphQA" not in vars(runner)


def test_a_property_question_row_says_which_batch_it_is_from() -> None:
    from grraf.bench.property.bench import property_questions

    by_id = {q.id: q for q in property_questions()}
    for qid, batch in (("movies-01", 1), ("flights-29", 2), ("movies-52", 3)):
        row = answer_row(by_id[qid], "grraf-cypher", make_answer("x", None))
        assert row["batch"] == batch and row["graph"] and row["split"]
        json.dumps(row)
