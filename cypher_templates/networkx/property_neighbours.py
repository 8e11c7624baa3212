# task: neighbours
# aliases: related nodes of a named node
# parameters: entity, entity_label, entity_key, rel_type, direction, returns
# directed: any
# weighted: any
# output: list
# complexity: O(V + degree)
# description: the nodes linked to the named node by relationships of one type, in one direction
# verified: tested
from cypher_templates.networkx._property_graph import _linked, _named, _names


def solve(G, entity, entity_label, entity_key, rel_type, direction, returns):
    found = {b for a in _named(G, entity_label, entity_key, entity) for b, _ in _linked(G, a, rel_type, direction)}
    return _names(G, found, returns)
