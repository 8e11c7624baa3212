"""The warm sandbox worker: results, errors, limits, and escapes that must not happen.

Escape tests check the side effect itself (file, connection, process), not only the error, and then
check that the worker still answers. Tests marked "bypass" switch the static guard off so the code
reaches the runtime layers exactly as written: the runtime must hold on its own.
"""

from __future__ import annotations

import contextlib
import math
import os
import signal
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import networkx as nx
import pytest

import grraf.sandbox.worker as worker_module
from grraf.errors import CodeFailed, CodeRejected, CodeTimeout, SandboxError
from grraf.sandbox.worker import SandboxWorker

#: Code prefix that reaches the *real* builtins through a library module, as an escape would.
REAL_BUILTINS = (
    "import networkx as nx\n"
    "RB = nx.__dict__['__builtins__']\n"
    "RB = RB if isinstance(RB, dict) else RB.__dict__\n"
    "real_import = RB['__import__']\n"
)


def _flow_graph() -> nx.DiGraph:
    g = nx.DiGraph()
    g.add_edge(0, 1, capacity=3)
    g.add_edge(0, 2, capacity=2)
    g.add_edge(1, 3, capacity=2)
    g.add_edge(2, 3, capacity=3)
    g.add_edge(1, 2, capacity=1)
    return g


@pytest.fixture(scope="module")
def worker() -> Iterator[SandboxWorker]:
    g = _flow_graph()
    h = nx.relabel_nodes(g, {0: 10, 1: 11, 2: 12, 3: 13})
    with SandboxWorker({"G": g, "G_prime": h}, memory_limit_mb=512) as w:
        yield w


@pytest.fixture
def bypass(monkeypatch: pytest.MonkeyPatch) -> None:
    """Switch the static guard off: the code goes straight to the runtime layers."""
    monkeypatch.setattr(worker_module, "check_python", lambda *args, **kwargs: None)


def _still_works(w: SandboxWorker) -> None:
    assert w.run("answer = G.number_of_nodes()", timeout=10).value == 4


def _process_table() -> tuple[dict[int, int], dict[int, str], set[int]]:
    """parent, command name and zombie-ness of every process (from /proc)."""
    parents: dict[int, int] = {}
    names: dict[int, str] = {}
    zombies: set[int] = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            head, tail = stat.rsplit(")", 1)
            fields = tail.split()
            parents[int(entry.name)] = int(fields[1])
            names[int(entry.name)] = head.split("(", 1)[1]
            if fields[0] == "Z":
                zombies.add(int(entry.name))
    return parents, names, zombies


def _descendants(pid: int) -> list[int]:
    """Live (non-zombie) attempt processes under the jail ``pid``.

    The jail itself is bubblewrap (its init inside the pid namespace) and the worker, whose parent is
    bubblewrap; attempts are the worker's children and their descendants. The worker reaps finished
    children lazily, so a zombie may linger until the next attempt; it holds no memory and runs no
    code, so it does not count.
    """
    parents, names, zombies = _process_table()
    found, frontier = [], [pid]
    while frontier:
        current = frontier.pop()
        children = [p for p, pp in parents.items() if pp == current]
        found += children
        frontier += children
    jail = {p for p in found if names.get(p) == "bwrap" or names.get(parents.get(p, 0)) == "bwrap"}
    return [p for p in found if p not in zombies and p not in jail]


def _no_descendants_soon(pid: int) -> bool:
    """Children are reaped just after the reply; give that a moment."""
    deadline = time.monotonic() + 3
    while time.monotonic() < deadline:
        if not _descendants(pid):
            return True
        time.sleep(0.05)
    return False


