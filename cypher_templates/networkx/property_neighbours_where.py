# task: neighbours_where
# aliases: related nodes filtered by a property
# parameters: entity, entity_label, entity_key, rel_type, direction, on, property, op, threshold, returns
# directed: any
# weighted: any
# output: list
# complexity: O(V + degree)
# description: the nodes linked to the named node whose relationship (or own) property compares to a value
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


def _shown(G, node, keys):
    """The first of the properties ``keys`` that the node has (how the answer names it)."""
    data = G.nodes[node]
    return next((data[k] for k in keys if data.get(k) is not None), None)


def _names(G, nodes, keys):
    return sorted({s for s in (_shown(G, n, keys) for n in nodes) if s is not None}, key=str)


def _compare(v, op, threshold):
    """Whether the number ``v`` compares to ``threshold`` as ``op`` says (anything else never does)."""
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        return False
    if op == ">":
        return v > threshold
    if op == ">=":
        return v >= threshold
    if op == "<":
        return v < threshold
    if op == "<=":
        return v <= threshold
    return v == threshold


def solve(G, entity, entity_label, entity_key, rel_type, direction, on, property, op, threshold, returns):
    found = set()
    for a in _named(G, entity_label, entity_key, entity):
        for b, data in _linked(G, a, rel_type, direction):
            v = data.get(property) if on == "r" else G.nodes[b].get(property)
            if _compare(v, op, threshold):
                found.add(b)
    return _names(G, found, returns)
