# task: has_edge
# aliases: adjacent, edge between, directly connected, directly linked, neighbours, is there an edge
# parameters: source, target
# directed: any
# weighted: any
# output: yes/no
# complexity: O(1)
# description: whether one edge joins source and target directly (an edge from source to target in a
# description: directed graph; source equal to target asks for a self-loop)
# verified: tested
def solve(G, source, target):
    """True when an edge source-target exists (source->target when directed)."""
    return G.has_edge(source, target)
