"""The property-graph question set (``questions.yaml``) and the checkers of its answer kinds.

Answers name entities by their property values, so checking one means recognising entity
names in whatever an answer is: a value from Cypher (``"Tom Hanks"``, ``["LHR", "FRA"]``,
``[{"name": "Tom Hanks"}]``, a path ``{"nodes": [...]}``) or a sentence from a fallback
("Tom Hanks, with 15 movies"). The vocabulary of names comes from the graph's source data
(:func:`vocabulary`), never from the store.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from grraf.bench.answers import parse_number, parse_yes_no
from grraf.bench.property.graphs import GRAPHS, Dialect, property_graph
from grraf.bench.question import Question
from grraf.errors import ConfigError

QUESTIONS_PATH = Path(__file__).with_name("questions.yaml")
KINDS: tuple[str, ...] = ("value", "set", "number", "yes_no", "path")
SPLITS: tuple[str, ...] = ("dev", "test")
#: The bench task name of every property question (one "task": the set is scored as a whole and by kind).
TASK = "property"


@dataclass(frozen=True)
class Mention:
    """An entity a question names: the node with ``property == value`` under ``label``."""

    label: str
    property: str
    value: str


@dataclass(frozen=True)
class PropertyQuestion:
    """One question of ``questions.yaml``; see the file's header for the fields."""

    id: str
    graph: str
    split: str
    text: str
    kind: str
    gold: Any
    mentions: tuple[Mention, ...]
    shape: Mapping[str, Any]
    cypher: Mapping[str, str]
    tolerance: float = 0.0
    moved: str = ""
    #: Which batch of writing the question came from: 1, the first 56; 2, written later by someone
    #: who had not seen grraf's answers (both since seen by the developers); 3, written the same
    #: way (since run and seen); 4, written the same way (since run and seen too); 5, written the
    #: same way (run once and seen); 6, written the same way (run once on both stores and seen);
    #: 7, written the same way (run once on both stores and seen); 8, written the same way on 2026-11-27
    #: (run on both stores and seen); 9, written the same way on 2026-11-27 (run once on both stores and seen);
    #: 10, written the same way on 2026-11-27 (run once on both stores and seen); 11, written the same way on
    #: 2026-11-27 (run once on both stores and seen); 12, written the same way on 2026-11-27 (run once on
    #: both stores and seen); 13, written the same way on 2026-11-28 (run once on both stores and seen); 14,
    #: written the same way on 2026-11-28 (run once on ladybug and on Neo4j with the peers, and seen); 15,
    #: written the same way on 2026-11-28 (run once on ladybug and partly on Neo4j, and seen); 16, written the
    #: same way on 2026-11-28 (run once on both stores, and seen); 17, written the same way on 2026-11-28
    #: (run once on Neo4j with the peers, and seen); 18, written the same way on 2026-11-29 by someone who had
    #: seen neither grraf's answers nor its property code, all test (run once on both stores, and seen); 19,
    #: written the same way on 2026-11-29, all test (run once on ladybug, and seen); 20, written the same
    #: way on 2026-11-29, 32 questions (16 per graph), all test (run once on both stores, Neo4j with the
    #: peers, and seen); 21, written the same way on 2026-11-29, 32 questions (16 per graph), all test (run
    #: once on both stores, and seen); 22, written the same way on 2026-11-29, 32 questions (16 per graph), all
    #: test (run once on both stores, and seen); 23, written the same way on 2026-11-29, 32 questions (16 per
    #: graph), all test (run once on both stores, and seen); 24, written the same way on 2026-11-30, 32 questions
    #: (16 per graph), all test (run once on both stores, Neo4j with the peers, and seen); 25, written the same
    #: way on 2026-11-30, 32 questions (16 per graph), all test (run once on both stores, Neo4j with the peers,
    #: and seen); 26, written the same way on 2026-12-06, 32 questions (16 per graph), all test (run once on
    #: both stores, Neo4j with the peers, and seen); 27, written the same way on 2026-12-06, 32 questions
    #: (16 per graph), all test (run once on both stores, Neo4j with the peers, and seen); 28, written the same
    #: way on 2026-12-06, 32 questions (16 per graph), all test (run once on both stores, Neo4j with the peers,
    #: and seen); 29, written the same way on 2026-12-07, 32 questions (16 per graph), all test (run once on
    #: both stores, Neo4j with the peers, and seen); 30, written the same way on 2026-12-07, 32 questions (16 per
    #: graph), all test (run once on both stores, without the peers, and seen); 31, written the same way on
    #: 2026-12-07, 32 questions (16 per graph), all test (run once on both stores, without the peers, and seen); 32,
    #: written the same way on 2026-12-08, 32 questions (16 per graph), all test (run once on both stores,
    #: without the peers, and seen).
    #: A report keeps the batches apart.
    batch: int = 1

    def cypher_for(self, dialect: Dialect) -> str:
        """The hand-written query for ``dialect`` (its own, else the shared ``any`` one)."""
        query = self.cypher.get(dialect) or self.cypher.get("any")
        if not query:
            raise ConfigError(f"{self.id} has no Cypher for {dialect}")
        return query

    def to_question(self) -> Question:
        """The bench :class:`~grraf.bench.question.Question` (task ``property``)."""
        return Question(
            id=self.id,
            task=TASK,
            text=self.text,
            answer=self.gold,
            meta={
                "set": TASK,
                "graph": self.graph,
                "split": self.split,
                "kind": self.kind,
                "shape": self.shape["name"],
                "batch": self.batch,
            },
            check={"kind": self.kind, "graph": self.graph, "tolerance": self.tolerance, "question": self.text},
        )


