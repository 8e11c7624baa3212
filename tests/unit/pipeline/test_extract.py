from __future__ import annotations

import contextlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from grraf.errors import CodeRejected
from grraf.pipeline.extract import extract_code


@pytest.mark.parametrize(
    ("reply", "expected"),
    [
        ("```python\nanswer = 1\n```", "answer = 1"),
        ("```\nanswer = 1\n```", "answer = 1"),
        ("```python\nanswer = 1", "answer = 1"),  # unterminated fence
        ("Sure.\n```py\nx = 2\nanswer = x\n```\nThis sets answer.", "x = 2\nanswer = x"),
        ("```python\nimport math\n```\n```python\nanswer = math.pi\n```", "answer = math.pi"),
        ("<|im_start|>assistant\n```python\nanswer = 3\n```<|im_end|>", "answer = 3"),
        ("The code is:\nanswer = len(G)\nThat is all.", "answer = len(G)"),
    ],
)
def test_python_replies(reply, expected):
    assert extract_code(reply, "python") == expected


@pytest.mark.parametrize(
    ("reply", "expected"),
    [
        ("```cypher\nMATCH (n:G_Node) RETURN count(n) AS answer;\n```", "MATCH (n:G_Node) RETURN count(n) AS answer"),
        ("Query:\nMATCH (n) RETURN n.id AS answer\n\nThis returns ids.", "MATCH (n) RETURN n.id AS answer"),
        ("```sql\nMATCH (a)-[e]->(b) RETURN count(e) AS answer\n```", "MATCH (a)-[e]->(b) RETURN count(e) AS answer"),
    ],
)
def test_cypher_replies(reply, expected):
    assert extract_code(reply, "cypher") == expected


def test_no_code_is_rejected_with_instructions():
    with pytest.raises(CodeRejected, match="Reply with one ```python code block"):
        extract_code("I don't know.", "python")


@given(st.text(max_size=300))
def test_any_reply_gives_code_or_code_rejected(reply):
    for language in ("python", "cypher"):
        with contextlib.suppress(CodeRejected):
            assert extract_code(reply, language).strip()
