"""Candidate tasks for a question, by meaning.

Two rankers over the registry, one interface (:class:`Ranker`):

* :class:`TaskClassifier`, what the LLM is offered for a structural question: a linear classifier
  (TF-IDF of stemmed words and word pairs, multinomial logistic regression; scikit-learn) trained on
  each task's summary and example phrasings and the dev half of the free phrasings
  (:func:`dev_examples`). Chosen by 5-fold cross-validation on those dev wordings
  (``benchmarks/bench_retrieval.py --cv``, BENCHMARKS.md "Task retrieval"): the right task first
  for 68% against BM25's 56%, among the first 4 for 96% against BM25's 90% (94% at 6). Where BM25
  scores a task by how many of the question's words its one long document holds, the classifier
  learns which words tell two close tasks apart ("link" against "node" for bridges and cut
  vertices), from the wordings people wrote.
* :class:`TaskIndex`, BM25 (bm25s) over each task's summary and example phrasings: the registry's
  own words, a second reading that confirms the LLM's choice (``plan.rank_finding``), and the
  property-graph catalogue, which has no dev wordings to learn from.

Why not an embedding model: most small embedding models on PyPI that ship their weights need
PyTorch (~2 GB) or fetch weights from a hub at run time, which these machines cannot reach. The one
found that does neither, WordLlama (static embeddings, 16 MB in its wheel), recalls far less
(free-dev at 6: 87% against 96%; GraphInstruct wording: 59% against 100%), and as a second reading
to confirm a choice it lost 85 right confirmations for 4 wrong ones (BENCHMARKS.md, "Task
retrieval"). bm25s is MIT-licensed and scikit-learn BSD-3; both are pure numpy/scipy and build their
models in under a second. The rankers only propose; the LLM chooses among the candidates (or none),
so a wrong extra candidate costs a few prompt tokens, a missing right one costs the template.
"""

from __future__ import annotations

import logging
import re
import warnings
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Protocol

from grraf.tasks.model import Task
from grraf.tasks.vocabulary import expand

logger = logging.getLogger(__name__)

#: Candidates a ranker returns unless asked for another number (the property catalogue's offer).
#: Measured recall at this k is in BENCHMARKS.md.
DEFAULT_K = 6

# Compounds whose parts are stop words or too common alone ("in", "out", "k"): folded into one
# token before tokenising, so "in-degree", "in degree" and "indegree" are the same word.
_COMPOUNDS = (
    (re.compile(r"\bin[- ]?degree\b"), " indegree "),
    (re.compile(r"\bout[- ]?degree\b"), " outdegree "),
    (re.compile(r"\b(?:k|\d+)[- ]core\b"), " kcore "),
    (re.compile(r"\b2[- ]colou?r"), " twocolor "),
    (re.compile(r"\bpage[- ]?rank\b"), " pagerank "),
    # "out-neighbour count of 4?" (free batch m) is the out-degree; "in-neighbours" the in-degree
    (re.compile(r"\b(in|out)[- ]neighbou?r"), r" \1degree neighbor"),
    (re.compile(r"\bcolour"), " color"),
    (re.compile(r"\bneighbour"), " neighbor"),
    (re.compile(r"\bhamilton(?:ian)?\b"), " hamiltonian "),
    # a small pattern written with arrows ("a→b, b→c") is what subgraph questions bring
    (re.compile(r"\b[a-z]\s*(?:→|->)\s*[a-z]\b"), " pattern motif "),
)
# Abbreviations people type in a hurry ("in-deg 5?", "outdeg(3)", "ecc(7)", "diam?"): each a
# token no registry phrasing has, so the question matched nothing and went to drafted code. Spelled
# out before the compounds fold them. Only abbreviations with no other reading in a graph question.
_ABBREVIATIONS = (
    (re.compile(r"\b(in|out)[- ]?degs?\b"), r"\1degree"),
    (re.compile(r"\bdegs?\b"), "degree"),
    (re.compile(r"\beccs?\b"), "eccentricity"),
    (re.compile(r"\bdiam\b"), "diameter"),
    (re.compile(r"\bavg\b"), "average"),
    (re.compile(r"\bnbrs?\b"), "neighbors"),
    (re.compile(r"\bdist\b"), "distance"),
)
# Code people paste into a question ("nx.is_bipartite(G)", "G.in_degree(4)", "nx.k_core(G, 3)"):
# a snake_case name is one token to the tokenizer, and none the registry has, so the question
# matched nothing; its words spelled apart are the task's words ("is bipartite", "in degree").
_IDENTIFIERS = ((re.compile(r"(?<=[a-z0-9])_(?=[a-z0-9])"), " "),)
#: Applied in this order: a name spelled apart ("in_degree" -> "in degree") and an abbreviation
#: spelled out ("in-deg" -> "indegree") are then folded.
_REWRITES_OF_REGISTRY_TEXT = (*_ABBREVIATIONS, *_COMPOUNDS)
_REWRITES = (*_IDENTIFIERS, *_REWRITES_OF_REGISTRY_TEXT)
_NUMBER = re.compile(r"\b\d+(?:\.\d+)?\b")


