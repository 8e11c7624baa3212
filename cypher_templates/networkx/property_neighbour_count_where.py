# task: neighbour_count_where
# aliases: how many related nodes pass a filter
# parameters: entity, entity_label, entity_key, rel_type, direction, on, property, op, threshold
# directed: any
# weighted: any
# output: number
# complexity: O(V + degree)
# description: how many nodes linked to the named node have a relationship (or own) property comparing to a value
# verified: tested
from cypher_templates.networkx._property_graph import _compare, _linked, _named


def solve(G, entity, entity_label, entity_key, rel_type, direction, on, property, op, threshold):
    found = set()
    for a in _named(G, entity_label, entity_key, entity):
        for b, data in _linked(G, a, rel_type, direction):
            v = data.get(property) if on == "r" else G.nodes[b].get(property)
            if _compare(v, op, threshold):
                found.add(b)
    return len(found)
