# task: certify_shortest_path
# aliases: none
# parameters: answer, source, target
# directed: any
# weighted: any
# output: yes/no
# complexity: O((V + E) log V), one Dijkstra
# description: a certificate check: True when answer is a path from source to target whose weight is the shortest
# verified: tested
import networkx as nx


def solve(G, answer, source, target):
    """True, or a sentence saying what is wrong with the path (fed back to the LLM)."""
    try:
        best = nx.shortest_path_length(G, source, target, weight="weight")
    except nx.NetworkXNoPath:
        return True if answer is None else f"no path leads from {source!r} to {target!r}, but a path was given"
    if not isinstance(answer, (list, tuple)) or not answer:
        return "the answer is not a list of nodes"
    if answer[0] != source or answer[-1] != target:
        return f"the path must start at {source!r} and end at {target!r}"
    total = 0
    for u, v in zip(answer, answer[1:], strict=False):
        if not G.has_edge(u, v):
            return f"there is no edge {u!r} -> {v!r}"
        total += G[u][v].get("weight", 1)
    if abs(total - best) > 1e-9 * max(1, abs(best)):
        return f"the path has total weight {total}, but a lighter path exists"
    return True
