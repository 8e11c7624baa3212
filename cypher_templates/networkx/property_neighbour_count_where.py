# task: neighbour_count_where
# aliases: how many related nodes pass a filter
# parameters: entity, entity_label, entity_key, rel_type, direction, on, property, op, threshold
# directed: any
# weighted: any
# output: number
# complexity: O(V + degree)
# description: how many nodes linked to the named node have a relationship (or own) property comparing to a value
# verified: tested
from cypher_templates.networkx._property_graph import _passing


def solve(G, entity, entity_label, entity_key, rel_type, direction, on, property, op, threshold):
    return len(_passing(G, entity, entity_label, entity_key, rel_type, direction, on, property, op, threshold))
