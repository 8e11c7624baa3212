# task: most_common_value
# aliases: the commonest value, the value most nodes share, the group with the most (or fewest) members
# parameters: label, property, order
# directed: any
# weighted: any
# output: list
# complexity: O(V)
# description: the value(s) of a property shared by the most (or fewest) nodes of a label, ties kept,
# description: missing never counted
# verified: tested
from collections import Counter

from cypher_templates.networkx._property_graph import _has


def solve(G, label, property, order):
    counts = Counter(d[property] for _, d in G.nodes(data=True) if _has(d, label) and d.get(property) is not None)
    if not counts:
        return []
    best = (min if order == "lowest" else max)(counts.values())
    return sorted((v for v, n in counts.items() if n == best), key=str)
