# task: topological_sort
# aliases: topological order, topological ordering, topology sorting path, topology sort, topological sorting
# aliases: toposort, dependency order
# parameters: none
# directed: yes
# weighted: any
# output: list
# complexity: O(V + E)
# description: one topological order of a directed acyclic graph (None when the graph has a cycle)
# verified: tested
import networkx as nx


def solve(G):
    """Any valid topological order, or None when there is none."""
    try:
        return list(nx.topological_sort(G))
    except nx.NetworkXUnfeasible:
        return None
