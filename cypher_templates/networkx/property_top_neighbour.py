# task: top_neighbour_by_property
# aliases: oldest, largest, longest related node
# parameters: entity, entity_label, entity_key, rel_type, direction, on, property, order, returns
# directed: any
# weighted: any
# output: list
# complexity: O(V + degree)
# description: the linked node(s) with the highest (or lowest) value of a property, ties kept
# verified: tested
from cypher_templates.networkx._property_graph import _linked, _named, _names


def solve(G, entity, entity_label, entity_key, rel_type, direction, on, property, order, returns):
    rows = [
        (b, data.get(property) if on == "r" else G.nodes[b].get(property))
        for a in _named(G, entity_label, entity_key, entity)
        for b, data in _linked(G, a, rel_type, direction)
    ]
    rows = [(b, v) for b, v in rows if v is not None]
    if not rows:
        return []
    best = (min if order == "lowest" else max)(v for _, v in rows)
    return _names(G, {b for b, v in rows if v == best}, returns)
