# task: top_by_property
# aliases: oldest, youngest, newest, highest, furthest north; the extreme node of a label
# parameters: label, property, order, returns
# directed: any
# weighted: any
# output: list
# complexity: O(V)
# description: the node(s) of a label with the highest (or lowest) value of a property, ties kept, missing never wins
# verified: tested
from cypher_templates.networkx._property_graph import _has, _names


def solve(G, label, property, order, returns):
    rows = [(n, d.get(property)) for n, d in G.nodes(data=True) if _has(d, label)]
    rows = [(n, v) for n, v in rows if v is not None]
    if not rows:
        return []
    best = (min if order == "lowest" else max)(v for _, v in rows)
    return _names(G, [n for n, v in rows if v == best], returns)
