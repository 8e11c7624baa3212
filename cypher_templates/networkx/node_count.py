# task: node_count
# aliases: number of nodes, how many nodes, node count, count the nodes, order of the graph, vertices count
# parameters: none
# directed: any
# weighted: any
# output: number
# complexity: O(1)
# description: the number of nodes
# verified: tested
def solve(G):
    """Isolated nodes included."""
    return G.number_of_nodes()
