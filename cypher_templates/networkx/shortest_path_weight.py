# task: shortest_path
# aliases: shortest path weight, shortest path length, shortest distance, distance, minimum distance
# aliases: weight of the shortest path, length of the shortest path, dijkstra, cheapest path
# parameters: source, target
# directed: any
# weighted: any
# output: number
# complexity: O((V + E) log V) (Dijkstra)
# description: the total weight of a shortest path from source to target (hops when unweighted; None if unreachable)
# verified: tested
import networkx as nx


def solve(G, source, target):
    """Dijkstra on the edge attribute weight; an edge without one counts 1."""
    try:
        value = nx.shortest_path_length(G, source, target, weight="weight")
    except nx.NetworkXNoPath:
        return None
    return int(value) if float(value).is_integer() else value
