"""Verified generic templates (GRRAF's template stage C), one file each: parsing, loading and rendering.

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

Property-graph templates (a database grraf did not create, with its own labels) name the store's
labels, relationship types and property keys through identifier placeholders, filled from the
plan's parameters and always backtick-quoted (:func:`_identifier`, as ``cypher_guard.quote_identifier``):
``{:name}`` one identifier (``MATCH (a:{:entity_label})``); ``{|name}`` a list of relationship types
as a type expression, ``:`A`|`B``` (nothing for an empty list: any type); ``{~var:name}`` the first
non-null of several properties of ``var`` (``coalesce(x.`name`, x.`title`)``), for nodes of mixed
labels; and ``{<name}``/``{>name}`` the two halves of an arrow whose direction is the parameter
``name`` (``out``: ``-[...]->``, ``in``: ``<-[...]-``, ``any``: ``-[...]-``). The header lists them
under ``identifiers`` and ``directions``.

Shared helpers: NetworkX templates may take helper functions from a module of their own in
``networkx/`` whose name starts with ``_`` (not a template), with one line
``from cypher_templates.networkx._module import name, ...``. Loading replaces that line with the
module's imports and the definitions named, plus the helpers those call (:func:`inline_shared`),
so :attr:`Template.code` stays one self-contained program: it runs in a jail that sees the
interpreter and networkx, not this repository, and the LLM reads it whole.

Bounded paths: ladybug refuses variable-length patterns longer than its
``var_length_extend_max_depth`` setting (30 by default), and ``WSHORTEST`` silently stops at it.
Templates with ``{max_hops}`` are therefore exact only when every shortest path has at most
``max_hops`` edges, which is guaranteed when the graph has at most ``max_hops + 1`` nodes;
the template stage (``grraf.pipeline.template``) skips them for larger graphs.
"""

from __future__ import annotations

import ast
import math
import re
from collections.abc import Mapping, Sequence
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
    "inline_shared",
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
#: Optional header keys: ``requires`` names server plugins a template needs (``gds``, ``apoc``);
#: ``identifiers`` and ``directions`` name the placeholders of property-graph templates.
OPTIONAL_KEYS = ("requires", "identifiers", "directions")
_CHOICES = {
    "directed": {"yes", "no", "any"},
    "weighted": {"yes", "no", "any"},
    "output": {"yes/no", "number", "list", "value"},
}
_CONTINUED = {"aliases": ", ", "parameters": ", ", "identifiers": ", ", "complexity": " ", "description": " "}
_PLACEHOLDERS = ("{node_label}", "{edge_type}", "{arrow}", "{max_hops}")
_PARAM_RE = re.compile(r"\$([A-Za-z_][A-Za-z0-9_]*)")
# Property-graph placeholders: {:name} {|name} {<name} {>name} {~var:name} (see the module docstring).
_IDENT_RE = re.compile(r"\{([:|])([a-z_][a-z0-9_]*)\}")
_ARROW_RE = re.compile(r"\{([<>])([a-z_][a-z0-9_]*)\}")
_COALESCE_RE = re.compile(r"\{~([A-Za-z_][A-Za-z0-9_]*):([a-z_][a-z0-9_]*)\}")
# Everything filled from parameters, in one pass so no filled-in text is read again.
_FILL_RE = re.compile(
    r"\$(?P<param>[A-Za-z_][A-Za-z0-9_]*)|\{(?P<ident>[:|])(?P<iname>[a-z_][a-z0-9_]*)\}"
    r"|\{(?P<arrow>[<>])(?P<aname>[a-z_][a-z0-9_]*)\}|\{~(?P<var>[A-Za-z_][A-Za-z0-9_]*):(?P<cname>[a-z_][a-z0-9_]*)\}"
)
# A NetworkX template's line taking helpers from a shared module (see the module docstring).
_SHARED_RE = re.compile(r"^from cypher_templates\.networkx\.(_[a-z0-9_]+) import (.+)$", re.MULTILINE)
#: The values a direction placeholder takes, and the two halves of the arrow each writes.
ARROWS: dict[str, tuple[str, str]] = {"out": ("", ">"), "in": ("<", ""), "any": ("", "")}
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
        identifiers: names of a property-graph template's identifier placeholders (labels, types,
            property keys), filled from the plan's parameters.
        directions: names of its direction placeholders.
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
    identifiers: tuple[str, ...] = ()
    directions: tuple[str, ...] = ()

    @property
    def property_graph(self) -> bool:
        """True for a template over a property graph's own labels (identifier placeholders)."""
        return bool(self.identifiers or self.directions)

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
    if dialect == "networkx":
        code = inline_shared(code, where=path or name)
    parameters = _split(header["parameters"])
    unknown = sorted(set(re.findall(r"\{[a-z_]+\}", code)) - set(_PLACEHOLDERS)) if dialect != "networkx" else []
    if unknown:
        known = ", ".join(_PLACEHOLDERS)
        raise TemplateError(f"{path or name}: unknown placeholder(s) {', '.join(unknown)}; known: {known}")
    if dialect == "networkx" and not re.search(r"^def solve\(\s*G\b", code, re.MULTILINE):
        raise TemplateError(f"{path or name}: a NetworkX template must define solve(G, ...)")
    identifiers, directions = _split(header.get("identifiers", "")), _split(header.get("directions", ""))
    if dialect != "networkx":
        used = set(_PARAM_RE.findall(code))
        if used != set(parameters):
            raise TemplateError(
                f"{path or name}: parameters {sorted(parameters)} do not match $-parameters used {sorted(used)}"
            )
        named = {n for _, n in _IDENT_RE.findall(code)} | {n for _, n in _COALESCE_RE.findall(code)}
        if named != set(identifiers):
            raise TemplateError(
                f"{path or name}: identifiers {sorted(identifiers)} do not match the placeholders used {sorted(named)}"
            )
        arrows = {n for _, n in _ARROW_RE.findall(code)}
        if arrows != set(directions):
            raise TemplateError(
                f"{path or name}: directions {sorted(directions)} do not match the arrows used {sorted(arrows)}"
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
        identifiers=identifiers,
        directions=directions,
    )


