"""The gate for generated Cypher: a tokenizer, an allowlist of read clauses, and grraf's graph namespaces.

:func:`check_cypher` refuses everything that is not one plain read query before it reaches a
database, with a message the LLM can act on (which word, where, and what to write instead).
It is the first of several layers, not the boundary: ladybug queries run in a jailed worker
that sees only the database file, read-only and under a memory limit; Neo4j queries run in a
READ transaction whose ``EXPLAIN`` plan is checked. What the gate cannot see (a resource bomb
built from non-literal values, say) those layers stop.

How it works, and why it is hand-written: no maintained Python parser covers both dialects
(ladybug's Kùzu grammar and Neo4j 5), and a parser that accepted less than the databases
accept would be useless, while one that accepted more would be a bypass. So the gate lexes
exactly like the two databases do and then checks *positions*, not a full grammar:

1. **Characters.** The query is NFKC-normalised and checked, and the text the database will
   actually run is checked as well (a full-width ``ＣＲＥＡＴＥ`` is refused by name; a
   full-width quote cannot move a string's boundary unnoticed). Outside string literals only
   printable ASCII, tab and newline are accepted: a control character, a format character
   (Unicode category Cf, e.g. U+180E, U+200B, U+FEFF) or any non-ASCII whitespace is refused
   with its code point and position, because ladybug treats U+180E and friends as whitespace
   while Python's ``\\s`` does not, which is how ``CHECKPOINT`` was smuggled past the old lexer.
2. **Tokens.** Backtick-quoted identifiers (doubled backticks inside), single- and
   double-quoted strings (only the escapes both databases accept), ``//`` and ``/* */``
   comments (a block comment whose end the two databases would place differently is refused),
   numbers, ``$parameters`` and operators. Keywords are recognised only as bare word tokens:
   a property called ``load``, a string ``'DELETE'`` or an identifier ```AS``` is a name.
3. **Clauses.** Every position where either database could begin a clause must hold one of
   MATCH, OPTIONAL MATCH, WHERE, WITH, UNWIND, RETURN, ORDER BY, SKIP, LIMIT, UNION [ALL], or
   CALL of a listed read-only procedure / table function (or ``CALL { subquery }`` whose body
   passes the same checks). Anything else there (CREATE, LOAD, COPY, CHECKPOINT, FOREACH, ...)
   is refused, as is a word the gate does not know at such a position: an allowlist, not a
   list of known-bad words.
4. **Visible resource bombs.** ``range()``, ``repeat()``, ``lpad()``/``rpad()`` with literal
   arguments beyond a bound, and absurdly long or deeply nested queries.

Graph namespaces: a graph called ``NAME`` lives in node label/table ``NAME_Node`` and
relationship type/table ``NAME_EDGE`` in both Cypher stores (see :func:`node_label`).
"""

from __future__ import annotations

import math
import re
import unicodedata
from dataclasses import dataclass
from typing import Literal

from grraf.errors import CodeRejected, ConfigError

__all__ = [
    "LADYBUG_CALLABLE",
    "MAX_QUERY_CHARS",
    "MAX_RANGE_ELEMENTS",
    "NEO4J_PROCEDURES",
    "Dialect",
    "Token",
    "check_cypher",
    "edge_type",
    "node_label",
    "quote_identifier",
    "tokenize",
    "validate_graph_name",
]

Dialect = Literal["ladybug", "neo4j"]

#: Longest query accepted; generated queries are a few hundred characters.
MAX_QUERY_CHARS = 20_000
#: Deepest nesting of (), [] and {} accepted (ANTLR parsers recurse on it).
MAX_NESTING = 64
#: Elements one ``range()`` with literal bounds may produce, and the product over all of them
#: in one query (two ``UNWIND range(...)`` multiply rows). A bound the gate can see; the jail's
#: memory limit is the real boundary for what it cannot (``range(1, toInteger($x))``).
MAX_RANGE_ELEMENTS = 1_000_000
MAX_RANGE_PRODUCT = 10_000_000
#: Longest string ``repeat``/``lpad``/``rpad`` may build from a literal length.
MAX_STRING_BUILD = 1_000_000


# --------------------------------------------------------------------------- allowlists
def _names(text: str) -> tuple[str, ...]:
    """Whitespace-separated names, so long lists read as one block of text."""
    return tuple(text.split())


#: ladybug's read-only table functions for ``CALL name(...)`` (docs.ladybugdb.com, Cypher > Call).
#: Left out on purpose: ``clear_warnings`` (changes state), ``project_graph``/``drop_projected_graph``
#: and every ``create_*``/``drop_*`` index function, and the algorithm extension (needs ``LOAD``).
LADYBUG_CALLABLE: frozenset[str] = frozenset(
    _names(
        """
        show_tables table_info show_connection current_setting db_version show_functions show_warnings
        show_attached_databases show_official_extensions show_loaded_extensions show_indexes
        show_projected_graphs projected_graph_info
        """
    )
)

# GDS algorithms whose stream / stats / estimate modes only read (write and mutate modes are
# never listed). Names as GDS 2.x spells them; tiers alpha./beta. are accepted in front.
_GDS_ALGORITHMS: tuple[str, ...] = tuple(
    _names(
        """
        pageRank articleRank eigenvector betweenness degree closeness closeness.harmonic harmonic hits celf
        influenceMaximization.celf louvain leiden labelPropagation sllpa wcc scc triangleCount
        localClusteringCoefficient kcore k1coloring modularityOptimization modularity conductance maxkcut
        approxMaximumKCut kmeans nodeSimilarity nodeSimilarity.filtered knn knn.filtered
        shortestPath.dijkstra shortestPath.astar shortestPath.yens allShortestPaths
        allShortestPaths.dijkstra allShortestPaths.delta bellmanFord bfs dfs randomWalk spanningTree
        kSpanningTree steinerTree prizeSteinerTree dag.topologicalSort dag.longestPath maxFlow
        cliqueCounting triangles fastRP node2vec hashgnn
        """
    )
)
_GDS_MODES = ("stream", "stats", "stream.estimate", "stats.estimate")

