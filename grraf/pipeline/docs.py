"""Documentation of the installed networkx, retrieved for the template stage (GraphSkill style).

When no verified template fits, the LLM drafts an algorithm, and a small model invents
functions (``nx.max_flow``, ``nx.has_cycle``). Showing it the few real functions that fit
the question fixes most of those errors. The index is built from the installed package
itself (modules walked with :mod:`pkgutil`, public names from ``__all__``, signatures from
:mod:`inspect`, summaries from docstrings), so it always matches the version that runs the
code.

Search is top-down with pruning, as in GraphSkill: the module tree is scored level by level
(module name, docstring summary and the names it exports, like a table of contents), only
the best few branches are opened, and the functions inside them are ranked.

Scoring is hand-written lexical matching rather than embeddings: the corpus is ~1,000 short
docstrings, no embedding model can be downloaded offline, and a readable scorer makes each
wrong pick debuggable with a test case.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import logging
import math
import pkgutil
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache, cached_property
from types import ModuleType
from typing import Any

import docstring_parser
import networkx as nx

logger = logging.getLogger(__name__)

__all__ = [
    "DocHit",
    "DocEntry",
    "DocIndex",
    "build_index",
    "format_hits",
    "resolve",
    "return_notes",
    "search_networkx_docs",
    "tokens",
]


@dataclass(frozen=True)
class DocHit:
    """One networkx function that may help answer a question.

    Attributes:
        qualname: where it lives, resolvable by import + getattr (``"networkx.maximum_flow_value"``).
        call: how to call it from ``nx`` (``"nx.maximum_flow_value(flowG, _s, _t, capacity='capacity')"``),
            or from the graph ``G`` for graph methods (``"G.in_degree(nbunch=None, weight=None)"``).
        summary: the first paragraph of its docstring, at most 200 characters.
        module: the module that defines it.
        score: relevance; higher is better.
    """

    qualname: str
    call: str
    summary: str
    module: str
    score: float


@dataclass(frozen=True)
class DocEntry:
    """An indexed function, class or method (without a score)."""

    qualname: str
    call: str
    summary: str
    module: str
    name_tokens: frozenset[str]
    summary_tokens: frozenset[str]
    top_level: bool
    key: str  # the name without its module (``diameter``, ``DiGraphMatcher.subgraph_is_monomorphic``)
    predicate: bool  # answers yes/no (``is_bipartite``, ``has_path``)


@dataclass
class _Branch:
    """A module or package of the tree: what the top-down search scores and opens."""

    name: str
    summary_tokens: frozenset[str] = frozenset()
    entries: list[DocEntry] = field(default_factory=list)
    children: list[_Branch] = field(default_factory=list)
    # every entry at or below this branch: its "table of contents"
    below: list[DocEntry] = field(default_factory=list)


@dataclass(frozen=True)
class DocIndex:
    """The whole index: the module tree and inverse document frequencies of tokens."""

    version: str
    root: _Branch
    entries: tuple[DocEntry, ...]
    idf: dict[str, float]


# ---------------------------------------------------------------------------------- tokens
# Parts of networkx that answer no question about a given graph: generators build new graphs
# (``path_graph`` and ``cycle_graph`` would outrank real algorithms on "path"/"cycle"),
# readwrite/drawing do I/O, utils/lazy_imports are plumbing. Everything else is walked.
_SKIP_PARTS = frozenset({"tests", "conftest", "generators", "readwrite", "drawing", "utils", "lazy_imports"})
# Graph classes whose methods are indexed (as ``G.<method>``); the multigraph ones repeat them.
_GRAPH_CLASSES = ("Graph", "DiGraph")

_STOP = frozenset(
    " ".join(
        [
            "a an the of in on to from for and or is are be this that there these those graph graphs node nodes",
            "given give find what which how many much does do did between each with by as it its if any all one",
            "you me us we i j k g q number output return returns yes no can could should would will please",
            "vertex vertices edge edges compute calculate get whether true false not using use",
        ]
    ).split()
)
# Canonical spellings folded before comparing (spelling variants, not meaning).
_VARIANTS = {
    "neighbour": "neighbor",
    "topology": "topological",
    "isomorphic": "isomorph",
    "isomorphism": "isomorph",
    "monomorphic": "monomorph",
    "monomorphism": "monomorph",
    "max": "maximum",
    "min": "minimum",
    "matcher": "match",
    "colour": "color",
    "hamilton": "hamiltonian",
    "cyclic": "cycle",
    "reachability": "reachable",
    "distanc": "distance",
}
# Words that mean nearly the same in graph questions; a synonym counts SYNONYM_WEIGHT of a match.
_SYNONYM_GROUPS: tuple[frozenset[str], ...] = tuple(
    frozenset(group.split())
    for group in (
        "flow capacity",
        "path route",
        "cycle loop",
        "connect reachable",
        "topological order sort",
        "bipartite bicolor",
        "isomorph subgraph substructure match monomorph",
        "degree indegree outdegree",
        "triangle",
        "weight length distance cost",
        "cluster transitivity",
    )
)
# Phrases rewritten before tokenising (multi-word synonyms).
_PHRASES = (
    (re.compile(r"\bpath exists?\b|\bexists? a path\b", re.I), " path connect reachable "),
    (re.compile(r"\b(?:two|2)[- ]colou?rable\b", re.I), " bipartite bicolor "),
    (re.compile(r"\bthree (?:inter)?connected nodes\b", re.I), " triangle "),
    (re.compile(r"\breach(?:ed|es|ing|able|ability)?\b", re.I), " reachable path "),
    (re.compile(r"\bin[- ]degree\b", re.I), " indegree in_degree "),
    (re.compile(r"\bout[- ]degree\b", re.I), " outdegree out_degree "),
)
SYNONYM_WEIGHT = 0.6
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")


def _stem(word: str) -> str:
    """Stem-lite: plural s, -ing, -ed; enough for a corpus of names and one-line summaries.

    >>> [_stem(w) for w in ["cycles", "matching", "weighted", "matches", "bipartite", "is"]]
    ['cycle', 'match', 'weight', 'match', 'bipartite', 'is']
    """
    if len(word) > 5 and word.endswith("ing"):
        word = word[:-3]
    elif len(word) > 4 and word.endswith(("ed", "ches", "shes", "xes", "sses")):
        word = word[:-2]
    elif len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        word = word[:-1]
    return _VARIANTS.get(word, word)


def tokens(text: str) -> list[str]:
    """Content tokens of a text or an identifier: split camelCase and snake_case, stem, fold.

    Compound names also yield their joined form (``in_degree`` -> ``indegree``, ``k-core`` ->
    ``kcore``), so a compound in the question matches a compound in a name strongly.

    >>> tokens("DiGraphMatcher")
    ['di', 'match', 'digraphmatcher']
    >>> tokens("Is there a path exists from node 0?")
    ['path', 'connect', 'reachable', 'path']
    >>> tokens("k-core of the graph")
    ['core', 'kcore']
    """
    for pattern, replacement in _PHRASES:
        text = pattern.sub(replacement, text)
    out: list[str] = []
    for word in re.findall(r"[A-Za-z0-9_\-]+", text):
        parts = [p for p in re.split(r"[_\-]+", _CAMEL.sub("_", word)) if p]
        for part in parts:
            token = _stem(part.lower())
            if token not in _STOP and not token.isdigit() and len(token) > 1:
                out.append(token)
        if len(parts) > 1:
            joined = _stem("".join(parts).lower())
            if joined not in _STOP:
                out.append(joined)
    return out


def _expand(query_tokens: Iterable[str]) -> dict[str, float]:
    """Query tokens with their synonyms, each with its weight (an exact word beats a synonym).

    >>> _expand(["flow"])
    {'flow': 1.0, 'capacity': 0.6}
    """
    weights: dict[str, float] = {}
    for token in query_tokens:
        weights[token] = 1.0
    for token in list(weights):
        for group in _SYNONYM_GROUPS:
            if token in group:
                for other in sorted(group - {token}):
                    weights[other] = max(weights.get(other, 0.0), SYNONYM_WEIGHT)
    return weights


def summary_of(doc: str | None, limit: int = 200) -> str:
    """The first paragraph of a docstring on one line, at most ``limit`` characters.

    >>> summary_of("Find the value of maximum\\n    single-commodity flow.\\n\\n    Parameters")
    'Find the value of maximum single-commodity flow.'
    """
    if not doc:
        return ""
    paragraph = inspect.cleandoc(doc).split("\n\n", 1)[0]
    text = " ".join(paragraph.split())
    return text if len(text) <= limit else text[: limit - 3].rsplit(" ", 1)[0] + "..."


# ---------------------------------------------------------------------------------- building
def _signature(obj: Any, *, drop_self: bool = False) -> str:
    """``(G, source, target, weight='weight')``; networkx's dispatch-only arguments left out."""
    try:
        signature = inspect.signature(obj)
    except (TypeError, ValueError):
        return "(...)"
    params = list(signature.parameters.values())
    if drop_self and params and params[0].name == "self":
        params = params[1:]
    # ``backend=None, **backend_kwargs`` are added to every function by networkx's dispatcher.
    kept = [p for p in params if p.name not in ("backend", "backend_kwargs")]
    return str(signature.replace(parameters=kept))


