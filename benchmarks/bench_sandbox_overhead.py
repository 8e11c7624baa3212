"""Overhead of the jailed sandbox: per attempt, per worker start, and per Cypher query on ladybug.

Per attempt: ``answer = 1`` (no algorithm) through :meth:`grraf.sandbox.worker.SandboxWorker.run`, as
seen by the caller: request over the pipe, fork of the warm worker, limits, seccomp allowlist and
listener hand-over, exec, result frame, verdict, reply. Targets: median <= 50 ms on 10,000 nodes /
50,000 edges, <= 200 ms on 200,000 nodes / 1,000,000 edges.

Worker start: from ``SandboxWorker(...)`` to ready: pickling the graph (grraf's side), bubblewrap,
a fresh interpreter importing networkx/numpy/scipy, unpickling and freezing the graph read-only,
and one self-test attempt. It is paid once per store (per question in the CLI), not per attempt.

Usage::

    python benchmarks/bench_sandbox_overhead.py                     # both sizes, 100 attempts each
    python benchmarks/bench_sandbox_overhead.py --runs 50 --skip-large --starts 3
"""

from __future__ import annotations

import argparse
import logging
import os
import pickle
import platform
import statistics
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import networkx as nx

import grraf
from grraf.config import Settings
from grraf.sandbox.worker import SandboxWorker
from grraf.stores.ladybug import LadybugStore

logger = logging.getLogger("bench_sandbox_overhead")


@dataclass(frozen=True)
class Timings:
    """Milliseconds of ``n`` runs."""

    values: tuple[float, ...]

    @property
    def n(self) -> int:
        return len(self.values)

    def pct(self, q: float) -> float:
        ordered = sorted(self.values)
        return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]

    def row(self) -> str:
        return (
            f"n={self.n} median {statistics.median(self.values):.1f} ms, "
            f"IQR {self.pct(0.25):.1f}–{self.pct(0.75):.1f}, "
            f"p95 {self.pct(0.95):.1f}, min {min(self.values):.1f}, max {max(self.values):.1f}"
        )


def _ms(start: float) -> float:
    return (time.perf_counter() - start) * 1000


def attempts(graph: nx.Graph, runs: int) -> tuple[Timings, float, float, dict[str, float]]:
    """Per-attempt times, (ms) pickling the graph and starting the worker, and the worker's own
    start timings (seconds: preload, load, freeze, self_test), for one worker."""
    t0 = time.perf_counter()
    pickle.dumps({"G": graph}, protocol=pickle.HIGHEST_PROTOCOL)
    pickle_ms = _ms(t0)
    t0 = time.perf_counter()
    with SandboxWorker({"G": graph, "nx": nx}) as worker:
        start_ms = _ms(t0)
        inside = worker.start_timings
        for _ in range(3):  # warm-up
            worker.run("answer = 1", timeout=60)
        times = []
        for _ in range(runs):
            t1 = time.perf_counter()
            execution = worker.run("answer = 1", timeout=60)
            times.append(_ms(t1))
            assert execution.value == 1
    return Timings(tuple(times)), pickle_ms, start_ms, inside


def starts(graph: nx.Graph, count: int) -> Timings:
    """Worker start times (ms)."""
    times = []
    for _ in range(count):
        t0 = time.perf_counter()
        with SandboxWorker({"G": graph, "nx": nx}) as worker:
            times.append(_ms(t0))
            assert worker.run("answer = 1", timeout=60).value == 1
    return Timings(tuple(times))


def ladybug(graph: nx.Graph, runs: int) -> tuple[Timings, Timings]:
    """(jail start incl. the first query, per-query) times of the Cypher sandbox on ``graph``."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "g.lbug"
        LadybugStore.from_networkx({"G": graph}, path=path).close()
        start_times, query_times = [], []
        for _ in range(3):
            with LadybugStore(path, settings=Settings(memory_limit_mb=1024)) as store:
                t0 = time.perf_counter()
                store.execute("RETURN 1", 30)
                start_times.append(_ms(t0))
                for _ in range(runs):
                    t1 = time.perf_counter()
                    assert store.execute("RETURN 1", 30).value == 1
                    query_times.append(_ms(t1))
    return Timings(tuple(start_times)), Timings(tuple(query_times))


def _graph(nodes: int, edges: int) -> nx.Graph:
    graph = nx.gnm_random_graph(nodes, edges, seed=0)
    for u, v, data in graph.edges(data=True):
        data["weight"] = (u + v) % 10 + 1
    return graph


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=100, help="attempts (and queries) per graph")
    parser.add_argument("--starts", type=int, default=5, help="extra worker starts on the small graph")
    parser.add_argument("--skip-large", action="store_true", help="skip the 1,000,000-edge graph")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    logger.info(
        "machine: %s, %d CPUs, Python %s, networkx %s, grraf from %s, load average %s",
        platform.platform(),
        os.cpu_count(),
        platform.python_version(),
        nx.__version__,
        Path(grraf.__file__).parent,
        " ".join(f"{x:.1f}" for x in os.getloadavg()),
    )
    sizes = [("10k nodes / 50k edges", 10_000, 50_000, 50.0)]
    if not args.skip_large:
        sizes.append(("200k nodes / 1M edges", 200_000, 1_000_000, 200.0))
    for label, nodes, edges, target in sizes:
        graph = _graph(nodes, edges)
        times, pickle_ms, start_ms, inside = attempts(graph, args.runs)
        verdict = "ok" if statistics.median(times.values) <= target else "OVER TARGET"
        logger.info("attempt overhead, %s: %s (target %.0f ms: %s)", label, times.row(), target, verdict)
        logger.info(
            "worker start, %s: %.0f ms (pickling the graph %.0f ms; inside the jail: %s)",
            label,
            start_ms,
            pickle_ms,
            ", ".join(f"{k} {v * 1000:.0f} ms" for k, v in inside.items()),
        )
        if nodes == 10_000 and args.starts:
            logger.info("worker start, %s, repeated: %s", label, starts(graph, args.starts).row())
    start, query = ladybug(_graph(10_000, 50_000), args.runs)
    logger.info("ladybug jail start + first query, 10k nodes / 50k edges: %s", start.row())
    logger.info("ladybug query overhead (RETURN 1): %s", query.row())
    logger.info("load average after: %s", " ".join(f"{x:.1f}" for x in os.getloadavg()))


if __name__ == "__main__":
    main()
