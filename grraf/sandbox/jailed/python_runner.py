"""The jailed Python worker: holds the graphs, forks one child per attempt, decides each verdict.

Runs inside bubblewrap (see :mod:`grraf.sandbox.jail`); imports only the standard library, the graph
libraries bound into the jail and libseccomp's Python binding. Process layout inside the jail::

    worker (loads the graphs once, frozen read-only; libraries preloaded; gc frozen)
      └─ os.fork() per attempt ─► child: limits → seccomp allowlist → audit hook → exec(code)
             │  result: one JSON frame through a pipe, then exit
             └─ every system call outside the allowlist is reported by the KERNEL to the worker
                (seccomp user notification) and answered with EPERM

**The boundary is the jail plus the seccomp allowlist**, not this file's Python-level checks. The
restricted builtins, the ``sys`` shim and the audit hook below exist to give the LLM early, precise
messages ("import of 'os' is not allowed"); code that escapes them (attribute walks, frames, library
internals) still runs as an unprivileged user in empty namespaces with no secrets, no host files
but read-only libraries, no network, and a syscall allowlist.

Why the child cannot forge its verdict
--------------------------------------
The child runs generated code in its own address space, so anything the child *says* can be forged:
it can write its own ``{"status": "ok"}`` frame, clear the audit hook's records, exit early. The
worker therefore decides from what it observes itself:

1. **Kernel reports.** The seccomp filter's default action is ``SCMP_ACT_NOTIFY``: a call outside the
   allowlist blocks in the kernel until the worker, holding the filter's listener descriptor, answers
   it with EPERM. The child never holds the listener while generated code runs (it hands it over with
   ``pidfd_getfd`` and closes its copy before ``exec``); it cannot create another one (``seccomp`` is
   not allowed) and cannot remove the filter. Every refused call is therefore on the worker's record.
2. **Python-level refusals tattle.** When the audit hook or the read-only graph refuses something it
   first makes a system call outside the allowlist (``sched_get_priority_max`` with a marker
   argument). That call reaches the worker the same way, so hiding a refusal afterwards — clearing the
   hook's list, writing a forged "ok" — changes nothing: the worker has already seen it.
3. **Ordering.** A call that is refused blocks the calling thread until the worker answers, and the
   worker drains the listener after the child's result pipe reaches end-of-file, so every refusal
   that happened before the result was complete is counted. The child is killed as soon as its result
   is complete; whatever it does after that has no effect and no verdict depends on it.
4. **Bounded, strict result.** Exactly one frame, at most :data:`MAX_RESULT_BYTES`, JSON nested at most
   64 deep, of the documented shape; anything else (a 300,000-deep list, trailing bytes, an early
   exit, a crash) is an attempt error, never a crash of the worker.

So an attempt is ``ok`` only if the kernel reported no refused call and the child returned one
well-formed frame. The answer itself is whatever the code computed — forging it gains nothing that
``answer = 42`` would not.

The graph: each attempt sees it unchanged
-----------------------------------------
The child is a copy-on-write fork, so nothing it does reaches the worker's copy. To keep an attempt
from *answering* on a graph it changed (``H = G; H.add_edge(...)``), the worker freezes every graph
once after loading: all its dicts become :class:`ReadOnlyDict`, whose mutators refuse (and tattle),
so the change never happens and the attempt is rejected. After the run the child also checks that the
graph objects, their containers and the containers' sizes are those the worker loaded (O(1): no
per-edge walk, which would cost more than the attempt). Code that escapes the guards and writes
into an inner dict with ``dict.__setitem__`` can change its own copy without being noticed; that
changes only its own answer, which such code controls anyway, and never the worker's graph.
"""

from __future__ import annotations

import builtins
import contextlib
import ctypes
import errno
import fcntl
import functools
import gc
import io
import math
import os
import pickle
import resource
import select
import signal
import struct
import sys
import time
import traceback
import types
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from . import proto

GENERATED_FILENAME = "<generated>"
#: Most stdout kept from one attempt (shown to the LLM next to errors).
MAX_STDOUT_CHARS = 10_000
#: Most list items / dict entries an answer may hold in total; beyond that it is truncated.
MAX_ANSWER_ITEMS = 100_000
#: Longest string kept in an answer.
MAX_STRING_CHARS = 1_000_000
#: Deepest nesting an answer may have.
MAX_ANSWER_DEPTH = 50
#: Largest result frame the worker reads from a child (anything larger is refused).
MAX_RESULT_BYTES = 64 * 1024 * 1024
#: Largest request frame (code + timeout) the worker reads.
MAX_REQUEST_BYTES = 4 * 1024 * 1024
#: Deepest JSON nesting accepted across the boundary (answers are at most MAX_ANSWER_DEPTH deep).
MAX_JSON_DEPTH = 64
#: Longest error message fed back to the LLM.
MAX_ERROR_CHARS = 3_000
#: Highest recursion limit the ``sys`` shim grants (deep DFS is common in LLM code).
MAX_RECURSION_LIMIT = 200_000
#: Refused system calls remembered per attempt (the count keeps going).
MAX_BLOCKED_RECORDS = 16

#: Modules the worker imports before forking children, so attempts never pay for lazy imports of
#: what graph algorithms commonly touch. Each jailed worker is a fresh interpreter and pays for this
#: list at every start, so it holds what networkx itself reaches for; ``scipy.stats`` (0.9 s of the
#: 1.8 s) is left out: the rare attempt that imports it pays ~0.7 s itself.
PRELOAD_MODULES: tuple[str, ...] = (
    "networkx",
    "networkx.algorithms.flow",
    "networkx.algorithms.isomorphism",
    "networkx.algorithms.bipartite",
    "networkx.algorithms.approximation",
    "networkx.algorithms.community",
    "networkx.linalg",
    "numpy",
    "numpy.linalg",
    "scipy",
    "scipy.sparse",
    "scipy.sparse.linalg",
    "scipy.sparse.csgraph",
    "scipy.linalg",
    "scipy.optimize",
    "scipy.special",
    "scipy.spatial",
)

#: Modules whose *first* import inside a child is refused whoever asks for it (friendly layer).
DENIED_MODULES: frozenset[str] = frozenset(
    {
        "os",
        "posix",
        "subprocess",
        "_posixsubprocess",
        "socket",
        "_socket",
        "ssl",
        "_ssl",
        "ctypes",
        "_ctypes",
        "cffi",
        "shutil",
        "pty",
        "tty",
        "multiprocessing",
        "_multiprocessing",
        "concurrent",
        "asyncio",
        "selectors",
        "urllib",
        "http",
        "ftplib",
        "smtplib",
        "poplib",
        "imaplib",
        "telnetlib",
        "webbrowser",
        "sqlite3",
        "_sqlite3",
        "mmap",
        "fcntl",
        "resource",
        "signal",
        "code",
        "pdb",
        "seccomp",
    }
)

