# task: average_degree
# aliases: average degree, mean degree, average number of edges per node, average number of neighbours
# parameters: none
# directed: any
# weighted: any
# output: number
# complexity: O(1)
# description: the mean number of edges at a node, 2 * edges / nodes (in plus out in a directed graph;
# description: a self-loop counts twice, as in the degree)
# verified: tested
def solve(G):
    """Every edge has two ends, so the degrees sum to twice the number of edges."""
    n = G.number_of_nodes()
    if n == 0:
        return None
    return 2 * G.number_of_edges() / n
