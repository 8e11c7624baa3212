"""A picture of the part of a graph an :class:`~grraf.types.Answer` is about.

:func:`graph_for_drawing` decides *what* to draw from the plan's task (each registry task names its
picture, ``grraf.tasks``), its parameters and the answer value;
:func:`draw_answer` draws it with matplotlib. What is drawn is always bounded
(:data:`MAX_NODES`): a million-node graph yields the few hundred nodes around the answer,
never the whole graph.

==================  =====================================================================
drawing kind        picture
==================  =====================================================================
flow                the flow decomposition: edges with positive flow, labelled flow/capacity
cycle               a cycle found by ``nx.find_cycle``, highlighted
order               the nodes laid out left to right in topological order
match               the subgraph of G that G_prime maps onto, highlighted
path                the path (the answer's, else a shortest one) and its neighbourhood
node                the node and its neighbours
graph (no task)     the whole graph when small, else the nodes mentioned plus neighbours
==================  =====================================================================
"""

from __future__ import annotations

import itertools
import logging
import math
from collections.abc import Hashable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import networkx as nx
from networkx.algorithms import isomorphism

from grraf.tasks import get_task
from grraf.types import Answer

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

    from grraf.stores.base import GraphStore

__all__ = ["MAX_NODES", "Drawing", "draw_answer", "graph_for_drawing", "graph_of", "main_graphs"]

logger = logging.getLogger(__name__)

MAX_NODES = 200
# Max flow and subgraph matching cost far more than a traversal: above these sizes the
# picture falls back to the neighbourhood of the mentioned nodes instead of computing them.
_FLOW_MAX_EDGES = 200_000
_MATCH_MAX_NODES = 2_000
_MATCH_BUDGET = 50_000
_EDGE_LABELS_MAX = 80

Node = Hashable


@dataclass(frozen=True)
class Drawing:
    """What to draw: a bounded graph and what to emphasise in it.

    Attributes:
        graph: the (sub)graph to draw, at most :data:`MAX_NODES` nodes.
        kind: ``flow``, ``cycle``, ``order``, ``match``, ``path``, ``node`` or ``graph``.
        title: a one-line caption.
        highlight_nodes: nodes drawn in the accent colour.
        highlight_edges: edges drawn thick in the accent colour.
        edge_labels: text per edge (weights, or flow/capacity).
        order: for ``order``, the left-to-right order of the nodes.
        note: why the picture is partial, if it is.
    """

    graph: nx.Graph
    kind: str
    title: str
    highlight_nodes: tuple[Node, ...] = ()
    highlight_edges: tuple[tuple[Node, Node], ...] = ()
    edge_labels: dict[tuple[Node, Node], str] = field(default_factory=dict)
    order: tuple[Node, ...] = ()
    note: str | None = None


def main_graphs(graph: nx.Graph | Mapping[str, nx.Graph]) -> tuple[nx.Graph, nx.Graph | None]:
    """The graph asked about and the pattern graph (``G_prime``) if there is one.

    Accepts a graph, or the mappings ``parse_question(q).graphs`` and ``store.to_networkx()`` return.

    >>> g, p = main_graphs({"G": nx.path_graph(3), "G_prime": nx.path_graph(2)})
    >>> g.number_of_nodes(), p.number_of_nodes()
    (3, 2)
    """
    if isinstance(graph, nx.Graph):
        return graph, None
    if not graph:
        raise ValueError("no graph to draw")
    graphs = dict(graph)
    main = graphs.pop("G", None)
    if main is None:
        main = graphs.pop(next(iter(graphs)))
    pattern = graphs.pop("G_prime", None)
    if pattern is None and graphs:
        pattern = next(iter(graphs.values()))
    return main, pattern


# --------------------------------------------------------------------------- helpers


