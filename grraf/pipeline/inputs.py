"""Where the graph comes from: given separately, written in the question, or in a format we do not know.

Known formats are parsed deterministically (grraf.parse). For an unknown format the LLM
writes a parser that runs in the sandbox over the whole text, and its result is checked
against the counts the text states before it is used.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

import networkx as nx

from grraf.config import Settings
from grraf.errors import CodeError, GraphInputError
from grraf.llm.calls import LLMSession
from grraf.pipeline.extract import extract_code
from grraf.prompts import load_prompt

logger = logging.getLogger(__name__)

EXCERPT_CHARS = 1200
PARSER_TIMEOUT = 60.0


@dataclass(frozen=True)
class GraphInput:
    """The question as the LLM may see it (no graph text) and the graphs by variable name."""

    question: str
    graphs: dict[str, nx.Graph]
    source: str


def bounded(question: str, limit: int = 1500) -> str:
    """The question cut to ``limit`` characters, keeping its start and its end (where the ask is).

    >>> bounded("a" * 10, limit=20)
    'aaaaaaaaaa'
    >>> len(bounded("x" * 5000, limit=100)) < 140
    True
    """
    if len(question) <= limit:
        return question
    head = limit // 3
    return question[:head] + " [... graph text left out ...] " + question[-(limit - head) :]


def resolve_graphs(question: str, graph: nx.Graph | None, llm: LLMSession, settings: Settings) -> GraphInput:
    """Find the graph(s) a question is about.

    Raises:
        GraphInputError: no graph was given or found, or the LLM-written parser's graph
            does not match the counts the text states.
    """
    from grraf.parse.graphtext import looks_like_graph, parse_pattern, parse_question

    if graph is not None:
        # A small pattern written in the question ("the motif a→b, b→c") is the second graph G'.
        pattern = parse_pattern(question)
        graphs = {"G": graph, "G_prime": pattern} if pattern is not None else {"G": graph}
        return GraphInput(question=question, graphs=graphs, source="argument")
    parsed = parse_question(question)
    if parsed is not None:
        return GraphInput(question=parsed.question, graphs=dict(parsed.graphs), source=parsed.format)
    if looks_like_graph(question):
        return _parse_with_llm(question, llm, settings)
    raise GraphInputError(
        "no graph to answer about",
        source="question text",
        expected="a graph file (--graph FILE), a stored graph (--store ... --graph-name NAME), "
        "or edges written in the question such as (0,1) (1,2)",
    )


def second_graph(question: str) -> tuple[str, dict[str, nx.Graph]]:
    """For a question asked of a store (which holds the graph G): the second graph the question
    writes (a subgraph question's G', as an edge list or a pattern such as ``a→b, b→c``) as
    ``{"G_prime": graph}``, and the question with the written graphs replaced by short mentions;
    the question unchanged and ``{}`` when it writes none.

    >>> asked, graphs = second_graph("Does the pattern a→b, b→c occur in the graph?")
    >>> sorted(graphs["G_prime"].edges())
    [('a', 'b'), ('b', 'c')]
    >>> second_graph("Who directed The Matrix?")
    ('Who directed The Matrix?', {})
    """
    from grraf.parse.graphtext import parse_pattern, parse_question

    parsed = parse_question(question)
    if parsed is not None and "G_prime" in parsed.graphs:
        return parsed.question, {"G_prime": parsed.graphs["G_prime"]}
    if parsed is None:
        pattern = parse_pattern(question)
        if pattern is not None:
            return question, {"G_prime": pattern}
    return question, {}


def _parse_with_llm(question: str, llm: LLMSession, settings: Settings) -> GraphInput:
    from grraf.parse.graphtext import stated_counts, verify_parsed
    from grraf.sandbox.worker import SandboxWorker

    messages = load_prompt("parse_unknown").render(excerpt=question[:EXCERPT_CHARS])
    reply = llm.chat("parse", messages)
    try:
        code = extract_code(reply, "python")
        with SandboxWorker({"text": question}, memory_limit_mb=settings.memory_limit_mb) as worker:
            worker_result = worker.run(code, min(PARSER_TIMEOUT, settings.timeout))
    except CodeError as e:
        raise GraphInputError(
            f"the graph is in a format grraf does not know, and the parser the LLM wrote failed: {e}",
            source="question text",
        ) from e
    graph = _graph_from_parser_output(worker_result.value)
    nodes, edges = stated_counts(question)
    verify_parsed(graph, expected_nodes=nodes, expected_edges=edges)
    logger.info("LLM-written parser read %d nodes, %d edges", graph.number_of_nodes(), graph.number_of_edges())
    return GraphInput(question=without_graph_text(question, graph), graphs={"G": graph}, source="llm-parser")


def without_graph_text(question: str, graph: nx.Graph) -> str:
    """The question with the sentences that described the graph replaced by a short placeholder,
    so the graph is never pasted into a later prompt (as for the formats grraf parses itself).

    >>> g = nx.DiGraph([(0, 4), (4, 2)])
    >>> without_graph_text("Node 0 comes before node 4. Node 4 comes before node 2. Give an order.", g)
    '[graph G: 3 nodes, 2 edges] Give an order.'
    """
    from grraf.parse.graphtext import prose_graph_sentences

    kept = question
    for sentence in prose_graph_sentences(question):
        kept = kept.replace(sentence, "", 1)
    placeholder = f"[graph G: {graph.number_of_nodes()} nodes, {graph.number_of_edges()} edges]"
    return bounded(f"{placeholder} {' '.join(kept.split())}")


def _graph_from_parser_output(value: object) -> nx.Graph:
    """Build the graph from ``{"directed", "nodes", "edges"}``; anything else is a clear error."""
    if not isinstance(value, dict) or "edges" not in value:
        raise GraphInputError(
            "the LLM-written parser returned no graph",
            source="question text",
            expected='{"directed": bool, "nodes": [...], "edges": [[u, v, (weight)], ...]}',
            found=repr(value)[:80],
        )
    graph: nx.Graph = nx.DiGraph() if value.get("directed") else nx.Graph()
    graph.add_nodes_from(value.get("nodes") or [])
    for edge in value["edges"]:
        if not isinstance(edge, (list, tuple)) or len(edge) not in (2, 3):
            raise GraphInputError(
                "the LLM-written parser returned a malformed edge", source="question text", found=repr(edge)
            )
        if len(edge) == 3:
            graph.add_edge(edge[0], edge[1], weight=edge[2])
        else:
            graph.add_edge(edge[0], edge[1])
    if graph.number_of_edges() == 0 and graph.number_of_nodes() == 0:
        raise GraphInputError("the LLM-written parser found an empty graph", source="question text")
    return graph
