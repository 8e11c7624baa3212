"""Attacks through input files and graph names (issue 14, part 5), each asserting no effect.

A graph ``G`` is loaded first into both a ladybug database and the NetworkX registry; every
attack then tries to load over it through ``grraf load`` (the CLI the user runs) and must leave
the old graph exactly as it was, the files around it unchanged apart from what a successful
load writes, print one line naming the file (and line, where there is one), and stay within a
memory bound where the input is a bomb.
"""

from __future__ import annotations

import gzip
import hashlib
import os
import tracemalloc
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import networkx as nx
import pytest
from click.testing import CliRunner, Result

from grraf.errors import CodeError, GraphInputError
from grraf.stores.ladybug import LadybugStore
from grraf.stores.registry import NetworkXRegistry
from loaders.command import load
from loaders.edgelist import read_edges
from loaders.ladybug import list_graphs


@dataclass(frozen=True)
class Site:
    root: Path
    home: Path
    db: Path

    def snapshot(self) -> dict[str, str]:
        return {
            str(p.relative_to(self.root)): hashlib.sha256(p.read_bytes()).hexdigest() if p.is_file() else "folder"
            for p in sorted(self.root.rglob("*"))
            if not p.name.startswith("attack")
        }

    def graphs(self) -> tuple[list[tuple[str, int, int]], list[tuple[str, int, int]]]:
        ladybug = [(i.name, i.nodes, i.edges) for i in list_graphs(self.db)]
        registry = [(i.name, i.nodes, i.edges) for i in NetworkXRegistry(self.home / "graphs").list()]
        return ladybug, registry

    def load(self, path: Path | str, *args: str) -> list[Result]:
        """Load ``path`` as graph G into both stores."""
        runner = CliRunner()
        return [
            runner.invoke(load, [str(path), "--name", "G", *args]),
            runner.invoke(load, [str(path), "--name", "G", "--into", f"ladybug:{self.db}", *args]),
        ]


@pytest.fixture
def site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Site]:
    home = tmp_path / "home"
    monkeypatch.setenv("GRRAF_HOME", str(home))
    monkeypatch.delenv("GRRAF_MAX_INPUT_MB", raising=False)
    s = Site(root=tmp_path, home=home, db=tmp_path / "g.lbug")
    good = tmp_path / "good.txt"
    good.write_text("0 1 2\n1 2 3\n2 0 1\n", encoding="utf-8")
    for result in s.load(good):
        assert result.exit_code == 0, result.output
    yield s


def refused(site: Site, path: Path | str, *args: str, where: str) -> None:
    """Both loads fail with one line naming ``where``; the old graph and all files are unchanged."""
    files, graphs = site.snapshot(), site.graphs()
    for result in site.load(path, *args):
        assert result.exit_code != 0, result.output
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1, result.stderr
        assert lines[0].startswith(f"grraf: error: {where}"), lines[0]
    assert site.snapshot() == files
    assert site.graphs() == graphs == ([("G", 3, 3)], [("G", 3, 3)])


def write(site: Site, name: str, data: bytes) -> Path:
    path = site.root / name
    path.write_bytes(data)
    return path


Maker = Callable[[Site], Path]

# name -> (how to make the attack file, the start of the error line after "grraf: error: ")
BAD_FILES: dict[str, tuple[Maker, str]] = {
    "ten megabyte single token": (lambda s: write(s, "attack.txt", b"x" * (10 << 20)), "{path}:1: a line of"),
    "ten megabyte line among edges": (
        lambda s: write(s, "attack.txt", b"0 1\n1 2\n" + b"a" * (10 << 20) + b" b\n"),
        "{path}:3: a line of",
    ),
    "NaN weight": (lambda s: write(s, "attack.txt", b"0 1 1\n1 2 nan\n"), "{path}:2: weight is not a finite"),
    "infinite weight": (lambda s: write(s, "attack.txt", b"0 1 inf\n"), "{path}:1: weight is not a finite"),
    "overflowing weight": (lambda s: write(s, "attack.txt", b"0 1 1\n1 2 1e999\n"), "{path}:2: weight is not"),
    "CSV with a NaN cost": (
        lambda s: write(s, "attack.csv", b"src,dst,cost\n0,1,2\n1,2,NaN\n"),
        "{path}:3: cost is not a finite",
    ),
    "a directory": (lambda s: s.root / "adir", "{path}: is a directory"),
    "a symlink to a directory": (lambda s: s.root / "alink", "{path}: is a directory"),
    "a device that never ends": (lambda s: Path("/dev/zero"), "{path}: is not a regular file"),
    "a named pipe that would block": (lambda s: s.root / "attack.fifo", "{path}: is not a regular file"),
    "one column": (lambda s: write(s, "attack.txt", b"0\n1\n"), "{path}:1: only one column"),
    "ragged lines": (lambda s: write(s, "attack.txt", b"0 1\n1 2\n3 4 5 6\n"), "{path}:3: 4 columns"),
    "empty node id": (lambda s: write(s, "attack.csv", b"0,1\n,2\n"), "{path}:2: empty node id"),
    "only comments": (lambda s: write(s, "attack.txt", b"# 0 1\n# 1 2\n"), "{path}: no edges"),
}


