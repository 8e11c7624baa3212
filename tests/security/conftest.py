"""Shared pieces of the attack battery (tests/security).

Every attack goes through the path the agent loop uses — ``store.check(code)`` then
``store.execute(code, timeout)`` on a real :class:`~grraf.stores.networkx.NetworkXStore` or
:class:`~grraf.stores.ladybug.LadybugStore` — and every test asserts that the attack had **no
effect**, checked from the host side: files, modes, xattrs and mounts unchanged, victim processes
alive, no secret in the answer or the error, the graph unchanged. A raised exception alone never
counts as a pass.

Attacks against the kernel layer first switch the in-process guards off with :data:`ESCAPE`, code
that passes the static check exactly as generated code would (it uses only allowed imports and
builds forbidden names from pieces): ``random._os`` is the real ``os``; a frame walk reaches the
runner's audit-hook object, whose class's ``__call__`` is replaced and whose record is cleared; and
``ctypes`` comes out of ``sys.modules`` for raw system calls. What stops those attacks is therefore
the jail and the seccomp allowlist, and the tests check that the kernel reported the refusal.
"""

from __future__ import annotations

import json
import os
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import networkx as nx
import pytest

from grraf.config import Settings
from grraf.errors import CodeError
from grraf.stores.networkx import NetworkXStore

#: Generated-code prelude that switches off every Python-level guard in the child (see module doc).
ESCAPE = """import random, operator
os = random._os
back = operator.attrgetter('f_' + 'back')
loc = operator.attrgetter('f_' + 'locals')
f = os.sys._getframe(0)
while f is not None and 'guard' not in loc(f):
    f = back(f)
guard = loc(f)['guard']
type(guard).__call__ = lambda self, event, args: None
guard.violations.clear()
ctypes = os.sys.modules['ctypes']
libc = ctypes.CDLL(None, use_errno=True)
libc.syscall.restype = ctypes.c_long
B = os.sys.modules['builtins']
def sys_call(*args):
    result = libc.syscall(*[ctypes.c_long(a) if isinstance(a, int) else a for a in args])
    return [result, ctypes.get_errno()]
"""

#: A secret held only in the memory of the calling process (never in its environment).
CALLER_MEMORY_SECRET = ("grraf-caller-memory-" + uuid.uuid4().hex).encode()
#: A fake API key put into the calling process's environment before any jail starts.
ENV_SECRET = "sk-grraf-battery-" + uuid.uuid4().hex


@dataclass
class Outcome:
    """What one attack produced through store.check + store.execute."""

    value: Any = None
    error: CodeError | None = None

    @property
    def text(self) -> str:
        """Everything the attack could show the user or the LLM: the answer and the error text."""
        if self.error is not None:
            return f"{type(self.error).__name__}: {self.error}"
        return json.dumps(self.value, default=str)

    @property
    def rejected(self) -> bool:
        return self.error is not None and self.error.status == "rejected"


def attempt(store: Any, code: str, timeout: float = 20.0) -> Outcome:
    """Run ``code`` exactly as the agent loop does; a SandboxError (an aborted question) propagates."""
    try:
        store.check(code)
        return Outcome(value=store.execute(code, timeout).value)
    except CodeError as e:
        return Outcome(error=e)


def assert_no_secret(outcome: Outcome) -> None:
    text = outcome.text
    assert ENV_SECRET not in text
    assert CALLER_MEMORY_SECRET.decode() not in text
    assert "OPENAI_API_KEY" not in text


def graph() -> nx.DiGraph:
    g = nx.DiGraph()
    g.add_weighted_edges_from([(0, 1, 3.0), (0, 2, 2.0), (1, 3, 2.0), (2, 3, 3.0), (1, 2, 1.0)])
    g.nodes[0]["label"] = "source"
    g.graph["name"] = "flow"
    return g


def graph_state(store: NetworkXStore) -> Any:
    """The graph as attempts see it, read through the jail by a plain attempt."""
    code = (
        "answer = {'nodes': sorted([n, sorted(d.items())] for n, d in G.nodes(data=True)), "
        "'edges': sorted([u, v, sorted(d.items())] for u, v, d in G.edges(data=True)), "
        "'graph': sorted(G.graph.items())}"
    )
    return store.execute(code, 20).value


@pytest.fixture(scope="module")
def secrets() -> Iterator[None]:
    """Secrets exist in the caller (environment and memory) before any jail starts."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("OPENAI_API_KEY", ENV_SECRET)
        mp.setenv("GRRAF_TEST_TOKEN", ENV_SECRET)
        assert CALLER_MEMORY_SECRET in CALLER_MEMORY_SECRET  # keeps the object alive in this process
        yield


@pytest.fixture(scope="module")
def store(secrets: None) -> Iterator[NetworkXStore]:
    s = NetworkXStore({"G": graph()}, settings=Settings(memory_limit_mb=512, timeout=20))
    yield s
    s.close()


def worker_host_pid(store: NetworkXStore) -> int:
    """Host pid of the jailed worker process (bubblewrap's child that runs the runner)."""
    jail = store._ensure_worker().pid
    assert jail is not None
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        head, tail = stat.rsplit(")", 1)
        parent = int(tail.split()[1])
        if "python" in head and _comm(parent) == "bwrap" and _ancestor(parent, jail):
            return int(entry.name)
    raise AssertionError("the jailed worker process was not found")


def _comm(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/comm").read_text().strip()
    except OSError:
        return ""


def _ancestor(pid: int, ancestor: int) -> bool:
    while pid > 1:
        if pid == ancestor:
            return True
        try:
            pid = int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])
        except OSError:
            return False
    return pid == ancestor


def nice_of(pid: int) -> int:
    return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[16])


def host_mounts() -> list[str]:
    """The mount table of the host's mount namespace (the test process lives in it)."""
    lines = Path("/proc/self/mountinfo").read_text().splitlines()
    return sorted(line.split(" - ")[0].split(" ", 4)[4] for line in lines)


def visible_host_file() -> Path:
    """A host file that is also visible inside the jail, at the same path (read-only)."""
    return Path(nx.__file__).resolve()


def file_state(path: Path) -> tuple[Any, ...]:
    """Mode, owner, size, mtime, xattrs and inode flags of ``path`` on the host."""
    import fcntl
    import struct

    st = os.stat(path)
    fd = os.open(path, os.O_RDONLY)
    try:
        buf = bytearray(4)
        fcntl.ioctl(fd, 0x80086601, buf, True)  # FS_IOC_GETFLAGS
        flags = struct.unpack("<i", buf)[0]
    finally:
        os.close(fd)
    xattrs = sorted((name, os.getxattr(path, name)) for name in os.listxattr(path))
    return st.st_mode, st.st_uid, st.st_gid, st.st_size, st.st_mtime_ns, xattrs, flags
