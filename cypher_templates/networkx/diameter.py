# task: diameter
# aliases: graph diameter, longest shortest path, maximum eccentricity, eccentricity, diameter of the graph
# parameters: none
# directed: any
# weighted: no
# output: number
# complexity: O(V (V + E)) (a breadth-first search per node)
# description: the largest number of edges on a shortest path between two nodes (None when not connected)
# verified: tested
import networkx as nx


def solve(G):
    """Hop diameter; None when some pair cannot reach each other."""
    if G.number_of_nodes() == 0:
        return None
    connected = nx.is_strongly_connected(G) if G.is_directed() else nx.is_connected(G)
    if not connected:
        return None
    return nx.diameter(G)
