# task: relationship_exists
# aliases: is there a relationship between two named nodes
# parameters: source, source_label, source_key, target, target_label, target_key, rel_type
# directed: any
# weighted: any
# output: yes/no
# complexity: O(V + degree)
# description: whether a relationship of the type leads from one named node to the other
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


def solve(G, source, source_label, source_key, target, target_label, target_key, rel_type):
    targets = set(_named(G, target_label, target_key, target))
    return any(
        other in targets
        for s in _named(G, source_label, source_key, source)
        for other, _ in _linked(G, s, rel_type, "out")
    )
