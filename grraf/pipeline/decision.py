"""The plan stage's result, built from the LLM's choice: shared by the structural plan
(:mod:`grraf.pipeline.plan`) and the property-graph plan (:mod:`grraf.pipeline.property_plan`)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from grraf.pipeline import validate
from grraf.tasks import Task
from grraf.types import Plan


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
