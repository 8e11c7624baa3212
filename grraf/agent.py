"""The GRRAF loop, in one place, top to bottom like the diagram in DESIGN.md.

question -> schema -> plan -> template -> generate -> guard -> execute -> answer
                                             ^                      |
                                             +---- feedback (<= n) -+
after n failures: a direct answer, flagged unverified.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

import networkx as nx
from langchain_core.language_models import BaseChatModel

from grraf.config import Settings
from grraf.errors import CodeError, CodeFailed, CodeFoundNothing, CodeRepeated, ConfigError, GrrafError, StoreError
from grraf.llm.calls import LLMSession
from grraf.pipeline import answer as answer_stage
from grraf.pipeline import fallback as fallback_stage
from grraf.pipeline.examples import default_index as example_index
from grraf.pipeline.examples import examples_text
from grraf.pipeline.generate import CodeWriter, same_code
from grraf.pipeline.inputs import bounded, resolve_graphs, second_graph
from grraf.pipeline.patterns import check_patterns, correct_directions, unmatched_values
from grraf.pipeline.plan import plan as plan_stage
from grraf.pipeline.plan import task_of
from grraf.pipeline.reuse import ReuseStore
from grraf.pipeline.selfcheck import self_check
from grraf.pipeline.template import TemplateChoice, choose_template, verified_template
from grraf.stores.base import GraphStore
from grraf.types import Answer, Attempt, Plan, Schema, Trust

logger = logging.getLogger(__name__)

BACKENDS = ("networkx", "cypher", "auto")


@dataclass(frozen=True)
class Event:
    """Something that happened while answering, for ``--verbose`` and notebooks."""

    stage: str
    message: str
    data: dict[str, Any] = field(default_factory=dict)


Observer = Callable[[Event], None]


def _size_text(schema: Schema) -> str:
    if schema.node_count is None:
        return "an unknown number of nodes and edges"
    return f"{schema.node_count} nodes and {schema.edge_count} edges"


class GraphQA:
    """Answers questions about graphs by generating and running code.

    Args:
        store: a store to ask about (Neo4j, ladybug, a NetworkX store). When None, each
            question brings its graph: written in its text, or passed as ``graph=``.
        backend: ``"networkx"``, ``"cypher"`` (ladybug for graphs that are not in a
            Cypher store already) or ``"auto"``. None (the default) is ``"networkx"``, except for a
            property graph in a Cypher store (a database grraf did not create), whose questions are
            answered in Cypher and projected into NetworkX only for graph algorithms; an explicit
            ``"networkx"`` projects such a graph for every question.
        chat_model: any LangChain chat model; by default the one ``settings.model`` names.
        settings: knobs (retries, timeout, ...); by default from the environment.
        observer: called with an :class:`Event` as each stage finishes.

    Example::

        qa = GraphQA(chat_model=my_model)
        qa.ask("Is there a cycle? The edges are (0,1) (1,2) (2,0).").value   # True
    """

    def __init__(
        self,
        store: GraphStore | None = None,
        *,
        backend: str | None = None,
        chat_model: BaseChatModel | None = None,
        settings: Settings | None = None,
        observer: Observer | None = None,
    ) -> None:
        if backend is not None and backend not in BACKENDS:
            raise ConfigError(f"unknown backend {backend!r}; choose one of {', '.join(BACKENDS)}")
        self.settings = settings or Settings.from_env()
        self.store = store
        self.backend = backend or "networkx"
        self._backend_chosen = backend is not None
        self._chat_model = chat_model
        self._observer = observer

    @property
    def chat_model(self) -> BaseChatModel:
        if self._chat_model is None:
            from grraf.llm.factory import make_chat_model

            self._chat_model = make_chat_model(self.settings)
        return self._chat_model

    def _emit(self, stage: str, message: str, **data: Any) -> None:
        logger.info("%s: %s", stage, message)
        if self._observer is not None:
            self._observer(Event(stage, message, data))

    # -- the loop ---------------------------------------------------------------------

    def ask(self, question: str, *, graph: nx.Graph | None = None) -> Answer:
        """Answer one question. Infrastructure problems raise; code problems never do."""
        start = time.perf_counter()
        llm = LLMSession(self.chat_model)
        to_close: list[GraphStore] = []
        graph_in_text = False
        try:
            written: dict[str, nx.Graph] = {}
            if self.store is not None and graph is None:
                # The store holds G; a subgraph question writes its G' in the text.
                store = self.store
                asked, written = second_graph(question)
            else:
                given = resolve_graphs(question, graph, llm, self.settings)
                self._emit(
                    "input",
                    f"graph from {given.source}: "
                    + ", ".join(
                        f"{name} {g.number_of_nodes()} nodes/{g.number_of_edges()} edges"
                        for name, g in given.graphs.items()
                    ),
                )
                store = self._store_for(given.graphs)
                to_close.append(store)
                asked, graph_in_text = given.question, given.source != "argument"

            schema = store.schema()
            self._emit("schema", f"{store.name}: {_size_text(schema)}", chars=len(schema.text))

            graphs = (*(store.capabilities().graph_names or ("G",)), *written)
            plan = plan_stage(bounded(asked), schema, store, llm, graphs=graphs)
            self._emit(
                "plan",
                f"{plan.task or 'no task'}"
                + (f" {plan.parameters}" if plan.parameters else "")
                + ("" if plan.confirmed or plan.task is None else " (not confirmed)")
                + (f"; {' '.join(plan.issues)}" if plan.issues else ""),
                task=plan.task,
                output=plan.output,
                parameters=plan.parameters,
                candidates=plan.candidates,
                confirmed=plan.confirmed,
            )

            routed = self._route(store, schema, plan, written)
            if routed is not store:
                to_close.append(routed)
                store, schema = routed, routed.schema()

            reuse, reused = self._recall(store, schema, plan)
            if reused is not None:
                template = TemplateChoice(code="", origin="reused", name=reused[0])
            else:
                template = choose_template(
                    plan,
                    store.language,
                    store.dialect,
                    llm,
                    use_library=self.settings.templates,
                    node_count=schema.node_count,
                    max_hops=store.capabilities().max_hops,
                    plugins=store.capabilities().plugins,
                )
            self._emit(
                "template",
                f"{template.origin} {template.name or ''}".strip()
                + (f" (docs: {', '.join(template.docs)})" if template.docs else ""),
                code=template.code,
            )

            outcome = self._attempts(store, schema, plan, template, llm, reused[1] if reused else None)
            if reuse is not None:
                if reused is not None and outcome.value is _NO_VALUE:
                    reuse.forget(plan, store.dialect)
                elif outcome.value is not _NO_VALUE and outcome.code is not None and not reused:
                    # Code that ran and survived the self-check where one exists (a disagreement
                    # never gets here); without a verified template for the task, having run on the
                    # graph is the verification GRRAF itself gives, and the stored file says so.
                    reuse.remember(plan, store.dialect, outcome.code, verified_by=outcome.checked_by or "executed")

            def finish(
                text: str, value: Any, trust: Trust, reason: str | None = None, reply: str | None = None
            ) -> Answer:
                return Answer(
                    question=question,
                    answer=text,
                    value=value,
                    trust=trust,
                    attempts=tuple(outcome.attempts),
                    llm_calls=tuple(llm.calls),
                    seconds=time.perf_counter() - start,
                    backend=store.name,
                    plan=plan,
                    template=template.code or None,
                    template_origin=f"{template.origin}:{template.name}" if template.name else template.origin,
                    code=outcome.code if trust != "fallback" else None,
                    fallback_reason=reason,
                    checked_by=outcome.checked_by if trust != "fallback" else None,
                    retrieved_docs=template.docs,
                    reasoning=reply,
                )

            if outcome.value is not _NO_VALUE:
                value = outcome.value
                trust: Trust = "verified" if outcome.verified_by(plan) else "executed"
                text = answer_stage.say(plan, value) or (
                    answer_stage.explain(plan.question, value, llm)
                    if self.settings.explain
                    else answer_stage.render(value, plan.output)
                )
                self._emit("answer", text, value=value, trust=trust)
                return finish(text, value, trust)

            attempts = outcome.attempts
            reason = f"{len(attempts)} attempt(s) failed; last: {attempts[-1].status}" if attempts else "no attempt ran"
            if not self.settings.fallback:
                self._emit("answer", f"no answer ({reason}); fallback is off", trust="fallback")
                return finish("", None, "fallback", reason + "; fallback disabled")
            # The original question already holds the graph when it was written in it.
            shown = None if graph_in_text else store.as_text(self.settings.fallback_max_edges)
            direct = fallback_stage.answer_directly(question, shown, plan.output, llm)
            self._emit("fallback", direct.text, value=direct.value, trust="fallback")
            return finish(direct.text, direct.value, "fallback", reason, reply=direct.reply)
        finally:
            for opened in to_close:
                opened.close()

    def _cypher_examples(self, store: GraphStore, schema: Schema, plan: Plan, template: TemplateChoice) -> str:
        """Worked examples for a Cypher query the LLM writes whole, about a property graph ('' otherwise)."""
        if template.code or store.language != "cypher" or not self.settings.cypher_examples:
            return ""
        if not _property_graph(schema):
            return ""
        found = example_index(store.dialect).search(
            plan.question,
            names=[e.phrase for e in plan.entities],
            held_out=self.settings.examples_held_out,
            k=self.settings.cypher_examples,
        )
        self._emit("examples", f"{len(found)} worked example(s)" + "".join(f"\n  {e.question}" for e in found))
        return examples_text(found)

    def _attempts(
        self,
        store: GraphStore,
        schema: Schema,
        plan: Plan,
        template: TemplateChoice,
        llm: LLMSession,
        reused_code: str | None = None,
    ) -> _Outcome:
        """Generate, guard, execute, self-check; feed errors back; at most 1 + max_retries attempts."""
        writer = CodeWriter.start(
            plan,
            template,
            schema,
            store.language,
            store.dialect,
            render_cypher=_cypher_renderer(store, schema),
            seed=self.settings.seed,
            examples=self._cypher_examples(store, schema, plan, template),
        )
        if reused_code is not None:
            writer.bound = reused_code
        bound = writer.bound if template.retrieved else None
        attempts: list[Attempt] = []
        # An LLM-written query that found nothing, kept while the LLM is asked about it once.
        held: _Outcome | None = None
        for round_number in range(self.settings.max_retries + 1):
            stage = "generate" if round_number == 0 else "feedback"
            code = ""
            began = time.perf_counter()
            try:
                code = writer.write(llm, stage)
                store.check(code)
                if store.language == "cypher" and _property_graph(schema) and code != bound:
                    corrected = correct_directions(code, schema, store.dialect)
                    if corrected != code:
                        self._emit("correct", "turned an arrow round to the schema's direction", code=corrected)
                        code = writer.amend(corrected)
                    check_patterns(code, schema, store.dialect)
                began = time.perf_counter()
                run = store.execute(code, self.settings.timeout)
                value = answer_stage.normalize(
                    run.value,
                    plan.output,
                    plan.parameters.get("node"),
                    missing_ok=code == bound and _says_missing(plan),
                    ranked=_ranks(plan),
                )
                check = (
                    self_check(value, plan, store, schema, self.settings)
                    if self.settings.self_check and code != bound
                    else None
                )
                if held is None and check is None and code != bound and _found_nothing(value, store, schema):
                    held = _Outcome([], value, code, None, from_template=False)
                    raise CodeFoundNothing(
                        f"the query found nothing ({json.dumps(value, default=str)})",
                        value=value,
                        notes=_unmatched(code, store, schema, plan),
                    )
            except CodeError as error:
                seconds = time.perf_counter() - began if code else 0.0
                if isinstance(error, CodeRepeated) and held is not None and same_code(error.code, [held.code or ""]):
                    # the LLM stands by its query: nothing is its answer
                    attempts.append(Attempt(error.code, "ok", "sent again: it found nothing", 0.0, store.language))
                    self._emit("attempt", f"#{len(attempts)} the query that found nothing, sent again: kept")
                    return replace(held, attempts=attempts)
                if isinstance(error, CodeRepeated):
                    code = error.code
                attempts.append(Attempt(code, error.status, str(error), seconds, store.language))
                self._emit(
                    "attempt",
                    f"#{len(attempts)} {error.status}: {str(error).splitlines()[0][:200]}",
                    code=code,
                    language=store.language,
                    status=error.status,
                    error=str(error),
                    seconds=seconds,
                )
                writer.feedback(error, _size_text(schema))
                continue
            note = run.note if run.truncated else None
            attempts.append(Attempt(code, "ok", note, run.seconds, store.language))
            self._emit(
                "attempt",
                f"#{len(attempts)} ok in {run.seconds:.2f}s",
                code=code,
                language=store.language,
                status="ok",
                seconds=run.seconds,
                value=value,
            )
            if check is not None:
                self._emit("selfcheck", f"agrees with verified template {check.oracle}")
            return _Outcome(attempts, value, code, check.oracle if check else None, from_template=code == bound)
        if held is not None:
            return replace(held, attempts=attempts)
        return _Outcome(attempts, _NO_VALUE, None, None, from_template=False)

    # -- stores -----------------------------------------------------------------------

    def _store_for(self, graphs: dict[str, nx.Graph]) -> GraphStore:
        if self.backend == "cypher":
            from grraf.stores.factory import cypher_store_for

            return cypher_store_for(graphs, self.settings)
        from grraf.stores.networkx import NetworkXStore

        return NetworkXStore(graphs, settings=self.settings)

    def _recall(
        self, store: GraphStore, schema: Schema, plan: Plan
    ) -> tuple[ReuseStore | None, tuple[str, str] | None]:
        """Code from an earlier question of the same shape, bound to this one's parameters.

        Only for Python stores and only when the plan's task has no verified template (a template
        is bound without the LLM anyway). Returns the reuse store and (shape, bound code) or None.
        """
        if not self.settings.reuse or store.language != "python":
            return None, None
        reuse = ReuseStore(self.settings.reuse_path)
        if self.settings.templates and verified_template(
            task_of(plan), store.dialect, directed=plan.directed, weighted=plan.weighted
        ):
            return reuse, None
        reusable = reuse.recall(plan, store.dialect)
        bound = reusable.bind(plan.parameters) if reusable is not None else None
        if reusable is None or bound is None:
            return reuse, None
        self._emit("reuse", f"reusing code for shape {reusable.shape} (verified by {reusable.verified_by})")
        return reuse, (reusable.shape, bound)

    def _route(
        self, store: GraphStore, schema: Schema, plan: Plan, written: dict[str, nx.Graph] | None = None
    ) -> GraphStore:
        """Project a Cypher store into NetworkX when Python is the better language for the task.

        ``networkx`` always projects. ``cypher`` and ``auto`` keep Cypher when the task has a
        verified template in the store's dialect, and when no task fits (look-ups and aggregations
        over properties are Cypher's strength); otherwise they project when the task is one Cypher
        handles badly (the registry marks max flow, matching, Hamilton paths, ...: GRRAF's own Cypher
        max flow missed residual edges) or has a verified NetworkX template (a topological order).
        A second graph written in the question (``written``: G' of a subgraph question about a
        stored G) joins the projection when the task takes it or no task fits.
        """
        task = task_of(plan)
        if written and (task is None or any(p.kind == "graph" for p in task.parameters)):
            from grraf.stores.networkx import project

            self._emit("route", f"task {plan.task or 'none'}: {store.name} with {', '.join(written)} in NetworkX")
            return project(store, settings=self.settings, extra=written)
        if store.language == "python" or not store.capabilities().projects:
            return store
        if _property_graph(schema):
            return self._route_property(store, schema, plan)
        if self.backend != "networkx":
            if task is None:
                return store
            if self.settings.templates and verified_template(
                task,
                store.dialect,
                directed=plan.directed,
                weighted=plan.weighted,
                node_count=schema.node_count,
                max_hops=store.capabilities().max_hops,
                plugins=store.capabilities().plugins,
            ):
                return store
            # A verified NetworkX template beats Cypher the LLM drafts: on Neo4j the 1.5B model
            # wrote no valid topological order in 5 of 5 GraphInstruct questions (seed 2034), while
            # the projection's template answers each.
            python = self.settings.templates and verified_template(
                task, "networkx", directed=plan.directed, weighted=plan.weighted
            )
            if not task.cypher_is_weak and not python:
                return store
        from grraf.stores.networkx import project

        self._emit("route", f"task {plan.task}: projecting {store.name} into NetworkX")
        return project(store, settings=self.settings)

    def _route_property(self, store: GraphStore, schema: Schema, plan: Plan) -> GraphStore:
        """Routing for a property graph: Cypher unless the task needs a graph algorithm.

        Look-ups, neighbours, counts and aggregations over a property graph are Cypher's strength,
        and their verified templates exist for both Cypher stores; tasks such as connected groups
        have NetworkX templates only and run on the projection (``to_networkx`` reads a database
        grraf did not create as one MultiDiGraph). An explicit ``backend="networkx"`` projects always.
        """
        task = task_of(plan)
        keep = not (self._backend_chosen and self.backend == "networkx")
        if keep and task is not None and task.cypher_is_weak and not task.template_names(store.dialect):
            keep = False
        if keep:
            return store
        from grraf.stores.networkx import project

        self._emit("route", f"task {plan.task or 'none'}: projecting {store.name} into NetworkX")
        return project(store, settings=self.settings)

    def close(self) -> None:
        if self.store is not None:
            self.store.close()

    def __enter__(self) -> GraphQA:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _property_graph(schema: Schema) -> bool:
    from grraf.pipeline.property_plan import is_property_graph

    return is_property_graph(schema)


def _unmatched(code: str, store: GraphStore, schema: Schema, plan: Plan) -> tuple[str, ...]:
    """What a query that found nothing compares to a string no node holds (none when the look-up fails)."""
    try:
        return tuple(unmatched_values(code, store, schema, plan.entities))
    except StoreError as e:
        logger.info("looking up the values of a query that found nothing failed: %s", e)
        return ()


def _found_nothing(value: Any, store: GraphStore, schema: Schema) -> bool:
    """Whether LLM-written Cypher about a property graph came back with nothing: no value, an empty or
    all-null list, or a count of 0 (not False: "no" answers a yes/no question).

    Over the stored property-graph runs (batches 1-28, both stores) such a result of LLM-written Cypher
    was right for 1 of 175 questions (a null or an empty list for none of 121, a 0 for 1 of 54), against
    212 of 640 for its other results: a pattern or a value that matches nothing, not an answer.
    """
    if store.language != "cypher" or not _property_graph(schema):
        return False
    if isinstance(value, bool):
        return False
    if isinstance(value, list | tuple | dict | str):
        return not value or (isinstance(value, list | tuple) and all(v is None or v == [] for v in value))
    return value is None or (isinstance(value, int | float) and value == 0)


def _says_missing(plan: Plan) -> bool:
    """Whether the plan's task has a sentence for "nothing found" (no connection), so a verified
    template's empty result is an answer, not an error."""
    task = task_of(plan)
    return task is not None and task.property_graph and bool(task.sentence.missing)


