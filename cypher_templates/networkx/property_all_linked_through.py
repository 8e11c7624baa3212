# task: all_linked_through
# aliases: whether every node one named node is linked to is also linked to another, did she write all he directed
# parameters: entity, entity_label, entity_key, rel_type, direction, other, other_label, other_key
# parameters: second_rel_type, other_direction
# directed: any
# weighted: any
# output: yes/no
# complexity: O(V + degree)
# description: whether every node linked to the named node by one relationship type is also linked to the second
# description: named node (which may be the same) by another; no answer when the first links to none
# verified: tested
from cypher_templates.networkx._property_graph import _linked, _named


def solve(G, entity, entity_label, entity_key, rel_type, direction, other, other_label, other_key, second_rel_type,
          other_direction):  # fmt: skip
    reached = {b for a in _named(G, entity_label, entity_key, entity) for b, _ in _linked(G, a, rel_type, direction)}
    if not reached:
        return None
    linked = {
        b for c in _named(G, other_label, other_key, other) for b, _ in _linked(G, c, second_rel_type, other_direction)
    }
    return reached <= linked
