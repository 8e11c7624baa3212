"""The executed value in the requested form (grraf.pipeline.answer)."""

from __future__ import annotations

import pytest

from grraf.errors import CodeFailed
from grraf.pipeline.answer import normalize


def test_a_truth_value_for_a_number_question_is_sent_back_with_the_likely_cause():
    with pytest.raises(CodeFailed, match="checks whether something exists instead of counting"):
        normalize(True, "number")


@pytest.mark.parametrize(
    ("value", "form", "expected"),
    [(3.0, "number", 3), ("2.5", "number", 2.5), ([7], "number", 7), ("yes", "yes/no", True), ((1, 2), "list", [1, 2])],
)
def test_values_in_their_form(value, form, expected):
    assert normalize(value, form) == expected


@pytest.mark.parametrize(("value", "form"), [(None, "number"), ("many", "number"), (5, "yes/no")])
def test_values_that_cannot_be_read_go_back_as_feedback(value, form):
    with pytest.raises(CodeFailed):
        normalize(value, form)


@pytest.mark.parametrize(
    ("value", "node", "expected"),
    [({3: 0.5}, 3, 0.5), ({"3": 0}, 3, 0), ({"0": 2, "3": 4, "7": 1}, 3, 4), ({"n1": 2.0}, "n1", 2)],
)
def test_a_per_node_mapping_gives_the_named_nodes_number(value, node, expected):
    assert normalize(value, "number", node) == expected


@pytest.mark.parametrize(("value", "node"), [({3: 0.5}, None), ({4: 0.5}, 3), ({"a": 1, "b": 2}, "c")])
def test_a_mapping_without_the_named_node_goes_back_as_feedback(value, node):
    with pytest.raises(CodeFailed, match="asks for a number"):
        normalize(value, "number", node)


def test_a_per_node_mapping_is_left_alone_when_no_number_is_asked():
    assert normalize({3: [1, 2]}, "list", 3) == {3: [1, 2]}
