"""Reading a direct (unverified) answer out of a free-text reply."""

from __future__ import annotations

import pytest

from grraf.llm.calls import LLMSession
from grraf.pipeline.fallback import answer_directly, final_text, read_value
from tests.fakes import scripted

# Replies and final lines the local 1.5B model actually wrote in `grraf bench --methods direct`.
OBSERVED = [
    ("Therefore, the out-degree of node 8 is \\(\\boxed{3}\\).", "number", 3),
    ("Counting the edges...\n<answer>4</answer>", "number", 4),
    ("### <answer>2</answer>", "number", 2),
    ("Therefore, the shortest path from node 0 to node 7 is 12.", "number", 12),
    ("The maximum flow is 10 units.", "number", 10),
    ("Step 1: the graph is connected.\n### Yes", "yes/no", True),
    ("Node 3 is not reachable from node 0.\n### No", "yes/no", False),
    ("The order is:\n### 0, 3, 1, 2", "list", [0, 3, 1, 2]),
]


@pytest.mark.parametrize(("reply", "output_format", "expected"), OBSERVED)
def test_reads_the_answer_the_reply_states(reply, output_format, expected):
    assert read_value(final_text(reply), output_format, reply) == expected


def test_hash_line_wins_over_earlier_marked_answers():
    assert final_text("First guess \\boxed{2}.\n### 5") == "5"


def test_last_marked_answer_wins_without_hash_line():
    assert final_text("<answer>1</answer> no wait\n<answer>6</answer>\nThat is all.") == "6"


def test_unmarked_reply_falls_back_to_its_last_line():
    assert final_text("Some reasoning.\n\nExplanation:\n") == "Explanation:"


def test_prompt_asks_for_the_hash_line_without_a_placeholder_to_copy():
    model = scripted("It is 3.\n### 3")
    llm = LLMSession(model)
    direct = answer_directly("What is the degree of node 1?", "(0,1) (1,2) (1,3)", "number", llm)
    assert (direct.text, direct.value, direct.reply) == ("3", 3, "It is 3.\n### 3")
    prompt = model.prompt_text(0)
    assert "###" in prompt and "<answer>" not in prompt
