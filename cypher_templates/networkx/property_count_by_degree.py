# task: count_by_degree
# aliases: how many nodes have more than k relationships
# parameters: label, rel_type, direction, op, threshold
# directed: any
# weighted: any
# output: number
# complexity: O(V + E)
# description: how many nodes of a label have a number of relationships of one type that compares to a value
# verified: tested
from cypher_templates.networkx._property_graph import _compare, _degrees


def solve(G, label, rel_type, direction, op, threshold):
    return sum(1 for k in _degrees(G, label, rel_type, direction).values() if _compare(k, op, threshold))
