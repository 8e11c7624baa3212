# task: connected_components
# aliases: number of connected components, connected components, components, how many components
# aliases: weakly connected components, islands, separate parts
# parameters: none
# directed: any
# weighted: any
# output: number
# complexity: O(V + E)
# description: the number of connected components (weakly connected in a directed graph)
# verified: tested
import networkx as nx


def solve(G):
    """Components of the underlying undirected graph."""
    return nx.number_connected_components(G.to_undirected())