#: Audit events refused outright (exact names from the CPython audit events table).
DENIED_EVENTS: frozenset[str] = frozenset(
    {
        "os.system",
        "os.exec",
        "os.fork",
        "os.forkpty",
        "os.posix_spawn",
        "os.spawn",
        "os.startfile",
        "os.kill",
        "os.killpg",
        "os.remove",
        "os.rename",
        "os.rmdir",
        "os.mkdir",
        "os.truncate",
        "os.chmod",
        "os.chown",
        "os.chflags",
        "os.lchflags",
        "os.symlink",
        "os.link",
        "os.utime",
        "os.setxattr",
        "os.removexattr",
        "os.putenv",
        "os.unsetenv",
        "sys.addaudithook",
        "sys.settrace",
        "sys.setprofile",
        "sys.remote_exec",
        "gc.get_objects",
        "gc.get_referrers",
        "gc.get_referents",
        "code.__new__",
        "resource.setrlimit",
        "resource.prlimit",
        "mmap.__new__",
        "pty.spawn",
        "fcntl.fcntl",
        "fcntl.ioctl",
        "fcntl.flock",
        "fcntl.lockf",
    }
)

#: Audit event prefixes refused outright: whole families of side effects.
DENIED_EVENT_PREFIXES: tuple[str, ...] = (
    "subprocess.",
    "_posixsubprocess.",
    "shutil.",
    "socket.",
    "ctypes.",
    "signal.",
    "urllib.",
    "http.",
    "ftplib.",
    "smtplib.",
    "poplib.",
    "imaplib.",
    "nntplib.",
    "telnetlib.",
    "webbrowser.",
    "sqlite3.",
    "syslog.",
    "winreg.",
    "msvcrt.",
    "_winapi.",
)

#: Builtins removed from the code's ``__builtins__``: they evaluate strings, reach scopes, do I/O or
#: stop the interpreter.
REMOVED_BUILTINS: frozenset[str] = frozenset(
    {"eval", "exec", "compile", "open", "globals", "locals", "vars", "breakpoint", "input", "exit", "quit", "help"}
)

_WRITE_OPEN_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND
# O_TMPFILE is __O_TMPFILE | O_DIRECTORY; only the __O_TMPFILE bit means "create".
_O_TMPFILE_BIT = 0o20000000


# --------------------------------------------------------------------------------------------------
# Seccomp allowlist (libseccomp) and the worker's side of user notification
# --------------------------------------------------------------------------------------------------

#: System calls the child may make with any arguments. Found with ``strace -f`` on the attempts of
#: tests/unit/sandbox and the benchmark workload (networkx, numpy/OpenBLAS threads, scipy sparse and
#: dense linear algebra, tracebacks that read source files), then reviewed: each only reads, computes,
#: manages the process's own memory, threads, signals and time, or writes to a descriptor the child
#: already holds (its result pipe and /dev/null; files are opened read-only, see below).
ALLOWED_SYSCALLS: tuple[str, ...] = (
    # reading files the jail exposes (all read-only binds)
    "read", "readv", "pread64", "preadv", "preadv2", "lseek", "close",
    "fstat", "newfstatat", "stat", "lstat", "statx", "statfs", "fstatfs",
    "getdents64", "readlink", "readlinkat", "access", "faccessat", "faccessat2", "getcwd", "fadvise64",
    # writing to descriptors already open (result pipe, /dev/null)
    "write", "writev", "dup", "dup2", "dup3",
    # own memory
    "mmap", "munmap", "mremap", "mprotect", "brk", "madvise", "mbind", "get_mempolicy", "set_mempolicy",
    "membarrier", "mincore",
    # own threads (OpenBLAS), waiting, time
    "futex", "set_robust_list", "rseq", "sched_yield", "sched_getaffinity", "sched_getparam",
    "sched_getscheduler", "getcpu", "nanosleep", "clock_nanosleep", "clock_gettime", "clock_getres",
    "gettimeofday", "time", "poll", "ppoll", "select", "pselect6",
    # identity and accounting (read-only)
    "getpid", "gettid", "getppid", "getuid", "geteuid", "getgid", "getegid", "getgroups", "getresuid",
    "getresgid", "getpgrp", "getpgid", "getsid", "getrusage", "times", "getrlimit", "uname", "sysinfo",
    "getrandom",
    # own signal handling and ending
    "rt_sigaction", "rt_sigprocmask", "rt_sigreturn", "rt_sigpending", "sigaltstack", "restart_syscall",
    "exit", "exit_group",
)  # fmt: skip

#: Refused quietly (no report): calls that libraries make as probes and handle failing.
#: clone3 hides its flags in memory where seccomp cannot read them; ENOSYS makes glibc fall back
#: to clone, whose flags the rule below checks.
QUIET_ERRNO: tuple[tuple[str, int], ...] = (("clone3", errno.ENOSYS),)

_CLONE_THREAD = 0x00010000
_TCGETS = 0x5401
#: fcntl commands allowed: descriptor flags and duplication only (F_GETFD, F_SETFD, F_GETFL,
#: F_DUPFD_CLOEXEC). F_SETOWN/F_SETSIG (signal delivery), leases, notify and locks are not.
_FCNTL_ALLOWED = (1, 2, 3, 1030)
#: prctl options allowed: a thread's own name (PR_SET_NAME, PR_GET_NAME).
_PRCTL_ALLOWED = (15, 16)

#: Marker argument of the "tattle" call (see the module docstring, point 2).
TATTLE_MARK = 0x67726166
_TATTLE_SYSCALL = "sched_get_priority_max"


def build_filter(seccomp: Any, *, notify: bool = True) -> Any:
    """The child's allowlist, without the rules that need the child's own pid (see :func:`finish_filter`).

    Args:
        seccomp: libseccomp's Python binding (the module).
        notify: default action ``NOTIFY`` (report to the worker, the production setting) or plain
            ``ERRNO(EPERM)`` (used by tests that install the filter with nobody listening).
    """
    default = seccomp.NOTIFY if notify else seccomp.ERRNO(errno.EPERM)
    f = seccomp.SyscallFilter(default)
    # A call made through another ABI (x32, i386 via int 0x80) would dodge the numbers below.
    f.set_attr(seccomp.Attr.ACT_BADARCH, seccomp.KILL_PROCESS)
    for name in ALLOWED_SYSCALLS:
        _add(seccomp, f, seccomp.ALLOW, name)
    for name, code in QUIET_ERRNO:
        _add(seccomp, f, seccomp.ERRNO(code), name)
    no_write = _WRITE_OPEN_FLAGS | _O_TMPFILE_BIT
    # Files: open for reading only.
    _add(seccomp, f, seccomp.ALLOW, "openat", seccomp.Arg(2, seccomp.MASKED_EQ, no_write, 0))
    _add(seccomp, f, seccomp.ALLOW, "open", seccomp.Arg(1, seccomp.MASKED_EQ, no_write, 0))
    # Threads yes, processes no. (Namespace flags next to CLONE_THREAD are refused by the kernel itself:
    # the child has no capabilities, and bubblewrap's --disable-userns forbids new user namespaces.)
    _add(seccomp, f, seccomp.ALLOW, "clone", seccomp.Arg(0, seccomp.MASKED_EQ, _CLONE_THREAD, _CLONE_THREAD))
    # isatty() only: TIOCSTI (typing into a terminal), FS_IOC_SETFLAGS and every other request are refused.
    _add(seccomp, f, seccomp.ALLOW, "ioctl", seccomp.Arg(1, seccomp.EQ, _TCGETS))
    for cmd in _FCNTL_ALLOWED:
        _add(seccomp, f, seccomp.ALLOW, "fcntl", seccomp.Arg(1, seccomp.EQ, cmd))
    for option in _PRCTL_ALLOWED:
        _add(seccomp, f, seccomp.ALLOW, "prctl", seccomp.Arg(0, seccomp.EQ, option))
    # Reading one's own limits (new_limit == NULL) is fine; changing them is not.
    _add(seccomp, f, seccomp.ALLOW, "prlimit64", seccomp.Arg(0, seccomp.EQ, 0), seccomp.Arg(2, seccomp.EQ, 0))
    return f