def normalise(text: str, *, vocabulary: bool = True, code: bool = True) -> str:
    """Lower case, compounds folded, everyday words joined by their graph word (roads -> edge),
    numbers dropped (node ids say nothing about the task); with ``code``, snake_case names spelled
    apart. The registry's own text is read without ``code``: where it names a task by its identifier
    ("the opposite of hamiltonian_path"), spelling it apart gave the negation the positive task's
    words and ranked it first for GraphInstruct's Hamilton questions.

    >>> normalise("What is the in-degree of node 4 in the 3-core?")
    'what is the  indegree  of node  in the  kcore ?'
    >>> normalise("in-deg 5? outdeg(5) = ? ecc(5)")
    ' indegree  ?  outdegree () = ? eccentricity()'
    >>> normalise("G.in_degree(5)? nx.node_connected_component(G, 5)", vocabulary=False)
    'g. indegree ()? nx.node connected component(g, )'
    >>> normalise("Cheapest road trip"), normalise("Cheapest road trip", vocabulary=False)
    ('cheapest weight road edge trip path', 'cheapest road trip')
    """
    text = text.lower()
    for pattern, replacement in _REWRITES if code else _REWRITES_OF_REGISTRY_TEXT:
        text = pattern.sub(replacement, text)
    text = _NUMBER.sub("", text)
    return expand(text) if vocabulary else text


@dataclass(frozen=True)
class Candidate:
    """A task proposed for a question, with its retrieval score (higher is closer)."""

    task: Task
    score: float


class RankedTexts:
    """BM25 (bm25s; English stop words, Snowball stems) over a list of texts, for :class:`TaskIndex` and
    the worked Cypher examples (:mod:`grraf.pipeline.examples`). Callers normalise the texts they give."""

    def __init__(self, texts: Sequence[str]) -> None:
        import bm25s
        import Stemmer

        # bm25s logs every index build at DEBUG and sets its own logger to DEBUG when it is imported,
        # so quieting it must follow the import (set before it, at this module's import, it never held).
        logging.getLogger("bm25s").setLevel(logging.WARNING)
        self._stemmer = Stemmer.Stemmer("english")
        self._bm25 = bm25s.BM25()
        self._empty = not texts
        if texts:
            self._bm25.index(self._tokenize(list(texts)), show_progress=False)

    def _tokenize(self, texts: list[str]) -> object:
        import bm25s

        return bm25s.tokenize(texts, stopwords="en", stemmer=self._stemmer, show_progress=False)

    def ranked(self, text: str) -> list[tuple[int, float]]:
        """The indexes of the texts that share a word with ``text`` and their scores, best first."""
        import numpy as np

        if self._empty:
            return []
        tokenized = self._tokenize([text])
        vocabulary = {v: k for k, v in tokenized.vocab.items()}  # type: ignore[attr-defined]
        tokens = [vocabulary[i] for i in tokenized.ids[0]]  # type: ignore[attr-defined]
        if not tokens:
            # Only stop words and numbers ("Was <person> in <movie>?" once its names are masked):
            # nothing to rank by, and bm25s indexes tokens[0] without checking.
            return []
        scores = self._bm25.get_scores(tokens)
        return [(int(i), float(scores[i])) for i in np.argsort(-scores, kind="stable") if scores[i] > 0]


