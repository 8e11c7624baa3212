"""Recall of task retrieval (grraf.tasks.retrieval): which options find the right task among k candidates.

The plan stage shows the LLM k candidate tasks; a right task missing from them costs its verified
template, an extra one costs a few prompt tokens. This measures recall@k (the right task among the
first k) of the retrieval options on development questions only:

* ``free-dev``: the dev half of the free phrasings (grraf/bench/data/phrasings.yaml), slots filled;
  a negated wording counts either the task or its negation in the registry;
* ``graphinstruct``: GraphInstruct-style questions of all 21 bench tasks at a development seed;
* ``registry-loo``: each of the registry's own example phrasings against an index built without it.

Options: one BM25 document per task (summary, name and phrasings) or one per phrasing (a task
scores as its best document); with or without stemming; with or without the everyday-word
vocabulary (roads -> edge); with or without the dev half of the free phrasings as further examples;
the task classifier (TF-IDF + logistic regression, ``retrieval.TaskClassifier``) trained with them,
alone and backed by BM25's first task (``retrieval.KeywordBacked``: what grraf offers the LLM; a
choice is confirmed by its places in the offer and in the registry's own BM25 order:
``plan.rank_finding``). Options with dev examples were trained on the free-dev wordings, so their
free-dev figures are not held out: ``--cv`` measures them by 5-fold cross-validation over the dev
wordings instead (each fold ranked by options trained on the other four), and ``--split test`` on
wordings none was trained on.

Usage: python benchmarks/bench_retrieval.py [--seed 0] [--per-task 3] [--split dev] [--cv]
                                            [--exclude-added "2026-11-27 m,2026-11-27 n"]
(--split test is for the report only: never tune on it; leave out the batches not yet run.)
"""

from __future__ import annotations

import argparse
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

import numpy as np
from rich.console import Console
from rich.table import Table

from grraf.bench.dataset import generate
from grraf.bench.phrasing import load_phrasings, parse_split
from grraf.bench.specs import ALL_TASKS
from grraf.tasks import TASKS, Task, bench_task
from grraf.tasks import retrieval as retrieval_module
from grraf.tasks.retrieval import (
    SLOT_VALUES,
    TaskClassifier,
    TaskIndex,
    dev_examples,
    dev_wordings,
    examples_by_task,
    offer_ranker,
)

KS = (1, 2, 3, 4, 5, 6, 8)
#: The registry tasks that answer a negated wording of a bench task (the negation, or its positive
#: form for tasks whose own wording is negative).
NEGATIONS = {
    "connectivity": {"not_connected"},
    "cycle": {"is_acyclic"},
    "bipartite": {"not_bipartite"},
    "hamilton": {"no_hamiltonian_path"},
    "substructure": {"no_subgraph_match"},
}


@dataclass(frozen=True)
class Case:
    text: str
    right: frozenset[str]


def free_cases(split: str, exclude_added: frozenset[str] = frozenset()) -> list[Case]:
    phrasings = load_phrasings()
    cases = []
    for task in phrasings.by_task:
        positive = bench_task(task).name  # type: ignore[union-attr]
        for p in phrasings.half(task, parse_split(split)):
            if p.added in exclude_added:
                continue
            right = NEGATIONS[task] | {positive} if p.negated else {positive}
            cases.append(Case(p.text.format(**SLOT_VALUES), frozenset(right)))
    return cases


def graphinstruct_cases(seed: int, per_task: int) -> list[Case]:
    return [
        Case(q.text, frozenset({bench_task(q.task).name}))  # type: ignore[union-attr]
        for q in generate(list(ALL_TASKS), per_task, seed)
    ]


Index = Callable[[Sequence[Task]], Callable[[str, int], list[str]]]


