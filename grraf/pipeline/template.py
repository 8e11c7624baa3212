"""Stage "template": a generic algorithm C for the task, with no graph-specific names (GRRAF 3.2)."""

from __future__ import annotations

import logging

from grraf.errors import CodeRejected
from grraf.llm.calls import LLMSession
from grraf.pipeline.extract import extract_code
from grraf.prompts import load_prompt
from grraf.types import Refined

logger = logging.getLogger(__name__)


def graph_kind(refined: Refined) -> str:
    """'directed, weighted' style words for prompts.

    >>> graph_kind(Refined(question="q", directed=True, weighted=False))
    'directed, unweighted'
    """
    direction = {True: "directed", False: "undirected", None: "directed or undirected"}[refined.directed]
    weights = {True: "weighted", False: "unweighted", None: "maybe weighted"}[refined.weighted]
    return f"{direction}, {weights}"


def dialect_notes(dialect: str) -> str:
    """Short notes on a Cypher dialect, from ``prompts/dialect_<dialect>.yaml`` ('' if none)."""
    try:
        return load_prompt(f"dialect_{dialect}").text()
    except Exception:  # a dialect without notes is fine; the schema still describes the store
        logger.debug("no dialect notes for %s", dialect)
        return ""


def draft_template(refined: Refined, language: str, dialect: str, llm: LLMSession) -> str:
    """Ask the LLM for a generic template; '' when its reply holds no usable code."""
    if language == "python":
        messages = load_prompt("template_python").render(
            task=refined.task, question=refined.question, graph_kind=graph_kind(refined)
        )
    else:
        messages = load_prompt("template_cypher").render(
            task=refined.task,
            question=refined.question,
            graph_kind=graph_kind(refined),
            dialect_notes=dialect_notes(dialect),
        )
    reply = llm.chat("template", messages)
    try:
        return extract_code(reply, language)
    except CodeRejected:
        logger.info("template reply held no code; generating without a template")
        return ""
