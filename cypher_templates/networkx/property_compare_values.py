# task: compare_values
# aliases: is one named node older, larger or further north than another
# parameters: entity, entity_label, entity_key, other, other_label, other_key, property, comparison
# directed: any
# weighted: any
# output: yes/no
# complexity: O(V)
# description: whether the property of the named node is higher, lower or the same as the second named node's
# description: (no answer when either has no value)
# verified: tested
from cypher_templates.networkx._property_graph import _values


def solve(G, entity, entity_label, entity_key, other, other_label, other_key, property, comparison):
    firsts = _values(G, entity_label, entity_key, entity, property)
    seconds = _values(G, other_label, other_key, other, property)
    if not firsts or not seconds:
        return None
    va, vb = firsts[0], seconds[0]
    return va > vb if comparison == "higher" else va < vb if comparison == "lower" else va == vb
