# task: top_by_degree
# aliases: most connected, most relationships
# parameters: label, rel_type, direction, order, limit, returns
# directed: any
# weighted: any
# output: list
# complexity: O(V + E)
# description: the node(s) of a label with the most (or fewest) relationships of one type (or the top limit), ties kept
# verified: tested
from cypher_templates.networkx._property_graph import _degrees, _names, _top


def solve(G, label, rel_type, direction, order, limit, returns):
    return _names(G, _top(_degrees(G, label, rel_type, direction).items(), order, limit), returns)
