"""Databases holding the benchmark's property graphs, filled once per test session.

``property_ladybug`` is a ladybug database written by the loader (both graphs, as a user
would keep them). ``property_neo4j_driver`` is a write-capable driver to a Neo4j 5 server
whose database gets both graphs; it comes from ``GRRAF_TEST_NEO4J_URI`` (no authentication)
until the project-wide Neo4j server fixture replaces it.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from grraf.bench.property.graphs import load_into_ladybug, load_into_neo4j


@pytest.fixture(scope="session")
def property_ladybug(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return load_into_ladybug(tmp_path_factory.mktemp("property") / "graphs.lbug")


@pytest.fixture(scope="session")
def property_neo4j_driver() -> Iterator[Any]:
    uri = os.environ.get("GRRAF_TEST_NEO4J_URI")
    if not uri:
        pytest.skip("GRRAF_TEST_NEO4J_URI is not set (the project's Neo4j server fixture will replace this)")
    import neo4j

    driver = neo4j.GraphDatabase.driver(uri, auth=None)
    load_into_neo4j(driver, replace=True)
    yield driver
    driver.close()
