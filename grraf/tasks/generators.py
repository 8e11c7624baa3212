"""The benchmark's generators, one per task: draw a graph, compute its exact label, say what it asks.

Each is a :data:`grraf.tasks.model.Generator` that a registry entry names in its
:class:`~grraf.tasks.model.Bench` (``bench=Bench("flow", "number", generators.flow, ...)``).
A generator draws only from the ``random.Random`` it is given, in a fixed order, so a seed gives
the same questions byte for byte (``tests/unit/bench/test_dataset.py`` pins GRRAF's eleven by
hash); it returns None when the graph it drew does not fit the task (the caller draws again).
Labels are computed with NetworkX or the exact searches of :mod:`grraf.tasks.labels`.
"""

from __future__ import annotations

import logging
import random
import string

import networkx as nx

from grraf.tasks.labels import (
    HamiltonUndecided,
    SearchUndecided,
    has_hamiltonian_path,
    is_substructure,
    max_triangle_weight,
)
from grraf.tasks.model import Draft, Size
from grraf.tasks.random_graphs import (
    directed_permutation_graph,
    format_edges,
    format_node_weights,
    node_weighted_graph,
    random_bipartite_graph,
    random_graph,
    smaller_graph,
    topology_graph,
)

logger = logging.getLogger(__name__)


def _pair(rng: random.Random, g: nx.Graph) -> tuple[int, int]:
    a, b = rng.sample(list(g.nodes()), 2)
    return a, b


def connectivity(rng: random.Random, size: Size, index: int) -> Draft | None:
    g = random_graph(rng, *size.args, weighted=size.weighted, directed=size.directed)
    s, t = _pair(rng, g)
    if g.has_edge(s, t):
        return None
    n = g.number_of_nodes()
    return Draft((0, n - 1, format_edges(g), s, t), nx.has_path(g, s, t), g, {"source": s, "target": t})


def cycle(rng: random.Random, size: Size, index: int) -> Draft | None:
    g = random_graph(rng, *size.args, weighted=False, directed=size.directed)
    has_cycle = not nx.is_forest(g) if not g.is_directed() else not nx.is_directed_acyclic_graph(g)
    return Draft((0, g.number_of_nodes() - 1, format_edges(g)), has_cycle, g)


def bipartite(rng: random.Random, size: Size, index: int) -> Draft | None:
    args = size.args
    # The original makes half of each bucket from random graphs, half from bipartite ones.
    if index % 2 == 1:
        g = random_bipartite_graph(rng, *args, directed=size.directed)
    else:
        g = random_graph(rng, *args, weighted=False, directed=size.directed)
    edges = list(g.edges())
    rng.shuffle(edges)  # the original prints bipartite edges shuffled
    return Draft((0, g.number_of_nodes() - 1, format_edges(g, order=edges)), nx.is_bipartite(g), g)


def flow(rng: random.Random, size: Size, index: int) -> Draft | None:
    g = random_graph(rng, *size.args, weighted=True, directed=size.directed)
    s, t = _pair(rng, g)
    if not nx.has_path(g, s, t):
        return None
    value = nx.maximum_flow_value(g, s, t, capacity="weight")
    text_args = (0, g.number_of_nodes() - 1, format_edges(g, weighted=True), s, t)
    return Draft(text_args, int(value), g, {"source": s, "target": t})


def hamilton(rng: random.Random, size: Size, index: int) -> Draft | None:
    g = random_graph(rng, *size.args, weighted=False, directed=size.directed)
    try:
        label = has_hamiltonian_path(g)
    except HamiltonUndecided:
        logger.debug("hamilton search undecided on a %d-node graph; drawing another", g.number_of_nodes())
        return None
    return Draft((0, g.number_of_nodes() - 1, format_edges(g)), label, g)


def shortest(rng: random.Random, size: Size, index: int) -> Draft | None:
    g = random_graph(rng, *size.args, weighted=True, directed=size.directed)
    s, t = _pair(rng, g)
    if g.number_of_edges() == 1 or g.has_edge(s, t) or not nx.has_path(g, s, t):
        return None
    value = nx.shortest_path_length(g, s, t, weight="weight")
    text_args = (0, g.number_of_nodes() - 1, format_edges(g, weighted=True), s, t)
    return Draft(text_args, int(value), g, {"source": s, "target": t})


def substructure(rng: random.Random, size: Size, index: int) -> Draft | None:
    args = size.args
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
    return Draft(text_args, label, g, params=params, check=check)


def topology(rng: random.Random, size: Size, index: int) -> Draft | None:
    lo, hi, _, rmin, rmax = size.args
    g = topology_graph(rng, lo, hi, rmin, rmax)
    edges = list(g.edges())
    if rng.random() > 0.5:  # the original shuffles the printed edges half of the time
        rng.shuffle(edges)
    order = list(nx.topological_sort(g))
    check = {"nodes": g.number_of_nodes(), "edge_list": [list(e) for e in g.edges()]}
    return Draft((0, g.number_of_nodes() - 1, format_edges(g, order=edges)), order, g, check=check)