#: Neo4j procedures ``CALL`` may name (compared case-insensitively).
NEO4J_PROCEDURES: frozenset[str] = frozenset(
    {
        "db.labels",
        "db.relationshiptypes",
        "db.propertykeys",
        "db.schema.visualization",
        "db.schema.nodetypeproperties",
        "db.schema.reltypeproperties",
        "gds.graph.list",
        "gds.graph.exists",
        "gds.version",
        "gds.list",
        "apoc.meta.schema",
        "apoc.meta.stats",
        "apoc.meta.data",
        "apoc.meta.nodetypeproperties",
        "apoc.meta.reltypeproperties",
        "apoc.path.expand",
        "apoc.path.expandconfig",
        "apoc.path.subgraphnodes",
        "apoc.path.subgraphall",
        "apoc.path.spanningtree",
        "apoc.algo.dijkstra",
        "apoc.algo.astar",
        "apoc.algo.allsimplepaths",
        "apoc.neighbors.tohop",
        "apoc.neighbors.byhop",
        "apoc.neighbors.athop",
    }
    | {
        f"gds.{tier}{algo.lower()}.{mode}"
        for tier in ("", "alpha.", "beta.")
        for algo in _GDS_ALGORITHMS
        for mode in _GDS_MODES
    }
)

# Namespaced functions usable in Neo4j expressions: Cypher's own temporal/spatial/vector
# namespaces and read-only GDS/APOC helpers. A name matches an entry ending in "." by prefix.
_NEO4J_FUNCTIONS: tuple[str, ...] = tuple(
    _names(
        """
        point. date. datetime. localdatetime. localtime. time. duration. vector.similarity.
        db.namefromelementid gds.util.asnode gds.util.asnodes gds.util.nodeproperty gds.util.isfinite
        gds.util.isinfinite gds.util.infinity gds.similarity. gds.alpha.similarity. gds.version
        gds.graph.exists apoc.coll. apoc.map. apoc.text. apoc.math. apoc.number. apoc.convert. apoc.agg.
        apoc.node. apoc.nodes. apoc.any. apoc.label. apoc.rel. apoc.meta.cypher. apoc.path. apoc.date.
        apoc.temporal. apoc.hashing. apoc.scoring. apoc.bitwise. apoc.json.path apoc.util.md5
        apoc.util.sha1 apoc.util.sha256 apoc.util.sha384 apoc.util.sha512
        """
    )
)
# Undotted functions are the databases' built-ins (ladybug alone has over a thousand), all
# read-only except these, which change state or build indexes.
_FORBIDDEN_FUNCTION_RE = re.compile(
    r"^(?:(?:create|drop|clear|import|export|install|load|attach|detach|project)_\w*|nextval|setval)$",
    re.IGNORECASE,
)

# SHOW commands (Neo4j only) that merely list the schema or the callable procedures.
_SHOW_LISTINGS: frozenset[str] = frozenset(
    {"INDEX", "INDEXES", "CONSTRAINT", "CONSTRAINTS", "FUNCTION", "FUNCTIONS", "PROCEDURE", "PROCEDURES"}
)
_SHOW_MODIFIERS: frozenset[str] = frozenset(
    _names(
        """
        ALL RANGE TEXT POINT LOOKUP FULLTEXT VECTOR UNIQUE UNIQUENESS KEY EXIST EXISTENCE NODE RELATIONSHIP
        REL PROPERTY TYPE BUILT IN USER DEFINED
        """
    )
)

# --------------------------------------------------------------------------- keyword classes
# Clause words the gate accepts where a clause may start.
_CLAUSES: frozenset[str] = frozenset(
    {"MATCH", "OPTIONAL", "WHERE", "WITH", "UNWIND", "RETURN", "ORDER", "SKIP", "OFFSET", "LIMIT", "UNION", "CALL"}
)
# Words that may follow a complete operand inside an expression or pattern: operators,
# CASE parts, sort directions, and the path-pattern words of both dialects (ladybug's
# ``* ALL SHORTEST``, ``* TRAIL``; Neo4j's ``ANY SHORTEST``, ``SHORTEST 2 GROUPS``).
_INFIX: frozenset[str] = frozenset(
    _names(
        """
        AND OR XOR NOT IN IS STARTS ENDS CONTAINS AS ASC ASCENDING DESC DESCENDING WHEN THEN ELSE END NULL
        TRUE FALSE YIELD ALL ANY SHORTEST WSHORTEST TRAIL ACYCLIC WALK GROUPS GROUP PATH PATHS
        """
    )
)
# Words after which a name is the only thing either database accepts, so a keyword-looking
# word there (``RETURN copy``, ``{load: 1}``) cannot start a clause.
_NAME_AFTER_WORDS: frozenset[str] = frozenset(
    _names(
        """
        RETURN WITH UNWIND WHERE BY SKIP OFFSET LIMIT AND OR XOR NOT IN IS WHEN THEN ELSE YIELD CONTAINS
        """
    )
)
_NAME_AFTER_PUNCT: frozenset[str] = frozenset(
    {"(", "[", "{", ",", "=", "<>", "!=", "<", ">", "<=", ">=", "+", "-", "/", "%", "^", "=~", "..", ":="}
)
# Clause and statement words of either database that the gate never runs. Used to refuse
# them by name even where the clause check alone would call them "unknown".
_FORBIDDEN: dict[str, str] = {}
for _words, _hint in (
    (
        ("CREATE", "MERGE", "SET", "DELETE", "DETACH", "NODETACH", "REMOVE", "INSERT", "FOREACH", "DROP", "ALTER"),
        "queries are read-only: compute the answer with MATCH ... RETURN instead of changing the graph",
    ),
    (
        ("LOAD", "COPY", "EXPORT", "IMPORT", "INSTALL", "UNINSTALL", "FORCE", "UPDATE", "ATTACH", "USE"),
        "the query can read only the graph already loaded; files, URLs, extensions and other databases "
        "are out of reach",
    ),
    (
        ("CHECKPOINT", "BEGIN", "COMMIT", "ROLLBACK", "TRANSACTION", "TRANSACTIONS"),
        "send one read query on its own; grraf manages transactions",
    ),
    (
        ("EXPLAIN", "PROFILE"),
        "send the query itself; grraf checks its plan",
    ),
    (
        (
            "COMMENT",
            "RENAME",
            "GRANT",
            "REVOKE",
            "DENY",
            "START",
            "STOP",
            "TERMINATE",
            "ENABLE",
            "TRUNCATE",
            "DRYRUN",
            "ANALYZE",
            "PROJECT",
            "HINT",
            "FINISH",
            "FILTER",
            "LET",
            "NEXT",
            "SHOW",
        ),
        "administration is not available; use MATCH, WITH, UNWIND, CALL of a listed procedure and RETURN",
    ),
):
    for _word in _words:
        _FORBIDDEN[_word] = _hint

