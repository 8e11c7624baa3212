"""Generated Cypher checked against a property graph's schema before it runs.

A query whose pattern cannot match returns nothing and looks like an answer: the 1.5B model wrote
``(:Person)-[:ACTED_IN]->(:Person)`` for co-actors (0 rows, "no one") and ``d.director`` for a
property that does not exist (null). Text-to-Cypher systems check the generated patterns against
the schema's real ones instead (langchain's ``CypherQueryCorrector`` does this for direction).
Here every node pattern, relationship pattern and ``var.property`` of a generated query is read
with grraf's Cypher tokenizer (:func:`grraf.stores.cypher_guard.tokenize`) and compared with
``Schema.labels``, ``Schema.relationships`` and ``Schema.patterns``:

* an unknown label, relationship type or property is refused, naming the ones that exist;
* a single relationship between two labelled ends must be one of the schema's patterns, in the
  arrow's direction; otherwise it is refused with the real patterns of that type (and, for a
  reversed arrow, that it points the other way).

Refusals are :class:`~grraf.errors.CodeRejected` and go back to the LLM like any code error.
What the schema does not say for sure (labels or types past the schema's cut, patterns counted
from a sample, variable-length paths, label expressions) is not judged: the check only refuses
what it knows cannot match.

Hand-written over the tokenizer on purpose: no maintained Python Cypher parser reads both
ladybug's and Neo4j's dialects (see the gate's module docstring), and the check needs only
node and relationship patterns, not a full grammar.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from grraf.errors import CodeRejected
from grraf.stores import property_schema
from grraf.stores.base import GraphStore
from grraf.stores.cypher_guard import Token, tokenize
from grraf.types import Entity, LabelInfo, Schema, textual

_NAME_KINDS = ("word", "ident")


@dataclass
class _Node:
    var: str | None
    labels: tuple[str, ...] | None  # None: no label, or an expression not judged
    keys: tuple[str, ...] = ()
    end: int = 0
    values: tuple[tuple[str, Token], ...] = ()  # each key of the map with the token that follows its ':'


@dataclass
class _Rel:
    var: str | None
    types: tuple[str, ...] | None
    direction: str  # out (left to right), in, any
    variable_length: bool
    keys: tuple[str, ...] = ()
    end: int = 0
    arrows: tuple[Token, Token] | None = None  # the opening and closing tokens ("-"/"<-", "->"/"-")


@dataclass
class _Reading:
    """What a query's patterns say: node and relationship patterns in chains, and variable bindings."""

    chains: list[list[_Node | _Rel]] = field(default_factory=list)
    node_vars: dict[str, set[tuple[str, ...]]] = field(default_factory=dict)
    rel_vars: dict[str, set[tuple[str, ...]]] = field(default_factory=dict)


def _name(tok: Token | None) -> str | None:
    if tok is None or tok.kind not in _NAME_KINDS:
        return None
    return tok.text if tok.kind == "ident" else tok.raw


def _map_keys(tokens: Sequence[Token], i: int) -> tuple[tuple[str, ...], int] | None:
    """The keys of a map literal starting at ``tokens[i] == '{'``, and the index after its ``}``."""
    found = _map_items(tokens, i)
    return None if found is None else (tuple(key for key, _ in found[0]), found[1])


def _map_items(tokens: Sequence[Token], i: int) -> tuple[tuple[tuple[str, Token], ...], int] | None:
    """Each key of a map literal starting at ``tokens[i] == '{'`` with the token after its ``:``, and
    the index after the map's ``}``."""
    depth, j = 0, i
    items: list[tuple[str, Token]] = []
    while j < len(tokens):
        tok = tokens[j]
        if tok.kind == "op" and tok.text in "{[(":
            depth += 1
        elif tok.kind == "op" and tok.text in "}])":
            depth -= 1
            if depth == 0:
                return tuple(items), j + 1
        elif (
            depth == 1
            and tok.kind in _NAME_KINDS
            and j + 2 < len(tokens)
            and tokens[j + 1].text == ":"
            and tokens[j - 1].text in ("{", ",")
        ):
            items.append((_name(tok) or "", tokens[j + 2]))
        j += 1
    return None


