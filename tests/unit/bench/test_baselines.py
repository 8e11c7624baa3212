"""The raw-model baselines with a scripted model and the real sandbox: prompts, one attempt, feedback."""

from __future__ import annotations

from pathlib import Path

import networkx as nx
import pytest
from langchain_core.messages import AIMessage, HumanMessage, SystemMessage

from grraf.bench.baselines import direct_text, graph_as_text, solve_with_code
from grraf.bench.question import Question
from grraf.bench.runner import read_rows, run
from grraf.config import Settings
from grraf.prompts import load_prompt
from tests.fakes import fenced, scripted

QUESTION = "How much water can get from junction 0 to junction 3 if the weights are pipe capacities?"
GOOD = "answer = nx.maximum_flow_value(G, 0, 3, capacity='weight')"
BROKEN = "answer = nx.maximum_flow_value(G, 0, 3, capacity='weight') / 0"


@pytest.fixture
def pipes() -> nx.DiGraph:
    g = nx.DiGraph()
    g.add_weighted_edges_from([(0, 1, 4), (1, 3, 2), (0, 2, 3), (2, 3, 5), (1, 2, 1)])
    return g


def test_code_once_runs_one_attempt_in_the_sandbox(pipes: nx.DiGraph, settings: Settings) -> None:
    model = scripted(fenced(GOOD))
    answer = solve_with_code(QUESTION, pipes, chat_model=model, settings=settings, rounds=0, method="code-once")
    assert answer.value == 6 and answer.trust == "executed" and answer.answer == "6"
    assert [a.status for a in answer.attempts] == ["ok"] and answer.code == GOOD
    assert len(answer.llm_calls) == 1 and answer.llm_calls[0].stage == "code-once"
    (prompt,) = model.prompts
    assert isinstance(prompt[0], SystemMessage) and isinstance(prompt[1], HumanMessage)
    text = model.prompt_text(0)
    # told what G is: type and direction, size, attribute names; and the question, nothing more
    assert "networkx.DiGraph (directed), 4 nodes, 5 edges" in text and "weight" in text
    assert QUESTION in text and "`answer`" in text
    assert "template" not in text.lower() and "task:" not in text.lower(), "no refine, no templates"


def test_code_once_does_not_retry_and_has_no_fallback(pipes: nx.DiGraph, settings: Settings) -> None:
    model = scripted(fenced(BROKEN))  # a second call would find the script empty and raise
    answer = solve_with_code(QUESTION, pipes, chat_model=model, settings=settings, rounds=0, method="code-once")
    assert answer.value is None and answer.answer == "" and answer.trust == "fallback"
    assert [a.status for a in answer.attempts] == ["error"] and "ZeroDivisionError" in (answer.attempts[0].error or "")
    assert answer.fallback_reason and "no fallback" in answer.fallback_reason
    assert len(model.prompts) == 1


def test_code_feedback_sends_the_code_and_its_error_back(pipes: nx.DiGraph, settings: Settings) -> None:
    model = scripted(fenced(BROKEN), fenced(GOOD))
    answer = solve_with_code(QUESTION, pipes, chat_model=model, settings=settings, rounds=3, method="code-feedback")
    assert answer.value == 6 and [a.status for a in answer.attempts] == ["error", "ok"]
    assert [c.stage for c in answer.llm_calls] == ["code-feedback", "code-feedback-feedback"]
    second = model.prompts[1]
    assert [type(m) for m in second] == [SystemMessage, HumanMessage, AIMessage, HumanMessage]
    assert second[1].content == model.prompts[0][1].content, "the same question prompt"
    assert second[2].content == f"```python\n{BROKEN}\n```", "its own code"
    assert "ZeroDivisionError" in str(second[3].content) and "Fix the code" in str(second[3].content)


def test_code_feedback_stops_after_n_rounds(pipes: nx.DiGraph, settings: Settings) -> None:
    model = scripted(*(fenced(BROKEN) for _ in range(3)))
    answer = solve_with_code(QUESTION, pipes, chat_model=model, settings=settings, rounds=2, method="code-feedback")
    assert answer.value is None and len(answer.attempts) == 3 and len(model.prompts) == 3
    # only the latest attempt stays in the conversation
    assert all(len(p) == 4 for p in model.prompts[1:])


def test_a_reply_without_code_and_code_that_edits_g_are_fed_back(pipes: nx.DiGraph, settings: Settings) -> None:
    model = scripted("The answer is probably 5.", fenced("G.add_edge(0, 3, weight=100)\nanswer = 1"), fenced(GOOD))
    answer = solve_with_code(QUESTION, pipes, chat_model=model, settings=settings, rounds=2, method="code-feedback")
    assert [a.status for a in answer.attempts] == ["rejected", "rejected", "ok"] and answer.value == 6
    assert model.prompts[1][2].content == "The answer is probably 5.", "the reply as it was, not fenced"
    assert "no python code" in str(model.prompts[1][3].content)


def test_a_time_out_is_an_attempt_like_any_other(pipes: nx.DiGraph, settings: Settings) -> None:
    model = scripted(fenced("while True:\n    pass"), fenced(GOOD))
    quick = settings.with_(timeout=1.0)
    answer = solve_with_code(QUESTION, pipes, chat_model=model, settings=quick, rounds=1, method="code-feedback")
    assert [a.status for a in answer.attempts] == ["timeout", "ok"] and answer.value == 6


def test_prompts_are_data_and_declare_their_inputs() -> None:
    assert load_prompt("baseline_code").inputs == {"question", "graph"}
    assert load_prompt("baseline_feedback").inputs == {"error"}


def test_direct_text_shows_the_whole_graph() -> None:
    g = nx.Graph()
    for node, weight in enumerate([3, 8, 1, 6]):
        g.add_node(node, weight=weight)
    g.add_edges_from([(0, 1), (1, 2), (0, 2), (2, 3)])
    text = direct_text("Which triangle is heaviest?", g)
    assert text.startswith("Which triangle is heaviest?\n\nThe graph is undirected, with 4 nodes numbered 0 to 3")
    assert "[0, 3] [1, 8] [2, 1] [3, 6]" in text
    for u, v in g.edges():
        assert f"({u},{v})" in text
    assert direct_text("q", None) == "q", "a graph already in the question is not shown twice"
    named = nx.DiGraph([("a", "b")])
    assert "named a, b" in graph_as_text(named) and "(a->b)" in graph_as_text(named)


def test_the_runner_gives_code_baselines_the_separate_graph(
    tmp_path: Path, pipes: nx.DiGraph, settings: Settings
) -> None:
    meta = {"set": "free", "phrasing_id": "flow-01", "phrasing_split": "dev", "negated": False, "params": {}}
    q = Question("free-flow-dev-s0-0000", "flow", QUESTION, 6, meta, graph=pipes)
    model = scripted(fenced(GOOD), fenced(BROKEN), fenced(GOOD))
    result = run([q], ["code-once", "code-feedback"], tmp_path, settings=settings, chat_model=model)
    rows = {r["method"]: r for r in read_rows(tmp_path / "results.jsonl")}
    assert len(result.rows) == 2
    assert rows["code-once"]["correct"] and rows["code-once"]["trust"] == "executed"
    assert rows["code-feedback"]["correct"] and rows["code-feedback"]["attempts"] == ["error", "ok"]
    assert rows["code-feedback"]["entered_feedback_error"] and not rows["code-feedback"]["verified"]
    assert {r["phrasing_id"] for r in rows.values()} == {"flow-01"}
