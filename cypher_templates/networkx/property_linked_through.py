# task: linked_through
# aliases: whether one named node reaches another through a node in the middle
# parameters: entity, entity_label, entity_key, rel_type, direction, other, other_label, other_key
# parameters: second_rel_type, other_direction
# directed: any
# weighted: any
# output: yes/no
# complexity: O(V + degree)
# description: whether some node is linked to the named node by one relationship type and to the second named
# description: node by another
# verified: tested
from cypher_templates.networkx._property_graph import _linked, _named


def solve(G, entity, entity_label, entity_key, rel_type, direction, other, other_label, other_key, second_rel_type,
          other_direction):  # fmt: skip
    firsts = _named(G, entity_label, entity_key, entity)
    seconds = _named(G, other_label, other_key, other)
    near_first = {b for a in firsts for b, _ in _linked(G, a, rel_type, direction)}
    near_second = {b for c in seconds for b, _ in _linked(G, c, second_rel_type, other_direction)}
    return bool((near_first & near_second) - set(firsts) - set(seconds))
