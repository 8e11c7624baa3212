# task: filter_among_linked
# aliases: the actors born before 1940; linked nodes whose property is above or below a value
# parameters: label, rel_type, direction, property, op, threshold, returns
# directed: any
# weighted: any
# output: list
# complexity: O(V + E)
# description: the nodes of a label with relationships of one type whose property compares to a value
# verified: tested
from cypher_templates.networkx._property_graph import _compare, _degrees, _names


def solve(G, label, rel_type, direction, property, op, threshold, returns):
    linked = [n for n, k in _degrees(G, label, rel_type, direction).items() if k > 0]
    return _names(G, [n for n in linked if _compare(G.nodes[n].get(property), op, threshold)], returns)
