# task: common_neighbour_count
# aliases: how many nodes both named nodes are linked to
# parameters: entity, entity_label, entity_key, other, other_label, other_key, rel_type, direction
# directed: any
# weighted: any
# output: number
# complexity: O(V + degree)
# description: how many distinct nodes are linked to both named nodes by the relationship type, in the same direction
# verified: tested
from cypher_templates.networkx._property_graph import _shared


def solve(G, entity, entity_label, entity_key, other, other_label, other_key, rel_type, direction):
    return len(_shared(G, entity, entity_label, entity_key, other, other_label, other_key, rel_type, direction))
