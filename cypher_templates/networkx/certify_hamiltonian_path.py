# task: certify_hamiltonian_path
# aliases: none
# parameters: answer
# directed: any
# weighted: any
# output: yes/no
# complexity: O(V)
# description: a certificate check: True when answer visits every node exactly once along edges, else why not
# description: (None: no verdict, when the answer says there is no such path)
# verified: tested
def solve(G, answer):
    """True, a sentence saying what is wrong with the path (fed back to the LLM), or None when there
    is nothing to certify (the answer says no path exists: a certificate cannot show that)."""
    if answer is None:
        return None
    if not isinstance(answer, (list, tuple)):
        return "the answer is not a list of nodes"
    if len(answer) != G.number_of_nodes() or set(answer) != set(G.nodes()):
        return "the path must contain every node exactly once"
    for u, v in zip(answer, answer[1:], strict=False):
        if not G.has_edge(u, v):
            return f"there is no edge {u!r} -> {v!r}"
    return True
