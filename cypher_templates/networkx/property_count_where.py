# task: count_where
# aliases: how many nodes have a property above or below a value
# parameters: label, property, op, threshold
# directed: any
# weighted: any
# output: number
# complexity: O(V)
# description: how many nodes of a label have a property that compares to a value
# verified: tested
from cypher_templates.networkx._property_graph import _compare, _has


def solve(G, label, property, op, threshold):
    return sum(1 for _, d in G.nodes(data=True) if _has(d, label) and _compare(d.get(property), op, threshold))
