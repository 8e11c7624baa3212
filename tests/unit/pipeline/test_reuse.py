"""Reuse of verified code for questions of the same shape (grraf.pipeline.reuse)."""

from __future__ import annotations

import ast
import json
import logging
import threading
from dataclasses import replace
from pathlib import Path

import networkx as nx
import pytest

from cypher_templates import load_templates
from grraf.pipeline.generate import python_call
from grraf.pipeline.reuse import Reusable, ReuseStore, generalise, placeholder
from grraf.pipeline.template import TemplateChoice
from grraf.types import Plan


def refined(task: str | None = "max_flow", **parameters: object) -> Plan:
    return Plan(
        question="What is the maximum flow?",
        task=task,
        directed=True,
        weighted=True,
        output="number",
        parameters=dict(parameters),
    )


def template_code(name: str, parameters: dict[str, object]) -> str:
    """A verified NetworkX template bound the way the generate stage binds it."""
    template = next(t for t in load_templates("networkx") if t.name == name)
    call = python_call(TemplateChoice(template.code, "retrieved", name, template.parameters), parameters)
    assert call is not None
    return f"{template.code}\n\n{call}\n"


def literals(code: str) -> list[object]:
    return [n.value for n in ast.walk(ast.parse(code)) if isinstance(n, ast.Constant)]


CODE = "import networkx as nx\nanswer = nx.maximum_flow_value(G, 2, 7, capacity='weight')\n"


def test_remember_recall_round_trip(tmp_path: Path) -> None:
    store = ReuseStore(tmp_path / "reuse")
    stored = store.remember(refined(source=2, target=7), "networkx", CODE)
    assert stored is not None and stored.parameters == ("source", "target")
    assert placeholder("source") in stored.code and "2" not in stored.code
    again = store.recall(refined(source=4, target=1), "networkx")
    assert again == stored
    assert len(list((tmp_path / "reuse").glob("*.json"))) == 1


def test_binding_changes_only_the_parameter_literals(tmp_path: Path) -> None:
    stored = ReuseStore(tmp_path).remember(refined(source=2, target=7), "networkx", CODE)
    assert stored is not None
    bound = stored.bind({"source": 3, "target": 9})
    assert bound == CODE.replace("G, 2, 7", "G, 3, 9")
    before, after = literals(CODE), literals(bound)
    changed = [(a, b) for a, b in zip(before, after, strict=True) if a != b]
    assert changed == [(2, 3), (7, 9)]
    assert stored.bind({"source": "a", "target": "b"}) == CODE.replace("G, 2, 7", "G, 'a', 'b'")
    assert stored.bind({"source": "a\\1", "target": 'q"'}) == CODE.replace("G, 2, 7", "G, 'a\\\\1', 'q\"'")


def test_bind_refuses_missing_or_non_literal_parameters() -> None:
    reusable = Reusable("s", f"answer = f(G, {placeholder('source')}, {placeholder('target')})", ("source", "target"))
    assert reusable.bind({"source": 1}) is None
    assert reusable.bind({"source": 1, "target": [2]}) is None
    assert reusable.bind({"source": 1, "target": 2, "extra": 5}) == "answer = f(G, 1, 2)"


@pytest.mark.parametrize(
    "code",
    [
        # the source value also appears as an unrelated literal
        "def solve(G, s, t):\n    if s == t:\n        return 0\n    return nx.maximum_flow_value(G, s, t)\n"
        "answer = solve(G, 0, 5)\n",
        # a hard-coded value inside the function plus the call: swapping one would keep the other
        "def f(G, s, t):\n    return nx.shortest_path_length(G, 0, 5)\nanswer = f(G, 0, 5)\n",
        # source and target equal: which literal is which cannot be told
        "answer = nx.maximum_flow_value(G, 5, 5)\n",
        # a value used only in a comparison is not a binding site
        "answer = [n for n in G if n == 0 or n == 5]\n",
        # the value is not in the code at all
        "answer = nx.maximum_flow_value(G, 1, 5)\n",
    ],
)
def test_ambiguous_code_is_not_stored(tmp_path: Path, code: str) -> None:
    source, target = (5, 5) if "5, 5" in code else (0, 5)
    store = ReuseStore(tmp_path)
    assert store.remember(refined(source=source, target=target), "networkx", code) is None
    assert not list(tmp_path.glob("*.json"))