def _short_call(alias: str, signature: str, limit: int = 90) -> str:
    """A call form that fits a prompt: ``=None`` arguments go first, then trailing ones.

    >>> _short_call("nx.f", "(G, a, b='x', c=None, d=None)", limit=20)
    "nx.f(G, a, b='x')"
    >>> _short_call("nx.f", "(G, a, b='x', c=None, d=None)", limit=12)
    'nx.f(G, ...)'
    """
    call = f"{alias}{signature}"
    if len(call) <= limit:
        return call
    # split on top-level commas only (defaults may hold tuples or calls)
    parts = [p.strip() for p in re.split(r",\s*(?![^()\[\]{}]*[)\]}])", signature[1:-1]) if p.strip()]
    parts = [p for p in parts if not p.endswith("=None") and p not in ("*", "**kwargs")] or parts
    call = f"{alias}({', '.join(parts)})"
    while len(call) > limit and len(parts) > 1:
        parts = parts[:-1]
        call = f"{alias}({', '.join([*parts, '...'])})"
    return call


def _nx_aliases(modules: dict[str, ModuleType]) -> dict[str, str]:
    """The shortest ``nx.x.y`` path by which each module is reachable from ``networkx``."""
    aliases = {"networkx": "nx"}
    # Breadth-first over attributes that are walked modules: nx.flow before nx.algorithms.flow.
    frontier = [("nx", nx)]
    while frontier:
        nxt = []
        for path, mod in frontier:
            for attr, value in vars(mod).items():
                if isinstance(value, ModuleType) and value.__name__ in modules and value.__name__ not in aliases:
                    aliases[value.__name__] = f"{path}.{attr}"
                    nxt.append((f"{path}.{attr}", value))
        frontier = nxt
    return aliases


