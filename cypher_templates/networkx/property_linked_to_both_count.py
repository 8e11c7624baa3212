# task: linked_to_both_count
# aliases: how many nodes linked to one named node by one type and to another by a second type
# parameters: entity, entity_label, entity_key, rel_type, direction, other, other_label, other_key
# parameters: second_rel_type, other_direction
# directed: any
# weighted: any
# output: number
# complexity: O(V + degree)
# description: how many distinct nodes are linked to the named node by one type and to the second named node by another
# verified: tested
from cypher_templates.networkx._property_graph import _meeting


def solve(G, entity, entity_label, entity_key, rel_type, direction, other, other_label, other_key, second_rel_type,
          other_direction):  # fmt: skip
    found = _meeting(
        G, entity, entity_label, entity_key, rel_type, direction, other, other_label, other_key, second_rel_type,
        other_direction,
    )  # fmt: skip
    return len(found)
