"""A real Neo4j 5 for the tests: testcontainers where a Docker engine answers, else the launcher in
``scripts/neo4j`` (Neo4j 5.26 Community from Maven Central on loopback). Used by the session
fixture ``neo4j_server`` in tests/conftest.py; benchmarks import :func:`launcher` too."""

from __future__ import annotations

import csv
import importlib.util
import logging
import secrets
import sys
import warnings
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from grraf.frames import GraphFrames

log = logging.getLogger(__name__)

ROOT = Path(__file__).resolve().parents[1]
LAUNCHER = ROOT / "scripts" / "neo4j" / "neo4j_server.py"
IMAGE = "neo4j:5.26-community"
# So the gate tests show an effect the gate prevents: with these, LOAD CSV and apoc.load.* really
# read files from the server's import folder when nothing refuses them.
APOC_TEST_CONFIG = {
    "apoc.import.file.enabled": "true",
    "apoc.import.file.use_neo4j_config": "true",
    "apoc.export.file.enabled": "true",
}


def launcher() -> ModuleType:
    """``scripts/neo4j/neo4j_server.py`` as a module (scripts/ is not a package)."""
    name = "grraf_neo4j_server"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, LAUNCHER)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


@dataclass(frozen=True)
class Neo4jTestServer:
    """How tests reach the session's server.

    Attributes:
        uri: Bolt address.
        username, password: the admin user.
        apoc, gds: whether the plugins are loaded.
        put_import_file: ``put_import_file(name, text)`` writes a file the server's ``file:///name``
            URLs read (LOAD CSV, apoc.load.*).
        how: ``"launcher"``, ``"testcontainers"`` or ``"external"``.
        import_files: ``import_files()`` lists the files in that folder (to see nothing was written).
    """

    uri: str
    username: str
    password: str
    apoc: bool
    gds: bool
    put_import_file: Callable[[str, str], None]
    how: str
    import_files: Callable[[], list[str]]

    @property
    def auth(self) -> tuple[str, str]:
        return self.username, self.password

    def driver(self, auth: tuple[str, str] | None = None) -> Any:
        import neo4j

        return neo4j.GraphDatabase.driver(self.uri, auth=auth or self.auth)


def docker_error() -> str | None:
    """None when a Docker engine answers, else why not."""
    try:
        import docker

        docker.from_env(timeout=5).ping()
    except Exception as e:  # any failure means: no engine to run containers
        return f"{type(e).__name__}: {e}"
    return None


def _with_testcontainers() -> Iterator[Neo4jTestServer]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        from testcontainers.neo4j import Neo4jContainer

    password = "grraf-" + secrets.token_urlsafe(12)
    container = (
        Neo4jContainer(IMAGE, password=password)
        .with_env("NEO4J_PLUGINS", '["apoc","graph-data-science"]')
        .with_env("NEO4J_dbms_security_procedures_unrestricted", "apoc.*,gds.*")
        .with_env("NEO4J_apoc_import_file_enabled", "true")
        .with_env("NEO4J_apoc_import_file_use__neo4j__config", "true")
        .with_env("NEO4J_apoc_export_file_enabled", "true")
    )
    with container:

        def put(name: str, text: str) -> None:
            container.exec(["sh", "-c", f"cat > /var/lib/neo4j/import/{name} <<'GRRAF_EOF'\n{text}\nGRRAF_EOF"])

        def files() -> list[str]:
            out = container.exec(["ls", "-1", "/var/lib/neo4j/import"]).output.decode()
            return sorted(out.split())

        uri = container.get_connection_url()
        yield _probe(Neo4jTestServer(uri, "neo4j", password, False, False, put, "testcontainers", files))


def _with_launcher() -> Iterator[Neo4jTestServer]:
    ns = launcher()
    dist = ns.fetch()
    for name, why in dist.problems.items():
        log.warning("Neo4j plugin %s is not available: %s", name, why)
    server = ns.Neo4jServer(dist, apoc_config=APOC_TEST_CONFIG)
    server.start()
    try:

        def put(name: str, text: str) -> None:
            (server.import_dir / name).write_text(text)

        def files() -> list[str]:
            return sorted(p.name for p in server.import_dir.iterdir())

        yield _probe(Neo4jTestServer(server.uri, *server.auth, False, False, put, "launcher", files))
    finally:
        server.stop()


