"""The NetworkX store: graphs held in memory, generated Python run in the sandbox worker."""

from __future__ import annotations

import itertools
import logging
import threading
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import networkx as nx

from grraf.config import Settings
from grraf.errors import ConfigError
from grraf.sandbox.policy import check_graph_untouched, check_python
from grraf.sandbox.worker import SandboxWorker
from grraf.stores.base import Capabilities, GraphStore, Language, node_forms
from grraf.types import Execution, Schema

logger = logging.getLogger(__name__)

#: Nodes and edges looked at to describe attributes: the schema must cost the same at 10^3 and 10^6 edges.
SCHEMA_SAMPLE = 1_000
#: Sample node ids shown per graph.
SAMPLE_IDS = 5
#: Distinct sample values shown per attribute.
SAMPLE_VALUES = 3
#: Attributes listed per graph (nodes and edges separately).
MAX_ATTRIBUTES = 20
#: Longest rendering of one sample value.
MAX_VALUE_CHARS = 40


@dataclass(frozen=True)
class AttributeInfo:
    """One attribute key seen in the sample.

    Attributes:
        key: the attribute name, as the code must spell it.
        types: Python type names of the sampled values, sorted.
        samples: up to :data:`SAMPLE_VALUES` distinct values, rendered with ``repr``.
    """

    key: str
    types: tuple[str, ...]
    samples: tuple[str, ...]

    def render(self) -> str:
        shown = ", ".join(self.samples)
        return f"{self.key} ({'/'.join(self.types)}, e.g. {shown})" if shown else f"{self.key} ({'/'.join(self.types)})"


@dataclass(frozen=True)
class GraphInfo:
    """What :meth:`NetworkXStore.schema` reports about one graph."""

    variable: str
    kind: str
    directed: bool
    multigraph: bool
    nodes: int
    edges: int
    id_types: tuple[str, ...]
    sample_ids: tuple[str, ...]
    node_attributes: tuple[AttributeInfo, ...]
    edge_attributes: tuple[AttributeInfo, ...]
    weight_property: str | None
    negative_weights: int = 0
    negative_weights_sampled: bool = False

    def render(self) -> str:
        direction = "directed" if self.directed else "undirected"
        multi = ", parallel edges allowed" if self.multigraph else ""
        lines = [
            f"{self.variable}: networkx.{self.kind} ({direction}{multi}), {self.nodes} nodes, {self.edges} edges",
            f"  node ids: {'/'.join(self.id_types) or 'none'}"
            + (f", e.g. {', '.join(self.sample_ids)}" if self.sample_ids else ""),
            "  node attributes: " + ("; ".join(a.render() for a in self.node_attributes) or "none"),
            "  edge attributes: " + ("; ".join(a.render() for a in self.edge_attributes) or "none"),
            f"  weight property: {self.weight_property or 'none (unweighted)'}",
        ]
        if self.negative_weights:
            counted = "at least " if self.negative_weights_sampled else ""
            lines.append(
                f"  negative weights: {counted}{self.negative_weights} edges. Dijkstra (shortest_path with a weight) "
                "is wrong on them: on a directed graph use nx.bellman_ford_path_length / nx.bellman_ford_path "
                "(a negative cycle makes the answer undefined); on an undirected graph shortest paths are undefined. "
                "MST, flows and PageRank take them as they are."
            )
        return "\n".join(lines)