def bm25_index(*, per_task: bool, stem: bool, vocabulary: bool) -> Index:
    import bm25s
    import Stemmer

    def normalise(text: str, *, code: bool = True) -> str:
        return retrieval_module.normalise(text, vocabulary=vocabulary, code=code)

    def build(tasks: Sequence[Task]) -> Callable[[str, int], list[str]]:
        stemmer = Stemmer.Stemmer("english") if stem else None
        owners, documents = [], []
        for index, task in enumerate(tasks):
            texts = [task.summary, task.name.replace("_", " "), *task.phrasings]
            if per_task:
                owners.append(index)
                documents.append(normalise(" . ".join(texts), code=False))
            else:
                owners += [index] * len(texts)
                documents += [normalise(t, code=False) for t in texts]
        model = bm25s.BM25()
        model.index(
            bm25s.tokenize(documents, stopwords="en", stemmer=stemmer, show_progress=False), show_progress=False
        )
        owner = np.array(owners)

        def search(question: str, k: int) -> list[str]:
            tokens = bm25s.tokenize([normalise(question)], stopwords="en", stemmer=stemmer, show_progress=False)
            vocab = {v: t for t, v in tokens.vocab.items()}
            scores = model.get_scores([vocab[i] for i in tokens.ids[0]])
            best = np.zeros(len(tasks))
            np.maximum.at(best, owner, scores)
            return [tasks[i].name for i in np.argsort(-best, kind="stable") if best[i] > 0][:k]

        return search

    return build


def ranker_index(make: Callable[[Sequence[Task], dict[str, tuple[str, ...]]], Any]) -> Callable[..., Index]:
    """An option built by ``make(tasks, examples)`` (a :class:`TaskClassifier` or the offer), with the
    dev examples unless others are given (a cross-validation fold's)."""

    def option(examples: dict[str, tuple[str, ...]] | None = None) -> Index:
        def build(tasks: Sequence[Task]) -> Callable[[str, int], list[str]]:
            ranker = make(tasks, dev_examples() if examples is None else examples)
            return lambda question, k: [c.task.name for c in ranker.search(question, k)]

        return build

    return option


#: The options trained on dev examples, by name (``--cv`` re-trains them on each fold).
TRAINED = {
    "BM25 + dev examples": ranker_index(lambda tasks, examples: TaskIndex(tasks, examples)),
    "classifier + dev examples": ranker_index(lambda tasks, examples: TaskClassifier(tasks, examples)),
    "classifier backed by BM25 (grraf's offer)": ranker_index(lambda tasks, examples: offer_ranker(tasks, examples)),
}


def dev_folds(folds: int = 5) -> list[tuple[list[tuple[str, str, str]], dict[str, tuple[str, ...]]]]:
    """The dev wordings in ``folds`` folds (shuffled once, seed 0), each with the examples of the
    other folds to train on: the held-out split ``--cv`` here and ``bench_plan.py --cv`` share."""
    import random

    wordings = list(dev_wordings())
    random.Random(0).shuffle(wordings)
    return [
        (wordings[fold::folds], examples_by_task(w for i, w in enumerate(wordings) if i % folds != fold))
        for fold in range(folds)
    ]


def cross_validated(folds: int = 5) -> dict[str, dict[int, float]]:
    """Recall@k of each :data:`TRAINED` option on the dev wordings, each fold ranked by the option
    trained on the other folds (:func:`dev_folds`)."""
    wordings = dev_wordings()
    found = {name: {k: 0 for k in KS} for name in TRAINED}
    for held, examples in dev_folds(folds):
        for name, option in TRAINED.items():
            search = option(examples)(TASKS)
            for _, owner, text in held:
                for k in KS:  # asked for each k: the offer's backing takes the k-th place
                    found[name][k] += owner in search(text, k)
    return {name: {k: hits[k] / len(wordings) for k in KS} for name, hits in found.items()}


def with_dev_examples(build: Index) -> Index:
    """``build`` over tasks whose phrasings include their dev examples (:func:`dev_examples`)."""
    examples = dev_examples()
    return lambda tasks: build([replace(t, phrasings=(*t.phrasings, *examples.get(t.name, ()))) for t in tasks])


def load_wordllama() -> Any:
    """WordLlama's bundled model (MIT; its 256-dimension weights ship in the wheel, 16 MB, no PyTorch).
    Optional: ``pip install wordllama``; not a grraf dependency (BENCHMARKS.md, "Task retrieval",
    says why). Loaded with the package folder as its cache: wordllama 0.4.0 looks for its bundled
    tokenizer under ``tokenizer/`` but ships it under ``tokenizers/``, and would otherwise try to
    download it from Hugging Face."""
    from pathlib import Path

    import wordllama

    return wordllama.WordLlama.load(cache_dir=Path(wordllama.__file__).parent, disable_download=True)


