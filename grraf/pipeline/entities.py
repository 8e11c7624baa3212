"""Entity resolution: the names a question gives, matched against string property values in the store.

"Who directed The Matrix?" names a node only by its title. This stage finds the phrases that
may be names (quoted strings, runs of capitalised words and their sub-runs, codes such as
``LHR``, and lower-case word groups), looks up, for each string property of the schema, the
store's values that share a word with them (a bounded, parameterised query the store runs:
:meth:`string_values`), and scores each pair:

* exact, case- and accent-insensitive, with "Matrix, The" read as "The Matrix": 100;
* a typo ("Keanu Reves"): rapidfuzz's ratio of the normalised strings;
* a distinctive part of a longer value ("Heathrow" in "London Heathrow Airport"): 80 plus up
  to 20 for how much of the value the phrase covers.
* a place adjective for its place ("European" for Europe, "US" for United States,
  :func:`names_place`): 100, as sure as the name itself.

Codes (values of up to four capitals) match only when written in capitals, so the word "no" is not
Norway's ``NO``, or in lower case when they are no English word ("ogg", never "mad"); lower-case
word groups match exactly, or as the part of the one value of a property that holds them when one of
their words is not an everyday one ("kona" in "Kailua-Kona", by its frequency in English; never
"cast" in "Cast Away"). A phrase inside a longer matched phrase is dropped ("London" inside "London
Heathrow").

The matching is pure (:func:`resolve`, given the candidate values); only :func:`find_entities`
talks to a store.
"""

from __future__ import annotations

import logging
import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache

from rapidfuzz.distance import OSA
from wordfreq import zipf_frequency

from grraf.pipeline.validate import sentence_ends
from grraf.stores.base import GraphStore
from grraf.types import Entity, LabelInfo, Schema, textual

log = logging.getLogger(__name__)

#: Below this score a phrase names nothing (one typo in a five-letter word scores 80).
THRESHOLD = 80.0
#: Values fetched per string property for one question (the store query's LIMIT).
VALUES_PER_PROPERTY = 200
#: String properties searched per question (the first ones of the schema).
MAX_PROPERTIES = 30
MAX_PHRASE_WORDS = 6
# Words that begin questions or join names: never a name on their own.
_STOPWORDS = frozenset(
    [
        "a",
        "an",
        "and",
        "are",
        "as",
        "at",
        "be",
        "by",
        "can",
        "could",
        "did",
        "do",
        "does",
        "for",
        "from",
        "give",
        "has",
        "have",
        "how",
        "i",
        "in",
        "is",
        "it",
        "its",
        "list",
        "me",
        "most",
        "name",
        "of",
        "on",
        "or",
        "show",
        "tell",
        "that",
        "the",
        "their",
        "there",
        "these",
        "this",
        "to",
        "was",
        "were",
        "what",
        "when",
        "where",
        "which",
        "who",
        "whom",
        "whose",
        "why",
        "with",
        "would",
        "you",
        "your",
        "many",
        "much",
        "any",
        "all",
        "each",
        "every",
        "both",
        "between",
        "than",
        "after",
        "before",
    ]
)
# Lower-case words allowed inside a capitalised name ("Joe Versus the Volcano", "As Good as It Gets").
_CONNECTORS = frozenset({"of", "the", "a", "an", "as", "on", "for", "to", "at", "de", "von", "van", "le", "la", "du"})
#: Capitalised articles that begin titles ("The Matrix", "A Few Good Men"), unlike other stop words.
_TITLE_ARTICLES = frozenset({"The", "A", "An"})
_WORD_RE = re.compile(r"[\w][\w'’.\-&/]*")
_QUOTED_RE = re.compile(r"[\"“”']([^\"“”']{2,80})[\"“”']")
_CODE_RE = re.compile(r"^[A-Z0-9]{2,4}$")
_MIN_LOWER_WORD = 5
#: A shorter lower-case word may still be a distinctive part of one value ("kona" in "Kailua-Kona").
_MIN_PART_WORD = 4
#: Values of one property scanned for a misspelt name no word look-up found (bounded).
FUZZY_SCAN = 5_000