def _labels(tokens: Sequence[Token], j: int, closers: str) -> tuple[tuple[str, ...] | None, int]:
    """Names after ``:`` (joined by ``:`` or ``|``) up to one of ``closers``; None for richer expressions."""
    names: list[str] = []
    judged = True
    while j < len(tokens) and not (tokens[j].kind == "op" and tokens[j].text in closers):
        tok = tokens[j]
        if tok.kind == "op" and tok.text in (":", "|"):
            j += 1
            continue
        if tok.kind in _NAME_KINDS:
            names.append(_name(tok) or "")
            j += 1
            continue
        if tok.kind == "op" and tok.text in ("!", "&", "%", "("):
            judged = False
        break
    return (tuple(names) if judged and names else None), j


def _node(tokens: Sequence[Token], i: int) -> _Node | None:
    """A node pattern ``(var:Label {key: value})`` starting at ``tokens[i] == '('``, or None."""
    j = i + 1
    var = _name(tokens[j]) if j < len(tokens) else None
    if var is not None:
        j += 1
    labels: tuple[str, ...] | None = None
    if j < len(tokens) and tokens[j].text == ":" and tokens[j].kind == "op":
        labels, j = _labels(tokens, j, "{)")
    items: tuple[tuple[str, Token], ...] = ()
    if j < len(tokens) and tokens[j].text == "{":
        found = _map_items(tokens, j)
        if found is None:
            return None
        items, j = found
    if j < len(tokens) and tokens[j].kind == "op" and tokens[j].text == ")":
        return _Node(var, labels, tuple(key for key, _ in items), j + 1, items)
    return None


def _rel(tokens: Sequence[Token], i: int) -> _Rel | None:
    """A relationship pattern starting at ``tokens[i]`` (right after a node's ``)``), or None."""

    def at(k: int, *texts: str) -> bool:
        return k < len(tokens) and tokens[k].kind == "op" and tokens[k].text in texts

    if not at(i, "-", "<-"):
        return None
    left_arrow = tokens[i].text == "<-"
    j = i + 1
    var, types, variable = None, None, False
    keys: tuple[str, ...] = ()
    if at(j, "["):
        j += 1
        var = _name(tokens[j]) if j < len(tokens) else None
        if var is not None and var.upper() not in ("SHORTEST", "ALL", "WSHORTEST"):
            j += 1
        else:
            var = None
        if at(j, ":"):
            types, j = _labels(tokens, j, "*{]")
        depth = 0
        while j < len(tokens) and not (depth == 0 and at(j, "]")):
            if at(j, "*"):
                variable = True
            if at(j, "{") and depth == 0:
                found = _map_keys(tokens, j)
                if found is None:
                    return None
                keys, j = found
                continue
            if at(j, "(", "[", "{"):
                depth += 1
            elif at(j, ")", "]", "}"):
                depth -= 1
            j += 1
        if not at(j, "]"):
            return None
        j += 1
    if at(j, "->"):
        right_arrow, j = True, j + 1
    elif at(j, "-"):
        right_arrow, j = False, j + 1
    else:
        return None
    if not at(j, "("):
        return None
    direction = "any" if left_arrow == right_arrow else ("in" if left_arrow else "out")
    return _Rel(var, types, direction, variable, keys, j, (tokens[i], tokens[j - 1]))


def read_patterns(code: str) -> _Reading:
    """The node and relationship patterns of a query, chained as written, with variable bindings."""
    tokens = tokenize(code)
    reading = _Reading()
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        previous = tokens[i - 1] if i else None
        # "count(n)" is a call, not a pattern: a name right before "(" makes it one.
        is_call = previous is not None and previous.kind in _NAME_KINDS and previous.text not in _CLAUSE_WORDS
        if tok.kind == "op" and tok.text == "(" and not is_call:
            node = _node(tokens, i)
            if node is not None:
                chain: list[_Node | _Rel] = [node]
                j = node.end
                while True:
                    rel = _rel(tokens, j)
                    nxt = _node(tokens, rel.end) if rel else None
                    if rel is None or nxt is None:
                        break
                    chain += [rel, nxt]
                    j = nxt.end
                if len(chain) > 1 or node.labels or node.keys:
                    reading.chains.append(chain)
                i = j if len(chain) > 1 else i + 1
                continue
        i += 1
    for chain in reading.chains:
        for part in chain:
            if isinstance(part, _Node) and part.var and part.labels:
                reading.node_vars.setdefault(part.var, set()).add(part.labels)
            if isinstance(part, _Rel) and part.var and part.types:
                reading.rel_vars.setdefault(part.var, set()).add(part.types)
    return reading