def finish_filter(seccomp: Any, f: Any, own_pid: int) -> None:
    """Add the rules that name the child's own pid: signals only to itself (``abort()``, ``raise``)."""
    _add(seccomp, f, seccomp.ALLOW, "kill", seccomp.Arg(0, seccomp.EQ, own_pid))
    _add(seccomp, f, seccomp.ALLOW, "tgkill", seccomp.Arg(0, seccomp.EQ, own_pid))
    _add(seccomp, f, seccomp.ALLOW, "prlimit64", seccomp.Arg(0, seccomp.EQ, own_pid), seccomp.Arg(2, seccomp.EQ, 0))


def _add(seccomp: Any, f: Any, action: int, name: str, *args: Any) -> None:
    # A name this libseccomp or architecture does not know stays out of the allowlist: refused, the
    # safe direction.
    with contextlib.suppress(RuntimeError, ValueError, OSError):
        f.add_rule(action, name, *args)


# struct seccomp_notif (80 bytes) and struct seccomp_notif_resp (24 bytes) from <linux/seccomp.h>;
# the ioctl numbers are _IOWR('!', 0, struct seccomp_notif) and _IOWR('!', 1, struct seccomp_notif_resp).
# libseccomp's Python binding receives notifications only for a filter loaded by the *same* process;
# here the listener belongs to the child and is read by the worker, so the two fixed kernel structs are
# read and written directly.
_NOTIF = struct.Struct("<QIIiIQ6Q")
_NOTIF_RESP = struct.Struct("<QqiI")
_IOCTL_NOTIF_RECV = 0xC0502100
_IOCTL_NOTIF_SEND = 0xC0182101
_NR_PIDFD_GETFD = 438  # the same number on every architecture (new calls share one table since 5.x)


def take_listener(pid: int, fd: int) -> int:
    """Copy descriptor ``fd`` of child ``pid`` into the worker (``pidfd_getfd``, Linux >= 5.6)."""
    pidfd = os.pidfd_open(pid)
    try:
        libc = _libc()
        new_fd = libc.syscall(_NR_PIDFD_GETFD, pidfd, fd, 0)
        if new_fd < 0:
            err = ctypes.get_errno()
            raise OSError(err, f"pidfd_getfd failed: {os.strerror(err)}")
        return int(new_fd)
    finally:
        os.close(pidfd)


@functools.cache
def _libc() -> ctypes.CDLL:
    return ctypes.CDLL(None, use_errno=True)


def answer_notification(listener: int) -> tuple[int, tuple[int, ...]] | None:
    """Receive one pending notification, answer it with EPERM; returns (syscall nr, args) or None."""
    buf = bytearray(_NOTIF.size)
    try:
        fcntl.ioctl(listener, _IOCTL_NOTIF_RECV, buf, True)
    except OSError as e:
        if e.errno in (errno.ENOENT, errno.EINTR, errno.EAGAIN):
            return None  # the caller went away (killed) before we read it
        raise
    notif_id, _pid, _flags, nr, _arch, _ip, *args = _NOTIF.unpack(buf)
    resp = bytearray(_NOTIF_RESP.pack(notif_id, 0, -errno.EPERM, 0))
    with contextlib.suppress(OSError):  # ENOENT: the calling thread died meanwhile
        fcntl.ioctl(listener, _IOCTL_NOTIF_SEND, resp, True)
    return nr, tuple(args)


_FAMILIES: tuple[tuple[frozenset[str], str], ...] = tuple(
    (frozenset(names.split()), family)
    for names, family in (
        ("open openat openat2 creat", "writing files"),
        ("clone fork vfork execve execveat", "starting processes"),
        ("socket socketpair connect bind listen accept accept4 sendto sendmsg", "network access"),
        ("kill tkill tgkill rt_sigqueueinfo rt_tgsigqueueinfo pidfd_send_signal", "sending signals to other processes"),
        (
            "chmod fchmod fchmodat fchmodat2 chown fchown lchown fchownat setxattr lsetxattr fsetxattr removexattr "
            "lremovexattr fremovexattr rename renameat renameat2 unlink unlinkat mkdir mkdirat rmdir link linkat "
            "symlink symlinkat truncate ftruncate utime utimes utimensat futimesat mknod mknodat pwrite64 fallocate",
            "changing files",
        ),
        (
            "mount umount2 open_tree move_mount fsopen fsmount fsconfig fspick mount_setattr pivot_root chroot "
            "unshare setns",
            "mounting file systems or changing namespaces",
        ),
        ("shmget shmat shmctl msgget msgsnd semget semop mq_open memfd_create", "shared memory and message queues"),
        (
            "setpriority sched_setscheduler sched_setparam sched_setaffinity ioprio_set sched_setattr",
            "changing process priorities",
        ),
        ("prlimit64 setrlimit", "changing resource limits"),
        ("ptrace process_vm_readv process_vm_writev pidfd_open pidfd_getfd kcmp", "inspecting other processes"),
        ("ioctl", "device control (ioctl)"),
        ("fcntl", "this descriptor operation (fcntl)"),
    )
)


def describe_syscall(name: str) -> str:
    """What a refused call would have done, for the LLM.

    >>> describe_syscall("fchmodat2")
    'changing files'
    """
    for names, family in _FAMILIES:
        if name in names:
            return family
    return "this operation"


# --------------------------------------------------------------------------------------------------
# Read-only graphs
# --------------------------------------------------------------------------------------------------

#: Called by a ReadOnlyDict mutator before it raises; set in the child (records + tattles).
_on_graph_write: Callable[[str], None] | None = None

GRAPH_READ_ONLY_MESSAGE = (
    "the loaded graph is read-only: do not change it (no add_edge, remove_node, attribute writes); "
    "work on a copy instead, e.g. H = G.copy()"
)


class GraphReadOnly(TypeError):
    """Raised when generated code tries to change a loaded graph."""


class ReadOnlyDict(dict):  # type: ignore[type-arg]
    """A dict whose mutators refuse: the storage of the loaded graphs inside the jail.

    Reads run at dict speed (no method is overridden on the read path). Copies (``copy()``,
    ``dict(d)``, ``copy.copy``, ``copy.deepcopy``, pickling) are plain, writable dicts, so
    ``G.copy()``, ``G.to_directed()`` and ``copy.deepcopy(G)`` give graphs the code may change.
    """

    __slots__ = ()

    def _refuse(self, *args: Any, **kwargs: Any) -> Any:
        if _on_graph_write is not None:
            _on_graph_write(GRAPH_READ_ONLY_MESSAGE)
        raise GraphReadOnly(GRAPH_READ_ONLY_MESSAGE)

    __setitem__ = __delitem__ = __ior__ = _refuse
    clear = pop = popitem = setdefault = update = _refuse

    def copy(self) -> dict[Any, Any]:
        return dict(self)

    def __copy__(self) -> dict[Any, Any]:
        return dict(self)

    def __deepcopy__(self, memo: dict[int, Any]) -> dict[Any, Any]:
        import copy

        out: dict[Any, Any] = {}
        memo[id(self)] = out  # shared edge dicts stay shared in the copy
        for key, value in dict.items(self):
            dict.__setitem__(out, copy.deepcopy(key, memo), copy.deepcopy(value, memo))
        return out

    def __reduce__(self) -> tuple[Any, ...]:
        return (dict, (dict(self),))