def _render_value(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= MAX_VALUE_CHARS else text[: MAX_VALUE_CHARS - 3] + "..."


def _attributes(records: Iterable[Mapping[str, Any]]) -> tuple[AttributeInfo, ...]:
    """Attribute keys of ``records`` (already a bounded sample), in first-seen order."""
    types: dict[str, set[str]] = {}
    samples: dict[str, list[str]] = {}
    for data in records:
        for key, value in data.items():
            key = str(key)
            if key not in types:
                if len(types) >= MAX_ATTRIBUTES:
                    continue
                types[key], samples[key] = set(), []
            types[key].add(type(value).__name__)
            shown = _render_value(value)
            if len(samples[key]) < SAMPLE_VALUES and shown not in samples[key]:
                samples[key].append(shown)
    return tuple(AttributeInfo(k, tuple(sorted(types[k])), tuple(samples[k])) for k in types)


def describe_graph(variable: str, graph: nx.Graph) -> GraphInfo:
    """Describe ``graph`` from a bounded sample of its nodes and edges.

    Examples:
        >>> info = describe_graph("G", nx.Graph([(0, 1, {"weight": 2})]))
        >>> info.kind, info.nodes, info.edges, info.weight_property
        ('Graph', 2, 1, 'weight')
    """
    nodes = list(itertools.islice(graph.nodes(data=True), SCHEMA_SAMPLE))
    edges = list(itertools.islice(graph.edges(data=True), SCHEMA_SAMPLE))
    edge_attributes = _attributes(data for _, _, data in edges)
    weight = "weight" if any(a.key == "weight" for a in edge_attributes) else None
    # Counted over every edge when the graph came from grraf's registry (graph.graph["negative_weights"],
    # set by grraf.frames.GraphFrames.to_networkx); for any other graph a full scan would cost
    # seconds per million edges, so the sample can only show that some exist.
    negative = graph.graph.get("negative_weights")
    sampled = not isinstance(negative, int)
    if sampled:
        negative = sum(1 for _, _, data in edges if _is_negative(data.get("weight")))
    return GraphInfo(
        variable=variable,
        kind=type(graph).__name__,
        directed=graph.is_directed(),
        multigraph=graph.is_multigraph(),
        nodes=graph.number_of_nodes(),
        edges=graph.number_of_edges(),
        id_types=tuple(sorted({type(n).__name__ for n, _ in nodes})),
        sample_ids=tuple(_render_value(n) for n, _ in nodes[:SAMPLE_IDS]),
        node_attributes=_attributes(data for _, data in nodes),
        edge_attributes=edge_attributes,
        weight_property=weight,
        negative_weights=int(negative or 0),
        negative_weights_sampled=sampled,
    )


def _is_negative(value: Any) -> bool:
    """A numeric weight below zero (bools and non-numbers are not weights).

    >>> _is_negative(-0.5), _is_negative(True), _is_negative("x")
    (True, False, False)
    """
    return isinstance(value, int | float) and not isinstance(value, bool) and value < 0


def _number(value: Any) -> str:
    """``5`` for 5 and 5.0, ``2.5`` for 2.5; other values as ``str``."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def edge_list_text(graph: nx.Graph, weight: str | None = "weight") -> str:
    """The graph as a GraphInstruct-style edge list.

    Examples:
        >>> edge_list_text(nx.Graph([(0, 1), (1, 2, {"weight": 5})]))
        '(0,1) (1,2,5)'
        >>> edge_list_text(nx.DiGraph([(0, 1)]))
        '(0->1)'
    """
    sep = "->" if graph.is_directed() else ","
    parts = []
    for u, v, data in graph.edges(data=True):
        if weight is not None and weight in data:
            parts.append(f"({u}{sep}{v},{_number(data[weight])})")
        else:
            parts.append(f"({u}{sep}{v})")
    isolated = [str(n) for n in graph.nodes if graph.degree(n) == 0]
    text = " ".join(parts)
    if isolated:
        text += ("\n" if text else "") + "isolated nodes: " + ", ".join(isolated)
    return text


class NetworkXStore:
    """In-memory NetworkX graphs; generated Python runs in a jailed worker (:mod:`grraf.sandbox.worker`).

    Args:
        graphs: variable name -> graph, e.g. ``{"G": g}`` or ``{"G": g, "G_prime": h}`` for
            two-graph questions (isomorphism). The generated code sees exactly these names.
        settings: supplies ``memory_limit_mb`` and ``unsafe_no_jail``; defaults to
            :meth:`~grraf.config.Settings.from_env`.

    The sandbox worker starts on the first :meth:`execute` and holds the graphs as they were then;
    do not mutate them afterwards. If the worker dies, the next :meth:`execute` starts a new one.
    """

    name = "networkx"
    language: Language = "python"
    dialect = "networkx"

    def __init__(self, graphs: Mapping[str, nx.Graph], *, settings: Settings | None = None) -> None:
        if not graphs:
            raise ConfigError("the NetworkX store needs at least one graph")
        for variable, graph in graphs.items():
            if not variable.isidentifier():
                raise ConfigError(f"graph variable name {variable!r} is not a Python identifier")
            if not isinstance(graph, nx.Graph):
                raise ConfigError(f"{variable} must be a networkx graph, got {type(graph).__name__}")
        self._graphs = dict(graphs)
        self._settings = settings or Settings.from_env()
        self._worker: SandboxWorker | None = None
        self._lock = threading.Lock()
        self._schema: Schema | None = None

    @property
    def graphs(self) -> Mapping[str, nx.Graph]:
        """The graphs by variable name (read-only view; do not mutate them)."""
        return dict(self._graphs)

    def schema(self) -> Schema:
        """Describe every graph: type, size, node ids, attribute keys with types and samples, weight.

        Deterministic and bounded: attributes come from the first :data:`SCHEMA_SAMPLE` nodes and
        edges, so the text and the time do not grow with the graph.
        """
        if self._schema is None:
            infos = [describe_graph(variable, graph) for variable, graph in self._graphs.items()]
            first = infos[0]
            self._schema = Schema(
                text="\n".join(info.render() for info in infos),
                node_count=first.nodes,
                edge_count=first.edges,
                directed=first.directed,
                weight_property=first.weight_property,
                node_id_types=first.id_types,
            )
        return self._schema

    def check(self, code: str) -> None:
        """Raise :class:`~grraf.errors.CodeRejected` if ``code`` fails the import/builtin guard
        or rebinds/edits the loaded graphs."""
        check_python(code)
        check_graph_untouched(code, frozenset(self._graphs))

    def execute(self, code: str, timeout: float) -> Execution:
        """Run ``code`` in the sandbox and return the value of its ``answer`` variable.

        Raises:
            CodeRejected / CodeFailed / CodeTimeout: fed back to the LLM.
            SandboxError: the worker could not start or died.
        """
        return self._ensure_worker().run(code, timeout)

    def _ensure_worker(self) -> SandboxWorker:
        with self._lock:
            if self._worker is None or not self._worker.alive:
                if self._worker is not None:
                    logger.warning("sandbox worker died; starting a new one")
                    self._worker.close()
                # `nx` is bound up front: generated code uses it without importing as often as not
                # (GRRAF's appendix examples do the same), and a NameError round trip costs an LLM call.
                namespace = {"nx": nx, **self._graphs}
                self._worker = SandboxWorker(
                    namespace,
                    memory_limit_mb=self._settings.memory_limit_mb,
                    unsafe_no_jail=self._settings.unsafe_no_jail,
                )
            return self._worker

    def capabilities(self) -> Capabilities:
        return Capabilities(projects=True, graph_names=tuple(self._graphs))

    def node_key(self, value: Any) -> Any | None:
        """The node of ``G`` written as ``value`` (``"3"`` finds the node 3), or None."""
        graph = self._graphs.get("G") or next(iter(self._graphs.values()))
        return next((form for form in node_forms(value) if _hashable(form) and form in graph), None)

    def string_values(self, label: str, prop: str, tokens: Sequence[str], limit: int) -> list[str]:
        """No labelled string properties (the schema has no typed labels): nothing to resolve names in."""
        return []

    def relationship_values(self, rel_type: str, prop: str, tokens: Sequence[str], limit: int) -> list[str]:
        """No typed relationships (the schema has none): nothing to resolve names in."""
        return []

    def relationship_types(self, label: str, prop: str, value: str, direction: str) -> list[str]:
        """No typed relationships (the schema has none): nothing to say."""
        return []

    def to_networkx(self) -> dict[str, nx.Graph]:
        return dict(self._graphs)

    def as_text(self, max_edges: int) -> str | None:
        """The graphs as edge lists (``(0,1) (1,2,5)``; ``(0->1)`` when directed), or None when the
        graphs together have more than ``max_edges`` edges."""
        total = sum(graph.number_of_edges() for graph in self._graphs.values())
        if total > max_edges:
            return None
        if len(self._graphs) == 1:
            return edge_list_text(next(iter(self._graphs.values())))
        return "\n".join(f"{variable}: {edge_list_text(graph)}" for variable, graph in self._graphs.items())

    def close(self) -> None:
        """Stop the sandbox worker, if one is running."""
        with self._lock:
            if self._worker is not None:
                self._worker.close()
                self._worker = None

    def __enter__(self) -> NetworkXStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _hashable(value: Any) -> bool:
    try:
        hash(value)
    except TypeError:
        return False
    return True


def project(
    store: GraphStore, *, settings: Settings | None = None, extra: Mapping[str, nx.Graph] | None = None
) -> NetworkXStore:
    """A NetworkX store over a Cypher store's graph(s), for the Python path.

    Generated Python always sees the graph as ``G`` (and ``G_prime``), whatever the stored
    graph is called, so a single named graph (or the store's selected one) becomes ``G``.
    ``extra`` adds graphs that came with the question (``{"G_prime": pattern}``).

    Raises:
        StoreError: the store cannot project (too large, no graph), from its ``to_networkx``.
    """
    graphs: dict[str, nx.Graph] = dict(store.to_networkx())
    # A store with a selected graph projects only that one (GraphStore.to_networkx), so one graph
    # under any name is the graph asked about.
    if "G" not in graphs and len(graphs) == 1:
        graphs = {"G": next(iter(graphs.values()))}
    return NetworkXStore({**graphs, **(extra or {})}, settings=settings)