def _resolve(graph: nx.Graph, value: Any) -> Node | None:
    """``value`` as a node of ``graph`` (parameters arrive as ints or strings).

    >>> g = nx.Graph([(1, "a")])
    >>> _resolve(g, "1"), _resolve(g, "a"), _resolve(g, 7), _resolve(g, [1])
    (1, 'a', None, None)
    """
    if value is None or isinstance(value, bool | list | tuple | dict | set | frozenset):
        return None
    try:
        if value in graph:
            return value
    except TypeError:  # unhashable
        return None
    for convert in (int, str):
        try:
            candidate = convert(value)
        except (TypeError, ValueError):
            continue
        if candidate in graph:
            return candidate
    return None


def _flatten(value: Any, depth: int = 0) -> Iterator[Any]:
    """Scalars inside a value (lists of lists, dict keys and values), depth-bounded."""
    if depth > 3:
        return
    if isinstance(value, Mapping):
        for k, v in itertools.islice(value.items(), MAX_NODES):
            yield k
            yield from _flatten(v, depth + 1)
    elif isinstance(value, list | tuple | set | frozenset):
        for item in itertools.islice(value, MAX_NODES):
            yield from _flatten(item, depth + 1)
    elif value is not None and not isinstance(value, bool | float):
        yield value


def _mentioned(graph: nx.Graph, answer: Answer) -> list[Node]:
    """Nodes named in the parameters and the answer value, in that order, without repeats."""
    parameters = answer.plan.parameters if answer.plan else {}
    found: dict[Node, None] = {}
    for value in itertools.chain(_flatten(list(parameters.values())), _flatten(answer.value)):
        node = _resolve(graph, value)
        if node is not None:
            found[node] = None
    return list(found)


def _neighbours(graph: nx.Graph, node: Node) -> Iterator[Node]:
    if graph.is_directed():
        yield from graph.successors(node)
        yield from graph.predecessors(node)
    else:
        yield from graph.neighbors(node)


def _neighbourhood(graph: nx.Graph, centres: Iterable[Node], limit: int = MAX_NODES) -> list[Node]:
    """``centres`` then their neighbours, breadth-first by one hop, at most ``limit`` nodes.

    Neighbours are shared fairly: each centre gets its turn, so one hub cannot crowd out the rest.

    >>> _neighbourhood(nx.star_graph(500), [0], limit=4)
    [0, 1, 2, 3]
    """
    chosen: dict[Node, None] = dict.fromkeys(itertools.islice(centres, limit))
    iterators = [_neighbours(graph, c) for c in list(chosen)]
    while iterators and len(chosen) < limit:
        alive = []
        for it in iterators:
            nxt = next(it, None)
            if nxt is None:
                continue
            alive.append(it)
            chosen.setdefault(nxt, None)
            if len(chosen) >= limit:
                break
        iterators = alive
    return list(chosen)


def _weight_key(graph: nx.Graph) -> str | None:
    """The numeric edge attribute that holds weights, if any (checked on a sample of edges)."""
    for _, _, data in itertools.islice(graph.edges(data=True), 50):
        for key in ("weight", "capacity", "cost", "length", "distance"):
            if isinstance(data.get(key), int | float) and not isinstance(data.get(key), bool):
                return key
    return None


def _weight_labels(graph: nx.Graph) -> dict[tuple[Node, Node], str]:
    key = _weight_key(graph)
    if key is None or graph.number_of_edges() > _EDGE_LABELS_MAX:
        return {}
    return {(u, v): _number(d[key]) for u, v, d in graph.edges(data=True) if key in d}


def _number(x: Any) -> str:
    """A number as short text.

    >>> _number(3.0), _number(2.5), _number("x")
    ('3', '2.5', 'x')
    """
    if isinstance(x, float) and x.is_integer():
        return str(int(x))
    return f"{x:g}" if isinstance(x, float) else str(x)


def _subgraph(graph: nx.Graph, nodes: Iterable[Node]) -> nx.Graph:
    """An induced copy (a view would keep the huge graph alive and slow to draw)."""
    sub = graph.subgraph(list(nodes)).copy()
    if sub.is_multigraph():  # drawing and labels want one edge per pair
        sub = nx.DiGraph(sub) if sub.is_directed() else nx.Graph(sub)
    return sub