_ALLOWED_SUMMARY = (
    "allowed: MATCH, OPTIONAL MATCH, WHERE, WITH, UNWIND, RETURN, ORDER BY, SKIP, LIMIT, UNION [ALL], "
    "CALL of a read-only procedure and CALL { subquery }"
)

# --------------------------------------------------------------------------- tokens
_MULTI_OPS = ("<>", "<=", ">=", "=~", "->", "<-", "..", "::", ":=", "+=", "!=", "||", "<<", ">>")
_SINGLE_OPS = frozenset("()[]{},.:;|+-*/%^=<>!&?")
_WORD_RE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_DIGITS_RE = re.compile(r"[0-9]+")
_NUMBER_RE = re.compile(r"0[xX][0-9A-Fa-f_]+|0[oO][0-7_]+|[0-9][0-9_]*(?:\.[0-9][0-9_]*)?(?:[eE][+-]?[0-9_]+)?")
# Escapes accepted inside string literals: the set both databases define. \u/\U may not
# encode a character that would end a string or a line should a lexer decode them early.
_ESCAPES = frozenset("\\'\"bfnrtBFNRT")
_DANGEROUS_DECODED = frozenset("'\"`\\/*\n\r")

_GRAPH_NAME_RE = re.compile(r"^[A-Za-z][A-Za-z0-9_]{0,47}$")


@dataclass(frozen=True)
class Token:
    """One token of a Cypher query.

    Attributes:
        kind: ``word`` (bare identifier or keyword), ``ident`` (backtick-quoted name),
            ``string``, ``number``, ``param`` (``$name``) or ``op`` (punctuation and operators).
        text: words upper-cased; idents unquoted (doubled backticks undone); params without
            ``$``; strings and numbers as written.
        pos: offset of the token's first character in the query.
        raw: the token exactly as written (for messages).
    """

    kind: str
    text: str
    pos: int
    raw: str = ""

    def shown(self) -> str:
        """The token as the LLM wrote it, for messages."""
        return self.raw or self.text


def _where(code: str, pos: int) -> str:
    """``line L, column C`` (1-based) of offset ``pos``.

    >>> _where("MATCH (n)\\nRETURN n", 10)
    'line 2, column 1'
    """
    line = code.count("\n", 0, pos) + 1
    column = pos - (code.rfind("\n", 0, pos) + 1) + 1
    return f"line {line}, column {column}"


_CONTROL_NAMES = {
    "\x00": "NULL",
    "\t": "TAB",
    "\n": "LINE FEED",
    "\x0b": "LINE TABULATION",
    "\x0c": "FORM FEED",
    "\r": "CARRIAGE RETURN",
    "\x1c": "FILE SEPARATOR",
    "\x1d": "GROUP SEPARATOR",
    "\x1e": "RECORD SEPARATOR",
    "\x1f": "UNIT SEPARATOR",
    "\x7f": "DELETE",
    "\x85": "NEXT LINE",
}


def _describe_char(ch: str) -> str:
    """``U+180E (MONGOLIAN VOWEL SEPARATOR)``.

    >>> _describe_char("\\u200b")
    'U+200B (ZERO WIDTH SPACE)'
    """
    name = unicodedata.name(ch, "") or _CONTROL_NAMES.get(ch, "")
    return f"U+{ord(ch):04X}" + (f" ({name})" if name else "")


def _char_problem(ch: str) -> str | None:
    """Why ``ch`` may not appear outside a string literal (in code, comments, quoted names), or None."""
    category = unicodedata.category(ch)
    if category == "Cf":
        return "format character"
    if category.startswith("C"):
        return "control character"
    if ch != " " and (ch.isspace() or category.startswith("Z")):
        return "non-ASCII whitespace"
    return None


def _refuse_char(code: str, pos: int, where: str) -> CodeRejected:
    """The error for a character that may not stand where it does."""
    ch = code[pos]
    problem = _char_problem(ch)
    if problem is None:
        return CodeRejected(
            f"non-ASCII character {_describe_char(ch)} at {_where(code, pos)} {where} is not allowed: write keywords "
            "and names in plain ASCII, or quote the name with backticks"
        )
    return CodeRejected(
        f"{problem} {_describe_char(ch)} at {_where(code, pos)} {where} is not allowed: use plain spaces and "
        "newlines (a database may read this character as whitespace where a reader sees none)"
    )


