"""Run generated Python against in-memory graphs: a warm worker that forks one child per attempt.

Process layout::

    caller ──Pipe──► worker (forked once; holds the graphs; pre-imported libraries; gc frozen;
                       │                 own network namespace when the kernel allows)
                       └─ os.fork() per attempt ─► child: limits, seccomp, audit hook, exec(code)
                                                     └─ JSON result through a pipe ─► worker ─► caller

Why this shape: forking a warm process shares the graph copy-on-write, so an attempt costs a fork
(milliseconds) instead of re-loading or unpickling the graph; a crashed or killed child never harms
the worker, and the wall-clock limit is a plain SIGKILL.

Layers of defence in the child, outermost first (each must hold if the ones before it fail):

1. :func:`grraf.sandbox.policy.check_python` (static; run by :meth:`SandboxWorker.run` first).
2. Restricted ``__builtins__``: no ``eval``/``exec``/``open``/..., an ``__import__`` that enforces
   the allow-list, ``getattr`` and friends that refuse dunder names.
3. A ``sys.addaudithook`` hook that refuses side effects made through Python APIs (file writes,
   processes, sockets, ctypes, signals, limits) and records them, so the attempt is reported as
   :class:`~grraf.errors.CodeRejected` even if the code catches the exception.
4. A seccomp filter that refuses the same side effects at the system-call level (x86-64 Linux).
5. Resource limits (address space, CPU seconds, file size 0, no core files) and a network namespace
   with no interfaces (set up once in the worker).
"""

from __future__ import annotations

import builtins
import contextlib
import ctypes
import errno
import gc
import io
import json
import logging
import math
import multiprocessing
import os
import platform
import resource
import select
import signal
import sys
import threading
import time
import traceback
import types
import weakref
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from grraf.errors import CodeFailed, CodeRejected, CodeTimeout, SandboxError
from grraf.sandbox.policy import DEFAULT_ALLOWED_IMPORTS, SAFE_DUNDER_ATTRIBUTES, check_python, is_import_allowed
from grraf.types import Execution

logger = logging.getLogger(__name__)

GENERATED_FILENAME = "<generated>"
#: Most stdout kept from one attempt (shown to the LLM next to errors).
MAX_STDOUT_CHARS = 10_000
#: Most list items / dict entries an answer may hold in total; beyond that it is truncated.
MAX_ANSWER_ITEMS = 100_000
#: Longest string kept in an answer.
MAX_STRING_CHARS = 1_000_000
#: Largest result message the worker reads from a child (anything larger is refused).
MAX_RESULT_BYTES = 64 * 1024 * 1024
#: Longest error message fed back to the LLM.
MAX_ERROR_CHARS = 3_000
#: Highest recursion limit the ``sys`` shim grants (deep DFS is common in LLM code).
MAX_RECURSION_LIMIT = 200_000
#: Seconds the caller waits beyond ``timeout`` before declaring the worker itself hung.
WORKER_GRACE_SECONDS = 30.0
#: Seconds to wait for a new worker to import its libraries and report ready.
WORKER_START_SECONDS = 120.0

#: Modules the worker imports before forking children, so attempts never pay for (or trigger audit
#: events from) lazy imports of what graph algorithms commonly touch.
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
    "scipy.stats",
)

#: Modules whose *first* import inside a child is refused whoever asks for it: they exist to reach
#: processes, the network, native code or files. (Already-loaded modules raise no import event; the
#: per-operation audit events below cover those.)
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
#: stop the interpreter. (The guard refuses them too; this holds when the guard is bypassed.)
REMOVED_BUILTINS: frozenset[str] = frozenset(
    {"eval", "exec", "compile", "open", "globals", "locals", "vars", "breakpoint", "input", "exit", "quit", "help"}
)

_WRITE_OPEN_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND


