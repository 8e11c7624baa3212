"""What a task is: the typed record every stage reads (DESIGN.md, "The task registry")."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Literal

import networkx as nx

#: What a task's answer is. ``node`` is one node of the graph, ``nodes`` a set of nodes (any order),
#: ``path`` and ``order`` sequences whose order matters; ``value`` a property value (a year, a city, a
#: distance) of a property graph.
Output = Literal["yes/no", "number", "node", "nodes", "path", "order", "value"]
OUTPUTS: tuple[Output, ...] = ("yes/no", "number", "node", "nodes", "path", "order", "value")

#: ``node``: a node of the graph asked about, stated in the question; ``integer``: a whole number the
#: question states (k of a k-core); ``number``: any number it states (a damping factor); ``graph``: a
#: second graph that comes with the question (G').
#:
#: Property graphs (labelled nodes with properties) add: ``entity``, a node the question names by a
#: property value ("The Matrix", "LHR"), resolved in the store; ``label``, ``rel_type`` and
#: ``property``, names from the store's schema (the plan's JSON schema offers them as enums, so the
#: LLM cannot invent one); ``choice``, one of the parameter's fixed ``choices`` (a direction, a
#: comparison, an aggregate).
ParamKind = Literal["node", "integer", "number", "graph", "entity", "value", "label", "rel_type", "property", "choice"]
#: Parameter kinds of property-graph tasks whose values are names in the store's schema.
SCHEMA_KINDS: frozenset[str] = frozenset({"label", "rel_type", "property"})

#: The picture :mod:`grraf.draw` makes of an answer.
#: Where the counted or listed edges meet the task's node: ``end`` (in-degree, predecessors: edges that
#: end at it) or ``start`` (out-degree, successors, what it reaches).
NodeRole = Literal["start", "end"]
#: Whether a node task looks one edge away (``direct``: degrees, neighbours) or along paths (``paths``).
Reach = Literal["direct", "paths"]
#: What a counting task counts: nodes (articulation points), edges (bridges) or components.
Counts = Literal["nodes", "edges", "components"]
DrawKind = Literal["flow", "cycle", "order", "match", "path", "node", "graph"]

#: How the benchmark's checker reads an answer: ``yes/no``; ``number`` compared with a tiny
#: tolerance; ``float`` (fractional labels) with an absolute one; ``set`` of node ids in any order;
#: ``list`` a sequence whose order the checker verifies (a topological order).
AnswerKind = Literal["yes/no", "number", "float", "set", "list"]
ANSWER_KINDS: tuple[AnswerKind, ...] = ("yes/no", "number", "float", "set", "list")


@dataclass(frozen=True)
class Param:
    """One typed parameter of a task.

    Attributes:
        name: the keyword the templates take (``source``, ``target``, ``node``, ``k``, ``G_prime``).
        kind: what kind of value it is, which decides how it is validated.
        description: a few words for the LLM ("where the flow starts").
        default: the value used when the question states none; None makes the parameter required.
        choices: the values a ``choice`` parameter may take.
        spoken: how a choice is said in the answer sentence, where its name is no word ("avg" is
            "average"); choices not listed are said as they are.
    """

    name: str
    kind: ParamKind
    description: str
    default: Any = None
    choices: tuple[str, ...] = ()
    spoken: tuple[tuple[str, str], ...] = ()

    @property
    def required(self) -> bool:
        return self.default is None


@dataclass(frozen=True)
class Sentence:
    """How an answer of this task is said, so the sentence always states what the value means.

    ``{value}`` and the task's parameter names are filled in; node parameters are written as
    ``node 3``. For yes/no tasks ``yes`` and ``no`` are used instead of ``value``; ``missing`` is
    said when the computation returns nothing (no path, not connected).
    """

    value: str = ""
    yes: str = ""
    no: str = ""
    missing: str = ""


@dataclass(frozen=True)
class Size:
    """One size bucket of a benchmark generator (GraphInstruct's ``task_config.yaml`` columns).

    Attributes:
        min_nodes: fewest nodes.
        max_nodes: most nodes.
        max_edges: most edges.
        min_ratio: fewest edges, as a share of the possible ones.
        max_ratio: most edges, as a share of the possible ones.
        weighted: edges carry a weight.
        directed: edges have a direction.
    """

    min_nodes: int
    max_nodes: int
    max_edges: int
    min_ratio: float
    max_ratio: float
    weighted: bool = False
    directed: bool = False

    @property
    def args(self) -> tuple[int, int, int, float, float]:
        """``(min_nodes, max_nodes, max_edges, min_ratio, max_ratio)``, the graph builders' arguments."""
        return self.min_nodes, self.max_nodes, self.max_edges, self.min_ratio, self.max_ratio


@dataclass(frozen=True)
class Draft:
    """One candidate question a generator drew: the graph, the label and what the wording needs.

    Attributes:
        text_args: the values GraphInstruct's prompt is formatted with (node range, printed edges,
            the parameters), in its order.
        label: the exact answer.
        graph: the graph asked about.
        params: the parameters the question states (``source``, ``target``, ``node``, ``k``,
            ``pattern``), by name.
        check: what the checker needs besides the label (topology: ``nodes`` and ``edge_list``).
    """

    text_args: tuple[Any, ...]
    label: Any
    graph: nx.Graph
    params: dict[str, Any] = field(default_factory=dict)
    check: dict[str, Any] = field(default_factory=dict)


#: A benchmark generator: ``(rng, size, index) -> Draft``, or None to draw again (a graph that
#: does not fit, an undecided search). ``index`` is the question's number; only generators that
#: alternate between graph families by it (bipartite) read it.
Generator = Callable[[random.Random, Size, int], "Draft | None"]


@dataclass(frozen=True)
class Bench:
    """A task's entry in ``grraf bench``.

    Attributes:
        name: the benchmark's name for the task (``flow``), as in question ids and ``--tasks``.
        answer: how the checker reads an answer (:data:`AnswerKind`).
        generate: draws one question (:data:`Generator`, in :mod:`grraf.tasks.generators`).
        slots: the parameters every question of the task states (the keys of
            :attr:`Draft.params`); a free phrasing of the task uses exactly these.
        balanced: the generator's label alternates yes/no by question index (the original caps
            "Yes" at half of each bucket for these tasks).
    """

    name: str
    answer: AnswerKind
    generate: Generator
    slots: frozenset[str] = frozenset()
    balanced: bool = False


@dataclass(frozen=True)
class Task:
    """Everything grraf knows about one task, in one place.

    Attributes:
        name: a snake_case id the LLM chooses by (``max_flow``).
        summary: one line saying exactly what is computed; shown to the LLM among the candidates.
        phrasings: example questions, for retrieval by meaning (not benchmark questions).
        output: what the answer is (:data:`Output`).
        parameters: typed parameters the LLM fills from the question.
        directed: True when the task only makes sense on a directed graph, False for undirected only,
            None for any graph.
        templates: verified template names (files in ``cypher_templates/<dialect>/``) per dialect;
            several names when variants fit different graphs (weighted or not, directed or not).
        sentence: the one-sentence answer.
        draw: the picture of an answer.
        cypher_is_weak: Cypher handles the task badly (max flow, isomorphism, ...): a Cypher store
            with a NetworkX projection answers it in Python.
        bench: the task's benchmark entry (its name there, its generator and answer kind), when
            ``grraf bench`` has it.
        inverts: its templates compute the task it negates, and it answers the opposite
            (``not_bipartite`` runs the bipartite templates).
        negates: for a yes/no task that asks the opposite of another (``not_connected`` of
            ``connectivity``, ``is_acyclic`` of ``has_cycle``), that task's name.
        negation_words: words a question asking this negative task uses ("cut off", "odd cycle"); the
            plan stage confirms a negative task only when the question uses one, and a positive task
            only when the question uses none of its negation's words.
        certificate: a NetworkX template ``solve(G, answer, ...)`` that checks an answer of this task
            independently (a path is a path, and no lighter one exists); for answers with several
            right values, which two computations cannot simply compare.
        node_role: on a directed graph, whether the edges it looks at end at its node or start
            there; the plan stage holds it against the role the question's words give the node ("lead
            into town 5": end; "junction 6 sends": start).
        reach: ``direct`` for tasks about the node's own edges, ``paths`` for tasks that follow
            paths; "directly" in a question contradicts ``paths``, "eventually" ``direct``.
        counts: what a counting task counts, nodes, edges or components; "How many roads ..."
            contradicts ``nodes`` and ``components``.
        counts_all: the task counts every node or every edge of the graph (``edge_count``); a
            question that says which ones count ("edges not on any cycle") asks another task's
            question (:func:`grraf.pipeline.validate.count_qualifier`).
        terms: the technical terms that name this task and no task of another meaning ("matching",
            "cut vertex"); a question using one while the LLM chose a task that does not know the
            term goes back to the LLM (:func:`grraf.pipeline.plan.term_finding`).
        distance: the answer is a length along shortest paths (hops or weight): a question that
            counts the steps of a trip ("how many flights to get from the hub to ...") asks a
            distance, and a number task without this flag answers another question.
        covers: what a tour of this task takes exactly once, ``nodes`` (Hamiltonian) or ``edges``
            (Eulerian); "play every song once" in a framing where songs are nodes contradicts ``edges``.
        cues: words one of which every question asking this task uses ("two", "colour", "split" for
            bipartite: a 2-colouring cannot be asked without saying how many colours or sides); a
            choice for a question using none runs unconfirmed (:func:`grraf.pipeline.plan.cue_finding`).
            Only for tasks whose asks cannot do without such a word; empty for the rest.
        weak_cues: words that count as a cue only beside one of ``weak_cue_partners``: "every" and
            "all" ask a Hamiltonian path only with a word for a walk or a row ("visit every node",
            "all the guests in one row"); alone they also ask a 2-colouring ("can every node get
            one of two colours?"), which was confirmed as a Hamiltonian path on them (free batch ai,
            bipartite-121).
        weak_cue_partners: see ``weak_cues``.
        contrary: words that ask what the task does not compute although they sit beside its cues
            ("no more than 3" holds the cue "more than" of a count above a threshold); a choice
            for a question using one runs unconfirmed, like one without a cue.
        property_graph: a task about a property graph (labelled nodes with properties, a database
            grraf did not create); offered only where the store's schema has labels and patterns,
            and its templates name labels, types and properties instead of grraf's namespaces.
        telling: words that tell the task from its rivals (:data:`grraf.tasks.CONFUSABLE`): a
            question that says one of them and none of the rival's does not need the LLM to pick
            between the two (:func:`grraf.pipeline.plan.contrast_rival`). Empty for most tasks.
    """

    name: str
    summary: str
    phrasings: tuple[str, ...]
    output: Output
    sentence: Sentence
    parameters: tuple[Param, ...] = ()
    directed: bool | None = None
    templates: Mapping[str, tuple[str, ...]] = field(default_factory=lambda: MappingProxyType({}))
    draw: DrawKind = "graph"
    cypher_is_weak: bool = False
    bench: Bench | None = None
    inverts: bool = False
    negates: str | None = None
    negation_words: tuple[str, ...] = ()
    certificate: str | None = None
    node_role: NodeRole | None = None
    reach: Reach | None = None
    counts: Counts | None = None
    counts_all: bool = False
    terms: tuple[str, ...] = ()
    distance: bool = False
    covers: Literal["nodes", "edges"] | None = None
    cues: tuple[str, ...] = ()
    weak_cues: tuple[str, ...] = ()
    weak_cue_partners: tuple[str, ...] = ()
    contrary: tuple[str, ...] = ()
    property_graph: bool = False
    telling: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        # Freeze the mapping too: a Task is shared by every question.
        object.__setattr__(self, "templates", MappingProxyType(dict(self.templates)))

    @property
    def parameter_names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.parameters)

    def parameter(self, name: str) -> Param | None:
        return next((p for p in self.parameters if p.name == name), None)

    def signature(self) -> str:
        """``max_flow(source, target)``, as the LLM is shown it (``damping=0.85`` for a default)."""
        shown = [p.name if p.required else f"{p.name}={p.default}" for p in self.parameters if p.kind != "graph"]
        return f"{self.name}({', '.join(shown)})"

    def template_names(self, dialect: str) -> tuple[str, ...]:
        return tuple(self.templates.get(dialect, ()))

    def fits_graph(self, directed: bool | None) -> bool:
        """Whether the task applies to a graph of this kind (unknown fits anything)."""
        return self.directed is None or directed is None or self.directed == directed

    def say(self, value: Any, parameters: Mapping[str, Any], rendered: str) -> str:
        """The answer sentence for ``value`` (``rendered`` is the value as text)."""
        words = {name: _shown(self.parameter(name), v) for name, v in parameters.items()}
        if value is None and self.sentence.missing:
            template = self.sentence.missing
        elif self.output == "yes/no" and isinstance(value, bool):
            template = self.sentence.yes if value else self.sentence.no
        else:
            template = self.sentence.value
        return template.format_map(_Defaulting(words, value=rendered))


def _shown(param: Param | None, value: Any) -> str:
    if param is not None and param.kind == "node":
        return f"node {value}"
    if param is not None and param.spoken:
        return dict(param.spoken).get(str(value), str(value))
    return str(value)


class _Defaulting(dict[str, str]):
    """format_map mapping that leaves unknown fields visible instead of raising."""

    def __init__(self, words: Mapping[str, str], **more: str) -> None:
        super().__init__(words, **more)

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"
