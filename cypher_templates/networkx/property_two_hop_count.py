# task: two_hop_count
# aliases: how many nodes two relationships away
# parameters: entity, entity_label, entity_key, rel_type, direction, second_rel_type, second_direction
# directed: any
# weighted: any
# output: number
# complexity: O(V + degree squared)
# description: how many distinct nodes are reached from the named node by one relationship type and then another
# verified: tested
from cypher_templates.networkx._property_graph import _linked, _named


def solve(G, entity, entity_label, entity_key, rel_type, direction, second_rel_type, second_direction):
    middle = {m for a in _named(G, entity_label, entity_key, entity) for m, _ in _linked(G, a, rel_type, direction)}
    return len({b for m in middle for b, _ in _linked(G, m, second_rel_type, second_direction)})
