"""Worked examples for the Cypher the LLM writes itself: questions close to the one asked, each with a
query that answers it.

When no task of the registry fits a question about a property graph ("Joel Silver produced a bunch
of these films. Which actor shows up in the most of them?"), the LLM writes the whole query. On its
own the 1.5B model wrote queries that could not answer such questions (a count of collected lists,
an ``Airport`` label in a movies question, ``r.type`` for a relationship's type); text-to-Cypher
systems show the model a few question/query pairs close to the question instead (neo4j-graphrag's
``Text2CypherRetriever(examples=...)``, LangChain's few-shot prompts for ``GraphCypherQAChain``), so
that it adapts a shape that works -- ``WITH a, count(DISTINCT m) AS n ... ORDER BY n DESC``,
``EXISTS { MATCH ... }``, two patterns through a shared node -- to the schema at hand.

The library is the dev half of the property benchmark (``grraf/bench/property/questions.yaml``):
everyday questions about a movies graph and a flights graph, each with a hand-written query checked
on ladybug and on Neo4j against gold computed in Python. The test half never enters. A graph can be
held out (:attr:`grraf.config.Settings.examples_held_out`): the benchmark holds out the graph each
question is about, so its numbers say how the examples serve a graph they were not written for,
which is every user's graph.

Chosen by BM25 (bm25s, as the task index in :mod:`grraf.tasks.retrieval`) over the questions with
their names taken out: what makes an example useful is the shape of the ask ("which ... the most",
"in common", "every"), not the entity it names.

Off by default (:attr:`grraf.config.Settings.cypher_examples` is 0): with the local 1.5B model,
examples of the other graph gained nothing on dev questions nor on property batch 29 (BENCHMARKS.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources

from grraf.tasks.retrieval import RankedTexts

#: Examples shown with a question: enough to offer two or three shapes, few enough to keep the
#: local model's 4,096-token window for the schema and the feedback rounds.
DEFAULT_K = 3


@dataclass(frozen=True)
class CypherExample:
    """A question about ``graph`` and a query that answers it in ``dialect`` (``"any"``: both)."""

    question: str
    cypher: str
    graph: str
    names: tuple[str, ...] = ()

    def unnamed(self) -> str:
        """The question without the names it mentions, as retrieval reads it."""
        return without_names(self.question, self.names)


def without_names(question: str, names: Sequence[str]) -> str:
    """``question`` with each of ``names`` taken out (longest first, so a name inside another goes with it).

    >>> without_names("Who acted with Tom Hanks in Apollo 13?", ["Tom Hanks", "Apollo 13"])
    'Who acted with  in ?'
    """
    for name in sorted(set(names), key=len, reverse=True):
        question = question.replace(name, "")
    return question


@cache
def library(dialect: str) -> tuple[CypherExample, ...]:
    """The dev questions of the property benchmark with their queries for ``dialect`` (``neo4j`` or ``ladybug``)."""
    import yaml

    text = resources.files("grraf.bench.property").joinpath("questions.yaml").read_text(encoding="utf-8")
    examples = []
    for raw in yaml.safe_load(text):
        if raw["split"] != "dev":
            continue
        cypher = raw["cypher"].get(dialect) or raw["cypher"].get("any")
        if not cypher:
            continue
        names = tuple(str(m["value"]) for m in raw.get("mentions") or ())
        examples.append(CypherExample(str(raw["text"]), " ".join(str(cypher).split()), str(raw["graph"]), names))
    return tuple(examples)


class ExampleIndex:
    """BM25 over the examples' questions, names taken out (:class:`grraf.tasks.retrieval.RankedTexts`)."""

    def __init__(self, examples: Sequence[CypherExample]) -> None:
        self.examples = tuple(examples)
        self._texts = RankedTexts([e.unnamed().lower() for e in self.examples])

    def search(
        self, question: str, *, names: Sequence[str] = (), held_out: frozenset[str] = frozenset(), k: int = DEFAULT_K
    ) -> list[CypherExample]:
        """The ``k`` examples closest to ``question`` (its ``names`` taken out), none from a ``held_out`` graph."""
        chosen: list[CypherExample] = []
        for i, _ in self._texts.ranked(without_names(question, names).lower()):
            example = self.examples[i]
            if len(chosen) == k:
                break
            # the question itself, when a dev question is asked, is no example of itself
            if example.graph not in held_out and example.question != question:
                chosen.append(example)
        return chosen


@cache
def default_index(dialect: str) -> ExampleIndex:
    """The index over :func:`library` for ``dialect``, built once per process."""
    return ExampleIndex(library(dialect))


def examples_text(examples: Sequence[CypherExample]) -> str:
    """The examples as the Cypher prompt shows them ('' when none).

    >>> print(examples_text([CypherExample("How many films did Tom Hanks act in?",
    ...     "MATCH (:Person {name: 'Tom Hanks'})-[:ACTED_IN]->(m:Movie) RETURN count(m)", "movies")]))
    Worked examples, maybe about other data (take labels and properties from the schema above):
    Question: How many films did Tom Hanks act in?
    ```cypher
    MATCH (:Person {name: 'Tom Hanks'})-[:ACTED_IN]->(m:Movie) RETURN count(m)
    ```
    """
    if not examples:
        return ""
    shown = "\n".join(f"Question: {e.question}\n```cypher\n{e.cypher}\n```" for e in examples)
    return f"Worked examples, maybe about other data (take labels and properties from the schema above):\n{shown}"