def _check_quoted(code: str, start: int, end: int, where: str) -> None:
    """Characters inside a comment or a backtick-quoted name: no control, format or odd whitespace."""
    for pos in range(start, end):
        ch = code[pos]
        if ch in "\t\n" or (ch == "\r" and code.startswith("\n", pos + 1)):
            continue
        if ch == "\\" and where == "in a comment" and code[pos + 1 : pos + 2] in ("u", "U"):
            # A lexer that decoded \\uXXXX before lexing (as Java does) would see a different comment.
            raise CodeRejected(f"a \\u escape at {_where(code, pos)} {where} is not allowed; remove it")
        if (ch < " " or ord(ch) > 0x7E) and _char_problem(ch):
            raise _refuse_char(code, pos, where)


def _block_comment_end(code: str, start: int) -> int:
    """Index just after the ``*/`` ending the block comment opened at ``start``; -1 if none.

    Neo4j ends a block comment at the first ``*/``. ladybug's grammar (Kùzu's
    ``'/*' ( ~[*] | '*' ~[/] )* '*/'``) consumes a ``*`` together with the next character,
    so in ``/* a **/`` the comment does not end. Where the two disagree the query is refused:
    text one database reads as a comment would be code to the other.
    """
    first = code.find("*/", start + 2)
    pos = start + 2
    kuzu = -1
    while pos < len(code):
        if code[pos] == "*":
            if code.startswith("/", pos + 1):
                kuzu = pos + 2
                break
            pos += 2
        else:
            pos += 1
    standard = -1 if first < 0 else first + 2
    if standard != kuzu:
        raise CodeRejected(
            f"the block comment at {_where(code, start)} ends at different places for different Cypher "
            "parsers (a '*' right before '*/'); remove the comment or use // comments"
        )
    return standard


def _string_end(code: str, start: int) -> int:
    """Index just after the string literal opened at ``start``; validates its escapes."""
    quote = code[start]
    pos = start + 1
    while pos < len(code):
        ch = code[pos]
        if ch == quote:
            return pos + 1
        if ch == "\x00":
            raise CodeRejected(f"a NUL character at {_where(code, pos)} is not allowed, not even in a string")
        if ch == "\\":
            nxt = code[pos + 1 : pos + 2]
            if nxt in _ESCAPES and nxt:
                pos += 2
                continue
            digits = 4 if nxt == "u" else 8 if nxt == "U" else 0
            hex_part = code[pos + 2 : pos + 2 + digits]
            if digits and len(hex_part) == digits and all(c in "0123456789abcdefABCDEF" for c in hex_part):
                value = int(hex_part, 16)
                if value > 0x10FFFF or chr(value) in _DANGEROUS_DECODED or value < 0x20:
                    raise CodeRejected(
                        f"the escape \\{nxt}{hex_part} at {_where(code, pos)} encodes a quote, backslash, comment or "
                        "control character; write the character another way"
                    )
                pos += 2 + digits
                continue
            raise CodeRejected(
                f"unknown escape \\{nxt} in the string at {_where(code, start)}; "
                "use \\\\ \\' \\\" \\n \\t \\r \\b \\f or \\uXXXX"
            )
        pos += 1
    raise CodeRejected(f"unterminated string starting at {_where(code, start)}; close it with {quote}")


def tokenize(code: str) -> list[Token]:
    """Split one Cypher query into tokens, dropping whitespace and comments.

    Lexes the way ladybug (Kùzu's ANTLR grammar) and Neo4j 5 both do; wherever they would
    differ, or a character is one the databases treat as whitespace but a reader would not, it
    refuses rather than guess.

    Raises:
        CodeRejected: an unterminated or ambiguous comment, string or quoted name; a control,
            format, non-ASCII or otherwise unexpected character outside string literals.

    >>> [(t.kind, t.text) for t in tokenize("RETURN n.x AS `AS` // note")]
    [('word', 'RETURN'), ('word', 'N'), ('op', '.'), ('word', 'X'), ('word', 'AS'), ('ident', 'AS')]
    """
    out: list[Token] = []
    pos, end = 0, len(code)
    while pos < end:
        ch = code[pos]
        if ch in " \t\n":
            pos += 1
        elif ch == "\r":
            # ladybug ends a // comment only at \\n or \\r\\n; a lone \\r is refused everywhere.
            if not code.startswith("\n", pos + 1):
                raise _refuse_char(code, pos, "outside a string literal")
            pos += 2
        elif code.startswith("//", pos):
            stop = len(code)
            for terminator in ("\n", "\r"):
                found = code.find(terminator, pos)
                if found >= 0:
                    stop = min(stop, found)
            _check_quoted(code, pos, stop, "in a comment")
            pos = stop
        elif code.startswith("/*", pos):
            stop = _block_comment_end(code, pos)
            if stop < 0:
                raise CodeRejected(f"unterminated block comment starting at {_where(code, pos)}; close it with */")
            _check_quoted(code, pos, stop, "in a comment")
            pos = stop
        elif ch in "'\"":
            stop = _string_end(code, pos)
            out.append(Token("string", code[pos:stop], pos, code[pos:stop]))
            pos = stop
        elif ch == "`":
            stop = pos + 1
            while True:
                close = code.find("`", stop)
                if close < 0:
                    raise CodeRejected(
                        f"unterminated quoted name starting at {_where(code, pos)}; close it with a backtick"
                    )
                if code.startswith("`", close + 1):  # a doubled backtick is a literal one
                    stop = close + 2
                    continue
                break
            _check_quoted(code, pos + 1, close, "in a quoted name")
            out.append(Token("ident", code[pos + 1 : close].replace("``", "`"), pos, code[pos : close + 1]))
            pos = close + 1
        elif ch == "$":
            nxt = code[pos + 1 : pos + 2]
            word = _WORD_RE.match(code, pos + 1) or _DIGITS_RE.match(code, pos + 1)
            if word:
                out.append(Token("param", word.group(), pos, code[pos : word.end()]))
                pos = word.end()
            elif nxt == "`":
                close = code.find("`", pos + 2)
                if close < 0:
                    raise CodeRejected(f"unterminated quoted parameter name at {_where(code, pos)}")
                _check_quoted(code, pos + 2, close, "in a quoted name")
                out.append(Token("param", code[pos + 2 : close], pos, code[pos : close + 1]))
                pos = close + 1
            else:
                raise CodeRejected(f"'$' at {_where(code, pos)} must be followed by a parameter name")
        elif ch.isascii() and (ch.isalpha() or ch == "_"):
            word = _WORD_RE.match(code, pos)
            assert word is not None  # the first character matches by the test above
            out.append(Token("word", word.group().upper(), pos, word.group()))
            pos = word.end()
        elif ch.isascii() and ch.isdigit():
            number = _NUMBER_RE.match(code, pos)
            assert number is not None
            out.append(Token("number", number.group(), pos, number.group()))
            pos = number.end()
        else:
            op = next((o for o in _MULTI_OPS if code.startswith(o, pos)), None)
            if op is None and ch in _SINGLE_OPS:
                op = ch
            if op is None:
                if ch.isascii() and ch.isprintable():
                    raise CodeRejected(f"unexpected character {ch!r} at {_where(code, pos)} outside a string literal")
                raise _refuse_char(code, pos, "outside a string literal")
            out.append(Token("op", op, pos, op))
            pos += len(op)
    return out


