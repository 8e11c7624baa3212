"""Time ``loaders.edgelist.read_graph`` against ``networkx.read_edgelist`` on one big file.

Usage::

    python benchmarks/bench_edgelist.py [--edges 1000000] [--nodes 100000] [--weighted] [--repeat 3]

Writes a random edge list to a temporary directory, loads it with both readers (best of
``--repeat`` runs each, wall clock), checks both give the same node and edge counts, and
prints a table. It also times the two ways of building the NetworkX graph from the table
(our ``build_networkx``, plain ``add_edges_from(zip(...))`` and ``nx.from_pandas_edgelist``) and the table alone
(``read_edges``), which is what the ladybug and Neo4j bulk loaders use.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import networkx as nx
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from loaders.edgelist import read_edges, read_graph  # noqa: E402


def write_file(path: Path, *, edges: int, nodes: int, weighted: bool, seed: int = 0) -> None:
    """A random edge list, one ``u v [w]`` per line, written with numpy (not a Python loop)."""
    rng = np.random.default_rng(seed)
    columns = [rng.integers(0, nodes, edges), rng.integers(0, nodes, edges)]
    if weighted:
        columns.append(rng.integers(1, 11, edges))
    np.savetxt(path, np.column_stack(columns), fmt="%d", delimiter=" ")


def best_of(repeat: int, run: Callable[[], Any]) -> tuple[float, Any]:
    """Fastest wall-clock time of ``repeat`` runs, and the last result."""
    best, result = float("inf"), None
    for _ in range(repeat):
        start = time.perf_counter()
        result = run()
        best = min(best, time.perf_counter() - start)
    return best, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edges", type=int, default=1_000_000)
    parser.add_argument("--nodes", type=int, default=100_000)
    parser.add_argument("--weighted", action="store_true")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "edges.txt"
        write_file(path, edges=args.edges, nodes=args.nodes, weighted=args.weighted)
        size_mb = path.stat().st_size / 1e6

        def nx_read() -> nx.Graph:
            if args.weighted:
                return nx.read_edgelist(path, nodetype=int, data=[("weight", int)])
            return nx.read_edgelist(path, nodetype=int)

        t_nx, g_nx = best_of(args.repeat, nx_read)
        t_ours, g_ours = best_of(args.repeat, lambda: read_graph(path))
        t_table, table = best_of(args.repeat, lambda: read_edges(path))
        t_ours_build, _ = best_of(args.repeat, table.to_networkx)

        def add_edges_from() -> nx.Graph:
            graph = nx.Graph()
            frame = table.frame
            if args.weighted:
                graph.add_weighted_edges_from(
                    zip(frame["source"].tolist(), frame["target"].tolist(), frame["weight"].tolist(), strict=True)
                )
            else:
                graph.add_edges_from(zip(frame["source"].tolist(), frame["target"].tolist(), strict=True))
            return graph

        t_zip, _ = best_of(args.repeat, add_edges_from)
        attr = "weight" if args.weighted else None
        t_pandas, _ = best_of(
            args.repeat, lambda: nx.from_pandas_edgelist(table.frame, "source", "target", edge_attr=attr)
        )

    same = (g_nx.number_of_nodes(), g_nx.number_of_edges()) == (g_ours.number_of_nodes(), g_ours.number_of_edges())
    print(f"file: {args.edges:,} edges, {args.nodes:,} node ids, weighted={args.weighted}, {size_mb:.1f} MB")
    print(f"same result (nodes, edges): {same}  ({g_ours.number_of_nodes():,}, {g_ours.number_of_edges():,})")
    print()
    print(f"{'reader':44} {'seconds':>8} {'edges/s':>12} {'speed-up':>9}")
    rows = [
        ("networkx.read_edgelist", t_nx),
        ("loaders.edgelist.read_graph", t_ours),
        ("  of which read_edges (table only)", t_table),
        ("  table -> graph: build_networkx (ours)", t_ours_build),
        ("  table -> graph: add_edges_from(zip)", t_zip),
        ("  table -> graph: nx.from_pandas_edgelist", t_pandas),
    ]
    for name, seconds in rows:
        print(f"{name:44} {seconds:8.2f} {args.edges / seconds:12,.0f} {t_nx / seconds:8.1f}x")
    if not same:
        raise SystemExit("results differ")


if __name__ == "__main__":
    main()
