"""Generated Cypher on ladybug runs in a jail that sees only the database file, read-only.

Before, ``LOAD FROM '/etc/passwd'`` returned the file (read by grraf itself), the read-only
database still ran ``COPY … TO``, ``EXPORT DATABASE`` (writing files) and ``INSTALL`` (network),
``CHECKPOINT`` left the file unopenable, and ``UNWIND range(1, 3e9)`` exhausted memory in process.
Each attack runs twice: through ``store.check`` + ``store.execute`` (the agent's path, where the
lexical guard may already refuse it) and through ``store.run_unguarded`` (the jail on its own).
"""

from __future__ import annotations

import hashlib
import resource
from collections.abc import Iterator
from pathlib import Path

import networkx as nx
import pytest

from grraf.config import Settings
from grraf.errors import CodeError, CodeFailed
from grraf.stores.ladybug import LadybugStore
from tests.security.conftest import ENV_SECRET, Outcome, attempt

#: A query that runs for minutes in little memory (1e10 rows, streamed).
SLOW = "UNWIND range(1, 100000) AS x UNWIND range(1, 100000) AS y RETURN sum(x * y % 7)"


@pytest.fixture(scope="module")
def db_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("ladybug-attacks")
    g = nx.Graph()
    g.add_weighted_edges_from([(0, 1, 2.0), (1, 2, 1.5), (2, 3, 1.0), (0, 3, 10.0)])
    LadybugStore.from_networkx({"G": g}, path=folder / "g.lbug").close()
    return folder


@pytest.fixture(scope="module")
def lstore(db_dir: Path, secrets) -> Iterator[LadybugStore]:
    with LadybugStore(db_dir / "g.lbug", settings=Settings(memory_limit_mb=512, row_cap=1000)) as s:
        yield s


def _unguarded(store: LadybugStore, query: str, timeout: float = 20.0) -> Outcome:
    try:
        return Outcome(value=store.run_unguarded(query, timeout).value)
    except CodeError as e:
        return Outcome(error=e)


def _both(store: LadybugStore, query: str, timeout: float = 20.0) -> list[Outcome]:
    return [attempt(store, query, timeout), _unguarded(store, query, timeout)]


def _db_state(db_dir: Path) -> tuple[str, list[str]]:
    return hashlib.sha256((db_dir / "g.lbug").read_bytes()).hexdigest(), sorted(p.name for p in db_dir.iterdir())


def _still_answers(store: LadybugStore) -> None:
    assert store.execute("MATCH (n:G_Node) RETURN count(n)", 10).value == 4


@pytest.fixture
def host_secret(tmp_path: Path) -> Path:
    path = tmp_path / "secret.csv"
    path.write_text(f"key,value\napi,{ENV_SECRET}\n")
    return path


@pytest.mark.parametrize(
    "template",
    [
        "LOAD FROM '{path}' (header=true) RETURN *",
        "UNWIND [1] AS `AS` LOAD FROM '{path}' (header=true) RETURN *",
        "LOAD FROM '{path}' (file_format='csv', header=false, delim=':') RETURN *",
    ],
)
def test_load_from_a_host_file_reads_nothing(lstore, host_secret, template: str) -> None:
    for outcome in _both(lstore, template.format(path=host_secret)):
        assert outcome.error is not None, outcome.text
        assert ENV_SECRET not in outcome.text
    _still_answers(lstore)


def test_load_from_etc_passwd_reads_nothing(lstore) -> None:
    query = "UNWIND [1] AS `AS` LOAD FROM '/etc/passwd' (file_format='csv', header=false, delim=':') RETURN *"
    for outcome in _both(lstore, query):
        assert outcome.error is not None, outcome.text
        assert "root:" not in outcome.text and "/bin/" not in outcome.text
    _still_answers(lstore)


def test_copy_to_a_host_path_writes_nothing(lstore, tmp_path: Path) -> None:
    for name in ("a.csv", "b.csv"):
        target = tmp_path / name
        outcome = [attempt, _unguarded][name == "b.csv"](lstore, f"COPY (MATCH (n:G_Node) RETURN n.id) TO '{target}'")
        assert outcome.error is not None, outcome.text
        assert not target.exists()
    _still_answers(lstore)