def _question(raw: Mapping[str, Any]) -> PropertyQuestion:
    try:
        q = PropertyQuestion(
            id=str(raw["id"]),
            graph=str(raw["graph"]),
            split=str(raw["split"]),
            text=str(raw["text"]),
            kind=str(raw["kind"]),
            gold=raw["gold"],
            mentions=tuple(Mention(str(m["label"]), str(m["property"]), str(m["value"])) for m in raw["mentions"]),
            shape=dict(raw["shape"]),
            cypher={str(k): str(v) for k, v in raw["cypher"].items()},
            tolerance=float(raw.get("tolerance", 0.0)),
            moved=str(raw.get("moved", "")),
            batch=int(raw.get("batch", 1)),
        )
    except KeyError as e:
        raise ConfigError(f"question {raw.get('id', '?')} lacks {e.args[0]!r}") from e
    if q.graph not in GRAPHS or q.kind not in KINDS or q.split not in SPLITS:
        raise ConfigError(f"question {q.id}: bad graph, kind or split ({q.graph}, {q.kind}, {q.split})")
    if q.batch < 1:
        raise ConfigError(f"question {q.id}: batch must be 1 or more, not {q.batch}")
    if q.kind == "path" and not {"from", "to", "hops"} <= set(q.gold):
        raise ConfigError(f"question {q.id}: a path gold needs from, to and hops")
    return q


@cache
def all_questions() -> tuple[PropertyQuestion, ...]:
    """Every question in ``questions.yaml``, in file order (ids unique)."""
    raw = yaml.safe_load(QUESTIONS_PATH.read_text(encoding="utf-8"))
    questions = tuple(_question(r) for r in raw)
    ids = [q.id for q in questions]
    if len(set(ids)) != len(ids):
        raise ConfigError("questions.yaml has duplicate ids")
    return questions


def load_questions(*, split: str | None = None, graphs: Iterable[str] | None = None) -> list[PropertyQuestion]:
    """The questions of ``split`` (``dev``/``test``; None: both) about ``graphs`` (None: all)."""
    if split is not None and split not in SPLITS:
        raise ConfigError(f"unknown split {split!r}; choose dev or test")
    wanted = set(graphs) if graphs is not None else set(GRAPHS)
    return [q for q in all_questions() if (split is None or q.split == split) and q.graph in wanted]


# --------------------------------------------------------------------------- names


def normalise(text: str) -> str:
    """Case, accents, quotes, spacing and a trailing article folded away, for comparing names.

    >>> normalise("Matrix, The") == normalise("the matrix")
    True
    >>> normalise("You’ve Got Mail."), normalise("Miloš  Forman")
    ("you've got mail", 'milos forman')
    """
    text = unicodedata.normalize("NFKD", text.replace("’", "'").replace("‘", "'"))
    text = "".join(c for c in text if not unicodedata.combining(c)).lower()
    text = re.sub(r"\s+", " ", text).strip().strip(' .!?;:"')
    m = re.fullmatch(r"(.*), (the|a|an)", text)
    return f"{m.group(2)} {m.group(1)}" if m else text


