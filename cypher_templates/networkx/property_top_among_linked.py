# task: top_among_linked
# aliases: the youngest director, the oldest actor; the extreme node among those with a relationship of one type
# parameters: label, rel_type, direction, property, order, limit, returns
# directed: any
# weighted: any
# output: list
# complexity: O(V + E)
# description: of the nodes of a label with relationships of one type, the top (or bottom) few by a property
# verified: tested
from cypher_templates.networkx._property_graph import _degrees, _names, _top


def solve(G, label, rel_type, direction, property, order, limit, returns):
    linked = [n for n, k in _degrees(G, label, rel_type, direction).items() if k > 0]
    return _names(G, _top([(n, G.nodes[n].get(property)) for n in linked], order, limit), returns)
