"""Exact answers the benchmark's labels need where NetworkX has no exact, bounded routine.

GraphInstruct's own Hamilton labels are wrong (its search never backtracks), so an exact search
runs instead; the monomorphism test of substructure is VF2 with a budget, so a generator gives up
on a graph whose search would take too long instead of hanging (labels stay exact).
"""

from __future__ import annotations

from typing import Any

import networkx as nx
from networkx.algorithms import isomorphism


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
