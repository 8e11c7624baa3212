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

from cypher_templates.networkx._property_graph import _hops, _named


def solve(G, source, source_label, source_key, target, target_label, target_key, path_types, path_direction, property):
    view = nx.DiGraph() if path_direction == "out" else nx.Graph()
    view.add_nodes_from(G)
    for u, v, d in G.edges(data=True):
        w = d.get(property)
        if (path_types and d.get("type") not in path_types) or isinstance(w, bool) or not isinstance(w, (int, float)):
            continue
        if not view.has_edge(u, v) or w < view[u][v]["w"]:
            view.add_edge(u, v, w=w)
    sources = _named(G, source_label, source_key, source)
    return _hops(view, sources, _named(G, target_label, target_key, target), weight="w")
