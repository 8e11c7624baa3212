# task: isomorphism
# aliases: isomorphic, graph isomorphism, same structure, identical structure, same shape
# parameters: G_prime
# directed: any
# weighted: any
# output: yes/no
# complexity: exponential in the worst case (VF2)
# description: whether G and the second graph G_prime are isomorphic (weights ignored)
# verified: tested
import networkx as nx


def solve(G, G_prime):
    """Structural isomorphism of the two graphs."""
    return nx.is_isomorphic(G, G_prime)
