"""A whole property graph as one NetworkX graph, for the Python path over a database grraf did not create.

Pure: the stores read node and relationship rows their own way and hand them here. Every
node keeps its label (``label``) and properties as attributes and every relationship its type
(``type``) and properties, in a ``networkx.MultiDiGraph`` (two people can share several movies'
worth of relationships, and direction matters). Node keys stay readable: a node is named by its
label's key property (``"Tom Hanks"``, ``"LHR"``), and only when two labels share a key value are
those nodes named ``"Label:value"``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import networkx as nx

#: Properties tried, in order, as a label's key when the store declares none.
KEY_CANDIDATES: tuple[str, ...] = ("id", "name", "title", "code", "key", "uid")


@dataclass(frozen=True)
class NodeRow:
    """One node as a store reads it: a store-internal reference, its labels and properties."""

    ref: Any
    labels: tuple[str, ...]
    properties: Mapping[str, Any]

    @property
    def label(self) -> str:
        return self.labels[0] if self.labels else ""


@dataclass(frozen=True)
class RelRow:
    """One relationship: the two end nodes' references, its type and properties."""

    source: Any
    target: Any
    type: str
    properties: Mapping[str, Any]


def choose_keys(nodes: Iterable[NodeRow], declared: Mapping[str, str] | None = None) -> dict[str, str | None]:
    """The key property of each label: the declared one, else the first of :data:`KEY_CANDIDATES`
    that every node of the label has, with no value repeated; None when none qualifies.

    >>> rows = [NodeRow(1, ("Person",), {"name": "Ann", "born": 1}), NodeRow(2, ("Person",), {"name": "Bo"})]
    >>> choose_keys(rows)
    {'Person': 'name'}
    """
    declared = dict(declared or {})
    by_label: dict[str, list[Mapping[str, Any]]] = {}
    for n in nodes:
        by_label.setdefault(n.label, []).append(n.properties)
    keys: dict[str, str | None] = {}
    for label, props in by_label.items():
        if label in declared:
            keys[label] = declared[label]
            continue
        keys[label] = None
        for candidate in KEY_CANDIDATES:
            values = [p.get(candidate) for p in props]
            if all(v is not None for v in values) and len(set(map(repr, values))) == len(values):
                keys[label] = candidate
                break
    return keys


def to_multidigraph(
    nodes: Iterable[NodeRow], rels: Iterable[RelRow], declared_keys: Mapping[str, str] | None = None
) -> nx.MultiDiGraph:
    """Build the projection; see the module docstring for how nodes are named.

    >>> g = to_multidigraph(
    ...     [NodeRow(1, ("Person",), {"name": "Ann"}), NodeRow(2, ("Movie",), {"title": "Up"})],
    ...     [RelRow(1, 2, "ACTED_IN", {"roles": ["x"]})],
    ... )
    >>> list(g.edges(data=True))
    [('Ann', 'Up', {'roles': ['x'], 'type': 'ACTED_IN'})]
    >>> g.nodes["Up"]
    {'title': 'Up', 'label': 'Movie'}
    """
    nodes = list(nodes)
    keys = choose_keys(nodes, declared_keys)
    raw: dict[Any, Any] = {}
    for n in nodes:
        key = keys.get(n.label)
        raw[n.ref] = n.properties.get(key) if key else None
    # A value used by two labels (a person and a movie both called "Madonna") is qualified.
    clashes = Counter(v for v in raw.values() if v is not None)
    names: dict[Any, Any] = {}
    graph = nx.MultiDiGraph()
    for n in nodes:
        value = raw[n.ref]
        if value is None:
            name: Any = f"{n.label}:{n.ref}"
        elif clashes[value] > 1:
            name = f"{n.label}:{value}"
        else:
            name = value
        names[n.ref] = name
        attrs = {**dict(n.properties), "label": n.label}
        if len(n.labels) > 1:
            attrs["labels"] = list(n.labels)
        graph.add_node(name, **attrs)
    for r in rels:
        graph.add_edge(names[r.source], names[r.target], **{**dict(r.properties), "type": r.type})
    graph.graph["node_keys"] = {label: key for label, key in sorted(keys.items()) if key}
    return graph
