"""Run methods on benchmark questions and append one JSON row per question x method.

Methods (all share one chat model instance, because loading a local model is slow):

* ``grraf-networkx``: :class:`grraf.agent.GraphQA` on the NetworkX backend.
* ``grraf-cypher``: GraphQA on the embedded Cypher backend (ladybug).
* ``direct``: :func:`grraf.agent.answer_directly`, the whole question to the LLM (with the graph
  as an edge list when the question does not carry it).
* ``code-once`` / ``code-feedback``: the raw model writes Python against the loaded graph, once
  or with error feedback (:mod:`grraf.bench.baselines`).
* ``grraf-no-retry``: an ablation, not a baseline: GraphQA (NetworkX) with no feedback rounds and
  no fallback; an attempt that does not execute scores wrong. Rows written before the rename
  say ``single-shot``; they are read as ``grraf-no-retry``.
* peers, other text-to-Cypher systems on the property-graph questions asked of Neo4j, with the same
  chat model (:mod:`grraf.bench.peers`): ``langchain-neo4j`` (GraphCypherQAChain) and
  ``neo4j-graphrag`` (Text2CypherRetriever). They support only Neo4j: on another store (ladybug)
  they do not apply and get no rows. Like the baselines, nothing verifies their answers.
* ``grraf-neo4j``: GraphQA on a Neo4j store. For each question the runner puts the question's
  graph(s) into Neo4j under a namespace of its own (through a :data:`StoreFactory` the caller
  passes, since grraf does not import the loaders), asks, and drops the namespace afterwards.

The baselines (``direct``, ``code-once``, ``code-feedback``) are the raw model as in GRRAF's
tables; the ``grraf-*`` methods are grraf.

Rows go to ``<out>/results.jsonl``, each written and flushed on its own, so an interrupted
run loses at most the question in flight; running again with the same output folder skips
every (id, method) pair that already has a row without an error.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import logging
import math
import re
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from grraf.bench.baselines import CODE_BASELINES, direct_text, solve_with_code
from grraf.bench.checkers import check
from grraf.bench.peers import PEER_METHODS
from grraf.bench.question import Question
from grraf.bench.scale import read_scale_graph
from grraf.bench.specs import resolve_names
from grraf.config import Settings
from grraf.errors import ConfigError, GrrafError
from grraf.types import Answer, Attempt

logger = logging.getLogger(__name__)

# Errors kept in a row: a traceback fits; a flood of printed output would bloat results.jsonl.
_ERROR_CHARS = 2000

GRRAF_METHODS: tuple[str, ...] = ("grraf-networkx", "grraf-cypher", "grraf-no-retry", "grraf-neo4j")
BASELINES: tuple[str, ...] = ("direct", "code-once", "code-feedback")
METHODS: tuple[str, ...] = ("grraf-networkx", "grraf-cypher", "direct", "code-once", "code-feedback", "grraf-no-retry")
#: Methods whose store the runner fills per question through a :data:`StoreFactory`; they need a
#: server, so "all" does not include them: name them (``--methods grraf-neo4j,grraf-networkx``).
STORE_METHODS: tuple[str, ...] = ("grraf-neo4j",)
#: Old method names still found in results files, read as their new names.
RENAMED: dict[str, str] = {"single-shot": "grraf-no-retry"}
#: What a row may say about how far its answer can be relied on: the answer's trust level, or
#: ``none`` when the method produced no answer at all (a code baseline whose code never ran).
ROW_TRUST_LEVELS: tuple[str, ...] = ("verified", "executed", "fallback", "none")
RESULTS_FILE = "results.jsonl"
# Statuses after which the agent feeds the error back (GRRAF Table 2 counts these).
_ERROR_STATUSES = frozenset({"error", "rejected"})


class BenchAborted(GrrafError):
    """A method crashed on too many questions in a row: infrastructure, not the questions."""

    exit_code = 7


def parse_methods(spec: str | Sequence[str] | None) -> tuple[str, ...]:
    """Method names from ``"all"``, ``"grraf-networkx,direct"`` or a list.

    >>> parse_methods("direct, grraf-networkx")
    ('direct', 'grraf-networkx')
    >>> parse_methods("all") == METHODS
    True
    >>> parse_methods("single-shot"), parse_methods("neo4j,networkx")
    (('grraf-no-retry',), ('grraf-neo4j', 'grraf-networkx'))
    """
    aliases = {
        "networkx": "grraf-networkx",
        "cypher": "grraf-cypher",
        "grraf": "grraf-networkx",
        "neo4j": "grraf-neo4j",
        **RENAMED,
    }
    if spec is None or (isinstance(spec, str) and spec.strip().lower() in ("", "all")):
        return METHODS
    return resolve_names(spec, METHODS + STORE_METHODS + PEER_METHODS, aliases, kind="method")


def canonical_method(name: str) -> str:
    """A method name as this version calls it (old rows say ``single-shot``).

    >>> canonical_method("single-shot"), canonical_method("direct")
    ('grraf-no-retry', 'direct')
    """
    return RENAMED.get(name, name)


# --------------------------------------------------------------------------- rows


def jsonable(value: Any) -> Any:
    """A JSON-safe copy of a value (sets and tuples become lists, numpy scalars plain numbers).

    >>> jsonable({"a": (1, 2), "b": {3}, "c": float("nan")})
    {'a': [1, 2], 'b': [3], 'c': None}
    """
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, Mapping):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        items = sorted(value, key=repr) if isinstance(value, set | frozenset) else value
        return [jsonable(v) for v in items]
    if hasattr(value, "item") and callable(value.item):  # numpy scalar
        try:
            return jsonable(value.item())
        except (TypeError, ValueError):
            pass
    return repr(value)


def _candidate(answer: Answer) -> Any:
    # The executed value when there is one; otherwise the text (direct and fallback answers).
    return answer.value if answer.value is not None else answer.answer


def score(question: Question, method: str, answer: Answer) -> bool:
    """Whether ``answer`` is right; grraf-no-retry answers count only when code executed."""
    if canonical_method(method) == "grraf-no-retry" and (answer.trust == "fallback" or answer.value is None):
        return False
    try:
        if check(question, _candidate(answer)):
            return True
        # A value of the wrong shape (e.g. a dict) may still come with a right answer text.
        return answer.value is not None and answer.trust == "fallback" and check(question, answer.answer)
    except (ValueError, TypeError) as e:
        logger.warning("checker failed on %s: %s", question.id, e)
        return False


def row_trust(answer: Answer) -> str:
    """The trust level a row records: the answer's, or ``none`` when there is no answer at all."""
    if answer.value is None and not (answer.answer or "").strip():
        return "none"
    return answer.trust


