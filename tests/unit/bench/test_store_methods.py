"""The grraf-neo4j bench method's plumbing: per question, the runner hands the question's graphs to a
store factory under a namespace of its own, asks GraphQA on the store it yields, and the factory's
context ends (dropping the namespace) whether the question was answered or crashed.

The factory here is a recording one; tests/integration/test_neo4j_bench_store.py runs the real one
(``loaders.neo4j.question_store``) against a real Neo4j."""

from __future__ import annotations

import sys
import types
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import networkx as nx
import pytest

from grraf.bench import runner
from grraf.bench.dataset import generate
from grraf.bench.question import Question
from grraf.bench.runner import METHODS, parse_methods, question_graphs, question_namespace, read_rows, run
from grraf.config import Settings
from grraf.errors import ConfigError
from tests.unit.bench.test_runner import make_answer


class Recorder:
    def __init__(self, labels: dict[str, Any], crash: set[str] | None = None) -> None:
        self.labels = labels
        self.crash = crash or set()
        self.entered: list[tuple[str, dict[str, nx.Graph]]] = []
        self.exited: list[str] = []
        self.asked: list[tuple[Any, str]] = []

    @contextmanager
    def factory(self, namespace: str, graphs: Mapping[str, Any]) -> Iterator[Any]:
        self.entered.append((namespace, dict(graphs)))
        try:
            yield types.SimpleNamespace(name="neo4j", namespace=namespace)
        finally:
            self.exited.append(namespace)


def install_agent(monkeypatch: pytest.MonkeyPatch, rec: Recorder) -> None:
    class GraphQA:
        def __init__(self, store: Any, *, backend: str, chat_model: Any, settings: Settings) -> None:
            assert backend == "cypher"  # Cypher in Neo4j, not every question projected to NetworkX
            self.store = store

        def ask(self, text: str) -> Any:
            rec.asked.append((self.store, text))
            if self.store.namespace in rec.crash:
                raise RuntimeError("store exploded")
            return make_answer(text, rec.labels[text])

    module = types.ModuleType("grraf.agent")
    module.GraphQA = GraphQA  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "grraf.agent", module)


def test_methods_all_needs_no_server_and_neo4j_is_named() -> None:
    assert "grraf-neo4j" not in METHODS and parse_methods("all") == METHODS
    assert parse_methods("grraf-neo4j,direct") == ("grraf-neo4j", "direct")
    assert parse_methods("neo4j") == ("grraf-neo4j",)


def test_namespaces_are_valid_distinct_graph_names() -> None:
    from grraf.stores.cypher_guard import validate_graph_name

    ids = ["connectivity-s0-0001", "connectivity-s0-0002", "flow-s9-0001", "weird id/ä", "x" * 200]
    names = [question_namespace(i) for i in ids]
    for name in names:
        validate_graph_name(name)
        assert "__" not in name and len(name) <= 50
    assert len(set(names)) == len(names)


def test_graphs_come_from_the_text_or_the_given_graph() -> None:
    (q,) = generate("connectivity", 1, seed=3)
    graphs = question_graphs(q)
    assert list(graphs) == ["G"] and graphs["G"].number_of_nodes() == q.meta["nodes"]
    given = nx.path_graph(4)
    assert question_graphs(q, given) == {"G": given}
    with pytest.raises(ConfigError, match="no graph"):
        question_graphs(Question("x-1", "connectivity", "Is the sky blue?", True))