def _access(
    obj: Any, name: str, module: str, modules: dict[str, ModuleType], aliases: dict[str, str]
) -> tuple[str, str]:
    """(qualname, nx-call prefix) by the shortest public path: ``nx.<name>`` when exported at top level."""
    if getattr(nx, name, None) is obj:
        return f"networkx.{name}", f"nx.{name}"
    best: tuple[str, str] | None = None
    parts = module.split(".")
    for end in range(len(parts), 0, -1):
        owner = ".".join(parts[:end])
        if owner in modules and owner in aliases and getattr(modules[owner], name, None) is obj:
            candidate = (f"{owner}.{name}", f"{aliases[owner]}.{name}")
            if best is None or len(candidate[1]) < len(best[1]):
                best = candidate
    return best or (f"{module}.{name}", f"{aliases.get(module, module)}.{name}")


def _entries_of(module: ModuleType, modules: dict[str, ModuleType], aliases: dict[str, str]) -> list[DocEntry]:
    """Public functions and classes defined in ``module`` (and the methods of those classes)."""
    out: list[DocEntry] = []
    name = module.__name__
    for attr in getattr(module, "__all__", ()):
        obj = getattr(module, attr, None)
        if obj is None or getattr(obj, "__module__", None) != name:
            continue  # re-exported: indexed where it is defined
        if inspect.isclass(obj) and issubclass(obj, nx.Graph):
            if attr in _GRAPH_CLASSES:
                out.extend(_graph_methods(obj, name))
            continue
        if not callable(obj) or (inspect.isclass(obj) and issubclass(obj, BaseException)):
            continue  # exceptions are raised by networkx, not called to answer a question
        if inspect.isclass(obj) and _shadowed(obj, attr, name, modules):
            continue  # isomorphvf2.DiGraphMatcher: nx.isomorphism.DiGraphMatcher extends it under the same name
        if name.startswith("networkx.classes.") and inspect.isclass(obj):
            continue  # views and filters: reached through G, not called by user code
        qualname, alias = _access(obj, attr, name, modules, aliases)
        out.append(_entry(qualname, _short_call(alias, _signature(obj)), obj.__doc__, name, attr, alias, attr))
        if inspect.isclass(obj):
            constructor = _short_call(alias, _signature(obj), limit=60)
            for method_name, method in sorted(vars(obj).items()) + _inherited(obj):
                if method_name.startswith("_") or not inspect.isfunction(method):
                    continue
                call = f"{constructor}.{_short_call(method_name, _signature(method, drop_self=True), limit=50)}"
                out.append(
                    _entry(
                        f"{qualname}.{method_name}",
                        call,
                        method.__doc__,
                        name,
                        f"{attr}_{method_name}",
                        alias,
                        f"{attr}.{method_name}",
                    )
                )
    return out


