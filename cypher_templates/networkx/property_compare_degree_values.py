# task: compare_degree_values
# aliases: has one named node more films, more destinations, more followers than another
# parameters: entity, entity_label, entity_key, other, other_label, other_key, rel_type, direction, comparison
# directed: any
# weighted: any
# output: yes/no
# complexity: O(V + degree of the two nodes)
# description: whether the named node has more, fewer or as many distinct nodes linked by relationships of one type,
# description: in one direction, as the second named node
# verified: tested
from cypher_templates.networkx._property_graph import _linked, _named


def solve(G, entity, entity_label, entity_key, other, other_label, other_key, rel_type, direction, comparison):
    firsts = _named(G, entity_label, entity_key, entity)
    seconds = _named(G, other_label, other_key, other)
    if not firsts or not seconds:
        return None
    da = len({b for b, _ in _linked(G, firsts[0], rel_type, direction)})
    db = len({b for b, _ in _linked(G, seconds[0], rel_type, direction)})
    return da > db if comparison == "higher" else da < db if comparison == "lower" else da == db
