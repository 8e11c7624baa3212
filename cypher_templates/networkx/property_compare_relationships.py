# task: compare_relationships
# aliases: which of two relationships of a named node is longer, shorter, dearer
# parameters: entity, entity_label, entity_key, rel_type, direction, other, other_label, other_key
# parameters: third, third_label, third_key, property, order, returns
# directed: any
# weighted: any
# output: list
# complexity: O(V + degree)
# description: of the relationships between the named node and two other named nodes, the far end(s) whose
# description: relationship has the higher (or lower) value of a property; none when either has no such value
# verified: tested
from cypher_templates.networkx._property_graph import _linked, _named, _names


def solve(G, entity, entity_label, entity_key, rel_type, direction, other, other_label, other_key,
          third, third_label, third_key, property, order, returns):  # fmt: skip
    pick = min if order == "lowest" else max

    def values(label, key, name):
        """The far ends named ``name`` and the lowest (or highest) value of their relationships."""
        ends, found = set(_named(G, label, key, name)), {}
        for a in _named(G, entity_label, entity_key, entity):
            for b, data in _linked(G, a, rel_type, direction):
                if b in ends and data.get(property) is not None:
                    found.setdefault(b, []).append(data[property])
        return {b: pick(v) for b, v in found.items()}

    winners = set()
    for b, vb in values(other_label, other_key, other).items():
        for c, vc in values(third_label, third_key, third).items():
            if (vb <= vc) if order == "lowest" else (vb >= vc):
                winners.add(b)
            if (vc <= vb) if order == "lowest" else (vc >= vb):
                winners.add(c)
    return _names(G, winners, returns)