def _size_note(graph: nx.Graph, shown: int) -> str | None:
    total = graph.number_of_nodes()
    return None if shown >= total else f"showing {shown:,} of {total:,} nodes"


def _is_path(graph: nx.Graph, nodes: list[Node]) -> bool:
    return len(nodes) >= 2 and all(graph.has_edge(u, v) for u, v in itertools.pairwise(nodes))


# --------------------------------------------------------------------------- kinds


def _overview(graph: nx.Graph, answer: Answer, kind: str = "graph", title: str = "") -> Drawing:
    """The whole graph when small; else the mentioned nodes and their neighbours."""
    title = title or f"graph ({graph.number_of_nodes():,} nodes, {graph.number_of_edges():,} edges)"
    mentioned = _mentioned(graph, answer)
    if graph.number_of_nodes() <= MAX_NODES:
        sub = _subgraph(graph, graph.nodes)
    else:
        centres = mentioned or list(itertools.islice(graph.nodes, 1))
        sub = _subgraph(graph, _neighbourhood(graph, centres))
    return Drawing(
        sub,
        kind,
        title,
        highlight_nodes=tuple(n for n in mentioned if n in sub),
        edge_labels=_weight_labels(sub),
        note=_size_note(graph, sub.number_of_nodes()),
    )


def _path(graph: nx.Graph, answer: Answer, parameters: Mapping[str, Any]) -> Drawing:
    source = _resolve(graph, parameters.get("source"))
    target = _resolve(graph, parameters.get("target"))
    path: list[Node] = []
    value = answer.value
    if isinstance(value, list | tuple):
        nodes = [_resolve(graph, v) for v in value]
        if None not in nodes and _is_path(graph, nodes):
            path = nodes  # the answer is itself a path: show exactly that one
    if not path and source is not None and target is not None:
        try:
            path = nx.shortest_path(graph, source, target, weight=_weight_key(graph))
        except (nx.NetworkXNoPath, nx.NodeNotFound):
            path = []
    ends = [n for n in (source, target) if n is not None]
    if not path and not ends:
        return _overview(graph, answer, "path")
    centres = path[:MAX_NODES] if path else ends
    sub = _subgraph(graph, _neighbourhood(graph, centres))
    edges = tuple((u, v) for u, v in itertools.pairwise(path) if sub.has_edge(u, v))
    if path:
        title = f"path {path[0]} → {path[-1]} ({len(path) - 1} edges)"
    elif len(ends) == 2:
        title = f"no path from {ends[0]} to {ends[1]}"
    else:
        title = f"around node {ends[0]}"
    return Drawing(
        sub,
        "path",
        title,
        highlight_nodes=tuple(n for n in (path or ends) if n in sub),
        highlight_edges=edges,
        edge_labels=_weight_labels(sub),
        note=_size_note(graph, sub.number_of_nodes()),
    )


def _cycle(graph: nx.Graph, answer: Answer) -> Drawing:
    try:
        cycle = [(e[0], e[1]) for e in nx.find_cycle(graph)]
    except nx.NetworkXNoCycle:
        return _overview(graph, answer, "cycle", "no cycle")
    nodes = [u for u, _ in cycle]
    sub = _subgraph(graph, _neighbourhood(graph, nodes[:MAX_NODES]))
    return Drawing(
        sub,
        "cycle",
        f"a cycle of {len(cycle)} edges",
        highlight_nodes=tuple(n for n in nodes if n in sub),
        highlight_edges=tuple(e for e in cycle if sub.has_edge(*e)),
        edge_labels=_weight_labels(sub),
        note=_size_note(graph, sub.number_of_nodes()),
    )


