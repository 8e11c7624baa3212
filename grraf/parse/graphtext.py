"""Graphs written inside a question (GraphInstruct and NLGraph styles).

Benchmarks paste the graph into the question text. grraf never sends that graph to the
LLM: :func:`parse_question` pulls every graph out into NetworkX and replaces its edge
text with a short placeholder, so the prompt does not grow with the graph.

Known formats (the ``format`` of :class:`ParsedQuestion`):

* ``"graphinstruct"`` -- tuples after "the edges are:" (or "Graph:"): ``(0, 3)`` undirected,
  ``(0->4)`` directed, ``(0,1,4)`` weighted undirected, ``(0->7,2)`` weighted directed;
  node weights ``[0, 2] [1, 9]`` after "weights of nodes are:".
* ``"nlgraph"`` -- sentences: "an edge between node 0 and node 1 with weight 4" (undirected),
  "an edge from node 2 to node 5 with capacity 3" (directed).

"The nodes are numbered from 0 to 8" fixes the node set (isolated nodes included) and every
edge must stay inside it. Text in a known format that is malformed raises
:class:`~grraf.errors.GraphInputError`; a half-parsed graph is never returned.

Everything is regex-over-the-whole-text (``re.findall``) plus ``add_edges_from``: a question
holding 1,000,000 edges parses in a few seconds.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from dataclasses import dataclass

import networkx as nx

from grraf.errors import GraphInputError
from grraf.parse.edgelist import build_networkx, gc_paused

__all__ = ["PLACEHOLDER", "ParsedQuestion", "looks_like_graph", "parse_question", "stated_counts", "verify_parsed"]

log = logging.getLogger(__name__)

SOURCE = "question text"

Node = int | str

# A node id: an integer, or a name such as ``a`` / ``b2`` (GraphInstruct's G' uses letters).
_NODE = r"-?\d+|[A-Za-z_]\w*"
# A number: an int or a float, optionally signed, optionally with an exponent.
_NUM = r"[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?"

# "the edges are:" as GraphInstruct writes it; without the colon only when an edge tuple follows
# ("The edges are (0,1) (1,2)", as people write it), so "the edges are weighted (by length)" is prose.
_EDGES_ANCHOR = re.compile(
    rf"\bedges\s+are\s*:|\bedges\s+are\s+(?=\(\s*(?:{_NODE})\s*(?:,|->))|\bgraph\s*:", re.IGNORECASE
)
_NODE_WEIGHTS_ANCHOR = re.compile(r"\bweights\s+of\s+(?:the\s+)?nodes\s+are\s*:", re.IGNORECASE)
_RANGE = re.compile(r"\bnumbered\s+from\s+(-?\d+|[A-Za-z])\s+to\s+(-?\d+|[A-Za-z])\b", re.IGNORECASE)
_STATED_NODES = re.compile(r"\b(?:with|has|have|are|of|and)\s+(\d+)\s+nodes\b", re.IGNORECASE)
_STATED_EDGES = re.compile(r"\b(?:with|has|have|are|of|and)\s+(\d+)\s+edges\b", re.IGNORECASE)
_DIRECTED_WORDS = re.compile(r"(?<!un)directed\s+(?:graph|edge)", re.IGNORECASE)
_UNDIRECTED_WORDS = re.compile(r"\bundirected\s+(?:graph|edge)", re.IGNORECASE)

# Tuple format. The run is loose (any parenthesised text separated by spaces/commas) so that a
# malformed tuple inside it is caught and reported instead of silently ending the graph early.
_TUPLE_RUN = re.compile(r"\([^()]*\)(?:[ \t\r\n,;]*\([^()]*\))*")
_TUPLE_LOOSE = re.compile(r"\([^()]*\)")
_TUPLE = re.compile(rf"\(\s*({_NODE})\s*(->|,)\s*({_NODE})\s*(?:,\s*({_NUM})\s*)?\)")
_NODE_WEIGHT_RUN = re.compile(r"\[[^\[\]]*\](?:[ \t\r\n,;]*\[[^\[\]]*\])*")
_NODE_WEIGHT_LOOSE = re.compile(r"\[[^\[\]]*\]")
_NODE_WEIGHT = re.compile(rf"\[\s*({_NODE})\s*,\s*({_NUM})\s*\]")

# Sentence format. A loose sentence runs to the next comma/semicolon/newline or to a full stop
# that is not a decimal point.
_NL_SENTENCE = r"an\s+edge\b(?:[^\n,;.]|\.\d)*"
_NL_RUN = re.compile(rf"{_NL_SENTENCE}(?:[\s,;.]*(?:and\s+)?{_NL_SENTENCE})*", re.IGNORECASE)
_NL_LOOSE = re.compile(_NL_SENTENCE, re.IGNORECASE)
_NL_EDGE = re.compile(
    rf"an\s+edge\s+(between|from)\s+node\s+({_NODE})\s+(and|to)\s+node\s+({_NODE})"
    rf"(?:\s+with\s+(?:weight|capacity|length|distance|cost)\s+({_NUM}))?\.?\s*$",
    re.IGNORECASE,
)

_TUPLE_EXPECTED = "edges written as (i,j), (i->j), (i,j,w) or (i->j,w) with w a number"
_NL_EXPECTED = (
    "'an edge between node i and node j [with weight w]' or 'an edge from node i to node j [with capacity w]'"
)

# Hints that a text holds a graph in some format we do not parse ourselves.
_UNKNOWN_HINTS = (
    re.compile(r"\b\w{1,12}\s*(?:->|-->|→|<->|--)\s*\w{1,12}\b"),
    re.compile(r"\b(?:\d+|[A-Z][A-Z0-9]{0,5}|[a-z])-(?:\d+|[A-Z][A-Z0-9]{0,5}|[a-z])\b"),
    re.compile(
        r"^[ \t]*[\w.]{1,20}[ \t]*:[ \t]*\[?[\w.]{1,20}(?:[ \t]*[, ][ \t]*[\w.]{1,20})+\]?[ \t]*$", re.MULTILINE
    ),
    re.compile(r"^[ \t]*\w{1,20}[ \t,;]+\w{1,20}(?:[ \t,;]+[-+]?\d+(?:\.\d+)?)?[ \t]*$", re.MULTILINE),
    re.compile(r"[(\[{]\s*['\"]?\w{1,20}['\"]?\s*,\s*['\"]?\w{1,20}['\"]?\s*[)\]}]"),
)
_UNKNOWN_MIN_HITS = 3
# A clause that relates two numbered things: "node 0 should be visited before node 4",
# "Applicant 0 is interested in job 3". Three of them describe a graph in prose.
_PROSE_EDGE = re.compile(r"\b[A-Za-z]+\s+\d+\b[^.;?!\n]{0,80}?\b[A-Za-z]+\s+\d+\b")
_PROSE_MIN_CLAUSES = 3


@dataclass(frozen=True)
class ParsedQuestion:
    """A question with its graphs taken out.

    Attributes:
        question: the question with each graph's edge text replaced by a short placeholder
            such as ``"[graph G: 9 nodes, 20 edges]"``; its length does not grow with the graph.
        graphs: ``"G"`` and, when the question has a second graph, ``"G_prime"`` (a third
            would be ``"G_3"``). Edge weights are in the edge attribute ``"weight"``, node
            weights in the node attribute ``"weight"``.
        format: ``"graphinstruct"`` (tuples) or ``"nlgraph"`` (sentences).
    """

    question: str
    graphs: dict[str, nx.Graph]
    format: str


@dataclass(frozen=True)
class _EdgeRows:
    """Edge tokens of one run, still as text."""

    sources: Sequence[str]
    targets: Sequence[str]
    weights: Sequence[str] | None
    directed: bool | None  # None: the syntax does not say (``(i,j)``, "between")
    format: str


@dataclass(frozen=True)
class _NodeRange:
    """What "numbered from lo to hi" allows."""

    nodes: tuple[Node, ...]
    text: str

    @property
    def numeric(self) -> bool:
        return bool(self.nodes) and isinstance(self.nodes[0], int)


def _error(message: str, *, expected: str, found: str) -> GraphInputError:
    return GraphInputError(message, source=SOURCE, expected=expected, found=found)


def _range_nodes(lo: str, hi: str) -> tuple[Node, ...] | None:
    """Nodes named by "numbered from lo to hi", or None when the bounds do not make a range.

    >>> _range_nodes("0", "3")
    (0, 1, 2, 3)
    >>> _range_nodes("a", "d")
    ('a', 'b', 'c', 'd')
    >>> _range_nodes("0", "d") is None
    True
    """
    if _is_int(lo) and _is_int(hi):
        return tuple(range(int(lo), int(hi) + 1)) if int(lo) <= int(hi) else None
    if len(lo) == 1 and len(hi) == 1 and lo.isalpha() and hi.isalpha() and lo.islower() == hi.islower():
        return tuple(chr(c) for c in range(ord(lo), ord(hi) + 1)) if lo <= hi else None
    return None


def _is_int(token: str) -> bool:
    """True when ``token`` is a whole number.

    >>> _is_int("-12"), _is_int("1.5"), _is_int("a")
    (True, False, False)
    """
    return re.fullmatch(r"[-+]?\d+", token.strip()) is not None


def _number(token: str) -> int | float:
    """An int when the text is a whole number, else a float.

    >>> _number("4"), _number("2.5")
    (4, 2.5)
    """
    return int(token) if _is_int(token) else float(token)


def _numbers(tokens: Sequence[str]) -> list[int] | list[float]:
    """Weights as ints when every one is whole, else floats (tokens are already checked to be numbers)."""
    try:
        return list(map(int, tokens))
    except ValueError:
        return list(map(float, tokens))


def stated_counts(text: str) -> tuple[int | None, int | None]:
    """Node and edge counts that the text states about its (first) graph.

    Args:
        text: question text.

    Returns:
        ``(nodes, edges)``; each is None when the text does not state it.

    >>> stated_counts("The nodes are numbered from 0 to 8, and the edges are: (0,1)")
    (9, None)
    >>> stated_counts("A directed graph with 5 nodes and with 12 edges.")
    (5, 12)
    >>> stated_counts("The nodes of subgraph G' are numbered from a to d")
    (4, None)
    """
    nodes: int | None = None
    match = _RANGE.search(text)
    if match:
        allowed = _range_nodes(match.group(1), match.group(2))
        nodes = len(allowed) if allowed is not None else None
    if nodes is None and (node_match := _STATED_NODES.search(text)):
        nodes = int(node_match.group(1))
    edge_match = _STATED_EDGES.search(text)
    return nodes, int(edge_match.group(1)) if edge_match else None


def verify_parsed(graph: nx.Graph, *, expected_nodes: int | None, expected_edges: int | None) -> None:
    """Check a parsed graph against the counts its text states.

    Args:
        graph: the parsed graph.
        expected_nodes: stated node count, or None to skip the check.
        expected_edges: stated edge count, or None to skip the check.

    Raises:
        GraphInputError: a count differs.

    >>> verify_parsed(nx.path_graph(3), expected_nodes=3, expected_edges=2)
    >>> verify_parsed(nx.path_graph(3), expected_nodes=4, expected_edges=None)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    grraf.errors.GraphInputError: question text: the text states 4 nodes but the graph has 3; ...
    """
    if expected_nodes is not None and graph.number_of_nodes() != expected_nodes:
        raise _error(
            f"the text states {expected_nodes} nodes but the graph has {graph.number_of_nodes()}",
            expected=f"{expected_nodes} nodes",
            found=f"{graph.number_of_nodes()} nodes",
        )
    if expected_edges is not None and graph.number_of_edges() != expected_edges:
        raise _error(
            f"the text states {expected_edges} edges but the graph has {graph.number_of_edges()}",
            expected=f"{expected_edges} edges",
            found=f"{graph.number_of_edges()} edges",
        )


def _tuple_rows(run: str) -> _EdgeRows:
    """Split a run of tuples into columns, or raise on the first malformed tuple."""
    with gc_paused():
        rows = _TUPLE.findall(run)
    if len(rows) != run.count("("):
        for loose in _TUPLE_LOOSE.finditer(run):
            if not _TUPLE.fullmatch(loose.group()):
                raise _error("malformed edge", expected=_TUPLE_EXPECTED, found=loose.group())
        raise _error("malformed edge list", expected=_TUPLE_EXPECTED, found=run[:80])  # defensive
    with gc_paused():
        sources, arrows, targets, weights = zip(*rows, strict=True)
    arrow_kinds = set(arrows)
    if len(arrow_kinds) > 1:
        first_undirected = next(i for i, a in enumerate(arrows) if a == ",")
        raise _error(
            "directed (->) and undirected (,) edges mixed in one graph",
            expected="all edges written the same way",
            found=_tuple_text(rows[first_undirected]),
        )
    return _EdgeRows(
        sources=sources,
        targets=targets,
        weights=_check_weights(weights, rows),
        directed=True if "->" in arrow_kinds else None,
        format="graphinstruct",
    )


def _tuple_text(row: tuple[str, ...]) -> str:
    """Re-assemble one tuple for an error message.

    >>> _tuple_text(("0", "->", "1", ""))
    '(0->1)'
    """
    source, arrow, target, weight = row
    return f"({source}{arrow}{target}{',' + weight if weight else ''})"


def _check_weights(weights: Sequence[str], rows: Sequence[tuple[str, ...]]) -> Sequence[str] | None:
    """None when no edge has a weight; the weights when all have one; raise when only some do."""
    missing = weights.count("")
    if missing == len(weights):
        return None
    if missing:
        first = next(i for i, w in enumerate(weights) if w == "")
        raise _error(
            "some edges have a weight and some do not",
            expected="a weight on every edge or on none",
            found=_tuple_text(rows[first]),
        )
    return weights


def _sentence_rows(run: str) -> _EdgeRows:
    """Split a run of "an edge ..." sentences into columns, or raise on the first malformed one."""
    rows: list[tuple[str, ...]] = []
    # One regex call per sentence: NLGraph graphs are small, and a per-sentence fullmatch is
    # what lets us name the exact malformed sentence.
    for loose in _NL_LOOSE.finditer(run):
        match = _NL_EDGE.match(loose.group().strip())
        if match is None:
            raise _error("malformed edge", expected=_NL_EXPECTED, found=loose.group().strip())
        kind, source, joint, target, weight = match.groups()
        if (kind.lower() == "between") != (joint.lower() == "and"):
            raise _error("malformed edge", expected=_NL_EXPECTED, found=loose.group().strip())
        rows.append((source, "->" if kind.lower() == "from" else ",", target, weight or ""))
    sources, arrows, targets, weights = zip(*rows, strict=True)
    if len(set(arrows)) > 1:
        raise _error(
            "'an edge from ... to' and 'an edge between ... and' mixed in one graph",
            expected="all edges written the same way",
            found=run[:80],
        )
    return _EdgeRows(
        sources=sources,
        targets=targets,
        weights=_check_weights(weights, rows),
        directed=True if arrows[0] == "->" else None,
        format="nlgraph",
    )


def _convert_nodes(tokens: Sequence[str], node_range: _NodeRange | None) -> list[Node]:
    """Node tokens as ints (when numeric) or strings, checked against the stated range."""
    if node_range is not None and node_range.numeric:
        try:
            with gc_paused():
                nodes: list[Node] = list(map(int, tokens))
        except ValueError:
            bad = next(t for t in tokens if not _is_int(t))
            raise _error(
                f"node {bad!r} is not in the stated range",
                expected=f"integer node ids {node_range.text}",
                found=bad,
            ) from None
        lo, hi = node_range.nodes[0], node_range.nodes[-1]
        if nodes and (min(nodes) < lo or max(nodes) > hi):  # type: ignore[operator]
            bad_node = next(n for n in nodes if n < lo or n > hi)  # type: ignore[operator]
            raise _error(
                f"node {bad_node} is outside the stated range",
                expected=f"node ids {node_range.text}",
                found=str(bad_node),
            )
        return nodes
    if node_range is not None:
        outside = set(tokens) - set(node_range.nodes)  # type: ignore[arg-type]
        if outside:
            bad = min(outside)
            raise _error(
                f"node {bad!r} is outside the stated range",
                expected=f"node ids {node_range.text}",
                found=bad,
            )
        return list(tokens)
    try:
        with gc_paused():
            return list(map(int, tokens))
    except ValueError:
        # Names such as "a" or "JFK": then every id stays a string ("1" and "a" side by side).
        return list(tokens)


def _node_weights(run: str, node_range: _NodeRange | None) -> tuple[list[Node], list[int] | list[float]]:
    """Parse ``[i, w] [j, v] ...`` into nodes and weights."""
    rows = _NODE_WEIGHT.findall(run)
    if len(rows) != run.count("["):
        for loose in _NODE_WEIGHT_LOOSE.finditer(run):
            if not _NODE_WEIGHT.fullmatch(loose.group()):
                raise _error("malformed node weight", expected="node weights written as [i, w]", found=loose.group())
    nodes, weights = zip(*rows, strict=True)
    return _convert_nodes(nodes, node_range), _numbers(weights)


def _build_graph(
    rows: _EdgeRows,
    *,
    directed: bool,
    node_range: _NodeRange | None,
    node_weights: tuple[list[Node], list[int] | list[float]] | None,
) -> nx.Graph:
    """Assemble one NetworkX graph; nothing is added before every token has been checked."""
    count = len(rows.sources)
    nodes = _convert_nodes(tuple(rows.sources) + tuple(rows.targets), node_range)
    sources, targets = nodes[:count], nodes[count:]
    weights = _numbers(rows.weights) if rows.weights is not None else None
    graph = build_networkx(
        sources, targets, weights, directed=directed, nodes=node_range.nodes if node_range is not None else None
    )
    if node_weights is not None:
        graph.add_nodes_from((node, {"weight": weight}) for node, weight in zip(*node_weights, strict=True))
    return graph


def _text_directed(text: str) -> bool:
    """What the words say: directed only when "directed graph" appears and "undirected" does not.

    >>> _text_directed("In a directed graph, (i->j) means ..."), _text_directed("an undirected graph")
    (True, False)
    """
    return bool(_DIRECTED_WORDS.search(text)) and not _UNDIRECTED_WORDS.search(text)


def _edge_run(text: str, start: int) -> tuple[int, int, _EdgeRows] | None:
    """The run of edges that begins at ``start`` (after blanks), with its span, or None."""
    pos = start
    while pos < len(text) and text[pos] in " \t\r\n":
        pos += 1
    match = _TUPLE_RUN.match(text, pos)
    if match:
        return match.start(), match.end(), _tuple_rows(match.group())
    match = _NL_RUN.match(text, pos)
    if match:
        return match.start(), match.end(), _sentence_rows(match.group())
    return None


def _empty_edge_list(text: str, start: int) -> bool:
    """True for "the edges are: ." / end of text: a stated graph with no edges."""
    rest = text[start : start + 64].lstrip()
    return rest == "" or rest[0] in ".?\n"


@dataclass(frozen=True)
class _Run:
    """One graph's text: where its edges are and what precedes them (its own prose)."""

    start: int
    end: int
    rows: _EdgeRows
    prose_start: int  # the graph's description ("numbered from ...") lies in prose_start..anchor
    anchor: int


