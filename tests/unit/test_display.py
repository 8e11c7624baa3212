"""Rich display of an Answer: everything shown, everything escaped."""

from __future__ import annotations

import html
import re

from grraf.agent import GraphQA
from grraf.display import REASONING_TITLE, answer_html, answer_markdown, first_line
from grraf.types import Answer, Attempt, LLMCall, Plan, TokenUsage
from tests.fakes import FLOW_CALL, PLAN_FLOW, ScriptedStore, scripted

GOOD = "answer = nx.maximum_flow_value(G, 0, 3, capacity='weight')"


def make_answer(**changes) -> Answer:
    fields = dict(
        question="What is the maximum flow from node 0 to node 3?",
        answer="The maximum flow is 5.",
        value=5,
        trust="verified",
        attempts=(
            Attempt("answer = nx.max_flow(G, 0, 3)", "error", "AttributeError: no max_flow\n  line 2", 0.25),
            Attempt(GOOD, "ok", None, 0.5),
        ),
        llm_calls=(
            LLMCall("plan", TokenUsage(100, 20), 1.0),
            LLMCall("generate", TokenUsage(1234, 56), 2.0),
        ),
        seconds=3.5,
        backend="networkx",
        plan=Plan(
            "Max flow from 0 to 3?",
            "max_flow",
            {"source": 0, "target": 3},
            "number",
            directed=True,
            weighted=True,
            confirmed=True,
        ),
        template="def solve(G, s, t):\n    return nx.maximum_flow_value(G, s, t)",
        template_origin="retrieved:max_flow",
        code=GOOD,
    )
    fields.update(changes)
    return Answer(**fields)


def test_html_shows_answer_badge_code_attempts_and_costs() -> None:
    page = answer_html(make_answer())
    assert "The maximum flow is 5." in page
    assert "verified template max_flow, parameters checked against the question" in page and "unverified" not in page
    assert "maximum_flow_value" in page and "style=" in page  # pygments inline styles, no CSS needed
    assert "<table" in page and page.count("<tr>") == 3  # header + two attempts
    assert "AttributeError: no max_flow" in page and "line 2" not in page  # first line of the error only
    assert "0.25" in page and "0.50" in page
    assert "max_flow" in page and "source=0" in page and "target=3" in page
    assert "retrieved:max_flow" in page
    assert "1,334" in page and "76" in page  # tokens in / out summed over calls
    assert "<b>LLM calls</b>: 2" in page and "3.50" in page


def test_html_fallback_is_amber_with_reason_and_shows_the_last_tried_code() -> None:
    answer = make_answer(
        trust="fallback",
        code=None,
        answer="Probably 5.",
        attempts=(Attempt("answer = 1/0", "error", "ZeroDivisionError: division by zero", 0.1),),
        fallback_reason="1 attempt(s) failed; last: error",
    )
    page = answer_html(answer)
    assert "unverified: fallback" in page and "1 attempt(s) failed; last: error" in page
    assert "#9a6700" in page  # amber
    assert "Last code tried" in page and "ZeroDivisionError" in page


def test_an_unverified_answer_shows_the_reasoning_behind_it() -> None:
    answer = make_answer(
        trust="fallback", code=None, answer="5", fallback_reason="direct", reasoning="Edges 0->1 and 1->3 <b>\n### 5"
    )
    page, text = answer_html(answer), answer_markdown(answer)
    assert html.escape(REASONING_TITLE) in page and "Edges 0-&gt;1 and 1-&gt;3 &lt;b&gt;" in page
    assert REASONING_TITLE in text and "```text\nEdges 0->1 and 1->3 <b>\n### 5\n```" in text
    assert html.escape(REASONING_TITLE) not in answer_html(make_answer())


def test_everything_from_the_llm_or_the_user_is_escaped() -> None:
    evil = "<script>alert(1)</script>"
    answer = make_answer(
        question=evil,
        answer=evil,
        value=evil,
        code=f"answer = '{evil}'",
        attempts=(Attempt(f"x = '{evil}'", "error", evil, 0.1),),
        plan=Plan(evil, evil, parameters={"node": evil}),
        template_origin=evil,
        template=evil,
    )
    page = answer_html(answer)
    assert "<script>" not in page and "&lt;script&gt;" in page
    markdown = answer_markdown(answer)
    prose = re.sub(r"`+[^`]*`+", "", markdown.split("```")[0])  # code spans show text literally
    assert "<script>" not in prose and "&lt;script&gt;" in prose


def test_markdown_has_the_same_facts_and_a_safe_fence() -> None:
    code = 'answer = "```"'
    text = answer_markdown(make_answer(code=code))
    assert text.startswith("**The maximum flow is 5.** — ✅ verified (verified template max\\_flow, parameters")
    assert "````python\n" + code + "\n````" in text  # fence longer than the backticks inside
    assert "| 1 | error | 0.25 | AttributeError: no max\\_flow |" in text
    assert "**task**: max\\_flow" in text and "retrieved:max\\_flow" in text


def test_no_attempts_and_no_answer() -> None:
    answer = make_answer(answer="", value=None, attempts=(), code=None, plan=None, trust="fallback")
    page = answer_html(answer)
    assert "no answer" in page and "No code was run." in page
    assert "_No code was run._" in answer_markdown(answer)


def test_display_of_an_answer_from_the_agent(settings) -> None:
    store = ScriptedStore({FLOW_CALL: 5})
    model = scripted(PLAN_FLOW)
    qa = GraphQA(store, chat_model=model, settings=settings.with_(templates=True))
    answer = qa.ask("What is the maximum flow from node 0 to node 3?")
    assert answer.verified
    page = answer_html(answer)
    assert "verified template max_flow" in page and "<b>LLM calls</b>: 1" in page
    assert "maximum_flow_value" in answer_markdown(answer)


def test_each_trust_level_has_its_own_badge() -> None:
    executed = make_answer(trust="executed", plan=Plan("q", "max_flow", issues=("The question states 7.",)))
    page = answer_html(executed)
    assert "executed, not verified" in page and "nothing independent confirmed" in page and "states 7" in page
    assert "🔷 executed, not verified" in answer_markdown(executed)
    checked = make_answer(trust="verified", checked_by="max_flow", template_origin="drafted")
    assert "agrees with the verified template max_flow" in answer_html(checked)


def test_cypher_code_is_highlighted_as_cypher() -> None:
    answer = make_answer(
        code="MATCH (n:G_Node) RETURN count(n)",
        attempts=(Attempt("MATCH (n:G_Node) RETURN count(n)", "ok", None, 0.1, "cypher"),),
    )
    assert "(cypher)" in answer_html(answer)
    assert "```cypher\n" in answer_markdown(answer)


def test_first_line_skips_blank_lines_and_shortens() -> None:
    assert first_line("\n\n  Binder exception: x  \nmore") == "Binder exception: x"
    assert len(first_line("y" * 500)) == 160


def test_answer_repr_hooks_use_this_module() -> None:
    answer = make_answer()
    assert answer._repr_html_() == answer_html(answer)
    assert answer._repr_markdown_() == answer_markdown(answer)