_CLAUSE_WORDS = frozenset(
    {"MATCH", "WHERE", "AND", "OR", "NOT", "XOR", "RETURN", "WITH", "EXISTS", "COUNT", "OPTIONAL", "UNION",
     "SHORTESTPATH", "ALLSHORTESTPATHS", "AS", "IN", "CASE", "WHEN", "THEN", "ELSE", "ALL", "ANY", "NONE", "SINGLE"}
)  # fmt: skip
# EXISTS { (a)-->(b) }, COUNT { ... }, shortestPath((a)-[*]-(b)) and "WHERE (a)-->(b)" hold patterns.


class _Names:
    """The schema's names, compared as the dialect does (ladybug ignores case, Neo4j does not)."""

    def __init__(self, names: Iterable[str], *, complete: bool, fold: bool) -> None:
        self.names = list(names)
        self.complete = complete
        self.fold = fold
        self._index = {self._key(n): n for n in self.names}

    def _key(self, name: str) -> str:
        return name.lower() if self.fold else name

    def find(self, name: str) -> str | None:
        return self._index.get(self._key(name))

    def shown(self, prefix: str = "") -> str:
        return ", ".join(f"{prefix}{n}" for n in self.names)


def _properties(info: LabelInfo | None) -> tuple[list[str], bool]:
    if info is None:
        return [], False
    return [p.name for p in info.properties], info.more_properties == 0