@dataclass(frozen=True)
class _Found:
    """One graph found in the text: its placeholder span and the graph."""

    start: int
    end: int
    weights_span: tuple[int, int] | None
    graph: nx.Graph
    format: str


def _find_runs(text: str) -> list[_Run]:
    """Every run of edges that follows an edges anchor, in order of appearance."""
    runs: list[_Run] = []
    prose_start = 0
    # search() from the end of the previous run, never finditer(): a finditer would rescan
    # the (possibly megabytes of) edge text looking for the next anchor.
    while anchor := _EDGES_ANCHOR.search(text, prose_start):
        found = _edge_run(text, anchor.end())
        if found is None:
            if not anchor.group().lower().startswith("edges") or not _empty_edge_list(text, anchor.end()):
                prose_start = anchor.end()
                continue
            blank = len(text[anchor.end() : anchor.end() + 64]) - len(text[anchor.end() : anchor.end() + 64].lstrip())
            found = (anchor.end(), anchor.end() + blank, _EdgeRows((), (), None, None, "graphinstruct"))
        start, end, rows = found
        runs.append(_Run(start, end, rows, prose_start, anchor.start()))
        prose_start = end
    return runs


def _node_range(prose: str) -> _NodeRange | None:
    """The last "numbered from lo to hi" in a graph's description."""
    ranges = list(_RANGE.finditer(prose))
    if not ranges:
        return None
    last = ranges[-1]
    allowed = _range_nodes(last.group(1), last.group(2))
    if allowed is None:
        raise _error(
            "the stated node range is not a range",
            expected="'numbered from i to j' with i <= j, both numbers or both letters",
            found=last.group(),
        )
    return _NodeRange(allowed, f"from {last.group(1)} to {last.group(2)}")