# ---------------------------------------------------------------------------------------------- results


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        ("answer = 7", 7),
        ("answer = 2.5", 2.5),
        ("answer = True", True),
        ("answer = None", None),
        ("answer = 'x'", "x"),
        ("answer = [1, (2, 3)]", [1, [2, 3]]),
        ("answer = {1: 'a', (0, 1): [2]}", {"1": "a", "(0, 1)": [2]}),
        ("answer = {3, 1, 2}", [1, 2, 3]),
        ("answer = frozenset({'b', 'a'})", ["a", "b"]),
        ("answer = {1, 'a'}", None),  # unsortable: order not checked below
        ("import numpy as np\nanswer = np.int64(5)", 5),
        ("import numpy as np\nanswer = np.float32(0.5)", 0.5),
        ("import numpy as np\nanswer = np.bool_(True)", True),
        ("import numpy as np\nanswer = np.arange(3)", [0, 1, 2]),
        ("import numpy as np\nanswer = {np.int64(1): np.array([[1.5]])}", {"1": [[1.5]]}),
        ("answer = float('nan')", "nan"),
        ("answer = [float('inf'), -math.inf]", ["inf", "-inf"]),
        ("answer = (x * x for x in range(4))", [0, 1, 4, 9]),
        ("answer = {'a': 1}.keys()", ["a"]),
        ("from fractions import Fraction\nanswer = Fraction(1, 4)", 0.25),
    ],
)
def test_plain_answers(worker: SandboxWorker, code: str, expected: object) -> None:
    if "math." in code:
        code = "import math\n" + code
    execution = worker.run(code, timeout=10)
    if expected is None and "'a'}" in code:
        assert sorted(map(str, execution.value)) == ["1", "a"]
    else:
        assert execution.value == expected
    assert execution.seconds > 0


def test_generator_answer_carries_a_note(worker: SandboxWorker) -> None:
    execution = worker.run("answer = iter([1, 2])", timeout=10)
    assert execution.value == [1, 2] and execution.note and "iterator" in execution.note


def test_huge_answer_is_truncated(worker: SandboxWorker) -> None:
    execution = worker.run("answer = list(range(300000))", timeout=10)
    assert execution.truncated and len(execution.value) == worker_module.MAX_ANSWER_ITEMS


def test_graph_answer_is_refused_with_advice(worker: SandboxWorker) -> None:
    with pytest.raises(CodeFailed) as info:
        worker.run("answer = G", timeout=10)
    assert "plain data" in str(info.value) and "networkx DiGraph" in str(info.value)


def test_missing_answer(worker: SandboxWorker) -> None:
    with pytest.raises(CodeFailed) as info:
        worker.run("x = 1", timeout=10)
    assert "did not set the variable `answer`" in str(info.value)


def test_exception_reports_type_message_and_line(worker: SandboxWorker) -> None:
    code = "import networkx as nx\nx = 1\nanswer = nx.shortest_path(G, 3, 0)"
    with pytest.raises(CodeFailed) as info:
        worker.run(code, timeout=10)
    message = str(info.value)
    assert "NetworkXNoPath" in message and "line 3" in message and "nx.shortest_path(G, 3, 0)" in message
    assert len(message) <= worker_module.MAX_ERROR_CHARS


def test_stdout_is_captured_into_errors(worker: SandboxWorker) -> None:
    with pytest.raises(CodeFailed) as info:
        worker.run(
            "print('visited', 42)\nimport sys\nprint('e', file=sys.stderr)\nraise ValueError('boom')", timeout=10
        )
    assert "visited 42" in str(info.value) and "ValueError: boom" in str(info.value)


def test_stdout_is_bounded(worker: SandboxWorker) -> None:
    with pytest.raises(CodeFailed) as info:
        worker.run("for i in range(100000):\n    print('x' * 50)\nraise ValueError('late')", timeout=10)
    assert len(str(info.value)) < 5000 and "ValueError: late" in str(info.value)


def test_sys_shim_recursion_and_exit(worker: SandboxWorker) -> None:
    code = (
        "import sys\nsys.setrecursionlimit(20000)\n"
        "def d(n):\n    return 0 if n == 0 else 1 + d(n - 1)\n"
        "answer = d(10000)\nsys.exit(0)"
    )
    assert worker.run(code, timeout=10).value == 10000


def test_g_prime_and_isomorphism(worker: SandboxWorker) -> None:
    code = (
        "from networkx.algorithms.isomorphism import DiGraphMatcher\n"
        "m = DiGraphMatcher(G, G_prime)\n"
        "answer = {'iso': m.is_isomorphic(), 'map': m.mapping}"
    )
    value = worker.run(code, timeout=20).value
    assert value["iso"] is True and value["map"] == {"0": 10, "1": 11, "2": 12, "3": 13}


