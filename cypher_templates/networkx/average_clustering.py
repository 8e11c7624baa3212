# task: average_clustering
# aliases: average clustering, average clustering coefficient, mean clustering, global clustering
# aliases: clustering of the graph
# parameters: none
# directed: any
# weighted: no
# output: number
# complexity: O(V * max degree^2)
# description: the average local clustering coefficient over all nodes
# verified: tested
import networkx as nx


def solve(G):
    """Mean of the local clustering coefficients (0 for an empty graph)."""
    if G.number_of_nodes() == 0:
        return 0
    return nx.average_clustering(G)
