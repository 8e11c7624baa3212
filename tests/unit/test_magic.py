"""The %grraf / %%grraf magics in a real IPython shell, with scripted chat models."""

from __future__ import annotations

from typing import Any

import networkx as nx
import pytest
from IPython.core.error import UsageError
from IPython.testing.globalipapp import start_ipython

from grraf import magic
from grraf.magic import GrrafMagics, parse_magic_line
from grraf.types import Answer
from tests.fakes import fenced, plan_reply, scripted

QUESTION = "What is the maximum flow from node 0 to node 2? The edges are: (0->1,3) (1->2,2) (0->2,1)."
PLAN = plan_reply("max_flow", source=0, target=2)
TEMPLATE = fenced("def solve(G, s, t):\n    return nx.maximum_flow_value(G, s, t, capacity='weight')")
CODE = "answer = nx.maximum_flow_value(G, 0, 2, capacity='weight')"


@pytest.fixture(scope="module")
def ip() -> Any:
    shell = start_ipython()
    shell.run_line_magic("load_ext", "grraf.magic")
    return shell


@pytest.fixture
def magics(ip: Any, settings) -> GrrafMagics:
    instance = ip.magics_manager.registry["GrrafMagics"]
    instance.settings = settings
    instance.chat_model = None
    instance._models.clear()
    yield instance
    instance.chat_model = None
    instance.settings = None


class RecordingQA:
    """Stands in for GraphQA: records how the magic built it and what it asked."""

    made: list[RecordingQA] = []

    def __init__(self, store: Any = None, **kwargs: Any) -> None:
        self.store, self.kwargs, self.closed = store, kwargs, False
        self.asked: tuple[str, Any] | None = None
        RecordingQA.made.append(self)

    def ask(self, question: str, *, graph: Any = None) -> Answer:
        self.asked = (question, graph)
        return Answer(question, "7", 7, True, (), (), 0.1, "fake")

    def close(self) -> None:
        self.closed = True


@pytest.fixture
def recording(monkeypatch: pytest.MonkeyPatch) -> type[RecordingQA]:
    RecordingQA.made = []
    monkeypatch.setattr(magic, "GraphQA", RecordingQA)
    return RecordingQA


def test_line_options_come_first_and_the_rest_is_the_question_verbatim() -> None:
    options, question = parse_magic_line("--graph=g --no-explain --backend auto Isn't 'it' a \"path\"?", cell=False)
    assert (options.graph, options.no_explain, options.backend) == ("g", True, "auto")
    assert question == "Isn't 'it' a \"path\"?"
    options, question = parse_magic_line("--model openai:gpt-4o-mini --timeout 9 --max-retries 1", cell=True)
    assert (options.model, options.timeout, options.max_retries, question) == ("openai:gpt-4o-mini", 9.0, 1, "")


def test_bad_options_are_a_usage_error_not_a_kernel_exit() -> None:
    with pytest.raises(UsageError, match="invalid choice"):
        parse_magic_line("--backend gremlin", cell=True)
    with pytest.raises(UsageError, match="unrecognized"):
        parse_magic_line("--frobnicate", cell=True)


def test_line_magic_answers_with_the_graph_in_the_question(ip: Any, magics: GrrafMagics) -> None:
    magics.chat_model = scripted(PLAN, TEMPLATE, fenced(CODE))
    answer = ip.run_line_magic("grraf", QUESTION)
    assert isinstance(answer, Answer)
    # The unit-test settings keep the template library out, so the LLM's own code answers.
    assert answer.trust == "executed" and answer.value == 3 and answer.code == CODE


def test_cell_magic_uses_a_graph_from_the_namespace(ip: Any, magics: GrrafMagics, recording) -> None:
    magics.chat_model = model = scripted()
    g = nx.path_graph(3)
    ip.user_ns["my_graph"] = g
    answer = ip.run_cell_magic(
        "grraf", "--graph my_graph --backend cypher --no-explain", "How many\nnodes are there?\n"
    )
    assert answer.value == 7
    qa = recording.made[-1]
    assert qa.asked == ("How many nodes are there?", g)
    assert qa.store is None and qa.kwargs["backend"] == "cypher" and qa.closed and qa.kwargs["chat_model"] is model
    assert qa.kwargs["settings"].explain is False


def test_a_dict_of_graphs_becomes_a_networkx_store(ip: Any, magics: GrrafMagics, recording) -> None:
    magics.chat_model = scripted()
    ip.user_ns["pair"] = {"G": nx.path_graph(4, nx.DiGraph), "G_prime": nx.path_graph(2, nx.DiGraph)}
    ip.run_line_magic("grraf", "--graph pair Is G_prime a substructure of G?")
    store = recording.made[-1].store
    assert store is not None and store.name == "networkx"
    assert "G_prime" in store.schema().text


def test_the_chat_model_is_made_once_per_model_spec(
    ip: Any, magics: GrrafMagics, recording, monkeypatch: pytest.MonkeyPatch
) -> None:
    made: list[str | None] = []

    def fake_factory(settings: Any) -> str:
        made.append(settings.model)
        return f"model:{settings.model}"

    monkeypatch.setattr("grraf.llm.factory.make_chat_model", fake_factory)
    ip.run_line_magic("grraf", "q1 (0,1)")
    ip.run_line_magic("grraf", "q2 (0,1)")
    ip.run_line_magic("grraf", "--model openai:x q3 (0,1)")
    assert made == ["scripted", "openai:x"]
    assert [qa.kwargs["chat_model"] for qa in recording.made] == ["model:scripted", "model:scripted", "model:openai:x"]


def test_missing_or_wrong_variable_is_a_usage_error(ip: Any, magics: GrrafMagics) -> None:
    ip.user_ns["not_a_graph"] = [1, 2]
    with pytest.raises(UsageError, match="no variable named 'nope'"):
        ip.run_line_magic("grraf", "--graph nope How many nodes?")
    with pytest.raises(UsageError, match="not a networkx graph"):
        ip.run_line_magic("grraf", "--graph not_a_graph How many nodes?")
    with pytest.raises(UsageError, match="no question"):
        ip.run_cell_magic("grraf", "", "   \n")


def test_grraf_errors_become_one_line_usage_errors(ip: Any, magics: GrrafMagics) -> None:
    magics.chat_model = scripted()
    with pytest.raises(UsageError, match="^grraf: question text: no graph to answer about"):
        ip.run_line_magic("grraf", "How many nodes does it have?")


def test_load_ipython_extension_registers_both_forms(ip: Any) -> None:
    assert "grraf" in ip.magics_manager.magics["line"] and "grraf" in ip.magics_manager.magics["cell"]


def test_load_ext_grraf_registers_the_magics(ip: Any) -> None:
    import grraf

    if not hasattr(grraf, "load_ipython_extension"):
        pytest.skip("grraf/__init__.py does not define load_ipython_extension yet")
    grraf.load_ipython_extension(ip)  # what `%load_ext grraf` calls; registering again is harmless
    assert isinstance(ip.magics_manager.registry["GrrafMagics"], GrrafMagics)