def _base_row(question: Question, method: str) -> dict[str, Any]:
    meta = question.meta
    return {
        "id": question.id,
        "task": question.task,
        "method": method,
        "set": meta.get("set", "graphinstruct"),
        "bucket": meta.get("bucket"),
        "size": meta.get("size"),
        "nodes": meta.get("nodes"),
        "edges": meta.get("edges"),
        "expected": jsonable(question.answer),
        # Free-phrasing questions: which wording, from which half, and whether it asks the negation.
        "phrasing_id": meta.get("phrasing_id"),
        "phrasing_split": meta.get("phrasing_split"),
        "negated": meta.get("negated"),
        # property-graph questions: which graph, split, answer kind, query shape and batch of writing
        **{key: meta[key] for key in ("graph", "split", "kind", "shape", "batch") if key in meta},
    }


def answer_row(question: Question, method: str, answer: Answer) -> dict[str, Any]:
    """The result row of one answered question."""
    statuses = [a.status for a in answer.attempts]
    before_last = statuses[:-1]
    tokens = answer.tokens
    row = _base_row(question, method)
    row.update(
        {
            "correct": score(question, method, answer),
            "trust": row_trust(answer),
            "verified": bool(answer.verified),
            "plan": _plan_row(answer),
            # Only grraf falls back; the baselines' direct or missing answers are no fallback.
            "fallback": method in GRRAF_METHODS and answer.trust == "fallback",
            "fallback_reason": answer.fallback_reason,
            "value": jsonable(answer.value),
            "answer": answer.answer,
            # The whole reply behind a direct or fallback answer, so rows can be re-read
            # when the answer reader changes (a direct run takes hours to repeat).
            "reply": answer.reasoning,
            "template": answer.template_origin,
            "tokens_in": tokens.input,
            "tokens_out": tokens.output,
            "llm_calls": len(answer.llm_calls),
            "seconds": round(float(answer.seconds), 4),
            "attempts": statuses,
            # Each attempt's code and error, so a failing task can be read from its rows instead of re-run.
            "attempt_details": [_attempt_detail(a) for a in answer.attempts],
            "entered_feedback_error": any(s in _ERROR_STATUSES for s in before_last),
            "entered_feedback_timeout": any(s == "timeout" for s in before_last),
            "error": None,
        }
    )
    return row


