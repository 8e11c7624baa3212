# task: cycle
# aliases: cycle detection, has cycle, contains a cycle, is there a cycle, cyclic, loop, acyclic, forest
# parameters: none
# directed: no
# weighted: any
# output: yes/no
# complexity: O(V + E)
# description: whether an undirected graph contains a cycle (a self-loop counts)
# verified: tested
import networkx as nx


def solve(G):
    """An undirected graph is acyclic exactly when it is a forest."""
    if G.number_of_nodes() == 0:
        return False
    return not nx.is_forest(G)
