# task: diameter
# aliases: graph diameter, longest shortest path, maximum eccentricity, weighted diameter, maximum distance
# aliases: diameter of the graph
# parameters: none
# directed: any
# weighted: yes
# output: number
# complexity: O(V (V + E) log V) (Dijkstra from every node)
# description: the largest total weight of a shortest path between two nodes (None when not connected)
# verified: tested
import networkx as nx


def solve(G):
    """Weighted diameter from all-pairs Dijkstra; None when some pair cannot reach each other."""
    n = G.number_of_nodes()
    if n == 0:
        return None
    best = 0
    for _, lengths in nx.all_pairs_dijkstra_path_length(G, weight="weight"):
        if len(lengths) < n:
            return None
        best = max(best, max(lengths.values()))
    return int(best) if float(best).is_integer() else best
