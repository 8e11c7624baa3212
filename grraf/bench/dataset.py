"""GRRAF's evaluation set: GraphInstruct-style questions, generated reproducibly from a seed.

The nine GraphInstruct test tasks are read from the public generator settings
(``task_config.yaml``, entries ``<task>_test``); GRRAF's two extra tasks (in-degree and
out-degree of a node in a directed graph) are defined here in the same style. So are ten
tasks beyond GRRAF's eleven (:data:`BEYOND_TASKS`), scored apart from them: ``extra`` ones
the verified template library covers and ``untemplated`` ones it has no template for.

Graphs are built and printed as the original GraphInstruct generator does (edges sampled
from ``combinations(range(n), 2)``, so directed graphs point from the smaller to the larger
number; undirected unweighted edges print as Python tuples ``(0, 9)``, weighted ones as
``(0,9,3)``, directed ones as ``(0->9)`` / ``(0->9,3)``, node weights as ``[0, 7]``).
Labels are computed here with NetworkX, exactly: the Hamilton labels of the original are
wrong (its search never backtracks), so we run an exact search instead.

Reproducibility: every question draws from its own ``random.Random`` seeded by
``(seed, task, index)``, and the size bucket of question ``index`` depends only on the index.
So ``generate(per_task=10)`` is a prefix of ``generate(per_task=20)`` and the ids
(``flow-s0-0007``) always name the same question: a resumed benchmark stays consistent.
"""

from __future__ import annotations

import itertools
import json
import logging
import math
import os
import random
import re
import string
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import networkx as nx
import yaml
from networkx.algorithms import isomorphism

from grraf.errors import ConfigError, GraphInputError

logger = logging.getLogger(__name__)

#: The nine GraphInstruct test tasks, then GRRAF's two degree tasks.
GRAPHINSTRUCT_TASKS: tuple[str, ...] = (
    "connectivity",
    "cycle",
    "bipartite",
    "flow",
    "hamilton",
    "shortest",
    "substructure",
    "topology",
    "triplet",
)
DEGREE_TASKS: tuple[str, ...] = ("in_degree", "out_degree")
TASKS: tuple[str, ...] = GRAPHINSTRUCT_TASKS + DEGREE_TASKS

#: Beyond GRRAF's eleven: tasks the verified template library covers (``cypher_templates``) ...
EXTRA_TASKS: tuple[str, ...] = ("diameter", "k_core", "pagerank", "clustering", "max_matching")
#: ... and tasks it had no template for when the group was made: their score is measured with the
#: library kept out (--no-templates --no-self-check), so the pipeline has to write the code itself.
UNTEMPLATED_TASKS: tuple[str, ...] = ("radius", "bridges", "articulation_points", "eccentricity", "average_path")
BEYOND_TASKS: tuple[str, ...] = EXTRA_TASKS + UNTEMPLATED_TASKS
ALL_TASKS: tuple[str, ...] = TASKS + BEYOND_TASKS
# "all" stays GRRAF's eleven: recorded runs (and their resumes) were made with that meaning.
TASK_GROUPS: dict[str, tuple[str, ...]] = {
    "all": TASKS,
    "extra": EXTRA_TASKS,
    "untemplated": UNTEMPLATED_TASKS,
    "beyond": BEYOND_TASKS,
}

YES_NO_TASKS = frozenset({"connectivity", "cycle", "bipartite", "hamilton", "substructure"})
NUMBER_TASKS = frozenset(
    {"flow", "shortest", "triplet", "in_degree", "out_degree"}
    | {"diameter", "pagerank", "clustering", "max_matching"}
    | {"radius", "bridges", "articulation_points", "eccentricity", "average_path"}
)
LIST_TASKS = frozenset({"topology"})
#: Answers that are a set of node ids: any order, no repeats.
SET_TASKS = frozenset({"k_core"})
#: Number tasks with fractional labels (a subset of NUMBER_TASKS), compared with a tolerance.
FLOAT_TASKS = frozenset({"clustering", "average_path"})

ENV_DIR = "GRRAF_GRAPHINSTRUCT_DIR"

# The original drops prompts longer than this many Llama-2 tokens (prompt + answer);
# bipartite and topology use 2500. It shapes the large buckets, so we keep it (approximately).
_TOKEN_LIMITS = {"bipartite": 2500, "topology": 2500}
_DEFAULT_TOKEN_LIMIT = 3000
_MAX_TRIES = 20_000
# Balanced tasks try this many candidates for the wanted label before taking any label.
_BALANCE_TRIES = 2_000


@dataclass(frozen=True)
class TaskSpec:
    """Generator settings of one task: parallel lists, one size bucket per position."""

    name: str
    min_nodes: tuple[int, ...]
    max_nodes: tuple[int, ...]
    max_edges: tuple[int, ...]
    min_ratio: tuple[float, ...]
    max_ratio: tuple[float, ...]
    weight: tuple[bool, ...]
    directed: tuple[bool, ...]
    samples_needed: tuple[int, ...]
    prompt: str
    answer: str = "### {}"

    @property
    def buckets(self) -> int:
        return len(self.min_nodes)

    @classmethod
    def from_mapping(cls, name: str, raw: Mapping[str, Any]) -> TaskSpec:
        """Build a spec from one YAML entry, checking the lists line up."""
        keys = ("min_nodes", "max_nodes", "max_edges", "min_ratio", "max_ratio", "weight", "directed", "samples_needed")
        try:
            lists = {k: tuple(raw[k]) for k in keys}
            prompt = str(raw["prompt"])
        except KeyError as e:
            raise ConfigError(f"task_config entry {name!r} lacks {e.args[0]!r}") from e
        if len({len(v) for v in lists.values()}) != 1:
            raise ConfigError(f"task_config entry {name!r}: size lists differ in length")
        return cls(name=name, prompt=prompt, answer=str(raw.get("answer", "### {}")), **lists)  # type: ignore[arg-type]


_DEGREE_PROMPT = (
    "Find the {kind}-degree of a node in a directed graph. In a directed graph, (i->j) means that node i and "
    "node j are connected with a directed edge from node i to node j. The {kind}-degree of a node is the number "
    "of edges that {meaning}. Given a graph and a node, you need to output the {kind}-degree of the node. "
    "Q: The nodes are numbered from {{}} to {{}}, and the edges are: {{}}. What is the {kind}-degree of node {{}}?"
)


def _degree_spec(kind: str, meaning: str) -> TaskSpec:
    # GRRAF: directed graphs with 2-50 nodes; buckets like flow's so sizes are covered alike.
    return TaskSpec(
        name=f"{kind}_degree",
        min_nodes=(2, 10, 20, 30, 40),
        max_nodes=(10, 20, 30, 40, 50),
        max_edges=(500,) * 5,
        min_ratio=(0.1, 0.08, 0.06, 0.05, 0.04),
        max_ratio=(0.3, 0.2, 0.15, 0.12, 0.1),
        weight=(False,) * 5,
        directed=(True,) * 5,
        samples_needed=(200, 400, 600, 400, 400),
        prompt=_DEGREE_PROMPT.format(kind=kind, meaning=meaning),
    )


DEGREE_SPECS: dict[str, TaskSpec] = {
    "in_degree": _degree_spec("in", "point to it (end at it)"),
    "out_degree": _degree_spec("out", "start from it"),
}

_UNDIRECTED = "In an undirected graph, (i,j) means that node i and node j are connected with an undirected edge."
_DIRECTED = (
    "In a directed graph, (i->j) means that node i and node j are connected with a directed edge from node i to node j."
)
_Q = "Q: The nodes are numbered from {} to {}, and the edges are: {}."