def _flow(graph: nx.Graph, answer: Answer, parameters: Mapping[str, Any]) -> Drawing:
    source = _resolve(graph, parameters.get("source"))
    target = _resolve(graph, parameters.get("target"))
    if source is None or target is None or source == target or graph.number_of_edges() > _FLOW_MAX_EDGES:
        return _overview(graph, answer, "flow")
    capacity = "capacity" if _weight_key(graph) == "capacity" else "weight"
    flow_graph = nx.DiGraph(graph) if graph.is_multigraph() else graph
    try:
        value, flows = nx.maximum_flow(flow_graph, source, target, capacity=capacity)
    except (nx.NetworkXError, nx.NetworkXUnbounded) as e:
        logger.info("max flow for the drawing failed: %s", e)
        return _overview(graph, answer, "flow")
    drawn = nx.DiGraph()
    drawn.add_nodes_from([source, target])
    labels: dict[tuple[Node, Node], str] = {}
    for u, targets in flows.items():
        for v, f in targets.items():
            if f > 0 and len(drawn) < MAX_NODES:
                drawn.add_edge(u, v)
                cap = flow_graph[u][v].get(capacity, "∞") if flow_graph.has_edge(u, v) else "∞"
                labels[(u, v)] = f"{_number(f)}/{_number(cap)}"
    return Drawing(
        drawn,
        "flow",
        f"max flow {source} → {target} = {_number(value)} (flow/capacity)",
        highlight_nodes=(source, target),
        highlight_edges=tuple(drawn.edges),
        edge_labels=labels,
        note=_size_note(graph, drawn.number_of_nodes()),
    )


class _OutOfBudget(Exception):
    """The subgraph search took too many steps to be worth a picture."""


def _budgeted(matcher_class: type[Any]) -> type[Any]:
    class Budgeted(matcher_class):  # type: ignore[misc, valid-type]
        def syntactic_feasibility(self, g1_node: Any, g2_node: Any) -> bool:
            self.steps = getattr(self, "steps", 0) + 1
            if self.steps > _MATCH_BUDGET:
                raise _OutOfBudget
            return bool(super().syntactic_feasibility(g1_node, g2_node))

    return Budgeted


def _match(graph: nx.Graph, pattern: nx.Graph | None, answer: Answer) -> Drawing:
    if pattern is None or graph.number_of_nodes() > _MATCH_MAX_NODES:
        return _overview(graph, answer, "match")
    directed = graph.is_directed() and pattern.is_directed()
    base = isomorphism.DiGraphMatcher if directed else isomorphism.GraphMatcher
    g = graph if directed else nx.Graph(graph)
    p = pattern if directed else nx.Graph(pattern)
    matcher = _budgeted(base)(g, p)
    try:
        mapping = next(matcher.subgraph_monomorphisms_iter(), None)
    except _OutOfBudget:
        mapping = None
    if not mapping:
        return _overview(graph, answer, "match", "no match of G_prime found")
    inverse = {pn: gn for gn, pn in mapping.items()}
    edges = tuple((inverse[a], inverse[b]) for a, b in p.edges)
    nodes = list(mapping)
    centres = nodes if graph.number_of_nodes() > MAX_NODES else list(graph.nodes)
    sub = _subgraph(graph, _neighbourhood(graph, nodes + [n for n in centres if n not in mapping]))
    return Drawing(
        sub,
        "match",
        "G_prime matched onto " + ", ".join(f"{gn}←{pn}" for gn, pn in list(mapping.items())[:12]),
        highlight_nodes=tuple(n for n in nodes if n in sub),
        highlight_edges=tuple(e for e in edges if sub.has_edge(*e)),
        note=_size_note(graph, sub.number_of_nodes()),
    )


def _order(graph: nx.Graph, answer: Answer) -> Drawing:
    order: list[Node] = []
    if isinstance(answer.value, list | tuple):
        resolved = [_resolve(graph, v) for v in answer.value]
        if None not in resolved and len(set(resolved)) == len(resolved):
            order = resolved
    if not order and graph.is_directed():
        try:
            order = list(itertools.islice(nx.topological_sort(graph), MAX_NODES))
        except nx.NetworkXUnfeasible:
            return _cycle(graph, answer)
    if not order:
        return _overview(graph, answer, "order")
    order = order[:MAX_NODES]
    sub = _subgraph(graph, order)
    return Drawing(
        sub,
        "order",
        "topological order (left to right)",
        highlight_nodes=tuple(order[:1]),
        order=tuple(order),
        note=_size_note(graph, sub.number_of_nodes()),
    )


