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
