# task: component_members
# aliases: nodes in the same connected group as a named node
# parameters: entity, entity_label, entity_key, label, returns
# directed: any
# weighted: any
# output: list
# complexity: O(V + E)
# description: the nodes of a label in the connected component (relationships in either direction) of the named node
# verified: tested
import networkx as nx

from cypher_templates.networkx._property_graph import _has, _named, _names


def solve(G, entity, entity_label, entity_key, label, returns):
    undirected = G.to_undirected(as_view=True)
    members = set()
    for a in _named(G, entity_label, entity_key, entity):
        members |= nx.node_connected_component(undirected, a)
    return _names(G, [n for n in members if _has(G.nodes[n], label)], returns)