def test_export_database_writes_nothing(lstore, tmp_path: Path) -> None:
    for name in ("exp-a", "exp-b"):
        target = tmp_path / name
        runner = attempt if name == "exp-a" else _unguarded
        outcome = runner(lstore, f"EXPORT DATABASE '{target}'")
        assert outcome.error is not None, outcome.text
        assert not target.exists()
    _still_answers(lstore)


def test_install_reaches_no_network_and_writes_no_extension(lstore) -> None:
    extension_dir = Path.home() / ".lbdb"
    before = extension_dir.exists() and sorted(str(p) for p in extension_dir.rglob("*"))
    for query in ("INSTALL httpfs", "INSTALL json", "LOAD EXTENSION '/tmp/x.so'"):
        for outcome in _both(lstore, query):
            assert outcome.error is not None, outcome.text
    assert (extension_dir.exists() and sorted(str(p) for p in extension_dir.rglob("*"))) == before
    _still_answers(lstore)


def test_checkpoint_leaves_the_database_untouched(lstore, db_dir: Path) -> None:
    before = _db_state(db_dir)
    for outcome in _both(lstore, "CHECKPOINT"):
        assert outcome.error is not None, outcome.text
    assert _db_state(db_dir) == before
    _still_answers(lstore)
    with LadybugStore(db_dir / "g.lbug") as fresh:  # still opens read-only
        assert fresh.execute("MATCH (n:G_Node) RETURN count(n)", 10).value == 4


@pytest.mark.parametrize(
    "query",
    [
        "CREATE (n:G_Node {id: 99})",
        "MATCH (n:G_Node) SET n.id = n.id + 100",
        "MATCH (n:G_Node) DETACH DELETE n",
        "CREATE NODE TABLE X(id INT64, PRIMARY KEY(id))",
        "DROP TABLE G_EDGE",
        "ATTACH '/tmp/other.lbug' AS other (dbtype lbug)",
        "BEGIN TRANSACTION",
    ],
)
def test_writes_change_nothing(lstore, db_dir: Path, query: str) -> None:
    before = _db_state(db_dir)
    edges = lstore.execute("MATCH ()-[e:G_EDGE]->() RETURN count(e)", 10).value
    for _ in _both(lstore, query):
        pass  # refused or a no-op: what matters is what the database holds afterwards
    assert _db_state(db_dir) == before
    assert lstore.execute("MATCH ()-[e:G_EDGE]->() RETURN count(e)", 10).value == edges
    _still_answers(lstore)


@pytest.mark.parametrize(
    "query",
    [
        "UNWIND range(1, 3000000000) AS x RETURN sum(x)",
        "RETURN range(1, 3000000000)",
        "UNWIND range(1, 3000000000) AS x RETURN collect(x)",
    ],
)
def test_memory_exhaustion_stays_in_the_jail(lstore, query: str) -> None:
    rss_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    for outcome in _both(lstore, query, timeout=10):
        assert outcome.error is not None, outcome.text
    assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - rss_before < 200 * 1024  # KiB: grraf did not grow
    _still_answers(lstore)


def test_timeout_settings_cannot_be_switched_off(lstore) -> None:
    _both(lstore, "CALL timeout=0")
    slow = SLOW
    outcome = _unguarded(lstore, slow, timeout=1.0)
    assert outcome.error is not None and outcome.error.status == "timeout", outcome.text
    _still_answers(lstore)


def test_a_crash_of_the_engine_costs_one_attempt(lstore) -> None:
    """Kill the jailed engine mid-question (as a segfault would): an attempt error, then a fresh jail."""
    import os
    import signal
    import threading

    jail = lstore._jail
    _still_answers(lstore)
    pid = jail.pid
    assert pid is not None
    killer = threading.Timer(0.5, lambda: os.kill(pid, signal.SIGKILL))
    killer.start()
    outcome = _unguarded(lstore, SLOW, timeout=30)
    killer.join()
    assert isinstance(outcome.error, CodeFailed) and "crashed the database engine" in outcome.text, outcome.text
    _still_answers(lstore)
    assert jail.pid != pid
