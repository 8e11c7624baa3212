# task: count_by_degree
# aliases: how many nodes have more than k relationships
# parameters: label, rel_type, direction, op, threshold
# directed: any
# weighted: any
# output: number
# complexity: O(V + E)
# description: how many nodes of a label have a number of relationships of one type that compares to a value
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


def solve(G, label, rel_type, direction, op, threshold):
    return sum(1 for k in _degrees(G, label, rel_type, direction).values() if _compare(k, op, threshold))
