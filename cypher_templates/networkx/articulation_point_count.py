# task: articulation_point_count
# aliases: none
# parameters: none
# directed: no
# weighted: any
# output: number
# complexity: O(V + E) (depth-first search)
# description: the number of articulation points: nodes whose removal leaves more connected components
# verified: tested
import networkx as nx


def solve(G):
    """Cut vertices of an undirected graph."""
    return sum(1 for _ in nx.articulation_points(G))
