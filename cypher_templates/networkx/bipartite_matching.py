# task: maximum_matching
# aliases: bipartite matching, maximum bipartite matching, hopcroft karp, job assignment, assign applicants
# aliases: assignment
# parameters: none
# directed: any
# weighted: any
# output: number
# complexity: O(E sqrt(V)) (Hopcroft-Karp)
# description: the maximum matching size of a bipartite graph (falls back to the general algorithm otherwise)
# verified: tested
import networkx as nx


def solve(G):
    """Hopcroft-Karp per component; each component is two-coloured to find its sides."""
    H = nx.Graph(G.to_undirected())
    H.remove_edges_from(list(nx.selfloop_edges(H)))
    if not nx.is_bipartite(H):
        return len(nx.max_weight_matching(H, maxcardinality=True, weight=None))
    size = 0
    for nodes in nx.connected_components(H):
        part = H.subgraph(nodes)
        top = {u for u, side in nx.bipartite.color(part).items() if side == 0}
        size += len(nx.bipartite.hopcroft_karp_matching(part, top_nodes=top)) // 2
    return size