def _node(graph: nx.Graph, answer: Answer, parameters: Mapping[str, Any]) -> Drawing:
    node = _resolve(graph, parameters.get("node"))
    if node is None:
        mentioned = _mentioned(graph, answer)
        node = mentioned[0] if mentioned else None
    if node is None:
        return _overview(graph, answer, "node")
    sub = _subgraph(graph, _neighbourhood(graph, [node]))
    if graph.is_directed():
        title = f"node {node}: in-degree {graph.in_degree(node)}, out-degree {graph.out_degree(node)}"
    else:
        title = f"node {node}: degree {graph.degree(node)}"
    edges = tuple(e for e in sub.edges if node in e)
    return Drawing(
        sub,
        "node",
        title,
        highlight_nodes=(node,),
        highlight_edges=edges,
        edge_labels=_weight_labels(sub),
        note=_size_note(graph, sub.number_of_nodes()),
    )


def graph_for_drawing(answer: Answer, graph: nx.Graph | Mapping[str, nx.Graph]) -> Drawing:
    """Decide what part of ``graph`` to draw for ``answer`` (bounded to :data:`MAX_NODES` nodes).

    Args:
        answer: the answer; its plan's task (the registry's drawing kind), parameters and value
            choose the picture.
        graph: the graph asked about, or a mapping such as ``{"G": g, "G_prime": pattern}``.
    """
    main, pattern = main_graphs(graph)
    plan = answer.plan
    task = get_task(plan.task) if plan is not None and plan.task else None
    parameters = plan.parameters if plan is not None else {}
    kind = task.draw if task is not None else "graph"
    if kind == "flow":
        return _flow(main, answer, parameters)
    if kind == "cycle":
        return _cycle(main, answer)
    if kind == "order":
        return _order(main, answer)
    if kind == "match":
        return _match(main, pattern, answer)
    if kind == "path":
        return _path(main, answer, parameters)
    if kind == "node":
        return _node(main, answer, parameters)
    return _overview(main, answer)


# --------------------------------------------------------------------------- drawing

_ACCENT = "#d6336c"
_PLAIN = "#9ecae1"


def _layout(drawing: Drawing) -> dict[Node, tuple[float, float]]:
    graph = drawing.graph
    if drawing.order:
        # Left to right in order; alternate heights so edges between neighbours stay visible.
        return {n: (float(i), 0.35 * ((i % 3) - 1)) for i, n in enumerate(drawing.order)}
    if graph.number_of_nodes() == 0:
        return {}
    k = 1.5 / math.sqrt(max(graph.number_of_nodes(), 1))
    return dict(nx.spring_layout(graph, seed=7, k=k))


def draw_on(drawing: Drawing, ax: Axes) -> None:
    """Draw a :class:`Drawing` on matplotlib axes."""
    graph = drawing.graph
    pos = _layout(drawing)
    n = graph.number_of_nodes()
    size = 420 if n <= 30 else 160 if n <= 100 else 60
    highlighted = set(drawing.highlight_nodes)
    colours = [_ACCENT if node in highlighted else _PLAIN for node in graph.nodes]
    arrows = graph.is_directed()
    curved = "arc3,rad=0.25" if drawing.order else "arc3"
    emphasised = set(drawing.highlight_edges)
    if not arrows:  # an undirected edge may be named in either direction
        emphasised |= {(v, u) for u, v in emphasised}
    plain_edges = [e for e in graph.edges if e not in emphasised]
    nx.draw_networkx_nodes(graph, pos, ax=ax, node_color=colours, node_size=size, linewidths=0.5, edgecolors="#333")
    common: dict[str, Any] = {"ax": ax, "node_size": size}
    if arrows:
        common.update(arrows=True, arrowstyle="-|>", connectionstyle=curved)
    nx.draw_networkx_edges(graph, pos, edgelist=plain_edges, edge_color="#888", width=0.8, alpha=0.7, **common)
    if drawing.highlight_edges:
        nx.draw_networkx_edges(
            graph, pos, edgelist=list(drawing.highlight_edges), edge_color=_ACCENT, width=2.6, **common
        )
    if n <= MAX_NODES:
        nx.draw_networkx_labels(graph, pos, ax=ax, font_size=9 if n <= 30 else 6)
    if drawing.edge_labels:
        labels = {e: t for e, t in drawing.edge_labels.items() if graph.has_edge(*e)}
        nx.draw_networkx_edge_labels(graph, pos, edge_labels=labels, ax=ax, font_size=7, rotate=False)
    if drawing.order:  # the zigzag spans y in [-0.35, 0.35]; leave room for the arcs only
        ax.set_ylim(-0.9, 0.6)
    ax.set_title(drawing.title + (f"\n({drawing.note})" if drawing.note else ""), fontsize=10)
    ax.set_axis_off()


