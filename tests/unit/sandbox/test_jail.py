"""The jail's command line and lifecycle: what bubblewrap is asked for, and that the jail lives as
long as the process that started it (not the thread) and dies with it."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import networkx as nx

from grraf.sandbox.jail import JailSpec, bwrap_command
from grraf.sandbox.worker import SandboxWorker

ROOT = Path(__file__).resolve().parents[3]


def _pairs(argv: list[str], flag: str) -> list[tuple[str, str]]:
    return [(argv[i + 1], argv[i + 2]) for i, a in enumerate(argv) if a == flag]


def test_bwrap_command_asks_for_every_isolation() -> None:
    argv = bwrap_command(JailSpec(runner="python", modules=("networkx", "numpy", "scipy")), requests=3, replies=4)
    head = argv[: argv.index("--")]
    for flag in ("--unshare-all", "--unshare-user", "--unshare-cgroup", "--disable-userns", "--die-with-parent",
                 "--new-session", "--clearenv"):  # fmt: skip
        assert flag in head
    assert head[head.index("--cap-drop") + 1] == "ALL"
    assert head[head.index("--uid") + 1] == "65534" and head[head.index("--gid") + 1] == "65534"
    assert ("/proc" in head and head[head.index("--proc") + 1] == "/proc") and "--dev" in head
    assert "--bind" not in head and "--dev-bind" not in head  # nothing writable from the host
    sources = [src for src, _ in _pairs(head, "--ro-bind")]
    assert str(ROOT) not in sources and str(Path.home()) not in sources and "/" not in sources
    allowed_in_repo = (str(ROOT / "grraf" / "sandbox" / "jailed"), os.path.realpath(sys.prefix))  # a venv may live here
    assert not [s for s in sources if s.startswith(str(ROOT)) and not s.startswith(allowed_in_repo)]
    assert "/etc" not in sources and "/usr/bin" not in sources
    names = [k for k, _ in _pairs(head, "--setenv")]
    assert names[:2] == ["LANG", "PATH"]
    assert all(k.startswith(("OPENBLAS_", "OMP_", "MKL_", "NUMEXPR_")) for k in names[2:])


def test_a_worker_started_from_a_short_lived_thread_outlives_the_thread() -> None:
    """--die-with-parent is a parent-death signal, which fires when the *thread* that started the
    process ends; grraf starts jails from one long-lived thread, so this must not kill the worker."""
    box: list[SandboxWorker] = []
    thread = threading.Thread(target=lambda: box.append(SandboxWorker({"G": nx.path_graph(3)}, memory_limit_mb=256)))
    thread.start()
    thread.join()
    time.sleep(0.5)
    with box[0] as worker:
        assert worker.alive
        assert worker.run("answer = len(G)", timeout=10).value == 3


def test_the_jail_dies_with_the_process_that_started_it() -> None:
    code = (
        f"import sys, time; sys.path.insert(0, {str(ROOT)!r})\n"
        "import networkx as nx\n"
        "from grraf.sandbox.worker import SandboxWorker\n"
        "w = SandboxWorker({'G': nx.path_graph(2)}, memory_limit_mb=256)\n"
        "print(w.pid, flush=True)\n"
        "time.sleep(600)\n"
    )
    parent = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    try:
        line = parent.stdout.readline() if parent.stdout else ""
        jail = int(line)
        assert Path(f"/proc/{jail}").exists()
        parent.send_signal(signal.SIGKILL)
        parent.wait()
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and _alive(jail):
            time.sleep(0.1)
        assert not _alive(jail)
    finally:
        if parent.poll() is None:
            parent.kill()
            parent.wait()


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def test_the_worker_never_sees_the_callers_environment(monkeypatch) -> None:
    monkeypatch.setenv("GRRAF_SECRET_FOR_TEST", "hunter2")
    with SandboxWorker({"G": nx.path_graph(2)}, memory_limit_mb=256) as worker:
        pid = worker.pid
        assert pid is not None
        inner = _descendants(pid)
        assert inner
        for p in [pid, *inner]:
            environ = Path(f"/proc/{p}/environ").read_bytes()
            assert b"hunter2" not in environ and b"GRRAF_SECRET_FOR_TEST" not in environ


def _descendants(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except OSError:
                continue
            if parent == pid:
                found.append(int(entry.name))
    return found + [q for p in found for q in _descendants(p)]


def test_opening_the_jail_leaves_no_descriptor_of_grraf_inside(tmp_path) -> None:
    """A file grraf holds open (say, a credentials file) is not inherited by the jail."""
    handle = open(tmp_path / "credentials", "w")  # noqa: SIM115 - held open on purpose
    try:
        os.set_inheritable(handle.fileno(), True)
        with SandboxWorker({"G": nx.path_graph(2)}, memory_limit_mb=256) as worker:
            pid = worker.pid
            assert pid is not None
            for p in [pid, *_descendants(pid)]:
                targets = [os.readlink(f"/proc/{p}/fd/{fd}") for fd in os.listdir(f"/proc/{p}/fd")]
                assert not [t for t in targets if "credentials" in t]
    finally:
        handle.close()
