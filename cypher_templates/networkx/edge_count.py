# task: edge_count
# aliases: number of edges, how many edges, edge count, count the edges, size of the graph, number of links
# parameters: none
# directed: any
# weighted: any
# output: number
# complexity: O(1)
# description: the number of edges
# verified: tested
def solve(G):
    """Each undirected edge once."""
    return G.number_of_edges()
