"""Lexical guard for generated Cypher, and safe identifiers for grraf's graph namespaces.

:func:`check_cypher` is the *first* line of defence only: it refuses anything that is not
a plain read before the query reaches a database. Each Cypher store also enforces
read-only at the database (ladybug opened with ``read_only=True``; Neo4j with a READ
session plus ``EXPLAIN`` query-type check), so a trick that slips past this lexer still
cannot write.

The lexer works on tokens, not on the raw text, so that

* comments (``//``, ``/* */``) are dropped before keywords are looked for,
* keywords inside string literals (``WHERE n.name = 'CREATE'``) are ignored,
* backtick-quoted identifiers (```CREATE```) are names, not keywords, but still count
  when they spell a procedure name (``CALL `apoc`.`create`.`node`(...)``),
* full-width or otherwise compatible Unicode letters (``ＣＲＥＡＴＥ``) are folded with
  NFKC; both the original and the folded text are checked, because a folded character
  may change where a string starts.

Graph namespaces: a graph called ``NAME`` lives in node label/table ``NAME_Node`` and
relationship type/table ``NAME_EDGE`` in both Cypher stores (see :func:`node_label`).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from grraf.errors import CodeRejected, ConfigError

# Clauses that write, change schema, or touch files: refused wherever they appear as a
# clause. ladybug adds INSTALL/LOAD/ATTACH/EXPORT/IMPORT/CHECKPOINT/COPY/ALTER.
_CLAUSE_KEYWORDS: frozenset[str] = frozenset(
    {
        "CREATE",
        "MERGE",
        "SET",
        "DELETE",
        "DETACH",
        "REMOVE",
        "DROP",
        "LOAD",
        "COPY",
        "FOREACH",
        "INSTALL",
        "UNINSTALL",
        "ATTACH",
        "EXPORT",
        "IMPORT",
        "CHECKPOINT",
        "ALTER",
        "PERIODIC",
    }
)
# Commands that can only start a statement (transactions, administration, EXPLAIN/PROFILE,
# which the Neo4j store adds itself). Refused as the first token only, so that ordinary
# variable names such as `start` or `comment` stay usable.
_STATEMENT_KEYWORDS: frozenset[str] = frozenset(
    {
        "COMMENT",
        "BEGIN",
        "COMMIT",
        "ROLLBACK",
        "USE",
        "GRANT",
        "REVOKE",
        "DENY",
        "START",
        "STOP",
        "TERMINATE",
        "ENABLE",
        "TRUNCATE",
        "RENAME",
        "DRYRUN",
        "ANALYZE",
        "EXPLAIN",
        "PROFILE",
    }
)
# After these a keyword-looking word is a name (variable, alias, property, label).
_NAME_BEFORE: frozenset[str] = frozenset({".", ":", "$", "AS"})
_NAME_AFTER: frozenset[str] = frozenset({":", ".", ")", "]", ",", "}", "="})

# SHOW is an administration command; only these harmless listings are let through.
_SHOW_ALLOWED: frozenset[str] = frozenset({"INDEX", "INDEXES", "CONSTRAINT", "CONSTRAINTS", "FUNCTIONS", "PROCEDURES"})

# Procedure and function namespaces that write, run arbitrary Cypher, touch files or the
# server. Matched on the lower-cased dotted name, anywhere (CALL or function call).
_FORBIDDEN_PREFIXES: tuple[str, ...] = (
    "apoc.create.",
    "apoc.merge.",
    "apoc.refactor.",
    "apoc.periodic.",
    "apoc.load.",
    "apoc.import.",
    "apoc.export.",
    "apoc.cypher.",
    "apoc.do.",
    "apoc.trigger.",
    "apoc.schema.assert",
    "apoc.nodes.delete",
    "apoc.nodes.link",
    "apoc.atomic.",
    "apoc.lock.",
    "apoc.systemdb.",
    "apoc.custom.",
    "apoc.uuid.",
    "apoc.ttl.",
    "apoc.static.set",
    "apoc.log.",
    "apoc.graph.fromcypher",
    "db.create",
    "db.index.fulltext.create",
    "db.index.fulltext.drop",
    "db.clear",
    "db.checkpoint",
    "dbms.",
    "tx.",
    "gds.graph.drop",
    "gds.graph.export",
    "gds.graph.writ",
    "gds.graph.nodeproperties.write",
    "gds.graph.relationship.write",
    "gds.alpha.graph.",
)
# gds.<algo>.write / .mutate (and writeNodeProperties etc.) anywhere in the name.
_FORBIDDEN_PARTS: frozenset[str] = frozenset({"write", "mutate"})
# ladybug's table functions that build or drop indexes and projections.
_FORBIDDEN_FUNCTION_RE = re.compile(r"^(create|drop|clear|import|export|install|load)_", re.IGNORECASE)

_TOKEN_RE = re.compile(
    r"""
    (?P<ws>\s+)
  | (?P<line_comment>//[^\n]*)
  | (?P<block_comment>/\*.*?\*/)
  | (?P<open_comment>/\*)
  | (?P<string>'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")
  | (?P<open_string>['"])
  | (?P<backtick>`(?:[^`]|``)*`)
  | (?P<open_backtick>`)
  | (?P<word>[^\W\d]\w*)
  | (?P<number>\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)
  | (?P<punct>.)
    """,
    re.VERBOSE | re.DOTALL,
)

_GRAPH_NAME_RE = re.compile(r"^[A-Za-z][A-Za-z0-9_]{0,47}$")


@dataclass(frozen=True)
class _Token:
    kind: str  # "word", "ident" (backtick-quoted), "string", "number", "punct"
    text: str  # for words: upper-cased; for idents: the unquoted name


def _tokens(code: str) -> list[_Token]:
    """Split Cypher into tokens, dropping whitespace and comments.

    Raises:
        CodeRejected: an unterminated comment, string or quoted identifier.
    """
    out: list[_Token] = []
    for m in _TOKEN_RE.finditer(code):
        kind = m.lastgroup or "punct"
        text = m.group()
        if kind in ("ws", "line_comment", "block_comment"):
            continue
        if kind.startswith("open_"):
            raise CodeRejected(f"unterminated {kind.removeprefix('open_').replace('_', ' ')} in query")
        if kind == "word":
            out.append(_Token("word", text.upper()))
        elif kind == "backtick":
            out.append(_Token("ident", text[1:-1].replace("``", "`")))
        else:
            out.append(_Token(kind, text))
    return out


def _dotted_names(tokens: list[_Token]) -> list[tuple[int, str]]:
    """Every dotted name (``apoc.create.node``) that is followed by ``(``, with its start index.

    Property accesses (``n.weight``) are not followed by ``(``; a bare function
    (``show_tables(``) is returned as a one-part name.
    """
    names: list[tuple[int, str]] = []
    i = 0
    while i < len(tokens):
        if tokens[i].kind in ("word", "ident") and (i == 0 or tokens[i - 1].text != "."):
            parts = [tokens[i].text]
            j = i + 1
            while j + 1 < len(tokens) and tokens[j].text == "." and tokens[j + 1].kind in ("word", "ident"):
                parts.append(tokens[j + 1].text)
                j += 2
            if j < len(tokens) and tokens[j].text == "(":
                names.append((i, ".".join(parts).lower()))
            i = j
        else:
            i += 1
    return names


def _check_tokens(tokens: list[_Token]) -> None:
    if not tokens:
        raise CodeRejected("empty query")
    # A trailing semicolon is harmless; any other one separates statements.
    body = tokens[:-1] if tokens[-1].text == ";" else tokens
    if any(t.text == ";" for t in body):
        raise CodeRejected("multiple statements are not allowed; send one read query")
    first = body[0]
    if first.kind == "word" and first.text in _STATEMENT_KEYWORDS:
        raise CodeRejected(f"only read queries are allowed: {first.text} is not permitted")
    for i, tok in enumerate(body):
        if tok.kind != "word":
            continue
        prev = body[i - 1].text if i > 0 else ""
        nxt = body[i + 1] if i + 1 < len(body) else None
        if tok.text in _CLAUSE_KEYWORDS:
            # n.set, :Create label, $delete parameter, `AS copy`, (start:Label): names, not clauses.
            if i > 0 and (prev in _NAME_BEFORE or nxt is None or nxt.text in _NAME_AFTER):
                continue
            raise CodeRejected(f"only read queries are allowed: {tok.text} is not permitted")
        if tok.text == "USE" and prev == "{":
            raise CodeRejected("only read queries on this database are allowed: USE is not permitted")
        if tok.text == "SHOW" and i == 0 and not (nxt and nxt.kind == "word" and nxt.text in _SHOW_ALLOWED):
            raise CodeRejected("only read queries are allowed: SHOW administration commands are not permitted")
        if tok.text == "IN" and nxt and nxt.kind == "word" and nxt.text in ("TRANSACTIONS", "TRANSACTION"):
            raise CodeRejected("CALL { ... } IN TRANSACTIONS is not permitted")
        if tok.text == "CALL" and nxt and nxt.kind in ("word", "ident"):
            # ladybug's `CALL timeout=...` / `CALL threads=...` change connection settings.
            after = body[i + 2] if i + 2 < len(body) else None
            if after is not None and after.text == "=":
                raise CodeRejected("changing settings with CALL name=value is not permitted")
    for _, name in _dotted_names(body):
        parts = name.split(".")
        if name.startswith(_FORBIDDEN_PREFIXES) or (
            len(parts) > 1 and parts[0] == "gds" and any(p in _FORBIDDEN_PARTS or p.startswith("write") for p in parts)
        ):
            raise CodeRejected(f"procedure or function {name} may write or administer the database; not permitted")
        if len(parts) == 1 and _FORBIDDEN_FUNCTION_RE.match(name):
            raise CodeRejected(f"procedure {name} changes the database; not permitted")


def check_cypher(code: str) -> None:
    """Refuse anything that is not a single read-only Cypher query.

    Args:
        code: the generated query.

    Raises:
        CodeRejected: with a short reason the LLM can act on.

    >>> check_cypher("MATCH (n:G_Node) WHERE n.name = 'CREATE' RETURN count(n) AS answer")
    >>> check_cypher("MATCH (n) DETACH DELETE n")
    Traceback (most recent call last):
    ...
    grraf.errors.CodeRejected: only read queries are allowed: DETACH is not permitted
    """
    if not isinstance(code, str):
        raise CodeRejected("query must be text")
    folded = unicodedata.normalize("NFKC", code)
    _check_tokens(_tokens(code))
    if folded != code:
        _check_tokens(_tokens(folded))


def validate_graph_name(name: str) -> str:
    """Return ``name`` if it can be a graph namespace, else raise ConfigError.

    Names start with a letter, hold letters, digits and ``_`` (at most 48), and may not
    contain ``__``, which grraf reserves for staging namespaces during a reload.

    >>> validate_graph_name("flow_8")
    'flow_8'
    """
    if not isinstance(name, str) or not _GRAPH_NAME_RE.match(name) or "__" in name:
        raise ConfigError(
            f"invalid graph name {name!r}: use a letter followed by letters, digits or single underscores "
            "(at most 48 characters), e.g. flow_8"
        )
    return name


def node_label(graph: str) -> str:
    """Node label (Neo4j) or node table (ladybug) of graph ``graph``.

    >>> node_label("flow_8")
    'flow_8_Node'
    """
    return f"{graph}_Node"


def edge_type(graph: str) -> str:
    """Relationship type (Neo4j) or relationship table (ladybug) of graph ``graph``.

    >>> edge_type("flow_8")
    'flow_8_EDGE'
    """
    return f"{graph}_EDGE"


def quote_identifier(name: str) -> str:
    """Backtick-quote a label, type or property name for Cypher.

    >>> quote_identifier("a`b")
    '`a``b`'
    """
    return "`" + name.replace("`", "``") + "`"
