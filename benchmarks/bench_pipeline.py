"""Prompt size and framework overhead of the GRRAF loop, without LLM time.

Runs the real loop (real NetworkX store, real sandbox) with a scripted chat model on a
small and a large graph and reports:

* the prompt tokens of each LLM call for the same question (they must not grow with
  the graph: only the digits of the sizes differ);
* framework overhead: time spent outside the LLM for the first attempt (which starts
  the warm worker) and for each further attempt (fork, guard, run, result transfer).

Tokens are counted with the local model's own tokenizer when it is installed
(``vocab_only`` load, no weights), else estimated as characters / 4.

Usage: python benchmarks/bench_pipeline.py [--edges 100,10000,1000000] [--repeat 5]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

import networkx as nx
import numpy as np
from rich.console import Console
from rich.table import Table

from grraf.agent import GraphQA
from grraf.config import Settings
from grraf.llm.scripted import ScriptedChatModel

QUESTION = "What is the maximum flow from node 0 to node 1?"
PLAN = '{"task": "max_flow", "source": 0, "target": 1}'
TEMPLATE = "```python\ndef solve(G, s, t):\n    return nx.maximum_flow_value(G, s, t, capacity='weight')\n```"
FAIL = "```python\nanswer = 1 / 0\n```"
CHEAP = "```python\nanswer = G.number_of_nodes()\n```"


def random_graph(edges: int, seed: int = 0) -> nx.DiGraph:
    """A sparse weighted digraph with about ``edges`` edges (numpy draws, one add_edges_from)."""
    rng = np.random.default_rng(seed)
    nodes = max(10, edges // 10)
    src = rng.integers(0, nodes, edges)
    dst = rng.integers(0, nodes, edges)
    weights = rng.integers(1, 11, edges)
    graph = nx.DiGraph()
    graph.add_nodes_from(range(nodes))
    graph.add_weighted_edges_from(zip(src.tolist(), dst.tolist(), weights.tolist(), strict=True))
    return graph


def token_counter(settings: Settings) -> tuple[str, Callable[[str], int]]:
    try:
        from llama_cpp import Llama

        from grraf.llm.install import model_path

        llama = Llama(model_path=str(model_path(settings.home)), vocab_only=True, verbose=False)
        return "Qwen2.5 tokenizer", lambda text: len(llama.tokenize(text.encode(), add_bos=False, special=True))
    except Exception:  # the tokenizer is optional here; say which counter was used
        return "characters/4", lambda text: len(text) // 4


def run_once(graph: nx.DiGraph, failures: int, settings: Settings) -> tuple[float, list[str]]:
    """Non-LLM seconds of one question and the text of each prompt sent.

    The LLM-drafted template path is used (``templates=False``) so that the code that runs
    is the scripted one: a verified max-flow template would run a real max flow, which is
    algorithm time, not framework overhead.
    """
    model = ScriptedChatModel(script=[PLAN, TEMPLATE, *([FAIL] * failures), CHEAP])
    qa = GraphQA(chat_model=model, settings=settings.with_(max_retries=failures, templates=False, self_check=False))
    start = time.perf_counter()
    answer = qa.ask(QUESTION, graph=graph)
    total = time.perf_counter() - start
    assert answer.trust == "executed", answer.attempts
    llm_seconds = sum(call.seconds for call in answer.llm_calls)
    prompts = ["\n".join(str(m.content) for m in messages) for messages in model.prompts]
    return total - llm_seconds, prompts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--edges", default="100,10000,1000000")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    settings = Settings.from_env(explain=False, timeout=120.0)
    counter_name, count = token_counter(settings)
    console = Console()
    tokens = Table(title=f"Prompt tokens per LLM call, GRRAF path with an LLM-drafted template ({counter_name})")
    overhead = Table(title="Framework overhead outside the LLM (median of repeats, ms)")
    for table, columns in (
        (tokens, ["edges", "plan", "template", "generate", "total"]),
        (
            overhead,
            [
                "edges",
                "nodes",
                "whole question, 1 attempt (store, schema, worker start, run)",
                "each further attempt (median)",
                "p95",
            ],
        ),
    ):
        for column in columns:
            table.add_column(column, justify="right")
    for edges in [int(x) for x in args.edges.split(",")]:
        graph = random_graph(edges)
        _, prompts = run_once(graph, 0, settings)
        counts = [count(p) for p in prompts]
        tokens.add_row(f"{edges:,}", *map(str, counts), str(sum(counts)))
        singles, multis = [], []
        for _ in range(args.repeat):
            singles.append(run_once(graph, 0, settings)[0])
            multis.append(run_once(graph, 3, settings)[0])
        per_extra = [(m - s) / 3 for m, s in zip(multis, singles, strict=True)]
        overhead.add_row(
            f"{edges:,}",
            f"{graph.number_of_nodes():,}",
            f"{statistics.median(singles) * 1000:.1f}",
            f"{statistics.median(per_extra) * 1000:.1f}",
            f"{sorted(per_extra)[int(0.95 * (len(per_extra) - 1))] * 1000:.1f}",
        )
    console.print(tokens)
    console.print(overhead)


if __name__ == "__main__":
    main()