def test_each_question_gets_its_own_namespace_dropped_after(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    questions = generate("connectivity,cycle", 2, seed=5)
    rec = Recorder(
        {runner.ask_without_graph(q.text): q.answer for q in questions}, crash={question_namespace(questions[1].id)}
    )
    install_agent(monkeypatch, rec)
    result = run(
        questions,
        ["grraf-neo4j"],
        tmp_path,
        settings=Settings(model="scripted"),
        chat_model=object(),
        store_factories={"grraf-neo4j": rec.factory},
    )
    assert [ns for ns, _ in rec.entered] == [question_namespace(q.id) for q in questions]
    assert rec.exited == [ns for ns, _ in rec.entered]  # every namespace dropped, the crashed one too
    for (_, graphs), q in zip(rec.entered, questions, strict=True):
        assert graphs["G"].number_of_edges() == q.meta["edges"]
    # The graph is in the store: only the ask is asked, without the edges written in the text.
    assert [text for _, text in rec.asked] == [runner.ask_without_graph(q.text) for q in questions]
    assert all(
        "[graph G:" in text and len(text) < len(q.text) for (_, text), q in zip(rec.asked, questions, strict=True)
    )
    rows = read_rows(tmp_path / runner.RESULTS_FILE)
    assert [r["method"] for r in rows] == ["grraf-neo4j"] * 4
    assert rows[1]["error"] and "store exploded" in rows[1]["error"]
    assert all(r["correct"] for i, r in enumerate(rows) if i != 1)
    assert len(result.rows) == 4


def test_a_subgraph_question_puts_g_alone_in_the_store_and_keeps_g_prime_in_the_text(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (q,) = generate("substructure", 1, seed=2)
    rec = Recorder({q.text: q.answer})
    install_agent(monkeypatch, rec)
    run(
        [q],
        ["grraf-neo4j"],
        tmp_path,
        settings=Settings(model="scripted"),
        chat_model=object(),
        store_factories={"grraf-neo4j": rec.factory},
    )
    ((_, loaded),) = rec.entered
    assert list(loaded) == ["G"] and loaded["G"].number_of_edges() == question_graphs(q)["G"].number_of_edges()
    # GraphQA reads G' from the question (grraf.pipeline.inputs.second_graph), as it would a user's.
    assert [text for _, text in rec.asked] == [q.text]


def test_without_a_factory_the_method_is_a_configuration_error(tmp_path: Path) -> None:
    (q,) = generate("connectivity", 1, seed=1)
    pool = runner.MethodPool(chat_model=object(), settings=Settings(model="scripted"))
    with pytest.raises(ConfigError, match="needs a store factory"):
        pool.solve("grraf-neo4j", q)


def _capture_run(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    from grraf.llm import factory

    seen: dict[str, Any] = {}

    def fake_run(questions: Any, methods: Any, out: Any, **kwargs: Any) -> None:
        seen.update(kwargs)

    monkeypatch.setattr("grraf.bench.command.run", fake_run)
    monkeypatch.setattr("grraf.bench.command._print_report", lambda out: None)
    monkeypatch.setattr(factory, "make_chat_model", lambda settings: object())
    return seen


def test_the_grraf_group_hands_bench_the_neo4j_loaders_factory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """grraf.bench may not import the loaders: the CLI builds grraf-neo4j's factory and passes it down."""
    from click.testing import CliRunner

    from grraf import cli as cli_module
    from loaders.neo4j import question_store

    seen = _capture_run(monkeypatch)
    cli_module._register_optional_commands()
    args = ["bench", "--tasks", "connectivity", "--per-task", "1", "--methods", "grraf-neo4j", "--out", str(tmp_path)]
    result = CliRunner().invoke(cli_module.cli, args, catch_exceptions=False)
    assert result.exit_code == 0, result.output
    made = seen["store_factories"]["grraf-neo4j"]
    assert made.func is question_store and made.keywords["settings"] is seen["settings"]


def test_bench_alone_has_no_store_factories(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from click.testing import CliRunner

    from grraf.bench.command import bench

    _capture_run(monkeypatch)
    args = ["--tasks", "connectivity", "--per-task", "1", "--methods", "grraf-neo4j", "--out", str(tmp_path)]
    result = CliRunner().invoke(bench, args)
    assert result.exit_code == 2 and "grraf-neo4j needs a store factory; run it as `grraf bench`" in result.output