def _plan_row(answer: Answer) -> dict[str, Any] | None:
    """The plan behind an answer: which task the LLM chose, with what, and whether it was confirmed."""
    plan = answer.plan
    if plan is None:
        return None
    return {
        "task": plan.task,
        "chosen": plan.chosen,
        "parameters": jsonable(plan.parameters),
        "output": plan.output,
        "confirmed": plan.confirmed,
        "candidates": list(plan.candidates),
        "issues": list(plan.issues),
    }


def _attempt_detail(attempt: Attempt) -> dict[str, Any]:
    detail = attempt.to_dict()
    if detail["error"] is not None:
        detail["error"] = detail["error"][:_ERROR_CHARS]
    return detail


def error_row(question: Question, method: str, error: BaseException, seconds: float) -> dict[str, Any]:
    """The result row of a question whose run crashed (scored wrong, retried on resume)."""
    row = _base_row(question, method)
    row.update(
        {
            "correct": False,
            "trust": "none",
            "verified": False,
            "fallback": False,
            "fallback_reason": None,
            "value": None,
            "answer": None,
            "tokens_in": 0,
            "tokens_out": 0,
            "llm_calls": 0,
            "seconds": round(seconds, 4),
            "attempts": [],
            "attempt_details": [],
            "entered_feedback_error": False,
            "entered_feedback_timeout": False,
            "error": f"{type(error).__name__}: {error}"[:_ERROR_CHARS],
        }
    )
    return row


def read_rows(path: str | Path) -> list[dict[str, Any]]:
    """Rows of a results file; a torn last line (from a killed run) is skipped."""
    p = Path(path)
    if not p.exists():
        return []
    rows: list[dict[str, Any]] = []
    for lineno, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            rows.append(json.loads(line))
        except json.JSONDecodeError:
            logger.warning("%s:%d: skipping a damaged row", p, lineno)
    return rows


