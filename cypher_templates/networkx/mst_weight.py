# task: mst_weight
# aliases: minimum spanning tree, spanning tree, mst, minimum spanning forest
# aliases: total weight of the minimum spanning tree, kruskal, prim
# parameters: none
# directed: no
# weighted: any
# output: number
# complexity: O(E log E) (Kruskal)
# description: the total weight of a minimum spanning tree (forest when disconnected); an edge without weight counts 1
# verified: tested
import networkx as nx


def solve(G):
    """Kruskal on the edge attribute weight."""
    total = sum(d.get("weight", 1) for _, _, d in nx.minimum_spanning_edges(G, weight="weight", data=True))
    return int(total) if float(total).is_integer() else total
