from __future__ import annotations

from grraf.llm.calls import LLMSession
from grraf.pipeline.generate import CodeWriter, call_for_function, python_call
from grraf.pipeline.template import TemplateChoice
from grraf.types import Plan, Schema
from tests.fakes import fenced, scripted

SCHEMA = Schema(text="G: DiGraph, 5 nodes", node_count=5, edge_count=4, directed=True)
TEMPLATE = TemplateChoice(
    code="def solve(G, source, target):\n    return 1",
    origin="retrieved",
    name="max_flow",
    parameters=("source", "target"),
)


def test_call_binds_aliases_and_second_graph():
    assert call_for_function("def f(graph, src, sink):\n    return 1", {"source": 1, "target": 2}) == (
        "answer = f(G, src=1, sink=2)"
    )
    assert call_for_function("def solve(G, G_prime):\n    return 1", {}) == "answer = solve(G, G_prime=G_prime)"
    assert call_for_function("def solve(G, node, k=2):\n    return 1", {"node": "a"}) == "answer = solve(G, node='a')"


def test_call_refuses_what_it_cannot_bind():
    assert call_for_function("def solve(G, task):\n    return 1", {}) is None
    assert call_for_function("x = 1", {}) is None
    assert call_for_function("def f(G):\n    return 1\nanswer = f(G)", {}) is None
    assert call_for_function("def f(G:", {}) is None


def test_retrieved_template_binds_without_the_llm():
    plan = Plan(question="q", output="number", parameters={"source": 0, "target": 7})
    writer = CodeWriter.start(plan, TEMPLATE, SCHEMA, "python", "networkx")
    model = scripted()  # no replies: binding must not call the LLM
    from grraf.llm.calls import LLMSession

    code = writer.write(LLMSession(model))
    assert code.endswith("answer = solve(G, source=0, target=7)\n") and code.startswith("def solve")
    assert model.prompts == []


def test_retrieved_template_with_missing_parameters_asks_the_llm_for_the_call():
    from grraf.llm.calls import LLMSession

    plan = Plan(question="q", output="number", parameters={"source": 0})
    writer = CodeWriter.start(plan, TEMPLATE, SCHEMA, "python", "networkx")
    model = scripted("```python\nanswer = solve(G, 0, 7)\n```")
    code = writer.write(LLMSession(model))
    assert code == "def solve(G, source, target):\n    return 1\n\nanswer = solve(G, 0, 7)"
    assert "verified function is already defined" in "\n".join(str(m.content) for m in model.prompts[0])


def test_repeated_code_is_not_returned_to_run_again():
    import pytest

    from grraf.errors import CodeFailed, CodeRepeated
    from grraf.llm.calls import LLMSession

    plan = Plan(question="q", output="number")
    writer = CodeWriter.start(plan, TemplateChoice("", "none"), SCHEMA, "python", "networkx", seed=7)
    model = scripted("```python\nanswer = 1/0\n```", "```python\nanswer = 1/0\n\n```", "```python\nanswer = 2\n```")
    llm = LLMSession(model)
    writer.write(llm)
    writer.feedback(CodeFailed("ZeroDivisionError"), "5 nodes")
    with pytest.raises(CodeRepeated) as repeated:
        writer.write(llm, "feedback")  # the same code up to blank lines
    assert repeated.value.code.strip() == "answer = 1/0" and writer.repeats == 1
    writer.feedback(repeated.value, "5 nodes")
    assert writer.write(llm, "feedback") == "answer = 2"
    assert model.call_kwargs[2] == {"temperature": 0.8, "seed": 8}
    # asked from the first prompt again, with the error in words and no code to copy
    restart = [str(m.content) for m in model.prompts[2]]
    assert restart[:-1] == [str(m.content) for m in model.prompts[0]]
    assert "ZeroDivisionError" in restart[-1] and "1/0" not in "".join(restart)


def test_python_call_requires_every_parameter():
    assert python_call(TEMPLATE, {"source": 0}) is None


def written_from_draft(reply: str, question: str, task: str, parameters: dict[str, object]) -> str:
    """The code a writer on an LLM-drafted template makes of one model reply."""
    plan = Plan(question, task, dict(parameters), "number", directed=False, weighted=False)
    writer = CodeWriter.start(plan, TemplateChoice("def solve(G): ...", "drafted"), SCHEMA, "python", "networkx")
    return writer.write(LLMSession(scripted(fenced(reply))))


