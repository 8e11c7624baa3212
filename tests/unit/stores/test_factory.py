"""open_store specs, the cypher store for in-memory graphs, and graph names in questions."""

from __future__ import annotations

from pathlib import Path

import networkx as nx
import pytest

from grraf.config import Settings
from grraf.errors import ConfigError, StoreError
from grraf.frames import frames_from_networkx
from grraf.stores.factory import cypher_store_for, find_graph_name, open_store
from grraf.stores.ladybug import LadybugStore
from grraf.stores.registry import NetworkXRegistry
from loaders.ladybug import load_graph


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return Settings(home=tmp_path / "home")


def test_ladybug_spec(tmp_path: Path, settings: Settings) -> None:
    db = tmp_path / "g.lbug"
    load_graph(db, "flow_8", frames_from_networkx(nx.path_graph(3)))
    store = open_store(f"ladybug:{db}", graph_name="flow_8", settings=settings)
    try:
        assert isinstance(store, LadybugStore) and store.graph_name == "flow_8"
        assert store.execute("MATCH (n:flow_8_Node) RETURN count(n) AS answer", 5).value == 3
    finally:
        store.close()


def test_default_ladybug_path(settings: Settings) -> None:
    load_graph(Path(settings.home) / "graphs.lbug", "G", frames_from_networkx(nx.path_graph(2)))
    store = open_store("ladybug", settings=settings)
    try:
        assert store.schema().edge_count == 1
    finally:
        store.close()


def test_networkx_spec(settings: Settings) -> None:
    NetworkXRegistry.from_settings(settings).save("roads", frames_from_networkx(nx.cycle_graph(5)))
    store = open_store("networkx", graph_name="roads", settings=settings)
    try:
        assert store.language == "python"
    finally:
        store.close()
    with pytest.raises(ConfigError, match="needs a graph name"):
        open_store("networkx", settings=settings)
    with pytest.raises(StoreError, match="no graph named 'nope'"):
        open_store("networkx", graph_name="nope", settings=settings)


def test_neo4j_spec_needs_environment(settings: Settings, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NEO4J_URI", raising=False)
    with pytest.raises(ConfigError, match="NEO4J_URI"):
        open_store("neo4j", settings=settings)


def test_unknown_spec(settings: Settings) -> None:
    with pytest.raises(ConfigError, match="unknown store"):
        open_store("postgres", settings=settings)


def test_cypher_store_for(settings: Settings) -> None:
    store = cypher_store_for({"G": nx.path_graph(4), "G_prime": nx.DiGraph([(0, 1)])}, settings)
    try:
        assert store.graph_names() == ["G", "G_prime"]
        assert store.execute("MATCH (a:G_prime_Node)-[e:G_prime_EDGE]->(b:G_prime_Node) RETURN count(e)", 5).value == 1
    finally:
        store.close()


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("In graph flow_8, what is the maximum flow from 0 to 7?", "flow_8"),
        ("In graph FLOW_8, what is the maximum flow?", "flow_8"),
        ("What about flow_80?", "flow_80"),
        ("Is flow_800 connected?", None),
        ("Does roads have a cycle?", "roads"),
        ("How many nodes are there?", None),
        ("Compare flow and flow_8.", "flow_8"),
    ],
)
def test_find_graph_name(question: str, expected: str | None) -> None:
    assert find_graph_name(question, ["flow", "flow_8", "flow_80", "roads"]) == expected
