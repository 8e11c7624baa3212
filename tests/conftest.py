from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from grraf.config import Settings
from tests.neo4j_support import Neo4jTestServer, session_server, wipe


@pytest.fixture
def settings(tmp_path) -> Settings:
    """Fast settings for unit tests: short time-outs, no explanation call, LLM-drafted templates and
    no self-check (tests that want them turn them on), isolated home."""
    return Settings(
        model="scripted",
        timeout=5.0,
        explain=False,
        templates=False,
        self_check=False,
        home=tmp_path / "home",
        memory_limit_mb=2048,
    )


# ------------------------------------------------------------------------------------ Neo4j
@pytest.fixture(scope="session")
def neo4j_server() -> Iterator[Neo4jTestServer]:
    """A real Neo4j 5 for the whole session, started on first use and stopped at the end.

    testcontainers where a Docker engine answers; otherwise Neo4j 5.26 Community from Maven
    Central, started on loopback by scripts/neo4j/neo4j_server.py (jars cached outside the clone).
    Tests using it are marked ``neo4j`` automatically.
    """
    yield from session_server()


@pytest.fixture
def neo4j_driver(neo4j_server: Neo4jTestServer) -> Iterator[Any]:
    """An admin driver on an EMPTY database (wiped before the test: data, constraints, GDS graphs)."""
    driver = neo4j_server.driver()
    wipe(driver)
    yield driver
    driver.close()


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if "neo4j_server" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.neo4j)
