# task: bridge_count
# aliases: none
# parameters: none
# directed: no
# weighted: any
# output: number
# complexity: O(V + E) (chain decomposition)
# description: the number of bridges: edges whose removal leaves more connected components
# verified: tested
import networkx as nx


def solve(G):
    """Bridges of an undirected graph; with parallel edges an edge is no bridge."""
    if G.is_multigraph():
        simple = nx.Graph()
        simple.add_nodes_from(G)
        multiplicity = {}
        for u, v in G.edges():
            key = frozenset((u, v))
            multiplicity[key] = multiplicity.get(key, 0) + 1
            simple.add_edge(u, v)
        return sum(1 for u, v in nx.bridges(simple) if multiplicity[frozenset((u, v))] == 1)
    return sum(1 for _ in nx.bridges(G))