# --------------------------------------------------------------------------------------------------
# Messages between child, worker and caller
# --------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Outcome:
    """What one attempt produced, as it travels from the worker to the caller (pickled).

    Attributes:
        status: ``"ok"``, ``"error"``, ``"rejected"`` or ``"timeout"``.
        value: the JSON-ready answer when ``status == "ok"``.
        message: the error text for the LLM otherwise.
        truncated: the answer was cut to fit the size limits.
        note: a remark about the answer (e.g. an iterator was materialised).
        seconds: time spent running the code inside the child.
    """

    status: str
    value: Any = None
    message: str = ""
    truncated: bool = False
    note: str | None = None
    seconds: float = 0.0


class _Rejected(Exception):
    """Raised inside the child when a blocked action is attempted."""


# --------------------------------------------------------------------------------------------------
# Seccomp (kernel backstop), x86-64 Linux only
# --------------------------------------------------------------------------------------------------

_BPF_LD_W_ABS = 0x20
_BPF_JEQ = 0x15
_BPF_JGE = 0x35
_BPF_JSET = 0x45
_BPF_RET = 0x06
_SECCOMP_ALLOW = 0x7FFF0000
_SECCOMP_KILL_PROCESS = 0x80000000
_SECCOMP_ERRNO = 0x00050000
_AUDIT_ARCH_X86_64 = 0xC000003E
_X32_SYSCALL_BIT = 0x40000000
_PR_SET_PDEATHSIG = 1
_PR_SET_SECCOMP = 22
_PR_SET_NO_NEW_PRIVS = 38
_SECCOMP_MODE_FILTER = 2
_CLONE_THREAD = 0x00010000
_CLONE_NEWNET = 0x40000000

# x86-64 system calls refused with EPERM, grouped by the harm they would allow.
_DENIED_SYSCALLS: tuple[int, ...] = (
    # new programs and processes (threads pass through the clone rule below)
    57, 58, 59, 322,  # fork vfork execve execveat
    # network
    41, 53,  # socket socketpair
    # file-system changes
    85, 82, 264, 316, 83, 258, 84, 86, 265, 87, 263, 88, 266,  # creat rename* mkdir* rmdir link* unlink* symlink*
    90, 91, 268, 92, 93, 94, 260, 76, 77,  # chmod* chown* truncate ftruncate
    132, 235, 261, 280, 133, 259,  # utime* mknod*
    437, 304, 303,  # openat2 (flags hidden in a struct) open_by_handle_at name_to_handle_at
    # other processes
    62, 200, 129, 297, 101, 310, 311, 434, 424, 438,  # kill tkill sigqueue* ptrace process_vm_* pidfd_*
    # limits and identity: the child is root, which could otherwise raise its own limits
    160, 105, 106, 113, 114, 117, 119, 116, 122, 123, 126,
    # the machine and namespaces
    165, 166, 155, 161, 272, 308, 321, 175, 313, 176, 246, 169, 167, 168, 170, 171, 164, 227, 159, 163,
    250, 248, 249, 298, 323, 172, 173, 135,
    # io_uring performs I/O without the filtered system calls
    425, 426, 427,
)  # fmt: skip
_NR_OPEN, _NR_OPENAT, _NR_CLONE, _NR_CLONE3, _NR_TGKILL, _NR_PRLIMIT64 = 2, 257, 56, 435, 234, 302


def _arg_offset(index: int, high: bool = False) -> int:
    """Offset of a system-call argument in ``struct seccomp_data`` (little endian)."""
    return 16 + 8 * index + (4 if high else 0)


