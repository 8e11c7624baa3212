# task: strongly_connected_components
# aliases: strongly connected components, strongly connected, scc, number of strongly connected components
# aliases: strong components
# parameters: none
# directed: yes
# weighted: any
# output: number
# complexity: O(V + E)
# description: the number of strongly connected components of a directed graph
# verified: tested
import networkx as nx


def solve(G):
    """Tarjan-style count of strongly connected components."""
    return nx.number_strongly_connected_components(G)