@dataclass(frozen=True)
class StringProperty:
    """A string property of a label, searched for names."""

    label: str
    property: str


@dataclass(frozen=True)
class Phrase:
    """A candidate name: its text, where it is in the question, and whether fuzzy matching may apply."""

    text: str
    start: int
    end: int
    fuzzy: bool


def normalise(text: str) -> str:
    """Lower case, no accents, curly quotes straightened, spaces collapsed, "X, The" → "the x".

    >>> normalise("Matrix, The"), normalise("  Miloš   Forman "), normalise("Tom Hanks's")
    ('the matrix', 'milos forman', 'tom hanks')
    """
    text = unicodedata.normalize("NFKD", text.replace("’", "'").replace("‘", "'"))
    text = "".join(c for c in text if not unicodedata.combining(c)).lower()
    text = re.sub(r"\s+", " ", text).strip().strip(' .,!?;:"')
    text = re.sub(r"'s$", "", text)
    m = re.fullmatch(r"(.*), (the|a|an)", text)
    return f"{m.group(2)} {m.group(1)}" if m else text


def _is_code(value: str) -> bool:
    return bool(_CODE_RE.match(value)) and any(c.isalpha() for c in value)


#: Zipf frequency below which a lower-case word is no English word at all, so a code written in lower
#: case names its value: "ogg" 2.5, "lhr" 2.1, "nrt" 2.2, "ord" 3.0; not "lax" 3.5, "vie" 3.4, "mad" 4.7.
CODE_ZIPF = 3.0


def _may_be_code(word: str) -> bool:
    """Whether a lower-case word may be a code typed in lower case: three or four letters, no English word."""
    return 3 <= len(word) <= 4 and word.isalpha() and word.islower() and zipf_frequency(word, "en") < CODE_ZIPF


def _lower_case_code(text: str, value: str) -> bool:
    """Whether ``text`` is the code ``value`` typed in lower case ("ogg - which town is that airport in?",
    property batch 29, flights-605)."""
    return _may_be_code(text) and text.upper() == value


def candidate_phrases(question: str) -> list[Phrase]:
    """Phrases that may name an entity, longest first.

    >>> [p.text for p in candidate_phrases("Who directed The Matrix?") if p.fuzzy]
    ['The Matrix', 'Matrix']
    >>> [p.text for p in candidate_phrases("average distance of flights out of LHR") if p.fuzzy]
    ['LHR']
    >>> "tom hanks" in [p.text for p in candidate_phrases("movies of tom hanks")]
    True
    """
    words = [
        (m.group().rstrip(".,"), m.start(), m.start() + len(m.group().rstrip(".,")))
        for m in _WORD_RE.finditer(question)
    ]
    words = [w for w in words if w[0]]
    phrases: dict[tuple[int, int], Phrase] = {}

    def add(i: int, j: int, fuzzy: bool) -> None:
        chunk = words[i:j]
        text = question[chunk[0][1] : chunk[-1][2]]
        if chunk[0][0].lower() in _CONNECTORS - {"the", "a", "an"} or chunk[-1][0].lower() in _CONNECTORS:
            return
        if j - i == 1 and (chunk[0][0].lower() in _STOPWORDS or len(chunk[0][0]) < 2):
            return
        key = (chunk[0][1], chunk[-1][2])
        if key not in phrases or fuzzy:
            phrases[key] = Phrase(text, key[0], key[1], fuzzy)

    # Runs of capitalised words (numbers and connectors may continue a run) and all their sub-runs.
    # A run stops at the end of a sentence: "... in Joe Versus the Volcano. How many characters ..."
    # named no film when the run went on into "How" (property batch 17, movies-398); a name's initials
    # ("J.T. Walsh") end no sentence.
    ends = sentence_ends(question)

    def crosses_end(j: int) -> bool:
        """Whether a sentence ends between word j - 1 and word j."""
        return any(words[j - 1][2] <= end < words[j][1] for end in ends)

    i = 0
    while i < len(words):
        if not words[i][0][:1].isupper():
            i += 1
            continue
        j = i + 1
        while j < len(words):
            w = words[j][0]
            if crosses_end(j):
                break
            if (
                w[:1].isupper()
                or w[:1].isdigit()
                or w.lower() in _CONNECTORS
                and j + 1 < len(words)
                and words[j + 1][0][:1].isupper()
            ):
                j += 1
            else:
                break
        for a in range(i, j):
            for b in range(a + 1, min(j, a + MAX_PHRASE_WORDS) + 1):
                add(a, b, fuzzy=True)
        i = j
    # Lower-case words: exact matches, or a part of the one value holding them (_unique_part); a
    # single word names a whole value only when it is long enough not to be an everyday word that
    # happens to be a value ("nice", "rain"), see score().
    for a in range(len(words)):
        if len(words[a][0]) >= _MIN_PART_WORD and words[a][0].lower() not in _STOPWORDS or _may_be_code(words[a][0]):
            add(a, a + 1, fuzzy=False)
        for b in range(a + 2, min(len(words), a + 4) + 1):
            if crosses_end(b - 1):
                break
            add(a, b, fuzzy=False)
    for m in _QUOTED_RE.finditer(question):
        phrases[(m.start(1), m.end(1))] = Phrase(m.group(1), m.start(1), m.end(1), True)
    return sorted(phrases.values(), key=lambda p: (-(p.end - p.start), p.start))


