"""The GRRAF loop with a scripted LLM and a scripted store: every path through the loop."""

from __future__ import annotations

import pytest

from grraf.agent import GraphQA, answer_directly
from grraf.errors import CodeFailed, ConfigError, LLMError
from tests.fakes import (
    FLOW_CALL,
    NONE_TWICE,
    PLAN_FLOW,
    PLAN_NONE,
    RESCUE_REFUSED,
    ScriptedStore,
    fenced,
    plan_reply,
    scripted,
)

QUESTION = "What is the maximum flow from node 0 to node 3?"
TEMPLATE = fenced("def solve(G, s, t):\n    return nx.maximum_flow_value(G, s, t, capacity='weight')")
GOOD = "answer = nx.maximum_flow_value(G, 0, 3, capacity='weight')"
BAD = "answer = nx.max_flow(G, 0, 3)"
SLOW = "answer = len(list(nx.all_simple_paths(G, 0, 3)))"


def run(store, *replies, settings, question=QUESTION, **kwargs):
    model = scripted(*replies)
    qa = GraphQA(store, chat_model=model, settings=settings, **kwargs)
    return qa.ask(question), model


@pytest.fixture
def library(settings):
    """Settings with the verified template library and the self-check on, as users have them."""
    return settings.with_(templates=True, self_check=True)


# ------------------------------------------------------------------ verified templates


def test_a_confirmed_plan_binds_the_verified_template_without_more_llm_calls(library):
    store = ScriptedStore({FLOW_CALL: 5})
    answer, model = run(store, PLAN_FLOW, settings=library)
    assert answer.trust == "verified" and answer.verified and answer.value == 5
    assert [c.stage for c in answer.llm_calls] == ["plan"]
    assert answer.plan.task == "max_flow" and answer.plan.confirmed
    assert answer.plan.parameters == {"source": 0, "target": 3}
    assert answer.code.rstrip().endswith(FLOW_CALL) and "def solve(G, source, target)" in answer.code
    # The sentence comes from the registry and says what the value is.
    assert answer.answer == "The maximum flow from node 0 to node 3 is 5."
    # The LLM chose among retrieved candidates, under a schema that requires the parameters.
    assert "max_flow(source, target)" in model.prompt_text(0)
    flow = next(o for o in model.schemas[0]["anyOf"] if o["properties"]["task"] == {"const": "max_flow"})
    assert flow["required"] == ["task", "source", "target"]


def test_a_finding_goes_back_to_the_llm_once_and_its_second_choice_is_checked(library):
    store = ScriptedStore({FLOW_CALL: 5})
    answer, model = run(store, plan_reply("max_flow", source=3, target=0), PLAN_FLOW, settings=library)
    assert answer.trust == "verified" and answer.plan.confirmed
    second = model.prompt_text(1)
    assert "The question goes from 0, but source is 3." in second


def test_a_value_the_question_does_not_state_is_never_used(library):
    # The LLM invented node 2 in every round (after the first, the tasks taking two nodes are shown
    # alone, then max_flow is no longer offered, then the list is shown anew): the readers never
    # swap in a value of their own; no task runs.
    store = ScriptedStore({GOOD: 5})
    invented = plan_reply("max_flow", source=2, target=3)
    answer, model = run(store, *[invented] * 4, fenced(GOOD), settings=library)
    assert answer.plan.task is None and answer.plan.chosen == "max_flow" and not answer.plan.confirmed
    assert "source=2 is not a value written in the question." in answer.plan.issues[0]
    assert answer.trust == "executed" and answer.value == 5 and answer.code == GOOD


def test_a_soft_finding_left_unresolved_runs_the_template_but_does_not_verify(library):
    question = "What is the maximum flow from node 0 to node 3 if each pipe carries at most 7 more?"
    store = ScriptedStore({FLOW_CALL: 5})
    answer, _ = run(store, PLAN_FLOW, PLAN_FLOW, settings=library, question=question)
    assert answer.plan.task == "max_flow" and not answer.plan.confirmed
    assert answer.plan.issues == ("The question states 7, which max_flow(source, target) does not take.",)
    assert answer.trust == "executed" and answer.value == 5


def test_a_node_the_graph_does_not_have_is_a_hard_finding(library):
    store = ScriptedStore({GOOD: 5}, nodes=3)
    answer, _ = run(store, *[PLAN_FLOW] * 4, fenced(GOOD), settings=library)
    assert answer.plan.task is None and "The graph has no node 3" in " ".join(answer.plan.issues)
    assert answer.trust == "executed"


