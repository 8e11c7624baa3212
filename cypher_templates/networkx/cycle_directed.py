# task: cycle
# aliases: cycle detection, has cycle, contains a cycle, is there a cycle, directed cycle, cyclic, loop
# parameters: none
# directed: yes
# weighted: any
# output: yes/no
# complexity: O(V + E)
# description: whether a directed graph contains a directed cycle (a self-loop counts)
# verified: tested
import networkx as nx


def solve(G):
    """A directed graph has a cycle exactly when it is not a DAG."""
    return not nx.is_directed_acyclic_graph(G)