#: Place adjectives whose place does not start like them ("French" airports are in France). Written by
#: hand: no well-kept package maps demonyms to places (pycountry has names and codes only), and the
#: regular ones ("European", "Canadian", "Japanese") are read by rule in :func:`names_place`.
_PLACE_WORDS: dict[str, tuple[str, ...]] = {
    "us": ("united states",),
    "u.s": ("united states",),
    "usa": ("united states",),
    "u.s.a": ("united states",),
    "american": ("united states",),
    "uk": ("united kingdom",),
    "u.k": ("united kingdom",),
    "british": ("united kingdom", "great britain", "britain"),
    "english": ("england", "united kingdom"),
    "scottish": ("scotland", "united kingdom"),
    "welsh": ("wales", "united kingdom"),
    "french": ("france",),
    "spanish": ("spain",),
    "dutch": ("netherlands", "the netherlands"),
    "swiss": ("switzerland",),
    "danish": ("denmark",),
    "swedish": ("sweden",),
    "finnish": ("finland",),
    "norwegian": ("norway",),
    "irish": ("ireland",),
    "turkish": ("turkey", "turkiye"),
    "thai": ("thailand",),
    "greek": ("greece",),
    "polish": ("poland",),
    "portuguese": ("portugal",),
    "belgian": ("belgium",),
    "filipino": ("philippines",),
    "emirati": ("united arab emirates",),
    "kiwi": ("new zealand",),
}
_PLACE_ENDING = re.compile(r"(?:an|ese|ish|ine|i)$")


def names_place(adjective: str, place: str) -> bool:
    """Whether ``adjective`` (normalised) is the adjective of ``place`` (normalised): "european" of
    "europe", "south american" of "south america", "japanese" of "japan", "british" of "united kingdom".

    Why: users qualify by place adjectives ("Which European airports fly to Cape Town?"), and a
    qualifier no node holds cannot be bound: the question was answered about every airport, or by
    code written from the question (property batches 3, 5, 7, 9, 13, 15, 18 and 21 each have some).
    By rule, the adjective's last word starts with all of the place's last word but its last letter
    and goes on by a few letters with an adjective's ending; the rest of the words are the same.

    >>> names_place("european", "europe"), names_place("south american", "south america")
    (True, True)
    >>> names_place("us", "united states"), names_place("british", "united kingdom")
    (True, True)
    >>> names_place("canadian", "canada"), names_place("chinese", "china"), names_place("german", "germany")
    (True, True, True)
    >>> names_place("julian", "julia roberts"), names_place("roman", "rome"), names_place("asia", "asia")
    (False, False, False)
    """
    if adjective == place:
        return False
    if place in _PLACE_WORDS.get(adjective, ()):
        return True
    *head, word = adjective.split()
    *place_head, place_word = place.split()
    if head != place_head or len(place_word) < 4 or not _PLACE_ENDING.search(word):
        return False
    stem = place_word[: max(4, len(place_word) - 1)]
    return word.startswith(stem) and len(place_word) - 1 <= len(word) <= len(place_word) + 4


