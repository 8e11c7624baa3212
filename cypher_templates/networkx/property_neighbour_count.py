# task: neighbour_count
# aliases: how many related nodes
# parameters: entity, entity_label, entity_key, rel_type, direction
# directed: any
# weighted: any
# output: number
# complexity: O(V + degree)
# description: how many distinct nodes are linked to the named node by relationships of one type, in one direction
# verified: tested
from cypher_templates.networkx._property_graph import _linked, _named


def solve(G, entity, entity_label, entity_key, rel_type, direction):
    return len({b for a in _named(G, entity_label, entity_key, entity) for b, _ in _linked(G, a, rel_type, direction)})