def test_max_flow(worker: SandboxWorker) -> None:
    code = "import networkx as nx\nvalue, flow = nx.maximum_flow(G, 0, 3)\nanswer = value"
    assert worker.run(code, timeout=20).value == 5


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        ("import networkx as nx\nanswer = nx.shortest_path_length(G, 0, 3)", 2),
        ("import networkx as nx\nanswer = list(nx.topological_sort(G))[0]", 0),
        ("import networkx as nx\nanswer = nx.is_bipartite(G.to_undirected())", False),
        ("import networkx as nx\nanswer = round(sum(nx.pagerank(G).values()), 6)", 1.0),
        ("import networkx as nx\nanswer = len(list(nx.simple_cycles(nx.DiGraph([(0, 1), (1, 0)]))))", 1),
        ("import networkx as nx\nanswer = nx.find_cycle(G.to_undirected()) is not None", True),
        ("import numpy as np\nanswer = float((np.ones((200, 200)) @ np.ones((200, 200)))[0, 0])", 200.0),
    ],
)
def test_common_algorithms_run_in_the_sandbox(worker: SandboxWorker, code: str, expected: object) -> None:
    assert worker.run(code, timeout=20).value == expected


def test_mutations_do_not_leak_between_attempts(worker: SandboxWorker) -> None:
    # The loaded graph is read-only in the jail: the change is refused (and reported), never made.
    with pytest.raises(CodeRejected, match="read-only") as info:
        worker.run("G.add_edge(100, 101)\nanswer = G.number_of_nodes()", timeout=10)
    assert "line 1" in str(info.value)
    _still_works(worker)


