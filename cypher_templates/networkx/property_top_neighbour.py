# task: top_neighbour_by_property
# aliases: oldest, largest, longest related node
# parameters: entity, entity_label, entity_key, rel_type, direction, on, property, order, limit, returns
# directed: any
# weighted: any
# output: list
# complexity: O(V + degree)
# description: the linked node(s) with the highest (or lowest) value of a property, or the top limit of them, ties kept
# verified: tested
from cypher_templates.networkx._property_graph import _linked, _named, _names, _top


def solve(G, entity, entity_label, entity_key, rel_type, direction, on, property, order, limit, returns):
    rows = [
        (b, data.get(property) if on == "r" else G.nodes[b].get(property))
        for a in _named(G, entity_label, entity_key, entity)
        for b, data in _linked(G, a, rel_type, direction)
    ]
    return _names(G, set(_top(rows, order, limit)), returns)