# --------------------------------------------------------------------------- constant folding
def _fold(tokens: list[Token]) -> float | None:
    """The value of an argument made only of number literals, + - * / % ^ and parentheses; else None.

    Why hand-written: the arguments are Cypher tokens, and evaluating them with Python's
    ``eval``/``ast`` would mean translating Cypher to Python first; a dozen lines of
    precedence climbing over the tokens is smaller and cannot run anything.

    >>> _fold(tokenize("3e9")), _fold(tokenize("10^6 * (2 + 1)")), _fold(tokenize("n.x"))
    (3000000000.0, 3000000.0, None)
    """
    pos = 0

    def atom() -> float | None:
        nonlocal pos
        if pos >= len(tokens):
            return None
        tok = tokens[pos]
        if tok.text in ("-", "+"):
            pos += 1
            value = atom()
            return None if value is None else (-value if tok.text == "-" else value)
        if tok.text == "(":
            pos += 1
            value = expr(0)
            if value is None or pos >= len(tokens) or tokens[pos].text != ")":
                return None
            pos += 1
            return value
        if tok.kind == "number":
            pos += 1
            text = tok.text.replace("_", "").lower()
            try:
                if text.startswith("0x"):
                    return float(int(text, 16))
                if text.startswith("0o"):
                    return float(int(text[2:], 8))
                return float(text)
            except ValueError:
                return None
        return None

    binding = {"+": 1, "-": 1, "*": 2, "/": 2, "%": 2, "^": 3}

    def expr(min_power: int) -> float | None:
        nonlocal pos
        left = atom()
        while left is not None and pos < len(tokens) and binding.get(tokens[pos].text, 0) > min_power:
            op = tokens[pos].text
            pos += 1
            right = expr(binding[op] if op != "^" else binding[op] - 1)
            if right is None:
                return None
            try:
                left = {
                    "+": lambda a, b: a + b,
                    "-": lambda a, b: a - b,
                    "*": lambda a, b: a * b,
                    "/": lambda a, b: a / b,
                    "%": lambda a, b: math.fmod(a, b),
                    "^": lambda a, b: a**b,
                }[op](left, right)
            except (ZeroDivisionError, OverflowError, ValueError):
                return math.inf
        return left

    value = expr(0)
    return value if pos == len(tokens) else None


def _split_args(tokens: list[Token]) -> list[list[Token]]:
    """Top-level comma-separated arguments of a call's token list (without the parentheses)."""
    args: list[list[Token]] = [[]]
    depth = 0
    for tok in tokens:
        if tok.kind == "op" and tok.text in "([{":
            depth += 1
        elif tok.kind == "op" and tok.text in ")]}":
            depth -= 1
        if depth == 0 and tok.kind == "op" and tok.text == ",":
            args.append([])
        else:
            args[-1].append(tok)
    return [] if args == [[]] else args


# --------------------------------------------------------------------------- the clause checker
_CLAUSE, _OPERAND, _AFTER, _NAME = "clause", "operand", "after", "name"
_CLOSERS = {"(": ")", "[": "]", "{": "}"}