def test_runs_are_serialised_across_threads(worker: SandboxWorker) -> None:
    results: list[object] = []

    def call(i: int) -> None:
        results.append(worker.run(f"answer = {i}", timeout=10).value)

    threads = [threading.Thread(target=call, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) == [0, 1, 2, 3]


# ------------------------------------------------------------------------------------------ escapes


def test_open_for_writing(worker: SandboxWorker, tmp_path: Path) -> None:
    target = tmp_path / "x.txt"
    with pytest.raises(CodeRejected):
        worker.run(f"open({str(target)!r}, 'w').write('x')\nanswer = 1", timeout=10)
    assert not target.exists()
    _still_works(worker)


@pytest.mark.usefixtures("bypass")
def test_open_for_writing_through_real_builtins_bypass(worker: SandboxWorker, tmp_path: Path) -> None:
    target = tmp_path / "x.txt"
    for mode in ("w", "a", "x", "r+", "wb"):
        with pytest.raises(CodeRejected) as info:
            worker.run(REAL_BUILTINS + f"RB['open']({str(target)!r}, {mode!r})\nanswer = 1", timeout=10)
        assert "writing files is not allowed" in str(info.value)
    assert not target.exists()
    _still_works(worker)


@pytest.mark.usefixtures("bypass")
def test_low_level_os_open_bypass(worker: SandboxWorker, tmp_path: Path) -> None:
    target = tmp_path / "x.txt"
    code = REAL_BUILTINS + f"os = real_import('os')\nos.open({str(target)!r}, os.O_WRONLY | os.O_CREAT)\nanswer = 1"
    with pytest.raises(CodeRejected):
        worker.run(code, timeout=10)
    assert not target.exists()


def test_networkx_write_edgelist(worker: SandboxWorker, tmp_path: Path) -> None:
    target = tmp_path / "g.edgelist"
    code = f"import networkx as nx\nnx.write_edgelist(G, {str(target)!r})\nanswer = 1"
    with pytest.raises(CodeRejected) as info:
        worker.run(code, timeout=10)
    assert "writing files is not allowed" in str(info.value)
    assert not target.exists()
    _still_works(worker)


def test_numpy_save(worker: SandboxWorker, tmp_path: Path) -> None:
    target = tmp_path / "a.npy"
    with pytest.raises(CodeRejected):
        worker.run(f"import numpy as np\nnp.save({str(target)!r}, np.arange(3))\nanswer = 1", timeout=10)
    assert not target.exists()
    _still_works(worker)


def test_swallowed_refusal_is_still_rejected(worker: SandboxWorker, tmp_path: Path) -> None:
    target = tmp_path / "g.edgelist"
    code = (
        f"import networkx as nx\ntry:\n    nx.write_edgelist(G, {str(target)!r})\n"
        "except BaseException:\n    pass\nanswer = 1"
    )
    with pytest.raises(CodeRejected):
        worker.run(code, timeout=10)
    assert not target.exists()


def test_dunder_import_os_system(worker: SandboxWorker, tmp_path: Path) -> None:
    marker = tmp_path / "X"
    with pytest.raises(CodeRejected):
        worker.run(f"__import__('os').system('touch {marker}')\nanswer = 1", timeout=10)
    assert not marker.exists()


@pytest.mark.usefixtures("bypass")
def test_dunder_import_os_system_bypass(worker: SandboxWorker, tmp_path: Path) -> None:
    marker = tmp_path / "X"
    with pytest.raises(CodeRejected) as info:
        worker.run(f"__import__('os').system('touch {marker}')\nanswer = 1", timeout=10)
    assert "import of 'os' is not allowed" in str(info.value)
    with pytest.raises(CodeRejected) as info:
        worker.run(REAL_BUILTINS + f"real_import('os').system('touch {marker}')\nanswer = 1", timeout=10)
    assert "os.system" in str(info.value)
    assert not marker.exists()
    _still_works(worker)


SUBCLASS_WALK_POPEN = (
    "classes = ().__class__.__bases__[0].__subclasses__()\n"
    "Popen = [c for c in classes if c.__name__ == 'Popen'][0]\n"
    "Popen(['touch', {marker!r}]).wait()\n"
    "answer = 1"
)
SUBCLASS_WALK_SYSTEM = (
    "classes = ().__class__.__bases__[0].__subclasses__()\n"
    "cw = [c for c in classes if c.__name__ == 'catch_warnings'][0]\n"
    "b = cw()._module.__builtins__\n"
    "b['__import__']('os').system('touch {marker}')\n"
    "answer = 1"
)


@pytest.mark.parametrize("template", [SUBCLASS_WALK_POPEN, SUBCLASS_WALK_SYSTEM])
def test_subclass_walk_is_refused_by_the_guard(worker: SandboxWorker, tmp_path: Path, template: str) -> None:
    marker = tmp_path / "X"
    with pytest.raises(CodeRejected) as info:
        worker.run(template.format(marker=str(marker)), timeout=10)
    assert "__subclasses__" in str(info.value) or "__class__" in str(info.value)
    assert not marker.exists()


@pytest.mark.usefixtures("bypass")
@pytest.mark.parametrize("template", [SUBCLASS_WALK_POPEN, SUBCLASS_WALK_SYSTEM])
def test_subclass_walk_bypass_is_refused_at_run_time(worker: SandboxWorker, tmp_path: Path, template: str) -> None:
    marker = tmp_path / "X"
    with pytest.raises(CodeRejected) as info:
        worker.run(template.format(marker=str(marker)), timeout=10)
    assert "not allowed in the sandbox" in str(info.value)
    assert not marker.exists()
    assert _no_descendants_soon(worker.pid or 0)
    _still_works(worker)


@pytest.mark.usefixtures("bypass")
def test_subprocess_bypass(worker: SandboxWorker, tmp_path: Path) -> None:
    marker = tmp_path / "X"
    code = REAL_BUILTINS + f"real_import('subprocess').run(['touch', {str(marker)!r}])\nanswer = 1"
    with pytest.raises(CodeRejected) as info:
        worker.run(code, timeout=10)
    assert "starting processes" in str(info.value)
    assert not marker.exists()
    _still_works(worker)


@pytest.mark.usefixtures("bypass")
def test_socket_connect_bypass(worker: SandboxWorker) -> None:
    server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    server.bind(("127.0.0.1", 0))
    server.listen(1)
    server.settimeout(0.3)
    port = server.getsockname()[1]
    try:
        with pytest.raises(CodeRejected) as info:
            worker.run(f"import socket\ns = socket.create_connection(('127.0.0.1', {port}))\nanswer = 1", timeout=10)
        assert "import of 'socket' is not allowed" in str(info.value)
        code = REAL_BUILTINS + f"s = real_import('socket').socket()\ns.connect(('127.0.0.1', {port}))\nanswer = 1"
        with pytest.raises(CodeRejected) as info:
            worker.run(code, timeout=10)
        assert "network access" in str(info.value)
        with pytest.raises(TimeoutError):
            server.accept()  # nobody connected
    finally:
        server.close()
    _still_works(worker)


@pytest.mark.usefixtures("bypass")
def test_fork_bomb_bypass(worker: SandboxWorker) -> None:
    code = REAL_BUILTINS + "os = real_import('os')\nwhile True:\n    os.fork()\nanswer = 1"
    with pytest.raises(CodeRejected) as info:
        worker.run(code, timeout=5)
    assert "os.fork" in str(info.value)
    assert _no_descendants_soon(worker.pid or 0)
    _still_works(worker)


@pytest.mark.usefixtures("bypass")
def test_signals_limits_and_audit_hooks_bypass(worker: SandboxWorker) -> None:
    attempts = [
        f"real_import('os').kill({worker.pid}, 9)",
        "r = real_import('resource')\nr.setrlimit(r.RLIMIT_AS, (-1, -1))",
        "real_import('sys').addaudithook(lambda *a: None)",
        "real_import('ctypes').CDLL(None).system(b'true')",
    ]
    for attempt in attempts:
        with pytest.raises(CodeRejected):
            worker.run(REAL_BUILTINS + attempt + "\nanswer = 1", timeout=10)
    assert worker.alive
    _still_works(worker)


@pytest.mark.usefixtures("bypass")
def test_secrets_are_scrubbed_from_the_environment_bypass(
    worker: SandboxWorker, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert "PATH" in worker.run(REAL_BUILTINS + "answer = sorted(real_import('os').environ)", timeout=10).value
    monkeypatch.setenv("GRRAF_TEST_SECRET", "s3cret")
    with SandboxWorker({"G": nx.path_graph(1)}) as fresh:
        keys = fresh.run(REAL_BUILTINS + "answer = sorted(real_import('os').environ)", timeout=10).value
    assert "GRRAF_TEST_SECRET" not in keys


@pytest.mark.usefixtures("bypass")
def test_worker_pipe_is_not_reachable_bypass(worker: SandboxWorker) -> None:
    code = REAL_BUILTINS + (
        "os = real_import('os')\n"
        "for fd in range(3, 256):\n"
        "    try:\n"
        "        os.write(fd, b'garbage')\n"
        "    except OSError:\n"
        "        pass\n"
        "answer = 1"
    )
    with contextlib.suppress(CodeFailed):  # it may garble its own result pipe; that only hurts itself
        worker.run(code, timeout=10)
    _still_works(worker)


def test_infinite_loop_is_killed_promptly(worker: SandboxWorker) -> None:
    seen: list[list[int]] = []
    watcher = threading.Timer(0.7, lambda: seen.append(_descendants(worker.pid or 0)))
    watcher.start()
    started = time.monotonic()
    with pytest.raises(CodeTimeout) as info:
        worker.run("while True:\n    pass", timeout=1.5)
    elapsed = time.monotonic() - started
    watcher.join()
    assert seen and len(seen[0]) == 1  # the attempt's child was visible while it ran (the check can fail)
    assert 1.4 <= elapsed < 3.0
    assert info.value.seconds == 1.5 and "4 nodes" in str(info.value)
    assert _no_descendants_soon(worker.pid or 0)
    _still_works(worker)


# --------------------------------------------------------------------------------------- memory


@pytest.fixture(scope="module")
def small_worker() -> Iterator[SandboxWorker]:
    with SandboxWorker({"G": nx.path_graph(4)}, memory_limit_mb=200) as w:
        yield w


@pytest.mark.parametrize(
    "code",
    [
        "x = bytearray(10**11)\nanswer = 1",
        "x = []\nwhile True:\n    x.append(bytearray(10**6))",
        "import numpy as np\nanswer = float(np.ones((20000, 20000)).sum())",
    ],
)
def test_memory_bombs_hit_the_limit(small_worker: SandboxWorker, code: str) -> None:
    with pytest.raises(CodeFailed) as info:
        small_worker.run(code, timeout=20)
    assert "memory limit" in str(info.value)
    assert small_worker.run("answer = len(G)", timeout=10).value == 4


# ------------------------------------------------------------------------------------- lifecycle


def test_dead_worker_raises_sandbox_error() -> None:
    w = SandboxWorker({"G": nx.path_graph(2)})
    assert w.run("answer = 1", timeout=10).value == 1
    os.kill(w.pid or 0, signal.SIGKILL)
    time.sleep(0.2)
    with pytest.raises(SandboxError):
        w.run("answer = 1", timeout=10)
    assert not w.alive
    with pytest.raises(SandboxError):
        w.run("answer = 1", timeout=10)
    w.close()


def test_close_stops_the_process() -> None:
    w = SandboxWorker({"G": nx.path_graph(2)})
    pid = w.pid
    w.close()
    w.close()
    assert not w.alive
    with pytest.raises(SandboxError):
        w.run("answer = 1", timeout=10)
    assert pid is not None and not Path(f"/proc/{pid}").exists() or "Z" in Path(f"/proc/{pid}/stat").read_text()


def _load_seccomp() -> object:
    import importlib.util

    from grraf.sandbox.jail import seccomp_binding

    spec = importlib.util.spec_from_file_location("seccomp", seccomp_binding())
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_seccomp_allowlist_alone_blocks_side_effects(tmp_path: Path) -> None:
    """The kernel layer, tested on its own in a throwaway fork (no jail, no audit hook involved).

    The filter is the production allowlist with EPERM instead of the worker notification (nobody is
    listening here). Threads, reading files and computing must keep working.
    """
    import fcntl
    import termios

    from grraf.sandbox.jailed.python_runner import build_filter, finish_filter

    seccomp = _load_seccomp()
    target = tmp_path / "x"
    target.write_text("data")
    os.chmod(target, 0o644)
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - runs in the forked child
        results = []
        try:
            f = build_filter(seccomp, notify=False)
            finish_filter(seccomp, f, os.getpid())
            f.load()  # type: ignore[attr-defined]
            actions = [
                ("write", lambda: os.open(str(target), os.O_WRONLY)),
                ("create", lambda: os.open(str(tmp_path / "new"), os.O_RDONLY | os.O_CREAT)),
                ("fork", os.fork),
                ("socket", socket.socket),
                ("kill", lambda: os.kill(os.getppid(), 0)),
                ("unlink", lambda: os.unlink(str(target))),
                ("chmod", lambda: os.chmod(str(target), 0o4755)),
                ("setxattr", lambda: os.setxattr(str(target), "user.x", b"1")),
                ("setpriority", lambda: os.setpriority(os.PRIO_PROCESS, 0, 5)),
                ("setown", lambda: fcntl.fcntl(read_fd, fcntl.F_SETOWN, os.getppid())),
                ("tiocsti", lambda: fcntl.ioctl(read_fd, termios.TIOCSTI, b"x")),
            ]
            for name, action in actions:
                try:
                    action()
                    results.append(f"{name}:allowed")
                except OSError as e:
                    results.append(f"{name}:{'blocked' if e.errno == 1 else e.errno}")
            with open(target) as handle:  # reading still works
                results.append(f"read:{handle.read()}")
            worker_thread = threading.Thread(target=lambda: results.append("thread:ran"))
            worker_thread.start()
            worker_thread.join()
            import numpy as np

            results.append(f"matmul:{float((np.ones((300, 300)) @ np.ones((300, 300)))[0, 0]):g}")
            results.append(f"math:{math.factorial(5)}")
        except BaseException as e:
            results.append(f"error:{e!r}")
        os.write(write_fd, ",".join(results).encode())
        os._exit(0)
    os.close(write_fd)
    data = os.read(read_fd, 10000).decode()
    os.close(read_fd)
    os.waitpid(pid, 0)
    assert data == (
        "write:blocked,create:blocked,fork:blocked,socket:blocked,kill:blocked,unlink:blocked,chmod:blocked,"
        "setxattr:blocked,setpriority:blocked,setown:blocked,tiocsti:blocked,read:data,thread:ran,matmul:300,math:120"
    )
    assert target.read_text() == "data" and (target.stat().st_mode & 0o7777) == 0o644
    assert not (tmp_path / "new").exists()
