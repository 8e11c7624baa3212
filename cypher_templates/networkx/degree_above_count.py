# task: degree_above_count
# aliases: degree greater than, degree above, more than k edges, nodes with degree over k, count nodes by degree
# parameters: k
# directed: any
# weighted: any
# output: number
# complexity: O(V + E)
# description: how many nodes have degree strictly greater than k (in plus out in a directed graph; a
# description: self-loop counts twice, as in the degree)
# verified: tested
def solve(G, k):
    """Degrees as NetworkX counts them; the comparison is strict."""
    return sum(1 for _, d in G.degree if d > k)
