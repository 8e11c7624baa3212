# task: all_neighbours_where
# aliases: do all related nodes pass a filter, is every one of them above or below a number
# parameters: entity, entity_label, entity_key, rel_type, direction, on, property, op, threshold
# directed: any
# weighted: any
# output: yes/no
# complexity: O(V + degree)
# description: whether every relationship of one type of the named node (or every node it links to) has a property
# description: comparing to a value; a missing value does not pass; no answer when there is none
# verified: tested
from cypher_templates.networkx._property_graph import _compare, _linked, _named


def solve(G, entity, entity_label, entity_key, rel_type, direction, on, property, op, threshold):
    values = [
        data.get(property) if on == "r" else G.nodes[b].get(property)
        for a in _named(G, entity_label, entity_key, entity)
        for b, data in _linked(G, a, rel_type, direction)
    ]
    if not values:
        return None
    return all(_compare(v, op, threshold) for v in values)