def test_types_are_strict() -> None:
    # True == 1 in Python; a bool literal must not be taken for the node 1
    generic = generalise("answer = f(G, 1, flag=True)", {"source": 1})
    assert generic is not None and generic[0] == f"answer = f(G, {placeholder('source')}, flag=True)"
    assert generalise("answer = f(G, True)", {"source": 1}) is None
    assert generalise("answer = f(G, 1.0)", {"source": 1}) is None
    assert generalise("answer = f(G, '1')", {"source": 1}) is None


def test_not_stored_without_a_task_for_cypher_code_that_ignores_G_or_bad_code(tmp_path: Path) -> None:
    store = ReuseStore(tmp_path)
    assert store.remember(refined(None, source=2, target=7), "networkx", CODE) is None
    assert store.remember(refined(source=2, target=7), "ladybug", "MATCH (a) WHERE a.id = 2 RETURN 7") is None
    # a number the LLM worked out in its head answers no other graph
    assert store.remember(refined(), "networkx", "answer = 3") is None
    assert store.remember(refined(source=2, target=7), "networkx", "answer = max(2, 7)") is None
    assert store.remember(refined(source=2, target=7), "networkx", "answer = (") is None
    assert list(tmp_path.glob("*.json")) == []


def test_a_question_without_parameters_reuses_its_code_as_it_is(tmp_path: Path) -> None:
    store = ReuseStore(tmp_path)
    code = "import networkx as nx\nanswer = len(list(nx.bridges(G)))\n"
    stored = store.remember(refined("bridges"), "networkx", code)
    assert stored is not None and stored.parameters == () and stored.verified_by == "executed"
    again = store.recall(refined("bridges"), "networkx")
    assert again == stored and again.bind({}) == code
    # the same task asked about a node is another shape
    assert store.recall(refined("bridges", node=3), "networkx") is None


def test_what_verified_the_code_is_kept(tmp_path: Path) -> None:
    store = ReuseStore(tmp_path)
    store.remember(refined(source=2, target=7), "networkx", CODE, verified_by="max_flow")
    recalled = store.recall(refined(source=0, target=1), "networkx")
    assert recalled is not None and recalled.verified_by == "max_flow"
    stored_file = json.loads(next(tmp_path.glob("*.json")).read_text())
    assert stored_file["verified_by"] == "max_flow"


def test_shape_differs_by_kind_output_parameters_and_dialect() -> None:
    base = refined(source=0, target=5)
    shapes = {
        ReuseStore.shape_of(base, "networkx"),
        ReuseStore.shape_of(replace(base, directed=False), "networkx"),
        ReuseStore.shape_of(replace(base, weighted=None), "networkx"),
        ReuseStore.shape_of(replace(base, output="path"), "networkx"),
        ReuseStore.shape_of(replace(base, parameters={"node": 0}), "networkx"),
        ReuseStore.shape_of(replace(base, task="shortest_path"), "networkx"),
        ReuseStore.shape_of(base, "neo4j"),
    }
    assert len(shapes) == 7
    # the same shape whatever the values, the question wording or the order of parameters
    same = Plan("other words", "max_flow", {"target": 9, "source": 3}, "number", directed=True, weighted=True)
    assert ReuseStore.shape_of(same, "networkx") == ReuseStore.shape_of(base, "networkx")
    assert all(len(s) <= 100 and "/" not in s for s in shapes)