def _find_graphs(text: str) -> list[_Found]:
    """Every graph in the text, checked and built, in order of appearance."""
    runs = _find_runs(text)
    if not runs:
        return []
    # Directedness words are looked up in the prose only, not in megabytes of edges.
    prose = "".join(text[run.prose_start : run.start] for run in runs) + text[runs[-1].end :]
    text_directed = _text_directed(prose)
    says_undirected = bool(_UNDIRECTED_WORDS.search(prose)) and not _DIRECTED_WORDS.search(prose)
    found: list[_Found] = []
    for run in runs:
        if not run.rows.sources and _node_range(text[run.prose_start : run.anchor]) is None:
            continue  # "edges are: ." with no node range states no graph at all
        node_range = _node_range(text[run.prose_start : run.anchor])
        weights_span, node_weights = _find_node_weights(text, run.prose_start, run.anchor, node_range)
        directed = run.rows.directed if run.rows.directed is not None else text_directed
        if run.rows.directed is True and says_undirected:
            log.warning("edges are written as directed but the text says 'undirected graph'; using directed")
        graph = _build_graph(run.rows, directed=directed, node_range=node_range, node_weights=node_weights)
        stated_nodes, stated_edges = stated_counts(text[run.prose_start : run.anchor])
        verify_parsed(graph, expected_nodes=stated_nodes, expected_edges=stated_edges)
        found.append(_Found(run.start, run.end, weights_span, graph, run.rows.format))
    return found


