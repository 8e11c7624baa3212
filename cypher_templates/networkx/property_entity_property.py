# task: entity_property
# aliases: property of a named node
# parameters: entity, entity_label, entity_key, property
# directed: any
# weighted: any
# output: value
# complexity: O(V)
# description: the values of one property of the node(s) the question names
# verified: tested
from cypher_templates.networkx._property_graph import _named


def solve(G, entity, entity_label, entity_key, property):
    values = [G.nodes[n].get(property) for n in _named(G, entity_label, entity_key, entity)]
    return sorted({v for v in values if v is not None and not isinstance(v, (list, dict))}, key=str)
