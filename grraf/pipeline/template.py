"""Stage "template": a generic algorithm C for the task, with no graph-specific names (GRRAF 3.2).

Retrieval first: a verified template from ``cypher_templates/`` (NetworkX, ladybug or
Neo4j) that fits the refined task. Only when none fits does the LLM draft one, as in
GRRAF. Verified templates matter most for small local models, which draft wrong
algorithms far more often than they mis-bind a correct one.
"""

from __future__ import annotations

import logging
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from grraf.errors import CodeRejected
from grraf.llm.calls import LLMSession
from grraf.pipeline.extract import extract_code
from grraf.pipeline.refine import ask_sentence, output_format_from_text, parameters_from_text
from grraf.prompts import load_prompt
from grraf.types import Refined

logger = logging.getLogger(__name__)

#: A template must be named by the question's own ask (one of its words or aliases), not only by
#: the preamble: GraphInstruct preambles define terms ("increases the number of connected
#: components", "the eccentricity of a node") that pulled "how many bridges?" to the connected
#: components template and "what is the radius?" to the diameter one, verified and wrong.
ASK_EVIDENCE = 1.0


@dataclass(frozen=True)
class TemplateChoice:
    """The template C handed to the generate stage.

    Attributes:
        code: the generic code ('' when neither retrieval nor the LLM produced any).
        origin: ``"retrieved"`` (a verified template), ``"drafted"`` (by the LLM) or ``"none"``.
        name: the template's name when retrieved.
        parameters: the template's parameters (``source``, ``target``, ``node``, ...) when retrieved.
        entry: the retrieved :class:`cypher_templates.Template` itself (for rendering Cypher).
        docs: networkx functions whose documentation was shown to the LLM while drafting.
    """

    code: str
    origin: str
    name: str | None = None
    parameters: tuple[str, ...] = ()
    entry: Any = field(default=None, compare=False, repr=False)
    docs: tuple[str, ...] = ()

    @property
    def retrieved(self) -> bool:
        return self.origin == "retrieved"


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
    from grraf.prompts import prompt_names

    return load_prompt(f"dialect_{dialect}").text() if f"dialect_{dialect}" in prompt_names() else ""


def bindable(template_parameters: Sequence[str], parameters: Mapping[str, Any], stated: Collection[str]) -> bool:
    """Whether a template with these parameters answers a question with these.

    A template must get every value it needs (graph names such as ``G_prime`` come from the
    store): the shortest-path template cannot answer "the average shortest path length". And it
    must take every node the question's own words name: a template that ignores "of node 5"
    answers another question (the diameter template for "the eccentricity of node 5").

    >>> bindable(("source", "target"), {}, set())
    False
    >>> bindable((), {"node": 5}, {"node"}), bindable(("node",), {"node": 5}, {"node"})
    (False, True)
    >>> bindable(("G_prime",), {}, set()), bindable(("k",), {"k": 3}, {"k"})
    (True, True)
    """
    needed = {p for p in template_parameters if not p.startswith("G")}
    return needed <= set(parameters) and set(stated) <= needed


def retrieve_template(
    refined: Refined, dialect: str, question: str, *, node_count: int | None = None, max_hops: int = 30
) -> TemplateChoice | None:
    """The best verified template for the task, or None when nothing fits well enough.

    ``node_count`` and ``max_hops`` keep out Cypher templates whose path patterns are
    bounded below what the graph may need (ladybug caps variable-length paths).
    """
    from cypher_templates import find_templates, score_template

    found = find_templates(
        refined.task,
        question,
        dialect,
        directed=refined.directed,
        weighted=refined.weighted,
        k=3,
        node_count=node_count,
        max_hops=max_hops,
    )
    stated = set(parameters_from_text(question))
    ask = ask_sentence(question)
    fitting = [
        t
        for t in found
        if bindable(t.parameters, refined.parameters, stated)
        and (ask is None or score_template(t, "", ask) >= ASK_EVIDENCE)
    ]
    if not fitting:
        if found:
            logger.debug("templates %s fit the words but not the question's ask or values", [t.name for t in found])
        return None
    best = fitting[0]
    return TemplateChoice(
        code=best.code, origin="retrieved", name=best.name, parameters=tuple(best.parameters), entry=best
    )


def settle_output(refined: Refined, template: TemplateChoice, question: str) -> Refined:
    """``refined`` with the retrieved template's output form when the question's words leave it open.

    The refine stage's guess is an LLM's: for "What is the node with the highest PageRank?" the
    1.5B model said yes/no, and the node id was then read as a truth value. A verified template
    knows what it returns; the words of the question, when they settle it, still win.

    >>> r = Refined("q", "pagerank", True, False, "yes/no", {})
    >>> t = TemplateChoice("...", "retrieved", "pagerank_top", entry=type("T", (), {"output": "number"})())
    >>> settle_output(r, t, "What is the node with the highest PageRank?").output_format
    'number'
    >>> settle_output(r, t, "Is node 3 the one with the highest PageRank?").output_format
    'yes/no'
    """
    declared = getattr(template.entry, "output", None)
    if not template.retrieved or declared is None or declared == refined.output_format:
        return refined
    if output_format_from_text(question) is not None:
        return refined
    return replace(refined, output_format=declared)


def draft_template(refined: Refined, language: str, dialect: str, llm: LLMSession) -> TemplateChoice:
    """Ask the LLM for a generic template (GRRAF's own template stage)."""
    if language == "python":
        from grraf.pipeline.docs import format_hits, search_networkx_docs

        # GraphSkill-style retrieval from the installed networkx: the right function names
        # for this version, where a small model would otherwise invent them.
        hits = search_networkx_docs(f"{refined.task.replace('_', ' ')} {refined.question}", k=3)
        shown = tuple(hit.call for hit in hits)
        messages = load_prompt("template_python").render(
            task=refined.task, question=refined.question, graph_kind=graph_kind(refined), docs=format_hits(hits)
        )
    else:
        shown = ()
        messages = load_prompt("template_cypher").render(
            task=refined.task,
            question=refined.question,
            graph_kind=graph_kind(refined),
            dialect_notes=dialect_notes(dialect),
        )
    reply = llm.chat("template", messages)
    try:
        return TemplateChoice(code=extract_code(reply, language), origin="drafted", docs=shown)
    except CodeRejected:
        logger.info("template reply held no code; generating without a template")
        return TemplateChoice(code="", origin="none", docs=shown)


def choose_template(
    refined: Refined,
    language: str,
    dialect: str,
    llm: LLMSession,
    *,
    question: str,
    use_library: bool = True,
    node_count: int | None = None,
    max_hops: int = 30,
) -> TemplateChoice:
    """Retrieval first, then an LLM draft."""
    if use_library:
        choice = retrieve_template(refined, dialect, question, node_count=node_count, max_hops=max_hops)
        if choice is not None:
            return choice
    return draft_template(refined, language, dialect, llm)