def _find_node_weights(
    text: str, lo: int, hi: int, node_range: _NodeRange | None
) -> tuple[tuple[int, int] | None, tuple[list[Node], list[int] | list[float]] | None]:
    """Node weights stated between ``lo`` and ``hi`` ("weights of nodes are: [0, 2] ...")."""
    anchor = _NODE_WEIGHTS_ANCHOR.search(text, lo, hi)
    if anchor is None:
        return None, None
    pos = anchor.end()
    while pos < hi and text[pos] in " \t\r\n":
        pos += 1
    match = _NODE_WEIGHT_RUN.match(text, pos, hi)
    if match is None:
        raise _error(
            "node weights announced but not found",
            expected="node weights written as [i, w]",
            found=text[pos : pos + 40],
        )
    return (match.start(), match.end()), _node_weights(match.group(), node_range)


def _graph_name(index: int) -> str:
    """``G``, ``G_prime``, then ``G_3``...

    >>> [_graph_name(i) for i in range(3)]
    ['G', 'G_prime', 'G_3']
    """
    return ("G", "G_prime")[index] if index < 2 else f"G_{index + 1}"


#: What :func:`_placeholder` and the node-weights marker put in the question: its numbers are
#: sizes, not values the question states.
PLACEHOLDER = re.compile(r"\[graph \w+: \d+ nodes, \d+ edges\]|\[node weights of \w+\]")


