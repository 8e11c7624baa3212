# task: linked_but_not
# aliases: nodes linked to one named node by one type but not to another by a second type
# parameters: entity, entity_label, entity_key, rel_type, direction, other, other_label, other_key
# parameters: second_rel_type, other_direction, returns
# directed: any
# weighted: any
# output: list
# complexity: O(V + degree)
# description: the nodes linked to the named node by one relationship type and not to the second named node by another
# verified: tested
from cypher_templates.networkx._property_graph import _apart, _names


def solve(G, entity, entity_label, entity_key, rel_type, direction, other, other_label, other_key, second_rel_type,
          other_direction, returns):  # fmt: skip
    found = _apart(
        G, entity, entity_label, entity_key, rel_type, direction, other, other_label, other_key, second_rel_type,
        other_direction,
    )  # fmt: skip
    return _names(G, found, returns)
