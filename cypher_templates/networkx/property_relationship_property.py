# task: relationship_property
# aliases: property of the relationship between two named nodes
# parameters: source, source_label, source_key, target, target_label, target_key, rel_type, property
# directed: any
# weighted: any
# output: value
# complexity: O(V + degree)
# description: the values of a property of the relationships from one named node to another
# verified: tested
from cypher_templates.networkx._property_graph import _linked, _named


def solve(G, source, source_label, source_key, target, target_label, target_key, rel_type, property):
    targets = set(_named(G, target_label, target_key, target))
    values = [
        data.get(property)
        for s in _named(G, source_label, source_key, source)
        for other, data in _linked(G, s, rel_type, "out")
        if other in targets
    ]
    # A list kept on a relationship (the roles of ACTED_IN) is one value, as Cypher's collect(DISTINCT r.roles)
    # gives it: the list, not nothing.
    kept = {tuple(v) if isinstance(v, list) else v for v in values if v is not None and not isinstance(v, dict)}
    return sorted((list(v) if isinstance(v, tuple) else v for v in kept), key=str)
