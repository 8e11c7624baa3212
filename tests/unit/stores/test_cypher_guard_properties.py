"""Property-based tests of the Cypher gate (hypothesis).

1. A forbidden clause hidden inside a string literal, a backtick-quoted name or a comment is data:
   wrapping a read query with it never turns a pass into a refusal.
2. The same clause written bare at a clause position is always refused, whatever quoted junk,
   comments, casing or whitespace surround it.
3. A control, format or non-ASCII whitespace character between tokens is always refused, and the
   message names its code point.
4. Arbitrary text never crashes the gate: it passes or raises CodeRejected.
"""

from __future__ import annotations

import contextlib
import unicodedata

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from grraf.errors import CodeRejected
from grraf.stores.cypher_guard import check_cypher, tokenize
from tests.unit.stores.test_cypher_guard import READS

SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _templates() -> list[str]:
    from cypher_templates import load_templates, render_cypher

    lists = {"returns", "displays", "source_shown", "target_shown", "path_types"}
    return [
        render_cypher(
            t,
            node_label="G_Node",
            edge_type="G_EDGE",
            directed=directed,
            params={p: 3 for p in t.parameters},
            # property-graph templates: a name (or a list of names) per identifier, a direction per arrow
            identifiers={i: ["name"] if i in lists else "Thing" for i in t.identifiers},
            directions=dict.fromkeys(t.directions, "out" if directed else "any"),
        )
        for dialect in ("ladybug", "neo4j")
        for t in load_templates(dialect)
        for directed in (False, True)
    ]


# Read queries the gate passes; SHOW can only open a statement, so it takes no prefix.
BASES = [q for q in READS if not q.startswith("SHOW")] + _templates()

FORBIDDEN_CLAUSES = [
    "CREATE (x:G_Node {id: 99})",
    "MERGE (x:G_Node {id: 99})",
    "SET n.weight = 0",
    "DELETE n",
    "DETACH DELETE n",
    "REMOVE n.weight",
    "DROP TABLE G_EDGE",
    "LOAD FROM '/etc/passwd' (header=false) RETURN *",
    "LOAD CSV FROM 'file:///etc/passwd' AS row RETURN row",
    "COPY (MATCH (n) RETURN n) TO '/tmp/out.csv'",
    "EXPORT DATABASE '/tmp/out'",
    "IMPORT DATABASE '/tmp/out'",
    "INSTALL httpfs",
    "ATTACH 'other.lbug' AS other (dbtype lbug)",
    "CHECKPOINT",
    "BEGIN TRANSACTION",
    "COMMIT",
    "ROLLBACK",
    "USE other",
    "FOREACH (x IN [1] | SET x.a = 1)",
    "CALL timeout=0",
    "CALL var_length_extend_max_depth=100000",
    "CALL apoc.cypher.runWrite('CREATE (n)', {})",
    "CALL clear_warnings()",
    "; MATCH (n) RETURN n",
]
KEYWORDS_IN_FRAGMENTS = ["CREATE", "LOAD", "CHECKPOINT", "DETACH DELETE", "AS", "`AS`", "*/", "/*", "//", "'", '"', "`"]

# Characters a payload may contain inside a comment or quoted name: printable ASCII plus a few
# letters whose NFKC form is themselves (a compatibility character may fold into a quote).
_SAFE_LETTERS = "éßЖ中☃"
_comment_text = st.lists(
    st.one_of(
        st.sampled_from(FORBIDDEN_CLAUSES + KEYWORDS_IN_FRAGMENTS),
        st.text(alphabet=st.characters(min_codepoint=0x20, max_codepoint=0x7E) | st.sampled_from(_SAFE_LETTERS)),
    ),
    max_size=6,
).map(" ".join)
_string_text = st.lists(
    st.one_of(
        st.sampled_from(FORBIDDEN_CLAUSES + KEYWORDS_IN_FRAGMENTS),
        # inside a string anything but NUL is data, control and format characters included
        st.text(
            alphabet=st.characters(min_codepoint=1, max_codepoint=0x2FFF, exclude_categories=("Cs",)).filter(
                lambda c: unicodedata.normalize("NFKC", c) == c
            )
        ),
    ),
    max_size=6,
).map(" ".join)


def _string(payload: str, quote: str) -> str:
    return quote + payload.replace("\\", "\\\\").replace(quote, "\\" + quote) + quote


def _ident(payload: str) -> str:
    return "`" + payload.replace("`", "``") + "`"


def _wrappers(payload: str, quote: str) -> dict[str, str]:
    """Ways of putting ``payload`` into a query as data only; '{q}' stands for the read query."""
    no_backslash = payload.replace("\\", "/")
    line = no_backslash.replace("\n", " ").replace("\r", " ")
    block = no_backslash.replace("*/", "* /")
    return {
        "string": f"WITH {_string(payload, quote)} AS payload {{q}}",
        "quoted name": f"WITH 1 AS {_ident(line)} {{q}}",
        "line comment before": f"// {line}\n{{q}}",
        "line comment after": f"{{q}} // {line}",
        "block comment before": f"/* {block} */ {{q}}",
        "block comment after": f"{{q}} /* {block} */",
    }


