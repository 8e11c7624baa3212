# task: degree
# aliases: degree of node, node degree, number of edges of node, how many edges, incident edges, valency
# parameters: node
# directed: any
# weighted: any
# output: number
# complexity: O(1)
# description: the number of edges at the node (in plus out in a directed graph; a self-loop counts twice)
# verified: tested
def solve(G, node):
    """Degree as NetworkX counts it."""
    return G.degree(node)