def _probe(info: Neo4jTestServer) -> Neo4jTestServer:
    """Fill in ``apoc``/``gds`` from what the server reports (the truth, whatever was asked for)."""
    with info.driver() as driver, driver.session() as s:
        names = [r[0] for r in s.run("SHOW PROCEDURES YIELD name RETURN name")]
    return Neo4jTestServer(
        info.uri,
        info.username,
        info.password,
        any(n.startswith("apoc.") for n in names),
        any(n.startswith("gds.") for n in names),
        info.put_import_file,
        info.how,
        info.import_files,
    )


def _external(uri: str) -> Iterator[Neo4jTestServer]:
    import os

    folder = os.environ.get("GRRAF_TEST_NEO4J_IMPORT_DIR")

    def put(name: str, text: str) -> None:
        if not folder:
            raise RuntimeError("set GRRAF_TEST_NEO4J_IMPORT_DIR to the server's import folder")
        (Path(folder) / name).write_text(text)

    def files() -> list[str]:
        return sorted(p.name for p in Path(folder).iterdir()) if folder else []

    user = os.environ.get("GRRAF_TEST_NEO4J_USERNAME", "neo4j")
    password = os.environ["GRRAF_TEST_NEO4J_PASSWORD"]
    yield _probe(Neo4jTestServer(uri, user, password, False, False, put, "external", files))


def session_server() -> Iterator[Neo4jTestServer]:
    """Start one server for the test session (Docker if present, else the launcher) and stop it after.

    ``GRRAF_TEST_NEO4J_URI`` (+ ``GRRAF_TEST_NEO4J_PASSWORD``) points the tests at a server that is
    already running instead (a developer's shortcut): the tests EMPTY that database.
    """
    import os

    if os.environ.get("GRRAF_TEST_NEO4J_URI"):
        yield from _external(os.environ["GRRAF_TEST_NEO4J_URI"])
        return
    error = docker_error()
    if error is None:
        yield from _with_testcontainers()
    else:
        log.info("no Docker engine (%s): starting Neo4j with scripts/neo4j", error)
        yield from _with_launcher()


def wipe(driver: Any) -> None:
    """Empty the database: nodes, relationships, constraints, indexes, GDS in-memory graphs."""
    with driver.session() as s:
        s.run("MATCH (n) CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 10000 ROWS").consume()
        for (name,) in s.run("SHOW CONSTRAINTS YIELD name RETURN name").values():
            s.run(f"DROP CONSTRAINT `{name}` IF EXISTS").consume()
        for (name,) in s.run("SHOW INDEXES YIELD name, type WHERE type <> 'LOOKUP' RETURN name").values():
            s.run(f"DROP INDEX `{name}` IF EXISTS").consume()
        procedures = {r[0] for r in s.run("SHOW PROCEDURES YIELD name WHERE name = 'gds.graph.list' RETURN name")}
        if procedures:
            for (name,) in s.run("CALL gds.graph.list() YIELD graphName RETURN graphName").values():
                s.run("CALL gds.graph.drop($name, false) YIELD graphName", name=name).consume()


def write_import_csvs(folder: Path, name: str, g: GraphFrames) -> list[str]:
    """CSV files for ``neo4j-admin database import full`` in grraf's layout (labels, metadata node).

    Returns the importer's ``--nodes``/``--relationships``/``--id-type`` arguments. Weighted edges
    only (the benchmark's and the read-only tests' graphs)."""
    nodes, rels, meta = folder / "nodes.csv", folder / "rels.csv", folder / "meta.csv"
    g.nodes[["id"]].to_csv(nodes, index=False, header=["id:ID(g)"])
    header = [":START_ID(g)", ":END_ID(g)", "weight:double"]
    g.edges[["source", "target", "weight"]].to_csv(rels, index=False, header=header)
    with meta.open("w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["name", "directed:boolean", "weighted:boolean", "nodes:long", "edges:long", "source", "id_type"])
        w.writerow([name, str(g.directed).lower(), "true", len(g.nodes), len(g.edges), "bench", "INT64"])
    return [
        f"--nodes={name}_Node={nodes}",
        f"--nodes=GrrafGraph={meta}",
        f"--relationships={name}_EDGE={rels}",
        "--id-type=INTEGER",
    ]