def place_stems(word: str) -> list[str]:
    """Parts of a place's name to look values up by, for a word that may be a place adjective
    ("european" -> europe, europ; "french" -> france).

    >>> place_stems("european"), place_stems("dutch"), place_stems("matrix")
    (['europ', 'europe', 'europea'], ['netherlands'], [])
    """
    if word in _PLACE_WORDS:
        return sorted({max(place.split(), key=len) for place in _PLACE_WORDS[word]})
    if not _PLACE_ENDING.search(word):
        return []
    return sorted({word[:-n] for n in (1, 2, 3) if len(word) - n >= 4})


def score(phrase: Phrase, value: str) -> float:
    """How well ``phrase`` names ``value`` (0-100); see the module docstring.

    >>> score(Phrase("Keanu Reves", 0, 11, True), "Keanu Reeves") > 90
    True
    >>> score(Phrase("Matrix, The", 0, 11, True), "The Matrix"), score(Phrase("no", 0, 2, True), "NO")
    (100.0, 0.0)
    >>> score(Phrase("ogg", 0, 3, True), "OGG"), score(Phrase("mad", 0, 3, True), "MAD")
    (100.0, 0.0)
    >>> round(score(Phrase("Heathrow", 0, 8, True), "London Heathrow Airport"))
    87
    """
    if _is_code(value):
        return 100.0 if phrase.text == value or _lower_case_code(phrase.text, value) else 0.0
    a, b = normalise(phrase.text), normalise(value)
    if not a or not b:
        return 0.0
    if not phrase.fuzzy and len(a) < _MIN_LOWER_WORD:
        return 0.0  # a short lower-case word may name a part of one value (_unique_part), never a whole one
    if a == b or names_place(a, b):
        return 100.0
    if not phrase.fuzzy:
        return 0.0
    # Optimal string alignment counts a swap of two letters as one edit ("Dbuai" for "Dubai").
    similarity = 100.0 * OSA.normalized_similarity(a, b)
    shortest = min(len(a), len(b))
    best = similarity if shortest >= 5 or (shortest >= 4 and similarity >= 85.0) else 0.0
    ta, tb = _tokens(a), _tokens(b)  # "Kona" is a part of "Kailua-Kona"
    distinctive = [t for t in ta if t not in _STOPWORDS and len(t) >= 4]
    if distinctive and set(ta) <= set(tb):
        best = max(best, 80.0 + 20.0 * len(a) / len(b))
    return min(best, 99.0)


