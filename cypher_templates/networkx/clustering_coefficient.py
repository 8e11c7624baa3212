# task: clustering_coefficient
# aliases: clustering coefficient, local clustering, clustering of node, transitivity of node
# parameters: node
# directed: any
# weighted: no
# output: number
# complexity: O(degree^2)
# description: the local clustering coefficient of the node (fraction of its neighbour pairs that are linked)
# verified: tested
import networkx as nx


def solve(G, node):
    """Unweighted local clustering (directed graphs use NetworkX's directed definition)."""
    return nx.clustering(G, node)
