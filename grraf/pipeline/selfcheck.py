"""Self-check before accepting an answer (issue: code that runs without error but is wrong).

When the accepted value came from code that is not a verified template (the LLM drafted
it, or wrote Cypher where no Cypher template fits), and a verified NetworkX template for
the same task exists, the template computes the answer a second, independent way on the
same graph (for a Cypher store: on its projection into NetworkX). A disagreement is fed
back to the LLM like any error, without the expected value, so it has to find its bug.
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
from grraf.pipeline.template import TemplateChoice, retrieve_template
from grraf.stores.base import GraphStore
from grraf.types import Refined, Schema

logger = logging.getLogger(__name__)

#: Largest graph projected out of a Cypher store just to check an answer.
MAX_PROJECTED_EDGES = 200_000


@dataclass(frozen=True)
class CheckResult:
    """What the self-check did, for the trace."""

    oracle: str
    agreed: bool


def same_value(a: Any, b: Any) -> bool:
    """Equal as answers: numbers within a relative 1e-6, everything else exactly.

    >>> same_value(3, 3.0000000001), same_value(True, False), same_value(2.5, 2.6)
    (True, False, False)
    """
    if isinstance(a, bool) or isinstance(b, bool):
        return a is b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return math.isclose(a, b, rel_tol=1e-6, abs_tol=1e-9)
    return bool(a == b)


def self_check(
    value: Any,
    template: TemplateChoice,
    refined: Refined,
    question: str,
    store: GraphStore,
    schema: Schema,
    settings: Settings,
) -> CheckResult | None:
    """Cross-check ``value`` against a verified NetworkX template; None when no check applies.

    Only yes/no and numeric answers are compared: a list answer (a topological order, a
    path) may differ from the oracle's and still be right.

    Raises:
        CodeFailed: the two computations disagree (fed back to the LLM).
    """
    if template.retrieved or refined.output_format not in ("yes/no", "number"):
        return None
    oracle = retrieve_template(refined, "networkx", question, node_count=schema.node_count)
    if oracle is None:
        return None
    call = python_call(oracle, refined.parameters)
    if call is None:
        return None
    code = f"{oracle.code.rstrip()}\n\n{call}\n"
    checker, owned = _python_store_for(store, schema, settings)
    if checker is None:
        return None
    try:
        expected = answer_stage.normalize(checker.execute(code, settings.timeout).value, refined.output_format)
    except (CodeError, GrrafError) as e:  # the oracle cannot run here: no verdict, not a failure
        logger.info("self-check with %s could not run: %s", oracle.name, e)
        return None
    finally:
        if owned:
            checker.close()
    agreed = same_value(value, expected)
    if not agreed:
        raise CodeFailed(
            f"Self-check failed: an independent computation on the same graph gives a different result than "
            f"your answer {answer_stage.render(value)}. Re-read the question (edge direction, weights, which "
            "nodes) and fix the code."
        )
    return CheckResult(oracle=str(oracle.name), agreed=True)


def _python_store_for(store: GraphStore, schema: Schema, settings: Settings) -> tuple[GraphStore | None, bool]:
    """The store itself when it runs Python, else a NetworkX projection of a small Cypher store."""
    if store.language == "python":
        return store, False
    to_networkx = getattr(store, "to_networkx", None)
    if to_networkx is None or (schema.edge_count or 0) > MAX_PROJECTED_EDGES:
        return None, False
    from grraf.stores.networkx import project

    return project(store, settings=settings), True
