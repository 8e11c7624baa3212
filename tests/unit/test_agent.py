"""The GRRAF loop with a scripted LLM and a scripted store: every path through the loop."""

from __future__ import annotations

import pytest

from grraf.agent import GraphQA, answer_directly
from grraf.errors import CodeFailed, ConfigError, LLMError
from tests.fakes import REFINE_FLOW, ScriptedStore, fenced, scripted

TEMPLATE = fenced("def solve(G, s, t):\n    return nx.maximum_flow_value(G, s, t, capacity='weight')")
GOOD = "answer = nx.maximum_flow_value(G, 0, 3, capacity='weight')"
BAD = "answer = nx.max_flow(G, 0, 3)"
SLOW = "answer = len(list(nx.all_simple_paths(G, 0, 3)))"


def run(store, *replies, settings, **kwargs):
    model = scripted(*replies)
    qa = GraphQA(store, chat_model=model, settings=settings, **kwargs)
    return qa.ask("What is the maximum flow from node 0 to node 3?"), model


def test_success_first_try(settings):
    store = ScriptedStore({GOOD: 5})
    answer, model = run(store, REFINE_FLOW, TEMPLATE, fenced(GOOD), settings=settings)
    assert answer.verified and answer.value == 5 and answer.answer == "5"
    assert [a.status for a in answer.attempts] == ["ok"]
    assert answer.code == GOOD
    assert [c.stage for c in answer.llm_calls] == ["refine", "template", "generate"]
    assert answer.tokens.input > 0 and answer.tokens.output > 0
    assert answer.refined.task == "max_flow" and answer.refined.parameters == {"source": 0, "target": 3}
    # The drafted template was written with the installed networkx's own documentation at hand.
    assert any("maximum_flow" in call for call in answer.retrieved_docs)
    assert "maximum_flow" in model.prompt_text(1)
    # The generate prompt carries the template and the schema.
    assert "maximum_flow_value" in model.prompt_text(2) and "4 nodes and 5 edges" in model.prompt_text(2)


def test_error_is_fed_back_and_fixed(settings):
    store = ScriptedStore(
        {BAD: CodeFailed("AttributeError: module 'networkx' has no attribute 'max_flow' (line 1)"), GOOD: 5}
    )
    answer, model = run(store, REFINE_FLOW, TEMPLATE, fenced(BAD), fenced(GOOD), settings=settings)
    assert answer.verified and answer.value == 5
    assert [a.status for a in answer.attempts] == ["error", "ok"]
    assert "has no attribute 'max_flow'" in answer.attempts[0].error
    feedback_prompt = model.prompt_text(3)
    assert "has no attribute 'max_flow'" in feedback_prompt and BAD in feedback_prompt
    assert [c.stage for c in answer.llm_calls][-1] == "feedback"


def test_timeout_asks_for_a_faster_algorithm_with_the_size(settings):
    store = ScriptedStore({SLOW: "timeout", GOOD: 5})
    answer, model = run(store, REFINE_FLOW, TEMPLATE, fenced(SLOW), fenced(GOOD), settings=settings)
    assert [a.status for a in answer.attempts] == ["timeout", "ok"]
    feedback = model.prompt_text(3)
    assert "stopped after 5 seconds" in feedback and "4 nodes and 5 edges" in feedback and "faster" in feedback


def test_n_failures_fall_back_flagged_unverified(settings):
    failing = CodeFailed("ZeroDivisionError: division by zero (line 1)")
    store = ScriptedStore({BAD: failing})
    settings = settings.with_(max_retries=2)
    answer, model = run(
        store,
        REFINE_FLOW,
        TEMPLATE,
        fenced(BAD),
        fenced(BAD),
        fenced(BAD),
        "I think it is 5.\n### 5",
        settings=settings,
    )
    assert len(answer.attempts) == 3 and all(a.status == "error" for a in answer.attempts)
    assert answer.verified is False and answer.value == 5 and answer.fallback_reason
    assert answer.llm_calls[-1].stage == "fallback"
    assert answer.reasoning == "I think it is 5.\n### 5" and answer.to_dict()["reasoning"] == answer.reasoning
    # The store's graph is small, so the fallback shows it to the LLM.
    assert "(0->1,3)" in model.prompt_text(-1)


def test_single_shot_without_fallback_reports_no_answer(settings):
    store = ScriptedStore({BAD: CodeFailed("boom")})
    answer, _ = run(store, REFINE_FLOW, TEMPLATE, fenced(BAD), settings=settings.with_(max_retries=0, fallback=False))
    assert answer.verified is False and answer.value is None and len(answer.attempts) == 1