def seccomp_program(own_pid: int) -> list[tuple[int, int, int, int]]:
    """The seccomp filter as classic-BPF ``(code, jt, jf, k)`` instructions.

    Refused calls fail with ``EPERM`` (the code sees an ``OSError``); they never kill the process,
    so the worker can still report what happened.

    Args:
        own_pid: the child's pid: ``tgkill`` (used by ``abort()``) may only target the child itself.
    """
    eperm = _SECCOMP_ERRNO | errno.EPERM
    prog = [
        (_BPF_LD_W_ABS, 0, 0, 4),  # arch
        (_BPF_JEQ, 1, 0, _AUDIT_ARCH_X86_64),
        (_BPF_RET, 0, 0, _SECCOMP_KILL_PROCESS),
        (_BPF_LD_W_ABS, 0, 0, 0),  # syscall number
        (_BPF_JGE, 0, 1, _X32_SYSCALL_BIT),  # x32 aliases would dodge the numbers below
        (_BPF_RET, 0, 0, _SECCOMP_KILL_PROCESS),
    ]
    for nr in sorted(set(_DENIED_SYSCALLS)):
        prog += [(_BPF_JEQ, 0, 1, nr), (_BPF_RET, 0, 0, eperm)]
    # clone3 hides its flags in memory; ENOSYS makes glibc fall back to clone, whose flags we can read.
    prog += [(_BPF_JEQ, 0, 1, _NR_CLONE3), (_BPF_RET, 0, 0, _SECCOMP_ERRNO | errno.ENOSYS)]
    # Each block below ends in a return, because loading an argument overwrites the syscall number.
    for nr, arg in ((_NR_OPEN, 1), (_NR_OPENAT, 2)):  # open for reading only
        prog += [
            (_BPF_JEQ, 0, 4, nr),
            (_BPF_LD_W_ABS, 0, 0, _arg_offset(arg)),
            (_BPF_JSET, 0, 1, _WRITE_OPEN_FLAGS),
            (_BPF_RET, 0, 0, eperm),
            (_BPF_RET, 0, 0, _SECCOMP_ALLOW),
        ]
    prog += [
        # clone: threads (CLONE_THREAD, used by BLAS) are fine, new processes are not
        (_BPF_JEQ, 0, 4, _NR_CLONE),
        (_BPF_LD_W_ABS, 0, 0, _arg_offset(0)),
        (_BPF_JSET, 1, 0, _CLONE_THREAD),
        (_BPF_RET, 0, 0, eperm),
        (_BPF_RET, 0, 0, _SECCOMP_ALLOW),
        # tgkill only towards ourselves
        (_BPF_JEQ, 0, 4, _NR_TGKILL),
        (_BPF_LD_W_ABS, 0, 0, _arg_offset(0)),
        (_BPF_JEQ, 1, 0, own_pid),
        (_BPF_RET, 0, 0, eperm),
        (_BPF_RET, 0, 0, _SECCOMP_ALLOW),
        # prlimit64: reading limits (new_limit == NULL) is fine, changing them is not
        (_BPF_JEQ, 0, 6, _NR_PRLIMIT64),
        (_BPF_LD_W_ABS, 0, 0, _arg_offset(2)),
        (_BPF_JEQ, 0, 2, 0),
        (_BPF_LD_W_ABS, 0, 0, _arg_offset(2, high=True)),
        (_BPF_JEQ, 1, 0, 0),
        (_BPF_RET, 0, 0, eperm),
        (_BPF_RET, 0, 0, _SECCOMP_ALLOW),
        (_BPF_RET, 0, 0, _SECCOMP_ALLOW),
    ]
    return prog


class _SockFilter(ctypes.Structure):
    _fields_ = [("code", ctypes.c_ushort), ("jt", ctypes.c_ubyte), ("jf", ctypes.c_ubyte), ("k", ctypes.c_uint)]


class _SockFprog(ctypes.Structure):
    _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.POINTER(_SockFilter))]


def _libc() -> ctypes.CDLL | None:
    if sys.platform != "linux":
        return None
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl.argtypes = [ctypes.c_int, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong]
        return libc
    except (OSError, AttributeError):
        return None


_PID_PLACEHOLDER = 0xFFFFFFFF


@dataclass(frozen=True)
class _Natives:
    """Native handles prepared once in the worker, so a child only patches and installs them.

    Attributes:
        libc: the C library (prctl, unshare), or None off Linux.
        seccomp: the compiled filter (a ctypes array), or None where seccomp is unsupported.
        fprog: the ``struct sock_fprog`` pointing at ``seccomp``.
        pid_index: index of the instruction holding the child's own pid (the ``tgkill`` rule).
    """

    libc: ctypes.CDLL | None
    seccomp: Any = None
    fprog: Any = None
    pid_index: int = -1