def test_a_task_giving_the_wrong_kind_of_answer_is_not_offered(library):
    # A yes/no ask is never offered a counting task (the readers would refuse it); a reply naming one
    # anyway reads as "none".
    store = ScriptedStore({"answer = True": True})
    question = "Does node 1 have more than two outgoing edges?"
    counted = plan_reply("out_degree", node=1)
    answer, model = run(
        store, counted, PLAN_NONE, *RESCUE_REFUSED, fenced("answer = True"), settings=library, question=question
    )
    assert "out_degree" not in model.prompt_text(0) and "out_degree" not in answer.plan.candidates
    assert answer.plan.task is None and answer.plan.chosen is None and answer.value is True


# ------------------------------------------------------------------ code the LLM writes


def test_no_task_generates_code_from_the_question_with_docs_and_is_executed_not_verified(library):
    store = ScriptedStore({"answer = 3": 3})
    question = "How many nodes have degree greater than 10?"
    answer, model = run(store, *NONE_TWICE, fenced("answer = 3"), settings=library, question=question)
    # two "none"s, then the rescue asks about each of the first two tasks once
    assert [c.stage for c in answer.llm_calls] == ["plan", "plan", "plan", "plan", "generate"]
    assert answer.trust == "executed" and answer.value == 3 and answer.answer == "3"
    assert "Expected answer: a number" in model.prompt_text(4)
    assert answer.plan.output == "number"


def test_llm_code_for_a_task_is_verified_only_when_the_template_agrees(settings):
    # Without the library the LLM drafts max flow; the self-check computes it with the verified template.
    checked = settings.with_(self_check=True)
    store = ScriptedStore({GOOD: 5, FLOW_CALL: 5})
    answer, _ = run(store, PLAN_FLOW, TEMPLATE, fenced(GOOD), settings=checked)
    assert answer.trust == "verified" and answer.checked_by == "max_flow" and answer.code == GOOD


def test_a_disagreeing_self_check_is_fed_back(settings):
    checked = settings.with_(self_check=True)
    wrong = "answer = 4"
    store = ScriptedStore({wrong: 4, GOOD: 5, FLOW_CALL: 5})
    answer, model = run(store, PLAN_FLOW, TEMPLATE, fenced(wrong), fenced(GOOD), settings=checked)
    assert [a.status for a in answer.attempts] == ["error", "ok"] and answer.trust == "verified"
    assert "Self-check failed" in answer.attempts[0].error and "5" not in answer.attempts[0].error


def test_llm_code_without_an_independent_check_is_executed(settings):
    store = ScriptedStore({GOOD: 5})
    answer, model = run(store, PLAN_FLOW, TEMPLATE, fenced(GOOD), settings=settings)
    assert answer.trust == "executed" and answer.value == 5 and answer.code == GOOD
    assert [c.stage for c in answer.llm_calls] == ["plan", "template", "generate"]
    # The drafted template was written with the installed networkx's own documentation at hand.
    assert any("maximum_flow" in call for call in answer.retrieved_docs)
    assert "maximum_flow" in model.prompt_text(1)
    assert "maximum_flow_value" in model.prompt_text(2) and "4 nodes and 5 edges" in model.prompt_text(2)


def test_error_is_fed_back_and_fixed(settings):
    store = ScriptedStore(
        {BAD: CodeFailed("AttributeError: module 'networkx' has no attribute 'max_flow' (line 1)"), GOOD: 5}
    )
    answer, model = run(store, PLAN_FLOW, TEMPLATE, fenced(BAD), fenced(GOOD), settings=settings)
    assert answer.value == 5
    assert [a.status for a in answer.attempts] == ["error", "ok"]
    assert "has no attribute 'max_flow'" in answer.attempts[0].error
    feedback_prompt = model.prompt_text(3)
    assert "has no attribute 'max_flow'" in feedback_prompt and BAD in feedback_prompt
    assert [c.stage for c in answer.llm_calls][-1] == "feedback"