def check_patterns(code: str, schema: Schema, dialect: str) -> None:
    """Refuse ``code`` when one of its patterns or properties cannot match the schema.

    Raises:
        CodeRejected: the message names the pattern and the graph's real patterns, labels or properties.

    >>> from grraf.types import Pattern, PropertyInfo
    >>> s = Schema("", labels=(LabelInfo("Person", 1, (PropertyInfo("name", "STRING"),)),
    ...            LabelInfo("Movie", 1, (PropertyInfo("title", "STRING"),))),
    ...            relationships=(LabelInfo("ACTED_IN", 1),), patterns=(Pattern("Person", "ACTED_IN", "Movie", 1),))
    >>> check_patterns("MATCH (p:Person)-[:ACTED_IN]->(m:Movie) RETURN m.title", s, "neo4j")
    >>> check_patterns("MATCH (p:Person)-[:ACTED_IN]->(q:Person) RETURN q.name", s, "neo4j")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    grraf.errors.CodeRejected: The pattern (:Person)-[:ACTED_IN]->(:Person) cannot match: the graph has ...
    """
    fold = dialect == "ladybug"
    labels = _Names(
        (i.name for i in schema.labels), complete=len(schema.labels) < property_schema.MAX_LABELS, fold=fold
    )
    rel_names = [i.name for i in schema.relationships] or list(dict.fromkeys(p.type for p in schema.patterns))
    types = _Names(rel_names, complete=len(rel_names) < property_schema.MAX_RELATIONSHIPS, fold=fold)
    label_info = {i.name: i for i in schema.labels}
    rel_info = {i.name: i for i in schema.relationships}
    reading = read_patterns(code)

    def known_labels(found: tuple[str, ...] | None) -> tuple[str, ...] | None:
        if found is None:
            return None
        out = []
        for name in found:
            real = labels.find(name)
            if real is None:
                if labels.complete:
                    raise CodeRejected(f"The graph has no label :{name}. Its labels are {labels.shown(':')}.")
                return None
            out.append(real)
        return tuple(out)

    def known_types(found: tuple[str, ...] | None) -> tuple[str, ...] | None:
        if found is None:
            return None
        out = []
        for name in found:
            real = types.find(name)
            if real is None:
                if types.complete:
                    raise CodeRejected(
                        f"The graph has no relationship type :{name}. Its patterns are "
                        f"{', '.join(str(p) for p in schema.patterns[:12])}."
                    )
                return None
            out.append(real)
        return tuple(out)

    def check_keys(owner_labels: tuple[str, ...] | None, keys: Iterable[str], *, rel: bool) -> None:
        if not owner_labels:
            return
        infos = [(rel_info if rel else label_info).get(name) for name in owner_labels]
        props: list[str] = []
        for info in infos:
            names, complete = _properties(info)
            if not complete:
                return
            props += names
        index = {p.lower() if fold else p: p for p in props}
        for key in keys:
            if (key.lower() if fold else key) not in index:
                what = f"relationships :{'|'.join(owner_labels)}" if rel else f"nodes :{'|'.join(owner_labels)}"
                raise CodeRejected(
                    f"{what} have no property {key!r}; they have {', '.join(sorted(set(props))) or 'none'}. "
                    f"The graph's patterns: {', '.join(str(p) for p in schema.patterns[:12])}."
                )

    node_vars = {v: {known_labels(ls) for ls in bound} for v, bound in reading.node_vars.items()}
    rel_vars = {v: {known_types(ts) for ts in bound} for v, bound in reading.rel_vars.items()}

    def node_labels(node: _Node) -> tuple[str, ...] | None:
        if node.labels is not None:
            return known_labels(node.labels)
        bound = node_vars.get(node.var or "", set())
        return next(iter(bound)) if len(bound) == 1 else None

    # Patterns before properties: a reversed arrow is found (and turned round by
    # correct_directions) whatever else the query gets wrong.
    for chain in reading.chains:
        for k in range(1, len(chain), 2):
            left, rel, right = chain[k - 1], chain[k], chain[k + 1]
            assert isinstance(left, _Node) and isinstance(rel, _Rel) and isinstance(right, _Node)
            rel_types = known_types(rel.types)
            if rel.variable_length:
                continue
            _check_pair(schema, node_labels(left), rel_types, node_labels(right), rel.direction, rel.arrows)
    for chain in reading.chains:
        for part in chain:
            if isinstance(part, _Node):
                check_keys(node_labels(part), part.keys, rel=False)
            else:
                check_keys(known_types(part.types), part.keys, rel=True)
    _check_property_reads(code, node_vars, rel_vars, check_keys)


class _ReversedArrow(CodeRejected):
    """A relationship pattern that the schema has only with its arrow the other way."""

    def __init__(self, message: str, arrows: tuple[Token, Token]) -> None:
        super().__init__(message)
        self.arrows = arrows


def correct_directions(code: str, schema: Schema, dialect: str) -> str:
    """``code`` with each arrow that points against the schema turned round, when that is all that
    keeps its pattern from matching.

    The 1.5B model writes ``(m:Movie)-[:ACTED_IN]->(p:Person)`` and, told that the arrow points the
    other way, sends the same query again (property batch 4: movies-94, three times). Turning the
    arrow round is what langchain's ``CypherQueryCorrector`` does for GraphCypherQAChain: the
    pattern is the graph's only reading of the names written, and the query still runs as LLM code
    (never verified by this). Anything else :func:`check_patterns` refuses is left as it is.

    >>> from grraf.types import Pattern
    >>> s = Schema("", labels=(LabelInfo("Person", 1), LabelInfo("Movie", 1)),
    ...            relationships=(LabelInfo("ACTED_IN", 1),), patterns=(Pattern("Person", "ACTED_IN", "Movie", 1),))
    >>> correct_directions("MATCH (m:Movie {title: 'Heat'})-[:ACTED_IN]->(p:Person) RETURN p.name", s, "neo4j")
    "MATCH (m:Movie {title: 'Heat'})<-[:ACTED_IN]-(p:Person) RETURN p.name"
    >>> correct_directions("MATCH (p:Person)<--(m:Movie) RETURN p", s, "neo4j")
    'MATCH (p:Person)-->(m:Movie) RETURN p'
    >>> correct_directions("MATCH (p:Person)-[:ACTED_IN]->(q:Person) RETURN q", s, "neo4j")  # not a direction
    'MATCH (p:Person)-[:ACTED_IN]->(q:Person) RETURN q'
    """
    for _ in range(code.count("-")):  # each round turns one arrow; a query has fewer arrows than dashes
        try:
            check_patterns(code, schema, dialect)
            return code
        except _ReversedArrow as reversed_arrow:
            code = _turned(code, *reversed_arrow.arrows)
        except CodeRejected:
            return code
    return code