def _prepare_natives() -> _Natives:
    libc = _libc()
    if libc is None or platform.machine() != "x86_64":
        return _Natives(libc)
    prog = seccomp_program(_PID_PLACEHOLDER)
    pid_index = next(i for i, ins in enumerate(prog) if ins[0] == _BPF_JEQ and ins[3] == _PID_PLACEHOLDER)
    array = (_SockFilter * len(prog))(*[_SockFilter(*ins) for ins in prog])
    fprog = _SockFprog(len(prog), ctypes.cast(array, ctypes.POINTER(_SockFilter)))
    return _Natives(libc, array, fprog, pid_index)


def _install_seccomp(natives: _Natives) -> bool:
    """Install the filter on the calling process (irreversible). False when unsupported or refused."""
    if natives.libc is None or natives.seccomp is None:
        return False
    natives.seccomp[natives.pid_index].k = os.getpid()
    if natives.libc.prctl(_PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
        return False
    return natives.libc.prctl(_PR_SET_SECCOMP, _SECCOMP_MODE_FILTER, ctypes.addressof(natives.fprog), 0, 0) == 0


# --------------------------------------------------------------------------------------------------
# The child: limits, hooks, restricted builtins, exec, result conversion
# --------------------------------------------------------------------------------------------------


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


class _Guard:
    """The child's audit hook plus the violations it has seen.

    Violations are recorded before the exception is raised, so code that swallows the exception
    (``try: ... except Exception: pass``) is still reported as rejected.
    """

    def __init__(self) -> None:
        self.violations: list[str] = []

    def refuse(self, message: str) -> None:
        self.violations.append(message)
        raise _Rejected(message)

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
        # Reading is allowed (libraries read their data files); any mode or flag that could create,
        # truncate or modify a file is not.
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
    """A stand-in for ``sys`` with only what graph code legitimately uses.

    The real module exposes ``sys.modules`` (every loaded module, including ``os``), so it is never
    handed to generated code.
    """
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


def _make_builtins(guard: _Guard, allowed_imports: frozenset[str], sys_shim: types.ModuleType) -> dict[str, Any]:
    """The ``__builtins__`` generated code sees."""
    real_import = builtins.__import__
    real_getattr, real_setattr, real_delattr, real_hasattr = getattr, setattr, delattr, hasattr
    safe = {k: v for k, v in builtins.__dict__.items() if k not in REMOVED_BUILTINS}

    def restricted_import(
        name: str, globals: Any = None, locals: Any = None, fromlist: Any = (), level: int = 0
    ) -> Any:
        if level != 0 or not is_import_allowed(name, allowed_imports):
            guard.refuse(f"import of {name!r} is not allowed; allowed modules: {', '.join(sorted(allowed_imports))}")
        if name == "sys":
            return sys_shim
        return real_import(name, globals, locals, fromlist, level)

    def check_name(name: object) -> None:
        # Dynamic attribute names are how escapes dodge the static guard; refuse internals here too.
        if isinstance(name, str) and name.startswith("__") and name not in SAFE_DUNDER_ATTRIBUTES:
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
    """Resource limits of the child (set by root, so the code cannot raise them: seccomp forbids it)."""
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
    # Root ignores NPROC; set anyway for non-root deployments (seccomp is what stops fork here).
    resource.setrlimit(resource.RLIMIT_NPROC, (0, 0))
    # Deep recursion in library code needs C stack; allow it to grow within the address budget.
    _, stack_hard = resource.getrlimit(resource.RLIMIT_STACK)
    stack = 512 * 1024 * 1024
    if stack_hard != resource.RLIM_INFINITY:
        stack = min(stack, stack_hard)
    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_STACK, (stack, stack_hard))


#: Environment variables a child keeps; everything else (API keys, tokens) is removed.
_KEPT_ENV = frozenset({"PATH", "HOME", "LANG", "LC_ALL", "LC_CTYPE", "TZ", "TMPDIR", "PYTHONHASHSEED"})