def freeze_graph(graph: Any) -> bool:
    """Make a networkx graph's storage read-only in place; False for objects that are not graphs.

    Shared dicts stay shared (an undirected edge's data dict is one object seen from both ends; a
    directed one is shared by ``_succ`` and ``_pred``).
    """
    state = getattr(graph, "__dict__", None)
    if not isinstance(state, dict) or not all(k in state for k in ("_adj", "_node", "graph")):
        return False
    memo: dict[int, ReadOnlyDict] = {}
    multi = bool(getattr(graph, "is_multigraph", lambda: False)())

    def frozen(d: dict[Any, Any]) -> ReadOnlyDict:
        done = memo.get(id(d))
        if done is None:
            done = memo[id(d)] = ReadOnlyDict(d)
        return done

    def adjacency(adj: dict[Any, Any]) -> ReadOnlyDict:
        if multi:
            return ReadOnlyDict(
                (u, ReadOnlyDict((v, _frozen_keys(keys, frozen, memo)) for v, keys in nbrs.items()))
                for u, nbrs in adj.items()
            )
        return ReadOnlyDict((u, ReadOnlyDict((v, frozen(data)) for v, data in nbrs.items())) for u, nbrs in adj.items())

    new_adj = adjacency(state["_adj"])
    updates: dict[str, Any] = {
        "_node": ReadOnlyDict((n, frozen(data)) for n, data in state["_node"].items()),
        "_adj": new_adj,
        "graph": ReadOnlyDict(state["graph"]),
    }
    if "_succ" in state:
        updates["_succ"] = new_adj
    if "_pred" in state:
        updates["_pred"] = adjacency(state["_pred"])
    # Cached views (G.adj, G.nodes, ...) were built on the old dicts; they rebuild on first use.
    for name in list(state):
        if isinstance(getattr(type(graph), name, None), functools.cached_property):
            del state[name]
    state.update(updates)
    return True


def _frozen_keys(
    keys: dict[Any, Any], frozen: Callable[[dict[Any, Any]], ReadOnlyDict], memo: dict[int, ReadOnlyDict]
) -> ReadOnlyDict:
    done = memo.get(id(keys))
    if done is None:
        done = memo[id(keys)] = ReadOnlyDict((k, frozen(d)) for k, d in keys.items())
    return done


def graph_signature(graph: Any) -> tuple[Any, ...]:
    """Identity and sizes of a frozen graph's containers, compared after each run.

    O(1) on purpose: walking every adjacency dict after each attempt cost ~80 ms on a 1M-edge graph
    (copy-on-write faults included), more than the whole attempt's budget. Normal code cannot change
    the storage at all (:class:`ReadOnlyDict`); this check catches code that rebinds or replaces it,
    or adds and removes nodes behind its back.
    """
    state = graph.__dict__
    containers = tuple(state.get(k) for k in ("_node", "_adj", "_pred", "graph"))
    return (
        tuple(id(c) for c in containers),
        tuple(len(c) if c is not None else -1 for c in containers),
        all(type(c) is ReadOnlyDict for c in containers if c is not None),
    )


# --------------------------------------------------------------------------------------------------
# The child: limits, hooks, restricted builtins, exec, result conversion
# --------------------------------------------------------------------------------------------------


class _Rejected(Exception):
    """Raised inside the child when a blocked action is attempted."""


class _BoundedWriter(io.TextIOBase):
    """A stdout that keeps the first ``limit`` characters and drops the rest."""

    def __init__(self, limit: int = MAX_STDOUT_CHARS) -> None:
        self._parts: list[str] = []
        self._size = 0
        self._limit = limit
        self.dropped = False

    def writable(self) -> bool:
        return True

    def write(self, s: str) -> int:
        room = self._limit - self._size
        if room > 0:
            kept = str(s)[:room]
            self._parts.append(kept)
            self._size += len(kept)
        if len(s) > max(room, 0):
            self.dropped = True
        return len(s)

    def getvalue(self) -> str:
        text = "".join(self._parts)
        return text + "\n[... output truncated]" if self.dropped else text


def _tattle() -> None:
    """Make the marker call outside the allowlist, so the worker hears of a Python-level refusal."""
    with contextlib.suppress(OSError):
        os.sched_get_priority_max(TATTLE_MARK)


class _Guard:
    """The child's audit hook plus the violations it has seen (the friendly layer).

    Every refusal tattles first (see the module docstring), so swallowing the exception or clearing
    ``violations`` afterwards does not hide it from the worker.
    """

    def __init__(self) -> None:
        self.violations: list[str] = []

    def refuse(self, message: str) -> None:
        self.violations.append(message)
        _tattle()
        raise _Rejected(message)

    def graph_write(self, message: str) -> None:
        self.violations.append(message)
        _tattle()

    def __call__(self, event: str, args: tuple[Any, ...]) -> None:
        if event == "open":
            self._check_open(args)
        elif event == "import":
            module = str(args[0]) if args else ""
            if module.split(".", 1)[0] in DENIED_MODULES:
                self.refuse(f"importing {module!r} is not allowed in the sandbox")
        elif event in DENIED_EVENTS or event.startswith(DENIED_EVENT_PREFIXES):
            self.refuse(f"{_describe_event(event)} is not allowed in the sandbox (blocked '{event}')")

    def _check_open(self, args: tuple[Any, ...]) -> None:
        path, mode, flags = (tuple(args) + (None, None, None))[:3]
        writes = isinstance(mode, str) and any(c in mode for c in "wax+")
        if isinstance(flags, int) and flags & _WRITE_OPEN_FLAGS:
            writes = True
        if writes:
            self.refuse(f"writing files is not allowed in the sandbox (tried to open {str(path)[:200]!r} for writing)")


def _describe_event(event: str) -> str:
    family = event.split(".", 1)[0]
    return {
        "socket": "network access",
        "subprocess": "starting processes",
        "_posixsubprocess": "starting processes",
        "shutil": "changing files",
        "ctypes": "calling native code",
        "signal": "sending signals",
    }.get(family, f"the operation {event!r}")


def _make_sys_shim(stdout: _BoundedWriter) -> types.ModuleType:
    """A stand-in for ``sys`` with only what graph code legitimately uses (never ``sys.modules``)."""
    shim = types.ModuleType("sys")

    def setrecursionlimit(limit: int) -> None:
        sys.setrecursionlimit(max(100, min(int(limit), MAX_RECURSION_LIMIT)))

    def exit_(status: object = None) -> None:
        raise SystemExit(status)

    shim.__dict__.update(
        setrecursionlimit=setrecursionlimit,
        getrecursionlimit=sys.getrecursionlimit,
        maxsize=sys.maxsize,
        float_info=sys.float_info,
        int_info=sys.int_info,
        version=sys.version,
        version_info=sys.version_info,
        byteorder=sys.byteorder,
        platform=sys.platform,
        argv=[],
        stdout=stdout,
        stderr=stdout,
        exit=exit_,
        set_int_max_str_digits=sys.set_int_max_str_digits,
    )
    return shim


