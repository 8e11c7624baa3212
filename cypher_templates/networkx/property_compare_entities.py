# task: compare_entities
# aliases: which of two named nodes is older, newer, larger, further north
# parameters: entity, entity_label, entity_key, other, other_label, other_key, property, order, returns
# directed: any
# weighted: any
# output: list
# complexity: O(V)
# description: of two named nodes, the one(s) with the higher (or lower) value of a property; none when either lacks it
# verified: tested
from cypher_templates.networkx._property_graph import _named, _names


def solve(G, entity, entity_label, entity_key, other, other_label, other_key, property, order, returns):
    def valued(label, key, value):
        rows = [(n, G.nodes[n].get(property)) for n in _named(G, label, key, value)]
        return [(n, v) for n, v in rows if v is not None]

    winners = set()
    for a, va in valued(entity_label, entity_key, entity):
        for b, vb in valued(other_label, other_key, other):
            if (va <= vb) if order == "lowest" else (va >= vb):
                winners.add(a)
            if (vb <= va) if order == "lowest" else (vb >= va):
                winners.add(b)
    return _names(G, winners, returns)
