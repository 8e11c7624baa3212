"""Neo4j: loading 1,000,000 edges (batched parameterised writes, and the bulk importer), and schema
extraction time as the database grows to 10^6 edges. Starts its own Neo4j 5.26 Community server with
scripts/neo4j (no Docker), in a temporary folder, and stops it at the end.

    python benchmarks/bench_neo4j.py                          # 1M edges, 200k nodes; schema at 1e3..1e6
    python benchmarks/bench_neo4j.py --edges 100000 --max-exp 5
    python benchmarks/bench_neo4j.py --heap 2g --pagecache 1g  # the defaults

The graph is the one benchmarks/bench_load.py uses for ladybug and NetworkX (seeded random, directed,
weighted, nodes = edges / 5), so the numbers sit next to theirs in BENCHMARKS.md section 6.
"""

from __future__ import annotations

import argparse
import logging
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from grraf.config import Settings  # noqa: E402
from grraf.frames import GraphFrames  # noqa: E402
from grraf.stores.neo4j import Neo4jStore  # noqa: E402
from loaders.neo4j import write_graph  # noqa: E402
from tests.neo4j_support import launcher, write_import_csvs  # noqa: E402


def frames(edges: int, seed: int = 0, *, directed: bool = True) -> GraphFrames:
    """The bench_load.py graph: random endpoints over edges/5 nodes, a weight per edge."""
    rng = np.random.default_rng(seed)
    nodes = max(10, edges // 5)
    e = pd.DataFrame(
        {"source": rng.integers(0, nodes, edges), "target": rng.integers(0, nodes, edges), "weight": rng.random(edges)}
    )
    return GraphFrames(nodes=pd.DataFrame({"id": np.arange(nodes)}), edges=e, directed=directed, source="bench")


def report(label: str, seconds: float, edges: int) -> None:
    print(f"{label:<58} {seconds:8.2f} s   {edges / seconds:>12,.0f} edges/s", flush=True)


def bench_batched(ns: Any, dist: Any, g: GraphFrames, args: argparse.Namespace) -> None:
    server = ns.Neo4jServer(dist, heap=args.heap, pagecache=args.pagecache, plugins=())
    with server, Neo4jStore(server.uri, server.auth, settings=Settings()) as store:
        start = time.perf_counter()
        write_graph(store.driver, "bench_load", g, batch_size=args.batch_size)
        label = f"neo4j  grraf load: UNWIND batches of {args.batch_size:,} (frames -> db)"
        report(label, time.perf_counter() - start, len(g.edges))
        info = store.graph_infos()["bench_load"]
        assert (info["nodes"], info["edges"]) == (len(g.nodes), len(g.edges)), info


def bench_bulk(ns: Any, dist: Any, g: GraphFrames, args: argparse.Namespace, folder: Path) -> None:
    server = ns.Neo4jServer(dist, heap=args.heap, pagecache=args.pagecache, plugins=())
    try:
        start = time.perf_counter()
        flags = write_import_csvs(folder, "bench_load", g)
        report("neo4j  bulk: write the import CSVs", time.perf_counter() - start, len(g.edges))
        start = time.perf_counter()
        server.admin("database", "import", "full", "--overwrite-destination=true", *flags, "neo4j")
        report("neo4j  bulk: neo4j-admin database import full (offline)", time.perf_counter() - start, len(g.edges))
        server.start()
        with Neo4jStore(server.uri, server.auth, settings=Settings()) as store:
            info = store.graph_infos()["bench_load"]
            assert (info["nodes"], info["edges"]) == (len(g.nodes), len(g.edges)), info
            count = store.execute("MATCH (:bench_load_Node)-[r:bench_load_EDGE]->() RETURN count(r) AS answer", 600)
            assert count.value == len(g.edges)
    finally:
        server.stop()


def bench_schema(ns: Any, dist: Any, args: argparse.Namespace) -> None:
    print(f"\n{'edges in the graph':>18} {'edges in db':>12} {'one graph ms':>13} {'whole db ms':>12} {'chars':>6}")
    server = ns.Neo4jServer(dist, heap=args.heap, pagecache=args.pagecache, plugins=())
    with server, Neo4jStore(server.uri, server.auth, settings=Settings()) as loader:
        total = 0
        for exp in range(3, args.max_exp + 1):
            name = f"s{exp}"
            g = frames(10**exp, seed=exp, directed=False)
            write_graph(loader.driver, name, g, batch_size=args.batch_size)
            total += len(g.edges)
            times_one, times_all, chars = [], [], 0
            for _ in range(args.repeat):
                with Neo4jStore(server.uri, server.auth, graph_name=name, settings=Settings()) as one:
                    start = time.perf_counter()
                    text = one.refresh_schema().text
                    times_one.append(time.perf_counter() - start)
                    chars = len(text)
                with Neo4jStore(server.uri, server.auth, settings=Settings()) as whole:
                    start = time.perf_counter()
                    whole.refresh_schema()
                    times_all.append(time.perf_counter() - start)
            one_ms, all_ms = 1000 * min(times_one), 1000 * min(times_all)
            print(f"{10**exp:>18,} {total:>12,} {one_ms:>13.1f} {all_ms:>12.1f} {chars:>6}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--edges", type=int, default=1_000_000)
    parser.add_argument("--batch-size", type=int, default=10_000)
    parser.add_argument("--max-exp", type=int, default=6)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--heap", default="2g")
    parser.add_argument("--pagecache", default="1g")
    parser.add_argument("--only", choices=["batched", "bulk", "schema"], action="append")
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING)
    ns = launcher()
    dist = ns.fetch()
    print(f"Neo4j {dist.versions['neo4j']} Community, heap {args.heap}, page cache {args.pagecache}", flush=True)
    g = frames(args.edges)
    print(f"graph: {len(g.nodes):,} nodes, {len(g.edges):,} edges, weighted, directed", flush=True)
    only = set(args.only or ["batched", "bulk", "schema"])
    with tempfile.TemporaryDirectory(prefix="grraf-bench-neo4j-") as tmp:
        if "batched" in only:
            bench_batched(ns, dist, g, args)
        if "bulk" in only:
            bench_bulk(ns, dist, g, args, Path(tmp))
    if "schema" in only:
        bench_schema(ns, dist, args)


if __name__ == "__main__":
    main()
