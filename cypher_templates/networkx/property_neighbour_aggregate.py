# task: neighbour_aggregate
# aliases: average, total, minimum, maximum, median, range or distinct values over related nodes
# parameters: entity, entity_label, entity_key, rel_type, direction, on, property, aggregate
# directed: any
# weighted: any
# output: number
# complexity: O(V + degree)
# description: an aggregate of a property over the relationships (or nodes) linked to the named node
# verified: tested
from cypher_templates.networkx._property_graph import _aggregate, _linked, _named


def solve(G, entity, entity_label, entity_key, rel_type, direction, on, property, aggregate):
    values = [
        data.get(property) if on == "r" else G.nodes[b].get(property)
        for a in _named(G, entity_label, entity_key, entity)
        for b, data in _linked(G, a, rel_type, direction)
    ]
    return _aggregate(values, aggregate)
