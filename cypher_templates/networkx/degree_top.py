# task: degree_top
# aliases: highest degree, maximum degree, most edges, most connected node, most neighbours, best connected, hub
# parameters: none
# directed: any
# weighted: any
# output: number
# complexity: O(V + E)
# description: the node with the most edges (in plus out in a directed graph; a self-loop counts twice;
# description: ties broken by node order)
# verified: tested
def solve(G):
    """The first node, in node order, of those with the highest degree."""
    if G.number_of_nodes() == 0:
        return None
    return max(G.nodes, key=G.degree)
