"""grraf on a Neo4j it may only read: a second real server (no plugins) whose database was filled by
``neo4j-admin database import`` (the bulk path) and is then served read-only
(``server.databases.read_only=neo4j``), asked by a user that is not the admin.

Neo4j Community has no roles (``GRANT``/``CREATE ROLE`` are Enterprise commands), so the least
privilege these machines can show is a separate user on a read-only database; docs/neo4j.md gives
the Enterprise/Aura commands for a ``reader`` user."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import networkx as nx
import pytest

from cypher_templates import load_templates, render_cypher
from grraf.config import Settings
from grraf.errors import CodeFailed, CodeRejected, StoreError
from grraf.frames import frames_from_networkx
from grraf.stores.neo4j import Neo4jStore
from loaders.neo4j import write_graph
from tests.neo4j_support import launcher, write_import_csvs

pytestmark = pytest.mark.neo4j

READER = ("asker", "asker-password-1")


def weighted_graph() -> nx.Graph:
    G = nx.gnm_random_graph(30, 60, seed=4)
    for i, (u, v) in enumerate(G.edges):
        G[u][v]["weight"] = float(1 + i % 7)
    return G


@pytest.fixture(scope="module")
def readonly(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Any, nx.Graph]]:
    if shutil.which("java") is None or shutil.which("mvn") is None:
        pytest.skip("needs Java 17 and Maven for the second server (scripts/neo4j)")
    ns = launcher()
    dist = ns.fetch()
    G = weighted_graph()
    server = ns.Neo4jServer(
        dist, plugins=(), heap="512m", pagecache="64m", config={"server.databases.read_only": "neo4j"}
    )
    try:
        flags = write_import_csvs(tmp_path_factory.mktemp("import"), "G", frames_from_networkx(G))
        server.admin("database", "import", "full", "--overwrite-destination=true", *flags, "neo4j")
        server.start()
        with _driver(server) as driver, driver.session(database="system") as s:  # system stays writable
            s.run(
                "CREATE USER $user IF NOT EXISTS SET PASSWORD $password CHANGE NOT REQUIRED",
                user=READER[0],
                password=READER[1],
            ).consume()
        yield server, G
    finally:
        server.stop()


def _driver(server: Any) -> Any:
    import neo4j

    return neo4j.GraphDatabase.driver(server.uri, auth=server.auth)


def test_bulk_import_makes_a_grraf_graph(readonly: tuple[Any, nx.Graph]) -> None:
    server, G = readonly
    with Neo4jStore(server.uri, server.auth, settings=Settings()) as store:
        info = store.graph_infos()["G"]
        assert (info["nodes"], info["edges"], info["weighted"]) == (30, 60, True)
        projected = store.to_networkx()["G"]
        assert nx.utils.graphs_equal(projected, G)


def test_a_separate_user_asks_a_read_only_database(readonly: tuple[Any, nx.Graph]) -> None:
    server, G = readonly
    with Neo4jStore(server.uri, READER, settings=Settings()) as store:
        schema = store.schema()
        assert "Graph G: undirected, weighted" in schema.text and schema.edge_count == 60
        assert "GDS is NOT installed" in schema.text and "APOC is not installed" in schema.text
        assert store.plugins() == frozenset() and not store.has_gds
        templates = {t.name: t for t in load_templates("neo4j")}
        for name, params, expected in [
            ("node_count", {}, 30),
            ("edge_count", {}, 60),
            ("degree", {"node": 3}, G.degree(3)),
            ("neighbors", {"node": 3}, sorted(G[3])),
            ("connected_components", {}, nx.number_connected_components(G)),
            ("triangle_count", {}, sum(nx.triangles(G).values()) // 3),
        ]:
            code = render_cypher(
                templates[name], node_label="G_Node", edge_type="G_EDGE", directed=False, params=params
            )
            assert store.execute(code, 60).value == expected, name
        # Without GDS the GDS templates are not offered, and a GDS call fails as code, not as a crash.
        from grraf.pipeline.template import verified_template
        from grraf.tasks import get_task

        chosen = verified_template(
            get_task("shortest_path_weight"), "neo4j", directed=False, weighted=True, plugins=store.plugins()
        )
        assert chosen is None or not chosen.entry.requires  # never the GDS template here
        with pytest.raises((CodeFailed, CodeRejected)):
            store.execute("CALL gds.wcc.stats('G_Node') YIELD componentCount RETURN componentCount", 30)


def test_grraf_asks_end_to_end_as_that_user(readonly: tuple[Any, nx.Graph], settings: Settings) -> None:
    from grraf import GraphQA
    from tests.fakes import plan_reply, scripted

    server, G = readonly
    model = scripted(plan_reply("connectivity", source=0, target=5))
    store = Neo4jStore(server.uri, READER, settings=settings)
    with GraphQA(store, chat_model=model, settings=settings.with_(templates=True)) as qa:
        answer = qa.ask("In graph G, is there a path from node 0 to node 5?")
    assert answer.verified and answer.value is nx.has_path(G, 0, 5)
    # Cypher on the server, or Python on a projection the store read as that user: both only read.
    assert answer.backend in ("neo4j", "networkx")
    if answer.backend == "neo4j":
        assert "G_Node" in answer.code


def test_loading_into_a_read_only_database_fails_cleanly(readonly: tuple[Any, nx.Graph]) -> None:
    server, _ = readonly
    with Neo4jStore(server.uri, server.auth, settings=Settings()) as store:  # even the admin
        before = store.graph_infos()
        with pytest.raises(StoreError):
            write_graph(store.driver, "H", frames_from_networkx(nx.path_graph(3)))
        with pytest.raises(Exception) as e, store.driver.session() as s:
            s.run("CREATE (:Intruder)").consume()
        assert "read" in str(e.value).lower()
        assert store.graph_infos() == before


def test_bulk_import_needs_no_running_server(tmp_path: Path) -> None:
    """The bulk importer writes a database folder with no server running (what the benchmark times)."""
    ns = launcher()
    dist = ns.fetch()
    server = ns.Neo4jServer(dist, plugins=(), home=tmp_path / "home")
    G = nx.Graph([(0, 1, {"weight": 2.0}), (1, 2, {"weight": 3.0})])
    flags = write_import_csvs(tmp_path, "tiny", frames_from_networkx(G))
    done = server.admin("database", "import", "full", *flags, "neo4j")
    assert "IMPORT DONE" in done.stdout + done.stderr
    assert (tmp_path / "home" / "data" / "databases" / "neo4j").is_dir()
