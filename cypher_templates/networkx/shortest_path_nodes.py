# task: shortest_path_nodes
# aliases: shortest path nodes, list the shortest path, route, nodes on the shortest path, give the shortest path
# aliases: sequence of nodes
# parameters: source, target
# directed: any
# weighted: any
# output: list
# complexity: O((V + E) log V) (Dijkstra)
# description: the nodes of one shortest path from source to target, weights respected (None if unreachable)
# verified: tested
import networkx as nx


def solve(G, source, target):
    """One minimum-weight path as a node list; an edge without a weight counts 1."""
    try:
        return nx.shortest_path(G, source, target, weight="weight")
    except nx.NetworkXNoPath:
        return None
