# task: top_by_degree
# aliases: most connected, most relationships
# parameters: label, rel_type, direction, order, returns
# directed: any
# weighted: any
# output: list
# complexity: O(V + E)
# description: the node(s) of a label with the most (or fewest) relationships of one type, ties kept
# verified: tested


def _has(data, label):
    return data.get("label") == label or label in data.get("labels", ())


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


def _degrees(G, label, rel_type, direction):
    """node -> number of ``rel_type`` relationships in ``direction``, for every node of ``label``."""
    return {n: sum(1 for _ in _linked(G, n, rel_type, direction)) for n, d in G.nodes(data=True) if _has(d, label)}


def _shown(G, node, keys):
    """The first of the properties ``keys`` that the node has (how the answer names it)."""
    data = G.nodes[node]
    return next((data[k] for k in keys if data.get(k) is not None), None)


def _names(G, nodes, keys):
    return sorted({s for s in (_shown(G, n, keys) for n in nodes) if s is not None}, key=str)


def solve(G, label, rel_type, direction, order, returns):
    degrees = _degrees(G, label, rel_type, direction)
    if not degrees:
        return []
    best = (min if order == "lowest" else max)(degrees.values())
    return _names(G, [n for n, k in degrees.items() if k == best], returns)