def _scrub_environment() -> None:
    """Drop secrets such as ``OPENAI_API_KEY`` from ``os.environ`` before the code runs.

    Known limit: ``/proc/self/environ`` still shows the environment the process was started with.
    """
    for key in list(os.environ):
        if key not in _KEPT_ENV and not key.endswith("_NUM_THREADS"):
            del os.environ[key]


def _isolate_fds(result_fd: int) -> None:
    """Point 0-2 at /dev/null and close every other descriptor but the result pipe.

    The worker's pipe to the caller must not be reachable: code could forge or corrupt replies.
    """
    devnull = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(devnull, fd)
    os.close(devnull)
    os.closerange(3, result_fd)
    os.closerange(result_fd + 1, 1 << 20)


def _child_main(
    code: str,
    timeout: float,
    result_fd: int,
    namespace: Mapping[str, Any],
    memory_limit_mb: int,
    allowed_imports: frozenset[str],
    natives: _Natives,
) -> None:
    """Body of the forked child. Never returns: it writes one JSON message and ``_exit``\\ s."""
    outcome: dict[str, Any]
    try:
        os.setpgid(0, 0)
        if natives.libc is not None:
            natives.libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)  # die with the worker
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past RLIMIT_FSIZE fails instead of killing
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        _isolate_fds(result_fd)
        _apply_limits(memory_limit_mb, timeout)
        sys.dont_write_bytecode = True  # imports must not try to write .pyc files
        _scrub_environment()
        if not _install_seccomp(natives):
            logger.debug("seccomp unavailable; relying on the audit hook")
        outcome = _run_code(code, namespace, allowed_imports)
    except BaseException as e:  # the child must always report, never raise into the worker's loop
        outcome = {"status": "error", "message": f"sandbox setup failed: {type(e).__name__}: {e}"}
    data = json.dumps(outcome, allow_nan=False).encode()
    view = memoryview(data)
    while view:
        written = os.write(result_fd, view)
        view = view[written:]
    # Close before exiting: the kernel frees the address space before closing descriptors, and the
    # worker should not wait for that teardown to see the end of the message.
    os.close(result_fd)
    os._exit(0)


def _run_code(code: str, namespace: Mapping[str, Any], allowed_imports: frozenset[str]) -> dict[str, Any]:
    """Install the hook, exec the code, convert ``answer``. Returns the JSON-ready outcome."""
    guard = _Guard()
    stdout = _BoundedWriter()
    sys_shim = _make_sys_shim(stdout)
    scope: dict[str, Any] = dict(namespace)
    scope["__builtins__"] = _make_builtins(guard, allowed_imports, sys_shim)
    scope["__name__"] = "__main__"
    sys.stdout = sys.stderr = stdout
    try:
        compiled = compile(code, GENERATED_FILENAME, "exec")
    except SyntaxError as e:
        return {"status": "rejected", "message": f"line {e.lineno}: syntax error: {e.msg}"}
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
    if guard.violations:
        return {"status": "rejected", "message": guard.violations[0] + _output_suffix(stdout)}
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


def _output_suffix(stdout: _BoundedWriter) -> str:
    text = stdout.getvalue()
    if not text:
        return ""
    if len(text) > 1500:
        text = "[...]\n" + text[-1500:]
    return f"\nOutput before the error:\n{text}"


def _format_exception(error: BaseException, code: str) -> str:
    """``TypeError: ... (line 4: `x = G[0] + 1`)`` plus the last few frames of the traceback."""
    name = type(error).__name__
    message = str(error)
    if isinstance(error, MemoryError):
        message = (
            "the code exceeded the sandbox memory limit; use less memory (avoid dense matrices or copies of the graph)"
        )
    frames = traceback.extract_tb(error.__traceback__)
    generated = [f for f in frames if f.filename == GENERATED_FILENAME]
    lines = code.splitlines()
    where = ""
    if generated:
        lineno = generated[-1].lineno or 0
        source = lines[lineno - 1].strip() if 0 < lineno <= len(lines) else ""
        where = f" (line {lineno}: `{source[:120]}`)"
    head = f"{name}: {message}{where}"
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
        if depth > 50:
            raise _NotPlainData("`answer` is nested more than 50 levels deep; return a flatter structure")
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
# The worker process
# --------------------------------------------------------------------------------------------------


