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

from cypher_templates.networkx._property_graph import _named, _shown, _view


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
