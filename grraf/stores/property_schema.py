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

MAX_LABELS = 20
MAX_RELATIONSHIPS = 20
MAX_PATTERNS = 40
MAX_PROPERTIES = 8
MAX_SAMPLES = 3
MAX_VALUE_CHARS = 40
MAX_NAME_CHARS = 60


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
        lines.append(
            f"Node label :{name} ({_count(info.count, 'nodes')}): {_properties(info.properties, info.more_properties)}"
        )
    if more_labels:
        lines.append(f"... {more_labels} more node labels")
    for info in relationships[:MAX_RELATIONSHIPS]:
        name = short(info.name, MAX_NAME_CHARS)
        props = _properties(info.properties, info.more_properties)
        lines.append(f"Relationship type :{name} ({_count(info.count, 'relationships')}): {props}")
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
    value = MAX_VALUE_CHARS + 2
    prop = 2 * MAX_NAME_CHARS + 13 + 7 + MAX_SAMPLES * value + 2
    props = MAX_PROPERTIES * prop + 30
    label_line = 40 + MAX_NAME_CHARS + props
    pattern_line = 20 + 3 * MAX_NAME_CHARS + 30
    return (
        len(header)
        + len(notes)
        + (MAX_LABELS + 1) * label_line
        + (MAX_RELATIONSHIPS + 1) * label_line
        + 100
        + (MAX_PATTERNS + 1) * pattern_line
        + 10
    )
