"""Open a graph store from a short spec string, as the CLI and the library accept it.

Specs:

* ``"networkx"`` — a named graph from the on-disk registry (``settings.home / "graphs"``,
  written by ``grraf load``); needs ``graph_name``.
* ``"ladybug:PATH"`` — an embedded ladybug database file, opened read-only (``"ladybug"``
  alone: ``settings.home / "graphs.lbug"``, where ``grraf load --into ladybug`` writes).
* ``"neo4j"`` — a Neo4j server from ``NEO4J_URI`` / ``NEO4J_USERNAME`` / ``NEO4J_PASSWORD`` /
  ``NEO4J_DATABASE``; ``"neo4j:DATABASE"`` picks a database by name.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

import networkx as nx

from grraf.config import Settings
from grraf.errors import ConfigError
from grraf.stores.base import GraphStore

if TYPE_CHECKING:
    from grraf.stores.ladybug import LadybugStore

STORE_SPECS = ("networkx", "ladybug:PATH", "neo4j", "neo4j:DATABASE")


def open_store(spec: str, *, graph_name: str | None = None, settings: Settings | None = None) -> GraphStore:
    """Open the store named by ``spec``.

    Args:
        spec: ``"networkx"``, ``"ladybug:PATH"``, ``"neo4j"`` or ``"neo4j:DATABASE"``.
        graph_name: the named graph to answer about (required for ``networkx``; optional
            for the Cypher stores, where it narrows the schema to one graph).
        settings: session settings; defaults from the environment.

    Raises:
        ConfigError: unknown spec or missing graph name.
        StoreError: the store cannot be opened or has no such graph.
    """
    settings = settings or Settings.from_env()
    kind, _, arg = spec.partition(":")
    kind = kind.strip().lower()
    if kind == "ladybug":
        from grraf.stores.ladybug import LadybugStore

        if not arg:  # the database `grraf load --into ladybug` writes by default
            from loaders.command import default_ladybug_path

            arg = str(default_ladybug_path(settings))

        return LadybugStore(arg, graph_name=graph_name, settings=settings)
    if kind == "neo4j":
        from grraf.stores.neo4j import Neo4jStore

        overrides = {"database": arg} if arg else {}
        return Neo4jStore.from_env(graph_name=graph_name, settings=settings, **overrides)
    if kind == "networkx":
        if not graph_name:
            raise ConfigError("the networkx store needs a graph name (load one with `grraf load FILE --name NAME`)")
        from grraf.stores.registry import NetworkXRegistry

        graph = NetworkXRegistry.from_settings(settings).load(graph_name)
        return _networkx_store({"G": graph}, settings)
    raise ConfigError(f"unknown store {spec!r}; use one of: {', '.join(STORE_SPECS)}")


def _networkx_store(graphs: Mapping[str, nx.Graph], settings: Settings) -> GraphStore:
    """The Python/NetworkX store (written by another module; imported late to keep layers apart)."""
    from grraf.stores import networkx as nx_store

    cls = getattr(nx_store, "NetworkXStore", None)
    if cls is None:  # pragma: no cover - depends on the networkx store module
        raise ConfigError("grraf.stores.networkx.NetworkXStore is not available")
    return cls(graphs, settings=settings)  # type: ignore[no-any-return]


def cypher_store_for(graphs: Mapping[str, nx.Graph], settings: Settings | None = None) -> LadybugStore:
    """A temporary ladybug store holding ``graphs`` (what ``--backend cypher`` uses for file/text graphs).

    The database lives in a temporary folder removed when the store is closed.
    """
    from grraf.stores.ladybug import LadybugStore

    return LadybugStore.from_networkx(graphs, settings=settings)


def find_graph_name(question: str, names: Iterable[str]) -> str | None:
    """The stored graph a question names in its text, if any.

    Whole-word match (``flow_8`` does not match inside ``flow_80``), case-insensitive;
    the longest matching name wins.

    >>> find_graph_name("In graph flow_8, what is the max flow from 0 to 5?", ["flow", "flow_8", "flow_80"])
    'flow_8'
    >>> find_graph_name("How many nodes?", ["flow_8"]) is None
    True
    """
    best: str | None = None
    for name in sorted(set(names)):
        if not name:
            continue
        pattern = rf"(?<![A-Za-z0-9_]){re.escape(name)}(?![A-Za-z0-9_])"
        if re.search(pattern, question, flags=re.IGNORECASE) and (best is None or len(name) > len(best)):
            best = name
    return best