def _placeholder(name: str, graph: nx.Graph) -> str:
    """The short text that stands in for a graph in the question.

    >>> _placeholder("G", nx.path_graph(3))
    '[graph G: 3 nodes, 2 edges]'
    """
    return f"[graph {name}: {graph.number_of_nodes()} nodes, {graph.number_of_edges()} edges]"


def parse_question(text: str) -> ParsedQuestion | None:
    """Take the graphs out of a question.

    Args:
        text: the question, with one graph (or two: G and subgraph G') written in it.

    Returns:
        The question with placeholders and the graphs, or None when the text contains no
        graph in a known format.

    Raises:
        GraphInputError: the text has a graph in a known format but it is malformed (a bad
            tuple, a weight that is not a number, a node outside the stated range, counts
            that differ from the stated ones).

    >>> parsed = parse_question("The nodes are numbered from 0 to 3, and the edges are: (0->1,2) (1->2,5). Max flow?")
    >>> parsed.question
    'The nodes are numbered from 0 to 3, and the edges are: [graph G: 4 nodes, 2 edges]. Max flow?'
    >>> sorted(parsed.graphs["G"].edges(data="weight")), parsed.graphs["G"].is_directed()
    ([(0, 1, 2), (1, 2, 5)], True)
    >>> parse_question("Is there a path from 0 to 4? The edges are (0,1) (1,2) (3,4).").question
    'Is there a path from 0 to 4? The edges are [graph G: 5 nodes, 3 edges].'
    >>> parse_question("The edges are weighted (by length). Shortest path?") is None
    True
    """
    found = _find_graphs(text)
    if not found:
        return None
    pieces: list[str] = []
    graphs: dict[str, nx.Graph] = {}
    cursor = 0
    for index, item in enumerate(found):
        name = _graph_name(index)
        graphs[name] = item.graph
        if item.weights_span is not None:
            w_start, w_end = item.weights_span
            pieces += [text[cursor:w_start], f"[node weights of {name}]"]
            cursor = w_end
        # "edges are: ." (no edges) or "edges are:(0,1)": keep a blank before the placeholder.
        gap = " " if item.start > 0 and not text[item.start - 1].isspace() else ""
        pieces += [text[cursor : item.start], gap + _placeholder(name, item.graph)]
        cursor = item.end
    pieces.append(text[cursor:])
    formats = {item.format for item in found}
    return ParsedQuestion(question="".join(pieces), graphs=graphs, format="+".join(sorted(formats)))