def _make_builtins(
    guard: _Guard, allowed_imports: frozenset[str], safe_dunders: frozenset[str], sys_shim: types.ModuleType
) -> dict[str, Any]:
    """The ``__builtins__`` generated code sees."""
    real_import = builtins.__import__
    real_getattr, real_setattr, real_delattr, real_hasattr = getattr, setattr, delattr, hasattr
    safe = {k: v for k, v in builtins.__dict__.items() if k not in REMOVED_BUILTINS}

    def allowed(module: str) -> bool:
        return module.split(".", 1)[0] in allowed_imports

    def restricted_import(
        name: str, globals: Any = None, locals: Any = None, fromlist: Any = (), level: int = 0
    ) -> Any:
        if level != 0 or not allowed(name):
            guard.refuse(f"import of {name!r} is not allowed; allowed modules: {', '.join(sorted(allowed_imports))}")
        if name == "sys":
            return sys_shim
        return real_import(name, globals, locals, fromlist, level)

    def check_name(name: object) -> None:
        if isinstance(name, str) and name.startswith("__") and name not in safe_dunders:
            guard.refuse(f"access to attribute {name!r} is not allowed")

    def safe_getattr(obj: object, name: str, *default: Any) -> Any:
        check_name(name)
        return real_getattr(obj, name, *default)

    def safe_setattr(obj: object, name: str, value: Any) -> None:
        check_name(name)
        real_setattr(obj, name, value)

    def safe_delattr(obj: object, name: str) -> None:
        check_name(name)
        real_delattr(obj, name)

    def safe_hasattr(obj: object, name: str) -> bool:
        check_name(name)
        return real_hasattr(obj, name)

    safe.update(
        __import__=restricted_import,
        getattr=safe_getattr,
        setattr=safe_setattr,
        delattr=safe_delattr,
        hasattr=safe_hasattr,
    )
    return safe


def _apply_limits(memory_limit_mb: int, timeout: float) -> None:
    """Resource limits of the child; the seccomp filter refuses raising them again."""
    # Address space: what the worker already maps (the shared graph, libraries) plus the budget, so
    # the limit means "memory this attempt may add" whatever the graph size.
    with open("/proc/self/statm") as f:
        mapped = int(f.read().split()[0]) * resource.getpagesize()
    limit = mapped + memory_limit_mb * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    # CPU seconds: a backstop for the wall-clock kill in case the worker is slow to act.
    cpu = int(math.ceil(timeout)) + 1
    resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 1))
    resource.setrlimit(resource.RLIMIT_FSIZE, (0, 0))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    # Deep recursion in library code needs C stack; allow it to grow within the address budget.
    _, stack_hard = resource.getrlimit(resource.RLIMIT_STACK)
    stack = 512 * 1024 * 1024
    if stack_hard != resource.RLIM_INFINITY:
        stack = min(stack, stack_hard)
    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_STACK, (stack, stack_hard))


def _isolate_fds(keep: tuple[int, ...]) -> None:
    """Point 0-2 at /dev/null and close every other descriptor but ``keep``.

    The worker's channel to grraf must not be reachable: code could forge or corrupt replies.
    """
    devnull = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(devnull, fd)
    os.close(devnull)
    low = 3
    for fd in sorted(keep):
        os.closerange(low, fd)
        low = fd + 1
    os.closerange(low, 1 << 20)


class _State:
    """The worker's long-lived state (graphs, settings, libseccomp)."""

    def __init__(self, config: Mapping[str, Any], namespace: dict[str, Any], seccomp: Any) -> None:
        self.memory_limit_mb = int(config["memory_limit_mb"])
        self.allowed_imports = frozenset(config["allowed_imports"])
        self.safe_dunders = frozenset(config["safe_dunders"])
        self.namespace = namespace
        self.seccomp = seccomp
        self.filter = build_filter(seccomp) if seccomp is not None else None
        self.frozen: dict[str, tuple[Any, tuple[Any, ...]]] = {}


def _child_main(state: _State, code: str, timeout: float, result_w: int, go_r: int) -> None:
    """Body of the forked child. Never returns: it writes its frames and ``_exit``\\ s."""
    outcome: dict[str, Any]
    try:
        os.setpgid(0, 0)
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past RLIMIT_FSIZE fails instead of killing
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        _isolate_fds((result_w, go_r))
        _apply_limits(state.memory_limit_mb, timeout)
        sys.dont_write_bytecode = True
        if state.filter is None:
            raise RuntimeError("libseccomp is not available in the jail")
        finish_filter(state.seccomp, state.filter, os.getpid())
        state.filter.load()
        listener = state.filter.get_notify_fd()
        # Hand the listener to the worker and wait until it holds it: from here on every refused
        # call is reported to the worker, and the child's own copy is closed before any code runs.
        proto.write_frame(result_w, proto.dumps({"listener": listener}))
        if os.read(go_r, 1) != b"g":
            os._exit(71)
        os.close(listener)
        os.close(go_r)
        outcome = _run_code(state, code)
    except BaseException as e:  # the child must always report, never raise into the worker's loop
        outcome = {"status": "error", "message": f"sandbox setup failed: {type(e).__name__}: {e}"}
    try:
        data = proto.dumps(outcome)
    except (TypeError, ValueError) as e:
        data = proto.dumps({"status": "error", "message": f"the answer could not be encoded: {e}"})
    if len(data) > MAX_RESULT_BYTES:
        data = proto.dumps({"status": "error", "message": TOO_LARGE_MESSAGE})
    proto.write_frame(result_w, data)
    # Close before exiting: the kernel frees the address space before closing descriptors, and the
    # worker should not wait for that teardown to see the end of the message.
    os.close(result_w)
    os._exit(0)


TOO_LARGE_MESSAGE = "The result is too large to return; return a smaller `answer`."


def _run_code(state: _State, code: str) -> dict[str, Any]:
    """Install the hook, exec the code, check the graphs, convert ``answer``."""
    global _on_graph_write
    guard = _Guard()
    stdout = _BoundedWriter()
    sys_shim = _make_sys_shim(stdout)
    scope: dict[str, Any] = dict(state.namespace)
    scope["__builtins__"] = _make_builtins(guard, state.allowed_imports, state.safe_dunders, sys_shim)
    scope["__name__"] = "__main__"
    sys.stdout = sys.stderr = stdout
    try:
        compiled = compile(code, GENERATED_FILENAME, "exec")
    except SyntaxError as e:
        return {"status": "rejected", "message": f"line {e.lineno}: syntax error: {e.msg}"}
    _on_graph_write = guard.graph_write
    sys.addaudithook(guard)  # permanent: no Python API removes an audit hook
    started = time.perf_counter()
    error: BaseException | None = None
    try:
        exec(compiled, scope)
    except SystemExit:
        pass  # sys.exit() after setting answer is a normal end
    except BaseException as e:
        error = e
    seconds = time.perf_counter() - started
    changed = _changed_graphs(state, scope)
    if guard.violations:
        first = guard.violations[0]
        if first == GRAPH_READ_ONLY_MESSAGE and error is not None:
            first += _where(error, code)
        return {"status": "rejected", "message": first + _output_suffix(stdout)}
    if changed:
        return {
            "status": "rejected",
            "message": f"the code changed the loaded graph {', '.join(changed)}: {GRAPH_READ_ONLY_MESSAGE}",
        }
    if error is not None:
        scope.clear()  # free what the code allocated (a MemoryError leaves little room to report it)
        return {"status": "error", "message": _format_exception(error, code) + _output_suffix(stdout)}
    if "answer" not in scope:
        return {
            "status": "error",
            "message": "The code ran but did not set the variable `answer`. Assign the final result to a "
            "variable named `answer` (e.g. `answer = nx.shortest_path_length(G, 0, 5)`)." + _output_suffix(stdout),
        }
    try:
        converter = _Converter()
        value = converter.convert(scope["answer"])
    except _NotPlainData as e:
        return {"status": "error", "message": str(e)}
    except BaseException as e:  # e.g. a generator answer that raises while being materialised
        if guard.violations:
            return {"status": "rejected", "message": guard.violations[0]}
        return {"status": "error", "message": _format_exception(e, code)}
    if guard.violations:
        return {"status": "rejected", "message": guard.violations[0]}
    return {
        "status": "ok",
        "value": value,
        "truncated": converter.truncated,
        "note": converter.note,
        "seconds": seconds,
    }


