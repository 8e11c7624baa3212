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


def _has(data, label):
    return data.get("label") == label or label in data.get("labels", ())


def _named(G, label, key, value):
    """The nodes of ``label`` whose property ``key`` equals ``value`` (a name may fit several)."""
    return [n for n, d in G.nodes(data=True) if _has(d, label) and d.get(key) == value]


def _shown(G, node, keys):
    """The first of the properties ``keys`` that the node has (how the answer names it)."""
    data = G.nodes[node]
    return next((data[k] for k in keys if data.get(k) is not None), None)


def _names(G, nodes, keys):
    return sorted({s for s in (_shown(G, n, keys) for n in nodes) if s is not None}, key=str)


def solve(G, entity, entity_label, entity_key, label, returns):
    undirected = G.to_undirected(as_view=True)
    members = set()
    for a in _named(G, entity_label, entity_key, entity):
        members |= nx.node_connected_component(undirected, a)
    return _names(G, [n for n in members if _has(G.nodes[n], label)], returns)
