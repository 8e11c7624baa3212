"""The static guard: what it refuses, what it lets through, and how it says so."""

from __future__ import annotations

import pytest

from grraf.errors import CodeRejected
from grraf.sandbox.policy import DEFAULT_ALLOWED_IMPORTS, check_python, find_violations, is_import_allowed

ACCEPTED = [
    "import networkx as nx\nanswer = nx.maximum_flow_value(G, 0, 5, capacity='weight')",
    "from networkx.algorithms.isomorphism import DiGraphMatcher\nanswer = DiGraphMatcher(G, G_prime).is_isomorphic()",
    "import networkx.algorithms.flow as flow\nanswer = 1",
    "import math, itertools, heapq, functools, statistics, bisect, random, re, string, copy\nanswer = math.pi",
    "from collections import deque, defaultdict, Counter, namedtuple\nanswer = 0",
    "import numpy as np\nimport scipy.sparse\nanswer = int(np.sum([1, 2]))",
    "import json\nanswer = json.loads(json.dumps({'a': 1}))",
    "import sys\nsys.setrecursionlimit(10000)\nanswer = 1",
    "class UF:\n    def __init__(self, n):\n        self.p = list(range(n))\n"
    "    def __lt__(self, o):\n        return True\nanswer = UF(3).p",
    "class A(dict):\n    def __init__(self):\n        super().__init__()\nanswer = len(A())",
    "def f():\n    pass\nanswer = f.__name__",
    "if __name__ == '__main__':\n    answer = 1",
    "answer = getattr(G, 'number_of_nodes')()",
    "from dataclasses import dataclass\nfrom typing import List\nanswer = 1",
]


@pytest.mark.parametrize("code", ACCEPTED)
def test_accepts_ordinary_graph_code(code: str) -> None:
    check_python(code)


REJECTED = [
    ("import os", "import of 'os' is not allowed"),
    ("import os.path", "import of 'os.path' is not allowed"),
    ("from subprocess import Popen", "import of 'subprocess' is not allowed"),
    ("import socket", "import of 'socket' is not allowed"),
    ("import ctypes", "import of 'ctypes' is not allowed"),
    ("import importlib\nimportlib.import_module('os')", "import of 'importlib' is not allowed"),
    ("from . import x", "relative imports are not allowed"),
    ("from math import *", "import *"),
    ("__import__('os').system('touch /tmp/x')", "use of '__import__' is not allowed"),
    ("eval('1+1')", "use of 'eval' is not allowed"),
    ("exec('x=1')", "use of 'exec' is not allowed"),
    ("compile('1', 'f', 'eval')", "use of 'compile' is not allowed"),
    ("open('/tmp/x', 'w')", "use of 'open' is not allowed"),
    ("globals()['x'] = 1", "use of 'globals' is not allowed"),
    ("locals()", "use of 'locals' is not allowed"),
    ("vars(G)", "use of 'vars' is not allowed"),
    ("breakpoint()", "use of 'breakpoint' is not allowed"),
    ("input()", "use of 'input' is not allowed"),
    ("exit()", "use of 'exit' is not allowed"),
    ("quit()", "use of 'quit' is not allowed"),
    ("x = __builtins__", "use of '__builtins__' is not allowed"),
    ("().__class__.__bases__[0].__subclasses__()", "access to attribute '__subclasses__' is not allowed"),
    ("f = lambda: 0\nf.__globals__", "access to attribute '__globals__' is not allowed"),
    ("x = (1).__class__", "access to attribute '__class__' is not allowed"),
    ("object.__mro__", "access to attribute '__mro__' is not allowed"),
    ("(lambda: 0).__code__", "access to attribute '__code__' is not allowed"),
    ("G.__dict__", "access to attribute '__dict__' is not allowed"),
    ("getattr(G, '__class__')", "the string '__class__'"),
    ("import operator\noperator.attrgetter('__globals__')", "the string '__globals__'"),
    ("def g():\n    yield 1\ng().gi_frame.f_back", "access to attribute 'gi_frame' is not allowed"),
    ("try:\n    1/0\nexcept Exception as e:\n    e.__traceback__.tb_frame", "'__traceback__'"),
]


@pytest.mark.parametrize(("code", "expected"), REJECTED)
def test_rejects_escape_hatches(code: str, expected: str) -> None:
    with pytest.raises(CodeRejected) as info:
        check_python(code)
    assert expected in str(info.value)


def test_message_names_the_line_and_the_allowed_modules() -> None:
    with pytest.raises(CodeRejected) as info:
        check_python("import networkx as nx\nx = 1\nimport os\nanswer = 1")
    message = str(info.value)
    assert message.startswith("line 3: import of 'os' is not allowed; allowed modules: ")
    assert "networkx" in message and "math" in message and "numpy" in message


def test_syntax_error_is_rejected_with_its_line() -> None:
    with pytest.raises(CodeRejected) as info:
        check_python("x = 1\nanswer = (x +\n")
    assert "line" in str(info.value) and "syntax error" in str(info.value)


def test_reports_several_problems_in_source_order() -> None:
    violations = find_violations("import os\nimport sys\neval('1')\nimport subprocess")
    assert [v.line for v in violations] == [1, 3, 4]


def test_custom_allow_list() -> None:
    check_python("import math", frozenset({"math"}))
    with pytest.raises(CodeRejected):
        check_python("import numpy", frozenset({"math"}))


def test_submodules_follow_their_package() -> None:
    assert is_import_allowed("networkx.algorithms.flow")
    assert is_import_allowed("scipy.sparse.linalg")
    assert not is_import_allowed("os.path")
    assert "networkx" in DEFAULT_ALLOWED_IMPORTS and "os" not in DEFAULT_ALLOWED_IMPORTS