def inline_shared(code: str, *, where: str = "", folder: Path | None = None) -> str:
    """``code`` with each ``from cypher_templates.networkx._module import a, b`` line replaced by the
    definitions of ``a``, ``b`` and of the module's helpers they call, in the module's order, after
    the module's imports that those definitions use (and ``code`` lacks).

    Inlined when loaded, not imported when run: the jail holds no copy of this package, and
    the sandbox's import allow-list admits only the libraries generated code may use.

    Raises:
        TemplateError: the module does not exist or does not define a name asked for.

    >>> code = inline_shared("from cypher_templates.networkx._property_graph import _named\\n\\n"
    ...                      "def solve(G, x):\\n    return _named(G, 'A', 'name', x)")
    >>> [line for line in code.splitlines() if line.startswith("def ")]
    ['def _has(data, label):', 'def _named(G, label, key, value):', 'def solve(G, x):']
    """
    folder = folder or ROOT / "networkx"

    def replace(match: re.Match[str]) -> str:
        module, names = match.group(1), [n.strip() for n in match.group(2).split(",") if n.strip()]
        file = folder / f"{module}.py"
        if not file.is_file():
            raise TemplateError(f"{where}: no shared module {module!r} in {folder}")
        source = file.read_text(encoding="utf-8")
        tree = ast.parse(source, filename=str(file))
        defs = {node.name: node for node in tree.body if isinstance(node, ast.FunctionDef)}
        unknown = [n for n in names if n not in defs]
        if unknown:
            raise TemplateError(f"{where}: {module} defines no {', '.join(unknown)}")
        wanted: set[str] = set()
        todo = list(names)
        while todo:
            name = todo.pop()
            if name not in wanted:
                wanted.add(name)
                todo += [n.id for n in ast.walk(defs[name]) if isinstance(n, ast.Name) and n.id in defs]
        used = {n.id for name in wanted for n in ast.walk(defs[name]) if isinstance(n, ast.Name)}
        present = set(code.splitlines())
        imports = [
            line
            for node in tree.body
            if isinstance(node, (ast.Import, ast.ImportFrom))
            and any((alias.asname or alias.name).split(".")[0] in used for alias in node.names)
            for line in [ast.get_source_segment(source, node) or ""]
            if line not in present
        ]
        chosen = [ast.get_source_segment(source, node) or "" for name, node in defs.items() if name in wanted]
        return "\n\n\n".join(part for part in ("\n".join(imports), *chosen) if part)

    return _SHARED_RE.sub(replace, code)


