# task: connectivity
# aliases: path exists, is there a path, connected, reachable, reach, reachability, connectivity
# parameters: source, target
# directed: any
# weighted: any
# output: yes/no
# complexity: O(V + E) (breadth-first search)
# description: whether a path leads from source to target (following edge directions in a directed graph)
# verified: tested
import networkx as nx


def solve(G, source, target):
    """True when target can be reached from source."""
    return nx.has_path(G, source, target)
