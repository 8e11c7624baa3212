"""Where the graph comes from, including a format grraf does not know (LLM-written parser)."""

from __future__ import annotations

import pytest

from grraf.errors import GraphInputError
from grraf.llm.calls import LLMSession
from grraf.pipeline.inputs import resolve_graphs
from tests.fakes import fenced, scripted

UNKNOWN = "Here is a graph with 4 nodes and 3 edges: 0-1; 1-2; 2-3. Is there a cycle in this graph?"
PARSER = """import re
pairs = re.findall(r"(\\d+)-(\\d+)", text)
edges = [[int(a), int(b)] for a, b in pairs]
nodes = sorted({n for e in edges for n in e})
answer = {"directed": False, "nodes": nodes, "edges": edges}"""


def test_known_format_is_parsed_without_the_llm(settings):
    model = scripted()
    given = resolve_graphs("Is there a cycle? The edges are: (0,1) (1,2) (2,0).", None, LLMSession(model), settings)
    assert given.graphs["G"].number_of_edges() == 3 and model.prompts == []
    assert "(0,1)" not in given.question


def test_unknown_format_is_parsed_by_llm_code_in_the_sandbox_and_checked(settings):
    model = scripted(fenced(PARSER))
    given = resolve_graphs(UNKNOWN, None, LLMSession(model), settings)
    graph = given.graphs["G"]
    assert given.source == "llm-parser"
    assert sorted(graph.edges) == [(0, 1), (1, 2), (2, 3)] and not graph.is_directed()


def test_llm_parser_result_must_match_the_stated_counts(settings):
    wrong = PARSER.replace("edges = [", "edges = [[0, 3]] + [")
    with pytest.raises(GraphInputError, match="edges"):
        resolve_graphs(UNKNOWN, None, LLMSession(scripted(fenced(wrong))), settings)


def test_llm_parser_that_escapes_is_refused(settings):
    escape = "import os\nanswer = os.listdir('/')"
    with pytest.raises(GraphInputError, match="parser the LLM wrote failed"):
        resolve_graphs(UNKNOWN, None, LLMSession(scripted(fenced(escape))), settings)


def test_no_graph_at_all_says_how_to_give_one(settings):
    with pytest.raises(GraphInputError, match="--graph FILE"):
        resolve_graphs("What is the capital of France?", None, LLMSession(scripted()), settings)
