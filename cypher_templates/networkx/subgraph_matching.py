# task: subgraph_matching
# aliases: substructure, subgraph, subgraph isomorphism, subgraph match, present within, exact match within
# aliases: contains the pattern, pattern matching, monomorphism, direct substructure
# parameters: G_prime
# directed: any
# weighted: any
# output: yes/no
# complexity: exponential in the worst case (VF2)
# description: whether the second graph G_prime appears inside G (a monomorphism: its edges map onto edges of G)
# verified: tested
import networkx as nx


def solve(G, G_prime):
    """VF2 monomorphism: extra edges of G among the matched nodes are allowed."""
    if G.is_directed():
        matcher = nx.algorithms.isomorphism.DiGraphMatcher(G, G_prime)
    else:
        matcher = nx.algorithms.isomorphism.GraphMatcher(G, G_prime)
    return matcher.subgraph_is_monomorphic()
