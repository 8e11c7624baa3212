# task: filter_nodes
# aliases: nodes whose property is above or below a value
# parameters: label, property, op, threshold, returns
# directed: any
# weighted: any
# output: list
# complexity: O(V)
# description: the nodes of a label whose property compares to a value
# verified: tested
from cypher_templates.networkx._property_graph import _compare, _has, _names


def solve(G, label, property, op, threshold, returns):
    return _names(
        G, [n for n, d in G.nodes(data=True) if _has(d, label) and _compare(d.get(property), op, threshold)], returns
    )
