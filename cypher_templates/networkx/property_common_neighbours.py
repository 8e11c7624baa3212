# task: common_neighbours
# aliases: nodes linked to both named nodes
# parameters: entity, entity_label, entity_key, other, other_label, other_key, rel_type, direction, returns
# directed: any
# weighted: any
# output: list
# complexity: O(V + degree)
# description: the nodes linked to both named nodes by the relationship type, in the same direction
# verified: tested
from cypher_templates.networkx._property_graph import _names, _shared


def solve(G, entity, entity_label, entity_key, other, other_label, other_key, rel_type, direction, returns):
    found = _shared(G, entity, entity_label, entity_key, other, other_label, other_key, rel_type, direction)
    return _names(G, found, returns)
