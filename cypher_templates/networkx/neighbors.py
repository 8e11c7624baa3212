# task: neighbors
# aliases: neighbours, neighbors of node, adjacent nodes, adjacent to, successors, directly connected to, linked to
# parameters: node
# directed: any
# weighted: any
# output: list
# complexity: O(degree)
# description: the neighbours of the node, sorted (successors in a directed graph)
# verified: tested
def solve(G, node):
    """Sorted neighbour list."""
    return sorted(G.neighbors(node))
