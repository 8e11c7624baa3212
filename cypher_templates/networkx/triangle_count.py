# task: triangle_count
# aliases: number of triangles, count triangles, how many triangles, triangles, 3-cliques, triads
# parameters: none
# directed: any
# weighted: any
# output: number
# complexity: O(E * max degree)
# description: how many triangles the graph has (edge directions ignored)
# verified: tested
import networkx as nx


def solve(G):
    """Each triangle is counted at its three corners, hence the division."""
    H = nx.Graph(G.to_undirected())
    H.remove_edges_from(list(nx.selfloop_edges(H)))
    return sum(nx.triangles(H).values()) // 3
