# task: certify_topological_order
# aliases: none
# parameters: answer
# directed: yes
# weighted: any
# output: yes/no
# complexity: O(V + E)
# description: a certificate check: True when answer lists every node once and every edge points forward, else why not
# verified: tested
import networkx as nx


def solve(G, answer):
    """True, or a sentence saying what is wrong with the order (fed back to the LLM)."""
    if answer is None:  # "no order": right exactly when the graph has a directed cycle
        return True if not nx.is_directed_acyclic_graph(G) else "the graph has no cycle, so an order exists"
    if not isinstance(answer, (list, tuple)):
        return "the answer is not a list of nodes"
    position = {}
    for index, node in enumerate(answer):
        if node not in G:
            return f"{node!r} is not a node of the graph"
        if node in position:
            return f"node {node!r} appears twice"
        position[node] = index
    if len(position) != G.number_of_nodes():
        return f"the order has {len(position)} nodes, the graph {G.number_of_nodes()}"
    for u, v in G.edges():
        if position[u] >= position[v]:
            return f"the edge {u!r} -> {v!r} points backwards in the order"
    return True
