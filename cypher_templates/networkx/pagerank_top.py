# task: pagerank_top
# aliases: pagerank, page rank, most important node, highest pagerank, most influential, centrality ranking
# parameters: none
# directed: any
# weighted: any
# output: number
# complexity: O(iterations * E) (power iteration)
# description: the node with the highest PageRank (damping 0.85; ties broken by node order)
# verified: tested
import networkx as nx


def solve(G):
    """Power iteration; weights used when present."""
    if G.number_of_nodes() == 0:
        return None
    rank = nx.pagerank(G, alpha=0.85, weight="weight")
    return max(G.nodes, key=lambda u: rank[u])
