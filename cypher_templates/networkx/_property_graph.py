"""Helpers shared by the NetworkX property-graph templates (not a template: its name starts with ``_``).

A template takes what it needs with ``from cypher_templates.networkx._property_graph import ...``;
the loader (:func:`cypher_templates.parse_template`) replaces that line with the definitions named
and the helpers they call, so each template's code stays one self-contained program: the jail it
runs in sees the interpreter and networkx, not this repository.

The graph is a projection of a property graph: each node has ``label`` (or ``labels``) and its
properties; each edge has ``type`` and its properties.
"""

import networkx as nx


def _has(data, label):
    return data.get("label") == label or label in data.get("labels", ())


def _named(G, label, key, value):
    """The nodes of ``label`` whose property ``key`` equals ``value`` (a name may fit several)."""
    return [n for n, d in G.nodes(data=True) if _has(d, label) and d.get(key) == value]


def _values(G, label, key, value, property):
    """The values of ``property`` at the nodes of ``label`` named ``value``, those that have one."""
    values = [G.nodes[n].get(property) for n in _named(G, label, key, value)]
    return [v for v in values if v is not None]


def _linked(G, node, rel_type, direction):
    """(other end, relationship attributes) of each ``rel_type`` relationship at ``node`` in ``direction``."""
    if direction in ("out", "any"):
        for _, other, data in G.out_edges(node, data=True):
            if data.get("type") == rel_type:
                yield other, data
    if direction in ("in", "any"):
        for other, _, data in G.in_edges(node, data=True):
            if data.get("type") == rel_type:
                yield other, data


def _meeting(G, entity, entity_label, entity_key, rel_type, direction, other, other_label, other_key,
             second_rel_type, other_direction):  # fmt: skip
    """The nodes one ``rel_type`` step from the named node and one ``second_rel_type`` step from the
    second named node (neither named node itself)."""
    firsts, near_first = _near(G, entity_label, entity_key, entity, rel_type, direction)
    seconds, near_second = _near(G, other_label, other_key, other, second_rel_type, other_direction)
    return (near_first & near_second) - firsts - seconds


def _apart(G, entity, entity_label, entity_key, rel_type, direction, other, other_label, other_key,
           second_rel_type, other_direction):  # fmt: skip
    """The nodes one ``rel_type`` step from the named node and not one ``second_rel_type`` step from
    the second named node (neither named node itself)."""
    firsts, near_first = _near(G, entity_label, entity_key, entity, rel_type, direction)
    seconds, near_second = _near(G, other_label, other_key, other, second_rel_type, other_direction)
    return near_first - near_second - firsts - seconds


def _near(G, label, key, value, rel_type, direction):
    """The nodes of ``label`` named ``value``, and the nodes one ``rel_type`` step from them."""
    named = set(_named(G, label, key, value))
    return named, {b for a in named for b, _ in _linked(G, a, rel_type, direction)}


def _shared(G, entity, entity_label, entity_key, other, other_label, other_key, rel_type, direction):
    """The nodes one ``rel_type`` step (in ``direction``) from both named nodes, each pair of named
    nodes apart (neither of the pair itself), as the Cypher templates match them."""
    found = set()
    for a in _named(G, entity_label, entity_key, entity):
        near_a = {b for b, _ in _linked(G, a, rel_type, direction)}
        for c in _named(G, other_label, other_key, other):
            found |= {b for b, _ in _linked(G, c, rel_type, direction) if b in near_a and b not in (a, c)}
    return found


def _passing(G, entity, entity_label, entity_key, rel_type, direction, on, property, op, threshold):
    """The nodes one ``rel_type`` step from the named node whose relationship (``on`` "r") or own
    ``property`` compares to ``threshold``."""
    found = set()
    for a in _named(G, entity_label, entity_key, entity):
        for b, data in _linked(G, a, rel_type, direction):
            if _compare(data.get(property) if on == "r" else G.nodes[b].get(property), op, threshold):
                found.add(b)
    return found


def _shown(G, node, keys):
    """The first of the properties ``keys`` that the node has (how the answer names it)."""
    data = G.nodes[node]
    return next((data[k] for k in keys if data.get(k) is not None), None)


def _names(G, nodes, keys):
    return sorted({s for s in (_shown(G, n, keys) for n in nodes) if s is not None}, key=str)


def _compare(v, op, threshold):
    """Whether the number ``v`` compares to ``threshold`` as ``op`` says (anything else never does)."""
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        return False
    if op == ">":
        return v > threshold
    if op == ">=":
        return v >= threshold
    if op == "<":
        return v < threshold
    if op == "<=":
        return v <= threshold
    return v == threshold


def _aggregate(values, aggregate):
    values = [v for v in values if v is not None]
    if aggregate == "distinct":
        return float(len(set(values)))
    if not values:
        return None
    if aggregate == "avg":
        return sum(values) / len(values)
    if aggregate == "median":
        ordered, middle = sorted(values), len(values) // 2
        return float(ordered[middle] if len(values) % 2 else (ordered[middle - 1] + ordered[middle]) / 2)
    if aggregate == "range":
        return float(max(values) - min(values))
    return float({"sum": sum, "min": min}.get(aggregate, max)(values))


def _top(rows, order, limit):
    """The items of ``(item, value)`` rows whose value is among the ``limit`` highest (or lowest),
    ties with the last one kept; a missing value never counts."""
    values = sorted(v for _, v in rows if v is not None)
    if not values:
        return []
    k = min(int(limit), len(values))
    if order == "lowest":
        return [n for n, v in rows if v is not None and v <= values[k - 1]]
    return [n for n, v in rows if v is not None and v >= values[-k]]


def _degrees(G, label, rel_type, direction):
    """node -> number of ``rel_type`` relationships in ``direction``, for every node of ``label``."""
    return {n: sum(1 for _ in _linked(G, n, rel_type, direction)) for n, d in G.nodes(data=True) if _has(d, label)}


def _view(G, path_types, path_direction):
    """The graph a connection follows: the relationship types given (all when none), directed or not."""
    keep = [(u, v) for u, v, d in G.edges(data=True) if not path_types or d.get("type") in path_types]
    view = nx.DiGraph() if path_direction == "out" else nx.Graph()
    view.add_nodes_from(G)
    view.add_edges_from(keep)
    return view


def _hops(view, sources, targets, weight=None):
    """The fewest steps from any of ``sources`` to any of ``targets`` (a node to itself excluded), or None;
    with ``weight``, the smallest total of that edge attribute instead (Dijkstra)."""
    best = None
    for s in sources:
        if weight is None:
            lengths = nx.single_source_shortest_path_length(view, s)
        else:
            lengths = nx.single_source_dijkstra_path_length(view, s, weight=weight)
        for t in targets:
            if t != s and t in lengths and (best is None or lengths[t] < best):
                best = lengths[t]
    return best