def test_repeated_code_is_not_run_again_and_the_next_reply_is_sampled(settings):
    failing = CodeFailed("ZeroDivisionError: division by zero (line 1)")
    store = ScriptedStore({BAD: failing, GOOD: 5})
    answer, model = run(store, PLAN_FLOW, TEMPLATE, fenced(BAD), fenced(BAD), fenced(GOOD), settings=settings)
    assert [a.status for a in answer.attempts] == ["error", "repeated", "ok"]
    assert store.executed.count(BAD) == 1 and answer.attempts[1].code == BAD
    assert "same code as an earlier attempt" in (answer.attempts[1].error or "")
    # The retry after the repetition starts the conversation again: the first prompt, the error
    # in words, and no earlier code for the small model to copy.
    restart = model.prompt_text(4)
    assert restart.startswith(model.prompt_text(2)[:200]) and "division by zero" in restart
    assert BAD not in restart and "do not repeat an earlier attempt" in restart
    # ... and asks with a higher temperature and another seed.
    assert model.call_kwargs[4]["temperature"] > 0 and "seed" in model.call_kwargs[4]
    assert "temperature" not in model.call_kwargs[3]


def test_timeout_asks_for_a_faster_algorithm_with_the_size(settings):
    store = ScriptedStore({SLOW: "timeout", GOOD: 5})
    answer, model = run(store, PLAN_FLOW, TEMPLATE, fenced(SLOW), fenced(GOOD), settings=settings)
    assert [a.status for a in answer.attempts] == ["timeout", "ok"]
    feedback = model.prompt_text(3)
    assert "stopped after 5 seconds" in feedback and "4 nodes and 5 edges" in feedback and "faster" in feedback


def test_n_failures_fall_back_flagged_unverified(settings):
    store = ScriptedStore(
        {BAD: CodeFailed("AttributeError (line 1)"), SLOW: "timeout", "answer = 1 / 0": CodeFailed("ZeroDivisionError")}
    )
    settings = settings.with_(max_retries=2)
    answer, model = run(
        store,
        PLAN_FLOW,
        TEMPLATE,
        fenced(BAD),
        fenced(SLOW),
        fenced("answer = 1 / 0"),
        "I think it is 5.\n### 5",
        settings=settings,
    )
    assert [a.status for a in answer.attempts] == ["error", "timeout", "error"]
    assert answer.trust == "fallback" and not answer.verified and answer.value == 5 and answer.fallback_reason
    assert answer.code is None and answer.llm_calls[-1].stage == "fallback"
    assert answer.reasoning == "I think it is 5.\n### 5" and answer.to_dict()["reasoning"] == answer.reasoning
    # The store's graph is small, so the fallback shows it to the LLM.
    assert "(0->1,3)" in model.prompt_text(-1)


def test_single_shot_without_fallback_reports_no_answer(settings):
    store = ScriptedStore({BAD: CodeFailed("boom")})
    answer, _ = run(store, PLAN_FLOW, TEMPLATE, fenced(BAD), settings=settings.with_(max_retries=0, fallback=False))
    assert answer.trust == "fallback" and answer.value is None and len(answer.attempts) == 1


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
    answer, _ = run(store, PLAN_FLOW, TEMPLATE, reply, fenced(GOOD), settings=settings)
    assert answer.value == 5 and answer.trust == "executed"
    if reply.startswith("I cannot"):
        assert answer.attempts[0].status == "rejected" and "no python code" in answer.attempts[0].error


def test_wrong_kind_of_value_is_fed_back(settings):
    store = ScriptedStore({"answer = G": "DiGraph", GOOD: 5})
    answer, model = run(store, PLAN_FLOW, TEMPLATE, fenced("answer = G"), fenced(GOOD), settings=settings)
    assert [a.status for a in answer.attempts] == ["error", "ok"]
    assert "asks for a number" in model.prompt_text(3)


PLAN_CLUSTERING = plan_reply("clustering_coefficient", node=3)


def test_a_per_node_result_for_the_node_the_question_names_gives_its_number(settings):
    # Observed with the local model and no template: nx.clustering(G, [node]) answers {3: 0.0}
    # (string keys once it crossed the sandbox as JSON), and the model could not fix it in 4 tries.
    per_node = "answer = nx.clustering(G, [3])"
    store = ScriptedStore({per_node: {"3": 0.5}})
    model = scripted(
        PLAN_CLUSTERING, fenced("def solve(G, node):\n    return nx.clustering(G, node)"), fenced(per_node)
    )
    answer = GraphQA(store, chat_model=model, settings=settings).ask("What is the clustering coefficient of node 3?")
    assert answer.plan.parameters == {"node": 3}
    assert answer.value == 0.5 and [a.status for a in answer.attempts] == ["ok"]