def _ranks(plan: Plan) -> bool:
    """Whether the plan's task answers with the top of a ranking of the nodes the data holds (it takes
    an ``order``). Not a comparison of two named nodes: there nothing comes back when one lacks the
    property ("Who is older, X or Y?" with no birth year for X), and that is the answer."""
    task = task_of(plan)
    return task is not None and task.parameter("order") is not None and task.parameter("other") is None


def _cypher_renderer(store: GraphStore, schema: Schema) -> Callable[[TemplateChoice, dict[str, Any]], str | None]:
    """Renders retrieved Cypher templates: over a property graph's own labels, or for a store holding
    exactly one named graph."""

    def render(choice: TemplateChoice, parameters: dict[str, Any]) -> str | None:
        capabilities = store.capabilities()
        if choice.entry is not None and choice.entry.property_graph:
            from grraf.pipeline.property_plan import render_template

            return render_template(choice.entry, parameters, max_hops=capabilities.max_hops)
        names = capabilities.graph_names
        if choice.entry is None or choice.negated or len(names) != 1:
            return None
        from cypher_templates import LADYBUG_MAX_HOPS, render_cypher
        from grraf.stores.cypher_guard import edge_type, node_label

        needed = {name: parameters.get(name) for name in choice.parameters}
        if any(value is None for value in needed.values()):
            return None
        return str(
            render_cypher(
                choice.entry,
                node_label=node_label(names[0]),
                edge_type=edge_type(names[0]),
                directed=bool(schema.directed),
                params=needed,
                max_hops=capabilities.max_hops or LADYBUG_MAX_HOPS,
            )
        )

    return render