def _changed_graphs(state: _State, scope: Mapping[str, Any]) -> list[str]:
    """Names of loaded graphs that were rebound, or whose storage changed, during the run."""
    changed = []
    for name, (graph, signature) in state.frozen.items():
        try:
            if scope.get(name) is not graph or graph_signature(graph) != signature:
                changed.append(name)
        except Exception:  # storage replaced by something without the expected shape
            changed.append(name)
    return changed


def _output_suffix(stdout: _BoundedWriter) -> str:
    text = stdout.getvalue()
    if not text:
        return ""
    if len(text) > 1500:
        text = "[...]\n" + text[-1500:]
    return f"\nOutput before the error:\n{text}"


def _where(error: BaseException, code: str) -> str:
    """`` (line 4: `x = G[0] + 1`)``: the last generated line in the traceback, or ``""``."""
    generated = [f for f in traceback.extract_tb(error.__traceback__) if f.filename == GENERATED_FILENAME]
    if not generated:
        return ""
    lines = code.splitlines()
    lineno = generated[-1].lineno or 0
    source = lines[lineno - 1].strip() if 0 < lineno <= len(lines) else ""
    return f" (line {lineno}: `{source[:120]}`)"


def _format_exception(error: BaseException, code: str) -> str:
    """``TypeError: ... (line 4: `x = G[0] + 1`)`` plus the last few frames of the traceback."""
    name = type(error).__name__
    message = str(error)
    if isinstance(error, MemoryError):
        message = (
            "the code exceeded the sandbox memory limit; use less memory (avoid dense matrices or copies of the graph)"
        )
    frames = traceback.extract_tb(error.__traceback__)
    lines = code.splitlines()
    head = f"{name}: {message}{_where(error, code)}"
    if isinstance(error, RecursionError):
        head += "; the recursion is too deep: use an iterative algorithm or a networkx function"
    # Keep the frames from the first generated line on: library internals above it are noise.
    start = next((i for i, f in enumerate(frames) if f.filename == GENERATED_FILENAME), 0)
    shown = frames[start:][-6:]
    body = "".join(
        f'  File "{f.filename}", line {f.lineno}, in {f.name}\n'
        + (
            f"    {lines[f.lineno - 1].strip()}\n"
            if f.filename == GENERATED_FILENAME and f.lineno and f.lineno <= len(lines)
            else (f"    {f.line}\n" if f.line else "")
        )
        for f in shown
    )
    text = f"{head}\nTraceback (most recent call last):\n{body}{name}: {message}"
    return text if len(text) <= MAX_ERROR_CHARS else text[: MAX_ERROR_CHARS - 20] + "\n[... truncated]"


class _NotPlainData(Exception):
    """``answer`` holds something that cannot travel as JSON."""


class _Converter:
    """Turns ``answer`` into JSON-ready data, within :data:`MAX_ANSWER_ITEMS` items."""

    def __init__(self) -> None:
        self.items = 0
        self.truncated = False
        self.note: str | None = None

    def convert(self, value: Any, depth: int = 0) -> Any:
        if depth > MAX_ANSWER_DEPTH:
            raise _NotPlainData(
                f"`answer` is nested more than {MAX_ANSWER_DEPTH} levels deep; return a flatter structure"
            )
        if value is None or type(value) is bool:
            return value
        if isinstance(value, bool):
            return bool(value)
        if isinstance(value, int):
            return int(value)
        if isinstance(value, float):
            return _float(float(value))
        if isinstance(value, str):
            return self._string(str(value))
        module = type(value).__module__.split(".", 1)[0]
        if module == "numpy":
            return self._numpy(value, depth)
        if module == "networkx":
            raise _NotPlainData(_not_plain_message(value, "a networkx " + type(value).__name__))
        if isinstance(value, dict):
            return self._dict(value, depth)
        if isinstance(value, list | tuple | range):
            return self._sequence(value, depth)
        if isinstance(value, set | frozenset):
            return _sorted_if_possible(self._sequence(value, depth))
        if isinstance(value, types.MappingProxyType):
            return self._dict(dict(value), depth)
        if type(value).__name__ in ("dict_keys", "dict_values", "dict_items"):
            return self._sequence(value, depth)
        if isinstance(value, Iterator):
            self.note = "`answer` was an iterator; it was turned into a list"
            return self._sequence(value, depth)
        if type(value).__name__ in ("Fraction", "Decimal"):
            return _float(float(value))
        if isinstance(value, complex):
            return str(value)
        raise _NotPlainData(_not_plain_message(value, f"a {type(value).__name__}"))

    def _string(self, text: str) -> str:
        if len(text) > MAX_STRING_CHARS:
            self.truncated = True
            return text[:MAX_STRING_CHARS]
        return text

    def _take(self) -> bool:
        self.items += 1
        if self.items > MAX_ANSWER_ITEMS:
            self.truncated = True
            return False
        return True

    def _sequence(self, values: Any, depth: int) -> list[Any]:
        out = []
        for item in values:
            if not self._take():
                break
            out.append(self.convert(item, depth + 1))
        return out

    def _dict(self, mapping: Mapping[Any, Any], depth: int) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key, item in mapping.items():
            if not self._take():
                break
            out[_key(key)] = self.convert(item, depth + 1)
        return out

    def _numpy(self, value: Any, depth: int) -> Any:
        import numpy as np

        if isinstance(value, np.ndarray):
            if value.size > MAX_ANSWER_ITEMS:
                self.truncated = True
                value = value.reshape(-1)[:MAX_ANSWER_ITEMS]
            return self.convert(value.tolist(), depth)
        if isinstance(value, np.generic):
            return self.convert(value.item(), depth)
        raise _NotPlainData(_not_plain_message(value, f"a numpy {type(value).__name__}"))


def _float(value: float) -> float | str:
    if math.isnan(value) or math.isinf(value):
        return str(value)  # "nan", "inf", "-inf": JSON has no such numbers
    return value


def _key(key: Any) -> str:
    """Dict keys become strings; numpy scalars by their Python value, tuples as ``"(0, 1)"``."""
    if isinstance(key, str):
        return key
    if hasattr(key, "item") and type(key).__module__.split(".", 1)[0] == "numpy":
        key = key.item()
    return str(key)


def _sorted_if_possible(values: list[Any]) -> list[Any]:
    try:
        return sorted(values)
    except TypeError:
        return values