def test_node_ids_the_model_made_up_are_dropped_from_the_call():
    # seen with the local model on "What is the radius of this graph?"
    drafted = (
        "import networkx as nx\n\ndef solve(G, source=None, target=None):\n"
        "    if source is None and target is None:\n        return nx.radius(G)\n"
        "    return nx.shortest_path_length(G, source, target)\n\nanswer = solve(G, 0, 5)\nprint(answer)\n"
    )
    code = written_from_draft(drafted, "What is the radius?", "radius", {})
    assert "answer = solve(G)\n" in code and "solve(G, 0, 5)" not in code and code.rstrip().endswith("print(answer)")


def test_stated_values_in_the_call_are_kept():
    code = "def solve(G, node):\n    return G.degree(node)\n\nanswer = solve(G, 4)\n"
    assert written_from_draft(code, "Degree of node 4?", "degree", {"node": 4}).strip() == code.strip()


def test_a_stand_in_graph_built_below_the_function_is_dropped():
    # seen with the local model on "How many articulation points does this graph have?"
    drafted = (
        "import networkx as nx\n\ndef solve(G):\n    return len(list(nx.articulation_points(G)))\n\n"
        "G = networkx.Graph()\nG.add_edges_from([(0, 1), (0, 2), (1, 2)])\nanswer = solve(G)\nprint(answer)\n"
    )
    code = written_from_draft(drafted, "How many articulation points?", "articulation_points", {})
    assert "networkx.Graph()" not in code and "add_edges_from" not in code
    assert "def solve(G):" in code and "answer = solve(G)" in code


def test_a_stated_node_passed_into_the_wrong_parameter_is_bound_by_name():
    # seen with the local model on "What is the eccentricity of node 8?"
    drafted = (
        "import networkx as nx\n\ndef solve(G, source=None, target=None, node=None):\n"
        "    if source is not None and target is not None:\n        return nx.eccentricity(G, source, target)\n"
        "    elif node is not None:\n        return nx.eccentricity(G, node)\n    return nx.eccentricity(G)\n\n"
        "answer = solve(G, 8)\n"
    )
    code = written_from_draft(drafted, "What is the eccentricity of node 8?", "eccentricity", {"node": 8})
    assert "answer = solve(G, node=8)" in code and "solve(G, 8)" not in code


def test_feedback_says_what_the_networkx_call_behind_the_failing_line_returns():
    # seen with the local model on a diameter question: the iterator indexed like a dict, three times
    from grraf.errors import CodeFailed

    code = "import networkx as nx\n\nlengths = nx.all_pairs_shortest_path_length(G)\nanswer = max(lengths.values())\n"
    plan = Plan(question="How far apart are the two farthest nodes?", output="number")
    writer = CodeWriter.start(plan, TemplateChoice("", "none"), SCHEMA, "python", "networkx")
    writer.write(LLMSession(scripted(fenced(code))))
    error = "AttributeError: 'generator' object has no attribute 'values' (line 4: `answer = max(lengths.values())`)"
    writer.feedback(CodeFailed(error), "5 nodes")
    told = str(writer.messages[-1].content)
    assert error in told
    assert "nx.all_pairs_shortest_path_length returns (an iterator: wrap it in list(), or in dict()" in told
    assert "(source, dictionary) iterator" in told


def test_feedback_adds_no_note_for_networkx_own_errors_or_lines_without_networkx():
    from grraf.errors import CodeFailed

    plan = Plan(question="q", output="number")
    for code, error in (
        ("import networkx as nx\nanswer = nx.diameter(G)\n", "NetworkXError: graph is not connected (line 2: `x`)"),
        ("import networkx as nx\nanswer = [1][3]\n", "IndexError: list index out of range (line 2: `x`)"),
    ):
        writer = CodeWriter.start(plan, TemplateChoice("", "none"), SCHEMA, "python", "networkx")
        writer.write(LLMSession(scripted(fenced(code))))
        writer.feedback(CodeFailed(error), "5 nodes")
        assert "from their documentation" not in str(writer.messages[-1].content)
