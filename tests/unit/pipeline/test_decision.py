"""The plan loop shared by both plans: choose, check, send findings back, decide."""

from __future__ import annotations

from typing import Any

from langchain_core.messages import HumanMessage

from grraf.llm.calls import LLMSession
from grraf.pipeline.decision import Choice, Finding, decide
from grraf.tasks import Task, get_task
from grraf.types import Plan
from tests.fakes import plan_reply, scripted

FLOW = get_task("max_flow")
DEGREE = get_task("degree")
BASE = Plan(question="Max flow from 0 to 3?")


def checker(found: dict[int, list[Finding]]):
    """A checker that returns ``found[round]`` (no findings when absent) and counts its calls."""
    calls: list[tuple[str, dict[str, Any]]] = []

    def check(task: Task, reply: dict[str, Any]) -> tuple[dict[str, Any], list[Finding]]:
        calls.append((task.name, reply))
        return {"source": reply.get("source")}, found.get(len(calls), [])

    return check, calls


def run(*replies: str, found: dict[int, list[Finding]] | None = None, contrast=None, rounds: int = 2):
    model = scripted(*replies)
    check, calls = checker(found or {})
    choice = Choice([HumanMessage("pick")], {"anyOf": []}, [FLOW, DEGREE], check, contrast)
    return decide(BASE, choice, LLMSession(model), rounds=rounds), model, calls


def test_a_choice_without_findings_is_confirmed_after_one_call() -> None:
    result, model, calls = run(plan_reply("max_flow", source=0, target=3))
    assert result.task == "max_flow" and result.confirmed and result.parameters == {"source": 0}
    assert len(model.prompts) == 1 and calls == [("max_flow", {"task": "max_flow", "source": 0, "target": 3})]


def test_none_or_a_task_not_offered_means_no_task() -> None:
    assert run(plan_reply("none"))[0].task is None
    result, _, calls = run(plan_reply("shortest_path_weight", source=0, target=3))
    assert result.task is None and result.chosen is None and calls == []


def test_a_plan_that_ends_in_none_after_a_refused_choice_says_what_was_refused_and_why() -> None:
    refused = Finding("source=2 is not a value written in the question.", hard=True)
    result, _, calls = run(plan_reply("max_flow", source=2, target=3), plan_reply("none"), found={1: [refused]})
    assert result.task is None and not result.confirmed and len(calls) == 1
    assert result.chosen == "max_flow" and result.issues == (refused.text,)


def test_findings_go_back_to_the_llm_and_a_clean_second_choice_is_confirmed() -> None:
    result, model, calls = run(
        plan_reply("degree", node=2),
        plan_reply("max_flow", source=0, target=3),
        found={1: [Finding("degree gives a node's degree.", hard=True)]},
    )
    assert result.task == "max_flow" and result.confirmed and len(calls) == 2
    assert "degree gives a node's degree." in model.prompt_text(1)  # the finding was fed back


def test_a_finding_that_rules_the_task_out_takes_it_off_the_next_rounds_options() -> None:
    model = scripted(plan_reply("degree", node=2), plan_reply("max_flow", source=0, target=3))
    check, calls = checker({1: [Finding("The question counts one direction.", hard=False, rules_out=True)]})
    options = [{"properties": {"task": {"const": name}}} for name in ("max_flow", "degree", "none")]
    choice = Choice([HumanMessage("pick")], {"anyOf": options}, [FLOW, DEGREE], check)
    result = decide(BASE, choice, LLMSession(model), rounds=2)
    assert result.task == "max_flow" and result.confirmed
    assert [o["properties"]["task"]["const"] for o in model.schemas[1]["anyOf"]] == ["max_flow", "none"]
    assert "degree is not offered again" in model.prompt_text(1)


def test_a_task_is_not_ruled_out_when_it_is_the_only_one_left() -> None:
    model = scripted(plan_reply("degree", node=2), plan_reply("degree", node=2))
    check, _ = checker({1: [Finding("one direction", hard=False, rules_out=True)]})
    choice = Choice([HumanMessage("pick")], {"anyOf": [{"properties": {"task": {"const": "degree"}}}]}, [DEGREE], check)
    result = decide(BASE, choice, LLMSession(model), rounds=2)
    assert result.task == "degree" and result.confirmed and "not offered again" not in model.prompt_text(1)


def test_a_reply_repeated_to_the_same_findings_ends_the_rounds() -> None:
    soft = {1: [Finding("unsure", hard=False)], 2: [Finding("unsure", hard=False)]}
    result, model, _ = run(plan_reply("max_flow", source=0), plan_reply("max_flow", source=0), found=soft, rounds=3)
    assert result.task == "max_flow" and not result.confirmed and len(model.prompts) == 2


