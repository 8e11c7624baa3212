# task: common_neighbors
# aliases: common neighbors, common neighbours, shared neighbors, shared neighbours, mutual neighbors
# aliases: neighbors in common, both connected to
# parameters: source, target
# directed: any
# weighted: any
# output: list
# complexity: O(degree)
# description: the nodes adjacent to both nodes (edge directions ignored), sorted
# verified: tested
def solve(G, source, target):
    """Intersection of the two neighbourhoods in the underlying undirected graph."""
    H = G.to_undirected(as_view=True)
    return sorted(set(H[source]) & set(H[target]))
