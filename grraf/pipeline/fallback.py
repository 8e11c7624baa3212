"""After n failed attempts: a direct LLM answer, always flagged unverified (GRRAF 3.4)."""

from __future__ import annotations

import re
from typing import Any

from grraf.llm.calls import LLMSession
from grraf.pipeline.answer import as_number, as_yes_no
from grraf.prompts import load_prompt

_FINAL = re.compile(r"###\s*(.+)")
_FIRST_NUMBER = re.compile(r"[-+]?\d+(?:\.\d+)?")
_YES_NO_WORD = re.compile(r"\b(yes|no|true|false)\b", re.IGNORECASE)


def final_text(reply: str) -> str:
    """The text after the last '###', else the last non-empty line.

    >>> final_text("Step 1...\\n### 10.")
    '10.'
    """
    matches = _FINAL.findall(reply)
    if matches:
        return matches[-1].strip()
    lines = [line.strip() for line in reply.strip().splitlines() if line.strip()]
    return lines[-1] if lines else ""


def read_value(text: str, output_format: str) -> Any:
    """Best-effort value of a direct answer.

    >>> read_value("Yes, there is.", "yes/no"), read_value("10 units", "number")
    (True, 10)
    """
    if output_format == "yes/no":
        match = _YES_NO_WORD.search(text)
        return as_yes_no(match.group(1)) if match else text
    if output_format == "number":
        match = _FIRST_NUMBER.search(text)
        number = as_number(match.group(0)) if match else None
        return text if number is None else number
    if output_format == "list":
        return [int(x) if x.lstrip("-").isdigit() else x for x in re.findall(r"[-\w]+", text)]
    return text


def answer_directly(question: str, graph_text: str | None, output_format: str, llm: LLMSession) -> tuple[str, Any]:
    """Ask the LLM for the answer itself; returns (answer text, value)."""
    messages = load_prompt("direct").render(question=question, graph_text=graph_text or "")
    reply = llm.chat("fallback", messages)
    text = final_text(reply)
    return text, read_value(text, output_format)
