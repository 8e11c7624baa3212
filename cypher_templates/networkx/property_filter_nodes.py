# task: filter_nodes
# aliases: nodes whose property is above or below a value
# parameters: label, property, op, threshold, returns
# directed: any
# weighted: any
# output: list
# complexity: O(V)
# description: the nodes of a label whose property compares to a value
# verified: tested


def _has(data, label):
    return data.get("label") == label or label in data.get("labels", ())


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


def solve(G, label, property, op, threshold, returns):
    return _names(
        G, [n for n, d in G.nodes(data=True) if _has(d, label) and _compare(d.get(property), op, threshold)], returns
    )