def _shadowed(cls: type, attr: str, module: str, modules: dict[str, ModuleType]) -> bool:
    """Whether a package above ``module`` exports a subclass of ``cls`` under the same name."""
    parts = module.split(".")
    for end in range(len(parts) - 1, 0, -1):
        other = getattr(modules.get(".".join(parts[:end])), attr, None)
        if inspect.isclass(other) and other is not cls and issubclass(other, cls):
            return True
    return False


def _inherited(cls: type) -> list[tuple[str, Any]]:
    """Public methods a networkx class inherits from networkx base classes (GraphMatcher's for DiGraphMatcher)."""
    own = set(vars(cls))
    out: list[tuple[str, Any]] = []
    for base in cls.__mro__[1:]:
        if not base.__module__.startswith("networkx"):
            continue
        for method_name, method in sorted(vars(base).items()):
            if method_name not in own:
                own.add(method_name)
                out.append((method_name, method))
    return out


def _graph_methods(cls: type, module: str) -> list[DocEntry]:
    """``G.in_degree``-style entries for the methods and views of a graph class."""
    out = []
    for method_name, member in sorted(vars(cls).items()):
        if method_name.startswith("_"):
            continue
        if inspect.isfunction(member):
            call = _short_call(f"G.{method_name}", _signature(member, drop_self=True))
        elif isinstance(member, cached_property | property):
            # views: G.in_degree(node) or G.in_degree(nbunch, weight); G.nodes, G.edges, G.succ ...
            call = f"G.{method_name}(nbunch=None, weight=None)" if "degree" in method_name else f"G.{method_name}"
        else:
            continue
        qualname = f"networkx.{cls.__name__}.{method_name}"
        out.append(_entry(qualname, call, member.__doc__, module, method_name, "G", f"G.{method_name}"))
    return out


def _entry(qualname: str, call: str, doc: str | None, module: str, name: str, alias: str, key: str) -> DocEntry:
    summary = summary_of(doc)
    short = key.rsplit(".", 1)[-1]
    return DocEntry(
        qualname=qualname,
        call=call,
        summary=summary,
        module=module,
        name_tokens=frozenset(tokens(name)),
        summary_tokens=frozenset(tokens(summary)),
        top_level=alias.count(".") == 1 and alias.startswith("nx."),
        key=key,
        predicate=short.startswith(("is_", "has_")) or summary.lower().startswith(("returns true", "return true")),
    )