def looks_like_graph(text: str) -> bool:
    """Heuristic: the text seems to hold a graph in a format :func:`parse_question` does not know.

    Counts edge-like tokens ("a-b", "a -> b", "a: b, c" adjacency lines, "0 1" edge-list
    lines, ``("a", "b")`` pairs). Used to decide whether to ask the LLM to write a parser.

    Args:
        text: question text.

    Returns:
        True when at least three such tokens appear and no known format is present.

    >>> looks_like_graph("Edges: A-B, B-C, C-D, D-A. Is there a cycle?")
    True
    >>> looks_like_graph("The nodes are numbered from 0 to 2, and the edges are: (0,1) (1,2).")
    False
    >>> looks_like_graph("What is the state-of-the-art method for graph coloring?")
    False
    >>> looks_like_graph("Node 0 comes before node 4. Node 4 comes before node 2. Node 1 comes before node 2. "
    ...                  "Give an order of the nodes.")
    True
    >>> looks_like_graph("Node 0 must precede node 4, node 4 node 2, and node 1 node 2. Give an order.")
    True
    """
    if _has_known_graph(text):
        return False
    if sum(1 for _ in _PROSE_EDGE.finditer(text)) >= _PROSE_MIN_CLAUSES:
        return True
    hits = 0
    for pattern in _UNKNOWN_HINTS:
        for _ in pattern.finditer(text):
            hits += 1
            if hits >= _UNKNOWN_MIN_HITS:
                return True
    return False