def _not_plain_message(value: object, what: str) -> str:
    hint = "compute the value you need from it" if "networkx" in what else "convert it to one of those"
    if isinstance(value, types.GeneratorType | types.FunctionType | types.ModuleType):
        hint = "convert it to one of those"
    return f"`answer` must be plain data (number, string, bool, list or dict); got {what} — {hint}"


# --------------------------------------------------------------------------------------------------
# The worker: one attempt
# --------------------------------------------------------------------------------------------------


def run_attempt(state: _State, code: str, timeout: float) -> dict[str, Any]:
    """Fork a child for ``code``, watch it until its result or the deadline, decide the verdict."""
    deadline = time.monotonic() + timeout
    result_r, result_w = os.pipe()
    go_r, go_w = os.pipe()
    try:
        pid = os.fork()
    except OSError as e:
        for fd in (result_r, result_w, go_r, go_w):
            os.close(fd)
        return {"status": "worker-error", "message": f"could not fork: {e}"}
    if pid == 0:  # child
        try:
            os.close(result_r)
            os.close(go_w)
            _child_main(state, code, timeout, result_w, go_r)
        finally:
            os._exit(70)
    os.close(result_w)
    os.close(go_r)
    watch = _Watch(pid, result_r, go_w, deadline)
    try:
        return watch.run()
    finally:
        watch.close()


class _Watch:
    """The worker's observation of one child: handshake, notifications, result bytes, exit."""

    def __init__(self, pid: int, result_r: int, go_w: int, deadline: float) -> None:
        self.pid = pid
        self.result_r = result_r
        self.go_w: int | None = go_w
        self.deadline = deadline
        self.listener: int | None = None
        self.blocked: list[str] = []
        self.blocked_count = 0
        self.tattles = 0
        self.buffer = bytearray()
        self.reaped = False

    # -- reading ---------------------------------------------------------------------------------
    def _pump(self, want_frames: int) -> str:
        """Read the result pipe (answering notifications meanwhile) until ``want_frames`` complete
        frames are buffered, EOF, the deadline or the size limit. Returns "frames", "eof",
        "timeout" or "too-big"."""
        poller = select.poll()
        poller.register(self.result_r, select.POLLIN)
        if self.listener is not None:
            poller.register(self.listener, select.POLLIN)
        while True:
            if _count_frames(self.buffer) >= want_frames:
                return "frames"
            remaining = self.deadline - time.monotonic()
            if remaining <= 0:
                return "timeout"
            for fd, events in poller.poll(max(1, int(remaining * 1000))):
                if fd == self.listener:
                    if events & select.POLLIN:
                        self._answer()
                    elif events & (select.POLLHUP | select.POLLERR):
                        poller.unregister(fd)
                    continue
                chunk = os.read(self.result_r, 1 << 20)
                if not chunk:
                    return "eof"
                self.buffer += chunk
                if len(self.buffer) > MAX_RESULT_BYTES + 4096:
                    return "too-big"

    def _answer(self) -> None:
        assert self.listener is not None
        got = answer_notification(self.listener)
        if got is None:
            return
        nr, args = got
        name = _syscall_name(nr)
        if name == _TATTLE_SYSCALL and args[0] == TATTLE_MARK:
            self.tattles += 1
            return
        self.blocked_count += 1
        if len(self.blocked) < MAX_BLOCKED_RECORDS:
            self.blocked.append(name)

    def _drain(self) -> None:
        """Answer every notification already queued (the child may have threads blocked in them)."""
        if self.listener is None:
            return
        poller = select.poll()
        poller.register(self.listener, select.POLLIN)
        while any(ev & select.POLLIN for _, ev in poller.poll(0)):
            self._answer()

    # -- the attempt -----------------------------------------------------------------------------
    def run(self) -> dict[str, Any]:
        state = self._pump(1)
        if state == "frames":
            frame, rest = _split_frame(self.buffer)
            assert frame is not None  # _pump saw one complete frame
            try:
                hello = proto.loads_bounded(frame, max_depth=2)
                listener = hello["listener"] if isinstance(hello, dict) else None
            except proto.FrameError:
                listener = None
            if not isinstance(listener, int):
                # The child reported before arming its filter: a setup failure, not the code's doing.
                return self._setup_failure(frame)
            self.listener = take_listener(self.pid, listener)
            assert self.go_w is not None
            os.write(self.go_w, b"g")
            os.close(self.go_w)
            self.go_w = None
            self.buffer = bytearray(rest)
            state = self._pump(1)
            if state == "frames":
                state = self._pump(2)  # read on to EOF: exactly one frame is allowed
        self._drain()
        return self._verdict(state)

    def _setup_failure(self, frame: bytes) -> dict[str, Any]:
        try:
            message = proto.loads_bounded(frame, max_depth=2).get("message", "")
        except (proto.FrameError, AttributeError):
            message = ""
        return {"status": "worker-error", "message": f"the sandbox could not arm a child: {str(message)[:500]}"}

    def _verdict(self, state: str) -> dict[str, Any]:
        blocked = self._blocked_summary()
        if state == "timeout":
            return {"status": "timeout", **blocked}
        if state == "too-big":
            return {"status": "error", "message": TOO_LARGE_MESSAGE, **blocked}
        claimed = self._claimed() if state == "eof" else None
        if self.blocked_count or self.tattles:
            message = claimed.get("message") if claimed and claimed.get("status") == "rejected" else None
            if not isinstance(message, str) or not message:
                message = self._describe_blocked()
            return {"status": "rejected", "message": message[:MAX_ERROR_CHARS], **blocked}
        if claimed is None:
            if not self.buffer:
                status = self._exit_status()
                if status is None:  # closed its pipe but kept running until the deadline
                    return {"status": "timeout", **blocked}
                return {"status": "error", "message": _death_message(status)}
            return {"status": "error", "message": "The sandboxed process returned an unreadable result."}
        return claimed

    def _claimed(self) -> dict[str, Any] | None:
        """The child's own frame, if it is exactly one well-formed result; else None."""
        frame, rest = _split_frame(self.buffer)
        if frame is None or rest:
            return None
        try:
            message = proto.loads_bounded(frame, max_depth=MAX_JSON_DEPTH)
        except proto.FrameError:
            return None
        return validate_outcome(message, allow=("ok", "error", "rejected"))

    def _blocked_summary(self) -> dict[str, Any]:
        return {"blocked": list(self.blocked), "blocked_count": self.blocked_count, "guard_refusals": self.tattles}

    def _describe_blocked(self) -> str:
        if self.blocked:
            name = self.blocked[0]
            return (
                f"{describe_syscall(name)} is not allowed in the sandbox (blocked system call '{name}'); "
                "compute the answer from the graph without touching files, processes or the network"
            )
        return "a blocked operation was attempted in the sandbox (refused by its Python guard)"

    def _exit_status(self) -> int | None:
        """Wait (until the deadline) for a child whose pipe closed without a result to end."""
        while True:
            try:
                done, status = os.waitpid(self.pid, os.WNOHANG)
            except ChildProcessError:
                self.reaped = True
                return 0
            if done:
                self.reaped = True
                return status
            if time.monotonic() >= self.deadline:
                return None
            self._drain()
            time.sleep(0.005)

    def close(self) -> None:
        for fd in (self.result_r, self.go_w, self.listener):
            if fd is not None:
                with contextlib.suppress(OSError):
                    os.close(fd)
        if not self.reaped:
            # Kill now, reap lazily (see _reap): tearing down a large copy-on-write address space
            # takes milliseconds nobody should wait for.
            for kill in (os.killpg, os.kill):
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    kill(self.pid, signal.SIGKILL)
            _EXITING.append(self.pid)