def resolve(
    question: str, values: Mapping[StringProperty, Sequence[str]], *, threshold: float = THRESHOLD
) -> list[Entity]:
    """The entities ``question`` names, given the candidate values of each string property.

    Per phrase, the best-scoring values (ties all kept) at or above ``threshold``; phrases
    inside an accepted longer phrase are dropped. Ordered by position in the question.

    >>> vals = {StringProperty("Movie", "title"): ["The Matrix", "The Matrix Reloaded"],
    ...         StringProperty("Person", "name"): ["Keanu Reeves"]}
    >>> [(e.label, e.value, round(e.score)) for e in resolve("Did Keanu Reves act in The Matrix?", vals)]
    [('Person', 'Keanu Reeves', 92), ('Movie', 'The Matrix', 100)]
    >>> [(e.phrase, round(e.score)) for e in resolve("Is Keanu Reeves in it?", vals)]
    [('Keanu Reeves', 100)]
    """
    accepted: list[tuple[Phrase, list[Entity]]] = []
    for phrase in candidate_phrases(question):
        if any(p.start <= phrase.start and phrase.end <= p.end for p, _ in accepted):
            continue
        scored = [
            Entity(phrase.text, prop.label, prop.property, value, s)
            for prop, vals in values.items()
            for value in vals
            if (s := score(phrase, value)) >= threshold
        ]
        if not scored and not phrase.fuzzy:
            scored = _unique_part(phrase, values)
        if not scored:
            continue
        top = max(e.score for e in scored)
        first = phrase.text.split()[0]
        if top < 100.0 and " " in phrase.text and first.lower() in _STOPWORDS and first not in _TITLE_ARTICLES:
            # "Is Hugh Jackman in Batman Begins?": the question word the capitalised run starts with
            # made a near-match (80) that hid the exact name inside it (property batch 12, movies-286).
            # A title that starts with one matches exactly and stays ("When Harry Met Sally"), and a
            # misspelt one may start with its article ("The Martix").
            continue
        best = sorted({e for e in scored if e.score == top}, key=lambda e: (e.label, e.property, e.value))
        # A longer phrase that overlaps an accepted one only partly is a competing reading: keep the first.
        if any(p.start < phrase.end and phrase.start < p.end for p, _ in accepted):
            continue
        accepted.append((phrase, best))
    accepted.sort(key=lambda pe: pe[0].start)
    return [e for _, entities in accepted for e in entities]


def _tokens(text: str) -> list[str]:
    return re.split(r"[\s\-/]+", normalise(text))


#: Zipf frequency (log10 of uses per billion words) below which a word is not an everyday one:
#: "kona" 2.9, "heathrow" 3.4, "malpensa" 1.6 are name parts; "cast" 4.8 and "nice" 5.4 are words
#: that happen to begin "Cast Away" and "Nice Côte d'Azur Airport".
RARE_ZIPF = 4.0


@cache
def _rare(word: str) -> bool:
    # wordfreq ships its frequency lists in the wheel, so this works offline; a hand-kept list of
    # everyday words would miss most of them.
    return zipf_frequency(word, "en") < RARE_ZIPF


def _unique_part(phrase: Phrase, values: Mapping[StringProperty, Sequence[str]]) -> list[Entity]:
    """A lower-case phrase as a part of the one value of a property that holds its words: "kona" for
    the city "Kailua-Kona", "milan malpensa" for "Milan Malpensa Airport". Users type names in lower
    case ("fewest flights milan malpensa to kona pls"), and lower-case phrases otherwise match only
    whole values. A part shared by several values of the property ("airport", "matrix") names none of
    them; a word shorter than four letters or a stop word is never distinctive enough.
    """
    words = _tokens(phrase.text)
    if not any(len(w) >= _MIN_PART_WORD and w not in _STOPWORDS and _rare(w) for w in words):
        return []
    as_part = replace(phrase, fuzzy=True)  # scored as a capitalised part would be ("Kona")
    found = []
    for prop, vals in values.items():
        holding = {v for v in vals if not _is_code(v) and set(words) < set(_tokens(v))}
        if len(holding) == 1:
            value = holding.pop()
            found.append(Entity(phrase.text, prop.label, prop.property, value, score(as_part, value)))
    return [e for e in found if e.score >= THRESHOLD]


def unresolved_names(question: str, entities: Sequence[Entity]) -> list[str]:
    """Capitalised words of ``question`` (not question words) outside every resolved phrase.

    >>> unresolved_names("Who directed The Martix?", [])
    ['Martix']
    """
    return [word for _, word in _unresolved_capitalised(question, entities)]


def _unresolved_capitalised(question: str, entities: Sequence[Entity]) -> list[tuple[int, str]]:
    """The capitalised words of ``question`` (not question words, three letters or more) outside
    every resolved phrase, each with where it starts."""
    return _unresolved(
        question, entities, lambda word: word[:1].isupper() and word.lower() not in _STOPWORDS and len(word) >= 3
    )


def _unresolved_rare(question: str, entities: Sequence[Entity]) -> list[tuple[int, str]]:
    """The lower-case words of ``question`` that are not everyday words (:func:`_rare`, four letters
    or more) outside every resolved phrase, each with where it starts: a name typed in lower case."""
    return _unresolved(
        question,
        entities,
        lambda word: (
            word.islower() and len(word) >= _MIN_PART_WORD and word not in _STOPWORDS and _rare(normalise(word))
        ),
    )


