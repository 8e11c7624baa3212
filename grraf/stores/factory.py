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
from grraf.stores.spec import STORE_SPECS, StoreSpec, parse_store_spec

if TYPE_CHECKING:
    from grraf.stores.ladybug import LadybugStore

__all__ = ["STORE_SPECS", "cypher_store_for", "find_graph_name", "graph_names", "open_store", "open_store_for"]


def open_store(spec: str, *, graph_name: str | None = None, settings: Settings | None = None) -> GraphStore:
    """Open the store named by ``spec``.

    Args:
        spec: ``"networkx"``, ``"ladybug[:PATH]"``, ``"neo4j"`` or ``"neo4j:DATABASE"``
            (:func:`grraf.stores.spec.parse_store_spec`).
        graph_name: the named graph to answer about (required for ``networkx``; optional
            for the Cypher stores, where it narrows the schema to one graph).
        settings: session settings; defaults from the environment.

    Raises:
        ConfigError: unknown spec or missing graph name.
        StoreError: the store cannot be opened or has no such graph.
    """
    settings = settings or Settings.from_env()
    parsed = parse_store_spec(spec, settings)
    if parsed.kind == "ladybug":
        from grraf.stores.ladybug import LadybugStore

        assert parsed.path is not None  # parse_store_spec fills in the default database
        return LadybugStore(parsed.path, graph_name=graph_name, settings=settings)
    if parsed.kind == "neo4j":
        from grraf.stores.neo4j import Neo4jStore

        return Neo4jStore.from_env(graph_name=graph_name, settings=settings, **_neo4j_overrides(parsed))
    if not graph_name:
        raise ConfigError("the networkx store needs a graph name (load one with `grraf load FILE --name NAME`)")
    from grraf.stores.networkx import NetworkXStore
    from grraf.stores.registry import NetworkXRegistry

    graph = NetworkXRegistry.from_settings(settings).load(graph_name)
    return NetworkXStore({"G": graph}, settings=settings)


def graph_names(spec: str, settings: Settings | None = None) -> list[str]:
    """The named graphs the store of ``spec`` holds (none when its database does not exist yet).

    Raises:
        ConfigError: unknown spec; Neo4j not configured.
        StoreError: the store cannot be read.
    """
    settings = settings or Settings.from_env()
    parsed = parse_store_spec(spec, settings)
    if parsed.kind == "networkx":
        from grraf.stores.registry import NetworkXRegistry

        return NetworkXRegistry.from_settings(settings).names()
    if parsed.kind == "ladybug":
        from grraf.stores.ladybug import LadybugStore

        if parsed.path is None or not parsed.path.exists():
            return []
        with LadybugStore(parsed.path, settings=settings) as ladybug_store:
            return ladybug_store.graph_names()
    from grraf.stores.neo4j import Neo4jStore

    with Neo4jStore.from_env(settings=settings, **_neo4j_overrides(parsed)) as neo4j_store:
        return sorted(neo4j_store.graph_infos())


def open_store_for(
    question: str, spec: str, *, graph_name: str | None = None, settings: Settings | None = None
) -> GraphStore:
    """:func:`open_store`, on the stored graph the question names when ``graph_name`` is None.

    As in GRRAF's prompts, a question may name its graph ("In graph flow_8, ..."); the CLI and the
    ``%grraf`` magic both open stores this way.
    """
    settings = settings or Settings.from_env()
    if graph_name is None:
        graph_name = find_graph_name(question, graph_names(spec, settings))
    return open_store(spec, graph_name=graph_name, settings=settings)


def _neo4j_overrides(parsed: StoreSpec) -> dict[str, str]:
    return {"database": parsed.database} if parsed.database else {}


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
