"""The one store-spec parser: every command and the library accept the same specs, refuse the same way."""

from __future__ import annotations

from pathlib import Path

import networkx as nx
import pytest
from click.testing import CliRunner

from grraf.config import Settings
from grraf.errors import ConfigError
from grraf.frames import frames_from_networkx
from grraf.stores.factory import graph_names, open_store, open_store_for
from grraf.stores.registry import NetworkXRegistry
from grraf.stores.spec import STORE_SPECS, StoreSpec, default_ladybug_path, parse_store_spec
from loaders.command import drop, graphs, load
from loaders.ladybug import load_graph


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return Settings(home=tmp_path / "home")


@pytest.mark.parametrize(
    ("spec", "expected"),
    [
        ("networkx", StoreSpec("networkx", "networkx")),
        ("NetworkX", StoreSpec("networkx", "NetworkX")),
        ("ladybug:/data/g.lbug", StoreSpec("ladybug", "ladybug:/data/g.lbug", path=Path("/data/g.lbug"))),
        ("neo4j", StoreSpec("neo4j", "neo4j")),
        ("neo4j:movies", StoreSpec("neo4j", "neo4j:movies", database="movies")),
        ("neo4j:", StoreSpec("neo4j", "neo4j:")),
    ],
)
def test_specs(spec: str, expected: StoreSpec, settings: Settings) -> None:
    assert parse_store_spec(spec, settings) == expected


def test_ladybug_alone_means_the_default_database(settings: Settings) -> None:
    parsed = parse_store_spec("ladybug", settings)
    assert parsed.path == default_ladybug_path(settings) == Path(settings.home) / "graphs.lbug"


@pytest.mark.parametrize("spec", ["postgres", "", "networkx:roads", "kuzu:/tmp/x"])
def test_bad_specs_get_one_message(spec: str, settings: Settings) -> None:
    with pytest.raises(ConfigError) as raised:
        parse_store_spec(spec, settings)
    assert str(raised.value) == f"unknown store {spec!r}; use one of: {', '.join(STORE_SPECS)}"


def test_every_command_refuses_a_bad_spec_with_the_parsers_message(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, settings: Settings
) -> None:
    monkeypatch.setenv("GRRAF_HOME", str(tmp_path / "home"))
    edges = tmp_path / "e.txt"
    edges.write_text("0 1\n", encoding="utf-8")
    message = f"unknown store 'postgres'; use one of: {', '.join(STORE_SPECS)}"
    runner = CliRunner()
    for command, args in (
        (load, [str(edges), "--name", "g", "--into", "postgres"]),
        (graphs, ["--store", "postgres"]),
        (drop, ["g", "--store", "postgres"]),
    ):
        result = runner.invoke(command, args)
        assert result.exit_code == 2 and message in result.stderr, (command.name, result.output)
    with pytest.raises(ConfigError, match=message):
        open_store("postgres", settings=settings)
    with pytest.raises(ConfigError, match=message):
        open_store_for("How many nodes?", "postgres", settings=settings)


def test_graph_names_of_each_local_store(tmp_path: Path, settings: Settings) -> None:
    assert graph_names("networkx", settings) == []
    assert graph_names("ladybug", settings) == []  # no database yet: nothing stored, no error
    NetworkXRegistry.from_settings(settings).save("roads", frames_from_networkx(nx.path_graph(3)))
    db = tmp_path / "g.lbug"
    load_graph(db, "flow_8", frames_from_networkx(nx.path_graph(3)))
    load_graph(db, "flow_80", frames_from_networkx(nx.path_graph(4)))
    assert graph_names("networkx", settings) == ["roads"]
    assert graph_names(f"ladybug:{db}", settings) == ["flow_8", "flow_80"]


def test_open_store_for_takes_the_graph_the_question_names(tmp_path: Path, settings: Settings) -> None:
    db = tmp_path / "g.lbug"
    load_graph(db, "flow_8", frames_from_networkx(nx.path_graph(3)))
    load_graph(db, "flow_80", frames_from_networkx(nx.path_graph(4)))
    with open_store_for("In graph flow_80, how many nodes?", f"ladybug:{db}", settings=settings) as store:
        assert store.graph_name == "flow_80"
    with open_store_for("How many nodes?", f"ladybug:{db}", graph_name="flow_8", settings=settings) as store:
        assert store.graph_name == "flow_8"
    with open_store_for("How many nodes?", f"ladybug:{db}", settings=settings) as store:
        assert store.graph_name is None
