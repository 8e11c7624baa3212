# task: largest_mutual_group
# aliases: largest group that can all reach each other, largest strongly connected component
# parameters: label, rel_type
# directed: any
# weighted: any
# output: number
# complexity: O(V + E)
# description: the size of the largest group of nodes of a label that can all reach each other along one relationship
# description: type
# verified: tested
import networkx as nx

from cypher_templates.networkx._property_graph import _has


def solve(G, label, rel_type):
    view = nx.DiGraph()
    view.add_nodes_from(n for n, d in G.nodes(data=True) if _has(d, label))
    view.add_edges_from(
        (u, v) for u, v, d in G.edges(data=True) if d.get("type") == rel_type and u in view and v in view
    )
    return max((len(c) for c in nx.strongly_connected_components(view)), default=0)