# GraphInstruct's layout: the task, the edge notation, what the asked quantity means (these
# tasks are less familiar than GraphInstruct's, and "diameter" alone leaves weights and
# disconnected pairs open), the expected output, then the graph and the question. The
# parameter reader takes the last "of node N", so a node parameter comes last as "of node {}";
# the notation letters i and j appear only as "node i" / "node j".
_BEYOND_PROMPTS: dict[str, str] = {
    "diameter": (
        f"Find the diameter of an undirected graph. {_UNDIRECTED} The diameter of a graph is the largest "
        "number of edges on a shortest path between two nodes. Given a graph, you need to output the diameter "
        f"of the graph. {_Q} What is the diameter of this graph?"
    ),
    "k_core": (
        f"Find the k-core of an undirected graph. {_UNDIRECTED} The k-core of a graph is its largest subgraph "
        "in which every node has degree at least k (degrees counted inside the subgraph). Given a graph and a "
        f"number k, you need to output the list of nodes in the k-core. {_Q} Which nodes are in the k-core of "
        "this graph for k = {}?"
    ),
    "pagerank": (
        f"Find the node with the highest PageRank score in a directed graph. {_DIRECTED} The PageRank score "
        "of a node is the long-run probability that a random walk is at it: at each step the walk follows a "
        "random outgoing edge with probability equal to the damping factor and otherwise jumps to a random "
        "node; from a node without outgoing edges it always jumps to a random node. Given a graph, you need to "
        f"output the node with the highest PageRank score. {_Q} What is the node with the highest PageRank "
        "score (damping factor 0.85)?"
    ),
    "clustering": (
        f"Find the clustering coefficient of a node in an undirected graph. {_UNDIRECTED} The clustering "
        "coefficient of a node is the fraction of pairs of its neighbours that are connected with an edge. "
        f"Given a graph and a node, you need to output the clustering coefficient of the node. {_Q} What is "
        "the clustering coefficient of node {}?"
    ),
    "max_matching": (
        f"Find the size of a maximum matching of an undirected graph. {_UNDIRECTED} A matching is a set of "
        "edges no two of which share a node; a maximum matching is a matching with the largest number of "
        "edges. Given a graph, you need to output the number of edges in a maximum matching. "
        f"{_Q} What is the size of a maximum matching of this graph?"
    ),
    "radius": (
        f"Find the radius of an undirected graph. {_UNDIRECTED} The eccentricity of a node is the greatest "
        "number of edges on a shortest path from it to any other node, and the radius of a graph is the "
        "smallest eccentricity of its nodes. Given a graph, you need to output the radius of the graph. "
        f"{_Q} What is the radius of this graph?"
    ),
    "bridges": (
        f"Count the bridges of an undirected graph. {_UNDIRECTED} A bridge is an edge whose removal increases "
        "the number of connected components of the graph. Given a graph, you need to output the number of "
        f"bridges. {_Q} How many bridges does this graph have?"
    ),
    "articulation_points": (
        f"Count the articulation points of an undirected graph. {_UNDIRECTED} An articulation point is a node "
        "whose removal (with its edges) increases the number of connected components of the graph. Given a "
        f"graph, you need to output the number of articulation points. {_Q} How many articulation points "
        "does this graph have?"
    ),
    "eccentricity": (
        f"Find the eccentricity of a node in an undirected graph. {_UNDIRECTED} The eccentricity of a node is "
        "the greatest number of edges on a shortest path from it to any other node. Given a graph and a node, "
        f"you need to output the eccentricity of the node. {_Q} What is the eccentricity of node {{}}?"
    ),
    "average_path": (
        f"Find the average shortest path length of an undirected graph. {_UNDIRECTED} The average shortest "
        "path length is the mean number of edges on a shortest path, taken over all pairs of distinct nodes. "
        "Given a graph, you need to output the average shortest path length of the graph. "
        f"{_Q} What is the average shortest path length of this graph?"
    ),
}

# Edge ratios (min, max) per bucket. Distance tasks need a connected graph (the builder redraws
# otherwise), so their ratios straddle the connectivity threshold (about ln(n)/n): the graphs
# drawn are then the sparser connected ones, with longer shortest paths. Bridges and articulation
# points are mostly absent from dense graphs, so those graphs are sparser still; k-core and
# matching sit in between (dense enough for 4-cores). A node's clustering coefficient is about
# the edge density, so clustering graphs are the densest: sparse ones would mostly answer 0.
_CONNECTED_RATIOS = ((0.25, 0.5), (0.12, 0.25), (0.08, 0.16))
_SPARSE_RATIOS = ((0.15, 0.4), (0.08, 0.2), (0.05, 0.12))
_MEDIUM_RATIOS = ((0.2, 0.5), (0.1, 0.3), (0.08, 0.2))
_DENSE_RATIOS = ((0.3, 0.6), (0.2, 0.4), (0.15, 0.3))
_DIRECTED_RATIOS = ((0.1, 0.3), (0.08, 0.2), (0.06, 0.15))  # like the degree tasks'


def _beyond_spec(task: str, ratios: tuple[tuple[float, float], ...], *, directed: bool = False) -> TaskSpec:
    # Three buckets of 5-15, 15-25 and 25-35 nodes, in equal shares: the smallest has enough nodes
    # for non-trivial answers, the largest keeps unweighted prompts far below the token limit.
    return TaskSpec(
        name=task,
        min_nodes=(5, 15, 25),
        max_nodes=(15, 25, 35),
        max_edges=(500,) * 3,
        min_ratio=tuple(lo for lo, _ in ratios),
        max_ratio=tuple(hi for _, hi in ratios),
        weight=(False,) * 3,
        directed=(directed,) * 3,
        samples_needed=(1, 1, 1),
        prompt=_BEYOND_PROMPTS[task],
    )


BEYOND_SPECS: dict[str, TaskSpec] = {
    "diameter": _beyond_spec("diameter", _CONNECTED_RATIOS),
    "k_core": _beyond_spec("k_core", _MEDIUM_RATIOS),
    "pagerank": _beyond_spec("pagerank", _DIRECTED_RATIOS, directed=True),
    "clustering": _beyond_spec("clustering", _DENSE_RATIOS),
    "max_matching": _beyond_spec("max_matching", _MEDIUM_RATIOS),
    "radius": _beyond_spec("radius", _CONNECTED_RATIOS),
    "bridges": _beyond_spec("bridges", _SPARSE_RATIOS),
    "articulation_points": _beyond_spec("articulation_points", _SPARSE_RATIOS),
    "eccentricity": _beyond_spec("eccentricity", _CONNECTED_RATIOS),
    "average_path": _beyond_spec("average_path", _CONNECTED_RATIOS),
}


@dataclass(frozen=True)
class Question:
    """One benchmark question.

    Attributes:
        id: stable name, ``<task>-s<seed>-<index>`` (e.g. ``flow-s0-0007``).
        task: one of :data:`ALL_TASKS` (scale questions use ``shortest``).
        text: the question as the LLM sees it (GraphInstruct style: graph inside).
        answer: the label: ``bool`` for yes/no tasks, a number, one valid order (topology) or
            the sorted node ids (k_core).
        meta: ``nodes``, ``edges``, ``bucket``, ``node_range``, ``params`` (source/target/node/k),
            ``set`` (``graphinstruct``, ``beyond``, ``scale`` or ``jsonl``) and for scale questions
            ``graph_path``.
        check: what the checker needs besides the label (topology: ``nodes`` and ``edge_list``).
        graph: the question's NetworkX graph when the generator built it (None for questions read
            from a file and for the scale set, whose graph is loaded from ``graph_path``). Free-
            phrasing questions (``set`` ``free``) do not print it in ``text``: it is given to the
            methods separately. Left out of :meth:`to_dict` and of comparisons.
    """

    id: str
    task: str
    text: str
    answer: Any
    meta: Mapping[str, Any] = field(default_factory=dict)
    check: Mapping[str, Any] = field(default_factory=dict)
    graph: Any = field(default=None, compare=False, repr=False)

    @property
    def graph_given_separately(self) -> bool:
        """The graph is not in the text: the methods receive it as a graph (free and scale sets)."""
        return self.meta.get("set") in ("free", "scale")

    @property
    def answer_text(self) -> str:
        """The label as GraphInstruct writes it, e.g. ``### Yes``."""
        return "### " + format_label(self.answer)

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "task": self.task,
            "text": self.text,
            "answer": self.answer,
            "meta": dict(self.meta),
            "check": dict(self.check),
        }


