# task: in_degree
# aliases: in-degree, in degree, indegree, degree, incoming edges, number of incoming
# aliases: predecessors count, edges pointing to
# parameters: node
# directed: yes
# weighted: any
# output: number
# complexity: O(1)
# description: the number of edges that end at the node
# verified: tested
def solve(G, node):
    """Incoming edges (in an undirected graph, the degree)."""
    return G.in_degree(node) if G.is_directed() else G.degree(node)