class _Checker:
    """Walks the tokens once, tracking what may come next at each bracket level."""

    def __init__(self, code: str, tokens: list[Token], dialect: Dialect | None) -> None:
        self.code = code
        self.tokens = tokens
        self.dialect = dialect
        self.range_product = 1.0

    # ---------------------------------------------------------------- helpers
    def at(self, i: int) -> Token | None:
        return self.tokens[i] if i < len(self.tokens) else None

    def is_op(self, i: int, text: str) -> bool:
        tok = self.at(i)
        return tok is not None and tok.kind == "op" and tok.text == text

    def is_word(self, i: int, *texts: str) -> bool:
        tok = self.at(i)
        return tok is not None and tok.kind == "word" and tok.text in texts

    def refuse(self, tok: Token, reason: str) -> CodeRejected:
        return CodeRejected(f"{tok.shown()} at {_where(self.code, tok.pos)} is not allowed: {reason}")

    def match_close(self, i: int, depth: int) -> int:
        """Index of the bracket closing the one at ``i``."""
        if depth > MAX_NESTING:
            raise CodeRejected(f"brackets nested more than {MAX_NESTING} deep; simplify the query")
        opener = self.tokens[i].text
        level = 0
        for j in range(i, len(self.tokens)):
            tok = self.tokens[j]
            if tok.kind != "op":
                continue
            if tok.text in _CLOSERS:
                level += 1
            elif tok.text in (")", "]", "}"):
                level -= 1
                if level == 0:
                    if tok.text != _CLOSERS[opener]:
                        opened = _where(self.code, self.tokens[i].pos)
                        raise self.refuse(tok, f"it does not close the {opener!r} at {opened}")
                    return j
        raise CodeRejected(f"the {opener!r} at {_where(self.code, self.tokens[i].pos)} is never closed")

    def word_hint(self, tok: Token, state: str) -> str:
        if tok.kind == "word" and tok.text in _FORBIDDEN:
            return _FORBIDDEN[tok.text]
        if state == _CLAUSE:
            return f"a query part must start with a clause; {_ALLOWED_SUMMARY}"
        return f"unknown here; {_ALLOWED_SUMMARY}"

    # ---------------------------------------------------------------- entry
    def statement(self) -> None:
        tokens = self.tokens
        if not tokens:
            raise CodeRejected("empty query: write one read query, e.g. MATCH (n) RETURN count(n) AS answer")
        end = len(tokens)
        if tokens[-1].kind == "op" and tokens[-1].text == ";":
            end -= 1  # one trailing semicolon is harmless
        for tok in tokens[:end]:
            if tok.kind == "op" and tok.text == ";":
                raise self.refuse(tok, "send exactly one statement; combine parts with WITH or UNION instead of ';'")
        if end == 0:
            raise CodeRejected("empty query: write one read query")
        start, state = 0, _CLAUSE
        if self.is_word(0, "SHOW"):
            start, state = self.show(), _AFTER
        self.scope(start, end, state, depth=0)

    def show(self) -> int:
        """``SHOW [modifiers] INDEXES|CONSTRAINTS|FUNCTIONS|PROCEDURES`` (Neo4j): index after it."""
        first = self.tokens[0]
        if self.dialect == "ladybug":
            hint = "ladybug has no SHOW; use CALL show_tables() RETURN * or CALL table_info('T') RETURN *"
            raise self.refuse(first, hint)
        i = 1
        while self.is_word(i, *_SHOW_MODIFIERS) and not self.is_word(i, *_SHOW_LISTINGS):
            i += 1
        if not self.is_word(i, *_SHOW_LISTINGS):
            raise self.refuse(
                first, "only SHOW INDEXES, SHOW CONSTRAINTS, SHOW FUNCTIONS and SHOW PROCEDURES are allowed"
            )
        return i + 1

    # ---------------------------------------------------------------- scopes
    def scope(self, i: int, end: int, state: str, *, depth: int) -> None:
        """Check tokens ``i``..``end`` as query clauses (the statement, or a subquery body)."""
        first = i
        while i < end:
            tok = self.tokens[i]
            prev = self.tokens[i - 1] if i > 0 else None
            if state == _CLAUSE and not (tok.kind == "word" and tok.text in _CLAUSES):
                raise self.refuse(tok, self.word_hint(tok, _CLAUSE))
            if tok.kind == "op":
                i, state = self.operator(i, end, state, prev, depth)
            elif tok.kind == "word":
                i, state = self.word(i, state, prev, clause_level=True, depth=depth)
            else:
                i, state = i + 1, _AFTER
        if state != _AFTER and i > first:
            raise self.refuse(self.tokens[i - 1], "the query ends where more was expected")

    def operator(self, i: int, end: int, state: str, prev: Token | None, depth: int) -> tuple[int, str]:
        """Punctuation at any level: brackets open groups or subqueries, the rest set the state."""
        tok = self.tokens[i]
        text = tok.text
        if text in _CLOSERS:
            close = self.match_close(i, depth + 1)
            if close >= end:
                raise CodeRejected(f"the {text!r} at {_where(self.code, tok.pos)} is never closed")
            if text == "{" and prev is not None and prev.kind == "word" and prev.text in ("EXISTS", "COUNT", "COLLECT"):
                self.subquery(i, close, depth + 1)
            elif text == "(" and state == _AFTER and prev is not None and prev.kind in ("word", "ident"):
                self.call_in_expression(i, close, depth + 1)
            else:
                self.group(i + 1, close, depth + 1, opener=text)
            return close + 1, _AFTER
        if text in (")", "]", "}"):
            raise self.refuse(tok, "no bracket is open here")
        if text == ";":
            raise self.refuse(tok, "send exactly one statement")
        if text in (".", ":", "::"):
            return i + 1, _NAME  # property, label or type names follow
        if text == "*" and state != _AFTER:
            return i + 1, _AFTER  # RETURN *, [*], count(*)
        return i + 1, _OPERAND

    def group(self, i: int, end: int, depth: int, *, opener: str) -> None:
        """Inside (), [] or a map/quantifier {}: expressions and patterns, never clauses."""
        state = _OPERAND
        while i < end:
            tok = self.tokens[i]
            prev = self.tokens[i - 1]
            if tok.kind == "op":
                if (
                    opener == "{"
                    and tok.text == ":"
                    and prev.kind in ("word", "ident", "string")
                    and self.tokens[i - 2].kind == "op"
                    and self.tokens[i - 2].text in ("{", ",")
                ):
                    i, state = i + 1, _OPERAND  # {key: value}
                else:
                    i, state = self.operator(i, end, state, prev, depth)
            elif tok.kind == "word":
                i, state = self.word(i, state, prev, clause_level=False, depth=depth)
            else:
                i, state = i + 1, _AFTER

    def subquery(self, i: int, close: int, depth: int) -> None:
        """``EXISTS { ... }``, ``COUNT { ... }``, ``COLLECT { ... }``, ``CALL { ... }``."""
        if close == i + 1:
            raise self.refuse(self.tokens[i], "an empty subquery")
        body = i + 1
        state = _OPERAND if self.is_op(body, "(") else _CLAUSE  # EXISTS { (a)-->(b) } is a bare pattern
        self.scope(body, close, state, depth=depth)

    # ---------------------------------------------------------------- words
    def word(self, i: int, state: str, prev: Token | None, *, clause_level: bool, depth: int) -> tuple[int, str]:
        tok = self.tokens[i]
        word = tok.text
        if state == _NAME:
            return i + 1, _AFTER
        if state == _OPERAND:
            if word in _FORBIDDEN and not self.name_position(prev) and not self.name_follows(i):
                raise self.refuse(
                    tok,
                    f"{_FORBIDDEN[word]} (if {word.lower()} is meant as a variable, rename it or quote it "
                    f"with backticks: `{word.lower()}`)",
                )
            if word in ("NOT", "DISTINCT", "CASE", "WHEN", "THEN", "ELSE", "WHERE"):
                return i + 1, _OPERAND
            if word in ("STARTS", "ENDS") and self.is_word(i + 1, "WITH"):
                return i + 2, _OPERAND
            return i + 1, _AFTER  # a variable, function name or literal
        # A clause may start here (state _CLAUSE), or an operator may follow an operand (_AFTER).
        if clause_level and word in _CLAUSES:
            return self.clause(i, depth)
        if state == _AFTER and word in _INFIX:
            if word in ("STARTS", "ENDS"):
                if not self.is_word(i + 1, "WITH"):
                    raise self.refuse(tok, f"write {word} WITH")
                return i + 2, _OPERAND
            if word == "AS":
                return i + 1, _NAME
            if word in ("END", "ASC", "ASCENDING", "DESC", "DESCENDING", "NULL", "TRUE", "FALSE"):
                return i + 1, _AFTER
            return i + 1, _OPERAND
        if state == _AFTER and not clause_level and word == "WHERE":
            return i + 1, _OPERAND  # [x IN l WHERE ...], (n:L WHERE ...), [(a)-->(b) WHERE ... | ...]
        if not clause_level and word in _CLAUSES:
            raise self.refuse(tok, "a clause cannot appear inside brackets; use a CALL { ... } subquery")
        raise self.refuse(tok, self.word_hint(tok, state))

    def name_follows(self, i: int) -> bool:
        """Whether the token after word ``i`` makes it a name: no clause of either database starts
        with a keyword followed by ``.``, ``,`` or a closing bracket (``DISTINCT start.id``)."""
        nxt = self.at(i + 1)
        return nxt is not None and nxt.kind == "op" and nxt.text in (".", ",", ")", "]", "}")

    def name_position(self, prev: Token | None) -> bool:
        """Whether the token before an operand forces it to be a name (``RETURN copy``, ``{load: 1}``)."""
        if prev is None:
            return False
        if prev.kind == "word":
            return prev.text in _NAME_AFTER_WORDS
        return prev.kind == "op" and prev.text in _NAME_AFTER_PUNCT

    def clause(self, i: int, depth: int) -> tuple[int, str]:
        tok = self.tokens[i]
        word = tok.text
        if word == "OPTIONAL":
            if self.is_word(i + 1, "MATCH"):
                return i + 2, _OPERAND
            if self.is_word(i + 1, "CALL"):
                return self.call(i + 1, depth)
            raise self.refuse(tok, "OPTIONAL must be followed by MATCH")
        if word == "ORDER":
            if not self.is_word(i + 1, "BY"):
                raise self.refuse(tok, "write ORDER BY")
            return i + 2, _OPERAND
        if word == "UNION":
            return (i + 2 if self.is_word(i + 1, "ALL") else i + 1), _CLAUSE
        if word == "CALL":
            return self.call(i, depth)
        if word == "OFFSET" and self.dialect == "ladybug":
            raise self.refuse(tok, "ladybug has no OFFSET; use SKIP")
        return i + 1, _OPERAND

    def call(self, i: int, depth: int) -> tuple[int, str]:
        """``CALL { subquery }``, ``CALL (vars) { subquery }`` or ``CALL listed.procedure(args)``."""
        tok = self.tokens[i]
        j = i + 1
        if self.is_op(j, "("):
            close = self.match_close(j, depth + 1)
            self.group(j + 1, close, depth + 1, opener="(")
            j = close + 1
            if not self.is_op(j, "{"):
                raise self.refuse(tok, "CALL (variables) must be followed by a { subquery }")
        if self.is_op(j, "{"):
            close = self.match_close(j, depth + 1)
            self.subquery(j, close, depth + 1)
            if self.is_word(close + 1, "IN"):
                raise self.refuse(
                    self.tokens[close + 1], "CALL { ... } IN TRANSACTIONS batches writes; run the subquery plainly"
                )
            return close + 1, _AFTER
        parts, k = self.dotted_name(j)
        if not parts:
            raise self.refuse(tok, "CALL must name a procedure or open a { subquery }")
        name = ".".join(parts).lower()
        if self.is_op(k, "="):
            raise self.refuse(
                self.tokens[j],
                f"CALL {'.'.join(parts)}=... changes a database setting; settings such as the timeout are grraf's",
            )
        self.check_procedure(self.tokens[j], name, ".".join(parts))
        if self.is_op(k, "("):
            close = self.match_close(k, depth + 1)
            self.group(k + 1, close, depth + 1, opener="(")
            k = close + 1
        return k, _AFTER

    def dotted_name(self, j: int) -> tuple[list[str], int]:
        """Parts of ``a.b.c`` as written (words or quoted names, a quoted part split on dots) from ``j``."""
        parts: list[str] = []
        while (tok := self.at(j)) is not None and tok.kind in ("word", "ident"):
            parts.extend(tok.text.split(".") if tok.kind == "ident" else [tok.raw])
            if self.is_op(j + 1, ".") and (nxt := self.at(j + 2)) is not None and nxt.kind in ("word", "ident"):
                j += 2
            else:
                j += 1
                break
        return parts, j

    def check_procedure(self, tok: Token, name: str, shown: str) -> None:
        allowed: set[str] = set()
        if self.dialect in (None, "ladybug"):
            allowed |= LADYBUG_CALLABLE
        if self.dialect in (None, "neo4j"):
            allowed |= NEO4J_PROCEDURES
        if name in allowed:
            return
        if self.dialect == "ladybug":
            listed = ", ".join(sorted(LADYBUG_CALLABLE))
            hint = f"ladybug queries may CALL only these read-only table functions: {listed}"
        else:
            hint = (
                "only read-only procedures may be called: db.labels, db.relationshipTypes, db.propertyKeys, "
                "db.schema.*, gds.<algorithm>.stream/.stats/.estimate and read-only apoc.meta/path/algo ones"
                + ("; ladybug table functions such as show_tables()" if self.dialect is None else "")
            )
        raise CodeRejected(f"CALL {shown} at {_where(self.code, tok.pos)} is not allowed: {hint}")

    def call_in_expression(self, i: int, close: int, depth: int) -> None:
        """A function call ``name(args)``: the name is allowed and visible resource bombs are refused."""
        j = i - 1
        while j - 2 >= 0 and self.is_op(j - 1, ".") and self.tokens[j - 2].kind in ("word", "ident"):
            j -= 2
        parts, _ = self.dotted_name(j)
        name = ".".join(parts).lower()
        first = self.tokens[j]
        if len(parts) > 1:
            if self.dialect == "ladybug" or not any(
                name == f or (f.endswith(".") and name.startswith(f)) for f in _NEO4J_FUNCTIONS
            ):
                raise CodeRejected(
                    f"function {'.'.join(parts)} at {_where(self.code, first.pos)} is not allowed: only built-in "
                    "functions and read-only gds.util/gds.similarity/apoc helpers (coll, map, text, math, convert, "
                    "node, path, date) may be used"
                )
        elif _FORBIDDEN_FUNCTION_RE.match(name) or parts[0].upper() in _FORBIDDEN:
            raise CodeRejected(
                f"function {parts[0]} at {_where(self.code, first.pos)} is not allowed: it changes the database"
            )
        inner = self.tokens[i + 1 : close]
        self.check_bomb(first, name, _split_args(inner))
        self.group(i + 1, close, depth, opener="(")

    def check_bomb(self, tok: Token, name: str, args: list[list[Token]]) -> None:
        values = [_fold(arg) for arg in args]
        where = _where(self.code, tok.pos)
        if name == "range" and len(values) in (2, 3) and all(v is not None for v in values[:2]):
            start, stop = values[0], values[1]
            step = values[2] if len(values) == 3 else 1.0
            if start is None or stop is None or step is None or step == 0 or math.isnan(step):
                return
            span = math.floor((stop - start) / step) + 1 if math.isfinite(stop - start) else math.inf
            if span > MAX_RANGE_ELEMENTS:
                raise CodeRejected(
                    f"range(...) at {where} would build {span:.3g} elements (at most {MAX_RANGE_ELEMENTS:,}); "
                    "match the graph's nodes instead of generating numbers"
                )
            if span > 0:
                self.range_product *= span
                if self.range_product > MAX_RANGE_PRODUCT:
                    raise CodeRejected(
                        f"the range(...) calls up to {where} together would produce {self.range_product:.3g} rows "
                        f"(at most {MAX_RANGE_PRODUCT:,}); match the graph's nodes instead of generating numbers"
                    )
        length = values[1] if name in ("repeat", "lpad", "rpad") and len(values) >= 2 else None
        if length is not None and length > MAX_STRING_BUILD:
            raise CodeRejected(
                f"{name}(...) at {where} would build a string of {length:.3g} characters (at most {MAX_STRING_BUILD:,})"
            )


