# task: eccentricity
# aliases: none
# parameters: node
# directed: any
# weighted: no
# output: number
# complexity: O(V + E) (one breadth-first search)
# description: the largest number of edges on a shortest path from the node to another node (None if one is unreachable)
# verified: tested
import networkx as nx


def solve(G, node):
    """Hop eccentricity of ``node``; None when some node cannot be reached from it."""
    lengths = nx.single_source_shortest_path_length(G, node)
    if len(lengths) < G.number_of_nodes():
        return None
    return max(lengths.values())
