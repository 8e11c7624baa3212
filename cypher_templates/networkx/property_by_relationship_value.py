# task: by_relationship_value
# aliases: nodes found by a name kept on their relationships (a role, a character)
# parameters: value, entity, label, other_label, entity_key, rel_type, property, direction, returns
# directed: any
# weighted: any
# output: list
# complexity: O(E)
# description: the nodes at one end of the relationships whose property holds the value, at the named node if given
# verified: tested
from cypher_templates.networkx._property_graph import _has, _names


def solve(G, value, entity, label, other_label, entity_key, rel_type, property, direction, returns):
    found = set()
    for start, end, data in G.edges(data=True):
        held = data.get(property)
        if data.get("type") != rel_type or value not in (held if isinstance(held, (list, tuple)) else [held]):
            continue
        x, y = (start, end) if direction == "out" else (end, start)
        at_y = G.nodes[y]
        if _has(G.nodes[x], label) and _has(at_y, other_label) and (entity is None or at_y.get(entity_key) == entity):
            found.add(x)
    return _names(G, found, returns)
