"""``grraf bench --tasks property``: the property-graph questions, on a store filled once per run.

The questions (:mod:`grraf.bench.property.questions`) become ordinary bench
:class:`~grraf.bench.question.Question` rows with task ``property``; the checkers of their answer
kinds score them (:func:`grraf.bench.checkers.check` hands them on). The store they are asked
about is filled from the graphs' scripts once per run:

* ``ladybug``: a database ``OUT/property.lbug`` written on the first run and reused when the
  run is resumed;
* ``neo4j``: the server of ``NEO4J_URI`` (and ``NEO4J_DATABASE``); the graphs are written when
  the database holds none of their labels, reused when it holds exactly them, and anything else
  is refused rather than mixed with or overwriting someone's data.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from grraf.bench.property.graphs import GRAPHS, load_into_ladybug, load_into_neo4j, property_graph
from grraf.bench.property.questions import TASK, load_questions
from grraf.bench.question import Question
from grraf.config import Settings
from grraf.errors import ConfigError
from grraf.stores.base import GraphStore

logger = logging.getLogger(__name__)

STORES: tuple[str, ...] = ("ladybug", "neo4j")
LADYBUG_FILE = "property.lbug"


def property_questions(
    split: str | None = None, graphs: Iterable[str] | None = None, *, batch: int | None = None
) -> list[Question]:
    """The property-graph questions as bench questions (``split``: dev, test or None for both;
    ``batch``: one batch of writing, or None for all)."""
    return [q.to_question() for q in load_questions(split=split, graphs=graphs) if batch is None or q.batch == batch]


def split_tasks(spec: str | None) -> tuple[str | None, bool]:
    """Separate ``property`` from the other names of ``--tasks``.

    Returns:
        The remaining spec (None when nothing else was asked for) and whether ``property`` was.

    >>> split_tasks("property"), split_tasks("flow, property"), split_tasks("all")
    ((None, True), ('flow', True), ('all', False))
    """
    if spec is None:
        return None, False
    names = [s.strip() for s in spec.split(",") if s.strip()]
    rest = [n for n in names if n.lower() != TASK]
    return (",".join(rest) or None), len(rest) != len(names)


def expected_counts(names: Iterable[str] = GRAPHS) -> dict[str, int]:
    """Nodes per label of the benchmark graphs."""
    counts: dict[str, int] = {}
    for name in names:
        for node in property_graph(name).nodes:
            counts[node.label] = counts.get(node.label, 0) + 1
    return counts


def ensure_in_neo4j(driver: Any, database: str | None = None) -> bool:
    """Write the benchmark graphs into Neo4j unless they are there already.

    Returns:
        True when they were written, False when the database already held exactly them.

    Raises:
        ConfigError: the database holds nodes with the graphs' labels in other numbers (someone's
            data, or a broken earlier load): use an empty database.
    """
    expected = expected_counts()
    with driver.session(database=database) as session:
        found = {label: int(session.run(f"MATCH (n:{label}) RETURN count(n)").single()[0]) for label in expected}
    if found == expected:
        return False
    if any(found.values()):
        raise ConfigError(
            "the Neo4j database already holds nodes labelled "
            + ", ".join(f"{k} ({v})" for k, v in found.items() if v)
            + " that are not the benchmark's graphs; run the benchmark on an empty database (NEO4J_DATABASE)"
        )
    load_into_neo4j(driver, database=database)
    return True


def open_property_store(kind: str, out_dir: str | Path, settings: Settings) -> GraphStore:
    """The store the property questions run on, filled from the scripts if needed.

    Raises:
        ConfigError: unknown ``kind``, Neo4j not configured, or a Neo4j database holding other data.
        StoreError: the store cannot be opened or written.
    """
    if kind == "ladybug":
        from grraf.stores.ladybug import LadybugStore

        path = Path(out_dir) / LADYBUG_FILE
        if not path.exists():
            logger.info("writing the property graphs into %s", path)
            load_into_ladybug(path)
        return LadybugStore(path, settings=settings)
    if kind == "neo4j":
        from grraf.stores.neo4j import Neo4jStore

        store = Neo4jStore.from_env(settings=settings)
        try:
            if ensure_in_neo4j(store.driver, store.database):
                logger.info("wrote the property graphs into Neo4j")
        except BaseException:
            store.close()
            raise
        return store
    raise ConfigError(f"unknown store {kind!r} for the property questions; choose one of {', '.join(STORES)}")