def _unresolved(question: str, entities: Sequence[Entity], named: Callable[[str], bool]) -> list[tuple[int, str]]:
    """The words of ``question`` outside every resolved phrase for which ``named`` holds, with where they start."""
    spans = [span for e in entities for span in _spans(question, e.phrase)]
    out = []
    for m in _WORD_RE.finditer(question):
        word = m.group().rstrip(".,")
        if named(word) and not any(a <= m.start() < b for a, b in spans):
            out.append((m.start(), word))
    return out


#: Words that are capitalised without naming a node: place adjectives ("European", "Asian",
#: "Chinese", "British"), and "I'm"/"I'd".
_NOT_A_NAME = re.compile(r"(?:ean|ian|can|ese|ish)$|^I['’]")
#: Where a sentence (or a clause after a dash or colon) starts: its first word is capitalised anyway.
_SENTENCE_START = re.compile(r"(?:^|[.?!:;]\s+|\s[-–—]\s+)$")


def _spans(question: str, phrase: str) -> list[tuple[int, int]]:
    """Where ``phrase`` is written in ``question`` (every occurrence), as (start, end)."""
    return [(m.start(), m.end()) for m in re.finditer(re.escape(phrase), question)]


def stray_names(question: str, entities: Sequence[Entity]) -> list[str]:
    """Names the question writes that no node holds: capitalised words inside a sentence (not its
    first word) outside every resolved phrase, not acronyms ("IATA") nor place adjectives.

    A character's name ("Chuck Noland", "Iceman") is kept on the ACTED_IN relationship, not on a
    node: a question naming one asks about it, and a task that only reads the other names answers
    another question ("In which film does Tom Hanks play Chuck Noland?" got all of Tom Hanks's
    films, flagged verified; property batch 9).

    >>> films = [Entity("Tom Hanks", "Person", "name", "Tom Hanks", 100.0)]
    >>> stray_names("In which film does Tom Hanks play Chuck Noland?", films)
    ['Chuck', 'Noland']
    >>> stray_names("What's the IATA code of a European airport I'd like?", [])
    []
    """
    return [
        word
        for start, word in _unresolved_capitalised(question, entities)
        if not word.isupper() and not _NOT_A_NAME.search(word) and not _SENTENCE_START.search(question[:start])
    ]


def search_tokens(question: str) -> list[str]:
    """Lower-case words a store value must contain one of to be a candidate (bounded, for the query).

    >>> search_tokens("Did Keanu Reves act in The Matrix?")
    ['act', 'keanu', 'matrix', 'reves']
    """
    tokens: set[str] = set()
    places: set[str] = set()
    for phrase in candidate_phrases(question):
        for word in normalise(phrase.text).split():
            if len(word) >= 3 and word not in _STOPWORDS:
                tokens.add(word)
            if phrase.fuzzy or len(word) >= _MIN_LOWER_WORD:
                places.update(place_stems(word))  # "European" looks up "europe" (names_place)
    return [*sorted(tokens)[:40], *sorted(places - tokens)[:10]]


def string_properties(schema: Schema) -> list[StringProperty]:
    """The string properties of a property-graph schema (its typed labels), in schema order."""
    out = []
    for label in schema.labels:
        for prop in label.properties:
            if textual(prop.type):
                out.append(StringProperty(label.name, prop.name))
    return out[:MAX_PROPERTIES]


def relationship_string_properties(relationships: Iterable[LabelInfo]) -> list[StringProperty]:
    """The string (or list of strings) properties of relationship types (a schema's
    ``relationships``), as ``StringProperty(rel_type, property)``: where a character's name is kept
    (ACTED_IN's roles)."""
    return [
        StringProperty(rel.name, prop.name)
        for rel in relationships
        for prop in rel.properties
        if textual(prop.type, lists=True)
    ][:MAX_PROPERTIES]


