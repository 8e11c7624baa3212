# task: top_neighbour_by_degree
# aliases: most connected related node, busiest of them
# parameters: entity, entity_label, entity_key, rel_type, direction, second_rel_type, second_direction, order, returns
# directed: any
# weighted: any
# output: list
# complexity: O(V + degree times the far ends' degree)
# description: of the nodes linked to the named node, the one(s) with the most (or fewest) relationships of a
# description: second type, ties kept
# verified: tested
from cypher_templates.networkx._property_graph import _linked, _named, _names


def solve(G, entity, entity_label, entity_key, rel_type, direction, second_rel_type, second_direction, order, returns):
    linked = {b for a in _named(G, entity_label, entity_key, entity) for b, _ in _linked(G, a, rel_type, direction)}
    if not linked:
        return []
    counts = {b: sum(1 for _ in _linked(G, b, second_rel_type, second_direction)) for b in linked}
    best = (min if order == "lowest" else max)(counts.values())
    return _names(G, [b for b, n in counts.items() if n == best], returns)