def format_label(label: Any) -> str:
    """A label as text.

    >>> format_label(True), format_label(7), format_label(2.0), format_label([2, 0, 1])
    ('Yes', '7', '2', '[2, 0, 1]')
    """
    if isinstance(label, bool):
        return "Yes" if label else "No"
    if isinstance(label, float) and label.is_integer():
        return str(int(label))
    return str(label)


# --------------------------------------------------------------------------- config


def graphinstruct_dir(directory: str | os.PathLike[str] | None = None) -> Path:
    """Where ``task_config.yaml`` lives: the argument, else ``$GRRAF_GRAPHINSTRUCT_DIR``,
    else ``<repo>/../shared/data/graphinstruct``."""
    if directory is not None:
        return Path(directory)
    env = os.environ.get(ENV_DIR)
    if env:
        return Path(env)
    return Path(__file__).resolve().parents[2].parent / "shared" / "data" / "graphinstruct"


@cache
def _load_config_file(path: Path) -> dict[str, Any]:
    try:
        with path.open(encoding="utf-8") as f:
            raw = yaml.safe_load(f)
    except FileNotFoundError as e:
        raise ConfigError(
            f"GraphInstruct settings not found at {path}; set {ENV_DIR} or pass --graphinstruct-dir"
        ) from e
    except yaml.YAMLError as e:
        raise ConfigError(f"{path} is not valid YAML: {e}") from e
    if not isinstance(raw, dict):
        raise ConfigError(f"{path} should hold a mapping of task entries")
    return raw


def load_specs(directory: str | os.PathLike[str] | None = None) -> dict[str, TaskSpec]:
    """Every task spec: the ``*_test`` entries of ``task_config.yaml``, the degree and the beyond tasks."""
    raw = _load_config_file(graphinstruct_dir(directory) / "task_config.yaml")
    specs: dict[str, TaskSpec] = {}
    for task in GRAPHINSTRUCT_TASKS:
        entry = raw.get(f"{task}_test")
        if entry is None:
            raise ConfigError(f"task_config.yaml has no entry {task}_test")
        specs[task] = TaskSpec.from_mapping(task, entry)
    specs.update(DEGREE_SPECS)
    specs.update(BEYOND_SPECS)
    return specs


def parse_tasks(spec: str | Sequence[str] | None) -> tuple[str, ...]:
    """Task names from ``"all"``, ``"flow,cycle"`` or a list; unknown names raise ConfigError.

    Group names expand in place and mix with task names: ``all`` (GRRAF's eleven, also the
    default), ``extra``, ``untemplated`` and ``beyond`` (both).

    >>> parse_tasks("flow, cycle")
    ('flow', 'cycle')
    >>> parse_tasks("all") == TASKS, parse_tasks(None) == TASKS
    (True, True)
    >>> parse_tasks("in-degree")
    ('in_degree',)
    >>> parse_tasks("flow,extra")
    ('flow', 'diameter', 'k_core', 'pagerank', 'clustering', 'max_matching')
    >>> parse_tasks("beyond") == BEYOND_TASKS, parse_tasks("all,beyond") == ALL_TASKS
    (True, True)
    """
    aliases = {
        "indegree": "in_degree",
        "outdegree": "out_degree",
        "shortest_path": "shortest",
        "maxflow": "flow",
        # the template library's names for the extra tasks
        "pagerank_top": "pagerank",
        "clustering_coefficient": "clustering",
        "maximum_matching": "max_matching",
    }
    if spec is None:
        return TASKS
    items = spec.split(",") if isinstance(spec, str) else list(spec)
    names: list[str] = []
    for item in items:
        names += TASK_GROUPS.get(item.strip().lower(), (item,))
    if not any(name.strip() for name in names):
        return TASKS
    try:
        return resolve_names(names, ALL_TASKS, aliases, kind="task", normalise=lambda s: s.replace("-", "_"))
    except ConfigError as e:
        raise ConfigError(f"{e}; groups: {', '.join(TASK_GROUPS)} ('all' is GRRAF's eleven)") from None


def resolve_names(
    spec: str | Iterable[str] | None,
    known: tuple[str, ...],
    aliases: dict[str, str],
    *,
    kind: str,
    normalise: Callable[[str], str] = lambda s: s,
) -> tuple[str, ...]:
    """A comma-separated (or iterable) list of names checked against ``known``; None or 'all' is all.

    Shared by ``--tasks`` and ``--methods``: lower-cased, aliases applied, duplicates dropped.

    >>> resolve_names("b, A, b", ("a", "b"), {}, kind="letter")
    ('b', 'a')
    """
    if spec is None:
        return known
    items = [s.strip() for s in (spec.split(",") if isinstance(spec, str) else spec)]
    items = [normalise(s.lower()) for s in items if s]
    if not items or items == ["all"]:
        return known
    out: list[str] = []
    for item in items:
        name = aliases.get(item, item)
        if name not in known:
            raise ConfigError(f"unknown {kind} {item!r}; choose from {', '.join(known)} or 'all'")
        if name not in out:
            out.append(name)
    return tuple(out)


# --------------------------------------------------------------------------- buckets


def spread_order(n: int) -> list[int]:
    """0..n-1 ordered so that every prefix spreads over the range (ends first, then middles).

    >>> spread_order(5)
    [0, 4, 2, 1, 3]
    >>> sorted(spread_order(7)) == list(range(7))
    True
    """
    if n <= 0:
        return []
    order = [0] if n == 1 else [0, n - 1]
    intervals = [(0, n - 1)]
    while len(order) < n:
        nxt: list[tuple[int, int]] = []
        for lo, hi in intervals:
            if hi - lo < 2:
                continue
            mid = (lo + hi) // 2
            order.append(mid)
            nxt += [(lo, mid), (mid, hi)]
        intervals = nxt
    return order


def bucket_sequence(weights: Sequence[int], length: int) -> list[int]:
    """Bucket of each question index: every bucket once first (spread order), then smooth
    weighted round-robin by ``weights`` (the original ``samples_needed``), counting the first
    picks too. Prefix-stable in ``length``.

    >>> bucket_sequence([200, 400, 600, 400, 400], 5)
    [0, 4, 2, 1, 3]
    >>> bucket_sequence([1, 1], 4)
    [0, 1, 0, 1]
    """
    forced = spread_order(len(weights))
    current = [0] * len(weights)
    total = sum(weights)
    seq: list[int] = []
    while len(seq) < length:
        for i, w in enumerate(weights):
            current[i] += w
        k = len(seq)
        pick = forced[k] if k < len(forced) else max(range(len(weights)), key=lambda i: current[i])
        current[pick] -= total
        seq.append(pick)
    return seq


# --------------------------------------------------------------------------- graph builders


def _edge_count(rng: random.Random, possible: float, min_ratio: float, max_ratio: float, max_edges: int) -> int:
    lower = int(min_ratio * possible)
    upper = min(int(max_ratio * possible), max_edges)
    return max(rng.randint(min(lower, upper), upper), 1)


