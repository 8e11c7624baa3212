"""After n failed attempts: a direct LLM answer, always flagged unverified (GRRAF 3.4)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from grraf.llm.calls import LLMSession
from grraf.pipeline.answer import as_number, as_yes_no
from grraf.prompts import load_prompt

MAX_DIRECT_CHARS = 12_000
_FINAL = re.compile(r"###\s*(.+)")
# Where models put a final answer when they skip '###': LaTeX \boxed{...} (Qwen's habit from maths
# training) and <answer>...</answer> tags.
_MARKED = re.compile(r"\\boxed\{([^{}]+)\}|<answer>\s*(.+?)\s*</answer>", re.DOTALL)
_FIRST_NUMBER = re.compile(r"[-+]?\d+(?:\.\d+)?")
# "the out-degree of node 8 is 3": the number that the sentence states, not the node it names.
_STATED_NUMBER = re.compile(r"(?:\bis|\bequals|=|:)\s*\**\s*([-+]?\d+(?:\.\d+)?)\b")
_YES_NO_WORD = re.compile(r"\b(yes|no|true|false)\b", re.IGNORECASE)


def final_text(reply: str) -> str:
    """The text after the last '###', else the last marked answer, else the last non-empty line.

    >>> final_text("Step 1...\\n### 10.")
    '10.'
    >>> final_text("So the out-degree of node 8 is \\\\(\\\\boxed{3}\\\\).\\nDone.")
    '3'
    """
    matches = _FINAL.findall(reply)
    if matches:
        text = matches[-1].strip()
        inner = _MARKED.search(text)  # '### <answer>3</answer>'
        return _marked_answer(inner) if inner else text
    marked = _last(_MARKED, reply)
    if marked:
        return _marked_answer(marked)
    lines = [line.strip() for line in reply.strip().splitlines() if line.strip()]
    return lines[-1] if lines else ""


def _marked_answer(match: re.Match[str]) -> str:
    """The answer inside a \\boxed{} or an <answer> tag match."""
    return (match.group(1) or match.group(2)).strip()


def read_value(text: str, output_format: str, reply: str = "") -> Any:
    """Best-effort value of a direct answer: from its final text, else from the whole reply.

    Small models often skip the '###' line, so the last yes/no word, the last number or
    the last run of node ids anywhere in the reply is the next best reading.

    >>> read_value("Yes, there is.", "yes/no"), read_value("10 units", "number")
    (True, 10)
    >>> read_value("Explanation:", "number", "The flow is 3, then 4 more: 7 in total.\\nExplanation:")
    7
    >>> read_value("The shortest path from node 0 to node 7 is 12.", "number")
    12
    """
    if output_format == "yes/no":
        match = _YES_NO_WORD.search(text) or _last(_YES_NO_WORD, reply)
        return as_yes_no(match.group(1)) if match else text
    if output_format == "number":
        stated = _last(_STATED_NUMBER, text)
        match = _FIRST_NUMBER.search(text) or _last(_FIRST_NUMBER, reply)
        raw = stated.group(1) if stated else match.group(0) if match else None
        number = None if raw is None else as_number(raw)
        return text if number is None else number
    if output_format == "list":
        lines = [text] + [line for line in reversed(reply.splitlines()) if len(_NODE_ID.findall(line)) > 1]
        best = next((line for line in lines if len(_NODE_ID.findall(line)) > 1), text)
        return [int(x) for x in _NODE_ID.findall(best)]
    return text


_NODE_ID = re.compile(r"(?<![\w.])-?\d+(?![\w.])")


def _last(pattern: re.Pattern[str], text: str) -> re.Match[str] | None:
    matches = list(pattern.finditer(text))
    return matches[-1] if matches else None


@dataclass(frozen=True)
class DirectAnswer:
    """The LLM's own answer: its final text, the value read from it, and the whole reply."""

    text: str
    value: Any
    reply: str


def answer_directly(question: str, graph_text: str | None, output_format: str, llm: LLMSession) -> DirectAnswer:
    """Ask the LLM for the answer itself."""
    from grraf.pipeline.inputs import bounded

    # A graph too big for the context window cannot be answered directly anyway; the
    # question's own words still can be, and the answer stays flagged unverified.
    messages = load_prompt("direct").render(question=bounded(question, MAX_DIRECT_CHARS), graph_text=graph_text or "")
    reply = llm.chat("fallback", messages)
    text = final_text(reply)
    return DirectAnswer(text, read_value(text, output_format, reply), reply)
