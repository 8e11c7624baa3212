# task: connected
# aliases: can one named node be reached from another
# parameters: source, source_label, source_key, target, target_label, target_key, path_types, path_direction
# directed: any
# weighted: any
# output: yes/no
# complexity: O(V + E) per source node
# description: whether some path of relationships leads between the two named nodes
# verified: tested
from cypher_templates.networkx._property_graph import _hops, _named, _view


def solve(G, source, source_label, source_key, target, target_label, target_key, path_types, path_direction):
    view = _view(G, path_types, path_direction)
    return (
        _hops(view, _named(G, source_label, source_key, source), _named(G, target_label, target_key, target))
        is not None
    )
