from __future__ import annotations

from grraf.llm.calls import LLMSession
from grraf.pipeline.refine import output_format_from_text, parse_refine_reply, refine
from grraf.types import Schema
from tests.fakes import scripted

SCHEMA = Schema(text="", node_count=9, edge_count=20, directed=True, weight_property="weight")


def test_refine_combines_llm_facts_with_deterministic_ones():
    reply = "task: Max Flow\noutput: text\nparameters: source=0, target=7\nquestion: Max flow from node 0 to node 7?"
    model = scripted(reply)
    refined = refine("What is the maximum flow from node 0 to node 7?", SCHEMA, LLMSession(model))
    assert refined.task == "max_flow" and refined.directed is True and refined.weighted is True
    assert refined.output_format == "number"  # the words of the question beat the LLM's "text"
    assert refined.parameters == {"source": 0, "target": 7}
    prompt = "\n".join(str(m.content) for m in model.prompts[0])
    assert "directed, edge weights in 'weight', 9 nodes and 20 edges" in prompt


def test_a_rewrite_that_loses_node_ids_is_not_used():
    model = scripted("task: flow\noutput: number\nparameters: none\nquestion: What is the maximum flow?")
    question = "What is the maximum flow from node 3 to node 8?"
    assert refine(question, SCHEMA, LLMSession(model)).question == question


def test_unparseable_reply_still_gives_usable_facts():
    refined = refine("Is there a cycle in this graph?", SCHEMA, LLMSession(scripted("no idea")))
    assert refined.task == "unknown" and refined.output_format == "yes/no"


def test_output_formats():
    assert output_format_from_text("Give one topology sorting path of this graph.") == "list"
    assert output_format_from_text("Is this graph bipartite?") == "yes/no"
    assert output_format_from_text("What is the maximum sum of the weights of three nodes?") == "number"


def test_reply_lines():
    assert parse_refine_reply("- Task: x\nOutput = number") == {"task": "x", "output": "number"}


def test_a_wh_question_is_never_taken_as_yes_no():
    # The 1.5B model's guess for a question whose words do not settle the form.
    model = scripted("task: top node\noutput: yes/no\nparameters: none\nquestion: q")
    question = "What is the node that the most edges point to?"
    assert output_format_from_text(question) is None
    assert refine(question, SCHEMA, LLMSession(model)).output_format == "text"
    still = scripted("task: check\noutput: yes/no\nparameters: none\nquestion: q")
    assert refine("Node 3 reaches every other node?", SCHEMA, LLMSession(still)).output_format == "yes/no"


def test_graph_measures_are_numbers():
    for ask in (
        "What is the radius of this graph?",
        "What is the eccentricity of node 2?",
        "What is the average shortest path length of this graph?",
        "How much does the density change?",
    ):
        assert output_format_from_text(ask) == "number", ask


def test_a_rewrite_that_drops_the_ask_is_not_used():
    # seen with the local model: it echoed the graph sentence and lost "How many bridges ...?"
    model = scripted("task: bridges\noutput: number\nparameters: none\nquestion: The nodes are numbered from 0 to 10.")
    question = "Q: The nodes are numbered from 0 to 10, and the edges are: . How many bridges does this graph have?"
    assert refine(question, SCHEMA, LLMSession(model)).question == "How many bridges does this graph have?"
