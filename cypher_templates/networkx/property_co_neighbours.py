# task: co_neighbours
# aliases: co-actors, nodes sharing a neighbour with a named node
# parameters: entity, entity_label, entity_key, rel_type, direction, back, returns
# directed: any
# weighted: any
# output: list
# complexity: O(V + degree squared)
# description: the other nodes linked to some node the named node is linked to, by the same relationship type
# verified: tested
from cypher_templates.networkx._property_graph import _linked, _named, _names


def solve(G, entity, entity_label, entity_key, rel_type, direction, back, returns):
    named = _named(G, entity_label, entity_key, entity)
    found = set()
    for a in named:
        for m, _ in _linked(G, a, rel_type, direction):
            found |= {b for b, _ in _linked(G, m, rel_type, back) if b != a}
    return _names(G, found, returns)
