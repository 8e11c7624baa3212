# task: common_neighbours
# aliases: nodes linked to both named nodes
# parameters: entity, entity_label, entity_key, other, other_label, other_key, rel_type, direction, returns
# directed: any
# weighted: any
# output: list
# complexity: O(V + degree)
# description: the nodes linked to both named nodes by the relationship type, in the same direction
# verified: tested
from cypher_templates.networkx._property_graph import _linked, _named, _names


def solve(G, entity, entity_label, entity_key, other, other_label, other_key, rel_type, direction, returns):
    firsts = _named(G, entity_label, entity_key, entity)
    seconds = _named(G, other_label, other_key, other)
    found = set()
    for a in firsts:
        for c in seconds:
            near_a = {b for b, _ in _linked(G, a, rel_type, direction)}
            found |= {b for b, _ in _linked(G, c, rel_type, direction) if b in near_a and b not in (a, c)}
    return _names(G, found, returns)