class _NoValue:
    """Marks 'no attempt succeeded' (None is a legitimate executed value before normalising)."""


_NO_VALUE: Any = _NoValue()


@dataclass(frozen=True)
class _Outcome:
    """What the attempts produced: the trace, the value (or ``_NO_VALUE``) and the code behind it.

    ``from_template``: the value came from the verified template bound without the LLM.
    ``checked_by``: the verified template that an independent computation agreed with.
    """

    attempts: list[Attempt]
    value: Any
    code: str | None
    checked_by: str | None
    from_template: bool

    def verified_by(self, plan: Plan) -> bool:
        """DESIGN.md's definition: a verified template ran with parameters the LLM chose and the
        readers confirmed, or LLM-written code agreed with an independent computation.

        Either way on a confirmed plan only: the independent computation (the task's template, its
        certificate) is the chosen task's, so agreement shows the code computes that task, not that
        the task is the one asked (``triangle_count`` for "how many cut edges", which the readers
        left unconfirmed, would agree with itself). For a property-graph task the oracle likewise
        computes the same query for the same named nodes.
        """
        return plan.confirmed and (self.from_template or self.checked_by is not None)


def answer_directly(
    question: str,
    *,
    chat_model: BaseChatModel | None = None,
    settings: Settings | None = None,
    output_format: str | None = None,
) -> Answer:
    """The 'direct' baseline: the whole question (graph included) to the LLM, unverified."""
    from grraf.pipeline.validate import ask_form

    settings = settings or Settings.from_env()
    if chat_model is None:
        from grraf.llm.factory import make_chat_model

        chat_model = make_chat_model(settings)
    start = time.perf_counter()
    llm = LLMSession(chat_model)
    fmt = output_format or ask_form(question) or "text"
    direct = fallback_stage.answer_directly(question, None, fmt, llm)
    return Answer(
        question=question,
        answer=direct.text,
        value=direct.value,
        trust="fallback",
        attempts=(),
        llm_calls=tuple(llm.calls),
        seconds=time.perf_counter() - start,
        backend="direct",
        fallback_reason="direct answer (no code)",
        reasoning=direct.reply,
    )


def ask(
    question: str,
    graph: nx.Graph | None = None,
    *,
    store: GraphStore | None = None,
    backend: str | None = None,
    chat_model: BaseChatModel | None = None,
    settings: Settings | None = None,
    **overrides: Any,
) -> Answer:
    """Answer one question; the shortest way in.

    ``overrides`` are :class:`~grraf.config.Settings` fields (``max_retries=1``, ``timeout=30``).

    Raises:
        GrrafError: bad input or configuration (never for bad generated code).
    """
    settings = (settings or Settings.from_env()).with_(**overrides)
    qa = GraphQA(store, backend=backend, chat_model=chat_model, settings=settings)
    try:
        return qa.ask(question, graph=graph)
    finally:
        if store is None:
            qa.close()


__all__ = ["GraphQA", "Event", "ask", "answer_directly", "GrrafError", "CodeFailed"]
