# task: both_relationships
# aliases: nodes with two kinds of relationship to the same node
# parameters: rel_type, second_rel_type, returns
# directed: any
# weighted: any
# output: list
# complexity: O(E)
# description: the nodes that have relationships of both types to one and the same node
# verified: tested
from cypher_templates.networkx._property_graph import _names


def solve(G, rel_type, second_rel_type, returns):
    first = {(u, v) for u, v, d in G.edges(data=True) if d.get("type") == rel_type}
    second = {(u, v) for u, v, d in G.edges(data=True) if d.get("type") == second_rel_type}
    return _names(G, {u for u, _ in first & second}, returns)