def draw_answer(
    answer: Answer,
    graph: nx.Graph | Mapping[str, nx.Graph],
    path: str | Path | None = None,
    *,
    ax: Axes | None = None,
) -> Figure:
    """Draw the part of ``graph`` that ``answer`` is about.

    Args:
        answer: the answer (its plan's task, parameters and value choose the picture).
        graph: the graph asked about: a networkx graph, or a mapping of them such as
            ``parse_question(q).graphs`` or ``store.to_networkx()`` (``G`` is drawn;
            ``G_prime`` is the pattern of a substructure question).
        path: write the picture to this file (PNG, SVG, PDF by extension).
        ax: draw on these axes instead of a new figure.

    Returns:
        The matplotlib figure (Jupyter shows it when it ends a cell).

    The new figure is a plain :class:`matplotlib.figure.Figure`, not a pyplot one, so
    writing a file renders with Agg whatever the session's backend, and no window opens.
    """
    drawing = graph_for_drawing(answer, graph)
    if ax is None:
        from matplotlib.figure import Figure

        n = drawing.graph.number_of_nodes()
        width = 10.0 if drawing.order and n > 12 else 7.0 if n <= 60 else 9.0
        fig = Figure(figsize=(width, 5.5 if not drawing.order else 4.0))
        ax = fig.add_subplot()
    else:
        fig = ax.figure  # type: ignore[assignment]
    draw_on(drawing, ax)
    fig.tight_layout()
    if path is not None:
        fig.savefig(path, dpi=120)
        logger.info("wrote %s (%s, %d nodes)", path, drawing.kind, drawing.graph.number_of_nodes())
    return fig


def graph_of(
    question: str, graph: nx.Graph | None = None, store: GraphStore | None = None
) -> nx.Graph | Mapping[str, nx.Graph] | None:
    """The graph an answer was about, wherever it came from (for ``grraf ask --draw``).

    Args:
        question: the question as asked (its text may hold the graph).
        graph: a graph given separately (``--graph FILE``); wins when present.
        store: the open store that answered: its graphs as NetworkX (``to_networkx()``, which for a
            Cypher store reads the whole stored graph), where its capabilities say it projects.

    Returns:
        A graph or a mapping of graphs for :func:`draw_answer`, or None when there is none to draw
        (e.g. a Neo4j database without grraf graphs, or a graph only the LLM-written parser read).
    """
    if graph is not None:
        return graph
    if store is not None:
        if not store.capabilities().projects:
            return None
        from grraf.errors import GrrafError

        try:
            projected = store.to_networkx()
        except GrrafError as e:  # e.g. too large to project, or no grraf graph in the database
            logger.warning("cannot draw: %s", e)
            return None
        return projected or None
    from grraf.errors import GrrafError
    from grraf.parse.graphtext import parse_question

    try:
        parsed = parse_question(question)
    except GrrafError:
        return None
    return dict(parsed.graphs) if parsed is not None else None