def random_graph(
    rng: random.Random,
    lo: int,
    hi: int,
    max_edges: int,
    min_ratio: float,
    max_ratio: float,
    *,
    weighted: bool,
    directed: bool,
) -> nx.Graph:
    """GraphInstruct's ``create_random_graph``: edges sampled from ``combinations(range(n), 2)``."""
    n = rng.randint(lo, hi)
    g: nx.Graph = nx.DiGraph() if directed else nx.Graph()
    g.add_nodes_from(range(n))
    pairs = list(itertools.combinations(range(n), 2))
    k = min(_edge_count(rng, n * (n - 1) // 2, min_ratio, max_ratio, max_edges), len(pairs))
    for u, v in rng.sample(pairs, k):
        if weighted:
            g.add_edge(u, v, weight=rng.randint(1, 10))
        else:
            g.add_edge(u, v)
    return g


def random_bipartite_graph(
    rng: random.Random, lo: int, hi: int, max_edges: int, min_ratio: float, max_ratio: float, *, directed: bool
) -> nx.Graph:
    """GraphInstruct's ``create_random_bipartite_graph``: edges only from one side to the other."""
    n = max(rng.randint(lo, hi), 2)
    nodes = list(range(n))
    rng.shuffle(nodes)
    split = rng.randint(1, n - 1)
    left, right = nodes[:split], nodes[split:]
    k = _edge_count(rng, len(left) * len(right), min_ratio, max_ratio, max_edges)
    g: nx.Graph = nx.DiGraph() if directed else nx.Graph()
    g.add_nodes_from(nodes)
    pairs = list(itertools.product(left, right))
    rng.shuffle(pairs)
    g.add_edges_from(pairs[:k])
    return g


def smaller_graph(
    rng: random.Random, lo: int, hi: int, max_edges: int, min_ratio: float, max_ratio: float
) -> nx.DiGraph:
    """GraphInstruct's ``create_smaller_graph`` (the pattern G' of substructure), float quirks included."""
    size = max(rng.randint(lo, hi) / 2, 3)
    possible = size * (size - 1) // 2
    lower, upper = int(min_ratio * possible), min(int(max_ratio * possible), max_edges)
    k = rng.randint(min(lower, upper), upper) / 2
    if k == 0:
        k = 1
    n = int(size)
    g = nx.DiGraph()
    g.add_nodes_from(range(n))
    pairs = list(itertools.combinations(range(n), 2))
    g.add_edges_from(rng.sample(pairs, min(int(k), len(pairs))))
    return g


def node_weighted_graph(
    rng: random.Random, lo: int, hi: int, max_edges: int, min_ratio: float, max_ratio: float
) -> nx.Graph:
    """GraphInstruct's ``create_random_graph_node_weights`` (undirected), for triplet."""
    n = rng.randint(lo, hi)
    g = nx.Graph()
    for node in range(n):
        g.add_node(node, weight=rng.randint(1, 10))
    pairs = list(itertools.combinations(range(n), 2))
    k = min(_edge_count(rng, n * (n - 1) // 2, min_ratio, max_ratio, max_edges), len(pairs))
    g.add_edges_from(rng.sample(pairs, k))
    return g


def topology_graph(rng: random.Random, lo: int, hi: int, min_ratio: float, max_ratio: float) -> nx.DiGraph:
    """GraphInstruct's ``create_topology_graph``: a shuffled chain plus acyclic extra edges."""
    n = rng.randint(lo, hi)
    nodes = list(range(n))
    rng.shuffle(nodes)
    g = nx.DiGraph()
    g.add_nodes_from(nodes)
    for a, b in itertools.pairwise(nodes):
        g.add_edge(a, b)
    extra_possible = n * (n - 1) - (n - 1)
    k = rng.randint(int(min_ratio * extra_possible), int(max_ratio * extra_possible))
    candidates = [(u, v) for u, v in itertools.permutations(nodes, 2) if not g.has_edge(u, v)]
    for u, v in rng.sample(candidates, min(k, len(candidates))):
        # The chain fixes a total order, so this keeps exactly one topological order.
        if not nx.has_path(g, v, u):
            g.add_edge(u, v)
    return g


def directed_permutation_graph(
    rng: random.Random, lo: int, hi: int, max_edges: int, min_ratio: float, max_ratio: float
) -> nx.DiGraph:
    """Directed graph with edges sampled from all ordered pairs (both directions occur): degree tasks."""
    n = rng.randint(lo, hi)
    g = nx.DiGraph()
    g.add_nodes_from(range(n))
    pairs = list(itertools.permutations(range(n), 2))
    k = min(_edge_count(rng, n * (n - 1), min_ratio, max_ratio, max_edges), len(pairs))
    g.add_edges_from(rng.sample(pairs, k))
    return g


# --------------------------------------------------------------------------- printing


def format_edges(g: nx.Graph, *, weighted: bool = False, order: Iterable[tuple[Any, Any]] | None = None) -> str:
    """Edges as the original generator prints them.

    >>> g = nx.Graph([(0, 1)]); format_edges(g)
    '(0, 1)'
    >>> d = nx.DiGraph(); d.add_edge(0, 2, weight=3); format_edges(d, weighted=True)
    '(0->2,3)'
    >>> d2 = nx.DiGraph([(1, 0)]); format_edges(d2)
    '(1->0)'
    """
    edges = list(order) if order is not None else list(g.edges())
    directed = g.is_directed()
    parts: list[str] = []
    for u, v in edges:
        if weighted:
            w = g.edges[u, v].get("weight", 1)
            parts.append(f"({u}->{v},{w})" if directed else f"({u},{v},{w})")
        else:
            # The original prints undirected unweighted edges with str(tuple): "(0, 9)".
            parts.append(f"({u}->{v})" if directed else str((u, v)))
    return " ".join(parts)


def format_node_weights(g: nx.Graph) -> str:
    """``[i, w]`` for every node.

    >>> g = nx.Graph(); g.add_node(0, weight=4); g.add_node(1, weight=9); format_node_weights(g)
    '[0, 4] [1, 9]'
    """
    return " ".join(str([n, g.nodes[n]["weight"]]) for n in g.nodes())


_TOKEN_RE = re.compile(r"\d|[A-Za-z]+|[^\w\s]| (?=\d)")


def approx_llama_tokens(text: str) -> int:
    """Rough Llama-2 token count (digits are single tokens; words about one each).

    The original filter used the real tokenizer; this estimate stays within ~10% on
    GraphInstruct prompts, which is what the length limit needs.

    >>> approx_llama_tokens("(12, 34)")
    8
    """
    return len(_TOKEN_RE.findall(text))


# --------------------------------------------------------------------------- labels


class SearchUndecided(Exception):
    """An exact search ran past its budget (the generator then draws another graph)."""


class HamiltonUndecided(SearchUndecided):
    """The exact Hamilton search ran past its budget."""


def has_hamiltonian_path(g: nx.Graph, *, budget: int = 300_000) -> bool:
    """Exact test for a Hamiltonian path in an undirected graph.

    Depth-first search over (end node, visited set) with bitmasks; it memoizes failed
    states (a lazy DP over subsets), tries the neighbour with the fewest free neighbours
    first (finds paths fast in dense graphs) and prunes a state when the unvisited nodes
    cannot be strung together: not connected to the path end, an unvisited node with no
    free neighbour, or two with only one (both would have to be the last node).

    Raises:
        HamiltonUndecided: after ``budget`` expanded states.

    >>> has_hamiltonian_path(nx.path_graph(5)), has_hamiltonian_path(nx.star_graph(3))
    (True, False)
    """
    nodes = list(g.nodes())
    n = len(nodes)
    if n <= 1:
        return True
    index = {v: i for i, v in enumerate(nodes)}
    adj = [0] * n
    for u, v in g.edges():
        if u != v:
            adj[index[u]] |= 1 << index[v]
            adj[index[v]] |= 1 << index[u]
    if not nx.is_connected(g):
        return False
    degree_one = [i for i in range(n) if adj[i].bit_count() == 1]
    if len(degree_one) > 2:
        return False
    full = (1 << n) - 1
    failed: set[tuple[int, int]] = set()
    expanded = 0

    def feasible(end: int, visited: int) -> bool:
        free = full & ~visited
        reach = adj[end] & free
        frontier = reach
        while frontier:
            nxt = 0
            rest = frontier
            while rest:
                low = rest & -rest
                nxt |= adj[low.bit_length() - 1]
                rest ^= low
            frontier = nxt & free & ~reach
            reach |= frontier
        if reach != free:
            return False
        dead_ends = 0
        rest = free
        open_set = free | (1 << end)
        while rest:
            low = rest & -rest
            links = (adj[low.bit_length() - 1] & open_set).bit_count()
            if links == 0:
                return False
            if links == 1:
                dead_ends += 1
                if dead_ends > 1:
                    return False
            rest ^= low
        return True

    def search(end: int, visited: int) -> bool:
        nonlocal expanded
        if visited == full:
            return True
        if (end, visited) in failed:
            return False
        expanded += 1
        if expanded > budget:
            raise HamiltonUndecided(f"more than {budget} states")
        if feasible(end, visited):
            free = full & ~visited
            options = [i for i in range(n) if (adj[end] & free) >> i & 1]
            options.sort(key=lambda i: (adj[i] & free).bit_count())
            for nxt in options:
                if search(nxt, visited | 1 << nxt):
                    return True
        failed.add((end, visited))
        return False

    # A degree-one node must be an end of the path; paths reverse, so start there.
    starts = degree_one[:1] if degree_one else sorted(range(n), key=lambda i: adj[i].bit_count())
    return any(search(s, 1 << s) for s in starts)


def max_triangle_weight(g: nx.Graph) -> int:
    """Largest sum of node weights over all triangles (0 when there is none).

    >>> g = nx.complete_graph(3); nx.set_node_attributes(g, {0: 1, 1: 2, 2: 3}, "weight")
    >>> max_triangle_weight(g)
    6
    """
    best = 0
    for u, v in g.edges():
        for w in set(g[u]) & set(g[v]):
            if w not in (u, v):
                best = max(best, g.nodes[u]["weight"] + g.nodes[v]["weight"] + g.nodes[w]["weight"])
    return best


class _BudgetMatcher(isomorphism.DiGraphMatcher):
    # VF2 can take exponential time on a "No" instance; counting feasibility checks lets
    # the generator give up on such a graph instead of hanging (labels stay exact).
    def __init__(self, g: nx.DiGraph, pattern: nx.DiGraph, budget: int) -> None:
        super().__init__(g, pattern)
        self.budget = budget

    def syntactic_feasibility(self, g1_node: Any, g2_node: Any) -> bool:
        self.budget -= 1
        if self.budget < 0:
            raise SearchUndecided("monomorphism search budget exhausted")
        return bool(super().syntactic_feasibility(g1_node, g2_node))


def is_substructure(g: nx.DiGraph, pattern: nx.DiGraph, *, budget: int = 20_000) -> bool:
    """The original label: is ``pattern`` monomorphic to a subgraph of ``g`` (extra edges allowed).

    Raises:
        SearchUndecided: after ``budget`` feasibility checks.

    >>> is_substructure(nx.DiGraph([(0, 1), (1, 2), (0, 2)]), nx.DiGraph([("a", "b"), ("b", "c")]))
    True
    """
    if not _degrees_dominate(g, pattern):
        return False
    # A monomorphism maps a directed path onto a directed path of the same length.
    both_dags = nx.is_directed_acyclic_graph(pattern) and nx.is_directed_acyclic_graph(g)
    if both_dags and nx.dag_longest_path_length(pattern) > nx.dag_longest_path_length(g):
        return False
    return bool(_BudgetMatcher(g, pattern, budget).subgraph_is_monomorphic())


def _degrees_dominate(g: nx.DiGraph, pattern: nx.DiGraph) -> bool:
    # Necessary for a monomorphism (injective, edge-preserving): the k-th largest in- and
    # out-degree of the pattern is at most the k-th largest of g. Cheap "No" proofs.
    for degree in ("in_degree", "out_degree"):
        big = sorted((d for _, d in getattr(g, degree)()), reverse=True)
        small = sorted((d for _, d in getattr(pattern, degree)()), reverse=True)
        if len(small) > len(big) or any(a > b for a, b in zip(small, big, strict=False)):
            return False
    return True


# --------------------------------------------------------------------------- generation


@dataclass(frozen=True)
class _Draft:
    text_args: tuple[Any, ...]
    label: Any
    graph: nx.Graph
    params: dict[str, Any] = field(default_factory=dict)
    check: dict[str, Any] = field(default_factory=dict)
    extra_edges: int = 0


_Builder = Callable[[random.Random, TaskSpec, int], "_Draft | None"]


def _bucket_args(spec: TaskSpec, b: int) -> tuple[int, int, int, float, float]:
    return spec.min_nodes[b], spec.max_nodes[b], spec.max_edges[b], spec.min_ratio[b], spec.max_ratio[b]


def _pair(rng: random.Random, g: nx.Graph) -> tuple[int, int]:
    a, b = rng.sample(list(g.nodes()), 2)
    return a, b


def _build_connectivity(rng: random.Random, spec: TaskSpec, b: int) -> _Draft | None:
    g = random_graph(rng, *_bucket_args(spec, b), weighted=spec.weight[b], directed=spec.directed[b])
    s, t = _pair(rng, g)
    if g.has_edge(s, t):
        return None
    n = g.number_of_nodes()
    return _Draft((0, n - 1, format_edges(g), s, t), nx.has_path(g, s, t), g, {"source": s, "target": t})


def _build_cycle(rng: random.Random, spec: TaskSpec, b: int) -> _Draft | None:
    g = random_graph(rng, *_bucket_args(spec, b), weighted=False, directed=spec.directed[b])
    has_cycle = not nx.is_forest(g) if not g.is_directed() else not nx.is_directed_acyclic_graph(g)
    return _Draft((0, g.number_of_nodes() - 1, format_edges(g)), has_cycle, g)


def _build_bipartite(rng: random.Random, spec: TaskSpec, b: int, *, from_bipartite: bool) -> _Draft | None:
    args = _bucket_args(spec, b)
    if from_bipartite:
        g = random_bipartite_graph(rng, *args, directed=spec.directed[b])
    else:
        g = random_graph(rng, *args, weighted=False, directed=spec.directed[b])
    edges = list(g.edges())
    rng.shuffle(edges)  # the original prints bipartite edges shuffled
    return _Draft((0, g.number_of_nodes() - 1, format_edges(g, order=edges)), nx.is_bipartite(g), g)


def _build_flow(rng: random.Random, spec: TaskSpec, b: int) -> _Draft | None:
    g = random_graph(rng, *_bucket_args(spec, b), weighted=True, directed=spec.directed[b])
    s, t = _pair(rng, g)
    if not nx.has_path(g, s, t):
        return None
    value = nx.maximum_flow_value(g, s, t, capacity="weight")
    text_args = (0, g.number_of_nodes() - 1, format_edges(g, weighted=True), s, t)
    return _Draft(text_args, int(value), g, {"source": s, "target": t})


def _build_hamilton(rng: random.Random, spec: TaskSpec, b: int) -> _Draft | None:
    g = random_graph(rng, *_bucket_args(spec, b), weighted=False, directed=spec.directed[b])
    try:
        label = has_hamiltonian_path(g)
    except HamiltonUndecided:
        logger.debug("hamilton search undecided on a %d-node graph; drawing another", g.number_of_nodes())
        return None
    return _Draft((0, g.number_of_nodes() - 1, format_edges(g)), label, g)


def _build_shortest(rng: random.Random, spec: TaskSpec, b: int) -> _Draft | None:
    g = random_graph(rng, *_bucket_args(spec, b), weighted=True, directed=spec.directed[b])
    s, t = _pair(rng, g)
    if g.number_of_edges() == 1 or g.has_edge(s, t) or not nx.has_path(g, s, t):
        return None
    value = nx.shortest_path_length(g, s, t, weight="weight")
    text_args = (0, g.number_of_nodes() - 1, format_edges(g, weighted=True), s, t)
    return _Draft(text_args, int(value), g, {"source": s, "target": t})


def _build_substructure(rng: random.Random, spec: TaskSpec, b: int) -> _Draft | None:
    args = _bucket_args(spec, b)
    g = random_graph(rng, *args, weighted=False, directed=True)
    small = smaller_graph(rng, *args)
    if not nx.is_weakly_connected(small):
        return None
    if small.number_of_nodes() > g.number_of_nodes() or small.number_of_edges() > g.number_of_edges():
        return None
    small = nx.relabel_nodes(small, dict(zip(small.nodes(), string.ascii_lowercase, strict=False)))
    last = string.ascii_lowercase[small.number_of_nodes() - 1]
    text_args = (0, g.number_of_nodes() - 1, format_edges(g), "a", last, format_edges(small))
    check = {"pattern_nodes": small.number_of_nodes(), "pattern_edges": small.number_of_edges()}
    try:
        label = is_substructure(g, small)
    except SearchUndecided:
        logger.debug("substructure search undecided; drawing another graph")
        return None
    # The pattern's edges, for wordings that render G' themselves (the free-phrasing set).
    params = {"pattern": [[u, v] for u, v in small.edges()]}
    return _Draft(text_args, label, g, params=params, check=check)


def _build_topology(rng: random.Random, spec: TaskSpec, b: int) -> _Draft | None:
    lo, hi, _, rmin, rmax = _bucket_args(spec, b)
    g = topology_graph(rng, lo, hi, rmin, rmax)
    edges = list(g.edges())
    if rng.random() > 0.5:  # the original shuffles the printed edges half of the time
        rng.shuffle(edges)
    order = list(nx.topological_sort(g))
    check = {"nodes": g.number_of_nodes(), "edge_list": [list(e) for e in g.edges()]}
    return _Draft((0, g.number_of_nodes() - 1, format_edges(g, order=edges)), order, g, check=check)


def _build_triplet(rng: random.Random, spec: TaskSpec, b: int) -> _Draft | None:
    g = node_weighted_graph(rng, *_bucket_args(spec, b))
    best = max_triangle_weight(g)
    if best == 0:
        return None
    return _Draft((0, g.number_of_nodes() - 1, format_node_weights(g), format_edges(g)), best, g)


def _build_degree(rng: random.Random, spec: TaskSpec, b: int, *, incoming: bool) -> _Draft | None:
    g = directed_permutation_graph(rng, *_bucket_args(spec, b))
    node = rng.choice(list(g.nodes()))
    degree = g.in_degree(node) if incoming else g.out_degree(node)
    return _Draft((0, g.number_of_nodes() - 1, format_edges(g), node), int(degree), g, {"node": node})


def _plain_graph(rng: random.Random, spec: TaskSpec, b: int) -> nx.Graph:
    return random_graph(rng, *_bucket_args(spec, b), weighted=False, directed=False)


def _connected_graph(rng: random.Random, spec: TaskSpec, b: int) -> nx.Graph | None:
    # Distances between disconnected nodes are infinite: those questions would have no number.
    g = _plain_graph(rng, spec, b)
    return g if nx.is_connected(g) else None


def _graph_args(g: nx.Graph) -> tuple[int, int, str]:
    return 0, g.number_of_nodes() - 1, format_edges(g)


def _build_diameter(rng: random.Random, spec: TaskSpec, b: int) -> _Draft | None:
    g = _connected_graph(rng, spec, b)
    return None if g is None else _Draft(_graph_args(g), nx.diameter(g), g)


def _build_radius(rng: random.Random, spec: TaskSpec, b: int) -> _Draft | None:
    g = _connected_graph(rng, spec, b)
    return None if g is None else _Draft(_graph_args(g), nx.radius(g), g)


def _build_eccentricity(rng: random.Random, spec: TaskSpec, b: int) -> _Draft | None:
    g = _connected_graph(rng, spec, b)
    if g is None:
        return None
    node = rng.choice(list(g.nodes()))
    return _Draft((*_graph_args(g), node), nx.eccentricity(g, v=node), g, {"node": node})


def _build_average_path(rng: random.Random, spec: TaskSpec, b: int) -> _Draft | None:
    g = _connected_graph(rng, spec, b)
    return None if g is None else _Draft(_graph_args(g), nx.average_shortest_path_length(g), g)


def _build_k_core(rng: random.Random, spec: TaskSpec, b: int) -> _Draft | None:
    g = _plain_graph(rng, spec, b)
    k = rng.randint(2, 4)
    core = sorted(nx.k_core(g, k).nodes())
    # An empty core or the whole graph would make the answer "none" or "all of them".
    if not core or len(core) == g.number_of_nodes():
        return None
    return _Draft((*_graph_args(g), k), core, g, {"k": k})


# PageRank comes from power iteration, whose default tolerance leaves relative errors up to
# ~2e-4 on these graphs: a clear margin makes the top node the same for any correct method.
_PAGERANK_MARGIN = 1e-3


def _build_pagerank(rng: random.Random, spec: TaskSpec, b: int) -> _Draft | None:
    g = directed_permutation_graph(rng, *_bucket_args(spec, b))
    try:
        rank = nx.pagerank(g, alpha=0.85)
        precise = nx.pagerank(g, alpha=0.85, tol=1e-12, max_iter=1_000)
    except nx.PowerIterationFailedConvergence:
        return None
    first, second = sorted(precise.values(), reverse=True)[:2]
    top = max(rank, key=rank.__getitem__)
    if first - second < _PAGERANK_MARGIN * first or top != max(precise, key=precise.__getitem__):
        return None
    return _Draft(_graph_args(g), top, g)


def _build_clustering(rng: random.Random, spec: TaskSpec, b: int) -> _Draft | None:
    g = _plain_graph(rng, spec, b)
    # With fewer than two neighbours there is no pair to be connected: the coefficient is 0 by convention.
    candidates = [v for v in g.nodes() if g.degree(v) >= 2]
    if not candidates:
        return None
    node = rng.choice(candidates)
    return _Draft((*_graph_args(g), node), float(nx.clustering(g, node)), g, {"node": node})


def _build_max_matching(rng: random.Random, spec: TaskSpec, b: int) -> _Draft | None:
    g = _plain_graph(rng, spec, b)
    return _Draft(_graph_args(g), len(nx.max_weight_matching(g, maxcardinality=True)), g)


def _build_bridges(rng: random.Random, spec: TaskSpec, b: int) -> _Draft | None:
    g = _plain_graph(rng, spec, b)
    return _Draft(_graph_args(g), sum(1 for _ in nx.bridges(g)), g)


def _build_articulation_points(rng: random.Random, spec: TaskSpec, b: int) -> _Draft | None:
    g = _plain_graph(rng, spec, b)
    return _Draft(_graph_args(g), sum(1 for _ in nx.articulation_points(g)), g)


def _builder(task: str, index: int) -> _Builder:
    """The candidate builder of question ``index`` of a task."""
    simple: dict[str, _Builder] = {
        "connectivity": _build_connectivity,
        "cycle": _build_cycle,
        "flow": _build_flow,
        "hamilton": _build_hamilton,
        "shortest": _build_shortest,
        "substructure": _build_substructure,
        "topology": _build_topology,
        "triplet": _build_triplet,
        "diameter": _build_diameter,
        "k_core": _build_k_core,
        "pagerank": _build_pagerank,
        "clustering": _build_clustering,
        "max_matching": _build_max_matching,
        "radius": _build_radius,
        "bridges": _build_bridges,
        "articulation_points": _build_articulation_points,
        "eccentricity": _build_eccentricity,
        "average_path": _build_average_path,
    }
    if task in simple:
        return simple[task]
    if task == "bipartite":
        # The original makes half of each bucket from random graphs, half from bipartite ones.
        return lambda rng, spec, b: _build_bipartite(rng, spec, b, from_bipartite=index % 2 == 1)
    if task in ("in_degree", "out_degree"):
        return lambda rng, spec, b: _build_degree(rng, spec, b, incoming=task == "in_degree")
    raise ConfigError(f"unknown task {task!r}")


# The original caps "Yes" at half of each bucket for these tasks; we alternate the wanted label
# by index (not by slot in the bucket: the first questions all have slot 0 and would all be Yes).
_BALANCED = frozenset({"cycle", "substructure"})


def make_question(task: str, spec: TaskSpec, *, seed: int, index: int, bucket: int) -> Question:
    """Generate question ``index`` of ``task`` in size bucket ``bucket`` (deterministic)."""
    return make_question_and_graph(task, spec, seed=seed, index=index, bucket=bucket)[0]


def make_question_and_graph(
    task: str, spec: TaskSpec, *, seed: int, index: int, bucket: int, rng_key: str | None = None
) -> tuple[Question, nx.Graph]:
    """:func:`make_question` and the graph it was built from (also in :attr:`Question.graph`).

    ``rng_key`` names the question's random stream; the default is the GraphInstruct set's, so
    other sets (free phrasing) pass their own to draw graphs of their own.
    """
    rng = random.Random(rng_key if rng_key is not None else f"grraf-bench:{seed}:{task}:{index}")
    build = _builder(task, index)
    want: bool | None = (index % 2 == 0) if task in _BALANCED else None
    limit = _TOKEN_LIMITS.get(task, _DEFAULT_TOKEN_LIMIT)
    for attempt in range(_MAX_TRIES):
        draft = build(rng, spec, bucket)
        if draft is None:
            continue
        if want is not None and draft.label != want and attempt < _BALANCE_TRIES:
            continue
        text = spec.prompt.format(*draft.text_args)
        if approx_llama_tokens(text + spec.answer.format(format_label(draft.label))) > limit:
            continue
        g = draft.graph
        meta = {
            "set": "beyond" if task in BEYOND_TASKS else "graphinstruct",
            "nodes": g.number_of_nodes(),
            "edges": g.number_of_edges(),
            "bucket": bucket,
            "node_range": [spec.min_nodes[bucket], spec.max_nodes[bucket]],
            "directed": g.is_directed(),
            "weighted": bool(spec.weight[bucket]),
            "params": draft.params,
        }
        question = Question(f"{task}-s{seed}-{index:04d}", task, text, draft.label, meta, draft.check, graph=g)
        return question, g
    raise RuntimeError(f"could not generate {task} question {index} in bucket {bucket} after {_MAX_TRIES} tries")


def iter_questions(
    tasks: Sequence[str] | str | None = None,
    per_task: int = 10,
    seed: int = 0,
    *,
    config_dir: str | os.PathLike[str] | None = None,
) -> Iterator[Question]:
    """Yield ``per_task`` questions for each task, stratified over the task's size buckets."""
    names = parse_tasks(tasks)
    # Only GraphInstruct's own tasks need task_config.yaml; the others are defined here.
    specs = load_specs(config_dir) if any(t in GRAPHINSTRUCT_TASKS for t in names) else DEGREE_SPECS | BEYOND_SPECS
    for task in names:
        spec = specs[task]
        for index, bucket in enumerate(bucket_sequence(spec.samples_needed, per_task)):
            yield make_question(task, spec, seed=seed, index=index, bucket=bucket)


def generate(
    tasks: Sequence[str] | str | None = None,
    per_task: int = 10,
    seed: int = 0,
    *,
    config_dir: str | os.PathLike[str] | None = None,
) -> list[Question]:
    """Generate the evaluation set.

    Args:
        tasks: task names and groups (see :func:`parse_tasks`), comma-separated or a list
            (None = ``"all"``, GRRAF's eleven).
        per_task: questions per task; spread over the size buckets (the first five cover all five,
            the first three all three of a beyond task).
        seed: the same seed gives the same questions, byte for byte.
        config_dir: folder of ``task_config.yaml`` (default: see :func:`graphinstruct_dir`).

    Returns:
        Questions in task order, ``per_task`` each.
    """
    return list(iter_questions(tasks, per_task, seed, config_dir=config_dir))


# --------------------------------------------------------------------------- JSON lines


_TASK_HINTS: tuple[tuple[str, str], ...] = (
    # The beyond tasks first: their prompts also say "shortest path" or "connected". Radius
    # comes before eccentricity, which its prompt explains.
    ("k-core", "k_core"),
    ("pagerank", "pagerank"),
    ("clustering coefficient", "clustering"),
    ("maximum matching", "max_matching"),
    ("diameter", "diameter"),
    ("radius", "radius"),
    ("bridges", "bridges"),
    ("articulation point", "articulation_points"),
    ("average shortest path length", "average_path"),
    ("eccentricity", "eccentricity"),
    ("in-degree", "in_degree"),
    ("out-degree", "out_degree"),
    ("maximum flow", "flow"),
    ("hamiltonian path", "hamilton"),
    ("topology sorting", "topology"),
    ("topological", "topology"),
    ("bipartite", "bipartite"),
    ("three interconnected nodes", "triplet"),
    ("subgraph g'", "substructure"),
    ("substructure", "substructure"),
    ("shortest path", "shortest"),
    ("is there a cycle", "cycle"),
    ("cycle in", "cycle"),
    ("is there a path between", "connectivity"),
    ("connected", "connectivity"),
)


def infer_task(text: str) -> str | None:
    """Guess the GraphInstruct task from a prompt's wording.

    >>> infer_task("What is the maximum flow from node 0 to node 2?")
    'flow'
    >>> infer_task("Is there a path between node 1 and node 4?")
    'connectivity'
    >>> infer_task("What is the average shortest path length of this graph?")
    'average_path'
    >>> infer_task("hello") is None
    True
    """
    low = text.lower()
    for hint, task in _TASK_HINTS:
        if hint in low:
            return task
    return None


_NUM_RE = re.compile(r"-?\d+(?:\.\d+)?")


def parse_label(task: str, raw: Any) -> Any:
    """A GraphInstruct answer (``"### 10"``, ``"### Yes"``, ``"### [[0, 2, 1]]"``) as a label.

    >>> parse_label("flow", "### 10"), parse_label("cycle", "### No."), parse_label("topology", "### [[2, 0, 1]]")
    (10, False, [2, 0, 1])
    >>> parse_label("k_core", "### [0, 3, 4]"), parse_label("clustering", "### 0.3333333333333333")
    ([0, 3, 4], 0.3333333333333333)
    """
    if not isinstance(raw, str):
        return raw
    text = raw.rsplit("###", 1)[-1].strip()
    if task in YES_NO_TASKS:
        low = text.lower()
        if low.startswith("yes"):
            return True
        if low.startswith("no"):
            return False
        raise GraphInputError("answer is not Yes or No", source="jsonl", found=raw)
    if task in LIST_TASKS or task in SET_TASKS:
        inner = re.findall(r"\[([^\[\]]*)\]", text)
        return [int(x) for x in _NUM_RE.findall(inner[0] if inner else text)]
    match = _NUM_RE.search(text)
    if not match:
        raise GraphInputError("answer has no number", source="jsonl", found=raw)
    value = float(match.group())
    return int(value) if value.is_integer() else value


_EDGE_RE = re.compile(r"\((\d+)\s*(?:->|,)\s*(\d+)")


def _topology_check(text: str) -> dict[str, Any]:
    # For the published split the checker needs the graph: read it back from the prompt.
    body = text.split("the edges are:", 1)[-1]
    edges = [[int(a), int(b)] for a, b in _EDGE_RE.findall(body)]
    m = re.search(r"numbered from (\d+) to (\d+)", text)
    nodes = int(m.group(2)) + 1 if m else 1 + max((max(e) for e in edges), default=-1)
    return {"nodes": nodes, "edge_list": edges}


def load_jsonl(path: str | os.PathLike[str], *, task: str | None = None) -> list[Question]:
    """Read a GraphInstruct-style benchmark file (one JSON object per line).

    Each line needs ``input_prompt`` or ``question`` and ``answer`` (``"### 10"``); the task
    comes from a ``task`` field, the ``task`` argument, or the prompt's wording.

    Raises:
        GraphInputError: a line is not JSON, lacks fields, or its task cannot be told.
    """
    p = Path(path)
    out: list[Question] = []
    try:
        lines = p.read_text(encoding="utf-8").splitlines()
    except OSError as e:
        raise GraphInputError(f"cannot read benchmark file: {e}", source=str(p)) from e
    for lineno, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except json.JSONDecodeError as e:
            raise GraphInputError("not a JSON object", source=str(p), line=lineno, found=line) from e
        text = row.get("input_prompt") or row.get("question")
        if not text or "answer" not in row:
            raise GraphInputError(
                "missing fields", source=str(p), line=lineno, expected="input_prompt/question and answer"
            )
        name = row.get("task") or task or infer_task(text)
        if name is None:
            raise GraphInputError("cannot tell the task; add a 'task' field", source=str(p), line=lineno)
        name = parse_tasks(str(name).removesuffix("_test"))[0]
        label = parse_label(name, row["answer"])
        check = _topology_check(text) if name in LIST_TASKS else {}
        m = re.search(r"numbered from (\d+) to (\d+)", text)
        nodes = int(m.group(2)) + 1 if m else None
        ident = f"{name}-{p.stem}-{row.get('index', lineno - 1):04d}" if isinstance(row.get("index", 0), int) else None
        meta: dict[str, Any] = {
            "set": "jsonl",
            "nodes": nodes,
            "edges": len(_EDGE_RE.findall(text)),
            "bucket": None,
            "params": {},
        }
        out.append(Question(ident or f"{name}-{p.stem}-{lineno:04d}", name, text, label, meta, check))
    return out


# --------------------------------------------------------------------------- scale set


SCALE_PROMPT = (
    "The graph is an undirected weighted graph: each edge has a positive integer weight. "
    "What is the weight of the shortest path from node {} to node {}?"
)


def sparse_connected_graph_edges(n: int, seed: int, *, extra_per_node: float = 1.0) -> tuple[Any, Any, Any]:
    """Edges (``src, dst, weight`` numpy arrays) of a sparse connected weighted graph on ``n`` nodes.

    A random recursive tree (node i joins a random earlier node) keeps it connected; about
    ``extra_per_node * n`` more random edges (no self loops, duplicates dropped) close cycles,
    so the mean degree is about four. Weights are 1..10 as in GraphInstruct.
    """
    import numpy as np

    rng = np.random.default_rng(seed)
    child = np.arange(1, n, dtype=np.int64)
    parent = (rng.random(n - 1) * child).astype(np.int64)
    m = int(extra_per_node * n)
    a = rng.integers(0, n, m, dtype=np.int64)
    b = rng.integers(0, n, m, dtype=np.int64)
    src = np.concatenate([parent, np.minimum(a, b)])
    dst = np.concatenate([child, np.maximum(a, b)])
    keep = src != dst
    pairs = np.unique(np.stack([src[keep], dst[keep]], axis=1), axis=0)
    rng.shuffle(pairs)
    weights = rng.integers(1, 11, len(pairs), dtype=np.int64)
    return pairs[:, 0], pairs[:, 1], weights


def _shortest_lengths(n: int, src: Any, dst: Any, w: Any, sources: Sequence[int]) -> Any:
    # SciPy's Dijkstra on a CSR matrix: exact for integer weights and fast at 10^6 nodes.
    import numpy as np
    from scipy.sparse import coo_matrix
    from scipy.sparse.csgraph import dijkstra

    mat = coo_matrix((w.astype(np.float64), (src, dst)), shape=(n, n)).tocsr()
    return dijkstra(mat, directed=False, indices=list(sources))


def write_edgelist(path: Path, src: Any, dst: Any, w: Any) -> None:
    """``u v w`` per line, the plain edge-list format of the CLI loaders."""
    import numpy as np

    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(path.suffix + ".tmp")
    np.savetxt(tmp, np.stack([src, dst, w], axis=1), fmt="%d", delimiter=" ")
    tmp.replace(path)  # atomic: an interrupted write never leaves a half file behind


def read_scale_graph(path: str | os.PathLike[str]) -> nx.Graph:
    """Load a scale-set edge list (``u v w`` lines) as an undirected weighted NetworkX graph."""
    import numpy as np

    data = np.loadtxt(path, dtype=np.int64, ndmin=2)
    g = nx.Graph()
    g.add_weighted_edges_from((int(u), int(v), int(w)) for u, v, w in data)
    return g


def scale_questions(
    sizes: Sequence[int] = (100, 1_000, 10_000, 100_000, 1_000_000),
    per_size: int = 3,
    seed: int = 0,
    *,
    graph_dir: str | os.PathLike[str] = "bench-out/graphs",
) -> list[Question]:
    """Shortest-path questions on one sparse random connected graph per size (GRRAF figs. 5-6).

    The graph is written once to ``graph_dir/scale-n<size>-s<seed>.edges`` (reused when it is
    already there) and carried by path in ``meta["graph_path"]``: at 10^6 nodes it cannot sit in
    the question text, so the runner loads it and passes it to the agent separately.
    Sources and targets are distinct, non-adjacent node pairs (always connected).
    """
    import numpy as np

    out: list[Question] = []
    folder = Path(graph_dir)
    for size in sizes:
        if size < 4:
            raise ConfigError(f"scale sizes must be at least 4 nodes, got {size}")
        graph_seed = int.from_bytes(f"{seed}:{size}".encode(), "little") % (2**63)
        src, dst, w = sparse_connected_graph_edges(size, graph_seed)
        path = folder / f"scale-n{size}-s{seed}.edges"
        if not path.exists():
            write_edgelist(path, src, dst, w)
        adjacent = set(zip(src.tolist(), dst.tolist(), strict=True)) if size <= 10_000 else None
        rng = random.Random(f"grraf-scale:{seed}:{size}")
        pairs: list[tuple[int, int]] = []
        while len(pairs) < per_size:
            s, t = rng.sample(range(size), 2)
            key = (min(s, t), max(s, t))
            if adjacent is not None and key in adjacent:
                continue
            if adjacent is None and np.any((src == key[0]) & (dst == key[1])):
                continue
            pairs.append((s, t))
        dist = _shortest_lengths(size, src, dst, w, [s for s, _ in pairs]) if pairs else []
        for i, (s, t) in enumerate(pairs):
            value = float(dist[i][t])
            if not math.isfinite(value):
                raise RuntimeError(f"scale graph {size} is not connected between {s} and {t}")
            meta = {
                "set": "scale",
                "size": size,
                "nodes": size,
                "edges": len(src),
                "bucket": None,
                "params": {"source": s, "target": t},
                "graph_path": str(path),
                "directed": False,
                "weighted": True,
            }
            out.append(
                Question(f"scale-n{size}-s{seed}-{i:04d}", "shortest", SCALE_PROMPT.format(s, t), int(value), meta)
            )
    return out
