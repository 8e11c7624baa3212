# task: count_among_linked
# aliases: how many directors were born before 1940; linked nodes with a property above or below a value
# parameters: label, rel_type, direction, property, op, threshold
# directed: any
# weighted: any
# output: number
# complexity: O(V + E)
# description: how many nodes of a label with relationships of one type have a property that compares to a value
# verified: tested
from cypher_templates.networkx._property_graph import _compare, _degrees


def solve(G, label, rel_type, direction, property, op, threshold):
    linked = [n for n, k in _degrees(G, label, rel_type, direction).items() if k > 0]
    return sum(1 for n in linked if _compare(G.nodes[n].get(property), op, threshold))
