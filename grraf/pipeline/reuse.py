"""Reuse of verified code for later questions of the same shape (issue 6 section 4).

Code that answered "max flow from 0 to 7 in a directed weighted graph" answers "max flow
from 2 to 5" in another such graph once its parameter values are swapped, with no LLM call;
code that answered "how many bridges has this undirected graph?" answers it for any other
such graph as it is. The code is generalised only when that is unambiguous: it reads the
graph ``G``, and every parameter value occurs exactly once in it, as a literal argument of a
call or the value of an assignment. Anything else is not stored, because a wrong
generalisation (or code that only prints a number the LLM worked out in its head) would turn
into answers that look verified and are wrong.

Each stored program records what verified it: the verified template a self-check agreed
with, or ``"executed"`` when no independent check exists for the task (GRRAF's own notion of
a verified answer: the code ran on the graph).

One JSON file per shape under the store's root, written atomically (temporary file +
``os.replace``), so concurrent writers leave one complete file and readers never see half of
one. Unreadable files are ignored and logged.
"""

from __future__ import annotations

import ast
import hashlib
import json
import logging
import os
import re
import tempfile
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from grraf.types import Plan

logger = logging.getLogger(__name__)

FORMAT_VERSION = 1
#: Placeholders are identifiers, so stored code still parses; no LLM-written code uses this prefix.
PLACEHOLDER_PREFIX = "__grraf_param_"
#: Only these literal types are generalised: their ``repr`` is a literal that reads back the same.
_LITERAL_TYPES = (int, float, str, bool)
# Tasks too vague to define a shape: two unrelated questions would share code.
# Only Python is generalised: Cypher has no parser here, and rendered Cypher repeats literals.
PYTHON_DIALECTS = frozenset({"networkx"})


def placeholder(name: str) -> str:
    """The identifier standing for parameter ``name`` in stored code.

    >>> placeholder("source")
    '__grraf_param_source__'
    """
    return f"{PLACEHOLDER_PREFIX}{name}__"


@dataclass(frozen=True)
class Reusable:
    """Verified code with its parameter values replaced by placeholders.

    Attributes:
        shape: the key (see :meth:`ReuseStore.shape_of`).
        code: the code, each parameter value replaced by :func:`placeholder` of its name.
        parameters: the parameter names, sorted (empty for a question without parameters).
        verified_by: what vouched for the code: a verified template's name, or ``"executed"``.
    """

    shape: str
    code: str
    parameters: tuple[str, ...]
    verified_by: str = "executed"

    def bind(self, parameters: Mapping[str, Any]) -> str | None:
        """The code with new values as ``repr`` literals; None if a parameter is missing or not a literal.

        >>> Reusable("s", "answer = f(G, __grraf_param_source__)", ("source",)).bind({"source": 3})
        'answer = f(G, 3)'
        >>> Reusable("s", "answer = f(G, __grraf_param_source__)", ("source",)).bind({}) is None
        True
        """
        code = self.code
        for name in self.parameters:
            if name not in parameters or not _is_literal(parameters[name]):
                return None
            code = code.replace(placeholder(name), repr(parameters[name]))
        return code


def _is_literal(value: Any) -> bool:
    """Whether a value can be generalised and bound (int, float, str, bool; not NaN or inf).

    >>> _is_literal(3), _is_literal("a"), _is_literal(None), _is_literal([1]), _is_literal(float("nan"))
    (True, True, False, False, False)
    """
    if not isinstance(value, _LITERAL_TYPES):
        return False
    return not (isinstance(value, float) and (value != value or value in (float("inf"), float("-inf"))))


def _same_literal(node: ast.AST, value: Any) -> bool:
    # type(...) is type(...): True == 1 and 1 == 1.0 in Python, but they are different literals here.
    return isinstance(node, ast.Constant) and type(node.value) is type(value) and node.value == value


def _binding_sites(tree: ast.AST) -> set[int]:
    """ids of Constant nodes that are a call argument, a keyword argument or an assigned value."""
    sites: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            sites.update(id(a) for a in node.args)
            sites.update(id(k.value) for k in node.keywords)
        elif isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None:
            sites.add(id(node.value))
    return sites


def _reads_graph(tree: ast.AST) -> bool:
    """Whether the code uses the graph ``G`` at all (code that does not cannot answer another graph)."""
    return any(isinstance(node, ast.Name) and node.id == "G" for node in ast.walk(tree))


def generalise(code: str, parameters: Mapping[str, Any]) -> tuple[str, tuple[str, ...]] | None:
    """``code`` with each parameter value replaced by its placeholder, or None when that is ambiguous.

    The code must read ``G``. Every value must occur exactly once among all the literals of the
    code, and that once as a call argument or an assigned value. ``source=0`` with ``return 0``
    elsewhere is refused: which 0 is the source cannot be told apart. Without parameters the
    code is kept as it is.

    >>> generalise("answer = solve(G, source=2, target=7)", {"source": 2, "target": 7})[0]
    'answer = solve(G, source=__grraf_param_source__, target=__grraf_param_target__)'
    >>> generalise("x = 2\\nanswer = solve(G, 2)", {"source": 2}) is None
    True
    >>> generalise("answer = len(list(nx.bridges(G)))", {})
    ('answer = len(list(nx.bridges(G)))', ())
    >>> generalise("answer = 3", {}) is None
    True
    """
    if PLACEHOLDER_PREFIX in code:
        return None
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return None
    if not _reads_graph(tree):
        logger.debug("reuse: the code never reads G; not stored")
        return None
    constants = [node for node in ast.walk(tree) if isinstance(node, ast.Constant)]
    sites = _binding_sites(tree)
    spans: list[tuple[int, int, int, int, str]] = []
    for name, value in parameters.items():
        if not _is_literal(value) or not name.isidentifier():
            return None
        found = [node for node in constants if _same_literal(node, value)]
        if len(found) != 1 or id(found[0]) not in sites:
            logger.debug("reuse: %s=%r occurs %d time(s) in the code; not generalised", name, value, len(found))
            return None
        node = found[0]
        if node.end_lineno is None or node.end_col_offset is None or node.end_lineno != node.lineno:
            return None
        spans.append((node.lineno, node.col_offset, node.end_lineno, node.end_col_offset, name))
    lines = code.splitlines(keepends=True)
    # Right to left, so earlier offsets stay valid; ast offsets count UTF-8 bytes, not characters.
    for lineno, start, _, end, name in sorted(spans, reverse=True):
        raw = lines[lineno - 1].encode("utf-8")
        lines[lineno - 1] = (raw[:start] + placeholder(name).encode() + raw[end:]).decode("utf-8")
    generic = "".join(lines)
    try:
        ast.parse(generic)
    except SyntaxError:  # pragma: no cover - a replaced literal is always an expression
        return None
    return generic, tuple(sorted(parameters))


