# task: shortest_path_nodes
# aliases: shortest path nodes, list the shortest path, route, nodes on the shortest path, give the shortest path
# aliases: sequence of nodes
# parameters: source, target
# directed: any
# weighted: any
# output: list
# complexity: O((V + E) log V) (Dijkstra); O(V E) (Bellman-Ford) when a weight is negative
# description: the nodes of one shortest path from source to target, weights respected (None if unreachable)
# verified: tested
import networkx as nx


def solve(G, source, target):
    """One minimum-weight path as a node list; an edge without a weight counts 1.

    Negative weights: Bellman-Ford on a directed graph (a reachable negative cycle is refused);
    refused on an undirected graph, where a negative edge is a negative cycle.
    """
    # w < -w is w < 0 without a number literal: a parameter's value must be the only literal
    # equal to it in the code, or the reuse stage cannot generalise the code (grraf.pipeline.reuse).
    negative = any(w is not None and w < -w for _, _, w in G.edges(data="weight"))
    if negative and not G.is_directed():
        raise ValueError("negative edge weights in an undirected graph: shortest paths are undefined")
    try:
        if negative:
            return nx.bellman_ford_path(G, source, target, weight="weight")
        return nx.shortest_path(G, source, target, weight="weight")
    except nx.NetworkXNoPath:
        return None
    except nx.NetworkXUnbounded as e:
        raise ValueError("a negative cycle is reachable: the shortest path is undefined") from e
