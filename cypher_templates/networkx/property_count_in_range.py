# task: count_in_range
# aliases: how many nodes have a property between two values; how many born in a decade
# parameters: label, property, low, high
# directed: any
# weighted: any
# output: number
# complexity: O(V)
# description: how many nodes of a label have a property between two values, both included
# verified: tested
from cypher_templates.networkx._property_graph import _compare, _has


def solve(G, label, property, low, high):
    return sum(
        1
        for _, d in G.nodes(data=True)
        if _has(d, label) and _compare(d.get(property), ">=", low) and _compare(d.get(property), "<=", high)
    )
