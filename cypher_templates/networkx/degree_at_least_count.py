# task: degree_at_least_count
# aliases: degree at least, degree k or more, at least k edges, nodes with degree no less than k, count nodes by degree
# parameters: k
# directed: any
# weighted: any
# output: number
# complexity: O(V + E)
# description: how many nodes have degree k or more (in plus out in a directed graph; a self-loop counts
# description: twice, as in the degree)
# verified: tested
def solve(G, k):
    """Degrees as NetworkX counts them; a node of degree exactly k counts."""
    return sum(1 for _, d in G.degree if d >= k)