def _walk() -> dict[str, ModuleType]:
    """Every module of the installed networkx worth indexing, imported, by name."""
    modules: dict[str, ModuleType] = {"networkx": nx}
    for info in pkgutil.walk_packages(nx.__path__, "networkx.", onerror=lambda name: None):
        if _SKIP_PARTS & set(info.name.split(".")[1:]):
            continue
        try:
            modules[info.name] = importlib.import_module(info.name)
        except Exception as e:  # an optional dependency missing: index the rest
            logger.debug("networkx docs: skipped %s (%s)", info.name, e)
    return modules


@cache
def build_index() -> DocIndex:
    """Walk the installed networkx and index it (cached for the process; ~0.3 s)."""
    modules = _walk()
    aliases = _nx_aliases(modules)
    branches = {name: _Branch(name, frozenset(tokens(summary_of(m.__doc__)))) for name, m in modules.items()}
    seen: set[str] = set()
    entries: list[DocEntry] = []
    for name in sorted(modules):
        for entry in _entries_of(modules[name], modules, aliases):
            if entry.qualname not in seen:
                seen.add(entry.qualname)
                branches[name].entries.append(entry)
                entries.append(entry)
        parent = name.rsplit(".", 1)[0]
        if name != "networkx":
            # a module whose parent was skipped hangs from the nearest walked ancestor
            while parent not in branches:
                parent = parent.rsplit(".", 1)[0]
            branches[parent].children.append(branches[name])

    def collect(branch: _Branch) -> list[DocEntry]:
        branch.below = list(branch.entries)
        for child in branch.children:
            branch.below.extend(collect(child))
        return branch.below

    collect(branches["networkx"])
    df = Counter(token for entry in entries for token in entry.name_tokens | entry.summary_tokens)
    idf = {token: math.log(1 + len(entries) / count) for token, count in df.items()}
    logger.debug("networkx %s docs: %d entries from %d modules", nx.__version__, len(entries), len(modules))
    return DocIndex(version=nx.__version__, root=branches["networkx"], entries=tuple(entries), idf=idf)


# ---------------------------------------------------------------------------------- search
BEAM = 6  # branches opened at each level of the tree
_NAME = 3.0
_SUMMARY = 1.0
_TOP_LEVEL = 0.5
_PREDICATE = 1.0
_YES_NO = re.compile(r"^\s*(?:is|are|does|do|has|have|can|could)\b", re.I)

# Modules whose functions assume a special graph family; demoted unless the question names it.
_SPECIAL_FAMILY = re.compile(r"\.tournament$")
_FAMILIES = frozenset({"tournament"})
_FAMILY_FACTOR = 0.5

Query = list[dict[str, float]]  # one {token: weight} per query word: the word and its synonyms


def _match(words: dict[str, float], found: frozenset[str], idf: dict[str, float]) -> float:
    """A query word's weight in a token set: its best spelling, never the sum of its synonyms."""
    return max((weight * idf.get(token, 1.0) for token, weight in words.items() if token in found), default=0.0)


def _name_score(entry: DocEntry, query: Query, idf: dict[str, float]) -> float:
    return sum(_match(words, entry.name_tokens, idf) for words in query)


def _branch_score(branch: _Branch, query: Query, idf: dict[str, float]) -> float:
    """Module name (twice) and docstring summary, plus its best-matching exported name (its table of contents)."""
    own = frozenset(tokens(branch.name.rsplit(".", 1)[-1]))
    score = sum(max(2 * _match(words, own, idf), _match(words, branch.summary_tokens, idf)) for words in query)
    return score + max((_name_score(entry, query, idf) for entry in branch.below), default=0.0)


