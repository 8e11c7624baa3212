# task: connection_path
# aliases: route between named nodes
# parameters: source, source_label, source_key, target, target_label, target_key, path_types, path_direction
# parameters: source_shown, displays, target_shown
# directed: any
# weighted: any
# output: list
# complexity: O(V + E) per source node
# description: the nodes of one shortest path between the two named nodes ([] when none)
# verified: tested
import networkx as nx


def _has(data, label):
    return data.get("label") == label or label in data.get("labels", ())


def _named(G, label, key, value):
    """The nodes of ``label`` whose property ``key`` equals ``value`` (a name may fit several)."""
    return [n for n, d in G.nodes(data=True) if _has(d, label) and d.get(key) == value]


def _view(G, path_types, path_direction):
    """The graph a connection follows: the relationship types given (all when none), directed or not."""
    keep = [(u, v) for u, v, d in G.edges(data=True) if not path_types or d.get("type") in path_types]
    view = nx.DiGraph() if path_direction == "out" else nx.Graph()
    view.add_nodes_from(G)
    view.add_edges_from(keep)
    return view


def _hops(view, sources, targets):
    """The fewest steps from any of ``sources`` to any of ``targets`` (a node to itself excluded), or None."""
    best = None
    for s in sources:
        lengths = nx.single_source_shortest_path_length(view, s)
        for t in targets:
            if t != s and t in lengths and (best is None or lengths[t] < best):
                best = lengths[t]
    return best


def _shown(G, node, keys):
    """The first of the properties ``keys`` that the node has (how the answer names it)."""
    data = G.nodes[node]
    return next((data[k] for k in keys if data.get(k) is not None), None)


def solve(
    G,
    source,
    source_label,
    source_key,
    target,
    target_label,
    target_key,
    path_types,
    path_direction,
    source_shown,
    displays,
    target_shown,
):
    view = _view(G, path_types, path_direction)
    best = None
    for s in _named(G, source_label, source_key, source):
        for t in _named(G, target_label, target_key, target):
            if s != t and nx.has_path(view, s, t):
                path = nx.shortest_path(view, s, t)
                if best is None or len(path) < len(best):
                    best = path
    if best is None:
        return []
    middle = [_shown(G, n, displays) for n in best[1:-1]]
    return [_shown(G, best[0], source_shown), *middle, _shown(G, best[-1], target_shown)]