def _turned(code: str, opening: Token, closing: Token) -> str:
    """``code`` with the relationship pattern between ``opening`` and ``closing`` pointing the other way."""
    start = {"-": "<-", "<-": "-"}[opening.text]
    end = {"->": "-", "-": "->"}[closing.text]
    return (
        code[: opening.pos]
        + start
        + code[opening.pos + len(opening.raw) : closing.pos]
        + end
        + code[closing.pos + len(closing.raw) :]
    )


def _check_pair(
    schema: Schema,
    left: tuple[str, ...] | None,
    rel_types: tuple[str, ...] | None,
    right: tuple[str, ...] | None,
    direction: str,
    arrows: tuple[Token, Token] | None = None,
) -> None:
    """Refuse ``(left)-[rel_types]->(right)`` (in ``direction``) when no schema pattern fits it."""
    if left is None and right is None:
        return
    candidates = [p for p in schema.patterns if rel_types is None or p.type in rel_types]
    if rel_types is None and (left is None or right is None):
        return  # an untyped relationship is judged only when both ends are labelled
    if any(p.estimated for p in candidates):
        return  # counted from a sample: a missing pair may exist

    def fits(source: tuple[str, ...] | None, target: tuple[str, ...] | None) -> bool:
        return any(
            (source is None or p.source in source) and (target is None or p.target in target) for p in candidates
        )

    forward, backward = fits(left, right), fits(right, left)
    if (
        (direction == "out" and forward)
        or (direction == "in" and backward)
        or (direction == "any" and (forward or backward))
    ):
        return
    shown_left = f"(:{'|'.join(left)})" if left else "()"
    shown_right = f"(:{'|'.join(right)})" if right else "()"
    rel_text = f"[:{'|'.join(rel_types)}]" if rel_types else "[]"
    arrow = {"out": f"-{rel_text}->", "in": f"<-{rel_text}-", "any": f"-{rel_text}-"}[direction]
    real = ", ".join(str(p) for p in candidates[:8]) or "none"
    reversed_arrow = (direction == "out" and backward) or (direction == "in" and forward)
    hint = " The arrow points the other way." if reversed_arrow else ""
    message = (
        f"The pattern {shown_left}{arrow}{shown_right} cannot match: the graph has {real}.{hint} "
        "Use only the graph's patterns, in their direction."
    )
    if reversed_arrow and arrows is not None:
        raise _ReversedArrow(message, arrows)
    raise CodeRejected(message)


def _check_property_reads(
    code: str,
    node_vars: dict[str, set[tuple[str, ...] | None]],
    rel_vars: dict[str, set[tuple[str, ...] | None]],
    check_keys: object,
) -> None:
    """``var.property`` for a variable bound to one label (or type) must name one of its properties."""
    tokens = tokenize(code)
    for i in range(len(tokens) - 2):
        var, dot, prop = tokens[i], tokens[i + 1], tokens[i + 2]
        if var.kind not in _NAME_KINDS or dot.kind != "op" or dot.text != "." or prop.kind not in _NAME_KINDS:
            continue
        if i and tokens[i - 1].kind == "op" and tokens[i - 1].text == ".":
            continue  # a.b.c: only the first step is a variable
        name = _name(var) or ""
        key = _name(prop) or ""
        for bindings, rel in ((node_vars, False), (rel_vars, True)):
            bound = bindings.get(name)
            if bound and len(bound) == 1:
                owners = next(iter(bound))
                check_keys(owners, [key], rel=rel)  # type: ignore[operator]


