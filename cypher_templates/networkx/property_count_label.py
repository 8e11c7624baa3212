# task: count_label
# aliases: how many nodes of a label
# parameters: label
# directed: any
# weighted: any
# output: number
# complexity: O(V)
# description: how many nodes carry the label
# verified: tested
from cypher_templates.networkx._property_graph import _has


def solve(G, label):
    return sum(1 for _, d in G.nodes(data=True) if _has(d, label))
