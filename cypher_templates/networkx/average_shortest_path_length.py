# task: average_shortest_path_length
# aliases: none
# parameters: none
# directed: any
# weighted: no
# output: number
# complexity: O(V (V + E)) (a breadth-first search per node)
# description: the mean number of edges on shortest paths over all pairs of distinct nodes (None if disconnected)
# verified: tested
import networkx as nx


def solve(G):
    """Hop average shortest path length; None when some pair cannot reach each other."""
    if G.number_of_nodes() < 2:
        return 0 if G.number_of_nodes() == 1 else None
    connected = nx.is_strongly_connected(G) if G.is_directed() else nx.is_connected(G)
    if not connected:
        return None
    return nx.average_shortest_path_length(G)