def _entry_score(entry: DocEntry, query: Query, idf: dict[str, float], yes_no: bool) -> float:
    name = summary = 0.0
    for words in query:
        in_name = _match(words, entry.name_tokens, idf)
        name += in_name
        summary += _match(words, entry.summary_tokens, idf) if in_name == 0.0 else 0.0
    if name == 0.0 and summary == 0.0:
        return 0.0
    # A name made only of query words beats a long one containing them (k_core vs k_core_decomposition).
    asked = {token for words in query for token in words}
    extra = len(entry.name_tokens - asked)
    score = _NAME * name / (1 + 0.15 * extra) + _SUMMARY * summary
    if yes_no and entry.predicate:
        score += _PREDICATE  # "Is there a path ...?" wants has_path, not shortest_path
    if _SPECIAL_FAMILY.search(entry.module) and not asked & _FAMILIES:
        # tournament.hamiltonian_path / is_reachable are right only for tournaments
        score *= _FAMILY_FACTOR
    return score + (_TOP_LEVEL if entry.top_level else 0.0)


def _candidates(index: DocIndex, query: Query) -> list[DocEntry]:
    """Entries of the branches a top-down beam search opens (GraphSkill's pruned descent)."""
    out: list[DocEntry] = list(index.root.entries)
    level: list[_Branch] = list(index.root.children)
    while level:
        scored = sorted(((_branch_score(b, query, index.idf), b.name, b) for b in level), key=lambda t: t[:2])
        scored.sort(key=lambda t: -t[0])
        opened = [b for score, _, b in scored[:BEAM] if score > 0]
        for branch in opened:
            out.extend(branch.entries)
        level = [child for branch in opened for child in branch.children]
    return out


def search_networkx_docs(query: str, *, k: int = 3) -> list[DocHit]:
    """The ``k`` networkx functions that best fit a question, best first ([] when nothing does).

    Args:
        query: the question or task words ("maximum flow from node 0 to node 5").
        k: how many hits at most.

    >>> search_networkx_docs("pagerank", k=1)[0].call.startswith("nx.pagerank(G")
    True
    """
    index = build_index()
    words = list(dict.fromkeys(tokens(query)))
    if not words:
        return []
    expanded = [_expand([word]) for word in words]
    yes_no = _YES_NO.search(query) is not None
    scored = []
    for entry in _candidates(index, expanded):
        score = _entry_score(entry, expanded, index.idf, yes_no)
        if score > 0:
            scored.append((score, entry))
    scored.sort(key=lambda item: (-item[0], not item[1].top_level, len(item[1].call), item[1].qualname))
    hits: list[DocHit] = []
    seen: set[str] = set()
    for score, entry in scored:
        # one hit per name: nx.diameter hides nx.approximation.diameter, the two DiGraphMatchers are one
        if entry.key in seen:
            continue
        seen.add(entry.key)
        hits.append(
            DocHit(
                qualname=entry.qualname,
                call=entry.call,
                summary=entry.summary,
                module=entry.module,
                score=round(score, 3),
            )
        )
        if len(hits) == k:
            break
    return hits


