# task: connection_length
# aliases: degrees of separation, fewest steps between named nodes
# parameters: source, source_label, source_key, target, target_label, target_key, path_types, path_direction
# directed: any
# weighted: any
# output: number
# complexity: O(V + E) per source node
# description: the fewest relationships on a path between the two named nodes (None when none)
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


def solve(G, source, source_label, source_key, target, target_label, target_key, path_types, path_direction):
    view = _view(G, path_types, path_direction)
    return _hops(view, _named(G, source_label, source_key, source), _named(G, target_label, target_key, target))
