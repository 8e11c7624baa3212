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
from cypher_templates.networkx._property_graph import _named


def solve(G, entity, entity_label, entity_key, property, other, other_label, other_key, other_property):
    firsts = [G.nodes[a].get(property) for a in _named(G, entity_label, entity_key, entity)]
    seconds = [G.nodes[b].get(other_property) for b in _named(G, other_label, other_key, other)]
    firsts, seconds = [v for v in firsts if v is not None], [v for v in seconds if v is not None]
    if not firsts or not seconds:
        return None
    return abs(firsts[0] - seconds[0])
