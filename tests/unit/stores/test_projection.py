"""The projection of a whole property graph into one NetworkX MultiDiGraph (pure part)."""

from __future__ import annotations

from grraf.stores.projection import NodeRow, RelRow, choose_keys, to_multidigraph


def test_nodes_named_by_key_labels_and_types_kept():
    g = to_multidigraph(
        [
            NodeRow("n1", ("Person",), {"name": "Tom Hanks", "born": 1956}),
            NodeRow("n2", ("Movie",), {"title": "Apollo 13", "released": 1995}),
        ],
        [RelRow("n1", "n2", "ACTED_IN", {"roles": ["Jim Lovell"]}), RelRow("n1", "n2", "DIRECTED", {})],
    )
    assert set(g.nodes) == {"Tom Hanks", "Apollo 13"}
    assert g.nodes["Tom Hanks"] == {"name": "Tom Hanks", "born": 1956, "label": "Person"}
    # Two relationships between the same nodes stay two edges.
    assert sorted(d["type"] for _, _, d in g.edges(data=True)) == ["ACTED_IN", "DIRECTED"]
    assert g.graph["node_keys"] == {"Movie": "title", "Person": "name"}


def test_a_value_two_labels_share_is_qualified_and_keyless_nodes_get_their_reference():
    g = to_multidigraph(
        [
            NodeRow(1, ("Person",), {"name": "Madonna"}),
            NodeRow(2, ("Album",), {"name": "Madonna"}),
            NodeRow(3, ("Note",), {"text": "a"}),
            NodeRow(4, ("Note",), {"text": "a"}),
        ],
        [RelRow(1, 2, "RECORDED", {}), RelRow(3, 1, "ABOUT", {})],
    )
    assert set(g.nodes) == {"Person:Madonna", "Album:Madonna", "Note:3", "Note:4"}
    assert g.has_edge("Person:Madonna", "Album:Madonna") and g.has_edge("Note:3", "Person:Madonna")


def test_key_choice_prefers_declared_then_unique_complete_candidates():
    rows = [NodeRow(1, ("A",), {"id": 1, "name": "x"}), NodeRow(2, ("A",), {"id": 1, "name": "y"})]
    assert choose_keys(rows) == {"A": "name"}  # id repeats
    assert choose_keys(rows, {"A": "name"}) == {"A": "name"}
    assert choose_keys([NodeRow(1, ("B",), {"v": 1})]) == {"B": None}


def test_a_property_called_type_or_label_does_not_hide_the_relationship_type_or_label():
    g = to_multidigraph(
        [NodeRow(1, ("Car",), {"id": 1, "label": "mine"}), NodeRow(2, ("Car",), {"id": 2})],
        [RelRow(1, 2, "TOWS", {"type": "rope"})],
    )
    assert g.nodes[1]["label"] == "Car"
    assert next(iter(g.edges(data=True)))[2]["type"] == "TOWS"
