# task: aggregate_property
# aliases: average, total, minimum or maximum of a property
# parameters: label, property, aggregate
# directed: any
# weighted: any
# output: number
# complexity: O(V)
# description: an aggregate of a property over all nodes of a label
# verified: tested


def _has(data, label):
    return data.get("label") == label or label in data.get("labels", ())


def _aggregate(values, aggregate):
    values = [v for v in values if v is not None]
    if not values:
        return None
    if aggregate == "avg":
        return sum(values) / len(values)
    return float({"sum": sum, "min": min}.get(aggregate, max)(values))


def solve(G, label, property, aggregate):
    return _aggregate([d.get(property) for _, d in G.nodes(data=True) if _has(d, label)], aggregate)
