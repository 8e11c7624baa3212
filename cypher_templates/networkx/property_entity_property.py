# task: entity_property
# aliases: property of a named node
# parameters: entity, entity_label, entity_key, property
# directed: any
# weighted: any
# output: value
# complexity: O(V)
# description: the values of one property of the node(s) the question names
# verified: tested
from cypher_templates.networkx._property_graph import _values


def solve(G, entity, entity_label, entity_key, property):
    values = _values(G, entity_label, entity_key, entity, property)
    return sorted({v for v in values if not isinstance(v, (list, dict))}, key=str)
