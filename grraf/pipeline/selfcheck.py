"""Self-check: an answer of LLM-written code is compared with an independent computation.

When the accepted value came from code the LLM wrote (no verified template for the task in the
store's language, or the bound template failed) and the plan's task has a verified NetworkX
template, that template computes the answer a second, independent way on the same graph (for a
Cypher store: on its projection into NetworkX). Agreement is what lets such an answer be
``verified``; a disagreement is fed back to the LLM like any error, without the expected value, so
it has to find its bug.
"""

from __future__ import annotations

import logging
import math
from dataclasses import dataclass
from typing import Any

from grraf.config import Settings
from grraf.errors import CodeError, CodeFailed, GrrafError
from grraf.pipeline import answer as answer_stage
from grraf.pipeline.generate import python_call
from grraf.pipeline.template import verified_template
from grraf.stores.base import GraphStore
from grraf.tasks import get_task
from grraf.types import Plan, Schema

logger = logging.getLogger(__name__)

#: Largest graph projected out of a Cypher store just to check an answer.
MAX_PROJECTED_EDGES = 200_000
#: Outputs with one right answer, so two computations can be compared (a path or an order may
#: differ and both be right).
COMPARABLE = frozenset({"yes/no", "number", "node", "nodes", "value"})


@dataclass(frozen=True)
class CheckResult:
    """What the self-check did, for the trace."""

    oracle: str
    agreed: bool


def same_value(a: Any, b: Any) -> bool:
    """Equal as answers: numbers within a relative 1e-6, everything else exactly.

    >>> same_value(3, 3.0000000001), same_value(True, False), same_value(2.5, 2.6), same_value([1, 2], [1, 2])
    (True, False, False, True)
    """
    if isinstance(a, bool) or isinstance(b, bool):
        return a is b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return math.isclose(a, b, rel_tol=1e-6, abs_tol=1e-9)
    return bool(a == b) or str(a) == str(b)


def self_check(value: Any, plan: Plan, store: GraphStore, schema: Schema, settings: Settings) -> CheckResult | None:
    """Cross-check ``value`` (from LLM-written code) against the task's verified NetworkX template.

    Returns None when no check applies (no task, an output with several right answers, no
    template, the parameters are not all known, or the oracle cannot run here).

    Raises:
        CodeFailed: the two computations disagree (fed back to the LLM).
    """
    task = get_task(plan.task) if plan.task else None
    if task is None:
        return None
    if task.certificate is not None:
        return _certify(value, task.certificate, plan, store, schema, settings)
    if plan.output not in COMPARABLE:
        return None
    oracle = verified_template(task, "networkx", directed=plan.directed, weighted=plan.weighted)
    if oracle is None:
        return None
    call = python_call(oracle, plan.parameters)
    if call is None:
        return None
    code = f"{oracle.code.rstrip()}\n\n{call}\n"
    checker, owned = _python_store_for(store, schema, settings)
    if checker is None:
        return None
    try:
        expected = answer_stage.normalize(checker.execute(code, settings.timeout).value, plan.output)
    except (CodeError, GrrafError) as e:  # the oracle cannot run here: no verdict, not a failure
        logger.info("self-check with %s could not run: %s", oracle.name, e)
        return None
    finally:
        if owned:
            checker.close()
    if task.inverts and isinstance(expected, bool):
        expected = not expected  # the oracle computes the task this one negates
    if not same_value(value, expected):
        raise CodeFailed(
            f"Self-check failed: an independent computation on the same graph gives a different result than "
            f"your answer {answer_stage.render(value)}. Re-read the question (edge direction, weights, which "
            "nodes) and fix the code."
        )
    return CheckResult(oracle=str(oracle.name), agreed=True)


def _certify(
    value: Any, certificate: str, plan: Plan, store: GraphStore, schema: Schema, settings: Settings
) -> CheckResult | None:
    """Check ``value`` with the task's certificate template (a path is a path, and no lighter one
    exists); None when the certificate gives no verdict or cannot run here.

    Raises:
        CodeFailed: the certificate found the answer wrong; its reason goes back to the LLM.
    """
    from cypher_templates import load_templates

    template = next(t for t in load_templates("networkx") if t.name == certificate)
    given = ", ".join(f"{name}={plan.parameters[name]!r}" for name in template.parameters if name != "answer")
    code = f"{template.code.rstrip()}\n\nanswer = solve(G, answer={value!r}{', ' + given if given else ''})\n"
    checker, owned = _python_store_for(store, schema, settings)
    if checker is None:
        return None
    try:
        verdict = checker.execute(code, settings.timeout).value
    except (CodeError, GrrafError) as e:
        logger.info("certificate %s could not run: %s", certificate, e)
        return None
    finally:
        if owned:
            checker.close()
    if verdict is True:
        return CheckResult(oracle=certificate, agreed=True)
    if verdict is None:
        return None
    raise CodeFailed(f"Self-check failed: {verdict}. Fix the code so that its answer is right.")


def _python_store_for(store: GraphStore, schema: Schema, settings: Settings) -> tuple[GraphStore | None, bool]:
    """The store itself when it runs Python, else a NetworkX projection of a small Cypher store."""
    if store.language == "python":
        return store, False
    if not store.capabilities().projects or (schema.edge_count or 0) > MAX_PROJECTED_EDGES:
        return None, False
    from grraf.stores.networkx import project

    return project(store, settings=settings), True
