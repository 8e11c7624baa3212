"""Loading awkward input (issue 14, part 5): the size cap, directories and devices, repeated edges
and negative weights through the loaders, the CLI summary and the stores."""

from __future__ import annotations

import gzip
import tracemalloc
from pathlib import Path

import networkx as nx
import pytest
from click.testing import CliRunner

from grraf.errors import CodeFailed, GraphInputError
from grraf.frames import frames_from_edge_table
from grraf.stores.factory import open_store
from grraf.stores.ladybug import LadybugStore
from grraf.stores.registry import NetworkXRegistry
from loaders.command import load
from loaders.edgelist import max_input_bytes, read_edges, read_graph
from loaders.ladybug import list_graphs, load_graph


@pytest.fixture
def env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("GRRAF_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("GRRAF_MAX_INPUT_MB", raising=False)
    return tmp_path


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


# ------------------------------------------------------------------------------- size cap
def gzip_bomb(path: Path, megabytes: int) -> Path:
    """A valid edge list followed by ``megabytes`` MiB of blanks: tiny compressed, huge decompressed."""
    with gzip.open(path, "wb", compresslevel=9) as f:
        f.write(b"0 1\n")
        block = b" " * (1 << 20)
        for _ in range(megabytes):
            f.write(block)
    return path


def test_gzip_bomb_is_refused_at_the_cap_without_filling_memory(env: Path) -> None:
    bomb = gzip_bomb(env / "bomb.txt.gz", 64)
    assert bomb.stat().st_size < 200_000
    tracemalloc.start()
    try:
        with pytest.raises(GraphInputError) as e:
            read_edges(bomb, max_bytes=8 << 20)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert str(e.value).startswith(f"{bomb}: the file decompresses to more than 8,388,608 bytes, the input cap")
    assert "GRRAF_MAX_INPUT_MB" in str(e.value)
    assert peak < 24 << 20  # a few chunks past the cap, not the 64 MiB the file decompresses to


def test_the_cap_comes_from_the_environment(env: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert max_input_bytes() == 1024 << 20
    monkeypatch.setenv("GRRAF_MAX_INPUT_MB", "1")
    assert max_input_bytes() == 1 << 20
    plain = write(env / "e.txt", "0 1\n" * 300_000)  # 1.2 MB
    with pytest.raises(GraphInputError, match="the file holds more than 1,048,576 bytes"):
        read_edges(plain)
    assert read_edges(plain, max_bytes=2 << 20).num_edges == 300_000
    monkeypatch.setenv("GRRAF_MAX_INPUT_MB", "lots")
    with pytest.raises(GraphInputError, match="GRRAF_MAX_INPUT_MB must be a positive whole number"):
        max_input_bytes()


def test_a_small_gzip_still_loads(env: Path) -> None:
    path = env / "e.txt.gz"
    path.write_bytes(gzip.compress(b"0 1 2\n1 2 3\n"))
    assert read_edges(path, max_bytes=1024).num_edges == 2


def test_a_corrupt_gzip_is_one_error(env: Path) -> None:
    path = env / "bad.gz"
    path.write_bytes(b"\x1f\x8b\x08\x00" + b"not really gzip" * 10)
    with pytest.raises(GraphInputError, match="cannot read the file"):
        read_edges(path)


# ------------------------------------------------------------------------------- not a file
def test_directory_and_device_are_one_line_errors(env: Path) -> None:
    with pytest.raises(GraphInputError, match="is a directory, not a file"):
        read_edges(env)
    with pytest.raises(GraphInputError, match="is not a regular file"):
        read_edges("/dev/zero")  # would never end if read


@pytest.mark.parametrize("target", ["dir", "/dev/zero", "missing"])
def test_cli_load_of_a_non_file_prints_one_line(env: Path, target: str) -> None:
    path = {"dir": str(env), "/dev/zero": "/dev/zero", "missing": str(env / "missing.txt")}[target]
    result = CliRunner().invoke(load, [path, "--name", "g"])
    assert result.exit_code == 3, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"grraf: error: {path}: "), result.stderr
    assert "Usage:" not in result.output


# ------------------------------------------------------------------------------- repeated edges
REPEATS = "0 1 5\n1 0 7\n1 2 1\n1 2 4\n2 3 1\n"


def test_repeated_edges_collapse_by_default_with_the_last_weight(env: Path) -> None:
    table = read_edges(write(env / "r.txt", REPEATS))
    frames = frames_from_edge_table(table)
    assert frames.duplicates == 2 and frames.multigraph is False
    assert frames.edges.to_dict("list") == {"source": [0, 1, 2], "target": [1, 2, 3], "weight": [7, 4, 1]}
    graph = frames.to_networkx()
    assert type(graph) is nx.Graph
    assert nx.utils.graphs_equal(graph, read_graph(env / "r.txt"))


def test_keep_duplicates_keeps_parallel_edges(env: Path) -> None:
    frames = frames_from_edge_table(read_edges(write(env / "r.txt", REPEATS)), keep_duplicates=True)
    assert frames.duplicates == 2 and frames.multigraph is True and len(frames.edges) == 5
    graph = frames.to_networkx()
    assert type(graph) is nx.MultiGraph and graph.number_of_edges() == 5
    assert type(read_graph(env / "r.txt", keep_duplicates=True)) is nx.MultiGraph
    no_repeats = frames_from_edge_table(read_edges(write(env / "s.txt", "0 1\n")), keep_duplicates=True)
    assert no_repeats.multigraph is False and no_repeats.duplicates == 0


def test_every_store_holds_the_same_collapsed_graph(env: Path) -> None:
    db = env / "g.lbug"
    frames = frames_from_edge_table(read_edges(write(env / "r.txt", REPEATS)))
    assert load_graph(db, "R", frames).edges == 3
    with LadybugStore(db, graph_name="R") as store:
        assert store.execute("MATCH ()-[e:R_EDGE]->() RETURN count(e) AS answer", 5).value == 3
    kept = frames_from_edge_table(read_edges(env / "r.txt"), keep_duplicates=True)
    assert load_graph(db, "K", kept).edges == 5
    assert {i.name: i.edges for i in list_graphs(db)} == {"K": 5, "R": 3}


def test_cli_summary_states_repeats_and_negative_weights(env: Path) -> None:
    path = write(env / "n.txt", "0 1 -2\n1 0 3\n1 2 1\n")
    runner = CliRunner()
    result = runner.invoke(load, [str(path), "--name", "neg"])
    assert result.exit_code == 0, result.output
    assert "3 nodes, 2 edges (undirected, weighted)" in result.output
    assert "1 repeated edge collapsed (one edge per pair, the last weight kept;" in result.output
    assert "--keep-duplicates keeps them as parallel edges" in result.output
    assert "1 negative weight" not in result.output  # the repeat's last weight (3) replaced the -2
    result = runner.invoke(load, [str(path), "--name", "neg", "--keep-duplicates", "--directed"])
    assert result.exit_code == 0, result.output
    assert "3 edges (directed, weighted)" in result.output
    assert "1 negative weight: accepted" in result.output
    result = runner.invoke(load, [str(write(env / "p.txt", "0 1\n1 2\n")), "--name", "plain"])
    assert result.output.rstrip().endswith(" s")  # nothing to state


def test_cli_max_input_mb(env: Path) -> None:
    bomb = gzip_bomb(env / "b.txt.gz", 3)
    result = CliRunner().invoke(load, [str(bomb), "--name", "b", "--max-input-mb", "2"])
    assert result.exit_code == 3
    assert "decompresses to more than 2,097,152 bytes" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


# ------------------------------------------------------------------------------- negative weights
def test_negative_weights_are_a_schema_fact_of_a_loaded_graph(env: Path) -> None:
    frames = frames_from_edge_table(read_edges(write(env / "n.txt", "0 1 -2\n1 2 3\n2 3 -1\n"), directed=True))
    assert frames.negative_weights == 2
    NetworkXRegistry(env / "home" / "graphs").save("neg", frames)
    store = open_store("networkx", graph_name="neg")
    try:
        text = store.schema().text
    finally:
        store.close()
    assert "negative weights: 2 edges" in text
    assert "bellman_ford" in text


def test_negative_weights_in_a_graph_from_elsewhere_are_seen_in_the_sample() -> None:
    from grraf.stores.networkx import describe_graph

    graph = nx.DiGraph()
    graph.add_weighted_edges_from([(0, 1, -1), (1, 2, 2)])
    info = describe_graph("G", graph)
    assert (info.negative_weights, info.negative_weights_sampled) == (1, True)
    assert "negative weights: at least 1 edges" in info.render()
    assert "negative weights" not in describe_graph("H", nx.path_graph(3)).render()


def test_ladybug_refuses_weighted_shortest_paths_over_negative_weights_with_a_reason(env: Path) -> None:
    from cypher_templates import load_templates, render_cypher

    db = env / "n.lbug"
    edges = read_edges(write(env / "n.txt", "0 1 5\n1 2 -10\n0 2 1\n"), directed=True)
    load_graph(db, "N", frames_from_edge_table(edges))
    template = next(t for t in load_templates("ladybug") if t.name == "shortest_path_weight")
    code = render_cypher(
        template, node_label="N_Node", edge_type="N_EDGE", directed=True, params={"source": 0, "target": 2}
    )
    with LadybugStore(db, graph_name="N") as store, pytest.raises(CodeFailed, match="negative weight"):
        store.execute(code, 10)
