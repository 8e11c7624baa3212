# task: shortest_path
# aliases: shortest path weight, shortest path length, shortest distance, distance, minimum distance
# aliases: weight of the shortest path, length of the shortest path, dijkstra, cheapest path
# parameters: source, target
# directed: any
# weighted: any
# output: number
# complexity: O((V + E) log V) (Dijkstra); O(V E) (Bellman-Ford) when a weight is negative
# description: the total weight of a shortest path from source to target (hops when unweighted; None if unreachable)
# verified: tested
import networkx as nx


def solve(G, source, target):
    """Dijkstra on the edge attribute weight (an edge without one counts 1).

    Dijkstra is wrong with negative weights: a directed graph then uses Bellman-Ford, which
    refuses a reachable negative cycle; an undirected negative edge is itself a negative cycle
    (walk it back and forth), so no shortest path exists and the question is refused.
    """
    # w < -w is w < 0 without a number literal: a parameter's value must be the only literal
    # equal to it in the code, or the reuse stage cannot generalise the code (grraf.pipeline.reuse).
    negative = any(w is not None and w < -w for _, _, w in G.edges(data="weight"))
    if negative and not G.is_directed():
        raise ValueError("negative edge weights in an undirected graph: shortest paths are undefined")
    try:
        if negative:
            value = nx.bellman_ford_path_length(G, source, target, weight="weight")
        else:
            value = nx.shortest_path_length(G, source, target, weight="weight")
    except nx.NetworkXNoPath:
        return None
    except nx.NetworkXUnbounded as e:
        raise ValueError("a negative cycle is reachable: the shortest path is undefined") from e
    return int(value) if float(value).is_integer() else value
