"""Entity resolution against real stores: precision and recall on the question set's entity mentions.

Besides the questions as written, each mention is also tried lower-cased, with one typo in its
longest word (a doubled letter dropped, else two middle letters swapped) and, for titles, with
the article moved ("Matrix, The"). Measured on this branch, the same on ladybug 0.22 and on
Neo4j 5.26 (the session's server, tests/conftest.py):

* as written: P = R = 1.0 (n = 54 mentions);
* lower-cased: P = 1.0, R = 0.97 (n = 132; the misses are airport codes written in lower case,
  by design: "lhr" is not matched, so that "no" is never Norway);
* one typo: P = 1.0, R = 0.97 (n = 63; the misses are four-letter names, "Bara", "Tire": one
  edit in four letters is below the threshold);
* article moved: P = R = 1.0 (n = 2).
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from grraf.bench.property.questions import all_questions
from grraf.pipeline.entities import find_entities
from grraf.stores.ladybug import LadybugStore


def typo(word: str) -> str:
    doubled = re.search(r"(\w)\1", word)
    if doubled:
        return word[: doubled.start()] + word[doubled.start() + 1 :]
    i = len(word) // 2
    return word[: i - 1] + word[i] + word[i - 1] + word[i + 1 :]


def with_typo(value: str) -> str | None:
    longest = max(value.split(), key=len)
    return value.replace(longest, typo(longest), 1) if len(longest) >= 5 else None


VARIANTS: dict[str, Callable[[str], str | None]] = {
    "as written": lambda v: v,
    "lower case": str.lower,
    "one typo": with_typo,
    "article moved": lambda v: v[4:] + ", The" if v.startswith("The ") else None,
}


def precision_recall(store, variant: Callable[[str], str | None]) -> tuple[float, float, int]:
    schema = store.schema()
    tp = fp = fn = 0
    # Batch 1 only: batch 2 is held out for an honest measurement of grraf, so no part of grraf
    # (entity resolution included) is measured or tuned on it here.
    for q in (q for q in all_questions() if q.batch == 1):
        gold = {(m.label, m.property, m.value) for m in q.mentions}
        texts = [q.text] if variant("x") == "x" else []
        for m in q.mentions:
            new = variant(m.value)
            if new is not None and new != m.value and m.value in q.text:
                texts.append(q.text.replace(m.value, new))
        for text in texts:
            got = {(e.label, e.property, e.value) for e in find_entities(text, store, schema)}
            tp += len(got & gold)
            fp += len(got - gold)
            fn += len(gold - got)
    return tp / max(1, tp + fp), tp / max(1, tp + fn), tp + fn


EXPECTED_RECALL = {"as written": 1.0, "lower case": 0.94, "one typo": 0.96, "article moved": 1.0}


@pytest.fixture(scope="module")
def ladybug_store(property_ladybug):
    with LadybugStore(property_ladybug) as store:
        yield store


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_entity_resolution_on_ladybug(ladybug_store, variant):
    precision, recall, n = precision_recall(ladybug_store, VARIANTS[variant])
    assert n > 0
    assert precision == 1.0
    assert recall >= EXPECTED_RECALL[variant]


@pytest.mark.neo4j
@pytest.mark.parametrize("variant", list(VARIANTS))
def test_entity_resolution_on_neo4j(property_neo4j_driver, variant):
    from grraf.stores.neo4j import Neo4jStore

    store = Neo4jStore("bolt://unused", ("neo4j", "unused"), driver=property_neo4j_driver)
    precision, recall, n = precision_recall(store, VARIANTS[variant])
    assert n > 0
    assert precision == 1.0
    assert recall >= EXPECTED_RECALL[variant]
