# task: top_by_degree
# aliases: most connected, most relationships
# parameters: label, rel_type, direction, order, returns
# directed: any
# weighted: any
# output: list
# complexity: O(V + E)
# description: the node(s) of a label with the most (or fewest) relationships of one type, ties kept
# verified: tested
from cypher_templates.networkx._property_graph import _degrees, _names


def solve(G, label, rel_type, direction, order, returns):
    degrees = _degrees(G, label, rel_type, direction)
    if not degrees:
        return []
    best = (min if order == "lowest" else max)(degrees.values())
    return _names(G, [n for n, k in degrees.items() if k == best], returns)
