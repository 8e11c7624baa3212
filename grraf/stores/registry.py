"""The on-disk registry of named NetworkX graphs: what the ``networkx`` store reads.

Layout (``settings.home / "graphs"``)::

    index.json              {"flow_8": {"directed": true, "weighted": true, "nodes": 8, ...}, ...}
    flow_8.edges.parquet    source, target[, weight, ...]
    flow_8.nodes.parquet    id[, weight, ...]   (all nodes, including isolated ones)

Writes go to temporary files first and are moved into place with :func:`os.replace`, and
the index is rewritten the same way last, so a failed load never leaves a half-written graph
behind and a reload swaps the old graph for the new one in one rename.

The format belongs to the store (``open_store("networkx", graph_name=...)`` reads it, ``grraf load``
writes it through :meth:`NetworkXRegistry.save`), so it lives here rather than in ``loaders``.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import networkx as nx
import pandas as pd

from grraf.config import Settings
from grraf.errors import StoreError
from grraf.frames import GraphFrames, GraphInfo, info_of
from grraf.stores.cypher_guard import validate_graph_name


class NetworkXRegistry:
    """Named graphs on disk, one pair of parquet files each, for the NetworkX store.

    Args:
        root: folder holding ``index.json`` and the parquet files
            (usually ``settings.home / "graphs"``).
    """

    def __init__(self, root: str | Path) -> None:
        self.root = Path(root)

    @classmethod
    def from_settings(cls, settings: Settings | None = None) -> NetworkXRegistry:
        settings = settings or Settings.from_env()
        return cls(Path(settings.home) / "graphs")

    @property
    def index_path(self) -> Path:
        return self.root / "index.json"

    def _index(self) -> dict[str, dict[str, Any]]:
        if not self.index_path.exists():
            return {}
        try:
            return dict(json.loads(self.index_path.read_text(encoding="utf-8")))
        except (OSError, ValueError) as e:
            raise StoreError(f"graph registry {self.index_path} is unreadable: {e}") from e

    def _write_index(self, index: dict[str, dict[str, Any]]) -> None:
        fd, tmp = tempfile.mkstemp(dir=self.root, prefix=".index.", suffix=".json")
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(index, f, indent=1, sort_keys=True)
        os.replace(tmp, self.index_path)

    def names(self) -> list[str]:
        return sorted(self._index())

    def list(self) -> list[GraphInfo]:
        out = []
        for name, meta in sorted(self._index().items()):
            out.append(
                GraphInfo(
                    name,
                    int(meta["nodes"]),
                    int(meta["edges"]),
                    bool(meta["directed"]),
                    bool(meta["weighted"]),
                    str(meta.get("source", "")),
                    "networkx",
                )
            )
        return out

    def save(self, name: str, frames: GraphFrames) -> GraphInfo:
        """Store ``frames`` under ``name``, replacing an existing graph in one rename."""
        validate_graph_name(name)
        self.root.mkdir(parents=True, exist_ok=True)
        tmp_edges = self.root / f".{name}.edges.parquet.tmp"
        tmp_nodes = self.root / f".{name}.nodes.parquet.tmp"
        try:
            frames.edges.to_parquet(tmp_edges, index=False)
            frames.nodes.to_parquet(tmp_nodes, index=False)
            index = self._index()
            os.replace(tmp_edges, self.root / f"{name}.edges.parquet")
            os.replace(tmp_nodes, self.root / f"{name}.nodes.parquet")
            info = info_of(name, frames, "networkx")
            index[name] = {
                "nodes": info.nodes,
                "edges": info.edges,
                "directed": info.directed,
                "weighted": info.weighted,
                "source": info.source,
                "multigraph": frames.multigraph,
            }
            self._write_index(index)
        except OSError as e:
            raise StoreError(f"could not save graph {name!r} under {self.root}: {e}") from e
        finally:
            for tmp in (tmp_edges, tmp_nodes):
                tmp.unlink(missing_ok=True)
        return info

    def load_frames(self, name: str) -> GraphFrames:
        index = self._index()
        if name not in index:
            raise StoreError(f"no graph named {name!r} in {self.root}; known: {', '.join(sorted(index)) or 'none'}")
        meta = index[name]
        try:
            edges = pd.read_parquet(self.root / f"{name}.edges.parquet")
            nodes = pd.read_parquet(self.root / f"{name}.nodes.parquet")
        except OSError as e:
            raise StoreError(f"graph {name!r} is damaged in {self.root}: {e}") from e
        return GraphFrames(
            nodes=nodes,
            edges=edges,
            directed=bool(meta["directed"]),
            source=str(meta.get("source", "")),
            multigraph=meta.get("multigraph"),
        )

    def load(self, name: str) -> nx.Graph:
        """The named graph as a NetworkX graph."""
        return self.load_frames(name).to_networkx()

    def drop(self, name: str) -> bool:
        """Remove ``name``; False when it did not exist."""
        index = self._index()
        if name not in index:
            return False
        del index[name]
        self._write_index(index)
        for suffix in ("edges", "nodes"):
            (self.root / f"{name}.{suffix}.parquet").unlink(missing_ok=True)
        return True

    def __iter__(self) -> Iterator[str]:
        return iter(self.names())
