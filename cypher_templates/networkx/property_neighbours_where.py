# task: neighbours_where
# aliases: related nodes filtered by a property
# parameters: entity, entity_label, entity_key, rel_type, direction, on, property, op, threshold, returns
# directed: any
# weighted: any
# output: list
# complexity: O(V + degree)
# description: the nodes linked to the named node whose relationship (or own) property compares to a value
# verified: tested
from cypher_templates.networkx._property_graph import _compare, _linked, _named, _names


def solve(G, entity, entity_label, entity_key, rel_type, direction, on, property, op, threshold, returns):
    found = set()
    for a in _named(G, entity_label, entity_key, entity):
        for b, data in _linked(G, a, rel_type, direction):
            v = data.get(property) if on == "r" else G.nodes[b].get(property)
            if _compare(v, op, threshold):
                found.add(b)
    return _names(G, found, returns)