def prose_graph_sentences(text: str) -> list[str]:
    """The sentences of ``text`` that relate two numbered things (a graph described in words).

    >>> prose_graph_sentences("Applicant 0 is interested in job 3. How many applicants get a job?")
    ['Applicant 0 is interested in job 3.']
    """
    sentences = re.split(r"(?<=[.;!?])\s+|\n+", text.strip())
    return [s for s in sentences if _PROSE_EDGE.search(s) and not s.rstrip().endswith("?")]


def _has_known_graph(text: str) -> bool:
    """True when an edges anchor is followed by a run in a known format (no full parse)."""
    for anchor in _EDGES_ANCHOR.finditer(text):
        rest = text[anchor.end() : anchor.end() + 200].lstrip()
        if _TUPLE_RUN.match(rest) or _NL_RUN.match(rest):
            return True
    return False


# "a→b, a→c, b→c" or "a -> b": a small pattern graph written with letters for its nodes.
_ARROW = re.compile(r"(?<![\w-])([A-Za-z])\s*(?:→|->)\s*([A-Za-z])(?![\w])")


def parse_pattern(text: str) -> nx.DiGraph | None:
    """A small directed pattern written with letters and arrows in ``text``, or None.

    Users who give their graph as a file ask about a motif in words: "Does the pattern a→b, b→c,
    a→c appear in the network?". The letters name the pattern's nodes, distinct letters distinct
    nodes; GraphInstruct's own "(a->b)" notation reads the same.

    >>> sorted(parse_pattern("Is the motif a→b, b→c, a→c in the graph?").edges)
    [('a', 'b'), ('a', 'c'), ('b', 'c')]
    >>> parse_pattern("Is there a path from 1 to 4?") is None
    True
    >>> parse_pattern("An edge u→v means u must come before v. Give an order.") is None  # notation, not a pattern
    True
    """
    edges = _ARROW.findall(text)
    if len(edges) < 2:
        return None
    pattern = nx.DiGraph()
    pattern.add_edges_from(edges)
    return pattern
