# task: radius
# aliases: none
# parameters: none
# directed: any
# weighted: no
# output: number
# complexity: O(V (V + E)) (a breadth-first search per node)
# description: the smallest eccentricity over all nodes, in edges (None when some pair cannot reach each other)
# verified: tested
import networkx as nx


def solve(G):
    """Hop radius; None when the graph is empty or not (strongly) connected."""
    if G.number_of_nodes() == 0:
        return None
    connected = nx.is_strongly_connected(G) if G.is_directed() else nx.is_connected(G)
    if not connected:
        return None
    return nx.radius(G)