class TaskIndex:
    """BM25 over the registry: one document per task, its summary, name and example phrasings, and
    any further ``examples`` of the task (by task name).

    One document per task measured better than one per phrasing (best match wins): recall at 5 of
    held-out registry phrasings 76% against 70% (``benchmarks/bench_retrieval.py``), since a long
    task document rewards a question that shares words with several ways of asking.
    """

    def __init__(self, tasks: Sequence[Task], examples: Mapping[str, Sequence[str]] | None = None) -> None:
        self.tasks = tuple(tasks)
        more = examples or {}
        documents = [
            normalise(
                " . ".join((task.summary, task.name.replace("_", " "), *task.phrasings, *more.get(task.name, ()))),
                code=False,
            )
            for task in self.tasks
        ]
        self._texts = RankedTexts(documents)

    def search(self, question: str, k: int = DEFAULT_K) -> list[Candidate]:
        """The ``k`` tasks closest to ``question``, best first (fewer when fewer match at all)."""
        return [Candidate(self.tasks[i], score) for i, score in self._texts.ranked(normalise(question))[:k]]


class Ranker(Protocol):
    """Ranks the registry's tasks for a question: :class:`TaskIndex` or :class:`TaskClassifier`."""

    tasks: tuple[Task, ...]

    def search(self, question: str, k: int = DEFAULT_K) -> list[Candidate]:
        """The ``k`` tasks closest to ``question``, best first (none when no word of it is known)."""
        ...


class TaskClassifier:
    """A linear classifier over the registry: TF-IDF of stemmed words and word pairs (the text
    read by :func:`normalise`, as for BM25), multinomial logistic regression with balanced class weights,
    trained on each task's summary and phrasings and any further ``examples`` (one sample each).

    Balanced weights because the 21 bench tasks have dozens of dev wordings and the others only
    their registry phrasings: unweighted, a task people rarely word freely would rank below any
    bench task sharing a word. The ``saga`` solver with a loose tolerance fits in a fifth of a
    second and ranked the held-out dev wordings as well as the default solver's three seconds
    (5-fold, 67.8% against 68.4% first, 92.9% and 92.7% among the first two with twins); a fixed
    ``random_state`` keeps its shuffling, and so the ranking, the same from run to run.

    >>> from grraf.tasks import TASKS
    >>> ranker = TaskClassifier(TASKS, dev_examples())
    >>> [c.task.name for c in ranker.search("How many one-way roads lead out of town 5?", 2)]
    ['out_degree', 'in_degree']
    >>> ranker.search("the the of", 3)
    []
    """

    def __init__(self, tasks: Sequence[Task], examples: Mapping[str, Sequence[str]] | None = None) -> None:
        from sklearn.exceptions import ConvergenceWarning
        from sklearn.feature_extraction.text import TfidfVectorizer
        from sklearn.linear_model import LogisticRegression

        self.tasks = tuple(tasks)
        self._by_name = {task.name: task for task in self.tasks}
        more = examples or {}
        texts, owners = [], []
        for task in self.tasks:
            for text in (task.summary, *task.phrasings, *more.get(task.name, ())):
                texts.append(text)
                owners.append(task.name)
        self._vectorizer = TfidfVectorizer(
            tokenizer=_stemmed_words, lowercase=False, token_pattern=None, ngram_range=(1, 2), sublinear_tf=True
        )
        features = self._vectorizer.fit_transform(texts)
        self._known = {term for term in self._vectorizer.vocabulary_ if " " not in term}
        self._model = LogisticRegression(
            C=10.0, class_weight="balanced", solver="saga", tol=1e-3, max_iter=3000, random_state=0
        )
        with warnings.catch_warnings():
            # The order of the tasks is what is read, not the coefficients: a fit that stops at
            # max_iter short of the tolerance (seen in leave-one-out builds) ranks as well, and its
            # warning would reach the user of a one-line question.
            warnings.simplefilter("ignore", ConvergenceWarning)
            self._model.fit(features, owners)

    def search(self, question: str, k: int = DEFAULT_K) -> list[Candidate]:
        """The ``k`` tasks most probable for ``question``, best first; none when it shares no word
        but stop words with anything the classifier was trained on (BM25 then finds none either,
        and a ranking by "the" and "of" alone would offer tasks at random)."""
        import numpy as np

        if not _content_words(question) & self._known:
            return []
        features = self._vectorizer.transform([question])
        probabilities = self._model.predict_proba(features)[0]
        order = np.argsort(-probabilities, kind="stable")[:k]
        return [Candidate(self._by_name[str(self._model.classes_[i])], float(probabilities[i])) for i in order]