def _check_text(text: str, dialect: Dialect | None) -> None:
    _Checker(text, tokenize(text), dialect).statement()


def check_cypher(code: str, *, dialect: Dialect | None = None) -> None:
    """Refuse anything that is not a single read-only Cypher query.

    Args:
        code: the generated query.
        dialect: ``"ladybug"`` or ``"neo4j"`` selects that database's callable procedures and
            syntax; None accepts what either allows (both lists are read-only).

    Raises:
        CodeRejected: naming the word or character, its line and column, and what to write instead.

    >>> check_cypher("MATCH (n:G_Node) WHERE n.name = 'CREATE' RETURN count(n) AS answer")
    >>> check_cypher("MATCH (n) DETACH DELETE n")
    Traceback (most recent call last):
    ...
    grraf.errors.CodeRejected: DETACH at line 1, column 11 is not allowed: queries are read-only: compute the \
answer with MATCH ... RETURN instead of changing the graph
    """
    if not isinstance(code, str):
        raise CodeRejected("query must be text")
    if dialect not in (None, "ladybug", "neo4j"):
        raise ValueError(f"unknown Cypher dialect {dialect!r}")
    if len(code) > MAX_QUERY_CHARS:
        raise CodeRejected(f"query of {len(code):,} characters; at most {MAX_QUERY_CHARS:,} are accepted")
    folded = unicodedata.normalize("NFKC", code)
    # The folded text first, so a full-width ＣＲＥＡＴＥ is refused by name; then the text the
    # database will really run, because folding may change what is inside a string.
    _check_text(folded, dialect)
    if folded != code:
        _check_text(code, dialect)


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
