"""Stage "template": a generic algorithm C with no graph-specific names (GRRAF 3.2).

The plan names the task; the registry names its verified templates per dialect
(``cypher_templates/``), and the first one written for this kind of graph is taken. Only when the
task has no template for the store's language, or no task fits, does the LLM draft one, as in
GRRAF, with the installed networkx's own documentation at hand. Verified templates matter most for
small local models, which draft wrong algorithms far more often than they mis-bind a correct one.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from itertools import zip_longest
from typing import TYPE_CHECKING, Any

from grraf.errors import CodeRejected
from grraf.llm.calls import LLMSession
from grraf.pipeline.extract import extract_code
from grraf.prompts import load_prompt
from grraf.tasks import Task, get_task
from grraf.types import Plan

if TYPE_CHECKING:
    from grraf.pipeline.docs import DocHit

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class TemplateChoice:
    """The template C handed to the generate stage.

    Attributes:
        code: the generic code ('' when neither the library nor the LLM produced any).
        origin: ``"retrieved"`` (a verified template), ``"drafted"`` (by the LLM), ``"reused"`` or ``"none"``.
        name: the template's name when retrieved.
        parameters: the template's parameters (``source``, ``target``, ``node``, ...) when retrieved.
        entry: the :class:`cypher_templates.Template` itself (for rendering Cypher).
        docs: networkx functions whose documentation was shown to the LLM.
        docs_text: that documentation as the prompt shows it ('' when none).
        negated: the task is the negation of what the template computes; the call inverts it.
    """

    code: str
    origin: str
    name: str | None = None
    parameters: tuple[str, ...] = ()
    entry: Any = field(default=None, compare=False, repr=False)
    docs: tuple[str, ...] = ()
    docs_text: str = ""
    negated: bool = False

    @property
    def retrieved(self) -> bool:
        return self.origin == "retrieved"


def graph_kind(plan: Plan) -> str:
    """'directed, weighted' style words for prompts.

    >>> graph_kind(Plan(question="q", directed=True, weighted=False))
    'directed, unweighted'
    """
    direction = {True: "directed", False: "undirected", None: "directed or undirected"}[plan.directed]
    weights = {True: "weighted", False: "unweighted", None: "maybe weighted"}[plan.weighted]
    return f"{direction}, {weights}"


def dialect_notes(dialect: str) -> str:
    """Short notes on a Cypher dialect, from ``prompts/dialect_<dialect>.yaml`` ('' if none)."""
    from grraf.prompts import prompt_names

    return load_prompt(f"dialect_{dialect}").text() if f"dialect_{dialect}" in prompt_names() else ""


def verified_template(
    task: Task | None,
    dialect: str,
    *,
    directed: bool | None,
    weighted: bool | None,
    node_count: int | None = None,
    max_hops: int | None = None,
    plugins: frozenset[str] = frozenset(),
) -> TemplateChoice | None:
    """The task's first verified template in ``dialect`` written for this kind of graph, or None.

    Templates with bounded variable-length paths are exact only when every shortest path fits
    under the store's hop limit, which is sure when the graph has at most ``max_hops + 1`` nodes.
    A template that needs a server plugin (GDS) is taken only when the store has it.

    >>> from grraf.tasks import get_task
    >>> verified_template(get_task("has_cycle"), "networkx", directed=False, weighted=False).name
    'cycle_undirected'
    >>> verified_template(get_task("hamiltonian_path_nodes"), "networkx", directed=False, weighted=False) is None
    True
    """
    if task is None:
        return None
    from cypher_templates import load_templates

    by_name = {t.name: t for t in load_templates(dialect)} if task.template_names(dialect) else {}
    for name in task.template_names(dialect):
        template = by_name[name]
        if not template.fits(directed=directed, weighted=weighted):
            continue
        if template.bounded_paths and node_count is not None and max_hops is not None and node_count - 1 > max_hops:
            continue
        if not set(template.requires) <= plugins:
            continue
        return TemplateChoice(
            code=template.code,
            origin="retrieved",
            name=template.name,
            parameters=tuple(template.parameters),
            entry=template,
            negated=task.inverts,
        )
    return None


def draft_template(plan: Plan, language: str, dialect: str, llm: LLMSession) -> TemplateChoice:
    """A generic template for the plan's task, drafted by the LLM (GRRAF's own template stage).

    Only for a registry task without a verified template: a plan without a task has no generic
    algorithm to draft (the question is the specification), so its code is generated directly,
    with the networkx documentation that fits the question at hand.
    """
    task = get_task(plan.task) if plan.task else None
    # GraphSkill-style retrieval from the installed networkx: the right function names for this
    # version, where a small model would otherwise invent them.
    hits = networkx_docs(task, plan.question) if language == "python" else []
    shown = tuple(hit.call for hit in hits)
    if task is None:
        from grraf.pipeline.docs import format_hits

        return TemplateChoice(code="", origin="none", docs=shown, docs_text=format_hits(hits))
    described = f"{task.signature()}: {task.summary}"
    if language == "python":
        from grraf.pipeline.docs import format_hits

        messages = load_prompt("template_python").render(
            task=described, question=plan.question, graph_kind=graph_kind(plan), docs=format_hits(hits)
        )
    else:
        messages = load_prompt("template_cypher").render(
            task=described,
            question=plan.question,
            graph_kind=graph_kind(plan),
            dialect_notes=dialect_notes(dialect),
        )
    reply = llm.chat("template", messages)
    try:
        return TemplateChoice(code=extract_code(reply, language), origin="drafted", docs=shown)
    except CodeRejected:
        logger.info("template reply held no code; generating without a template")
        return TemplateChoice(code="", origin="none", docs=shown)


def networkx_docs(task: Task | None, question: str, *, k: int = 3) -> list[DocHit]:
    """The ``k`` networkx functions shown with a draft: the best fits for the task's own words (its
    terms and summary) and for the question, taken in turn, the task's first.

    The question alone can outvote the task: GraphInstruct's bridge question defines a bridge
    through "the number of connected components", which ranked ``nx.connectivity.bridge_components``
    first, and the 1.5B model counted those components in every one of the 30 bridge questions of
    the untemplated runs (seeds 3068, 3070, 3071). The task's words rank ``nx.bridges`` first, and
    shown first it is what the model calls. Without a task the question is all there is.
    """
    from grraf.pipeline.docs import search_networkx_docs

    asked = search_networkx_docs(f"{task.summary if task else ''} {question}", k=k)
    if task is None:
        return asked
    own = search_networkx_docs(f"{' '.join(task.terms)} {task.summary}", k=k)
    taken: dict[str, DocHit] = {}
    for pair in zip_longest(own, asked):
        for hit in pair:
            if hit is not None:
                taken.setdefault(hit.qualname, hit)
    return list(taken.values())[:k]


def choose_template(
    plan: Plan,
    language: str,
    dialect: str,
    llm: LLMSession,
    *,
    use_library: bool = True,
    node_count: int | None = None,
    max_hops: int | None = None,
    plugins: frozenset[str] = frozenset(),
) -> TemplateChoice:
    """The plan's verified template for this dialect, else an LLM draft."""
    if use_library:
        choice = verified_template(
            get_task(plan.task) if plan.task else None,
            dialect,
            directed=plan.directed,
            weighted=plan.weighted,
            node_count=node_count,
            max_hops=max_hops,
            plugins=plugins,
        )
        if choice is not None:
            return choice
    return draft_template(plan, language, dialect, llm)


def bound_parameters(choice: TemplateChoice, parameters: Mapping[str, Any]) -> dict[str, Any] | None:
    """The values a retrieved template takes, from the plan's parameters; None when one is missing."""
    needed: Sequence[str] = choice.parameters
    if any(name not in parameters for name in needed):
        return None
    return {name: parameters[name] for name in needed}