@dataclass(frozen=True)
class Vocabulary:
    """The names of a graph's entities: each alias (normalised) → the canonical name gold uses.

    ``codes`` are matched case-sensitively in text (``SIN``, not the word "sin").
    """

    aliases: Mapping[str, str]
    codes: frozenset[str] = field(default_factory=frozenset)

    def canonical(self, text: str) -> str | None:
        if text in self.codes:
            return text
        return self.aliases.get(normalise(text))

    def find(self, text: str) -> list[str]:
        """Canonical names mentioned in ``text``, in order; longer names win over names inside them."""
        hits: list[tuple[int, int, str]] = []
        folded = normalise_keep_length(text)
        for alias, name in sorted(self.aliases.items(), key=lambda kv: -len(kv[0])):
            for m in re.finditer(rf"(?<!\w){re.escape(alias)}(?!\w)", folded):
                hits.append((m.start(), m.end(), name))
        for code in self.codes:
            for m in re.finditer(rf"(?<![\w]){re.escape(code)}(?![\w])", text):
                hits.append((m.start(), m.end(), code))
        hits.sort(key=lambda h: (h[0], -(h[1] - h[0])))
        out: list[str] = []
        end = -1
        for start, stop, name in hits:
            if start >= end:
                out.append(name)
                end = stop
        return out


def normalise_keep_length(text: str) -> str:
    """Lower-cased with accents and curly quotes folded, one character per character (positions kept)."""
    out = []
    for c in text.replace("’", "'").replace("‘", "'"):
        base = "".join(x for x in unicodedata.normalize("NFKD", c) if not unicodedata.combining(x))
        out.append((base or c)[0].lower())
    return "".join(out)


@cache
def vocabulary(graph: str) -> Vocabulary:
    """Entity names of ``graph`` from its source data: people and titles; airport codes and names, countries."""
    g = property_graph(graph)
    aliases: dict[str, str] = {}
    codes: set[str] = set()
    for node in g.nodes:
        p = node.properties
        if node.label == "Person":
            aliases[normalise(p["name"])] = p["name"]
        elif node.label == "Movie":
            aliases[normalise(p["title"])] = p["title"]
        elif node.label == "Airport":
            codes.add(p["code"])
            aliases[normalise(p["name"])] = p["code"]
        elif node.label == "Country":
            aliases[normalise(p["name"])] = p["name"]
    return Vocabulary(aliases, frozenset(codes))


# --------------------------------------------------------------------------- checkers


def _strings(value: Any, vocab: Vocabulary) -> list[str] | None:
    """The entity names in an executed value, in order (None: no names could be read)."""
    if value is None or isinstance(value, bool):
        return None
    if isinstance(value, Mapping):
        if "nodes" in value and isinstance(value["nodes"], list):
            return _strings(value["nodes"], vocab)
        known = [str(v) for v in value.values() if isinstance(v, str) and vocab.canonical(v)]
        if known:
            return known[:1]
        texts = [str(v) for v in value.values() if isinstance(v, str)]
        return texts[:1] if len(texts) == 1 else None
    if isinstance(value, list | tuple):
        out: list[str] = []
        for item in value:
            got = _strings(item, vocab)
            if got is None:
                return None
            out.extend(got)
        return out
    return [str(value)]


def _names_in(answer: Any, vocab: Vocabulary) -> list[str]:
    """Names an answer gives: a structured value item by item, a sentence by the names it mentions."""
    if isinstance(answer, str):
        found = vocab.find(answer)
        if found:
            return found
        parts = re.split(r",|;|\band\b|\n", answer)
        return [p.strip() for p in parts if p.strip()]
    return _strings(answer, vocab) or []


def _canon(name: str, vocab: Vocabulary) -> str:
    return normalise(vocab.canonical(name) or name)


def check_set(answer: Any, gold: Sequence[str], vocab: Vocabulary, question: str = "") -> bool:
    """The same entities as ``gold`` (any order; a name repeated counts once).

    In a sentence, names the question itself gives ("The Matrix was directed by ...") are not
    part of the answer unless gold has them.

    >>> v = Vocabulary({"tom hanks": "Tom Hanks", "meg ryan": "Meg Ryan"})
    >>> check_set(["Meg Ryan", "tom hanks"], ["Tom Hanks", "Meg Ryan"], v)
    True
    >>> check_set("Tom Hanks and Meg Ryan.", ["Tom Hanks", "Meg Ryan"], v)
    True
    >>> check_set(["Tom Hanks"], ["Tom Hanks", "Meg Ryan"], v)
    False
    """
    got = {_canon(n, vocab) for n in _names_in(answer, vocab)}
    if isinstance(answer, str):
        got -= {_canon(n, vocab) for n in vocab.find(question)} - {_canon(g, vocab) for g in gold}
    if not gold:
        return not got
    return got == {_canon(g, vocab) for g in gold}


