# task: aggregate_property
# aliases: average, total, minimum, maximum, median, range or distinct values of a property
# parameters: label, property, aggregate
# directed: any
# weighted: any
# output: number
# complexity: O(V)
# description: an aggregate of a property over all nodes of a label
# verified: tested
from cypher_templates.networkx._property_graph import _aggregate, _has


def solve(G, label, property, aggregate):
    return _aggregate([d.get(property) for _, d in G.nodes(data=True) if _has(d, label)], aggregate)
