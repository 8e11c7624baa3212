# task: connection_weight
# aliases: shortest total distance, cheapest total cost, quickest total time between named nodes
# parameters: source, source_label, source_key, target, target_label, target_key, path_types, path_direction, property
# directed: any
# weighted: yes
# output: number
# complexity: O((V + E) log V) per source node (Dijkstra)
# description: the smallest total of a relationship property over a path between the two named nodes (None when
# description: none); relationships without a number in it are not followed, and of parallel ones the smallest counts
# verified: tested
import networkx as nx

from cypher_templates.networkx._property_graph import _named


def solve(G, source, source_label, source_key, target, target_label, target_key, path_types, path_direction, property):
    view = nx.DiGraph() if path_direction == "out" else nx.Graph()
    view.add_nodes_from(G)
    for u, v, d in G.edges(data=True):
        w = d.get(property)
        if (path_types and d.get("type") not in path_types) or isinstance(w, bool) or not isinstance(w, (int, float)):
            continue
        if not view.has_edge(u, v) or w < view[u][v]["w"]:
            view.add_edge(u, v, w=w)
    best = None
    targets = _named(G, target_label, target_key, target)
    for s in _named(G, source_label, source_key, source):
        lengths = nx.single_source_dijkstra_path_length(view, s, weight="w")
        for t in targets:
            if t != s and t in lengths and (best is None or lengths[t] < best):
                best = lengths[t]
    return best
