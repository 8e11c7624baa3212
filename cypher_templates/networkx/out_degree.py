# task: out_degree
# aliases: out-degree, out degree, outdegree, degree, outgoing edges, number of outgoing
# aliases: successors count, edges leaving
# parameters: node
# directed: yes
# weighted: any
# output: number
# complexity: O(1)
# description: the number of edges that start at the node
# verified: tested
def solve(G, node):
    """Outgoing edges (in an undirected graph, the degree)."""
    return G.out_degree(node) if G.is_directed() else G.degree(node)