def test_a_reply_repeated_to_a_hard_finding_takes_the_task_off_the_next_round() -> None:
    hard = {1: [Finding("wrong", hard=True)], 2: [Finding("wrong", hard=True)]}
    replies = (plan_reply("degree", node=2), plan_reply("degree", node=2), plan_reply("max_flow", source=0))
    model = scripted(*replies)
    check, calls = checker(hard)
    options = [{"properties": {"task": {"const": name}}} for name in ("max_flow", "degree", "none")]
    choice = Choice([HumanMessage("pick")], {"anyOf": options}, [FLOW, DEGREE], check)
    result = decide(BASE, choice, LLMSession(model), rounds=3)
    assert result.task == "max_flow" and result.confirmed and len(calls) == 3
    assert "degree is not offered again" not in model.prompt_text(1)  # once refused, it may still be fixed
    assert "degree is not offered again" in model.prompt_text(2)
    assert [o["properties"]["task"]["const"] for o in model.schemas[2]["anyOf"]] == ["max_flow", "none"]


def test_a_value_the_question_rules_out_leaves_the_grammar_and_the_task_stays() -> None:
    # "'youngest' asks for the highest born, not the lowest": the next round may not say "lowest" again
    wrong = {1: [Finding("not lowest", hard=True, wrong=("order", "lowest"))], 2: []}
    replies = (plan_reply("degree", order="lowest"), plan_reply("degree", order="highest"))
    model = scripted(*replies)
    check, calls = checker(wrong)
    order = {"type": "string", "enum": ["highest", "lowest"]}
    options = [
        {"properties": {"task": {"const": "max_flow"}}, "required": ["task"]},
        {"properties": {"task": {"const": "degree"}, "order": order}, "required": ["task"]},
    ]
    choice = Choice([HumanMessage("pick")], {"anyOf": options}, [FLOW, DEGREE], check)
    result = decide(BASE, choice, LLMSession(model), rounds=2)
    assert result.task == "degree" and result.confirmed and len(calls) == 2
    again = {o["properties"]["task"]["const"]: o for o in model.schemas[1]["anyOf"]}
    assert again["degree"]["properties"]["order"]["enum"] == ["highest"] and "order" in again["degree"]["required"]
    assert again["max_flow"] == options[0] and model.schemas[0]["anyOf"] == options  # nothing else changed


def test_a_value_ruled_out_with_no_other_left_drops_the_task_as_before() -> None:
    wrong = {1: [Finding("no", hard=True, wrong=("order", "lowest"))], 2: [Finding("no", hard=True)]}
    replies = (plan_reply("degree", order="lowest"), plan_reply("degree", order="lowest"))
    model = scripted(*replies, plan_reply("max_flow"))
    check, _ = checker(wrong)
    only = {"type": "string", "enum": ["lowest"]}
    options = [{"properties": {"task": {"const": "degree"}, "order": only}, "required": ["task"]}]
    options.append({"properties": {"task": {"const": "max_flow"}}, "required": ["task"]})
    choice = Choice([HumanMessage("pick")], {"anyOf": options}, [DEGREE, FLOW], check)
    decide(BASE, choice, LLMSession(model), rounds=3)
    assert model.schemas[1]["anyOf"] == options  # no value left to offer: the grammar stays


def test_findings_left_after_the_last_round_drop_a_hard_choice_and_leave_a_soft_one_unconfirmed() -> None:
    hard = {1: [Finding("wrong", hard=True)], 2: [Finding("still wrong", hard=True)]}
    result, _, _ = run(plan_reply("max_flow", source=0), plan_reply("max_flow", source=0), found=hard)
    assert result.task is None and result.chosen == "max_flow" and result.issues == ("still wrong",)
    soft = {1: [Finding("unsure", hard=False)], 2: [Finding("unsure", hard=False)]}
    result, _, _ = run(plan_reply("max_flow", source=0), plan_reply("max_flow", source=0), found=soft)
    assert result.task == "max_flow" and not result.confirmed and result.issues == ("unsure",)


def test_a_rival_the_contrast_prefers_leaves_the_choice_unconfirmed() -> None:
    result, _, _ = run(plan_reply("max_flow", source=0), contrast=lambda task, values: DEGREE)
    assert result.task == "max_flow" and not result.confirmed and "degree" in result.issues[0]
    result, _, _ = run(plan_reply("max_flow", source=0), contrast=lambda task, values: None)
    assert result.confirmed