_PRELOADED: set[frozenset[str]] = set()
_PRELOAD_LOCK = threading.Lock()


def _preload(allowed_imports: frozenset[str]) -> None:
    """Import what attempts will need, before any fork (a no-op when already done in this process)."""
    import importlib

    if allowed_imports in _PRELOADED:
        return
    for name in PRELOAD_MODULES + tuple(sorted(allowed_imports)):
        if name == "sys":
            continue
        try:
            importlib.import_module(name)
        except ImportError as e:  # optional extras (e.g. scipy missing) only narrow what code can do
            logger.debug("preload of %s failed: %s", name, e)
    _PRELOADED.add(allowed_imports)


def _cut_network(libc: ctypes.CDLL | None) -> None:
    """Move the worker (and so every child) into a new network namespace with no interfaces."""
    if libc is None:
        return
    if libc.unshare(_CLONE_NEWNET) != 0:
        logger.debug("unshare(CLONE_NEWNET) failed (errno %d); relying on the audit hook", ctypes.get_errno())


def _worker_main(conn: Any, namespace: dict[str, Any], memory_limit_mb: int, allowed_imports: frozenset[str]) -> None:
    """Loop of the worker process: one request in, one :class:`_Outcome` out."""
    # Ctrl-C in a terminal signals the whole process group; the caller decides what to stop.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    natives = _prepare_natives()
    _cut_network(natives.libc)
    _preload(allowed_imports)
    # Objects that exist now (the graphs, the libraries) move to the permanent generation, so a
    # garbage collection in a child never walks them and never dirties their copy-on-write pages.
    gc.collect()
    gc.freeze()
    conn.send("ready")
    exiting: list[int] = []  # finished children, killed but maybe not yet reaped
    while True:
        try:
            request = conn.recv()
        except (EOFError, OSError):
            break
        if request is None:
            break
        code, timeout = request
        exiting = _reap(exiting, block=False)
        pid, outcome = _attempt(code, timeout, namespace, memory_limit_mb, allowed_imports, natives)
        if pid:
            # The child has delivered its message; make sure it is gone, but reap it lazily: tearing
            # down a large copy-on-write address space takes milliseconds nobody should wait for.
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, signal.SIGKILL)
            exiting.append(pid)
        try:
            conn.send(outcome)
        except (BrokenPipeError, OSError):
            break
        exiting = _reap(exiting, block=False)
    _reap(exiting, block=True)
    os._exit(0)


def _attempt(
    code: str,
    timeout: float,
    namespace: Mapping[str, Any],
    memory_limit_mb: int,
    allowed_imports: frozenset[str],
    natives: _Natives,
) -> tuple[int, _Outcome]:
    """Fork a child for ``code``, wait for its result or the deadline.

    Returns:
        (pid, outcome): ``pid`` is the child still to kill and reap, or 0 when it was already reaped.
    """
    read_fd, write_fd = os.pipe()
    try:
        pid = os.fork()
    except OSError as e:
        os.close(read_fd)
        os.close(write_fd)
        return 0, _Outcome("worker-error", message=f"could not fork: {e}")
    if pid == 0:  # child
        try:
            os.close(read_fd)
            _child_main(code, timeout, write_fd, namespace, memory_limit_mb, allowed_imports, natives)
        finally:
            os._exit(70)
    os.close(write_fd)
    try:
        data, timed_out, too_big = _read_result(read_fd, time.monotonic() + timeout)
    finally:
        os.close(read_fd)
    if timed_out:
        _kill(pid)
        return 0, _Outcome("timeout", message=f"{timeout:g}")
    if too_big:
        _kill(pid)
        return 0, _Outcome("error", message="The result is too large to return; return a smaller `answer`.")
    if not data:
        status = _kill(pid)
        return 0, _Outcome("error", message=_death_message(status))
    try:
        message = json.loads(data)
        return pid, _Outcome(
            status=str(message["status"]),
            value=message.get("value"),
            message=str(message.get("message", "")),
            truncated=bool(message.get("truncated", False)),
            note=message.get("note"),
            seconds=float(message.get("seconds", 0.0)),
        )
    except (ValueError, KeyError, TypeError):
        _kill(pid)
        return 0, _Outcome("error", message="The sandboxed process returned an unreadable result.")


