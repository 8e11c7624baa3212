"""Rich display of an :class:`~grraf.types.Answer` in Jupyter (HTML and Markdown).

``Answer._repr_html_`` and ``Answer._repr_markdown_`` call these, so an answer that ends a
notebook cell shows the answer, whether executed code verified it, the code itself, every
attempt, the planned task and what it cost. Everything that came from the user or the LLM
is escaped: generated code and error messages are untrusted text.

The HTML uses inline styles only (pygments ``noclasses=True``), so it renders the same in
JupyterLab, classic Notebook, VS Code and exported HTML without any stylesheet.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

# Only for annotations: grraf.types reaches this module from Answer._repr_html_, so importing it
# here at run time would close an import cycle.
if TYPE_CHECKING:
    from grraf.types import Answer, Attempt

__all__ = ["answer_html", "answer_markdown", "code_language", "first_line", "highlight_html", "trust_summary"]

# Badge colours: readable on light and dark notebook themes alike.
_GREEN = "#1a7f37"
_AMBER = "#9a6700"
_BLUE = "#0969da"
_STATUS_COLOURS = {
    "ok": _GREEN,
    "error": "#cf222e",
    "timeout": _AMBER,
    "rejected": "#8250df",
    "repeated": "#57606a",
    "empty": _AMBER,
}
_TRUST_COLOURS = {"verified": _GREEN, "executed": _BLUE, "fallback": _AMBER}
_MAX_VALUE_CHARS = 2000


def first_line(text: str | None, limit: int = 160) -> str:
    """The first non-blank line of ``text``, shortened to ``limit`` characters.

    >>> first_line("\\nTraceback (most recent call last):\\n  File ...")
    'Traceback (most recent call last):'
    >>> first_line(None), first_line("x" * 10, limit=5)
    ('', 'xxxx…')
    """
    if not text:
        return ""
    line = next((part.strip() for part in text.splitlines() if part.strip()), "")
    return line if len(line) <= limit else line[: limit - 1] + "…"


def code_language(answer: Answer) -> str:
    """``"python"`` or ``"cypher"``: the language of the code the answer shows (its attempts' language).

    The attempt that ran the answer's code says which; without one, the last attempt's; with no
    attempt at all, plain ``"text"`` (no highlighting is better than highlighting Cypher as Python).

    >>> from grraf.types import Answer, Attempt
    >>> code_language(Answer("q", "a", 1, "verified", (Attempt("MATCH (n) RETURN n", "ok", None, 0.1, "cypher"),),
    ...     (), 0.2, "ladybug"))
    'cypher'
    >>> code_language(Answer("q", "a", 1, "fallback", (), (), 0.2, "ladybug"))
    'text'
    """
    shown = answer.code
    for attempt in reversed(answer.attempts):
        if shown is None or attempt.code == shown:
            return attempt.language
    return answer.attempts[-1].language if answer.attempts else "text"


def highlight_html(code: str, language: str) -> str:
    """``code`` as syntax-highlighted HTML with inline styles (pygments escapes the code)."""
    from pygments import highlight
    from pygments.formatters import HtmlFormatter
    from pygments.lexers import get_lexer_by_name
    from pygments.util import ClassNotFound

    try:
        lexer = get_lexer_by_name(language)
    except ClassNotFound:
        lexer = get_lexer_by_name("text")
    formatter = HtmlFormatter(noclasses=True, style="default", cssstyles="padding:4px 8px;border-radius:4px")
    return str(highlight(code, lexer, formatter))


def _value_text(value: Any) -> str:
    """The executed value as short, stable text (JSON where it can be)."""
    try:
        text = json.dumps(value, default=str, ensure_ascii=False)
    except (TypeError, ValueError):  # e.g. dicts with tuple keys
        text = repr(value)
    return text if len(text) <= _MAX_VALUE_CHARS else text[: _MAX_VALUE_CHARS - 1] + "…"


def trust_summary(answer: Answer) -> tuple[str, str]:
    """(label, detail): how far the answer can be relied on, and why, in words for people.

    >>> from grraf.types import Answer, Plan
    >>> trust_summary(Answer("q", "a", 1, "executed", (), (), 0.1, "networkx", plan=Plan("q")))
    ('executed, not verified', 'code ran on the graph; nothing independent confirmed its answer')
    """
    if answer.trust == "verified":
        if answer.checked_by:
            return "verified", f"agrees with the verified template {answer.checked_by}"
        template = (answer.template_origin or "").partition(":")[2] or "a verified template"
        return "verified", f"verified template {template}, parameters checked against the question and the graph"
    if answer.trust == "executed":
        plan = answer.plan
        why = "code ran on the graph; nothing independent confirmed its answer"
        if plan is not None and plan.issues:
            why += "; " + " ".join(plan.issues)
        return "executed, not verified", why
    return "unverified: fallback", answer.fallback_reason or "no code produced this answer"


def _badge(answer: Answer) -> tuple[str, str, str]:
    """(label, detail, colour) of the trust badge."""
    label, detail = trust_summary(answer)
    return label, detail, _TRUST_COLOURS[answer.trust]


def _facts(answer: Answer) -> list[tuple[str, str]]:
    """Label/value pairs for the cost and provenance lines."""
    tokens = answer.tokens
    facts = [
        ("backend", answer.backend),
        ("LLM calls", str(len(answer.llm_calls))),
        ("tokens in", f"{tokens.input:,}"),
        ("tokens out", f"{tokens.output:,}"),
        ("seconds", f"{answer.seconds:.2f}"),
    ]
    if answer.template_origin:
        facts.append(("template", answer.template_origin))
    return facts


def _plan_rows(answer: Answer) -> list[tuple[str, str]]:
    plan = answer.plan
    if plan is None:
        return []
    params = ", ".join(f"{k}={v!r}" for k, v in plan.parameters.items()) or "none"
    task = plan.task or (f"none (the LLM chose {plan.chosen}; not confirmed)" if plan.chosen else "none")
    rows = [("task", task), ("output", plan.output), ("parameters", params)]
    if plan.directed is not None:
        rows.append(("directed", "yes" if plan.directed else "no"))
    if plan.weighted is not None:
        rows.append(("weighted", "yes" if plan.weighted else "no"))
    rows.append(("question as asked", plan.question))
    return rows


REASONING_TITLE = "The model's own reasoning (no code checked it)"


def _shown_code(answer: Answer) -> tuple[str, str] | None:
    """(title, code) to show: the verified code, else the last code that was tried."""
    if answer.code:
        return "Code that produced the answer", answer.code
    tried = [a for a in answer.attempts if a.code]
    if tried:
        return "Last code tried (it did not produce the answer)", tried[-1].code
    return None


# --------------------------------------------------------------------------- HTML

_CELL = "padding:2px 8px;border:1px solid #d0d7de;text-align:left;vertical-align:top"


def _e(value: Any) -> str:
    return html.escape(str(value), quote=True)


def _attempts_html(attempts: Sequence[Attempt]) -> str:
    if not attempts:
        return "<p style='margin:4px 0'><em>No code was run.</em></p>"
    head = "".join(f"<th style='{_CELL}'>{h}</th>" for h in ("#", "status", "seconds", "error"))
    rows = []
    for number, attempt in enumerate(attempts, 1):
        colour = _STATUS_COLOURS.get(attempt.status, "inherit")
        rows.append(
            "<tr>"
            f"<td style='{_CELL}'>{number}</td>"
            f"<td style='{_CELL};color:{colour};font-weight:600'>{_e(attempt.status)}</td>"
            f"<td style='{_CELL}'>{attempt.seconds:.2f}</td>"
            f"<td style='{_CELL};font-family:monospace'>{_e(first_line(attempt.error))}</td>"
            "</tr>"
        )
    return f"<table style='border-collapse:collapse;margin:4px 0'><tr>{head}</tr>{''.join(rows)}</table>"


def _pairs_html(pairs: Iterable[tuple[str, str]], sep: str = " · ") -> str:
    return sep.join(f"<b>{_e(k)}</b>: {_e(v)}" for k, v in pairs)


def answer_html(answer: Answer) -> str:
    """The answer as one self-contained HTML fragment (what ``Answer._repr_html_`` returns).

    Shows the answer text and value, a trust badge (green "verified", blue "executed, not
    verified", amber "unverified: fallback") with the reason, the code (syntax-highlighted), the
    attempts (#, status, seconds, first line of the error), the planned task and its
    parameters, the template origin, LLM calls, tokens in/out and seconds.
    """
    label, detail, colour = _badge(answer)
    badge = (
        f"<span style='background:{colour};color:#fff;border-radius:10px;padding:1px 8px;"
        f"font-size:85%;white-space:nowrap'>{_e(label)}</span>"
    )
    if detail:
        badge += f" <span style='color:{colour}'>{_e(detail)}</span>"
    text = _e(answer.answer) if answer.answer else "<em>no answer</em>"
    parts = [
        "<div class='grraf-answer' style='line-height:1.45'>",
        f"<div style='font-size:115%;margin-bottom:4px'><b>{text}</b> {badge}</div>",
        f"<div style='color:#57606a'><b>question</b>: {_e(first_line(answer.question, 300))}</div>",
        f"<div><b>value</b>: <code>{_e(_value_text(answer.value))}</code></div>",
    ]
    planned = _plan_rows(answer)
    if planned:
        parts.append(f"<div>{_pairs_html(planned)}</div>")
    parts.append(f"<div style='color:#57606a'>{_pairs_html(_facts(answer))}</div>")
    shown = _shown_code(answer)
    if shown is not None:
        title, code = shown
        language = code_language(answer)
        parts.append(
            f"<details open><summary>{_e(title)} ({_e(language)})</summary>{highlight_html(code, language)}</details>"
        )
    if answer.reasoning:
        parts.append(
            f"<details><summary>{_e(REASONING_TITLE)}</summary>"
            f"<pre style='white-space:pre-wrap'>{_e(answer.reasoning)}</pre></details>"
        )
    parts.append(f"<details{' open' if len(answer.attempts) > 1 else ''}>")
    parts.append(f"<summary>Attempts ({len(answer.attempts)})</summary>{_attempts_html(answer.attempts)}</details>")
    if answer.template:
        parts.append(
            f"<details><summary>Template ({_e(answer.template_origin or 'unknown')})</summary>"
            f"{highlight_html(answer.template, code_language(answer))}</details>"
        )
    parts.append("</div>")
    return "".join(parts)


# --------------------------------------------------------------------------- Markdown

_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]<>|#])")


def _md(text: Any) -> str:
    r"""Text safe inside Markdown: HTML-escaped, Markdown punctuation backslash-escaped, one line.

    >>> _md("a|b <script> *x*")
    'a\\|b &lt;script&gt; \\*x\\*'
    """
    one_line = " ".join(str(text).split())
    return _MD_SPECIAL.sub(r"\\\1", html.escape(one_line, quote=False))


def _code_span(text: str) -> str:
    """Inline code that survives backticks in ``text`` (CommonMark: a longer backtick string).

    >>> _code_span("[1, 2]"), _code_span("a`b")
    ('`[1, 2]`', '`` a`b ``')
    """
    one_line = " ".join(text.split())
    longest = max((len(run) for run in re.findall(r"`+", one_line)), default=0)
    if longest == 0:
        return f"`{one_line}`"
    ticks = "`" * (longest + 1)
    return f"{ticks} {one_line} {ticks}"


def _fence(code: str, language: str) -> str:
    """A fenced block whose fence is longer than any run of backticks inside the code."""
    longest = max((len(run) for run in re.findall(r"`+", code)), default=0)
    fence = "`" * max(3, longest + 1)
    return f"{fence}{language}\n{code.rstrip()}\n{fence}"


def answer_markdown(answer: Answer) -> str:
    """The answer as Markdown (what ``Answer._repr_markdown_`` returns); same content as :func:`answer_html`."""
    label, detail, _ = _badge(answer)
    mark = {"verified": "✅", "executed": "🔷", "fallback": "⚠️"}[answer.trust]
    badge = f"{mark} {label} ({_md(detail)})"
    lines = [
        f"**{_md(answer.answer) if answer.answer else '_no answer_'}** — {badge}",
        "",
        f"- **question**: {_md(first_line(answer.question, 300))}",
        f"- **value**: {_code_span(_value_text(answer.value))}",
    ]
    lines += [f"- **{k}**: {_md(v)}" for k, v in _plan_rows(answer)]
    lines.append("- " + " · ".join(f"**{k}**: {_md(v)}" for k, v in _facts(answer)))
    shown = _shown_code(answer)
    if shown is not None:
        title, code = shown
        lines += ["", f"{title}:", "", _fence(code, code_language(answer))]
    if answer.reasoning:
        lines += ["", f"{REASONING_TITLE}:", "", _fence(answer.reasoning, "text")]
    lines += ["", f"Attempts ({len(answer.attempts)}):", ""]
    if answer.attempts:
        lines += ["| # | status | seconds | error |", "|---:|---|---:|---|"]
        lines += [
            f"| {n} | {_md(a.status)} | {a.seconds:.2f} | {_md(first_line(a.error))} |"
            for n, a in enumerate(answer.attempts, 1)
        ]
    else:
        lines.append("_No code was run._")
    return "\n".join(lines) + "\n"
