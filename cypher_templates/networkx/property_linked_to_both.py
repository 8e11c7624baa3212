# task: linked_to_both
# aliases: nodes linked to one named node by one type and to another by a second type
# parameters: entity, entity_label, entity_key, rel_type, direction, other, other_label, other_key
# parameters: second_rel_type, other_direction, returns
# directed: any
# weighted: any
# output: list
# complexity: O(V + degree)
# description: the nodes linked to the named node by one relationship type and to the second named node by another
# verified: tested
from cypher_templates.networkx._property_graph import _meeting, _names


def solve(G, entity, entity_label, entity_key, rel_type, direction, other, other_label, other_key, second_rel_type,
          other_direction, returns):  # fmt: skip
    found = _meeting(
        G, entity, entity_label, entity_key, rel_type, direction, other, other_label, other_key, second_rel_type,
        other_direction,
    )  # fmt: skip
    return _names(G, found, returns)