def _slug(text: str) -> str:
    """File-name-safe lower-case words.

    >>> _slug("Yes/No"), _slug("max flow!")
    ('yes_no', 'max_flow')
    """
    return re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_") or "x"


class ReuseStore:
    """Verified code by question shape, one JSON file per shape under ``root``.

    Args:
        root: a directory (created on the first write), e.g. ``settings.home / "reuse"``.
    """

    def __init__(self, root: Path) -> None:
        self.root = Path(root)

    @staticmethod
    def shape_of(plan: Plan, dialect: str) -> str:
        """The key of a question's shape: task, output, directedness, weights, parameter names, dialect.

        A short readable prefix plus a hash of the full normalised description.

        >>> ReuseStore.shape_of(Plan("q", task="Max Flow", directed=True, weighted=True,
        ...     output="number", parameters={"target": 5, "source": 0}), "networkx")[:47]
        'max_flow-number-directed-weighted-source_target'
        """
        direction = {True: "directed", False: "undirected", None: "anydir"}[plan.directed]
        weights = {True: "weighted", False: "unweighted", None: "anyweight"}[plan.weighted]
        names = sorted(_slug(name) for name in plan.parameters)
        parts = [_slug(plan.task or "none"), _slug(plan.output), direction, weights, "_".join(names) or "noparams"]
        description = json.dumps([*parts, _slug(dialect)])
        digest = hashlib.sha256(description.encode()).hexdigest()[:12]
        readable = "-".join([*parts, _slug(dialect)])[:80]
        return f"{readable}-{digest}"

    def _path(self, shape: str) -> Path:
        return self.root / f"{shape}.json"

    @staticmethod
    def _eligible(plan: Plan, dialect: str) -> bool:
        # Only a registry task names a shape: two task-less questions may ask anything.
        return dialect in PYTHON_DIALECTS and plan.task is not None

    def remember(self, plan: Plan, dialect: str, code: str, *, verified_by: str = "executed") -> Reusable | None:
        """Store ``code`` generalised over the plan's parameters; None when it cannot be done safely.

        Call this only with code whose execution answered ``plan`` (an ``ok`` attempt);
        ``verified_by`` names the self-check's template when one agreed.
        """
        if not self._eligible(plan, dialect):
            return None
        generic = generalise(code, plan.parameters)
        if generic is None:
            return None
        reusable = Reusable(
            shape=self.shape_of(plan, dialect), code=generic[0], parameters=generic[1], verified_by=verified_by
        )
        payload = {"version": FORMAT_VERSION, **asdict(reusable), "example": plan.question}
        payload["parameters"] = list(reusable.parameters)
        try:
            self._write(self._path(reusable.shape), json.dumps(payload, indent=1))
        except OSError as e:
            logger.warning("reuse: could not store %s: %s", reusable.shape, e)
            return None
        return reusable

    def recall(self, plan: Plan, dialect: str) -> Reusable | None:
        """The stored code for this shape, or None (nothing stored, or the file is unreadable)."""
        if not self._eligible(plan, dialect):
            return None
        shape = self.shape_of(plan, dialect)
        path = self._path(shape)
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return None
        except (OSError, ValueError) as e:
            logger.warning("reuse: ignoring unreadable %s: %s", path, e)
            return None
        try:
            reusable = Reusable(
                shape=data["shape"],
                code=data["code"],
                parameters=tuple(data["parameters"]),
                verified_by=str(data.get("verified_by", "executed")),
            )
            valid = (
                data.get("version") == FORMAT_VERSION
                and reusable.shape == shape
                and isinstance(reusable.code, str)
                and set(reusable.parameters) == set(plan.parameters)
            )
            if valid:
                ast.parse(reusable.code)
        except (KeyError, TypeError, SyntaxError, ValueError) as e:
            logger.warning("reuse: ignoring malformed %s: %s", path, e)
            return None
        if not valid:
            logger.warning("reuse: ignoring %s: it does not match shape %s", path, shape)
            return None
        return reusable

    def forget(self, plan: Plan, dialect: str) -> None:
        """Drop the stored code for this shape (e.g. when reused code failed)."""
        self._path(self.shape_of(plan, dialect)).unlink(missing_ok=True)

    def _write(self, path: Path, text: str) -> None:
        """Atomic: a reader sees the old file or the new one, never a mix."""
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(prefix=f".{path.stem}.", suffix=".tmp", dir=path.parent)
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                out.write(text)
            os.replace(temporary, path)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
