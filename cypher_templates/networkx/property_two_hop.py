# task: two_hop_neighbours
# aliases: nodes two relationships away
# parameters: entity, entity_label, entity_key, rel_type, direction, second_rel_type, second_direction, returns
# directed: any
# weighted: any
# output: list
# complexity: O(V + degree squared)
# description: the nodes reached from the named node by one relationship type and then another
# verified: tested
from cypher_templates.networkx._property_graph import _linked, _named, _names


def solve(G, entity, entity_label, entity_key, rel_type, direction, second_rel_type, second_direction, returns):
    middle = {m for a in _named(G, entity_label, entity_key, entity) for m, _ in _linked(G, a, rel_type, direction)}
    return _names(G, {b for m in middle for b, _ in _linked(G, m, second_rel_type, second_direction)}, returns)
