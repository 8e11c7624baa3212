"""Databases holding the benchmark's property graphs, filled once per test session.

``property_ladybug`` is a ladybug database written by the loader (both graphs, as a user
would keep them). ``property_neo4j_driver`` is a write-capable driver to the session's Neo4j 5
server (tests/conftest.py) whose database holds both graphs and nothing else: other Neo4j tests
empty the database when they start, so the graphs are written again when they are not all there.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from grraf.bench.property.graphs import load_into_ladybug, load_into_neo4j


@pytest.fixture(scope="session")
def property_ladybug(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return load_into_ladybug(tmp_path_factory.mktemp("property") / "graphs.lbug")


_LOADED: dict[str, tuple[int, int]] = {}


def _counts(driver: Any) -> tuple[int, int]:
    with driver.session() as session:
        nodes = session.run("MATCH (n) RETURN count(n)").single()[0]
        rels = session.run("MATCH ()-[r]->() RETURN count(r)").single()[0]
    return int(nodes), int(rels)


@pytest.fixture
def property_neo4j_driver(neo4j_server: Any) -> Iterator[Any]:
    from tests.neo4j_support import wipe

    driver = neo4j_server.driver()
    # Loading takes about a second: keep the graphs when they are exactly what the last load wrote.
    if _LOADED.get(neo4j_server.uri) != _counts(driver):
        wipe(driver)
        load_into_neo4j(driver, replace=True)
        _LOADED[neo4j_server.uri] = _counts(driver)
    yield driver
    driver.close()