@pytest.mark.parametrize(
    "content",
    ["{not json", "[]", '{"version": 1}', '{"version": 1, "shape": "x", "code": "a", "parameters": ["source"]}'],
)
def test_corrupt_file_is_ignored_and_logged(tmp_path: Path, content: str, caplog: pytest.LogCaptureFixture) -> None:
    store = ReuseStore(tmp_path)
    question = refined(source=2, target=7)
    (tmp_path / f"{ReuseStore.shape_of(question, 'networkx')}.json").write_text(content)
    with caplog.at_level(logging.WARNING, logger="grraf.pipeline.reuse"):
        assert store.recall(question, "networkx") is None
    assert "reuse: ignoring" in caplog.text
    # a later verified answer overwrites the corrupt file
    assert store.remember(question, "networkx", CODE) is not None
    assert store.recall(question, "networkx") is not None


def test_concurrent_writes_leave_one_complete_file(tmp_path: Path) -> None:
    store = ReuseStore(tmp_path)
    codes = [f"answer = nx.maximum_flow_value(G, 2, 7, capacity='w{i}')\n" for i in range(8)]
    errors: list[BaseException] = []

    def write(code: str) -> None:
        try:
            for _ in range(10):
                assert store.remember(refined(source=2, target=7), "networkx", code) is not None
                assert store.recall(refined(source=2, target=7), "networkx") is not None
        except BaseException as e:  # collected, so a failure in a thread fails the test
            errors.append(e)

    threads = [threading.Thread(target=write, args=(code,)) for code in codes]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors
    files = list(tmp_path.iterdir())
    assert len(files) == 1, files  # no temporary files left behind
    data = json.loads(files[0].read_text())
    assert any(data["code"] == generalise(code, {"source": 2, "target": 7})[0] for code in codes)  # type: ignore[index]


def test_forget(tmp_path: Path) -> None:
    store = ReuseStore(tmp_path)
    store.remember(refined(source=2, target=7), "networkx", CODE)
    store.forget(refined(source=2, target=7), "networkx")
    assert store.recall(refined(source=2, target=7), "networkx") is None
    store.forget(refined(source=2, target=7), "networkx")  # nothing to forget is fine


def run(code: str, graph: nx.Graph) -> object:
    namespace: dict[str, object] = {"G": graph, "nx": nx}
    exec(code, namespace)
    return namespace["answer"]


def flow_graph() -> nx.DiGraph:
    graph = nx.DiGraph()
    graph.add_weighted_edges_from([(1, 2, 3), (1, 3, 2), (2, 4, 2), (3, 4, 3), (2, 3, 1), (4, 5, 4), (3, 5, 1)])
    return graph


@pytest.mark.parametrize(
    ("template", "task", "first", "second"),
    [
        ("max_flow", "max_flow", {"source": 1, "target": 4}, {"source": 1, "target": 5}),
        ("max_flow", "max_flow", {"source": 1, "target": 4}, {"source": 2, "target": 5}),
        ("shortest_path_weight", "shortest_path", {"source": 1, "target": 4}, {"source": 1, "target": 5}),
        ("shortest_path_weight", "shortest_path", {"source": 1, "target": 4}, {"source": 2, "target": 5}),
    ],
)
def test_generalised_code_answers_new_parameters(
    tmp_path: Path, template: str, task: str, first: dict[str, int], second: dict[str, int]
) -> None:
    graph = flow_graph()
    store = ReuseStore(tmp_path)
    code = template_code(template, first)
    assert store.remember(refined(task, **first), "networkx", code) is not None
    reused = store.recall(refined(task, **second), "networkx")
    assert reused is not None
    bound = reused.bind(second)
    assert bound is not None
    expected = (
        nx.maximum_flow_value(graph, second["source"], second["target"], capacity="weight")
        if template == "max_flow"
        else nx.shortest_path_length(graph, second["source"], second["target"], weight="weight")
    )
    assert run(bound, graph) == expected
    assert run(bound, graph) == run(template_code(template, second), graph)
