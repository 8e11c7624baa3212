# task: reachable_count
# aliases: number of reachable nodes, reachable from, how many nodes can be reached, descendants, reach
# aliases: reachable set size
# parameters: node
# directed: any
# weighted: any
# output: number
# complexity: O(V + E)
# description: how many other nodes can be reached from the node (following edge directions)
# verified: tested
import networkx as nx


def solve(G, node):
    """Descendants, the node itself excluded."""
    return len(nx.descendants(G, node))
