# task: k_core
# aliases: k-core, k core, core, nodes of degree at least k, core decomposition
# parameters: k
# directed: any
# weighted: any
# output: list
# complexity: O(V + E)
# description: the nodes of the k-core (largest subgraph where every node has degree at least k), sorted
# verified: tested
import networkx as nx


def solve(G, k):
    """Degrees counted in the underlying simple undirected graph."""
    H = nx.Graph(G.to_undirected())
    H.remove_edges_from(list(nx.selfloop_edges(H)))
    return sorted(nx.k_core(H, k=k).nodes)
