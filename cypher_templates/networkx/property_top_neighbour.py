# task: top_neighbour_by_property
# aliases: oldest, largest, longest related node
# parameters: entity, entity_label, entity_key, rel_type, direction, on, property, order, returns
# directed: any
# weighted: any
# output: list
# complexity: O(V + degree)
# description: the linked node(s) with the highest (or lowest) value of a property, ties kept
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


def solve(G, entity, entity_label, entity_key, rel_type, direction, on, property, order, returns):
    rows = [
        (b, data.get(property) if on == "r" else G.nodes[b].get(property))
        for a in _named(G, entity_label, entity_key, entity)
        for b, data in _linked(G, a, rel_type, direction)
    ]
    rows = [(b, v) for b, v in rows if v is not None]
    if not rows:
        return []
    best = (min if order == "lowest" else max)(v for _, v in rows)
    return _names(G, {b for b, v in rows if v == best}, returns)
