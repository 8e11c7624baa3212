# task: is_dag
# aliases: dag, directed acyclic graph, acyclic, is acyclic, no cycle, without cycles
# parameters: none
# directed: yes
# weighted: any
# output: yes/no
# complexity: O(V + E)
# description: whether a directed graph has no directed cycle
# verified: tested
import networkx as nx


def solve(G):
    """Kahn-style check."""
    return nx.is_directed_acyclic_graph(G)
