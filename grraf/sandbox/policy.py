"""The guard: a static check of generated Python before anything runs.

The guard is the first line of defence only. It exists to give the LLM a fast, precise message
("line 3: import of 'os' is not allowed; ...") instead of a run-time failure. It is *not* what keeps
the machine safe: :mod:`grraf.sandbox.worker` must hold even when code slips past this check
(string tricks, ``getattr`` with computed names, attribute walks into library modules).

Doctest:
    >>> check_python("import networkx as nx\\nanswer = nx.number_of_nodes(G)")
    >>> check_python("import os")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    grraf.errors.CodeRejected: line 1: import of 'os' is not allowed; allowed modules: abc, array, ...
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from grraf.errors import CodeRejected

#: Top-level modules generated code may import. Pure computation only: nothing here can touch
#: files, processes or the network through its *public* API (json's ``load``/``dump`` need a file
#: object, which the code cannot obtain). ``sys`` is served by a shim in the worker that exposes only
#: recursion limits and numeric constants, because LLM graph code very often raises the recursion
#: limit for deep DFS.
DEFAULT_ALLOWED_IMPORTS: frozenset[str] = frozenset(
    {
        "networkx",
        "math",
        "cmath",
        "itertools",
        "collections",
        "heapq",
        "functools",
        "statistics",
        "numpy",
        "scipy",
        "operator",
        "bisect",
        "random",
        "re",
        "string",
        "fractions",
        "decimal",
        "copy",
        "dataclasses",
        "typing",
        "json",
        "enum",
        "array",
        "numbers",
        "abc",
        "time",
        "datetime",
        "textwrap",
        "pprint",
        "unicodedata",
        "sys",
    }
)

#: Builtins that evaluate strings as code, reach into scopes, do I/O or stop the interpreter.
#: ``open`` is refused outright even though the runtime would allow reading: generated code has no
#: business reading files, and refusing it here gives the LLM a clear message.
FORBIDDEN_NAMES: frozenset[str] = frozenset(
    {
        "eval",
        "exec",
        "compile",
        "open",
        "globals",
        "locals",
        "vars",
        "breakpoint",
        "input",
        "exit",
        "quit",
        "help",
        "__import__",
        "__builtins__",
        "__loader__",
        "__spec__",
        "__build_class__",
    }
)

#: Attribute names that lead from ordinary objects to interpreter internals (frames, code objects,
#: module globals, the class hierarchy): the raw material of every known ``exec`` sandbox escape.
FORBIDDEN_ATTRIBUTES: frozenset[str] = frozenset(
    {
        "gi_frame",
        "gi_code",
        "cr_frame",
        "cr_code",
        "ag_frame",
        "ag_code",
        "tb_frame",
        "tb_next",
        "f_globals",
        "f_locals",
        "f_builtins",
        "f_back",
        "f_code",
        "co_code",
        "func_globals",
    }
)

#: Dunder attributes that are harmless and common in LLM code (``super().__init__()``, a class that
#: defines ``__lt__`` for a heap, ``fn.__name__``). Every other dunder attribute is refused.
SAFE_DUNDER_ATTRIBUTES: frozenset[str] = frozenset(
    {
        "__init__",
        "__name__",
        "__doc__",
        "__len__",
        "__iter__",
        "__next__",
        "__contains__",
        "__getitem__",
        "__setitem__",
        "__delitem__",
        "__lt__",
        "__le__",
        "__gt__",
        "__ge__",
        "__eq__",
        "__ne__",
        "__hash__",
        "__repr__",
        "__str__",
        "__add__",
        "__sub__",
        "__mul__",
        "__truediv__",
        "__floordiv__",
        "__mod__",
        "__neg__",
        "__abs__",
        "__bool__",
        "__call__",
        "__enter__",
        "__exit__",
    }
)

#: Builtins whose second argument is an attribute name; a constant dunder there is an escape attempt.
_ATTRIBUTE_FUNCTIONS = frozenset({"getattr", "setattr", "delattr", "hasattr"})


@dataclass(frozen=True)
class Violation:
    """One reason to refuse the code.

    Attributes:
        line: 1-based line in the generated code.
        message: what is wrong and what to do instead, phrased for the LLM.
    """

    line: int
    message: str

    def __str__(self) -> str:
        return f"line {self.line}: {self.message}"


def _is_dunder(name: str) -> bool:
    return len(name) > 4 and name.startswith("__") and name.endswith("__")


def _allowed_list(allowed_imports: frozenset[str]) -> str:
    return ", ".join(sorted(allowed_imports))


def is_import_allowed(module: str, allowed_imports: frozenset[str] = DEFAULT_ALLOWED_IMPORTS) -> bool:
    """Whether ``module`` (possibly dotted, e.g. ``networkx.algorithms.flow``) may be imported.

    A submodule is allowed when its top-level package is.

    Examples:
        >>> is_import_allowed("networkx.algorithms.flow")
        True
        >>> is_import_allowed("os.path")
        False
    """
    return module.split(".", 1)[0] in allowed_imports


class _Checker(ast.NodeVisitor):
    """Collects violations; one pass over the tree."""

    def __init__(self, allowed_imports: frozenset[str]) -> None:
        self.allowed_imports = allowed_imports
        self.violations: list[Violation] = []

    def _add(self, node: ast.AST, message: str) -> None:
        self.violations.append(Violation(getattr(node, "lineno", 0), message))

    def _check_module(self, node: ast.AST, module: str) -> None:
        if not is_import_allowed(module, self.allowed_imports):
            self._add(
                node,
                f"import of {module!r} is not allowed; allowed modules: {_allowed_list(self.allowed_imports)}",
            )

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            self._check_module(node, alias.name)
        self.generic_visit(node)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        # Relative imports have no meaning in generated code and could reach grraf's own package.
        if node.level:
            self._add(node, "relative imports are not allowed; import modules by their full name")
        else:
            self._check_module(node, node.module or "")
        for alias in node.names:
            if alias.name == "*":
                self._add(node, f"'from {node.module} import *' is not allowed; import the names you need")
        self.generic_visit(node)

    def visit_Name(self, node: ast.Name) -> None:
        if node.id in FORBIDDEN_NAMES or node.id == "importlib":
            self._add(node, f"use of {node.id!r} is not allowed; write plain Python that computes `answer`")
        elif _is_dunder(node.id) and node.id != "__name__":
            self._add(node, f"use of {node.id!r} is not allowed")
        self.generic_visit(node)

    def visit_Attribute(self, node: ast.Attribute) -> None:
        name = node.attr
        if (_is_dunder(name) and name not in SAFE_DUNDER_ATTRIBUTES) or name in FORBIDDEN_ATTRIBUTES:
            self._add(node, f"access to attribute {name!r} is not allowed; use the object's public API")
        self.generic_visit(node)

    def visit_Call(self, node: ast.Call) -> None:
        func = node.func
        if isinstance(func, ast.Name) and func.id in _ATTRIBUTE_FUNCTIONS and len(node.args) >= 2:
            arg = node.args[1]
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str) and _is_dunder(arg.value):
                self._add(node, f"{func.id}() with the special attribute {arg.value!r} is not allowed")
        self.generic_visit(node)

    def visit_Constant(self, node: ast.Constant) -> None:
        # Strings naming escape hatches ("__subclasses__", "f_globals") only ever serve getattr tricks,
        # operator.attrgetter or similar indirection, so refuse them wherever they appear.
        value = node.value
        if isinstance(value, str) and (
            (_is_dunder(value) and value not in SAFE_DUNDER_ATTRIBUTES and value != "__main__")
            or value in FORBIDDEN_ATTRIBUTES
        ):
            self._add(node, f"the string {value!r} names an interpreter internal and is not allowed")


def find_violations(code: str, allowed_imports: frozenset[str] = DEFAULT_ALLOWED_IMPORTS) -> list[Violation]:
    """All reasons to refuse ``code``, in source order (empty when the code may run).

    Args:
        code: generated Python source.
        allowed_imports: top-level module names the code may import.

    Returns:
        The violations, sorted by line.
    """
    try:
        tree = ast.parse(code, filename="<generated>", mode="exec")
    except SyntaxError as e:
        text = (e.text or "").strip()
        shown = f": {text[:80]}" if text else ""
        return [Violation(e.lineno or 0, f"syntax error: {e.msg}{shown}")]
    except ValueError as e:  # e.g. source containing NUL bytes
        return [Violation(0, f"the code could not be parsed: {e}")]
    checker = _Checker(allowed_imports)
    checker.visit(tree)
    return sorted(checker.violations, key=lambda v: v.line)


def check_python(code: str, allowed_imports: frozenset[str] = DEFAULT_ALLOWED_IMPORTS) -> None:
    """Refuse code that must not run.

    Args:
        code: generated Python source.
        allowed_imports: top-level module names the code may import.

    Raises:
        CodeRejected: with one line per problem (at most five), each naming the line number.
    """
    violations = find_violations(code, allowed_imports)
    if not violations:
        return
    shown = [str(v) for v in violations[:5]]
    if len(violations) > 5:
        shown.append(f"... and {len(violations) - 5} more")
    raise CodeRejected("\n".join(shown))


#: Methods that change a graph in place. Generated code that calls them on the loaded graph
#: answers about a different graph than the user's; small models do it to "set up" the
#: graph they think they need, and the result then looks verified while being wrong.
GRAPH_MUTATORS = frozenset(
    {
        "add_edge",
        "add_edges_from",
        "add_weighted_edges_from",
        "add_node",
        "add_nodes_from",
        "remove_edge",
        "remove_edges_from",
        "remove_node",
        "remove_nodes_from",
        "clear",
        "clear_edges",
        "update",
    }
)


def graph_mutation(node: ast.AST | None, names: frozenset[str]) -> str | None:
    """``"G.add_edge"`` when ``node`` is a call that edits one of the loaded graphs, else None.

    >>> graph_mutation(ast.parse("G.add_edge(0, 1)").body[0].value, frozenset({"G"}))
    'G.add_edge'
    >>> graph_mutation(ast.parse("H.add_edge(0, 1)").body[0].value, frozenset({"G"})) is None
    True
    """
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and isinstance(node.func.value, ast.Name)
        and node.func.value.id in names
        and node.func.attr in GRAPH_MUTATORS
    ):
        return f"{node.func.value.id}.{node.func.attr}"
    return None


def check_graph_untouched(code: str, names: frozenset[str]) -> None:
    """Refuse code that rebinds or edits the loaded graphs (``G = nx.Graph()``, ``G.add_edge(...)``).

    Reading the graph, copying it (``H = G.copy()``) and editing the copy are fine.

    Raises:
        CodeRejected: naming the line, so the LLM can drop the offending statement.

    >>> check_graph_untouched("H = G.copy()\\nH.add_edge(1, 2)\\nanswer = len(H)", frozenset({"G"}))
    >>> check_graph_untouched("G = nx.Graph()\\nanswer = 1", frozenset({"G"}))
    Traceback (most recent call last):
    ...
    grraf.errors.CodeRejected: line 1: do not assign to `G`: the graph is already loaded in `G`; use it as it is
    """
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return  # check_python reports syntax errors with their line
    problems: list[str] = []
    for node in ast.walk(tree):
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = list(node.targets)
        elif isinstance(node, (ast.AnnAssign, ast.AugAssign, ast.For)):
            targets = [node.target]
        for target in targets:
            for name in ast.walk(target):
                if isinstance(name, ast.Name) and name.id in names and isinstance(name.ctx, ast.Store):
                    problems.append(
                        f"line {name.lineno}: do not assign to `{name.id}`: the graph is already loaded in "
                        f"`{name.id}`; use it as it is"
                    )
        if (called := graph_mutation(node, names)) is not None:
            problems.append(
                f"line {getattr(node, 'lineno', 0)}: do not call `{called}`: the graph is already "
                "loaded with all its nodes and edges; do not change it"
            )
    if problems:
        raise CodeRejected("\n".join(problems[:5]))