class KeywordBacked:
    """A ranker's order with a BM25 index's first task moved up to place ``within`` (counted from 1)
    when the ranker places it lower: a task a question names in so many words is offered even when
    the classifier, which learns from few phrasings of the tasks people seldom word freely
    (``reachable_count``, ``triangle_count``), ranks it lower. The first ``within - 1`` places stay
    the ranker's.

    Measured at ``within`` = k = 6: leave-one-out over the registry phrasings of the tasks without
    dev wordings, the right task among the 6 offered for 61.3% of 119 against 58.0% for the
    classifier alone and 60.5% for BM25 alone; on the dev wordings (5-fold) 96.9%, as the
    classifier alone, against 93.8% for BM25 (BENCHMARKS.md, "Task retrieval").
    """

    def __init__(self, ranker: Ranker, keywords: TaskIndex, within: int = DEFAULT_K) -> None:
        self.tasks = ranker.tasks
        self._ranker = ranker
        self._keywords = keywords
        self._within = within

    def search(self, question: str, k: int = DEFAULT_K) -> list[Candidate]:
        """The ranker's first ``k`` candidates, with the keyword index's first moved up to place
        ``within`` if it ranks lower (scored as the candidate whose place it takes)."""
        ranked = self._ranker.search(question, len(self.tasks))
        named = self._keywords.search(question, 1)
        place = next((i for i, c in enumerate(ranked) if named and c.task is named[0].task), None)
        if place is not None and place >= self._within:
            moved = Candidate(ranked[place].task, ranked[self._within - 1].score)
            ranked = [*ranked[: self._within - 1], moved, *ranked[self._within - 1 : place], *ranked[place + 1 :]]
        return ranked[:k]


@cache
def _stemmer() -> object:
    import Stemmer

    return Stemmer.Stemmer("english")


def _stemmed_words(text: str, keep: Callable[[str], bool] = lambda word: True) -> list[str]:
    """The words of ``text`` read by :func:`normalise` that ``keep`` keeps, stemmed: how
    :class:`TaskClassifier` and :func:`closest_phrasing` read a text."""
    stem = _stemmer().stemWord  # type: ignore[attr-defined]
    return [stem(word) for word in re.findall(r"[a-z]+", normalise(text)) if keep(word)]


def _content_words(text: str) -> set[str]:
    """The stemmed words of ``text`` that are not English stop words (scikit-learn's list)."""
    from sklearn.feature_extraction.text import ENGLISH_STOP_WORDS

    return set(_stemmed_words(text, lambda word: word not in ENGLISH_STOP_WORDS))


def closest_phrasing(task: Task, question: str) -> str:
    """The task's example phrasing that shares the most words with ``question`` (first on a tie).

    Shown next to a candidate, an example in the question's own style helps a small model see
    which task a wording belongs to.

    >>> from grraf.tasks import get_task
    >>> closest_phrasing(get_task("in_degree"), "How many flights arrive at airport 9?")
    'How many flights land at airport 6?'
    """

    def words(text: str) -> set[str]:
        return set(_stemmed_words(text, lambda word: len(word) > 2))

    asked = words(question)
    return max(task.phrasings, key=lambda p: len(asked & words(p)))


#: Values for the slots of the free phrasings ({source}, {node}, ...) when they serve as examples
#: (here, and in the retrieval benchmarks): numbers are dropped before ranking, and a pattern written
#: with arrows is folded as questions are.
SLOT_VALUES = {"source": 3, "target": 9, "node": 4, "k": 2, "pattern": "a→b, a→c, b→c"}