def check_value(answer: Any, gold: str, vocab: Vocabulary, question: str = "") -> bool:
    """One entity or string equal to ``gold``; in a sentence, the one new name it gives.

    >>> v = Vocabulary({"tom hanks": "Tom Hanks", "the matrix": "The Matrix", "hugo weaving": "Hugo Weaving"})
    >>> check_value([{"name": "Tom Hanks"}], "Tom Hanks", v), check_value("tom hanks", "Tom Hanks", v)
    (True, True)
    >>> check_value("Hugo Weaving is the oldest in The Matrix.", "Hugo Weaving", v, "Who is oldest in The Matrix?")
    True
    >>> check_value(["Tom Hanks", "Hugo Weaving"], "Tom Hanks", v)
    False
    """
    if isinstance(answer, str) and (normalise(answer) == normalise(gold) or vocab.canonical(answer) == gold):
        return True
    if not isinstance(answer, str):
        names = _strings(answer, vocab) or []
        return len({_canon(n, vocab) for n in names}) == 1 and _canon(names[0], vocab) == _canon(gold, vocab)
    asked = {_canon(n, vocab) for n in vocab.find(question)}
    named = [n for n in vocab.find(answer) if _canon(n, vocab) not in asked]
    if named:
        return {_canon(n, vocab) for n in named} == {_canon(gold, vocab)}
    return re.search(rf"(?<!\w){re.escape(normalise(gold))}(?!\w)", normalise(answer)) is not None


def check_number(answer: Any, gold: float, tolerance: float) -> bool:
    """Within ``tolerance`` of ``gold`` (exact, up to float noise, when the tolerance is 0).

    >>> check_number(1991.8, 1991.8, 0.05), check_number("about 1992", 1991.8, 0.05), check_number([4], 4, 0)
    (True, False, True)
    """
    got = parse_number(answer)
    if got is None or math.isnan(got):
        return False
    return math.isclose(got, float(gold), rel_tol=1e-9, abs_tol=max(tolerance, 1e-9))


def check_yes_no(answer: Any, gold: bool) -> bool:
    """``True``/``False`` or a yes/no sentence agreeing with ``gold``."""
    if isinstance(answer, list | tuple) and len(answer) == 1:
        answer = answer[0]
    got = parse_yes_no(answer)
    return got is not None and got == bool(gold)


def check_path(answer: Any, gold: Mapping[str, Any], vocab: Vocabulary, graph: Any) -> bool:
    """A walk from ``gold['from']`` to ``gold['to']`` of exactly ``gold['hops']`` steps along ``graph``'s edges.

    Any shortest path is right, not only the one the reference happened to find.
    """
    names = [vocab.canonical(n) or n for n in _names_in(answer, vocab)]
    if len(names) != int(gold["hops"]) + 1:
        return False
    if _canon(names[0], vocab) != _canon(str(gold["from"]), vocab) or _canon(names[-1], vocab) != _canon(
        str(gold["to"]), vocab
    ):
        return False
    return all(graph.has_edge(a, b) for a, b in zip(names, names[1:], strict=False))


def check_property(question: Question, answer: Any) -> bool:
    """Is ``answer`` right for a property-graph question (``question.task == "property"``)?"""
    from grraf.bench.property.reference import shortest_path_graph

    kind = question.check["kind"]
    graph = str(question.check["graph"])
    vocab = vocabulary(graph)
    if kind == "set":
        return check_set(answer, question.answer, vocab, str(question.check.get("question", "")))
    if kind == "value":
        return check_value(answer, str(question.answer), vocab, str(question.check.get("question", "")))
    if kind == "number":
        return check_number(answer, float(question.answer), float(question.check.get("tolerance", 0.0)))
    if kind == "yes_no":
        return check_yes_no(answer, bool(question.answer))
    if kind == "path":
        return check_path(answer, question.answer, vocab, shortest_path_graph(graph))
    raise ValueError(f"no checker for answer kind {kind!r}")
