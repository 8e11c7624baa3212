# task: neighbour_aggregate
# aliases: average, total, minimum or maximum over related nodes
# parameters: entity, entity_label, entity_key, rel_type, direction, on, property, aggregate
# directed: any
# weighted: any
# output: number
# complexity: O(V + degree)
# description: an aggregate of a property over the relationships (or nodes) linked to the named node
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


def _aggregate(values, aggregate):
    values = [v for v in values if v is not None]
    if not values:
        return None
    if aggregate == "avg":
        return sum(values) / len(values)
    return float({"sum": sum, "min": min}.get(aggregate, max)(values))


def solve(G, entity, entity_label, entity_key, rel_type, direction, on, property, aggregate):
    values = [
        data.get(property) if on == "r" else G.nodes[b].get(property)
        for a in _named(G, entity_label, entity_key, entity)
        for b, data in _linked(G, a, rel_type, direction)
    ]
    return _aggregate(values, aggregate)
