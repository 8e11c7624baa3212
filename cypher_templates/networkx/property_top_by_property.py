# task: top_by_property
# aliases: oldest, youngest, newest, highest, furthest north; the extreme node of a label
# parameters: label, property, order, limit, returns
# directed: any
# weighted: any
# output: list
# complexity: O(V)
# description: the node(s) of a label with the highest (or lowest) value of a property (or the top limit), ties kept
# verified: tested
from cypher_templates.networkx._property_graph import _has, _names, _top


def solve(G, label, property, order, limit, returns):
    rows = [(n, d.get(property)) for n, d in G.nodes(data=True) if _has(d, label)]
    return _names(G, _top(rows, order, limit), returns)
