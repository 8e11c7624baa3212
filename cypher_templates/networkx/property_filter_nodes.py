# task: filter_nodes
# aliases: nodes whose property is above or below a value
# parameters: label, property, op, value, returns
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


def _compare(v, op, value):
    if v is None or isinstance(v, (list, dict)):
        return False
    return {">": v > value, ">=": v >= value, "<": v < value, "<=": v <= value}.get(op, v == value)


def solve(G, label, property, op, value, returns):
    return _names(
        G, [n for n, d in G.nodes(data=True) if _has(d, label) and _compare(d.get(property), op, value)], returns
    )
