# task: top_two_hop
# aliases: worked with most often, most frequent collaborator
# parameters: entity, entity_label, entity_key, rel_type, direction, second_rel_type, second_direction, returns
# directed: any
# weighted: any
# output: list
# complexity: O(V + degree squared)
# description: the nodes two steps from the named node (itself left out) through the most different middle
# description: nodes, ties kept
# verified: tested
from cypher_templates.networkx._property_graph import _linked, _named, _names


def solve(G, entity, entity_label, entity_key, rel_type, direction, second_rel_type, second_direction, returns):
    named = set(_named(G, entity_label, entity_key, entity))
    middles = {}
    for a in named:
        for m, _ in _linked(G, a, rel_type, direction):
            for b, _ in _linked(G, m, second_rel_type, second_direction):
                if b not in named:
                    middles.setdefault(b, set()).add(m)
    if not middles:
        return []
    most = max(len(through) for through in middles.values())
    return _names(G, [b for b, through in middles.items() if len(through) == most], returns)
