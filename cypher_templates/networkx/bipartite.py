# task: bipartite
# aliases: bipartite check, is bipartite, two-colorable, 2-colorable, two colors, color, two sets, partition
# parameters: none
# directed: any
# weighted: any
# output: yes/no
# complexity: O(V + E)
# description: whether the graph (edge directions ignored) can be split into two sets with no edge inside a set
# verified: tested
import networkx as nx


def solve(G):
    """Bipartiteness of the underlying undirected graph (GraphInstruct asks it of directed graphs too)."""
    return nx.is_bipartite(G.to_undirected())
