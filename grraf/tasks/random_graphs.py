"""Random graphs as GraphInstruct's generator draws them, and printed as it prints them.

Graphs are built as the original does (edges sampled from ``combinations(range(n), 2)``, so
directed graphs point from the smaller to the larger number) and printed the same way:
undirected unweighted edges as Python tuples ``(0, 9)``, weighted ones as ``(0,9,3)``, directed
ones as ``(0->9)`` / ``(0->9,3)``, node weights as ``[0, 7]``. Every builder draws from the
``random.Random`` it is given and nothing else, so a seed gives the same graph byte for byte.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable
from typing import Any

import networkx as nx

# --------------------------------------------------------------------------- builders


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