def words_on_relationships(
    question: str, store: GraphStore, relationships: Iterable[LabelInfo], entities: Sequence[Entity]
) -> dict[str, list[str]]:
    """The question's lower-case words (four letters or more, not stop words, outside every resolved
    name) that are words of the strings kept on relationships, each with the values holding it:
    "which of the actors play privates?" says "privates", and roles of ACTED_IN are "Private
    Caparzo" and "Private Ryan" (property batch 26, movies-560: every actor of the film was
    listed, flagged verified). A plural is read as its singular too. One bounded look-up per property.
    """
    props = relationship_string_properties(relationships)
    loose = _unresolved(
        question, entities, lambda word: word.islower() and len(word) >= _MIN_PART_WORD and word not in _STOPWORDS
    )
    forms = {w: {n, n.removesuffix("s")} for _, w in loose if (n := normalise(w))}
    tokens = sorted({f for fs in forms.values() for f in fs})[:40]
    if not props or not tokens:
        return {}
    found: dict[str, list[str]] = {}
    for prop in props:
        for value in store.relationship_values(prop.label, prop.property, tokens, VALUES_PER_PROPERTY):
            held = {normalise(w) for w in _WORD_RE.findall(value)}
            for word, fs in forms.items():
                if fs & held:
                    found.setdefault(word, []).append(value)
    return found


def named_on_relationships(
    question: str, store: GraphStore, schema: Schema, entities: Sequence[Entity]
) -> list[Entity]:
    """Names the question writes that no node holds, matched exactly against the strings kept on
    relationships: "Neo" in "Who played Neo?" is one of the roles of an ACTED_IN relationship.

    Only words outside every resolved name are looked up — capitalised ones, and lower-case ones
    that are not everyday words ("blade runner - who played rachael?", property batch 22,
    movies-492) — and only exact matches count: an everyday word ("leaving himself out") or a near
    miss that happens to equal a role names none.
    """
    loose = _unresolved_capitalised(question, entities) + _unresolved_rare(question, entities)
    props = relationship_string_properties(schema.relationships)
    if not loose or not props:
        return []
    tokens = sorted({normalise(word) for _, word in loose if len(word) >= 3})[:40]
    values = {p: list(store.relationship_values(p.label, p.property, tokens, VALUES_PER_PROPERTY)) for p in props}
    taken = [span for e in entities for span in _spans(question, e.phrase)]
    found = []
    for reading in resolve(question, values):
        where = _spans(question, reading.phrase)
        covers_loose = any(a <= start < b for a, b in where for start, _ in loose)
        overlaps_a_name = any(a < d and c < b for a, b in where for c, d in taken)
        if reading.is_exact() and covers_loose and not overlaps_a_name:
            found.append(replace(reading, on_relationship=True))
    return found


Lookup = Callable[[str, str, Sequence[str], int], Sequence[str]]


def find_entities(question: str, store: GraphStore, schema: Schema | None = None) -> list[Entity]:
    """Resolve the names in ``question`` against ``store`` (:meth:`GraphStore.string_values`): the
    nodes it names, then the values kept on relationships that the names no node holds are
    (:func:`named_on_relationships`, ``on_relationship`` set).

    A schema without typed labels (a NetworkX graph) yields no entities.
    """
    lookup: Lookup = store.string_values
    schema = schema or store.schema()
    tokens = search_tokens(question)
    if not tokens:
        return []
    props = string_properties(schema)
    values = {prop: list(lookup(prop.label, prop.property, tokens, VALUES_PER_PROPERTY)) for prop in props}
    entities = resolve(question, values)
    if unresolved_names(question, entities):
        # A misspelt name shares no word with its value: score it against a bounded scan instead.
        for prop in props:
            values[prop] = list(dict.fromkeys([*values[prop], *lookup(prop.label, prop.property, (), FUZZY_SCAN)]))
        entities = resolve(question, values)
    entities += named_on_relationships(question, store, schema, entities)
    log.info("entities: %s", ", ".join(f"{e.phrase!r}={e.label}.{e.property}:{e.value!r}" for e in entities))
    return entities
