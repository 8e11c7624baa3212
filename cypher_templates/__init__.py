"""Verified generic templates (GRRAF's template stage C), one file each, and their retrieval.

Layout: ``networkx/<name>.py`` (Python, defines ``solve(G, ...)``), ``ladybug/<name>.cypher``
and ``neo4j/<name>.cypher``. Each file starts with a header of ``# key: value`` (Python) or
``// key: value`` (Cypher) lines; the code follows. :attr:`Template.code` holds the code
without the header, because the LLM only needs the algorithm.

Cypher templates are generic: ``{node_label}``, ``{edge_type}`` and ``{arrow}`` stand for the
store's names and the edge direction (``->`` for directed graphs, ``-`` for undirected ones,
which grraf stores once and matches without an arrow), ``{max_hops}`` for the bound of
variable-length patterns, and ``$source``/``$target``/``$node``/... for parameters.
:func:`render_cypher` fills them in with literals, because the stores run code without
parameters.

Bounded paths: ladybug refuses variable-length patterns longer than its
``var_length_extend_max_depth`` setting (30 by default), and ``WSHORTEST`` silently stops at it.
Templates with ``{max_hops}`` are therefore exact only when every shortest path has at most
``max_hops`` edges, which is guaranteed when the graph has at most ``max_hops + 1`` nodes;
:func:`find_templates` skips them for larger graphs when told the node count.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

__all__ = [
    "DIALECTS",
    "LADYBUG_MAX_HOPS",
    "Template",
    "TemplateError",
    "cypher_literal",
    "find_templates",
    "load_templates",
    "render_cypher",
]

ROOT = Path(__file__).resolve().parent
DIALECTS: dict[str, tuple[str, str]] = {
    "networkx": ("py", "#"),
    "ladybug": ("cypher", "//"),
    "neo4j": ("cypher", "//"),
}
#: ladybug's default ``var_length_extend_max_depth``: the longest variable-length pattern it accepts.
LADYBUG_MAX_HOPS = 30

REQUIRED_KEYS = (
    "task",
    "aliases",
    "parameters",
    "directed",
    "weighted",
    "output",
    "complexity",
    "description",
    "verified",
)
#: Optional header keys: ``requires`` names server plugins a template needs (``gds``, ``apoc``).
OPTIONAL_KEYS = ("requires",)
_CHOICES = {
    "directed": {"yes", "no", "any"},
    "weighted": {"yes", "no", "any"},
    "output": {"yes/no", "number", "list"},
}
_CONTINUED = {"aliases": ", ", "complexity": " ", "description": " "}
_PLACEHOLDERS = ("{node_label}", "{edge_type}", "{arrow}", "{max_hops}")
_PARAM_RE = re.compile(r"\$([A-Za-z_][A-Za-z0-9_]*)")
_LABEL_RE = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


class TemplateError(ValueError):
    """A template file is malformed, or a template cannot be rendered with the given values."""


@dataclass(frozen=True)
class Template:
    """One verified template.

    Attributes:
        name: the file name without extension (``max_flow``).
        dialect: ``"networkx"``, ``"ladybug"`` or ``"neo4j"``.
        task: snake_case task id; several templates may share one (``cycle`` directed/undirected).
        aliases: other names and keywords for the task, lower case.
        parameters: arguments of ``solve`` after ``G`` (Python) or ``$`` parameters (Cypher).
        directed: ``yes``, ``no`` or ``any``: the graphs the template is correct for.
        weighted: ``yes``, ``no`` or ``any``.
        output: ``yes/no``, ``number`` or ``list``.
        complexity: running time, for the reader (and the LLM after a time-out).
        description: one line.
        code: the code without its header.
        path: the file it came from.
        verified: how it was checked (``tested`` = executed against NetworkX ground truth by
            ``tests/unit/templates`` or, for Neo4j, ``tests/integration/test_neo4j_templates.py``;
            ``syntax-only`` = never executed).
        requires: server plugins the template needs (``("gds",)``); empty for plain Cypher.
    """

    name: str
    dialect: str
    task: str
    aliases: tuple[str, ...]
    parameters: tuple[str, ...]
    directed: str
    weighted: str
    output: str
    complexity: str
    description: str
    code: str
    path: str
    verified: str
    requires: tuple[str, ...] = ()

    @property
    def bounded_paths(self) -> bool:
        """True when the query uses ``{max_hops}`` (exact only for short enough paths)."""
        return "{max_hops}" in self.code

    def fits(self, *, directed: bool | None = None, weighted: bool | None = None) -> bool:
        """Whether the template applies to a graph of this kind (None = unknown, fits anything).

        >>> t = Template("x", "networkx", "x", (), (), "yes", "any", "number", "", "", "", "", "tested")
        >>> t.fits(directed=True), t.fits(directed=False), t.fits()
        (True, False, True)
        """
        return _applies(self.directed, directed) and _applies(self.weighted, weighted)


def _applies(declared: str, actual: bool | None) -> bool:
    if actual is None or declared == "any":
        return True
    return (declared == "yes") == actual


def _split(value: str) -> tuple[str, ...]:
    return tuple(part.strip() for part in value.split(",") if part.strip() and part.strip() != "none")


def parse_template(text: str, *, name: str, dialect: str, path: str = "") -> Template:
    """Parse one template file: the header lines, then the code.

    Raises:
        TemplateError: a header key is missing, unknown, repeated or has a bad value; or no code.

    >>> t = parse_template(
    ...     "// task: node_count\\n// aliases: order\\n// parameters: none\\n// directed: any\\n"
    ...     "// weighted: any\\n// output: number\\n// complexity: O(V)\\n// description: nodes\\n"
    ...     "// verified: tested\\nMATCH (n:{node_label}) RETURN count(n) AS answer\\n",
    ...     name="node_count", dialect="ladybug")
    >>> t.task, t.parameters, t.code
    ('node_count', (), 'MATCH (n:{node_label}) RETURN count(n) AS answer')
    """
    if dialect not in DIALECTS:
        raise TemplateError(f"{path or name}: unknown dialect {dialect!r}; known: {', '.join(DIALECTS)}")
    marker = DIALECTS[dialect][1]
    header: dict[str, str] = {}
    lines = text.splitlines()
    body_start = len(lines)
    for i, line in enumerate(lines):
        stripped = line.strip()
        if not stripped.startswith(marker):
            body_start = i
            break
        content = stripped[len(marker) :].strip()
        if ":" not in content:
            raise TemplateError(f"{path or name}: header line {i + 1} is not 'key: value': {line!r}")
        key, value = (part.strip() for part in content.split(":", 1))
        if key not in REQUIRED_KEYS and key not in OPTIONAL_KEYS:
            known = ", ".join(REQUIRED_KEYS + OPTIONAL_KEYS)
            raise TemplateError(f"{path or name}: unknown header key {key!r}; allowed: {known}")
        if key in header and key not in _CONTINUED:
            raise TemplateError(f"{path or name}: header key {key!r} given twice")
        # a repeated key continues a long value, so header lines stay within the line length
        header[key] = f"{header[key]}{_CONTINUED[key]}{value}" if key in header else value
    missing = [k for k in REQUIRED_KEYS if k not in header]
    if missing:
        raise TemplateError(f"{path or name}: missing header keys: {', '.join(missing)}")
    for key, allowed in _CHOICES.items():
        if header[key] not in allowed:
            raise TemplateError(f"{path or name}: {key} must be one of {sorted(allowed)}, not {header[key]!r}")
    if not re.fullmatch(r"[a-z][a-z0-9_]*", header["task"]):
        raise TemplateError(f"{path or name}: task must be snake_case, not {header['task']!r}")
    code = "\n".join(lines[body_start:]).strip()
    if not code:
        raise TemplateError(f"{path or name}: no code after the header")
    parameters = _split(header["parameters"])
    unknown = sorted(set(re.findall(r"\{[a-z_]+\}", code)) - set(_PLACEHOLDERS)) if dialect != "networkx" else []
    if unknown:
        known = ", ".join(_PLACEHOLDERS)
        raise TemplateError(f"{path or name}: unknown placeholder(s) {', '.join(unknown)}; known: {known}")
    if dialect == "networkx" and not re.search(r"^def solve\(G\b", code, re.MULTILINE):
        raise TemplateError(f"{path or name}: a NetworkX template must define solve(G, ...)")
    if dialect != "networkx":
        used = set(_PARAM_RE.findall(code))
        if used != set(parameters):
            raise TemplateError(
                f"{path or name}: parameters {sorted(parameters)} do not match $-parameters used {sorted(used)}"
            )
    return Template(
        name=name,
        dialect=dialect,
        task=header["task"],
        aliases=tuple(a.lower() for a in _split(header["aliases"])),
        parameters=parameters,
        directed=header["directed"],
        weighted=header["weighted"],
        output=header["output"],
        complexity=header["complexity"],
        description=header["description"],
        code=code,
        path=path,
        verified=header["verified"],
        requires=_split(header.get("requires", "")),
    )


@cache
def _load_dialect(dialect: str) -> tuple[Template, ...]:
    suffix = DIALECTS[dialect][0]
    folder = ROOT / dialect
    out = []
    for file in sorted(folder.glob(f"*.{suffix}")):
        out.append(parse_template(file.read_text(encoding="utf-8"), name=file.stem, dialect=dialect, path=str(file)))
    return tuple(out)


def load_templates(dialect: str | None = None) -> list[Template]:
    """All templates of one dialect (or of every dialect), parsed once and cached.

    Raises:
        TemplateError: an unknown dialect, or a malformed file (the message names it).
    """
    if dialect is not None and dialect not in DIALECTS:
        raise TemplateError(f"unknown dialect {dialect!r}; known: {', '.join(DIALECTS)}")
    dialects = [dialect] if dialect is not None else list(DIALECTS)
    return [t for d in dialects for t in _load_dialect(d)]


# ---------------------------------------------------------------------------------- retrieval
# Hand-written scoring rather than embeddings: the corpus is ~50 short files whose wording we
# control, the refine stage's task names come from a 1.5B model and are noisy, and a scorer we
# can read makes every wrong pick debuggable by a test case. Weights: an exact task name is
# strong; an alias found verbatim in the question ("maximum flow", "in-degree") is as strong and
# grows with its length, so a specific phrase in the question beats a vague task name; single
# shared words are weak evidence, and words common to many tasks ("maximum") weaker still.
_STOP = frozenset(
    " ".join(
        [
            "a an the of in on to from for and or is are be this that there these graph graphs node nodes",
            "given give find what which how many does do between each with by as it its if any all one you",
            "need output number value q edge edges numbered directed undirected connected means weight",
            "weights i j k g yes no",
        ]
    ).split()
)
# Spelling variants the refine stage or a user may use; folded before comparing words.
_SYNONYMS = {
    "neighbours": "neighbors",
    "neighbour": "neighbor",
    "neighbor": "neighbors",
    "topology": "topological",
    "sorting": "sort",
    "sorted": "sort",
    "ordering": "order",
    "max": "maximum",
    "min": "minimum",
    "indegree": "in_degree",
    "outdegree": "out_degree",
    "hamilton": "hamiltonian",
    "cycles": "cycle",
    "cyclic": "cycle",
    "acyclic": "dag",
    "paths": "path",
    "triangles": "triangle",
    "components": "component",
    "subgraphs": "subgraph",
    "colour": "color",
    "colouring": "color",
    "coloring": "color",
    "flows": "flow",
    "matchings": "matching",
    "isomorphic": "isomorphism",
    "reachable": "reach",
    "reaches": "reach",
    "reachability": "reach",
    "shortest": "shortest",
    "eulerian": "euler",
}
_EXACT_TASK = 6.0
_ALIAS_BASE = 4.0
_ALIAS_PER_CHAR = 0.2
_TASK_WORD = 2.0
_WORD = 1.0
# Words shared by many tasks ("maximum flow", "maximum sum of weights") say little on their own.
_WEAK = frozenset({"maximum", "minimum", "path", "sum", "count", "total", "largest", "smallest", "length", "size"})
_WEAK_FACTOR = 0.25
#: Below this the best template is judged not to fit and the LLM drafts instead.
MIN_SCORE = 4.0


def _fold(text: str) -> str:
    text = text.lower().replace("in-degree", "in_degree").replace("out-degree", "out_degree")
    text = text.replace("in degree", "in_degree").replace("out degree", "out_degree")
    return text


def _words(text: str) -> set[str]:
    """Content words of a text, spelling variants folded.

    >>> sorted(_words("Give one topology sorting path of this graph."))
    ['path', 'sort', 'topological']
    """
    out = set()
    for word in re.findall(r"[a-z0-9_]+", _fold(text)):
        for part in [word, *word.split("_")] if "_" in word and word not in ("in_degree", "out_degree") else [word]:
            part = _SYNONYMS.get(part, part)
            if part and part not in _STOP and not part.isdigit():
                out.add(part)
    return out


def _phrase_in(phrase: str, text: str) -> bool:
    return re.search(r"(?<![a-z0-9_])" + re.escape(_fold(phrase)) + r"(?![a-z0-9_])", text) is not None


def score_template(template: Template, task: str, question: str) -> float:
    """How well a template fits (task name, question); higher is better, 0 means unrelated.

    >>> t = load_templates("networkx")
    >>> flow = next(x for x in t if x.name == "max_flow")
    >>> score_template(flow, "unknown", "What is the maximum flow from node 0 to node 7?") >= MIN_SCORE
    True
    """
    task_norm = re.sub(r"[^a-z0-9]+", "_", _fold(task)).strip("_")
    score = 0.0
    if task_norm and task_norm in (template.task, template.name):
        score += _EXACT_TASK
    text = _fold(f"{task.replace('_', ' ')} . {question}")
    hits = [a for a in template.aliases if a not in _WEAK and _phrase_in(a, text)]
    if hits:
        # The longest alias found counts most (a long phrase is specific); further ones a little,
        # since several aliases of one template are usually variants of the same words.
        score += _ALIAS_BASE + _ALIAS_PER_CHAR * max(len(a) for a in hits) + 0.5 * (len(hits) - 1)
    own = _words(" ".join([template.task, *template.aliases]))

    def weight(words: set[str]) -> float:
        return sum(_WEAK_FACTOR if w in _WEAK else 1.0 for w in words)

    score += _TASK_WORD * weight(_words(task) & own)
    score += _WORD * weight(_words(question) & own)
    score += 0.3 * weight(_words(question) & _words(template.description))
    return score


def find_templates(
    task: str,
    question: str,
    dialect: str,
    *,
    directed: bool | None = None,
    weighted: bool | None = None,
    k: int = 1,
    node_count: int | None = None,
    max_hops: int = LADYBUG_MAX_HOPS,
    plugins: frozenset[str] | set[str] = frozenset(),
) -> list[Template]:
    """The ``k`` best templates of ``dialect`` for a task and question; [] when none fits.

    Args:
        task: the refine stage's task name (may be noisy or ``"unknown"``).
        question: the question text; its words count as much as the task name.
        dialect: ``"networkx"`` for Python stores, else the Cypher dialect.
        directed: the graph's directedness when known; templates for the other kind are skipped.
        weighted: whether the graph has edge weights, when known.
        k: how many templates at most.
        node_count: the graph's size when known; templates with bounded variable-length
            patterns are skipped when a shortest path could exceed ``max_hops``.
        max_hops: the store's variable-length bound (ladybug's default 30).
        plugins: server plugins the store has (``Neo4jStore.plugins()``); templates that require
            another plugin (a GDS template on a server without GDS) are skipped.

    Returns:
        Templates, best first. Empty when the dialect has no template (an unknown dialect, or a
        task with no sound Cypher, such as max flow) or the best score is below ``MIN_SCORE``.
    """
    if dialect not in DIALECTS:
        return []
    scored = []
    for template in load_templates(dialect):
        if not template.fits(directed=directed, weighted=weighted):
            continue
        if template.bounded_paths and node_count is not None and node_count - 1 > max_hops:
            continue
        if not set(template.requires) <= set(plugins):
            continue
        value = score_template(template, task, question)
        # prefer a template written for exactly this kind of graph over an "any" one
        value += 0.2 * ((template.directed != "any") + (template.weighted != "any"))
        # and one that runs in a plugin the store has (GDS: linear-time algorithms) over plain Cypher
        value += 0.1 * bool(template.requires)
        scored.append((value, template.name, template))
    scored.sort(key=lambda item: (-item[0], item[1]))
    if not scored or scored[0][0] < MIN_SCORE:
        return []
    best = scored[0][0]
    # a second candidate is offered only if it is itself a plausible fit
    return [t for value, _, t in scored[:k] if value >= max(MIN_SCORE, best / 2)]


# ---------------------------------------------------------------------------------- rendering
def cypher_literal(value: Any) -> str:
    """A Cypher literal for a parameter value (the stores run code without parameters).

    >>> cypher_literal(7), cypher_literal(2.5), cypher_literal(True), cypher_literal("it's")
    ('7', '2.5', 'true', "'it\\\\'s'")

    Raises:
        TemplateError: a value that is not a finite number, bool, string or None.
    """
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise TemplateError(f"cannot write non-finite number {value!r} as a Cypher literal")
        return repr(value)
    if isinstance(value, str):
        escaped = value.replace("\\", "\\\\").replace("'", "\\'").replace("\n", "\\n").replace("\r", "\\r")
        return f"'{escaped}'"
    raise TemplateError(f"cannot write {type(value).__name__} {value!r} as a Cypher literal")


def render_cypher(
    template: Template,
    *,
    node_label: str,
    edge_type: str,
    directed: bool,
    params: dict[str, Any],
    max_hops: int = LADYBUG_MAX_HOPS,
) -> str:
    """Bind a Cypher template to a store: labels, arrow, path bound and literal parameters.

    Args:
        template: a ``ladybug`` or ``neo4j`` template.
        node_label: the node label/table, e.g. ``G_Node``.
        edge_type: the relationship type/table, e.g. ``G_EDGE``.
        directed: whether the graph is directed (``{arrow}`` becomes ``->``, else ``-``).
        params: a value for every template parameter (extra keys are ignored).
        max_hops: the bound written for ``{max_hops}``.

    Raises:
        TemplateError: a Python template, an unsafe label, a missing parameter or an unwritable value.

    >>> t = next(x for x in load_templates("ladybug") if x.name == "degree")
    >>> print(render_cypher(t, node_label="G_Node", edge_type="G_EDGE", directed=False, params={"node": 3}))
    MATCH (a:G_Node)
    WHERE a.id = 3
    OPTIONAL MATCH (a)-[e:G_EDGE]-(b:G_Node)
    RETURN count(e) AS answer
    """
    if template.dialect == "networkx":
        raise TemplateError(f"{template.name} is a Python template; only Cypher templates are rendered")
    for label in (node_label, edge_type):
        if not _LABEL_RE.match(label):
            raise TemplateError(f"unsafe label {label!r}")
    missing = [p for p in template.parameters if p not in params]
    if missing:
        raise TemplateError(f"{template.name}: no value for parameter(s) {', '.join(missing)}")
    code = (
        template.code.replace("{node_label}", node_label)
        .replace("{edge_type}", edge_type)
        .replace("{arrow}", "->" if directed else "-")
        .replace("{max_hops}", str(int(max_hops)))
    )
    # Parameters last, and in one pass, so a string value holding "$x" or "{arrow}" stays literal.
    return _PARAM_RE.sub(lambda m: cypher_literal(params[m.group(1)]), code)
