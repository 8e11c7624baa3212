# task: compare_degrees
# aliases: which of two named nodes has more films, more destinations, more followers
# parameters: entity, entity_label, entity_key, other, other_label, other_key, rel_type, direction, order, returns
# directed: any
# weighted: any
# output: list
# complexity: O(V + degree of the two nodes)
# description: of two named nodes, the one(s) with more (or fewer) distinct nodes linked by relationships of one type,
# description: in one direction; both on a tie
# verified: tested
from cypher_templates.networkx._property_graph import _linked, _named, _names


def solve(G, entity, entity_label, entity_key, other, other_label, other_key, rel_type, direction, order, returns):
    def degree(node):
        return len({b for b, _ in _linked(G, node, rel_type, direction)})

    winners = set()
    for a in _named(G, entity_label, entity_key, entity):
        for b in _named(G, other_label, other_key, other):
            da, db = degree(a), degree(b)
            if (da <= db) if order == "lowest" else (da >= db):
                winners.add(a)
            if (db <= da) if order == "lowest" else (db >= da):
                winners.add(b)
    return _names(G, winners, returns)