def _read_result(read_fd: int, deadline: float) -> tuple[bytes, bool, bool]:
    """Read the child's message until EOF. Returns (data, timed_out, too_big)."""
    chunks: list[bytes] = []
    size = 0
    poller = select.poll()
    poller.register(read_fd, select.POLLIN)
    while True:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            return b"", True, False
        if not poller.poll(max(1, int(remaining * 1000))):
            continue
        chunk = os.read(read_fd, 1 << 20)
        if not chunk:  # EOF: the child wrote its message and exited (or died)
            return b"".join(chunks), False, False
        chunks.append(chunk)
        size += len(chunk)
        if size > MAX_RESULT_BYTES:
            return b"", False, True


def _kill(pid: int) -> int:
    """SIGKILL the child and its process group; reap it. Returns the wait status."""
    for kill in (os.killpg, os.kill):
        with contextlib.suppress(ProcessLookupError, PermissionError):
            kill(pid, signal.SIGKILL)
    try:
        _, status = os.waitpid(pid, 0)
    except ChildProcessError:
        return 0
    return status


def _reap(pids: list[int], *, block: bool) -> list[int]:
    """Reap killed children; returns those still exiting. Their pids stay reserved until reaped,
    so killing an unreaped pid can never hit an unrelated process."""
    pending = []
    for pid in pids:
        try:
            done, _ = os.waitpid(pid, 0 if block else os.WNOHANG)
        except ChildProcessError:
            continue
        if not done:
            pending.append(pid)
    return pending


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
# The caller's handle
# --------------------------------------------------------------------------------------------------


def _describe_namespace(namespace: Mapping[str, Any]) -> str:
    """``G: 10000 nodes, 50000 edges`` for time-out messages (the LLM should pick a faster algorithm)."""
    parts = []
    for name, value in namespace.items():
        if isinstance(value, types.ModuleType):  # `nx` itself has number_of_nodes() too
            continue
        nodes = getattr(value, "number_of_nodes", None)
        edges = getattr(value, "number_of_edges", None)
        if callable(nodes) and callable(edges):
            parts.append(f"{name}: {nodes()} nodes, {edges()} edges")
    return "; ".join(parts)


def _shutdown(process: Any, conn: Any) -> None:
    """Stop a worker (used by close() and at interpreter exit)."""
    with contextlib.suppress(OSError, ValueError):
        conn.send(None)
    with contextlib.suppress(OSError):
        conn.close()
    process.join(timeout=2)
    if process.is_alive():
        process.kill()
        process.join(timeout=2)


