# task: is_tree
# aliases: tree, is a tree, is it a tree, spanning tree check, arborescence
# parameters: none
# directed: any
# weighted: any
# output: yes/no
# complexity: O(V + E)
# description: whether the graph is a tree (connected and acyclic; for a directed graph, its underlying graph)
# verified: tested
import networkx as nx


def solve(G):
    """A tree has n - 1 edges and is connected; the empty graph is not a tree."""
    if G.number_of_nodes() == 0:
        return False
    return nx.is_tree(G.to_undirected()) if G.is_directed() else nx.is_tree(G)
