"""The scale set: shortest-path questions on sparse random graphs of 10^2 to 10^6 nodes (GRRAF figs. 5-6)."""

from __future__ import annotations

import math
import os
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import networkx as nx

from grraf.bench.question import Question
from grraf.errors import ConfigError

SCALE_PROMPT = (
    "The graph is an undirected weighted graph: each edge has a positive integer weight. "
    "What is the weight of the shortest path from node {} to node {}?"
)


def sparse_connected_graph_edges(n: int, seed: int, *, extra_per_node: float = 1.0) -> tuple[Any, Any, Any]:
    """Edges (``src, dst, weight`` numpy arrays) of a sparse connected weighted graph on ``n`` nodes.

    A random recursive tree (node i joins a random earlier node) keeps it connected; about
    ``extra_per_node * n`` more random edges (no self loops, duplicates dropped) close cycles,
    so the mean degree is about four. Weights are 1..10 as in GraphInstruct.
    """
    import numpy as np

    rng = np.random.default_rng(seed)
    child = np.arange(1, n, dtype=np.int64)
    parent = (rng.random(n - 1) * child).astype(np.int64)
    m = int(extra_per_node * n)
    a = rng.integers(0, n, m, dtype=np.int64)
    b = rng.integers(0, n, m, dtype=np.int64)
    src = np.concatenate([parent, np.minimum(a, b)])
    dst = np.concatenate([child, np.maximum(a, b)])
    keep = src != dst
    pairs = np.unique(np.stack([src[keep], dst[keep]], axis=1), axis=0)
    rng.shuffle(pairs)
    weights = rng.integers(1, 11, len(pairs), dtype=np.int64)
    return pairs[:, 0], pairs[:, 1], weights


def _shortest_lengths(n: int, src: Any, dst: Any, w: Any, sources: Sequence[int]) -> Any:
    # SciPy's Dijkstra on a CSR matrix: exact for integer weights and fast at 10^6 nodes.
    import numpy as np
    from scipy.sparse import coo_matrix
    from scipy.sparse.csgraph import dijkstra

    mat = coo_matrix((w.astype(np.float64), (src, dst)), shape=(n, n)).tocsr()
    return dijkstra(mat, directed=False, indices=list(sources))


def write_edgelist(path: Path, src: Any, dst: Any, w: Any) -> None:
    """``u v w`` per line, the plain edge-list format of the CLI loaders."""
    import numpy as np

    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(path.suffix + ".tmp")
    np.savetxt(tmp, np.stack([src, dst, w], axis=1), fmt="%d", delimiter=" ")
    tmp.replace(path)  # atomic: an interrupted write never leaves a half file behind


def read_scale_graph(path: str | os.PathLike[str]) -> nx.Graph:
    """Load a scale-set edge list (``u v w`` lines) as an undirected weighted NetworkX graph."""
    import numpy as np

    data = np.loadtxt(path, dtype=np.int64, ndmin=2)
    g = nx.Graph()
    g.add_weighted_edges_from((int(u), int(v), int(w)) for u, v, w in data)
    return g


def scale_questions(
    sizes: Sequence[int] = (100, 1_000, 10_000, 100_000, 1_000_000),
    per_size: int = 3,
    seed: int = 0,
    *,
    graph_dir: str | os.PathLike[str] = "bench-out/graphs",
) -> list[Question]:
    """Shortest-path questions on one sparse random connected graph per size (GRRAF figs. 5-6).

    The graph is written once to ``graph_dir/scale-n<size>-s<seed>.edges`` (reused when it is
    already there) and carried by path in ``meta["graph_path"]``: at 10^6 nodes it cannot sit in
    the question text, so the runner loads it and passes it to the agent separately.
    Sources and targets are distinct, non-adjacent node pairs (always connected).
    """
    import numpy as np

    out: list[Question] = []
    folder = Path(graph_dir)
    for size in sizes:
        if size < 4:
            raise ConfigError(f"scale sizes must be at least 4 nodes, got {size}")
        graph_seed = int.from_bytes(f"{seed}:{size}".encode(), "little") % (2**63)
        src, dst, w = sparse_connected_graph_edges(size, graph_seed)
        path = folder / f"scale-n{size}-s{seed}.edges"
        if not path.exists():
            write_edgelist(path, src, dst, w)
        adjacent = set(zip(src.tolist(), dst.tolist(), strict=True)) if size <= 10_000 else None
        rng = random.Random(f"grraf-scale:{seed}:{size}")
        pairs: list[tuple[int, int]] = []
        while len(pairs) < per_size:
            s, t = rng.sample(range(size), 2)
            key = (min(s, t), max(s, t))
            if adjacent is not None and key in adjacent:
                continue
            if adjacent is None and np.any((src == key[0]) & (dst == key[1])):
                continue
            pairs.append((s, t))
        dist = _shortest_lengths(size, src, dst, w, [s for s, _ in pairs]) if pairs else []
        for i, (s, t) in enumerate(pairs):
            value = float(dist[i][t])
            if not math.isfinite(value):
                raise RuntimeError(f"scale graph {size} is not connected between {s} and {t}")
            meta = {
                "set": "scale",
                "size": size,
                "nodes": size,
                "edges": len(src),
                "bucket": None,
                "params": {"source": s, "target": t},
                "graph_path": str(path),
                "directed": False,
                "weighted": True,
            }
            out.append(
                Question(f"scale-n{size}-s{seed}-{i:04d}", "shortest", SCALE_PROMPT.format(s, t), int(value), meta)
            )
    return out
