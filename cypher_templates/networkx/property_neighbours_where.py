# task: neighbours_where
# aliases: related nodes filtered by a property
# parameters: entity, entity_label, entity_key, rel_type, direction, on, property, op, threshold, returns
# directed: any
# weighted: any
# output: list
# complexity: O(V + degree)
# description: the nodes linked to the named node whose relationship (or own) property compares to a value
# verified: tested
from cypher_templates.networkx._property_graph import _names, _passing


def solve(G, entity, entity_label, entity_key, rel_type, direction, on, property, op, threshold, returns):
    found = _passing(G, entity, entity_label, entity_key, rel_type, direction, on, property, op, threshold)
    return _names(G, found, returns)
