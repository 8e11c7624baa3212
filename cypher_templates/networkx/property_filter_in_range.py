# task: filter_in_range
# aliases: nodes with a property between two values; born in a decade
# parameters: label, property, low, high, returns
# directed: any
# weighted: any
# output: list
# complexity: O(V)
# description: the nodes of a label whose property lies between two values, both included
# verified: tested
from cypher_templates.networkx._property_graph import _compare, _has, _names


def solve(G, label, property, low, high, returns):
    return _names(
        G,
        [
            n
            for n, d in G.nodes(data=True)
            if _has(d, label) and _compare(d.get(property), ">=", low) and _compare(d.get(property), "<=", high)
        ],
        returns,
    )