def format_hits(hits: list[DocHit], *, limit: int = 500) -> str:
    """Compact text for a prompt ('' when there are no hits), about ``limit`` characters at most.

    >>> print(format_hits([DocHit("networkx.pagerank", "nx.pagerank(G)", "Returns the PageRank.", "m", 1.0)]))
    Relevant networkx functions:
    - nx.pagerank(G): Returns the PageRank.
    """
    if not hits:
        return ""
    header = "Relevant networkx functions:"
    budget = max(60, (limit - len(header)) // len(hits) - 3)
    lines = [header]
    for hit in hits:
        room = budget - len(hit.call) - 2
        summary = hit.summary if len(hit.summary) <= room else hit.summary[: max(0, room - 3)].rsplit(" ", 1)[0] + "..."
        lines.append(f"- {hit.call}: {summary}" if room > 10 else f"- {hit.call}")
    return "\n".join(lines)


def resolve(qualname: str) -> Any:
    """The object a qualname names, by importing its longest importable module prefix.

    >>> resolve("networkx.maximum_flow_value") is nx.maximum_flow_value
    True

    Raises:
        AttributeError, ImportError: the installed networkx has no such object.
    """
    parts = qualname.split(".")
    for end in range(len(parts), 0, -1):
        try:
            obj: Any = importlib.import_module(".".join(parts[:end]))
        except ImportError:
            continue
        for attr in parts[end:]:
            obj = getattr(obj, attr)
        return obj
    raise ImportError(qualname)


# Where generated code failed, as the jail reports it: "(line 8: `...`)", else the traceback's last frame.
_FAILED_LINE = re.compile(r"\(line (\d+): `")
_FRAME_LINE = re.compile(r'File "<generated>", line (\d+)')
_NX_NAMES = frozenset({"nx", "networkx"})
# The errors of a value used as something it is not.
_MISREAD = re.compile(r"(?:TypeError|AttributeError|KeyError|IndexError|ValueError)\b")


def return_notes(code: str, error: str, *, limit: int = 3) -> str | None:
    """What the networkx functions behind a failing line return, from their docstrings; None when
    the line uses none.

    The 1.5B model's commonest runtime error is misreading a return value: it indexes the iterator
    of ``nx.all_pairs_shortest_path_length`` like a dict, or calls ``.values()`` on it, and repeats
    the mistake because the error message ("'generator' object is not subscriptable") does not say
    what the function gives instead. The function's own numpydoc ``Returns``/``Yields`` section
    does. The functions are those called on the failing line, and those whose results were stored
    in a variable the line uses. Docstrings are parsed with ``docstring_parser`` (networkx's are
    numpydoc).

    For ``d = nx.all_pairs_shortest_path_length(G)`` and a failing ``max(d.values())`` the note is
    "nx.all_pairs_shortest_path_length returns lengths (iterator): (source, dictionary) iterator
    with dictionary keyed by target ...".
    """
    if not _MISREAD.match(error.lstrip()):
        return None  # networkx's own errors ("graph is not connected") already say what is wrong
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return None
    found = _FAILED_LINE.search(error)
    frames = _FRAME_LINE.findall(error)
    line = int(found.group(1)) if found else int(frames[-1]) if frames else None
    if line is None:
        return None
    produced: dict[str, str] = {}  # variable -> the networkx function whose result it holds
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call):
            function = _nx_function(node.value.func)
            if function:
                for target in node.targets:
                    if isinstance(target, ast.Name):
                        produced[target.id] = function
    functions: list[str] = []
    for node in ast.walk(tree):
        if getattr(node, "lineno", None) != line:
            continue
        for inner in ast.walk(node):
            if isinstance(inner, ast.Call) and _nx_function(inner.func):
                functions.append(_nx_function(inner.func) or "")
            elif isinstance(inner, ast.Name) and inner.id in produced:
                functions.append(produced[inner.id])
    notes = [note for note in map(_return_note, dict.fromkeys(f for f in functions if f)) if note][:limit]
    if not notes:
        return None
    return "What the networkx functions on that line return (from their documentation):\n" + "\n".join(notes)


def _nx_function(func: ast.expr) -> str | None:
    """``"all_pairs_shortest_path_length"`` for ``nx.all_pairs_shortest_path_length`` (or a deeper
    ``nx.algorithms....`` path), else None."""
    parts: list[str] = []
    while isinstance(func, ast.Attribute):
        parts.append(func.attr)
        func = func.value
    if isinstance(func, ast.Name) and func.id in _NX_NAMES and parts:
        return ".".join(reversed(parts))
    return None


def _return_note(function: str) -> str | None:
    try:
        obj = resolve(f"networkx.{function}")
    except (AttributeError, ImportError):
        return None
    try:
        parsed = docstring_parser.parse(inspect.getdoc(obj) or "", style=docstring_parser.DocstringStyle.NUMPYDOC)
    except docstring_parser.ParseError:
        return None
    given = parsed.returns
    if given is None:
        return None
    if given.is_generator:
        verb = "yields, one at a time (a generator: wrap it in list() to index or count it),"
    elif re.search(r"\b(?:iterator|generator)\b", given.type_name or ""):
        verb = "returns (an iterator: wrap it in list(), or in dict() when it gives pairs, to index it)"
    else:
        verb = "returns"
    what = " ".join((given.description or "").split())
    name = f"{given.return_name} ({given.type_name})" if given.return_name and given.type_name else given.type_name
    text = f"- nx.{function} {verb} {name or 'a value'}: {what}" if what else f"- nx.{function} {verb} {name}"
    return text if len(text) <= 300 else text[:297] + "..."