def triplet(rng: random.Random, size: Size, index: int) -> Draft | None:
    g = node_weighted_graph(rng, *size.args)
    best = max_triangle_weight(g)
    if best == 0:
        return None
    return Draft((0, g.number_of_nodes() - 1, format_node_weights(g), format_edges(g)), best, g)


def in_degree(rng: random.Random, size: Size, index: int) -> Draft | None:
    return _degree(rng, size, incoming=True)


def out_degree(rng: random.Random, size: Size, index: int) -> Draft | None:
    return _degree(rng, size, incoming=False)


def _degree(rng: random.Random, size: Size, *, incoming: bool) -> Draft | None:
    g = directed_permutation_graph(rng, *size.args)
    node = rng.choice(list(g.nodes()))
    degree = g.in_degree(node) if incoming else g.out_degree(node)
    return Draft((0, g.number_of_nodes() - 1, format_edges(g), node), int(degree), g, {"node": node})


def _plain_graph(rng: random.Random, size: Size) -> nx.Graph:
    return random_graph(rng, *size.args, weighted=False, directed=False)


def _connected_graph(rng: random.Random, size: Size) -> nx.Graph | None:
    # Distances between disconnected nodes are infinite: those questions would have no number.
    g = _plain_graph(rng, size)
    return g if nx.is_connected(g) else None


def _graph_args(g: nx.Graph) -> tuple[int, int, str]:
    return 0, g.number_of_nodes() - 1, format_edges(g)


def diameter(rng: random.Random, size: Size, index: int) -> Draft | None:
    g = _connected_graph(rng, size)
    return None if g is None else Draft(_graph_args(g), nx.diameter(g), g)


def radius(rng: random.Random, size: Size, index: int) -> Draft | None:
    g = _connected_graph(rng, size)
    return None if g is None else Draft(_graph_args(g), nx.radius(g), g)


def eccentricity(rng: random.Random, size: Size, index: int) -> Draft | None:
    g = _connected_graph(rng, size)
    if g is None:
        return None
    node = rng.choice(list(g.nodes()))
    return Draft((*_graph_args(g), node), nx.eccentricity(g, v=node), g, {"node": node})


def average_path(rng: random.Random, size: Size, index: int) -> Draft | None:
    g = _connected_graph(rng, size)
    return None if g is None else Draft(_graph_args(g), nx.average_shortest_path_length(g), g)


def k_core(rng: random.Random, size: Size, index: int) -> Draft | None:
    g = _plain_graph(rng, size)
    k = rng.randint(2, 4)
    core = sorted(nx.k_core(g, k).nodes())
    # An empty core or the whole graph would make the answer "none" or "all of them".
    if not core or len(core) == g.number_of_nodes():
        return None
    return Draft((*_graph_args(g), k), core, g, {"k": k})


# PageRank comes from power iteration, whose default tolerance leaves relative errors up to
# ~2e-4 on these graphs: a clear margin makes the top node the same for any correct method.
_PAGERANK_MARGIN = 1e-3


def pagerank(rng: random.Random, size: Size, index: int) -> Draft | None:
    g = directed_permutation_graph(rng, *size.args)
    try:
        rank = nx.pagerank(g, alpha=0.85)
        precise = nx.pagerank(g, alpha=0.85, tol=1e-12, max_iter=1_000)
    except nx.PowerIterationFailedConvergence:
        return None
    first, second = sorted(precise.values(), reverse=True)[:2]
    top = max(rank, key=rank.__getitem__)
    if first - second < _PAGERANK_MARGIN * first or top != max(precise, key=precise.__getitem__):
        return None
    return Draft(_graph_args(g), top, g)


def clustering(rng: random.Random, size: Size, index: int) -> Draft | None:
    g = _plain_graph(rng, size)
    # With fewer than two neighbours there is no pair to be connected: the coefficient is 0 by convention.
    candidates = [v for v in g.nodes() if g.degree(v) >= 2]
    if not candidates:
        return None
    node = rng.choice(candidates)
    return Draft((*_graph_args(g), node), float(nx.clustering(g, node)), g, {"node": node})


def max_matching(rng: random.Random, size: Size, index: int) -> Draft | None:
    g = _plain_graph(rng, size)
    return Draft(_graph_args(g), len(nx.max_weight_matching(g, maxcardinality=True)), g)


def bridges(rng: random.Random, size: Size, index: int) -> Draft | None:
    g = _plain_graph(rng, size)
    return Draft(_graph_args(g), sum(1 for _ in nx.bridges(g)), g)


def articulation_points(rng: random.Random, size: Size, index: int) -> Draft | None:
    g = _plain_graph(rng, size)
    return Draft(_graph_args(g), sum(1 for _ in nx.articulation_points(g)), g)
