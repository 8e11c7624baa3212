"""The raw-model baselines of GRRAF's tables, run on the same questions in the same run as grraf.

* ``direct``: the whole question to the LLM (:func:`grraf.agent.answer_directly`). A question
  whose graph is given separately (the free-phrasing set) gets the graph appended as text, an
  edge list (:func:`graph_as_text`): the model cannot see it otherwise.
* ``code-once``: the model is told that ``G`` is a loaded NetworkX graph (the store's schema:
  directed or not, size, attribute names such as ``weight``) and writes Python that sets
  ``answer``. One attempt, run through the agent's own guard and sandbox
  (:class:`~grraf.stores.networkx.NetworkXStore`), with no refine, no templates, no
  documentation, no self-check and no fallback.
* ``code-feedback``: the same with up to ``n = Settings.max_retries`` rounds of error feedback:
  the code and its error go back to the model, which writes the code again.

Prompts are data files (``grraf/prompts/baseline_code.yaml``, ``baseline_feedback.yaml``).
"""

from __future__ import annotations

import logging
import time
from typing import Any

import networkx as nx
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage

from grraf.config import Settings
from grraf.errors import CodeError
from grraf.llm.calls import LLMSession
from grraf.pipeline.extract import extract_code
from grraf.prompts import load_prompt
from grraf.stores.networkx import NetworkXStore, edge_list_text
from grraf.types import Answer, Attempt

logger = logging.getLogger(__name__)

#: Baseline name -> feedback rounds it gets (None: ``Settings.max_retries``).
CODE_BASELINES: dict[str, int | None] = {"code-once": 0, "code-feedback": None}


def graph_as_text(graph: nx.Graph) -> str:
    """A graph as the text a user would paste: kind, nodes, node weights, then the edge list.

    >>> g = nx.DiGraph(); g.add_edge(0, 1, weight=3); g.add_node(2)
    >>> print(graph_as_text(g))
    The graph is directed, with 3 nodes numbered 0 to 2 and 1 edge; (u->v,w) is an edge from u to v with weight w.
    Edges: (0->1,3)
    isolated nodes: 2
    >>> h = nx.Graph([(0, 1), (1, 2), (0, 2)]); nx.set_node_attributes(h, {0: 4, 1: 5, 2: 6}, "weight")
    >>> print(graph_as_text(h))
    The graph is undirected, with 3 nodes numbered 0 to 2 and 3 edges; (u,v) is an edge between u and v.
    Node weights, as [node, weight]: [0, 4] [1, 5] [2, 6]
    Edges: (0,1) (0,2) (1,2)
    """
    directed = graph.is_directed()
    weighted = any("weight" in data for _, _, data in graph.edges(data=True))
    n, m = graph.number_of_nodes(), graph.number_of_edges()
    nodes = sorted(graph.nodes(), key=repr)
    numbered = set(graph.nodes()) == set(range(n))
    naming = f"numbered 0 to {n - 1}" if numbered and n else "named " + ", ".join(map(str, nodes))
    arrow = "->" if directed else ","
    notation = f"(u{arrow}v{',w' if weighted else ''}) is an edge " + ("from u to v" if directed else "between u and v")
    notation += " with weight w." if weighted else "."
    lines = [
        f"The graph is {'directed' if directed else 'undirected'}, with {n} node{'s' * (n != 1)} {naming} "
        f"and {m} edge{'s' * (m != 1)}; {notation}"
    ]
    node_weights = nx.get_node_attributes(graph, "weight")
    if node_weights:
        shown = " ".join(str([v, node_weights[v]]) for v in nodes if v in node_weights)
        lines.append(f"Node weights, as [node, weight]: {shown}")
    lines.append("Edges: " + edge_list_text(graph))
    return "\n".join(lines)


def direct_text(question: str, graph: nx.Graph | None) -> str:
    """The text the direct baseline gets: the question, and the graph when it is not in the question."""
    return question if graph is None else f"{question}\n\n{graph_as_text(graph)}"


def solve_with_code(
    question: str,
    graph: nx.Graph,
    *,
    chat_model: BaseChatModel,
    settings: Settings,
    rounds: int,
    method: str = "code",
) -> Answer:
    """The raw model writes Python for ``question`` on ``graph``; up to ``rounds`` rounds of feedback.

    Args:
        question: the question as asked.
        graph: the graph, loaded as ``G`` in the sandbox.
        chat_model: the LangChain chat model (shared with the other methods).
        settings: supplies the time-out per attempt and the sandbox's memory limit.
        rounds: feedback rounds after the first attempt (0 = code-once).
        method: name for the trace (the stage of each LLM call).

    Returns:
        An :class:`Answer` with trust ``executed`` and the executed value when an attempt ran;
        otherwise no value and an empty answer (there is no fallback), trust ``fallback`` and a
        ``fallback_reason`` saying that no attempt ran.

    Raises:
        LLMError, SandboxError: infrastructure failures (the run records them as crashed rows).
    """
    started = time.perf_counter()
    session = LLMSession(chat_model)
    attempts: list[Attempt] = []
    with NetworkXStore({"G": graph}, settings=settings) as store:
        base = load_prompt("baseline_code").render(question=question, graph=store.schema().text)
        messages: list[BaseMessage] = list(base)
        for round_ in range(rounds + 1):
            reply = session.chat(method if round_ == 0 else f"{method}-feedback", messages)
            attempt_started = time.perf_counter()
            code: str | None = None
            try:
                code = extract_code(reply, "python")
                store.check(code)
                execution = store.execute(code, settings.timeout)
            except CodeError as e:
                seconds = time.perf_counter() - attempt_started
                attempts.append(Attempt(code=code or reply, status=e.status, error=str(e), seconds=seconds))
                logger.info("%s attempt %d failed: %s", method, round_ + 1, e)
                # Only the latest attempt stays: the question, the code (or the reply that had none), its error.
                said = AIMessage(f"```python\n{code}\n```" if code is not None else reply)
                messages = [*base, said, *load_prompt("baseline_feedback").render(error=str(e))]
                continue
            attempts.append(Attempt(code=code, status="ok", error=None, seconds=execution.seconds))
            return Answer(
                question=question,
                answer=_value_text(execution.value),
                value=execution.value,
                trust="executed",
                attempts=tuple(attempts),
                llm_calls=tuple(session.calls),
                seconds=time.perf_counter() - started,
                backend="networkx",
                code=code,
            )
    return Answer(
        question=question,
        answer="",
        value=None,
        trust="fallback",
        attempts=tuple(attempts),
        llm_calls=tuple(session.calls),
        seconds=time.perf_counter() - started,
        backend="networkx",
        code=attempts[-1].code if attempts else None,
        fallback_reason=f"no attempt ran ({len(attempts)} tried); the baseline has no fallback",
    )


def _value_text(value: Any) -> str:
    """The executed value as the answer text.

    >>> _value_text(True), _value_text(3.0), _value_text([2, 0, 1])
    ('Yes', '3', '[2, 0, 1]')
    """
    if isinstance(value, bool):
        return "Yes" if value else "No"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)
