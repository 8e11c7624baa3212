"""Framework overhead of one sandboxed attempt: fork + limits + exec + result transfer.

Runs ``answer = 1`` (no algorithm) many times against graphs of two sizes and reports the median
and p95 wall-clock time of :meth:`grraf.sandbox.worker.SandboxWorker.run`, as seen by the caller.

Targets: median <= 50 ms on a 10,000-node graph, <= 200 ms on a 1,000,000-edge graph.

Usage::

    python benchmarks/bench_sandbox_overhead.py            # both sizes, 50 runs each
    python benchmarks/bench_sandbox_overhead.py --runs 100 --skip-large
"""

from __future__ import annotations

import argparse
import logging
import statistics
import time
from dataclasses import dataclass

import networkx as nx

from grraf.sandbox.worker import SandboxWorker

logger = logging.getLogger("bench_sandbox_overhead")


@dataclass(frozen=True)
class Result:
    """Timings of one graph size, in milliseconds."""

    label: str
    nodes: int
    edges: int
    start_ms: float
    median_ms: float
    p95_ms: float
    max_ms: float
    target_ms: float

    def line(self) -> str:
        verdict = "ok" if self.median_ms <= self.target_ms else "OVER TARGET"
        return (
            f"{self.label:>14}: {self.nodes:>9,} nodes {self.edges:>10,} edges | "
            f"worker start {self.start_ms:7.0f} ms | "
            f"median {self.median_ms:6.1f} ms  p95 {self.p95_ms:6.1f} ms  max {self.max_ms:6.1f} ms "
            f"(target {self.target_ms:.0f} ms: {verdict})"
        )


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[index]


def measure(label: str, graph: nx.Graph, runs: int, target_ms: float) -> Result:
    """Start a worker on ``graph`` and time ``runs`` trivial attempts (after two warm-ups)."""
    started = time.perf_counter()
    with SandboxWorker({"G": graph}) as worker:
        start_ms = (time.perf_counter() - started) * 1000
        for _ in range(2):
            worker.run("answer = 1", timeout=30)
        times = []
        for _ in range(runs):
            t0 = time.perf_counter()
            execution = worker.run("answer = 1", timeout=30)
            times.append((time.perf_counter() - t0) * 1000)
            assert execution.value == 1
    return Result(
        label=label,
        nodes=graph.number_of_nodes(),
        edges=graph.number_of_edges(),
        start_ms=start_ms,
        median_ms=statistics.median(times),
        p95_ms=_percentile(times, 0.95),
        max_ms=max(times),
        target_ms=target_ms,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=50)
    parser.add_argument("--skip-large", action="store_true", help="skip the 1,000,000-edge graph")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    small = nx.gnm_random_graph(10_000, 50_000, seed=0)
    logger.info(measure("10k nodes", small, args.runs, target_ms=50).line())
    if not args.skip_large:
        t0 = time.perf_counter()
        large = nx.gnm_random_graph(200_000, 1_000_000, seed=0)
        for u, v, data in large.edges(data=True):
            data["weight"] = (u + v) % 10 + 1
        logger.info("built the 1M-edge graph in %.1f s", time.perf_counter() - t0)
        logger.info(measure("1M edges", large, args.runs, target_ms=200).line())


if __name__ == "__main__":
    main()