def test_a_per_node_result_without_the_named_node_is_still_fed_back(settings):
    per_node = "answer = nx.clustering(G, [4])"
    store = ScriptedStore({per_node: {"4": 0.5}, "answer = nx.clustering(G, 3)": 0.25})
    model = scripted(
        PLAN_CLUSTERING,
        fenced("def solve(G, node):\n    return nx.clustering(G, node)"),
        fenced(per_node),
        fenced("answer = nx.clustering(G, 3)"),
    )
    answer = GraphQA(store, chat_model=model, settings=settings).ask("What is the clustering coefficient of node 3?")
    assert [a.status for a in answer.attempts] == ["error", "ok"] and answer.value == 0.25
    assert "asks for a number" in answer.attempts[0].error


def test_explain_adds_one_sentence_only_when_no_task_says_what_the_value_means(settings):
    store = ScriptedStore({"answer = 3": 3})
    question = "How many nodes have degree greater than 10?"
    answer, model = run(
        store,
        *NONE_TWICE,
        fenced("answer = 3"),
        "Three nodes have degree greater than 10.\nExtra.",
        settings=settings.with_(explain=True),
        question=question,
    )
    assert answer.answer == "Three nodes have degree greater than 10." and answer.value == 3
    assert answer.llm_calls[-1].stage == "explain"


def test_transient_llm_errors_are_retried(library):
    store = ScriptedStore({FLOW_CALL: 5})
    answer, _ = run(store, ConnectionError("reset"), PLAN_FLOW, settings=library)
    assert answer.verified and len(answer.llm_calls) == 1


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
    assert answer.value is True and answer.trust == "fallback" and not answer.attempts
    assert answer.answer == "Yes" and answer.reasoning == "Node 0 reaches node 3.\n### Yes"


def test_json_contract(library):
    store = ScriptedStore({FLOW_CALL: 5})
    answer, _ = run(store, PLAN_FLOW, settings=library)
    data = answer.to_dict()
    assert {"answer", "value", "trust", "verified", "attempts", "llm_calls", "tokens", "seconds", "plan"} <= set(data)
    assert data["trust"] == "verified" and data["verified"] is True
    assert data["attempts"][0].keys() == {"code", "language", "status", "error", "seconds"}
    assert data["llm_calls"] == 1 and set(data["tokens"]) == {"input", "output"}
    assert data["plan"]["task"] == "max_flow" and data["plan"]["confirmed"] is True


def test_a_negative_twin_runs_its_positive_template_and_inverts_it(library):
    store = ScriptedStore({"answer = not solve(G, source=0, target=3)": True})
    question = "Are node 0 and node 3 cut off from each other?"
    answer, _ = run(store, plan_reply("not_connected", source=0, target=3), settings=library, question=question)
    assert answer.trust == "verified" and answer.value is True
    assert answer.code.rstrip().endswith("answer = not solve(G, source=0, target=3)")
    assert answer.answer == "Yes: no path leads from node 0 to node 3."


def test_llm_code_for_a_path_is_verified_by_its_certificate(library):
    # No template gives a Hamiltonian path; the certificate checks the one the LLM's code found.
    found = "answer = [0, 1, 2, 3]"
    certified = "answer = solve(G, answer=[0, 1, 2, 3])"
    store = ScriptedStore({found: [0, 1, 2, 3], certified: True})
    question = "Give a Hamiltonian path of this graph."
    plan = plan_reply("hamiltonian_path_nodes")
    answer, _ = run(
        store, plan, fenced("def solve(G):\n    return []"), fenced(found), settings=library, question=question
    )
    assert answer.trust == "verified" and answer.checked_by == "certify_hamiltonian_path"
    assert answer.answer == "A path visiting every node exactly once is 0 → 1 → 2 → 3."


def test_a_failed_certificate_goes_back_to_the_llm_with_its_reason(library):
    wrong, right = "answer = [0, 2, 1, 3]", "answer = [0, 1, 2, 3]"
    store = ScriptedStore(
        {
            wrong: [0, 2, 1, 3],
            right: [0, 1, 2, 3],
            "answer = solve(G, answer=[0, 2, 1, 3])": "there is no edge 0 -> 2",
            "answer = solve(G, answer=[0, 1, 2, 3])": True,
        }
    )
    plan = plan_reply("hamiltonian_path_nodes")
    draft = fenced("def solve(G):\n    return []")
    answer, model = run(
        store, plan, draft, fenced(wrong), fenced(right), settings=library, question="Give a Hamiltonian path."
    )
    assert [a.status for a in answer.attempts] == ["error", "ok"] and answer.trust == "verified"
    assert "Self-check failed: there is no edge 0 -> 2" in model.prompt_text(3)
