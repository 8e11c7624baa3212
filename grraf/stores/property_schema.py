"""The schema text of a property graph grraf did not create, from typed facts, bounded whatever the size.

Both Cypher stores read labels, relationship types, properties and patterns their own way
(ladybug's tables know their FROM/TO pairs; Neo4j's count store and bounded scans) and
render them here, so the LLM sees one format. Every list is cut at a fixed length and every
sample value at :data:`MAX_VALUE_CHARS`, so the text is bounded by constants alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from grraf.types import LabelInfo, Pattern, PropertyInfo

MAX_LABELS = 15
MAX_RELATIONSHIPS = 15
MAX_PATTERNS = 30
MAX_PROPERTIES = 8
MAX_SAMPLES = 3
MAX_VALUE_CHARS = 40
MAX_NAME_CHARS = 40
#: One label's or type's line, properties and samples included, is cut here.
MAX_LINE_CHARS = 400


def short(value: Any, limit: int = MAX_VALUE_CHARS) -> str:
    """``repr``-free rendering of a sample value, cut to ``limit`` characters.

    >>> short("x" * 50)
    'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...'
    >>> short(["Neo"])
    "['Neo']"
    """
    text = str(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _properties(props: Sequence[PropertyInfo], more: int = 0) -> str:
    parts = []
    for p in props[:MAX_PROPERTIES]:
        samples = ", ".join(short(v) for v in p.samples[:MAX_SAMPLES])
        key = " primary key" if p.primary_key else ""
        parts.append(
            f"{short(p.name, MAX_NAME_CHARS)} {short(p.type, MAX_NAME_CHARS)}{key}"
            + (f" (e.g. {samples})" if samples else "")
        )
    more += max(0, len(props) - MAX_PROPERTIES)
    if more:
        parts.append(f"... {more} more")
    return "; ".join(parts) if parts else "no properties"


def _count(n: int | None, noun: str) -> str:
    return f"{n} {noun}" if n is not None else f"? {noun}"


def render(
    labels: Sequence[LabelInfo],
    relationships: Sequence[LabelInfo],
    patterns: Sequence[Pattern],
    *,
    header: str,
    notes: str = "",
    total_labels: int | None = None,
    total_relationships: int | None = None,
) -> str:
    """The schema text: labels, relationship types, then the patterns (the only ways nodes connect).

    ``total_labels``/``total_relationships`` say how many there are when the lists given were cut.
    """
    more_labels = max(len(labels), total_labels or 0) - min(len(labels), MAX_LABELS)
    more_rels = max(len(relationships), total_relationships or 0) - min(len(relationships), MAX_RELATIONSHIPS)
    lines = [header]
    for info in labels[:MAX_LABELS]:
        name = short(info.name, MAX_NAME_CHARS)
        props = _properties(info.properties, info.more_properties)
        lines.append(short(f"Node label :{name} ({_count(info.count, 'nodes')}): {props}", MAX_LINE_CHARS))
    if more_labels:
        lines.append(f"... {more_labels} more node labels")
    for info in relationships[:MAX_RELATIONSHIPS]:
        name = short(info.name, MAX_NAME_CHARS)
        props = _properties(info.properties, info.more_properties)
        lines.append(
            short(f"Relationship type :{name} ({_count(info.count, 'relationships')}): {props}", MAX_LINE_CHARS)
        )
    if more_rels:
        lines.append(f"... {more_rels} more relationship types")
    if patterns:
        lines.append("Patterns (the only ways nodes connect; relationships point as the arrow shows):")
        for p in patterns[:MAX_PATTERNS]:
            shown = Pattern(
                short(p.source, MAX_NAME_CHARS), short(p.type, MAX_NAME_CHARS), short(p.target, MAX_NAME_CHARS)
            )
            approx = "about " if p.estimated else ""
            lines.append(f"  {shown}" + (f" ({approx}{p.count})" if p.count is not None else ""))
        if len(patterns) > MAX_PATTERNS:
            lines.append(f"  ... {len(patterns) - MAX_PATTERNS} more patterns")
    if notes:
        lines.append(notes)
    return "\n".join(lines)


def max_chars(header: str = "", notes: str = "") -> int:
    """An upper bound on :func:`render`'s length for any graph (what the tests hold the text to)."""
    more_line = 50
    pattern_line = 2 + 3 * MAX_NAME_CHARS + 12 + 30
    return (
        len(header)
        + len(notes)
        + (MAX_LABELS + MAX_RELATIONSHIPS) * (MAX_LINE_CHARS + 1)
        + 3 * more_line
        + 100
        + MAX_PATTERNS * (pattern_line + 1)
        + 10
    )
