# task: is_acyclic
# aliases: none
# parameters: none
# directed: any
# weighted: any
# output: yes/no
# complexity: O(V + E)
# description: whether the graph has no cycle: a DAG when directed, a forest when undirected (a self-loop is a cycle)
# verified: tested
import networkx as nx


def solve(G):
    """No directed cycle (directed graphs) or a forest (undirected; parallel edges form a cycle)."""
    if G.is_directed():
        return nx.is_directed_acyclic_graph(G)
    if G.number_of_nodes() == 0:
        return True
    return nx.is_forest(G)