_EXITING: list[int] = []


def _reap(*, block: bool) -> None:
    """Reap killed children; their pids stay reserved until then, so a kill never hits a stranger."""
    pending = []
    for pid in _EXITING:
        try:
            done, _ = os.waitpid(pid, 0 if block else os.WNOHANG)
        except ChildProcessError:
            continue
        if not done:
            pending.append(pid)
    _EXITING[:] = pending


def _count_frames(buffer: bytearray) -> int:
    count, offset = 0, 0
    while len(buffer) - offset >= proto.HEADER.size:
        (size,) = proto.HEADER.unpack_from(buffer, offset)
        if len(buffer) - offset - proto.HEADER.size < size:
            break
        offset += proto.HEADER.size + size
        count += 1
    return count


def _split_frame(buffer: bytearray) -> tuple[bytes | None, bytes]:
    if len(buffer) < proto.HEADER.size:
        return None, bytes(buffer)
    (size,) = proto.HEADER.unpack_from(buffer, 0)
    end = proto.HEADER.size + size
    if len(buffer) < end:
        return None, bytes(buffer)
    return bytes(buffer[proto.HEADER.size : end]), bytes(buffer[end:])


def validate_outcome(message: Any, *, allow: tuple[str, ...]) -> dict[str, Any] | None:
    """The outcome if ``message`` has the documented shape, else None (used on both sides)."""
    if not isinstance(message, dict) or message.get("status") not in allow:
        return None
    text = message.get("message", "")
    note = message.get("note")
    seconds = message.get("seconds", 0.0)
    truncated = message.get("truncated", False)
    if not isinstance(text, str) or not (note is None or isinstance(note, str)) or not isinstance(truncated, bool):
        return None
    if isinstance(seconds, bool) or not isinstance(seconds, int | float) or not math.isfinite(seconds):
        return None
    out = {
        "status": message["status"],
        "value": message.get("value"),
        "message": text[: MAX_ERROR_CHARS + 2000],
        "truncated": truncated,
        "note": note[:500] if note else None,
        "seconds": float(seconds),
    }
    return out


@functools.cache
def _syscall_name(nr: int) -> str:
    try:
        import seccomp

        name = seccomp.resolve_syscall(seccomp.Arch.NATIVE, nr)
        return name.decode() if isinstance(name, bytes) else str(name)
    except Exception:
        return f"#{nr}"


def _death_message(status: int) -> str:
    """Explain a child that ended without a result."""
    if os.WIFSIGNALED(status):
        sig = os.WTERMSIG(status)
        if sig == signal.SIGXCPU:
            return "The code used up its CPU-time limit and was stopped; use a faster algorithm."
        if sig in (signal.SIGSEGV, signal.SIGBUS, signal.SIGKILL, signal.SIGABRT):
            return (
                f"The sandboxed process crashed ({signal.Signals(sig).name}); the most likely cause is the memory "
                "limit or a recursion too deep. Use less memory or an iterative algorithm."
            )
        return f"The sandboxed process was killed by signal {signal.Signals(sig).name}."
    code = os.WEXITSTATUS(status) if os.WIFEXITED(status) else -1
    return f"The sandboxed process exited (status {code}) without producing a result; do not exit the interpreter."


# --------------------------------------------------------------------------------------------------
# The worker: start and loop
# --------------------------------------------------------------------------------------------------


def _preload(names: tuple[str, ...]) -> None:
    import importlib

    for name in names:
        if name == "sys":
            continue
        with contextlib.suppress(ImportError):  # optional extras only narrow what code can do
            importlib.import_module(name)


def _load_namespace(config: Mapping[str, Any], requests: int) -> dict[str, Any]:
    """The graphs (one pickle frame from grraf, the trusted side) plus module aliases such as ``nx``."""
    import importlib

    graphs = pickle.loads(proto.read_frame(requests, limit=1 << 40))
    namespace: dict[str, Any] = {name: importlib.import_module(module) for name, module in config["modules"].items()}
    namespace.update(graphs)
    return namespace


def main(requests: int, replies: int) -> None:
    """Loop of the worker process: one JSON request in, one JSON outcome out."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C in a terminal: grraf decides what stops
    timings: dict[str, float] = {}
    clock = time.perf_counter()
    try:
        config = proto.loads_bounded(proto.read_frame(requests, limit=MAX_REQUEST_BYTES))
        _preload(tuple(config.get("preload", PRELOAD_MODULES)) + tuple(sorted(config["allowed_imports"])))
        timings["preload"] = time.perf_counter() - clock
        try:
            import seccomp
        except ImportError as e:
            raise RuntimeError(f"libseccomp's Python binding could not be imported in the jail: {e}") from e
        # Loading and freezing create millions of dicts for a large graph; collections meanwhile would
        # walk all of them again and again (a 1M-edge graph took 3x longer with the collector on).
        gc.disable()
        clock = time.perf_counter()
        namespace = _load_namespace(config, requests)
        timings["load"] = time.perf_counter() - clock
        clock = time.perf_counter()
        state = _State(config, namespace, seccomp)
        for name, value in namespace.items():
            if not isinstance(value, types.ModuleType) and freeze_graph(value):
                state.frozen[name] = (value, graph_signature(value))
        timings["freeze"] = time.perf_counter() - clock
        # Objects that exist now (the graphs, the libraries) move to the permanent generation, so a
        # garbage collection in a child never walks them and never dirties their copy-on-write pages.
        gc.collect()
        gc.freeze()
        gc.enable()
        # Prove the whole path (fork, filter, listener hand-over) works before saying ready.
        clock = time.perf_counter()
        probe = run_attempt(state, "answer = 1", 30.0)
        timings["self_test"] = time.perf_counter() - clock
        _reap(block=True)
        if probe.get("status") != "ok" or probe.get("value") != 1:
            raise RuntimeError(f"the self-test attempt failed: {probe.get('message') or probe}")
    except BaseException as e:
        with contextlib.suppress(OSError):
            proto.write_frame(replies, proto.dumps({"ready": False, "error": f"{type(e).__name__}: {e}"[:2000]}))
        os._exit(1)
    proto.write_frame(replies, proto.dumps({"ready": True, "timings": timings}))
    # Nothing more goes to the inherited stderr (a pipe grraf only reads while starting).
    devnull = os.open(os.devnull, os.O_RDWR)
    os.dup2(devnull, 1)
    os.dup2(devnull, 2)
    os.close(devnull)
    while True:
        try:
            request = proto.loads_bounded(proto.read_frame(requests, limit=MAX_REQUEST_BYTES))
        except (proto.FrameError, OSError):
            break
        if not isinstance(request, dict) or request.get("stop"):
            break
        _reap(block=False)
        try:
            outcome = run_attempt(state, str(request["code"]), float(request["timeout"]))
        except Exception as e:  # e.g. pidfd_getfd refused: the worker's fault, never the code's
            outcome = {"status": "worker-error", "message": f"the sandbox failed: {type(e).__name__}: {e}"[:2000]}
        try:
            proto.write_frame(replies, proto.dumps(outcome))
        except (BrokenPipeError, OSError):
            break
        _reap(block=False)
    _reap(block=True)
    os._exit(0)
