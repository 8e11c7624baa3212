"""Loading throughput: 1,000,000 edges into ladybug, NetworkX (and Neo4j where one runs).

    python benchmarks/bench_load.py                       # ladybug + networkx
    python benchmarks/bench_load.py --edges 200000        # smaller
    NEO4J_URI=neo4j://localhost:7687 NEO4J_PASSWORD=... python benchmarks/bench_load.py --into neo4j
        # needs `docker compose up -d`; writes graph `bench_load` and drops it afterwards

Each store is timed two ways: from an edge-list file (read_edges + load: what `grraf load`
does) and from in-memory frames (the store's own bulk path).
"""

from __future__ import annotations

import argparse
import logging
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from grraf.config import Settings
from grraf.frames import GraphFrames, frames_from_edge_table
from grraf.stores.registry import NetworkXRegistry
from loaders.edgelist import read_edges


def make_file(folder: Path, edges: int, seed: int = 0) -> Path:
    rng = np.random.default_rng(seed)
    nodes = max(10, edges // 5)
    frame = pd.DataFrame(
        {"source": rng.integers(0, nodes, edges), "target": rng.integers(0, nodes, edges), "weight": rng.random(edges)}
    )
    path = folder / "edges.txt"
    frame.to_csv(path, sep=" ", header=False, index=False, float_format="%.4f")
    return path


def timed(fn: Callable[[], Any]) -> tuple[float, Any]:
    start = time.perf_counter()
    out = fn()
    return time.perf_counter() - start, out


def report(label: str, seconds: float, edges: int) -> None:
    print(f"{label:<44} {seconds:8.2f} s   {edges / seconds:>12,.0f} edges/s")


def bench_ladybug(folder: Path, frames: GraphFrames, path: Path, edges: int) -> None:
    from loaders.ladybug import load_graph

    db = folder / "bench.lbug"
    t, _ = timed(lambda: load_graph(db, "bench_load", frames))
    report("ladybug  COPY FROM parquet (frames -> db)", t, edges)
    t, _ = timed(lambda: load_graph(db, "bench_load", frames_from_edge_table(read_edges(path, directed=True))))
    report("ladybug  file -> db (replace, one tx)", t, edges)


def bench_networkx(folder: Path, frames: GraphFrames, path: Path, edges: int) -> None:
    registry = NetworkXRegistry(folder / "graphs")
    t, _ = timed(lambda: registry.save("bench_load", frames))
    report("networkx registry save (parquet)", t, edges)
    t, _ = timed(lambda: registry.load("bench_load"))
    report("networkx registry load -> nx.DiGraph", t, edges)
    t, _ = timed(lambda: read_edges(path, directed=True).to_networkx())
    report("networkx file -> nx.DiGraph", t, edges)


def bench_neo4j(frames: GraphFrames, edges: int, batch_size: int) -> None:
    from grraf.stores.neo4j import Neo4jStore
    from loaders.neo4j import drop_graph, write_graph

    store = Neo4jStore.from_env(settings=Settings.from_env())
    try:
        t, _ = timed(
            lambda: write_graph(store.driver, "bench_load", frames, database=store.database, batch_size=batch_size)
        )
        report(f"neo4j    UNWIND batches of {batch_size}", t, edges)
        drop_graph(store.driver, "bench_load", database=store.database)
    finally:
        store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--edges", type=int, default=1_000_000)
    parser.add_argument("--into", choices=["ladybug", "networkx", "neo4j", "all"], default="all")
    parser.add_argument("--batch-size", type=int, default=10_000)
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING)
    with tempfile.TemporaryDirectory(prefix="grraf-bench-") as tmp:
        folder = Path(tmp)
        path = make_file(folder, args.edges)
        t, table = timed(lambda: read_edges(path, directed=True))
        report("read_edges (file -> EdgeTable)", t, args.edges)
        t, frames = timed(lambda: frames_from_edge_table(table))
        report("frames_from_edge_table", t, args.edges)
        print(f"graph: {len(frames.nodes):,} nodes, {len(frames.edges):,} edges, weighted, directed")
        if args.into in ("ladybug", "all"):
            bench_ladybug(folder, frames, path, args.edges)
        if args.into in ("networkx", "all"):
            bench_networkx(folder, frames, path, args.edges)
        if args.into == "neo4j":
            bench_neo4j(frames, args.edges, args.batch_size)


if __name__ == "__main__":
    main()