class SandboxWorker:
    """A warm worker that runs generated Python against ``namespace`` in forked, locked-down children.

    Example:
        >>> import networkx as nx
        >>> with SandboxWorker({"G": nx.path_graph(4)}) as worker:  # doctest: +SKIP
        ...     worker.run("answer = G.number_of_edges()", timeout=5).value
        3

    The namespace is captured when the worker starts: later changes to the graphs in the calling
    process are not seen by attempts.
    """

    def __init__(
        self,
        namespace: Mapping[str, Any],
        *,
        memory_limit_mb: int = 4096,
        allowed_imports: frozenset[str] = DEFAULT_ALLOWED_IMPORTS,
    ) -> None:
        self._allowed_imports = allowed_imports
        self._memory_limit_mb = memory_limit_mb
        self._lock = threading.Lock()
        self._graphs = _describe_namespace(namespace)
        self._closed = False
        # Import the libraries here rather than only in the worker: the first worker of a process
        # pays for it once (seconds), every later worker inherits them and starts in well under 1 s.
        with _PRELOAD_LOCK:
            _preload(allowed_imports)
        try:
            context = multiprocessing.get_context("fork")
        except ValueError as e:
            raise SandboxError("the sandbox needs the 'fork' start method (Linux or macOS)") from e
        self._conn, child_conn = context.Pipe(duplex=True)
        # fork: the worker inherits the graphs by memory, nothing is pickled.
        self._process = context.Process(
            target=_worker_main,
            args=(child_conn, dict(namespace), memory_limit_mb, allowed_imports),
            name="grraf-sandbox",
            daemon=True,
        )
        try:
            self._process.start()
        except OSError as e:
            raise SandboxError(f"could not start the sandbox worker: {e}") from e
        finally:
            child_conn.close()
        # Runs on close(), when the handle is garbage collected, or at interpreter exit.
        self._finalizer = weakref.finalize(self, _shutdown, self._process, self._conn)
        if not self._conn.poll(WORKER_START_SECONDS):
            self.close()
            raise SandboxError(f"the sandbox worker did not start within {WORKER_START_SECONDS:g} s")
        try:
            ready = self._conn.recv()
        except (EOFError, OSError) as e:
            self.close()
            raise SandboxError("the sandbox worker died while starting") from e
        if ready != "ready":
            self.close()
            raise SandboxError(f"unexpected message from the sandbox worker: {ready!r}")
        logger.debug("sandbox worker %s ready (%s)", self._process.pid, self._graphs)

    @property
    def pid(self) -> int | None:
        """Process id of the worker (children are forked from it), for monitoring."""
        return self._process.pid

    @property
    def alive(self) -> bool:
        """Whether the worker process is running and usable."""
        return not self._closed and self._process.is_alive()

    def run(self, code: str, timeout: float) -> Execution:
        """Check and run ``code``; return the value of its ``answer`` variable.

        Args:
            code: generated Python; it sees the namespace's variables (``G``, ...) and must set ``answer``.
            timeout: wall-clock seconds before the attempt is killed.

        Raises:
            CodeRejected: the guard refused the code, or it attempted a blocked action at run time.
            CodeFailed: it raised, set no ``answer``, returned non-plain data or hit the memory limit.
            CodeTimeout: it ran past ``timeout``.
            SandboxError: the worker itself is closed, died or hung.
        """
        check_python(code, self._allowed_imports)
        with self._lock:
            if self._closed:
                raise SandboxError("the sandbox worker is closed")
            started = time.perf_counter()
            outcome = self._request(code, timeout)
            seconds = time.perf_counter() - started
        return self._to_execution(outcome, timeout, seconds)

    def _request(self, code: str, timeout: float) -> _Outcome:
        try:
            self._conn.send((code, float(timeout)))
            if not self._conn.poll(timeout + WORKER_GRACE_SECONDS):
                self.close()
                raise SandboxError("the sandbox worker stopped responding and was shut down")
            outcome = self._conn.recv()
        except (EOFError, OSError) as e:
            self.close()
            raise SandboxError("the sandbox worker died") from e
        if not isinstance(outcome, _Outcome):
            self.close()
            raise SandboxError(f"unexpected message from the sandbox worker: {type(outcome).__name__}")
        return outcome

    def _to_execution(self, outcome: _Outcome, timeout: float, seconds: float) -> Execution:
        if outcome.status == "ok":
            return Execution(value=outcome.value, seconds=seconds, truncated=outcome.truncated, note=outcome.note)
        if outcome.status == "rejected":
            raise CodeRejected(outcome.message)
        if outcome.status == "timeout":
            size = f" The graph sizes are: {self._graphs}." if self._graphs else ""
            raise CodeTimeout(
                f"The code did not finish within {timeout:g} seconds and was stopped. "
                f"Use a faster algorithm or a networkx built-in.{size}",
                seconds=timeout,
            )
        if outcome.status == "worker-error":
            raise SandboxError(outcome.message)
        raise CodeFailed(outcome.message)

    def close(self) -> None:
        """Stop the worker. Safe to call more than once."""
        self._closed = True
        finalizer = getattr(self, "_finalizer", None)
        if finalizer is not None:
            finalizer()

    def __enter__(self) -> SandboxWorker:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