@cache
def _load_dialect(dialect: str) -> tuple[Template, ...]:
    suffix = DIALECTS[dialect][0]
    folder = ROOT / dialect
    out = []
    for file in sorted(folder.glob(f"*.{suffix}")):
        if file.name.startswith("_"):
            continue  # a module the templates share (see inline_shared), not a template
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
    node_label: str | None = None,
    edge_type: str | None = None,
    directed: bool | None = None,
    params: dict[str, Any],
    max_hops: int = LADYBUG_MAX_HOPS,
    identifiers: Mapping[str, str | Sequence[str]] | None = None,
    directions: Mapping[str, str] | None = None,
) -> str:
    """Bind a Cypher template to a store: labels, arrow, path bound and literal parameters.

    Args:
        template: a ``ladybug`` or ``neo4j`` template.
        node_label: the node label/table, e.g. ``G_Node`` (templates over grraf's namespaced graphs).
        edge_type: the relationship type/table, e.g. ``G_EDGE``.
        directed: whether the graph is directed (``{arrow}`` becomes ``->``, else ``-``).
        params: a value for every template parameter (extra keys are ignored).
        max_hops: the bound written for ``{max_hops}``.
        identifiers: property-graph templates: label, type or property name (or a list of them) for
            each identifier placeholder; always written backtick-quoted.
        directions: property-graph templates: ``out``, ``in`` or ``any`` for each direction placeholder.

    Raises:
        TemplateError: a Python template, an unsafe label, a missing parameter, identifier or
            direction, or an unwritable value.

    >>> t = next(x for x in load_templates("ladybug") if x.name == "degree")
    >>> print(render_cypher(t, node_label="G_Node", edge_type="G_EDGE", directed=False, params={"node": 3}))
    MATCH (a:G_Node)
    WHERE a.id = 3
    OPTIONAL MATCH (a)-[e:G_EDGE]-(b:G_Node)
    RETURN count(e) AS answer
    >>> t = parse_template(
    ...     "// task: x\\n// aliases: x\\n// parameters: entity\\n// directed: any\\n// weighted: any\\n"
    ...     "// output: list\\n// complexity: O(1)\\n// description: x\\n// verified: tested\\n"
    ...     "// identifiers: label, key, rel\\n// directions: direction\\n"
    ...     "MATCH (a:{:label})-[:{:rel}]-{>direction}(b) WHERE a.{:key} = $entity RETURN b",
    ...     name="x", dialect="neo4j")
    >>> print(render_cypher(t, params={"entity": "The Matrix"}, identifiers={"label": "Movie", "key": "title",
    ...       "rel": "ACTED_IN"}, directions={"direction": "out"}))
    MATCH (a:`Movie`)-[:`ACTED_IN`]->(b) WHERE a.`title` = 'The Matrix' RETURN b
    """
    if template.dialect == "networkx":
        raise TemplateError(f"{template.name} is a Python template; only Cypher templates are rendered")
    code = template.code
    for placeholder, value in (("{node_label}", node_label), ("{edge_type}", edge_type)):
        if placeholder not in code:
            continue
        if value is None or not _LABEL_RE.match(value):
            raise TemplateError(f"unsafe or missing label {value!r} for {placeholder} in {template.name}")
        code = code.replace(placeholder, value)
    if "{arrow}" in code:
        if directed is None:
            raise TemplateError(f"{template.name}: say whether the graph is directed")
        code = code.replace("{arrow}", "->" if directed else "-")
    code = code.replace("{max_hops}", str(int(max_hops)))
    names, arrows = dict(identifiers or {}), dict(directions or {})
    missing = [p for p in template.parameters if p not in params]
    missing += [i for i in template.identifiers if i not in names] + [d for d in template.directions if d not in arrows]
    if missing:
        raise TemplateError(f"{template.name}: no value for parameter(s) {', '.join(missing)}")

    def fill(m: re.Match[str]) -> str:
        if m.group("param"):
            return cypher_literal(params[m.group("param")])
        if m.group("ident"):
            value = names[m.group("iname")]
            if m.group("ident") == ":":
                return _identifier(value, template.name)
            types = [value] if isinstance(value, str) else list(value)
            return (":" + "|".join(_identifier(t, template.name) for t in types)) if types else ""
        if m.group("arrow"):
            direction = arrows[m.group("aname")]
            if direction not in ARROWS:
                raise TemplateError(f"{template.name}: direction must be one of {', '.join(ARROWS)}, not {direction!r}")
            return ARROWS[direction][0 if m.group("arrow") == "<" else 1]
        value = names[m.group("cname")]
        keys = [value] if isinstance(value, str) else list(value)
        if not keys:
            raise TemplateError(f"{template.name}: no property for {m.group(0)}")
        shown = [f"{m.group('var')}.{_identifier(k, template.name)}" for k in keys]
        return shown[0] if len(shown) == 1 else f"coalesce({', '.join(shown)})"

    # Parameters and identifiers last, and in one pass, so a value holding "$x" or "{:x}" stays literal.
    return _FILL_RE.sub(fill, code)


def _identifier(value: Any, template: str) -> str:
    """A backtick-quoted label, type or property name (any text is safe once quoted).

    The quoting rule of :func:`grraf.stores.cypher_guard.quote_identifier`, restated here because
    templates are data and import nothing of grraf (.importlinter); a test keeps the two equal.
    """
    if not isinstance(value, str) or not value or len(value) > 200:
        raise TemplateError(f"{template}: an identifier must be a non-empty name, not {value!r}")
    return "`" + value.replace("`", "``") + "`"
