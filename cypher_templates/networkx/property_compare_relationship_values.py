# task: compare_relationship_values
# aliases: is one relationship of a named node longer, shorter or dearer than another
# parameters: entity, entity_label, entity_key, rel_type, direction, other, other_label, other_key
# parameters: third, third_label, third_key, property, comparison
# directed: any
# weighted: any
# output: yes/no
# complexity: O(V + degree)
# description: whether the property of the relationship between the named node and a second named node is
# description: higher, lower or the same as that of its relationship with a third (no answer when either has none)
# verified: tested
from cypher_templates.networkx._property_graph import _linked, _named


def solve(G, entity, entity_label, entity_key, rel_type, direction, other, other_label, other_key,
          third, third_label, third_key, property, comparison):  # fmt: skip
    def value(label, key, name):
        ends = set(_named(G, label, key, name))
        found = [
            data[property]
            for a in _named(G, entity_label, entity_key, entity)
            for b, data in _linked(G, a, rel_type, direction)
            if b in ends and data.get(property) is not None
        ]
        return min(found) if found else None

    vb, vc = value(other_label, other_key, other), value(third_label, third_key, third)
    if vb is None or vc is None:
        return None
    return vb > vc if comparison == "higher" else vb < vc if comparison == "lower" else vb == vc
