"""Schema extraction time and schema text size for graphs of 10^3 .. 10^6 edges (must stay flat).

    python benchmarks/bench_schema.py                     # ladybug and networkx, 1e3..1e6
    python benchmarks/bench_schema.py --max-exp 5         # up to 1e5

The graph is loaded first (not timed); then a fresh store extracts its schema (timed, no cache).
"""

from __future__ import annotations

import argparse
import logging
import tempfile
import time
from pathlib import Path

import numpy as np
import pandas as pd

from grraf.config import Settings
from grraf.frames import GraphFrames
from grraf.stores.ladybug import LadybugStore
from loaders.ladybug import load_graph


def frames(edges: int, seed: int = 0) -> GraphFrames:
    rng = np.random.default_rng(seed)
    nodes = max(10, edges // 5)
    e = pd.DataFrame(
        {"source": rng.integers(0, nodes, edges), "target": rng.integers(0, nodes, edges), "weight": rng.random(edges)}
    )
    return GraphFrames(nodes=pd.DataFrame({"id": np.arange(nodes)}), edges=e, directed=False, source="bench")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--max-exp", type=int, default=6)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING)
    settings = Settings()
    print(f"{'store':<10} {'edges':>10} {f'schema ms (best of {args.repeat})':>24} {'chars':>7}")
    with tempfile.TemporaryDirectory(prefix="grraf-bench-") as tmp:
        for exp in range(3, args.max_exp + 1):
            f = frames(10**exp)
            db = Path(tmp) / f"g{exp}.lbug"
            load_graph(db, "G", f)
            best, chars = float("inf"), 0
            for _ in range(args.repeat):
                with LadybugStore(db, settings=settings) as store:
                    start = time.perf_counter()
                    text = store.schema().text
                    best = min(best, time.perf_counter() - start)
                    chars = len(text)
            print(f"{'ladybug':<10} {10**exp:>10,} {best * 1000:>24.1f} {chars:>7}")
            try:
                from grraf.stores.networkx import NetworkXStore
            except ImportError:
                continue
            graph = f.to_networkx()
            best, chars = float("inf"), 0
            for _ in range(args.repeat):
                store = NetworkXStore({"G": graph}, settings=settings)
                start = time.perf_counter()
                text = store.schema().text
                best = min(best, time.perf_counter() - start)
                chars = len(text)
                store.close()
            print(f"{'networkx':<10} {10**exp:>10,} {best * 1000:>24.1f} {chars:>7}")


if __name__ == "__main__":
    main()
