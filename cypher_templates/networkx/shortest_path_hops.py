# task: shortest_path_hops
# aliases: none
# parameters: source, target
# directed: any
# weighted: any
# output: number
# complexity: O(V + E) breadth-first search
# description: the fewest edges on a path from source to target, weights ignored (None if unreachable)
# verified: tested
import networkx as nx


def solve(G, source, target):
    """Breadth-first search: every edge counts 1 whatever its weight."""
    try:
        return nx.shortest_path_length(G, source, target)
    except nx.NetworkXNoPath:
        return None