def test_no_rounds_asks_nothing() -> None:
    result, model, _ = run(rounds=0)
    assert result.task is None and model.prompts == []


def test_an_earlier_choice_with_soft_findings_only_runs_when_the_last_one_is_refused() -> None:
    result, _, calls = run(
        plan_reply("max_flow", source=0, target=3),
        plan_reply("degree", node=2),
        found={1: [Finding("unsure of the name", hard=False)], 2: [Finding("degree counts edges", hard=True)]},
    )
    assert len(calls) == 2 and result.task == "max_flow" and not result.confirmed
    assert result.parameters == {"source": 0} and result.issues == ("unsure of the name",)
    # With no softer choice before it, a refused last choice still drops the task.
    result, _, _ = run(
        plan_reply("degree", node=2),
        plan_reply("degree", node=3),
        found={1: [Finding("degree counts edges", hard=True)], 2: [Finding("degree counts edges", hard=True)]},
    )
    assert result.task is None and result.chosen == "degree"


def rescued(*replies: str, rescue, tasks=(FLOW, DEGREE)):
    """``decide`` with an ``ask_again`` prompt and a ``rescue``, over schemas that list ``tasks``."""
    model = scripted(*replies)
    check, calls = checker({})
    options = [{"properties": {"task": {"const": t.name}, **{p.name: {} for p in t.parameters}}} for t in tasks]
    json_schema = {"anyOf": [*options, {"properties": {"task": {"const": "none"}}}]}
    choice = Choice([HumanMessage("pick")], json_schema, list(tasks), check, ask_again="plan_none", rescue=rescue)
    return decide(BASE, choice, LLMSession(model), rounds=2), model, calls


def test_after_two_nones_a_task_the_rescue_takes_is_asked_for_its_parameters_alone() -> None:
    shown: list[list[str]] = []

    def rescue(tasks):
        shown.append([t.name for t in tasks])
        return FLOW

    result, model, calls = rescued(
        plan_reply("none"), plan_reply("none"), plan_reply("max_flow", source=0, target=3), rescue=rescue
    )
    assert shown == [["max_flow", "degree"]] and result.task == "max_flow" and result.confirmed
    assert calls == [("max_flow", {"task": "max_flow", "source": 0, "target": 3})]
    # the parameters were asked for under a schema with that task as its only option, no "none"
    assert [o["properties"]["task"]["const"] for o in model.schemas[-1]["anyOf"]] == ["max_flow"]


def test_a_rescued_task_without_parameters_needs_no_call_and_the_rescue_runs_once() -> None:
    bipartite = get_task("bipartite")
    result, model, calls = rescued(
        plan_reply("none"), plan_reply("none"), rescue=lambda tasks: bipartite, tasks=(bipartite,)
    )
    assert result.task == "bipartite" and result.confirmed and len(model.prompts) == 2
    assert calls == [("bipartite", {"task": "bipartite"})]
    result, model, calls = rescued(plan_reply("none"), plan_reply("none"), rescue=lambda tasks: None)
    assert result.task is None and calls == [] and len(model.prompts) == 2


def test_a_rescued_task_with_findings_or_a_preferred_rival_does_not_run() -> None:
    model = scripted(plan_reply("none"), plan_reply("none"), plan_reply("max_flow", source=0, target=3))
    check, calls = checker({1: [Finding("unsure of the source", hard=False)]})
    options = [
        {"properties": {"task": {"const": "max_flow"}, "source": {}}},
        {"properties": {"task": {"const": "none"}}},
    ]
    choice = Choice(
        [HumanMessage("pick")], {"anyOf": options}, [FLOW], check, ask_again="plan_none", rescue=lambda tasks: FLOW
    )
    result = decide(BASE, choice, LLMSession(model), rounds=3)
    assert result.task is None and result.chosen == "max_flow" and result.issues == ("unsure of the source",)
    assert len(model.prompts) == 3  # no round after the finding
    model = scripted(plan_reply("none"), plan_reply("none"), plan_reply("max_flow", source=0, target=3))
    check, _ = checker({})
    choice = Choice(
        [HumanMessage("pick")],
        {"anyOf": options},
        [FLOW],
        check,
        contrast=lambda task, values: DEGREE,
        ask_again="plan_none",
        rescue=lambda tasks: FLOW,
    )
    result = decide(BASE, choice, LLMSession(model), rounds=3)
    assert result.task is None and result.chosen == "max_flow" and "degree" in result.issues[0]
