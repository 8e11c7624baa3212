# task: predecessors
# aliases: predecessors, in-neighbors, in-neighbours, incoming neighbors, nodes pointing to, parents
# parameters: node
# directed: yes
# weighted: any
# output: list
# complexity: O(in-degree)
# description: the nodes with an edge to the node in a directed graph, sorted
# verified: tested
def solve(G, node):
    """Sorted predecessor list."""
    return sorted(G.predecessors(node))