@cache
def dev_wordings() -> tuple[tuple[str, str, str], ...]:
    """The dev half of the free phrasings (``grraf/bench/data/phrasings.yaml``) as (phrasing id, registry
    task, text with sample slot values): wordings people wrote in their own words, and the half
    tuning is allowed on. A negated wording ("Is the graph free of cycles?") belongs to the negation
    (``is_acyclic``). The test half never enters: it measures how retrieval does on wordings it has
    not seen.
    """
    import yaml

    from grraf.tasks import TASKS, bench_task

    negation = {task.negates: task.name for task in TASKS if task.negates}
    text = resources.files("grraf.bench").joinpath("data/phrasings.yaml").read_text(encoding="utf-8")
    wordings = []
    for bench_name, entries in yaml.safe_load(text)["phrasings"].items():
        task = bench_task(bench_name)
        if task is None:
            continue
        for entry in entries:
            if entry["split"] == "dev":
                owner = negation[task.name] if entry.get("negated") else task.name
                wordings.append((entry["id"], owner, entry["text"].format(**SLOT_VALUES)))
    return tuple(wordings)


def examples_by_task(wordings: Iterable[tuple[str, str, str]]) -> dict[str, tuple[str, ...]]:
    """(id, task, text) wordings as further examples of their tasks (:class:`TaskIndex`'s ``examples``)."""
    examples: dict[str, list[str]] = {}
    for _, owner, text in wordings:
        examples.setdefault(owner, []).append(text)
    return {name: tuple(texts) for name, texts in examples.items()}


@cache
def dev_examples() -> dict[str, tuple[str, ...]]:
    """The dev wordings (:func:`dev_wordings`) by registry task.

    >>> dev_examples()["is_acyclic"][0]
    'Is this graph acyclic?'
    """
    return examples_by_task(dev_wordings())


@cache
def default_index() -> Ranker:
    """The ranker over the structural catalogue (graphs asked about by node ids), trained with its
    dev examples (:func:`dev_examples`), built once per process: what the LLM is offered.

    A :class:`TaskClassifier` backed by BM25 over the same words (:class:`KeywordBacked`). On the
    seen test half of the free phrasings (1,958 wordings, none of them trained on), the classifier
    alone put the right task first for 78.6% against 70.3% for BM25 over the same words, among the
    first 6 for 98.6% against 97.4% (BENCHMARKS.md, "Task retrieval").
    """
    from grraf.tasks import TASKS

    return offer_ranker(TASKS, dev_examples())


def offer_ranker(tasks: Sequence[Task], examples: Mapping[str, Sequence[str]]) -> KeywordBacked:
    """The ranker the LLM's offer comes from, over ``tasks`` and trained with ``examples``: a
    :class:`TaskClassifier` backed by BM25 over the same words (:class:`KeywordBacked`).
    :func:`default_index` builds it once with the dev examples; the benchmarks build it without a
    held-out wording."""
    return KeywordBacked(TaskClassifier(tasks, examples), TaskIndex(tasks, examples))


@cache
def registry_index() -> TaskIndex:
    """The index over the structural catalogue's own words only (summaries and the registry's example
    phrasings), built once per process: one of the two orders that confirm a choice
    (``plan.rank_finding``, with :func:`default_index`'s). Replayed on the seen free-phrasing runs
    (``benchmarks/replay_rank_rules.py``), the two together confirm more right choices and fewer
    wrong ones than either alone.
    """
    from grraf.tasks import TASKS

    return TaskIndex(TASKS)


@cache
def property_index() -> TaskIndex:
    """The index over the property-graph catalogue, built once per process.

    Kept apart from :func:`default_index`: a question goes to one kind of store, and mixing the
    catalogues would change the structural index's term statistics (and its measured recall).
    """
    from grraf.tasks import PROPERTY_TASKS

    return TaskIndex(PROPERTY_TASKS)


def property_candidates(question: str, k: int = DEFAULT_K) -> list[Candidate]:
    """Candidate property-graph tasks for a question (see :class:`TaskIndex`)."""
    return property_index().search(question, k)


def candidates(
    question: str, k: int = DEFAULT_K, *, exclude: Iterable[str] = (), index: Ranker | None = None
) -> list[Candidate]:
    """Candidate tasks for a question from the registry, by :func:`default_index` unless another
    ``index`` is given."""
    skip = set(exclude)
    found = (index or default_index()).search(question, k + len(skip))
    return [c for c in found if c.task.name not in skip][:k]
