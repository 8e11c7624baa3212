# task: max_flow
# aliases: maximum flow, max flow, flow network, capacity, flow value, maxflow, min cut, minimum cut
# parameters: source, target
# directed: any
# weighted: yes
# output: number
# complexity: O(V^2 sqrt(E)) (preflow-push)
# description: the value of a maximum flow from source to target, edge weights as capacities
# verified: tested
import networkx as nx


def solve(G, source, target):
    """Maximum flow value; an undirected edge carries its capacity either way."""
    if source == target:
        return 0
    value = nx.maximum_flow_value(G, source, target, capacity="weight")
    return int(value) if float(value).is_integer() else value