@SETTINGS
@given(
    base=st.sampled_from(BASES),
    payload=_comment_text,
    strings=_string_text,
    quote=st.sampled_from(["'", '"']),
    where=st.sampled_from(
        [
            "string",
            "quoted name",
            "line comment before",
            "line comment after",
            "block comment before",
            "block comment after",
        ]
    ),
)
def test_forbidden_clauses_inside_strings_names_and_comments_are_data(
    base: str, payload: str, strings: str, quote: str, where: str
) -> None:
    check_cypher(base)  # the base passes ...
    text = strings if where == "string" else payload
    wrapped = _wrappers(text, quote)[where].replace("{q}", base)
    check_cypher(wrapped)  # ... and so does the base with the payload as data


@SETTINGS
@given(
    base=st.sampled_from(BASES),
    clause=st.sampled_from(FORBIDDEN_CLAUSES),
    junk=_comment_text,
    quote=st.sampled_from(["'", '"']),
    casing=st.sampled_from(["upper", "lower", "title", "swap"]),
    separator=st.sampled_from([" ", "\n", "\t", "\r\n", " /* x */ ", " // c\n", "  \n  "]),
    position=st.sampled_from(["after", "between"]),
)
def test_a_bare_forbidden_clause_is_always_refused(
    base: str, clause: str, junk: str, quote: str, casing: str, separator: str, position: str
) -> None:
    first, rest = clause.split(" ", 1) if " " in clause else (clause, "")
    word = {"upper": first.upper(), "lower": first.lower(), "title": first.title(), "swap": first.swapcase()}[casing]
    clause = f"{word} {rest}".strip()
    decoy = _wrappers(junk, quote)["string"].replace("{q}", "")  # quoted junk right before the clause
    if position == "after":
        query = f"{base.rstrip(';')}{separator}{clause}"
    else:
        query = f"{decoy}{separator}{clause}{separator}{base}"
    with pytest.raises(CodeRejected):
        check_cypher(query)


# \r is left out: right before a \n it makes a CRLF line ending, which is fine (tested elsewhere).
ODD_CHARACTERS = st.one_of(
    st.characters(categories=("Cf", "Zs", "Zl", "Zp", "Cc")).filter(lambda c: c not in " \t\n\r"),
    st.sampled_from(["\u180e", "\u200b", "\ufeff", "\u00a0", "\u2028", "\x0b", "\x0c", "\x1c", "\x85"]),
)


@SETTINGS
@given(base=st.sampled_from(BASES), char=ODD_CHARACTERS, data=st.data())
def test_odd_characters_between_tokens_are_refused_by_code_point(base: str, char: str, data: st.DataObject) -> None:
    tokens = tokenize(base)
    gaps = [tokens[i].pos + len(tokens[i].raw) for i in range(len(tokens) - 1)]
    position = data.draw(st.sampled_from(gaps))
    query = base[:position] + char + base[position:]
    with pytest.raises(CodeRejected) as e:
        check_cypher(query)
    # Even where NFKC turns the character into a plain space (U+00A0, U+3000, ...), the text the
    # database runs is checked too, and refused by code point.
    assert f"U+{ord(char):04X}" in str(e.value)


@settings(max_examples=500, deadline=None)
@given(text=st.text(max_size=200))
def test_any_text_passes_or_is_refused_never_crashes(text: str) -> None:
    with contextlib.suppress(CodeRejected):
        check_cypher(text)


@settings(max_examples=300, deadline=None)
@given(
    parts=st.lists(
        st.sampled_from(
            [
                "MATCH",
                "(",
                ")",
                "[",
                "]",
                "{",
                "}",
                "n",
                ":",
                "G_Node",
                "RETURN",
                "WITH",
                "AS",
                "`AS`",
                "LOAD",
                "FROM",
                "'x'",
                ",",
                "*",
                "CALL",
                "=",
                "0",
                "DELETE",
                "EXISTS",
                "UNION",
                ";",
                "-",
                ">",
                ".",
                "WHERE",
                "CREATE",
                "/* c */",
            ]
        ),
        max_size=14,
    )
)
def test_token_soup_with_a_forbidden_word_outside_quotes_never_passes(parts: list[str]) -> None:
    query = " ".join(parts)
    try:
        check_cypher(query)
    except CodeRejected:
        return
    # It passed: every write or file word left bare stands where only a name can, and no ';'
    # splits the text into two statements.
    for word in ("CREATE", "LOAD", "DELETE"):
        assert _is_name(query, word), query
    assert ";" not in [t.text for t in tokenize(query)[:-1]], query


def _is_name(query: str, word: str) -> bool:
    """Whether every bare ``word`` in ``query`` stands where only a name can (after . : AS or an operator)."""
    tokens = tokenize(query)
    for i, tok in enumerate(tokens):
        if tok.kind == "word" and tok.text == word:
            prev = tokens[i - 1] if i else None
            if prev is None:
                return False
            if not (
                (prev.kind == "op" and prev.text in {".", ":", "(", "[", "{", ",", "=", "-", ">"})
                or (prev.kind == "word" and prev.text in {"AS", "RETURN", "WITH", "WHERE", "UNWIND"})
            ):
                return False
    return True