def wordllama_index(*, per_task: bool) -> Index:
    """Static word embeddings from WordLlama (:func:`load_wordllama`)."""
    model = load_wordllama()

    def build(tasks: Sequence[Task]) -> Callable[[str, int], list[str]]:
        owners, documents = [], []
        for index, task in enumerate(tasks):
            texts = [task.summary, task.name.replace("_", " "), *task.phrasings]
            if per_task:
                owners.append(index)
                documents.append(" . ".join(texts))
            else:
                owners += [index] * len(texts)
                documents += texts
        vectors = model.embed(documents, norm=True)
        owner = np.array(owners)

        def search(question: str, k: int) -> list[str]:
            scores = vectors @ model.embed([question], norm=True)[0]
            best = np.full(len(tasks), -np.inf)
            np.maximum.at(best, owner, scores)
            return [tasks[i].name for i in np.argsort(-best, kind="stable")][:k]

        return search

    return build


def recall(search: Callable[[str, int], list[str]], cases: Sequence[Case]) -> dict[int, float]:
    found = {k: 0 for k in KS}
    for case in cases:
        for k in KS:  # asked for each k: the offer's backing takes the k-th place
            found[k] += bool(case.right & set(search(case.text, k)))
    return {k: found[k] / len(cases) for k in KS}


def loo_recall(build: Index) -> dict[int, float]:
    found = {k: 0 for k in KS}
    total = 0
    for task in TASKS:
        for held in task.phrasings:
            others = [
                t if t is not task else replace(t, phrasings=tuple(p for p in t.phrasings if p != held)) for t in TASKS
            ]
            names = build(others)(held, max(KS))
            total += 1
            for k in KS:
                found[k] += task.name in names[:k]
    return {k: found[k] / total for k in KS}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, default=0, help="GraphInstruct seed (a development seed)")
    parser.add_argument("--per-task", type=int, default=3)
    parser.add_argument("--split", default="dev", choices=("dev", "test"))
    parser.add_argument("--cv", action="store_true", help="5-fold cross-validation of the trained options on dev")
    parser.add_argument(
        "--exclude-added", default="", help="comma-separated `added` batches to leave out (fresh ones not yet run)"
    )
    args = parser.parse_args()
    excluded = frozenset(b.strip() for b in args.exclude_added.split(",") if b.strip())
    logging.getLogger("bm25s").setLevel(logging.WARNING)
    console = Console()
    if args.cv:
        table = Table(title=f"recall@k, free-dev, 5-fold cross-validation (n={len(dev_wordings())})")
        table.add_column("option")
        for k in KS:
            table.add_column(f"@{k}", justify="right")
        for name, values in cross_validated().items():
            table.add_row(name, *(f"{100 * values[k]:.1f}%" for k in KS))
        console.print(table)
        return
    sets = {
        f"free-{args.split}": free_cases(args.split, excluded),
        f"graphinstruct s{args.seed}": graphinstruct_cases(args.seed, args.per_task),
    }
    options = {
        "per task, stem, vocabulary (grraf's registry order)": bm25_index(per_task=True, stem=True, vocabulary=True),
        "the same + dev examples (grraf's offer before 2026-12-07)": with_dev_examples(
            bm25_index(per_task=True, stem=True, vocabulary=True)
        ),
        "classifier + dev examples": TRAINED["classifier + dev examples"](),
        "classifier backed by BM25 (grraf's offer)": TRAINED["classifier backed by BM25 (grraf's offer)"](),
        "per task, stem, no vocabulary": bm25_index(per_task=True, stem=True, vocabulary=False),
        "per task, no stem, vocabulary": bm25_index(per_task=True, stem=False, vocabulary=True),
        "per phrasing (best), stem, vocabulary": bm25_index(per_task=False, stem=True, vocabulary=True),
    }
    try:
        options["wordllama, per task"] = wordllama_index(per_task=True)
        options["wordllama, per phrasing (best)"] = wordllama_index(per_task=False)
    except ImportError:
        logging.warning("wordllama is not installed: its rows are left out (pip install wordllama)")
    for set_name, cases in [*sets.items(), ("registry-loo", None)]:
        table = Table(title=f"recall@k, {set_name}" + (f" (n={len(cases)})" if cases else ""))
        table.add_column("option")
        for k in KS:
            table.add_column(f"@{k}", justify="right")
        for name, build in options.items():
            values = loo_recall(build) if cases is None else recall(build(TASKS), cases)
            table.add_row(name, *(f"{100 * values[k]:.1f}%" for k in KS))
        console.print(table)


if __name__ == "__main__":
    main()
