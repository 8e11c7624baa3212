# task: count_where
# aliases: how many nodes have a property above or below a value
# parameters: label, property, op, value
# directed: any
# weighted: any
# output: number
# complexity: O(V)
# description: how many nodes of a label have a property that compares to a value
# verified: tested


def _has(data, label):
    return data.get("label") == label or label in data.get("labels", ())


def _compare(v, op, value):
    if v is None or isinstance(v, (list, dict)):
        return False
    return {">": v > value, ">=": v >= value, "<": v < value, "<=": v <= value}.get(op, v == value)


def solve(G, label, property, op, value):
    return sum(1 for _, d in G.nodes(data=True) if _has(d, label) and _compare(d.get(property), op, value))
