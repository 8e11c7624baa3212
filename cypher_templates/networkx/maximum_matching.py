# task: maximum_matching
# aliases: maximum matching, max matching, matching size, maximum cardinality matching, pairs, pairing
# aliases: independent edges
# parameters: none
# directed: any
# weighted: any
# output: number
# complexity: O(V^3) (blossom algorithm)
# description: the largest number of edges with no shared node (any graph; weights ignored)
# verified: tested
import networkx as nx


def solve(G):
    """Edmonds' blossom algorithm on the underlying undirected graph, cardinality only."""
    H = nx.Graph(G.to_undirected())
    H.remove_edges_from(list(nx.selfloop_edges(H)))
    return len(nx.max_weight_matching(H, maxcardinality=True, weight=None))