def latest_rows(rows: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """One row per (id, method): the last one written (a resumed run may retry crashed rows).

    Old method names are read as the new ones (:data:`RENAMED`).
    """
    latest: dict[tuple[str, str], dict[str, Any]] = {}
    for row in rows:
        fresh = dict(row)
        fresh["method"] = canonical_method(str(row["method"]))
        latest[(str(fresh["id"]), fresh["method"])] = fresh
    return list(latest.values())


def done_pairs(path: str | Path) -> set[tuple[str, str]]:
    """(id, method) pairs that already have a row without an error."""
    return {(str(r["id"]), str(r["method"])) for r in latest_rows(read_rows(path)) if not r.get("error")}


# --------------------------------------------------------------------------- methods


def _load_agent() -> Any:
    # Imported late: the agent pulls in stores and the LLM stack, and tests swap it out.
    return importlib.import_module("grraf.agent")


Solver = Callable[[Question, Any], Answer]

#: ``factory(namespace, graphs)`` loads ``graphs`` (name -> networkx graph) into a store under
#: names derived from ``namespace`` and yields a store restricted to them; leaving the context
#: drops what it loaded, also when the question failed. See ``loaders.neo4j.question_store``.
StoreFactory = Callable[[str, Mapping[str, Any]], AbstractContextManager[Any]]


def question_namespace(question_id: str) -> str:
    """A graph name of its own for one question: letters, digits and single underscores, at most 41
    characters (grraf's limit is 48; the loader adds ``_N`` for a second graph).

    >>> question_namespace("connectivity-test-007")
    'q_connectivity_test_007_979d86'
    """
    stem = re.sub(r"[^A-Za-z0-9]+", "_", question_id).strip("_")[:32].rstrip("_") or "q"
    digest = hashlib.sha256(question_id.encode()).hexdigest()[:6]
    return f"q_{stem}_{digest}"


def ask_without_graph(text: str) -> str:
    """A question with the graph written in it replaced by a short mention, as GraphQA does for a
    graph it parses from the text (GraphInstruct's questions carry their edges): for a store that
    already holds the graph, the edges would only lengthen the prompt.

    >>> ask_without_graph("Given an undirected graph: (0,1) (1,2). Is there a path between node 0 and node 2?")
    'Given an undirected graph: [graph G: 3 nodes, 2 edges]. Is there a path between node 0 and node 2?'
    >>> ask_without_graph("How many edges leave node 1?")
    'How many edges leave node 1?'
    """
    from grraf.parse.graphtext import parse_question

    parsed = parse_question(text)
    return parsed.question if parsed is not None else text


def question_graphs(question: Question, graph: Any = None) -> dict[str, Any]:
    """The graphs a store-backed method must load: the separately given one, else those written in the text.

    Raises:
        ConfigError: the question carries no graph a store could be filled with.
    """
    if graph is not None:
        return {"G": graph}
    from grraf.parse.graphtext import parse_question

    parsed = parse_question(question.text)
    if parsed is None or not parsed.graphs:
        raise ConfigError(f"question {question.id} has no graph to load into a store")
    return dict(parsed.graphs)


@dataclass
class MethodPool:
    """Creates each method's agent once, on first use, and closes them all at the end."""

    chat_model: Any
    settings: Settings
    #: The store every question is asked about (property-graph questions); None: each question brings its graph.
    store: Any = None
    store_factories: Mapping[str, StoreFactory] = field(default_factory=dict)
    _agents: dict[str, Any] = field(default_factory=dict)
    _peers: dict[str, Any] = field(default_factory=dict)

    def _graph_qa(self, method: str, on_store: bool = False, held_out: str | None = None) -> Any:
        """The method's GraphQA; ``held_out``: the graph whose worked Cypher examples it never shows."""
        key = f"{method}@store" if on_store else method
        key += f"-{held_out}" if held_out else ""
        if key not in self._agents:
            agent = _load_agent()
            # Asked of the store, grraf-cypher answers in Cypher and grraf-networkx projects it into NetworkX.
            store = {"store": self.store} if on_store else {}
            settings = self.settings.with_(examples_held_out=frozenset({held_out})) if held_out else self.settings
            if method == "grraf-networkx":
                qa = agent.GraphQA(backend="networkx", chat_model=self.chat_model, settings=settings, **store)
            elif method == "grraf-cypher":
                qa = agent.GraphQA(backend="cypher", chat_model=self.chat_model, settings=settings, **store)
            elif method == "grraf-no-retry":
                one_shot = settings.with_(max_retries=0, fallback=False)
                qa = agent.GraphQA(backend="networkx", chat_model=self.chat_model, settings=one_shot, **store)
            else:
                raise ConfigError(f"{method} is not a GraphQA method")
            self._agents[key] = qa
        return self._agents[key]

    def applies(self, method: str, question: Question) -> bool:
        """Whether ``method`` can answer ``question``.

        The direct baseline cannot read a scale graph (10^6 edges as text); the code baselines
        need the graph as a graph (generated and scale questions have it, JSON-lines ones not);
        the peers answer only the property-graph questions, and only when they are asked of Neo4j.
        """
        if method in PEER_METHODS:
            return question.task == "property" and getattr(self.store, "name", None) == "neo4j"
        if method == "direct":
            return "graph_path" not in question.meta
        if method in CODE_BASELINES:
            return question.graph is not None or "graph_path" in question.meta
        return True

    def solve(self, method: str, question: Question, graph: Any = None) -> Answer:
        """Answer ``question`` with ``method``.

        Args:
            method: one of :data:`METHODS`.
            question: the question.
            graph: the question's graph when it is given separately (free and scale sets): grraf
                gets it as ``graph=`` and the direct baseline as an edge list after the question.
                Otherwise the graph is in the text, and only the code baselines load it (from
                :attr:`Question.graph`).
        """
        if method == "direct":
            answer_directly = _load_agent().answer_directly
            text = direct_text(question.text, graph)
            return answer_directly(text, chat_model=self.chat_model, settings=self.settings)  # type: ignore[no-any-return]
        if method in CODE_BASELINES:
            rounds = CODE_BASELINES[method]
            return solve_with_code(
                question.text,
                graph if graph is not None else question.graph,
                chat_model=self.chat_model,
                settings=self.settings,
                rounds=self.settings.max_retries if rounds is None else rounds,
                method=method,
            )
        if method in STORE_METHODS:
            return self._solve_in_store(method, question, graph)
        if method in PEER_METHODS:
            return self._peer(method).answer(question.text)  # type: ignore[no-any-return]
        # Property-graph questions are about the run's store; the others bring their graphs. The
        # worked Cypher examples of a property question's own graph are held out: the examples are
        # the dev questions of the same two graphs, and users ask about graphs of their own.
        on_store = self.store is not None and question.task == "property"
        shown = question.task == "property" and self.settings.cypher_examples
        held_out = str(question.meta.get("graph")) if shown else None
        qa = self._graph_qa(method, on_store=on_store, held_out=held_out)
        if graph is not None:
            return qa.ask(question.text, graph=graph)  # type: ignore[no-any-return]
        return qa.ask(question.text)  # type: ignore[no-any-return]

    def _solve_in_store(self, method: str, question: Question, graph: Any) -> Answer:
        factory = self.store_factories.get(method)
        if factory is None:
            raise ConfigError(f"{method} needs a store factory (grraf bench passes one when Neo4j is configured)")
        graphs = question_graphs(question, graph)
        # The store holds G alone, as a user's database would; a subgraph question's G' stays
        # written in the question, which GraphQA reads from it (grraf.pipeline.inputs.second_graph).
        text = question.text if "G_prime" in graphs else ask_without_graph(question.text)
        with factory(question_namespace(question.id), {"G": graphs["G"]}) as store:
            # A fresh GraphQA per question: its store holds only this question's graph. The
            # factory owns the store (it drops the namespace), so the GraphQA is not closed here.
            # backend="cypher": Cypher runs in the store, projected to NetworkX only for the tasks
            # Cypher handles badly; GraphQA's default ("networkx") would project every question
            # and measure NetworkX, not Neo4j.
            qa = _load_agent().GraphQA(store, backend="cypher", chat_model=self.chat_model, settings=self.settings)
            return qa.ask(text)  # type: ignore[no-any-return]

    def _peer(self, method: str) -> Any:
        """The peer system, connected once to the run's Neo4j (its schema read once)."""
        if method not in self._peers:
            from grraf.bench.peers import make_peer

            self._peers[method] = make_peer(method, self.chat_model, self.settings, self.store)
        return self._peers[method]

    def close(self) -> None:
        for method, peer in list(self._peers.items()):
            try:
                peer.close()
            except Exception as e:  # closing must not hide the run's own outcome
                logger.warning("closing %s failed: %s", method, e)
        self._peers.clear()
        # GraphQA.close closes its store; a shared store is the run's to close, once, at the end.
        for method, qa in list(self._agents.items()):
            if self.store is not None and getattr(qa, "store", None) is self.store:
                qa.store = None
            try:
                qa.close()
            except Exception as e:  # closing must not hide the run's own outcome
                logger.warning("closing %s failed: %s", method, e)
        self._agents.clear()
        if self.store is not None:
            self.store.close()


# --------------------------------------------------------------------------- running


@dataclass
class Tally:
    """Running accuracy per method, for progress displays."""

    done: dict[str, int] = field(default_factory=dict)
    correct: dict[str, int] = field(default_factory=dict)
    skipped: int = 0

    def add(self, row: Mapping[str, Any]) -> None:
        method = str(row["method"])
        self.done[method] = self.done.get(method, 0) + 1
        self.correct[method] = self.correct.get(method, 0) + int(bool(row.get("correct")))

    def accuracy(self, method: str) -> float | None:
        n = self.done.get(method, 0)
        return self.correct.get(method, 0) / n if n else None


@dataclass(frozen=True)
class RunResult:
    """What a run did: rows written now, pairs skipped as already done, and the results file."""

    rows: tuple[dict[str, Any], ...]
    skipped: int
    path: Path


class _GraphCache:
    # Scale graphs are big (10^6 nodes): keep only the last one loaded; questions come sorted by size.
    def __init__(self, loader: Callable[[str], Any]) -> None:
        self.loader = loader
        self.key: str | None = None
        self.graph: Any = None

    def get(self, question: Question) -> Any:
        """The graph given separately: loaded from ``graph_path`` (scale) or carried (free phrasing)."""
        if question.graph_given_separately and question.graph is not None:
            return question.graph
        path = question.meta.get("graph_path")
        if not path:
            return None
        if path != self.key:
            self.graph = None  # free the previous graph before loading the next
            logger.info("loading scale graph %s", path)
            self.graph = self.loader(str(path))
            self.key = str(path)
        return self.graph


def run(
    questions: Sequence[Question],
    methods: Sequence[str],
    out_dir: str | Path,
    *,
    settings: Settings,
    chat_model: Any,
    on_row: Callable[[dict[str, Any], Tally], None] | None = None,
    on_skip: Callable[[Question, str], None] | None = None,
    graph_loader: Callable[[str], Any] = read_scale_graph,
    max_consecutive_errors: int = 5,
    store: Any = None,
    store_factories: Mapping[str, StoreFactory] | None = None,
) -> RunResult:
    """Answer every question with every method, appending rows to ``<out_dir>/results.jsonl``.

    Args:
        questions: the benchmark questions (graphs inside the text, or ``meta["graph_path"]``).
        methods: names from :data:`METHODS`.
        out_dir: output folder; created if needed; an existing results file is resumed.
        settings: the session settings (grraf-no-retry derives its own from them; code-feedback
            takes its rounds from ``max_retries``).
        chat_model: one LangChain chat model, shared by every method and question.
        on_row: called after each row is written, with the running tally (progress bars).
        on_skip: called for each pair skipped because it is already done or does not apply.
        graph_loader: reads a separately given graph from its path.
        max_consecutive_errors: a method that crashes this many times in a row aborts the run.
        store: a store every question is about (the property-graph questions); the run closes it.
        store_factories: for :data:`STORE_METHODS` (``grraf-neo4j``), how to fill a store with one
            question's graph and empty it afterwards.

    Raises:
        BenchAborted: a method keeps crashing (e.g. the LLM server is down).
        GrrafError: a method cannot be set up (e.g. the Cypher store is missing).
    """
    names = parse_methods(list(methods))
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    path = out / RESULTS_FILE
    done = done_pairs(path)
    pool = MethodPool(
        chat_model=chat_model, settings=settings, store=store, store_factories=dict(store_factories or {})
    )
    graphs = _GraphCache(graph_loader)
    tally = Tally()
    written: list[dict[str, Any]] = []
    streak: dict[str, int] = {}
    try:
        with path.open("a", encoding="utf-8") as sink:
            for question in questions:
                for method in names:
                    if (question.id, method) in done or not pool.applies(method, question):
                        tally.skipped += 1
                        if on_skip:
                            on_skip(question, method)
                        continue
                    row = _run_one(pool, graphs, question, method)
                    if store is not None and question.task == "property":
                        row["store"] = store.name
                    sink.write(json.dumps(row, ensure_ascii=False) + "\n")
                    sink.flush()
                    written.append(row)
                    tally.add(row)
                    if on_row:
                        on_row(row, tally)
                    streak[method] = streak.get(method, 0) + 1 if row["error"] else 0
                    if streak[method] >= max_consecutive_errors:
                        raise BenchAborted(
                            f"{method} failed on {streak[method]} questions in a row; last: {row['error']}"
                        )
    finally:
        pool.close()
    return RunResult(tuple(written), tally.skipped, path)


def _run_one(pool: MethodPool, graphs: _GraphCache, question: Question, method: str) -> dict[str, Any]:
    started = time.perf_counter()
    try:
        graph = graphs.get(question)
        answer = pool.solve(method, question, graph)
    except ConfigError:
        raise  # a method that cannot be set up fails the run, not each question
    except Exception as e:  # anything else is this question's failure; the run goes on
        logger.warning("%s on %s crashed: %s", method, question.id, e)
        return error_row(question, method, e, time.perf_counter() - started)
    return answer_row(question, method, answer)