@pytest.mark.parametrize(
    "reply",
    [
        "I cannot write code for this.",  # no code at all
        "```python\n<|im_start|>assistant\nanswer = nx.maximum_flow_value(G, 0, 3, capacity='weight')<|im_end|>\n```",
        "```python\nimport networkx as nx\n```\nand\n```python\n" + GOOD + "\n```",  # several fences
        "Sure! " + GOOD + "\nThis computes the flow.",  # prose around code, no fence
    ],
)
def test_malformed_replies_are_handled(settings, reply):
    store = ScriptedStore({GOOD: 5})
    answer, _ = run(store, REFINE_FLOW, TEMPLATE, reply, fenced(GOOD), settings=settings)
    assert answer.verified and answer.value == 5
    if reply.startswith("I cannot"):
        assert answer.attempts[0].status == "rejected" and "no python code" in answer.attempts[0].error


def test_wrong_kind_of_value_is_fed_back(settings):
    store = ScriptedStore({"answer = G": "DiGraph", GOOD: 5})
    answer, model = run(store, REFINE_FLOW, TEMPLATE, fenced("answer = G"), fenced(GOOD), settings=settings)
    assert [a.status for a in answer.attempts] == ["error", "ok"]
    assert "asks for a number" in model.prompt_text(3)


REFINE_CLUSTERING = (
    "task: clustering\noutput: number\nparameters: node=3\nquestion: What is the clustering coefficient of node 3?"
)


def test_a_per_node_result_for_the_node_the_question_names_gives_its_number(settings):
    # Observed with the local model and no template: nx.clustering(G, [node]) answers {3: 0.0}
    # (string keys once it crossed the sandbox as JSON), and the model could not fix it in 4 tries.
    per_node = "answer = nx.clustering(G, [3])"
    store = ScriptedStore({per_node: {"3": 0.5}})
    model = scripted(
        REFINE_CLUSTERING, fenced("def solve(G, node):\n    return nx.clustering(G, node)"), fenced(per_node)
    )
    answer = GraphQA(store, chat_model=model, settings=settings).ask("What is the clustering coefficient of node 3?")
    assert answer.refined.parameters == {"node": 3}
    assert answer.verified and answer.value == 0.5 and [a.status for a in answer.attempts] == ["ok"]


def test_a_per_node_result_without_the_named_node_is_still_fed_back(settings):
    per_node = "answer = nx.clustering(G, [4])"
    store = ScriptedStore({per_node: {"4": 0.5}, "answer = nx.clustering(G, 3)": 0.25})
    model = scripted(
        REFINE_CLUSTERING,
        fenced("def solve(G, node):\n    return nx.clustering(G, node)"),
        fenced(per_node),
        fenced("answer = nx.clustering(G, 3)"),
    )
    answer = GraphQA(store, chat_model=model, settings=settings).ask("What is the clustering coefficient of node 3?")
    assert [a.status for a in answer.attempts] == ["error", "ok"] and answer.value == 0.25
    assert "asks for a number" in answer.attempts[0].error


def test_explain_adds_one_sentence(settings):
    store = ScriptedStore({GOOD: 5})
    answer, _ = run(
        store,
        REFINE_FLOW,
        TEMPLATE,
        fenced(GOOD),
        "The maximum flow from node 0 to node 3 is 5.\nExtra.",
        settings=settings.with_(explain=True),
    )
    assert answer.answer == "The maximum flow from node 0 to node 3 is 5." and answer.value == 5


def test_transient_llm_errors_are_retried(settings):
    store = ScriptedStore({GOOD: 5})
    answer, _ = run(store, ConnectionError("reset"), REFINE_FLOW, TEMPLATE, fenced(GOOD), settings=settings)
    assert answer.verified and len(answer.llm_calls) == 3


def test_permanent_llm_errors_raise(settings):
    with pytest.raises(LLMError, match="PermissionError"):
        run(ScriptedStore({}), PermissionError("bad key"), settings=settings)


def test_unknown_backend_is_a_config_error(settings):
    with pytest.raises(ConfigError, match="unknown backend"):
        GraphQA(backend="gremlin", settings=settings)


def test_direct_baseline(settings):
    model = scripted("Node 0 reaches node 3.\n### Yes")
    answer = answer_directly(
        "Is there a path between node 0 and node 3? (0,1) (1,3)", chat_model=model, settings=settings
    )
    assert answer.value is True and answer.verified is False and not answer.attempts
    assert answer.answer == "Yes" and answer.reasoning == "Node 0 reaches node 3.\n### Yes"


def test_json_contract(settings):
    store = ScriptedStore({GOOD: 5})
    answer, _ = run(store, REFINE_FLOW, TEMPLATE, fenced(GOOD), settings=settings)
    data = answer.to_dict()
    assert {"answer", "value", "verified", "attempts", "llm_calls", "tokens", "seconds"} <= set(data)
    assert data["attempts"][0].keys() == {"code", "status", "error", "seconds"}
    assert data["llm_calls"] == 3 and set(data["tokens"]) == {"input", "output"}
