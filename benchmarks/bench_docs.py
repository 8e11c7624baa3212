"""Time to index the installed networkx's documentation, and per-query search time.

    python benchmarks/bench_docs.py                 # build once, then time the GraphInstruct queries
    python benchmarks/bench_docs.py --repeat 20

Targets (issue 6): index build < 2 s, a query < 50 ms. ``import networkx`` is timed apart,
because any process that answers with networkx pays it anyway.
"""

from __future__ import annotations

import argparse
import logging
import statistics
import time

QUERIES = [
    "What is the maximum flow from node 0 to node 5?",
    "Is there a cycle in this undirected graph?",
    "Give one topological sort order of the graph.",
    "Is the graph bipartite?",
    "What is the weight of the shortest path from node 2 to node 7?",
    "Is there a hamiltonian path in the graph?",
    "Is G' a subgraph of G? (subgraph monomorphism, DiGraphMatcher)",
    "What is the in-degree of node 4?",
    "What is the diameter of the graph?",
    "Which nodes are in the 3-core (k-core)?",
    "Which node has the largest pagerank?",
    "What is the clustering coefficient of node 1?",
    "What is the size of the maximum matching?",
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=10)
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING)
    log = logging.getLogger("bench_docs")
    log.setLevel(logging.INFO)

    started = time.perf_counter()
    import networkx as nx

    imported = time.perf_counter() - started
    from grraf.pipeline.docs import build_index, search_networkx_docs

    started = time.perf_counter()
    index = build_index()
    built = time.perf_counter() - started
    log.info(
        "networkx %s: import %.3f s; index build %.3f s (%d entries)",
        nx.__version__,
        imported,
        built,
        len(index.entries),
    )

    times = []
    for _ in range(args.repeat):
        for query in QUERIES:
            began = time.perf_counter()
            search_networkx_docs(query, k=3)
            times.append(time.perf_counter() - began)
    ms = sorted(t * 1000 for t in times)
    log.info(
        "query over %d runs: median %.1f ms, p95 %.1f ms, max %.1f ms",
        len(ms),
        statistics.median(ms),
        ms[int(0.95 * (len(ms) - 1))],
        ms[-1],
    )


if __name__ == "__main__":
    main()
