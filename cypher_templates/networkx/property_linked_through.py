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
from cypher_templates.networkx._property_graph import _meeting


def solve(G, entity, entity_label, entity_key, rel_type, direction, other, other_label, other_key, second_rel_type,
          other_direction):  # fmt: skip
    found = _meeting(
        G, entity, entity_label, entity_key, rel_type, direction, other, other_label, other_key, second_rel_type,
        other_direction,
    )  # fmt: skip
    return bool(found)
