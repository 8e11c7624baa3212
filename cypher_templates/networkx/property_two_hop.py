# task: two_hop_neighbours
# aliases: nodes two relationships away
# parameters: entity, entity_label, entity_key, rel_type, direction, second_rel_type, second_direction, returns
# directed: any
# weighted: any
# output: list
# complexity: O(V + degree squared)
# description: the nodes reached from the named node by one relationship type and then another
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


def solve(G, entity, entity_label, entity_key, rel_type, direction, second_rel_type, second_direction, returns):
    middle = {m for a in _named(G, entity_label, entity_key, entity) for m, _ in _linked(G, a, rel_type, direction)}
    return _names(G, {b for m in middle for b, _ in _linked(G, m, second_rel_type, second_direction)}, returns)
