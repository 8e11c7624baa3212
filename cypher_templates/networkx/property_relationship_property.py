# task: relationship_property
# aliases: property of the relationship between two named nodes
# parameters: source, source_label, source_key, target, target_label, target_key, rel_type, property
# directed: any
# weighted: any
# output: value
# complexity: O(V + degree)
# description: the values of a property of the relationships from one named node to another
# verified: tested


def _has(data, label):
    return data.get("label") == label or label in data.get("labels", ())


def _named(G, label, key, value):
    """The nodes of ``label`` whose property ``key`` equals ``value`` (a name may fit several)."""
    return [n for n, d in G.nodes(data=True) if _has(d, label) and d.get(key) == value]


def _linked(G, node, rel_type, direction):
    """(other end, relationship attributes) of each ``rel_type`` relationship at ``node`` in ``direction``."""
    if direction in ("out", "any"):
        for _, other, data in G.out_edges(node, data=True):
            if data.get("type") == rel_type:
                yield other, data
    if direction in ("in", "any"):
        for other, _, data in G.in_edges(node, data=True):
            if data.get("type") == rel_type:
                yield other, data


def solve(G, source, source_label, source_key, target, target_label, target_key, rel_type, property):
    targets = set(_named(G, target_label, target_key, target))
    values = [
        data.get(property)
        for s in _named(G, source_label, source_key, source)
        for other, data in _linked(G, s, rel_type, "out")
        if other in targets
    ]
    return sorted({v for v in values if v is not None and not isinstance(v, (list, dict))}, key=str)