def _prepare(site: Site) -> None:
    (site.root / "adir").mkdir(exist_ok=True)
    if not (site.root / "alink").exists():
        (site.root / "alink").symlink_to(site.root / "adir")
    if not (site.root / "attack.fifo").exists():
        os.mkfifo(site.root / "attack.fifo")


@pytest.mark.parametrize("name", sorted(BAD_FILES))
def test_bad_input_file_changes_nothing(site: Site, name: str) -> None:
    _prepare(site)
    make, where = BAD_FILES[name]
    path = make(site)
    refused(site, path, where=where.format(path=path))


def test_gzip_bomb_changes_nothing_and_stays_within_the_cap(site: Site) -> None:
    bomb = site.root / "attack.txt.gz"
    with gzip.open(bomb, "wb", compresslevel=9) as f:
        f.write(b"0 1\n")
        for _ in range(48):
            f.write(b" " * (1 << 20))
    assert bomb.stat().st_size < 150_000
    refused(site, bomb, "--max-input-mb", "4", where=f"{bomb}: the file decompresses to more than 4,194,304 bytes")
    tracemalloc.start()
    try:
        with pytest.raises(GraphInputError):
            read_edges(bomb, max_bytes=4 << 20)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 16 << 20


@pytest.mark.parametrize(
    "name",
    ["G`) DETACH DELETE n //", "G_Node) DETACH DELETE (n", "G; DROP TABLE G_EDGE", "../../etc/x", "G__new_Node"],
)
def test_graph_name_injection_changes_nothing(site: Site, name: str) -> None:
    files, graphs = site.snapshot(), site.graphs()
    good = site.root / "good.txt"
    for into in ("networkx", f"ladybug:{site.db}"):
        result = CliRunner().invoke(load, [str(good), "--name", name, "--into", into])
        assert result.exit_code == 2 and result.stderr.startswith("grraf: error: invalid graph name")
    assert site.snapshot() == files and site.graphs() == graphs


def test_node_ids_and_header_that_look_like_cypher_are_data(site: Site) -> None:
    """Strings that would be Cypher if spliced into a query stay node ids; graph G is untouched."""
    evil = [
        "x'}) DETACH DELETE n //",
        "`) DETACH DELETE n //",
        "a\\' OR 1=1",
        "LOAD FROM '/etc/passwd'",
        "\u180eCHECKPOINT",
    ]
    lines = ["src,dst,`w` DOUBLE) DETACH DELETE n //"] + [f'"{a}",plain,1' for a in evil]
    path = write(site, "attack.csv", ("\n".join(lines) + "\n").encode())
    runner = CliRunner()
    result = runner.invoke(load, [str(path), "--name", "evil", "--into", f"ladybug:{site.db}", "--weight-column", "2"])
    assert result.exit_code == 0, result.output
    with LadybugStore(site.db, graph_name="evil") as store:
        ids = store.execute("MATCH (n:evil_Node) RETURN n.id AS id ORDER BY id", 5).value
        props = store.execute("CALL table_info('evil_EDGE') RETURN name", 5).value
    assert sorted(evil + ["plain"]) == sorted(ids)
    assert props == "weight"  # one row, one column: the only edge property
    assert [(i.name, i.nodes, i.edges) for i in list_graphs(site.db)] == [("G", 3, 3), ("evil", 6, 5)]


def test_a_million_repeats_of_one_edge_become_one_edge(site: Site) -> None:
    path = write(site, "attack.txt", b"0 1 1\n" * 200_000 + b"1 0 2\n")
    for result in site.load(path):
        assert result.exit_code == 0, result.output
        assert "200,000 repeated edges collapsed" in result.output
    assert site.graphs() == ([("G", 2, 1)], [("G", 2, 1)])
    with LadybugStore(site.db, graph_name="G") as store:
        assert store.execute("MATCH ()-[e:G_EDGE]->() RETURN e.weight AS w", 5).value == 2


def test_negative_undirected_weights_cannot_yield_a_wrong_shortest_path(site: Site) -> None:
    """Dijkstra would answer 1 here (0-2 directly); no answer exists, and each engine says so."""
    from cypher_templates import load_templates, render_cypher

    path = write(site, "attack.txt", b"0 1 5\n1 2 -10\n0 2 1\n")
    for result in site.load(path):
        assert result.exit_code == 0 and "1 negative weight" in result.output, result.output
    graph = NetworkXRegistry(site.home / "graphs").load("G")
    namespace: dict[str, object] = {}
    code = next(t for t in load_templates("networkx") if t.name == "shortest_path_weight").code
    exec(compile(code, "shortest_path_weight.py", "exec"), namespace)  # as the sandbox defines it
    with pytest.raises(ValueError, match="undefined"):
        namespace["solve"](graph, 0, 2)  # type: ignore[operator]
    template = next(t for t in load_templates("ladybug") if t.name == "shortest_path_weight")
    query = render_cypher(
        template, node_label="G_Node", edge_type="G_EDGE", directed=False, params={"source": 0, "target": 2}
    )
    with LadybugStore(site.db, graph_name="G") as store, pytest.raises(CodeError, match="negative weight"):
        store.execute(query, 10)
    assert isinstance(graph, nx.Graph) and graph[1][2]["weight"] == -10
