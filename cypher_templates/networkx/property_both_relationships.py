# task: both_relationships
# aliases: nodes with two kinds of relationship to the same node
# parameters: rel_type, second_rel_type, returns
# directed: any
# weighted: any
# output: list
# complexity: O(E)
# description: the nodes that have relationships of both types to one and the same node
# verified: tested


def _shown(G, node, keys):
    """The first of the properties ``keys`` that the node has (how the answer names it)."""
    data = G.nodes[node]
    return next((data[k] for k in keys if data.get(k) is not None), None)


def _names(G, nodes, keys):
    return sorted({s for s in (_shown(G, n, keys) for n in nodes) if s is not None}, key=str)


def solve(G, rel_type, second_rel_type, returns):
    first = {(u, v) for u, v, d in G.edges(data=True) if d.get("type") == rel_type}
    second = {(u, v) for u, v, d in G.edges(data=True) if d.get("type") == second_rel_type}
    return _names(G, {u for u, _ in first & second}, returns)
