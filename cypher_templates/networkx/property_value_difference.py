# task: value_difference
# aliases: how many years older, how old was one when the other came out, how much higher
# parameters: entity, entity_label, entity_key, property, other, other_label, other_key, other_property
# directed: any
# weighted: any
# output: value
# complexity: O(V)
# description: how far apart a property of the named node and a property of the second named node are
# description: (the larger minus the smaller; no answer when either has no value)
# verified: tested
from cypher_templates.networkx._property_graph import _values


def solve(G, entity, entity_label, entity_key, property, other, other_label, other_key, other_property):
    firsts = _values(G, entity_label, entity_key, entity, property)
    seconds = _values(G, other_label, other_key, other, other_property)
    if not firsts or not seconds:
        return None
    return abs(firsts[0] - seconds[0])
