"""Which tasks ``grraf bench`` has, and the generator settings and wording of each.

The nine GraphInstruct test tasks are read from the public generator settings
(``task_config.yaml``, entries ``<task>_test``); GRRAF's two extra tasks (in-degree and
out-degree of a node in a directed graph) are defined here in the same style. So are ten
tasks beyond GRRAF's eleven (:data:`BEYOND_TASKS`), scored apart from them: ``extra`` ones
the verified template library covers and ``untemplated`` ones it has no template for.

What a task is (its generator, how its answers are checked, the parameters it states) is its
registry entry's (:class:`grraf.tasks.model.Bench`, through :func:`bench_spec`); this module
holds only what belongs to the benchmark: the task sets and their order, the size buckets, and
the prompts in GraphInstruct's style.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from grraf.errors import ConfigError
from grraf.tasks import Bench, bench_task
from grraf.tasks.model import AnswerKind, Size

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


def bench_spec(task: str) -> Bench:
    """The registry's benchmark entry of ``task`` (its generator, answer kind and slots).

    >>> bench_spec("flow").answer, sorted(bench_spec("flow").slots)
    ('number', ['source', 'target'])

    Raises:
        ConfigError: no registry task has that benchmark name.
    """
    found = bench_task(task)
    if found is None or found.bench is None:
        raise ConfigError(f"unknown task {task!r}")
    return found.bench


def answer_kind(task: str) -> AnswerKind:
    """How the checker reads an answer of ``task`` (:data:`grraf.tasks.model.AnswerKind`)."""
    return bench_spec(task).answer


def _answering(*kinds: AnswerKind) -> frozenset[str]:
    return frozenset(task for task in ALL_TASKS if answer_kind(task) in kinds)


# Views of the registry's answer kinds, by task.
YES_NO_TASKS = _answering("yes/no")
#: Answers that are a number; FLOAT_TASKS among them are compared with a tolerance.
NUMBER_TASKS = _answering("number", "float")
FLOAT_TASKS = _answering("float")
LIST_TASKS = _answering("list")
#: Answers that are a set of node ids: any order, no repeats.
SET_TASKS = _answering("set")

ENV_DIR = "GRRAF_GRAPHINSTRUCT_DIR"


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

    def size(self, bucket: int) -> Size:
        """The generator's settings for one size bucket."""
        return Size(
            self.min_nodes[bucket],
            self.max_nodes[bucket],
            self.max_edges[bucket],
            self.min_ratio[bucket],
            self.max_ratio[bucket],
            weighted=self.weight[bucket],
            directed=self.directed[bucket],
        )

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
