# task: betweenness_top
# aliases: betweenness, betweenness centrality, most central node, highest betweenness, broker, bridge node
# parameters: none
# directed: any
# weighted: no
# output: number
# complexity: O(V E) (Brandes)
# description: the node with the highest betweenness centrality (ties broken by node order)
# verified: tested
import networkx as nx


def solve(G):
    """Brandes' algorithm, hop distances."""
    if G.number_of_nodes() == 0:
        return None
    score = nx.betweenness_centrality(G)
    return max(G.nodes, key=lambda u: score[u])
