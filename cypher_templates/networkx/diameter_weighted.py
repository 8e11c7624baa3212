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
    """Weighted diameter from all-pairs Dijkstra; None when some pair cannot reach each other.

    Negative weights: Bellman-Ford on a directed graph (a negative cycle is refused); refused on
    an undirected graph, where a negative edge is a negative cycle.
    """
    n = G.number_of_nodes()
    if n == 0:
        return None
    # w < -w is w < 0 without a number literal: a parameter's value must be the only literal
    # equal to it in the code, or the reuse stage cannot generalise the code (grraf.pipeline.reuse).
    negative = any(w is not None and w < -w for _, _, w in G.edges(data="weight"))
    if negative and not G.is_directed():
        raise ValueError("negative edge weights in an undirected graph: shortest paths are undefined")
    if negative:
        pairs = nx.all_pairs_bellman_ford_path_length(G, weight="weight")
    else:
        pairs = nx.all_pairs_dijkstra_path_length(G, weight="weight")
    best = None
    try:
        for source, lengths in pairs:
            if len(lengths) < n:
                return None
            # pairs of distinct nodes only: with negative weights a node's 0 to itself is not the largest
            others = [d for v, d in lengths.items() if v != source]
            if others:
                best = max(others) if best is None else max(best, max(others))
    except nx.NetworkXUnbounded as e:
        raise ValueError("the graph has a negative cycle: shortest paths are undefined") from e
    best = 0 if best is None else best
    return int(best) if float(best).is_integer() else best
