# task: pagerank_top
# aliases: pagerank, page rank, most important node, highest pagerank, most influential, centrality ranking
# parameters: damping
# directed: any
# weighted: any
# output: number
# complexity: O(iterations * E) (power iteration)
# description: the node with the highest PageRank for the damping factor (0.85 unless stated; ties by node order)
# verified: tested
import networkx as nx


def solve(G, damping=0.85):
    """Power iteration; weights used when present."""
    if G.number_of_nodes() == 0:
        return None
    rank = nx.pagerank(G, alpha=damping, weight="weight")
    return max(G.nodes, key=lambda u: rank[u])
