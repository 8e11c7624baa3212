# task: euler_path
# aliases: eulerian path, euler path, euler trail, eulerian trail, every edge exactly once, draw without lifting
# parameters: none
# directed: any
# weighted: any
# output: yes/no
# complexity: O(V + E)
# description: whether a walk uses every edge exactly once (isolated nodes ignored)
# verified: tested
import networkx as nx


def solve(G):
    """Degree conditions plus connectivity of the part that has edges."""
    if G.number_of_edges() == 0:
        return True
    H = G.copy()
    H.remove_nodes_from([u for u in G if G.degree(u) == 0])
    return nx.has_eulerian_path(H)
