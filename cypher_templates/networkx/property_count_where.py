# task: count_where
# aliases: how many nodes have a property above or below a value
# parameters: label, property, op, threshold
# directed: any
# weighted: any
# output: number
# complexity: O(V)
# description: how many nodes of a label have a property that compares to a value
# verified: tested


def _has(data, label):
    return data.get("label") == label or label in data.get("labels", ())


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


def solve(G, label, property, op, threshold):
    return sum(1 for _, d in G.nodes(data=True) if _has(d, label) and _compare(d.get(property), op, threshold))
