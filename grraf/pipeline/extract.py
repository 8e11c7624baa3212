"""Pull code out of an LLM reply: fences, prose around code, several fences, special tokens.

Written by hand because replies of small local models are messy in ways no parser
library targets: unterminated fences, chat-template tokens, prose before and after.
"""

from __future__ import annotations

import ast
import re

from grraf.errors import CodeRejected

# ChatML's start token is followed by a role name ("<|im_start|>assistant"); drop both.
_SPECIAL_TOKENS = re.compile(r"<\|im_start\|>[a-z]*\n?|<\|[^|<>]{1,40}\|>|<\/?(?:s|think|code)>")
_FENCE = re.compile(r"```[ \t]*([A-Za-z0-9_+-]*)[^\n]*\n(.*?)(?:```|\Z)", re.DOTALL)
_CYPHER_START = re.compile(r"^\s*(MATCH|OPTIONAL\s+MATCH|WITH|UNWIND|CALL|RETURN)\b", re.IGNORECASE | re.MULTILINE)

_PYTHON_TAGS = {"python", "py", "python3", ""}
_CYPHER_TAGS = {"cypher", "sql", "neo4j", "kuzu", "ladybug", ""}


def strip_special_tokens(text: str) -> str:
    """Remove chat-template tokens a model may leak into its reply.

    >>> strip_special_tokens("answer = 1<|im_end|>")
    'answer = 1'
    """
    return _SPECIAL_TOKENS.sub("", text)


def _parses(code: str) -> bool:
    try:
        ast.parse(code)
    except SyntaxError:
        return False
    return True


def _assigns_answer(code: str) -> bool:
    return re.search(r"^\s*answer\s*(?::[^=]+)?=", code, re.MULTILINE) is not None


def _pick_python(blocks: list[str]) -> str:
    """Prefer the last block that sets ``answer``, then the longest that parses."""
    with_answer = [b for b in blocks if _assigns_answer(b)]
    if with_answer:
        return with_answer[-1]
    parsing = [b for b in blocks if _parses(b)]
    return max(parsing or blocks, key=len)


def _python_without_fences(text: str) -> str | None:
    """The longest run of lines that parses as Python and looks like code, when prose surrounds it."""
    lines = text.splitlines()
    best: str | None = None
    for start in range(len(lines)):
        for end in range(len(lines), start, -1):
            chunk = "\n".join(lines[start:end]).strip()
            if not chunk or (best is not None and len(chunk) <= len(best)):
                break
            if _parses(chunk) and re.search(r"=|\bdef\b|\bimport\b|\breturn\b", chunk):
                best = chunk
                break
    return best


def extract_code(reply: str, language: str) -> str:
    """The code in ``reply`` for ``language`` (``"python"`` or ``"cypher"``).

    Raises:
        CodeRejected: the reply holds no code; the message tells the LLM what to send.

    >>> extract_code("Here:\\n```python\\nanswer = 2\\n```\\nDone.", "python")
    'answer = 2'
    >>> extract_code("```cypher\\nMATCH (n) RETURN count(n) AS answer;\\n```", "cypher")
    'MATCH (n) RETURN count(n) AS answer'
    """
    text = strip_special_tokens(reply)
    tags = _PYTHON_TAGS if language == "python" else _CYPHER_TAGS
    fenced = [(tag.lower(), body.strip()) for tag, body in _FENCE.findall(text)]
    blocks = [body for tag, body in fenced if tag in tags and body]
    if not blocks:
        blocks = [body for _, body in fenced if body]
    code: str | None
    if language == "python":
        code = _pick_python(blocks) if blocks else _python_without_fences(text)
    else:
        candidates = [b for b in blocks if _CYPHER_START.search(b)] or blocks
        if candidates:
            code = max(candidates, key=len)
        else:
            match = _CYPHER_START.search(text)
            code = text[match.start() :] if match else None
        if code is not None:
            # One statement only: drop a trailing semicolon and prose after a blank line.
            code = code.strip().split("\n\n")[0] if not blocks else code.strip()
            code = code.rstrip().rstrip(";").strip()
    if not code:
        raise CodeRejected(f"Your reply contained no {language} code. Reply with one ```{language} code block.")
    return code
