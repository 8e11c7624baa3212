# task: relationship_exists
# aliases: is there a relationship between two named nodes
# parameters: source, source_label, source_key, target, target_label, target_key, rel_type
# directed: any
# weighted: any
# output: yes/no
# complexity: O(V + degree)
# description: whether a relationship of the type leads from one named node to the other
# verified: tested
from cypher_templates.networkx._property_graph import _linked, _named


def solve(G, source, source_label, source_key, target, target_label, target_key, rel_type):
    targets = set(_named(G, target_label, target_key, target))
    return any(
        other in targets
        for s in _named(G, source_label, source_key, source)
        for other, _ in _linked(G, s, rel_type, "out")
    )
