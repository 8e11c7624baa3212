"""`grraf load / graphs / drop` through click's runner (networkx and ladybug stores)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from grraf.stores.factory import open_store
from loaders.command import drop, graphs, load
from loaders.ladybug import list_graphs


@pytest.fixture
def env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("GRRAF_HOME", str(tmp_path / "home"))
    for var in ("NEO4J_URI", "NEO4J_PASSWORD"):
        monkeypatch.delenv(var, raising=False)
    return tmp_path


def edges_file(tmp_path: Path, text: str = "0 1 2.5\n1 2 1\n2 3 4\n", name: str = "e.txt") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_help_teaches_with_examples() -> None:
    for command in (load, graphs, drop):
        out = CliRunner().invoke(command, ["--help"]).output
        assert "Examples:" in out
    assert "--into" in CliRunner().invoke(load, ["--help"]).output


def test_load_list_drop_networkx(env: Path) -> None:
    runner = CliRunner()
    result = runner.invoke(load, [edges_file(env), "--name", "flow_8", "--directed"])
    assert result.exit_code == 0, result.output
    assert "loaded graph flow_8 into networkx: 4 nodes, 3 edges (directed, weighted)" in result.output
    listing = runner.invoke(graphs, []).output
    assert "flow_8" in listing and "networkx" in listing
    store = open_store("networkx", graph_name="flow_8")
    try:
        assert store.name == "networkx"
    finally:
        store.close()
    assert runner.invoke(drop, ["flow_8"]).exit_code == 0
    assert "no graphs yet" in runner.invoke(graphs, []).output


def test_load_into_ladybug_side_by_side(env: Path) -> None:
    runner = CliRunner()
    db = env / "g.lbug"
    assert runner.invoke(load, [edges_file(env), "--name", "a", "--into", f"ladybug:{db}"]).exit_code == 0
    b = edges_file(env, "x,y\nu,v\n", "b.csv")
    assert runner.invoke(load, [b, "--name", "b", "--into", f"ladybug:{db}"]).exit_code == 0
    assert [i.name for i in list_graphs(db)] == ["a", "b"]
    listing = runner.invoke(graphs, ["--store", f"ladybug:{db}"]).output
    assert "a" in listing and "ladybug" in listing
    store = open_store(f"ladybug:{db}", graph_name="b")
    try:
        assert store.execute("MATCH (n:b_Node) RETURN count(n) AS answer", 5).value == 4  # x, y, u, v
    finally:
        store.close()
    assert runner.invoke(drop, ["a", "--store", f"ladybug:{db}"]).exit_code == 0
    assert [i.name for i in list_graphs(db)] == ["b"]


def test_bad_file_exits_with_line_number_and_changes_nothing(env: Path) -> None:
    runner = CliRunner()
    db = env / "g.lbug"
    runner.invoke(load, [edges_file(env), "--name", "G", "--into", f"ladybug:{db}"])
    bad = edges_file(env, "0 1\n1 2\n1 2 3 4 5\n", "bad.txt")
    result = runner.invoke(load, [bad, "--name", "G", "--into", f"ladybug:{db}"])
    assert result.exit_code == 3
    assert f"{bad}:3" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert [(i.name, i.edges) for i in list_graphs(db)] == [("G", 3)]


def test_errors_are_one_line_with_exit_codes(env: Path) -> None:
    runner = CliRunner()
    result = runner.invoke(load, [edges_file(env), "--name", "bad-name"])
    assert result.exit_code == 2 and result.stderr.startswith("grraf: error: invalid graph name")
    result = runner.invoke(load, [edges_file(env), "--name", "g", "--into", "postgres"])
    assert result.exit_code == 2 and "unknown store" in result.stderr
    result = runner.invoke(load, [edges_file(env), "--name", "g", "--into", "neo4j"])
    assert result.exit_code == 2 and "NEO4J_URI" in result.stderr
    result = runner.invoke(drop, ["missing"])
    assert result.exit_code == 4 and "no graph named 'missing'" in result.stderr
    result = runner.invoke(load, [str(env / "nope.txt"), "--name", "g"])
    assert result.exit_code == 3 and "file not found" in result.stderr
