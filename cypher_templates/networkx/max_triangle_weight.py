# task: max_triangle_weight
# aliases: triangle weight, maximum sum of the weights of three interconnected nodes, three interconnected nodes
# aliases: three nodes, triplet, maximum triangle, heaviest triangle
# parameters: none
# directed: any
# weighted: any
# output: number
# complexity: O(E * max degree)
# description: the largest sum of node weights over the triangles of the graph (0 when there is none)
# verified: tested
def solve(G):
    """Each triangle once (u < v < w in node order); node weights in the node attribute weight."""
    H = G.to_undirected()
    order = {u: i for i, u in enumerate(H.nodes)}
    best = None
    for u in H:
        later = {v for v in H[u] if order[v] > order[u]}
        for v in later:
            for w in later & set(H[v]):
                if order[w] > order[v]:
                    total = sum(H.nodes[x].get("weight", 0) for x in (u, v, w))
                    best = total if best is None else max(best, total)
    if best is None:
        return 0
    return int(best) if float(best).is_integer() else best
