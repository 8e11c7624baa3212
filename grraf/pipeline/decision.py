"""The plan stage's loop and result, shared by the structural plan (:mod:`grraf.pipeline.plan`)
and the property-graph plan (:mod:`grraf.pipeline.property_plan`).

Both ask the LLM the same way: it chooses one offered task or "none" under a JSON schema, a
checker reads the choice against the question and the graph, and its findings go back to the LLM
for another round; the checker never changes the choice. Only what the LLM is shown, the reply's
schema and the checker differ, so each plan describes those in a :class:`Choice` and
:func:`decide` runs the loop.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from langchain_core.messages import AIMessage, BaseMessage

from grraf.llm.calls import LLMSession
from grraf.pipeline import validate
from grraf.prompts import load_prompt
from grraf.tasks import Task
from grraf.types import Plan

logger = logging.getLogger(__name__)

#: The reply that chooses no task.
NONE = "none"


@dataclass(frozen=True)
class Finding:
    """Something a reader found wrong with a choice. ``hard``: the chosen task would compute
    something else than the question asks, so it must not run unconfirmed. ``rules_out``: the
    finding holds against the task whatever its parameters (it counts both directions where the
    question counts one), so the next round does not offer it again."""

    text: str
    hard: bool
    rules_out: bool = False
    #: ``(parameter, value)``: the question's words rule out this value of a choice parameter ("'youngest'
    #: asks for the highest born, not the lowest"), so the next round's grammar does not offer it.
    wrong: tuple[str, str] | None = None


#: Checks a chosen task and the LLM's reply: the parameters the templates take, and the findings.
Checker = Callable[[Task, dict[str, Any]], tuple[dict[str, Any], list[Finding]]]


@dataclass(frozen=True)
class Narrowing:
    """A shorter list of tasks to choose from after a finding: the tasks, their reply schema, and
    the text that shows them to the LLM (appended to the feedback as its ``choices`` input)."""

    tasks: tuple[Task, ...]
    json_schema: dict[str, Any]
    shown: str


@dataclass(frozen=True)
class Choice:
    """What one plan asks the LLM and how it reads the answer.

    Attributes:
        messages: the first round's prompt.
        json_schema: the schema the reply is decoded under (one option per offered task, and none).
        offered: the tasks the reply may name.
        check: the readers of a chosen task.
        contrast: for a choice without findings (the task and its checked parameters), a rival task
            the question may ask for instead (the choice then runs unconfirmed), or None; None when
            the plan has no such step.
        feedback: the prompt that sends the findings back (its input ``issues``, and ``choices``
            when the plan narrows).
        ask_again: a prompt to ask once more after a "none" (in a round of its own), or None to
            take the first "none".
        narrow: after findings, a shorter list of the offered tasks to choose from, or None.
        restart: how to ask a shorter list anew, or None. A "none" given to a list that findings
            made shorter is then asked once more as a new conversation over that list, instead of
            with ``ask_again``.
        rescue: after the last "none", a task of the given list the LLM, asked about it alone,
            says the question asks for (its parameters are then asked for with that task as the
            only option, and the choice meets the same readers as any other), or None.
    """

    messages: Sequence[BaseMessage]
    json_schema: dict[str, Any]
    offered: Sequence[Task]
    check: Checker
    contrast: Callable[[Task, dict[str, Any]], Task | None] | None = None
    feedback: str = "plan_feedback"
    ask_again: str | None = None
    narrow: Callable[[Sequence[Task]], Narrowing | None] | None = None
    restart: Restart | None = None
    rescue: Callable[[Sequence[Task]], Task | None] | None = None


@dataclass(frozen=True)
class Restart:
    """How a plan asks a shorter list of tasks as a new conversation (:func:`decide`).

    Attributes:
        messages: the first round's prompt for the given tasks.
        rival: for a choice made in the new conversation without findings, a task of the list the
            question may ask for instead (the choice then runs unconfirmed), or None. Stricter than
            :attr:`Choice.contrast`: the readers found nothing against the earlier choice the LLM
            gave up on either, so the new one is held against every task of the list.
    """

    messages: Callable[[Sequence[Task]], list[BaseMessage]]
    rival: Callable[[Task, Sequence[Task]], Task | None]


def decide(base: Plan, choice: Choice, llm: LLMSession, *, rounds: int) -> Plan:
    """Let the LLM choose, check the choice, send findings back; at most ``rounds`` choices.

    A choice without findings (and without a rival the LLM prefers) is confirmed. When findings
    remain after the last round, soft ones let the task run unconfirmed and a hard one drops it
    (code is then written from the question) unless an earlier round's choice had soft findings
    only: that one then runs unconfirmed; "none" drops it at once, or after asking once more
    when the choice has an ``ask_again`` prompt. A task is not offered in the next round when a
    finding rules it out (:attr:`Finding.rules_out`) or when the LLM answers a hard finding with
    the same reply word for word. A reply repeated to soft findings ends the rounds: its findings
    are the same, so asking again would only cost tokens.
    """
    messages = list(choice.messages)
    findings: list[Finding] = []
    task: Task | None = None
    parameters: dict[str, Any] = {}
    tasks, json_schema = tuple(choice.offered), choice.json_schema
    asked, asked_again, restarted, rescued = 0, False, False, False
    given: dict[str, Any] | None = None  # a reply known without asking (a rescued task without parameters)
    previous: dict[str, Any] | None = None
    # The first choice whose findings were all soft: asked again, the 1.5B model sometimes left it
    # for one the readers refuse ("fewest flights milan malpensa to kona": connection_length, unsure
    # only of the name 'kona', then top_by_degree), and the softer choice is the better one to run.
    softest: tuple[Task, dict[str, Any], list[Finding]] | None = None
    # The last choice the readers refused and why: a plan that ends in "none" still says what was
    # tried ("none (the LLM chose max_flow; not confirmed)" with its findings, in --json and the badge).
    refused: tuple[str, tuple[str, ...]] = ("", ())
    while asked < rounds:
        asked += 1
        reply = given or llm.structured("plan", messages, json_schema)
        given = None
        name = str(reply.get("task", NONE))
        task = next((t for t in tasks if t.name == name), None)
        if task is None:
            if choice.ask_again is None or asked_again or not tasks:
                found = choice.rescue(tasks) if choice.rescue is not None and not rescued else None
                if found is None:
                    return without_task(base, chosen=refused[0] or None, issues=refused[1])
                # Two "none"s are not the end: the 1.5B model answered "none" to yes/no questions
                # whose task it was shown first ("Can the guests be split into two tables so that
                # ...?" with bipartite first), then, asked about that task alone, said the
                # question asks for it. The parameters are asked for with it as the only option.
                rescued, restarted, asked = True, False, asked - 1  # a round of its own
                tasks, json_schema = (found,), only_option(json_schema, found)
                given = determined_reply(json_schema)
                if choice.restart is not None:
                    messages = choice.restart.messages(tasks)
                continue
            asked_again, asked = True, asked - 1  # a round of its own
            if choice.restart is not None and len(tasks) < len(choice.offered):
                # Told its choice does not fit, the 1.5B model answered "none" to the shorter list
                # as well ("Largest hop distance between two vertices?": shortest_path_hops(3, 12),
                # then none with diameter listed first), and again when asked once more in the same
                # conversation. The conversation itself reads as "nothing fits": the shorter list
                # is asked as a first question, the history of refused choices left out.
                messages, restarted = choice.restart.messages(tasks), True
            else:
                messages = [*messages, AIMessage(json.dumps(reply)), *load_prompt(choice.ask_again).render()]
            continue
        repeated = reply == previous
        previous = reply
        parameters, findings = choice.check(task, reply)
        hard = any(f.hard for f in findings)
        if findings:
            refused = (task.name, tuple(f.text for f in findings))
        if softest is None and findings and not hard:
            softest = (task, parameters, findings)
        # Refused, the 1.5B model gave the same reply word for word ("Which country is Dublin Airport
        # in?": two_hop_neighbours out and out twice, though the finding named the direction; dev,
        # ladybug), which ended the rounds and sent the question to drafted code. A hard finding it
        # answers with the same reply takes the task off the next round's options, like one a
        # finding rules out; asked once more, it chose neighbours there, which the readers confirmed.
        drop = any(f.rules_out for f in findings) or (hard and repeated)
        if not findings:
            if restarted and choice.restart is not None:
                rival = choice.restart.rival(task, tasks)
            else:
                rival = choice.contrast(task, parameters) if choice.contrast else None
            if rival is None:
                return with_task(base, task, parameters, confirmed=True)
            issue = f"The question may ask for {rival.name} ({rival.summary}) instead of {task.name}."
            if rescued:
                return without_task(base, chosen=task.name, issues=(issue,))
            return with_task(base, task, parameters, confirmed=False, issues=(issue,))
        logger.info("plan %s: %s", task.name, " ".join(f.text for f in findings))
        if rescued:
            # A task the LLM took only when asked about it alone runs only when nothing is held
            # against it: on dev it took has_cycle for "Is a valid assignment of every character
            # [to two factions] out of reach?", which the readers refused; unconfirmed, it would
            # have run instead of code written for the question.
            return without_task(base, chosen=task.name, issues=tuple(f.text for f in findings))
        feedback = load_prompt(choice.feedback)
        inputs = {"issues": " ".join(f.text for f in findings)}
        narrowing = choice.narrow(tasks) if choice.narrow is not None else None
        if narrowing is not None:
            tasks, json_schema = narrowing.tasks, narrowing.json_schema
        drop = drop and any(t is not task for t in tasks)
        # Told "'youngest' asks for the highest born, not the lowest", the 1.5B model gave "lowest" again
        # word for word (top_among_linked, 2026-12-06): the value the words rule out is taken out of
        # the grammar instead, and the task stays on offer. It still chooses the task, another or none.
        fewer_values = _without_values(json_schema, task, [f.wrong for f in findings if f.hard and f.wrong])
        if fewer_values is not None:
            json_schema = fewer_values
            drop = any(f.rules_out for f in findings) and any(t is not task for t in tasks)
        if repeated and not drop and fewer_values is None:
            break  # the same reply to the same findings: another round would change nothing
        if drop:
            # Told what its choice does not compute, the 1.5B model chose it again in most such
            # rounds (degree for "Count the edges whose destination is 1", has_edge for a route):
            # the next round's grammar no longer offers it. The LLM still chooses, among the rest
            # or none, and its new choice meets the same readers.
            tasks, json_schema = _without(tasks, json_schema, task)
            inputs["issues"] += f" {task.name} is not offered again."
        if "choices" in feedback.inputs:
            inputs["choices"] = narrowing.shown if narrowing else ""
        messages = [*messages, AIMessage(json.dumps(reply)), *feedback.render(**inputs)]
    if task is None:  # rounds < 1: the LLM was never asked
        return without_task(base, chosen=None)
    if any(f.hard for f in findings) and softest is not None:
        task, parameters, findings = softest
    remaining = tuple(f.text for f in findings)
    if any(f.hard for f in findings):
        return without_task(base, chosen=task.name, issues=remaining)
    return with_task(base, task, parameters, confirmed=False, issues=remaining)


def determined_reply(json_schema: dict[str, Any]) -> dict[str, Any] | None:
    """The only reply the schema allows, when it allows one (a single task without parameters):
    no call is needed to get it."""
    options = json_schema["anyOf"]
    if len(options) == 1 and list(options[0]["properties"]) == ["task"]:
        const = options[0]["properties"]["task"].get("const")
        return {"task": const} if const is not None else None
    return None


def only_option(json_schema: dict[str, Any], task: Task) -> dict[str, Any]:
    """The reply schema with ``task`` as its only option (no "none")."""
    return {
        **json_schema,
        "anyOf": [o for o in json_schema["anyOf"] if o["properties"]["task"].get("const") == task.name],
    }


def _without_values(
    json_schema: dict[str, Any], task: Task, wrong: Sequence[tuple[str, str] | None]
) -> dict[str, Any] | None:
    """The reply schema with each ``(parameter, value)`` of ``wrong`` no longer allowed for ``task``
    (and the parameter required, so its default cannot bring the value back); None when nothing of
    it is in the schema or a parameter would have no value left."""
    ruled = [w for w in wrong if w is not None]
    if not ruled:
        return None
    options = []
    changed = False
    for option in json_schema["anyOf"]:
        if option["properties"]["task"].get("const") == task.name:
            properties, required = dict(option["properties"]), list(option.get("required", []))
            for name, value in ruled:
                allowed = properties.get(name, {}).get("enum")
                if not allowed or value not in allowed:
                    continue
                left = [v for v in allowed if v != value]
                if not left:
                    return None
                properties[name] = {**properties[name], "enum": left}
                required += [] if name in required else [name]
                changed = True
            option = {**option, "properties": properties, "required": required}
        options.append(option)
    return {**json_schema, "anyOf": options} if changed else None


def _without(tasks: Sequence[Task], json_schema: dict[str, Any], task: Task) -> tuple[tuple[Task, ...], dict[str, Any]]:
    """``tasks`` and the reply schema (one ``anyOf`` option per task, by its ``task`` const) without ``task``."""
    options = [o for o in json_schema["anyOf"] if o["properties"]["task"].get("const") != task.name]
    return tuple(t for t in tasks if t is not task), {**json_schema, "anyOf": options}


def with_task(
    base: Plan, task: Task, parameters: dict[str, Any], *, confirmed: bool, issues: tuple[str, ...] = ()
) -> Plan:
    """``base`` deciding for ``task`` with its checked ``parameters``."""
    return replace(
        base,
        task=task.name,
        parameters=parameters,
        output=task.output,
        confirmed=confirmed,
        issues=issues,
        chosen=task.name,
    )


def without_task(base: Plan, *, chosen: str | None, issues: tuple[str, ...] = ()) -> Plan:
    """``base`` with no task to run (code is written from the question); ``chosen`` is the LLM's
    choice the readers refused, if any."""
    # Without a task nothing says how many things answer "who" or "which": one form for both.
    form = validate.ask_form(base.question)
    output = {"yes/no": "yes/no", "number": "number", "node": "list", "list": "list"}.get(form or "", "text")
    return replace(base, task=None, output=output, confirmed=False, issues=issues, chosen=chosen)