# --------------------------------------------------------------------------- values


def compared_values(code: str) -> list[tuple[str, str, str]]:
    """The ``(label, property, string)`` equalities a query asks of its nodes: ``(a:Airport {city:
    'Kona'})``, ``a.city = 'Kona'`` and ``a.city IN ['Kona', 'Lihue']`` for a variable of one label.

    >>> compared_values("MATCH (a:Airport {city: 'Kona'})-[:ROUTE]->(b:Airport) WHERE b.name IN ['US', 'UK'] RETURN b")
    [('Airport', 'city', 'Kona'), ('Airport', 'name', 'US'), ('Airport', 'name', 'UK')]
    >>> compared_values("MATCH (p:Person)-[r:ACTED_IN {roles: 'Neo'}]->(m) WHERE 'Big' = m.title RETURN p")
    []
    """
    tokens = tokenize(code)
    reading = read_patterns(code)
    single = {
        var: labels[0]
        for var, found in reading.node_vars.items()
        for labels in found
        if len(found) == 1 and len(labels) == 1
    }
    found: list[tuple[str, str, str]] = []

    def add(label: str | None, prop: str | None, tok: Token) -> None:
        value = _string(tok)
        if label and prop and value is not None and (label, prop, value) not in found:
            found.append((label, prop, value))

    def text(k: int) -> str:
        return tokens[k].text if 0 <= k < len(tokens) else ""

    # (v:Label {prop: 'value'}): the map of a node pattern with one label
    for part in (p for chain in reading.chains for p in chain):
        if isinstance(part, _Node) and part.labels and len(part.labels) == 1:
            for key, tok in part.values:
                add(part.labels[0], key, tok)
    for i, tok in enumerate(tokens):
        # v.prop = 'value', 'value' = v.prop, v.prop IN ['a', 'b']
        var = _name(tok)
        if var in single and text(i + 1) == ".":
            label, prop = single[var], _name(tokens[i + 2]) if i + 2 < len(tokens) else None
            if text(i + 3) == "=" and i + 4 < len(tokens):
                add(label, prop, tokens[i + 4])
            elif text(i + 3) == "IN" and text(i + 4) == "[":
                j = i + 5
                while j < len(tokens) and text(j) != "]":
                    add(label, prop, tokens[j])
                    j += 1
            if text(i - 1) == "=":
                add(label, prop, tokens[i - 2])
    return found


def _string(tok: Token) -> str | None:
    """The value of a string literal token (quotes taken off, escaped quotes undone), else None."""
    if tok.kind != "string" or len(tok.text) < 2:
        return None
    quote = tok.text[0]
    return tok.text[1:-1].replace("\\" + quote, quote)


#: Values fetched to tell whether a compared string is one the property holds.
_VALUES_LOOKED_UP = 200


def unmatched_values(code: str, store: GraphStore, schema: Schema, entities: Sequence[Entity] = ()) -> list[str]:
    """What a query compares to a string no node holds, each said with what the data does hold: for a
    query that found nothing, the likeliest reason ("no :Airport has name 'US'; the question's 'US' is
    (:Country {name: 'United States'})").

    Only string properties of the schema's labels are looked up (a bounded, parameterised query per
    value, :meth:`GraphStore.string_values`); an unknown label or property is the pattern check's.
    """
    textual_properties = {
        (label.name, prop.name) for label in schema.labels for prop in label.properties if textual(prop.type)
    }
    notes = []
    for label, prop, value in compared_values(code):
        if (label, prop) not in textual_properties:
            continue
        held = store.string_values(label, prop, [value.lower()], _VALUES_LOOKED_UP)
        if value in held:
            continue
        note = f"no :{label} has {prop} {value!r}"
        named = [e for e in entities if e.phrase.lower() == value.lower() or e.value.lower() == value.lower()]
        if named:
            note += "; the question's " + ", ".join(f"{e.phrase!r} is {e}" for e in named)
        elif held:
            note += f"; {prop} values holding it: " + ", ".join(repr(v) for v in held[:3])
        notes.append(note)
    return notes
