"""Start a jailed worker: a fresh interpreter under bubblewrap, and the channel to it.

What the jail is (the bubblewrap command line built by :func:`bwrap_command`):

* a **fresh process** (``bwrap … python -I -S -B``), never a fork of the process holding API keys or
  the caller's memory; bubblewrap itself is started with an empty environment, and the interpreter
  gets ``--clearenv`` plus a few harmless variables (:data:`PASSED_ENV`);
* **new namespaces**: user (uid/gid 65534 inside, ``--cap-drop ALL``, ``--disable-userns``), pid (its
  own ``/proc``; host processes are invisible), network (no interfaces), ipc, uts, cgroup;
* ``--die-with-parent`` and ``--new-session`` (no controlling terminal, so ``TIOCSTI`` has nothing
  to type into);
* a **read-only view of only what Python needs**: the interpreter (its prefix, whose own
  site-packages is hidden under an empty tmpfs), the system's shared libraries (``/usr/lib``), the
  distributions the runner needs (networkx, numpy, scipy and their requirements, each bound by
  itself), libseccomp's binding and grraf's :mod:`grraf.sandbox.jailed` package. Not the home
  directory, not the repository, not ``/etc``, not the host's ``/proc``;
* a private, size-capped tmpfs ``/tmp`` (the Python runner; the Cypher runner has none) and a
  minimal ``/dev``.

What it does not change: bubblewrap is not setuid here, so on the host the jailed processes keep
the uid of the user running grraf (inside they are 65534 without capabilities). That is why every
host path in the jail is a read-only bind (and the allowlist refuses opening anything for writing):
ownership never matters. The jailed *worker* runs only grraf's own code and has no seccomp filter;
the children that run generated code do (:mod:`grraf.sandbox.jailed.python_runner`), and so does the
Cypher worker once its database is open (refusing with EPERM).

:func:`spawn` starts bubblewrap from one long-lived thread: ``--die-with-parent`` is a
``PR_SET_PDEATHSIG``, which fires when the *thread* that started the process ends, so a jail started
from a short-lived worker thread would otherwise die with that thread.

Where the jail cannot start, :class:`~grraf.errors.JailUnavailable` says what is missing and how to
fix it. ``GRRAF_UNSAFE_NO_JAIL=1`` (``Settings.unsafe_no_jail``) starts the same runner without
bubblewrap for people who already run grraf inside a container of their own; it logs a warning every
time it is used. The seccomp allowlist still applies then; the namespaces and the file view do not.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import functools
import importlib.machinery
import importlib.metadata
import importlib.util
import json
import logging
import os
import queue
import re
import select
import shutil
import subprocess
import sys
import sysconfig
import threading
import time
import weakref
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from grraf.errors import JailUnavailable, SandboxError
from grraf.sandbox.jailed import proto

logger = logging.getLogger(__name__)

#: Environment variable of the loud opt-out (see the module docstring and README).
UNSAFE_ENV = "GRRAF_UNSAFE_NO_JAIL"
#: Where grraf's own jail-side files appear inside the jail.
JAIL_DIR = "/grraf-jail"
#: Size of the jail's private /tmp (the runner writes nothing there; the cap keeps it harmless).
TMP_BYTES = 16 * 1024 * 1024
#: Variables passed into the jail when set: BLAS tuning only (OPENBLAS_CORETYPE and friends keep
#: old OpenBLAS builds correct on some processors). Nothing else of the caller's environment enters.
PASSED_ENV: tuple[str, ...] = (
    "OPENBLAS_CORETYPE",
    "OPENBLAS_L2_SIZE",
    "OPENBLAS_NUM_THREADS",
    "OMP_NUM_THREADS",
    "MKL_NUM_THREADS",
    "NUMEXPR_NUM_THREADS",
)
#: Fixed environment inside the jail.
BASE_ENV: Mapping[str, str] = {"LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"}
#: Seconds a worker may take to load its data and report ready.
START_SECONDS = 300.0

_BOOT = "import sys; sys.path.insert(0, {root!r}); from jailed.boot import boot; boot()"


def warn_unjailed(what: str) -> None:
    """The opt-out's warning, logged at every use."""
    logger.warning(
        "%s runs WITHOUT the bubblewrap jail (%s=1): generated code can read every file this user can "
        "read and reach the network; use this only inside a container of your own",
        what,
        UNSAFE_ENV,
    )


# --------------------------------------------------------------------------------------------------
# What the jail needs on this machine
# --------------------------------------------------------------------------------------------------

_FIX_BWRAP = (
    "install bubblewrap (Debian/Ubuntu: `apt-get install bubblewrap`; Fedora: `dnf install bubblewrap`), "
    f"or, only if grraf already runs inside a container of your own, set {UNSAFE_ENV}=1"
)
_FIX_USERNS = (
    "user namespaces are disabled on this machine; enable them (`sysctl -w kernel.unprivileged_userns_clone=1` "
    "on Debian kernels, `sysctl -w user.max_user_namespaces=15000`, or on Ubuntu 24.04+ "
    "`sysctl -w kernel.apparmor_restrict_unprivileged_userns=0` or an AppArmor profile for bwrap); inside Docker, "
    f"run grraf with --security-opt seccomp=unconfined or set {UNSAFE_ENV}=1 if the container is your sandbox"
)


#: Where ``bwrap`` is looked for when it is not on ``PATH``.
BWRAP_FALLBACKS: tuple[str, ...] = ("/usr/bin/bwrap", "/usr/local/bin/bwrap", "/bin/bwrap")


def bwrap_path() -> str:
    """Absolute path of ``bwrap``; :class:`JailUnavailable` when it is not installed."""
    found = shutil.which("bwrap") or next((p for p in BWRAP_FALLBACKS if os.access(p, os.X_OK)), None)
    if not found:
        raise JailUnavailable(f"the sandbox needs bubblewrap (`bwrap`), which is not installed: {_FIX_BWRAP}")
    return found


@functools.cache
def seccomp_binding() -> Path:
    """The compiled libseccomp Python binding for *this* interpreter.

    grraf uses libseccomp's own Python binding (``seccomp``, shipped by Debian/Ubuntu as
    ``python3-seccomp``): it is maintained with libseccomp itself, and it works from inside the jail,
    where the ctypes wrapper on PyPI (``pyseccomp``) cannot even find the library (its
    ``ctypes.util.find_library`` runs ``/sbin/ldconfig``, and the jail has no programs to run).
    The binding is a CPython extension, so it must match the interpreter's version: Debian 12's
    package is built for Python 3.11.

    Raises:
        JailUnavailable: no binding for this interpreter was found.
    """
    spec = importlib.util.find_spec("seccomp")
    if spec is not None and spec.origin and spec.origin.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)):
        return Path(spec.origin)
    for folder in ("/usr/lib/python3/dist-packages", f"/usr/lib/python3.{sys.version_info.minor}/site-packages"):
        for suffix in importlib.machinery.EXTENSION_SUFFIXES:
            candidate = Path(folder) / f"seccomp{suffix}"
            if candidate.is_file():
                return candidate
    version = f"{sys.version_info.major}.{sys.version_info.minor}"
    raise JailUnavailable(
        f"the sandbox needs libseccomp's Python binding built for Python {version}, which was not found: install "
        "it (Debian/Ubuntu: `apt-get install python3-seccomp`, which serves the system Python's version; Debian 12 "
        f"ships it for Python 3.11) and run grraf with that Python version; the {UNSAFE_ENV} opt-out does not "
        "remove this need (the seccomp allowlist stays on)"
    )


@dataclass(frozen=True)
class Bind:
    """One read-only bind: ``source`` on the host appears at ``target`` in the jail."""

    source: str
    target: str


@functools.cache
def _distribution_roots(dist_name: str) -> tuple[tuple[str, tuple[str, ...]], tuple[str, ...]]:
    """((site dir, top-level entries), requirements) of an installed distribution."""
    dist = importlib.metadata.distribution(dist_name)
    site = str(Path(str(dist.locate_file(""))).resolve())
    tops = set()
    for item in dist.files or ():
        first = item.parts[0] if item.parts else ""
        if first and first not in ("..", "__pycache__") and not first.endswith(".pth"):
            tops.add(first)
    requirements = []
    for requirement in dist.requires or ():
        name, _, marker = requirement.partition(";")
        if "extra" in marker:
            continue  # optional extras are not needed to import the package
        if marker.strip() and not _marker_holds(marker):
            continue
        match = re.match(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)", name)
        if match:
            requirements.append(match.group(1))
    return (site, tuple(sorted(tops))), tuple(requirements)


def _marker_holds(marker: str) -> bool:
    try:
        from packaging.markers import Marker
    except ImportError:  # pragma: no cover - packaging comes with every modern pip/setuptools install
        return True
    try:
        return bool(Marker(marker.strip()).evaluate())
    except Exception:
        return True  # unknown marker: bind too much rather than too little


@functools.cache
def _packages_distributions() -> Mapping[str, list[str]]:
    return importlib.metadata.packages_distributions()


def package_binds(modules: Iterable[str]) -> tuple[list[str], list[Bind]]:
    """Site directories and read-only binds exposing ``modules`` and what they require.

    Only each needed distribution's own top-level entries (``numpy/``, ``numpy.libs/``,
    ``numpy-2.x.dist-info/``) are bound, never a whole site-packages.
    """
    todo: list[str] = []
    for module in modules:
        top = module.split(".", 1)[0]
        if top in sys.stdlib_module_names:
            continue
        dists = _packages_distributions().get(top)
        if not dists:
            raise SandboxError(f"the sandbox cannot find the installed distribution of {top!r}")
        todo.extend(dists)
    seen: set[str] = set()
    sites: list[str] = []
    binds: list[Bind] = []
    while todo:
        name = todo.pop()
        key = re.sub(r"[-_.]+", "-", name).lower()
        if key in seen:
            continue
        seen.add(key)
        try:
            (site, tops), requirements = _distribution_roots(name)
        except importlib.metadata.PackageNotFoundError:
            continue  # a requirement that is not installed is not importable outside the jail either
        todo.extend(requirements)
        if site not in sites:
            sites.append(site)
        for top in tops:
            path = os.path.join(site, top)
            if os.path.exists(path):
                binds.append(Bind(path, path))
    order = {os.path.realpath(p): i for i, p in enumerate(sys.path)}
    sites.sort(key=lambda s: order.get(s, len(order)))
    return sites, binds


def _interpreter() -> str:
    base = getattr(sys, "_base_executable", None) or sys.executable
    return os.path.realpath(base)


def _python_binds() -> tuple[list[Bind], list[str]]:
    """Binds for the interpreter and its standard library, and the site dirs to hide under a tmpfs."""
    interpreter = _interpreter()
    prefix = os.path.realpath(sys.base_prefix)
    binds: list[Bind] = []
    if prefix in ("/usr", "/"):
        binds.append(Bind(interpreter, interpreter))  # the standard library is under /usr/lib, bound below
    else:
        binds.append(Bind(prefix, prefix))
        if not interpreter.startswith(prefix + os.sep):
            binds.append(Bind(interpreter, interpreter))
    hidden = []
    scheme_vars = {"base": sys.base_prefix, "platbase": sys.base_exec_prefix}
    for key in ("purelib", "platlib"):
        path = os.path.realpath(sysconfig.get_path(key, vars=scheme_vars))
        if os.path.isdir(path) and path not in hidden:
            hidden.append(path)
    for path in ("/usr/lib/python3/dist-packages", f"/usr/local/lib/python3.{sys.version_info.minor}/dist-packages"):
        if os.path.isdir(path) and path not in hidden:
            hidden.append(path)
    return binds, hidden


def _system_library_args() -> list[str]:
    """The shared libraries (libc, libm, libstdc++, libseccomp, ...), and /lib symlinks as on the host."""
    args: list[str] = []
    for path in ("/usr/lib", "/usr/lib64", "/usr/lib32"):
        if os.path.isdir(path):
            args += ["--ro-bind", path, path]
    for path in ("/lib", "/lib64", "/lib32"):
        if os.path.islink(path):
            args += ["--symlink", os.readlink(path), path]
        elif os.path.isdir(path):
            args += ["--ro-bind", path, path]
    return args


# --------------------------------------------------------------------------------------------------
# The command line
# --------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class JailSpec:
    """What one jailed worker needs.

    Attributes:
        runner: ``"python"`` or ``"ladybug"`` (a module of :mod:`grraf.sandbox.jailed`).
        modules: importable names the runner needs (their distributions and requirements are bound).
        files: extra read-only binds (the ladybug database file).
        tmp: give the jail a private, size-capped ``/tmp``.
        unsafe_no_jail: the opt-out: run without bubblewrap.
    """

    runner: str
    modules: tuple[str, ...]
    files: tuple[Bind, ...] = ()
    tmp: bool = True
    unsafe_no_jail: bool = False
    extra_env: Mapping[str, str] = field(default_factory=dict)


def _jail_env(spec: JailSpec) -> dict[str, str]:
    env = dict(BASE_ENV)
    env.update({k: os.environ[k] for k in PASSED_ENV if k in os.environ})
    env.update(spec.extra_env)
    return env


def bwrap_command(spec: JailSpec, *, requests: int, replies: int) -> list[str]:
    """The full ``bwrap … python …`` argument list for ``spec`` (descriptors already numbered)."""
    sites, package_bind_list = package_binds(spec.modules)
    python_binds, hidden = _python_binds()
    binding = seccomp_binding()
    argv = [
        bwrap_path(),
        "--unshare-all",
        "--unshare-user",  # --unshare-all only *tries* the user namespace; insist, so a failure is loud
        "--unshare-cgroup",
        "--disable-userns",
        "--uid",
        "65534",
        "--gid",
        "65534",
        "--cap-drop",
        "ALL",
        "--hostname",
        "grraf-jail",
        "--die-with-parent",
        "--new-session",
        "--clearenv",
    ]
    for key, value in _jail_env(spec).items():
        argv += ["--setenv", key, value]
    argv += _system_library_args()
    for bind in python_binds:
        argv += ["--ro-bind", bind.source, bind.target]
    overlays = list(dict.fromkeys(hidden + sites))
    for path in overlays:  # empty the interpreter's own site-packages; re-add only what is needed
        argv += ["--tmpfs", path]
    for bind in package_bind_list:
        argv += ["--ro-bind", bind.source, bind.target]
    jailed = str(Path(proto.__file__).resolve().parent)
    argv += ["--ro-bind", jailed, f"{JAIL_DIR}/jailed"]
    argv += ["--ro-bind", str(binding), f"{JAIL_DIR}/lib/{binding.name}"]
    for bind in spec.files:
        argv += ["--ro-bind", bind.source, bind.target]
    argv += ["--proc", "/proc", "--dev", "/dev"]
    if spec.tmp:
        argv += ["--size", str(TMP_BYTES), "--tmpfs", "/tmp"]
    for path in overlays:
        argv += ["--remount-ro", path]
    argv += ["--remount-ro", "/", "--chdir", "/"]
    args = {
        "runner": spec.runner,
        "requests": requests,
        "replies": replies,
        "paths": sites,
        "seccomp": f"{JAIL_DIR}/lib/{binding.name}",
    }
    argv += ["--", _interpreter(), "-I", "-S", "-B", "-c", _BOOT.format(root=JAIL_DIR), json.dumps(args)]
    return argv


def unjailed_command(spec: JailSpec, *, requests: int, replies: int) -> list[str]:
    """The opt-out: the same runner as a plain child process (fresh interpreter, minimal environment)."""
    sites, _ = package_binds(spec.modules)
    args = {
        "runner": spec.runner,
        "requests": requests,
        "replies": replies,
        "paths": sites,
        "seccomp": str(seccomp_binding()),
    }
    root = str(Path(proto.__file__).resolve().parent.parent)
    return [_interpreter(), "-I", "-S", "-B", "-c", _BOOT.format(root=root), json.dumps(args)]


# --------------------------------------------------------------------------------------------------
# Starting processes from one long-lived thread
# --------------------------------------------------------------------------------------------------


class _Spawner:
    """Runs ``subprocess.Popen`` on a daemon thread that lives as long as the interpreter."""

    def __init__(self) -> None:
        self._queue: queue.Queue[tuple[Callable[[], subprocess.Popen[bytes]], concurrent.futures.Future[Any]]] = (
            queue.Queue()
        )
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()

    def spawn(self, start: Callable[[], subprocess.Popen[bytes]]) -> subprocess.Popen[bytes]:
        with self._lock:
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._loop, name="grraf-jail-spawner", daemon=True)
                self._thread.start()
        future: concurrent.futures.Future[subprocess.Popen[bytes]] = concurrent.futures.Future()
        self._queue.put((start, future))
        return future.result()

    def _loop(self) -> None:
        while True:
            start, future = self._queue.get()
            try:
                future.set_result(start())
            except BaseException as e:
                future.set_exception(e)


_SPAWNER = _Spawner()


# --------------------------------------------------------------------------------------------------
# A running worker
# --------------------------------------------------------------------------------------------------


def _close_quietly(*fds: int | None) -> None:
    for fd in fds:
        if fd is not None:
            with contextlib.suppress(OSError):
                os.close(fd)


def _stop(process: subprocess.Popen[bytes], requests: int | None, replies: int | None) -> None:
    """Ask the worker to stop, then make sure it is gone (close(), garbage collection, exit)."""
    if requests is not None:
        with contextlib.suppress(OSError, ValueError):
            proto.write_frame(requests, proto.dumps({"stop": True}))
    _close_quietly(requests, replies)
    try:
        process.wait(timeout=2)
    except subprocess.TimeoutExpired:
        process.kill()
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=2)
    if process.stderr is not None:
        with contextlib.suppress(OSError):
            process.stderr.close()


class JailProcess:
    """One jailed worker and the two pipes to it.

    Args:
        spec: what the worker needs.
        config: the first frame (JSON) the runner reads.
        payload: bytes written after the config (the Python runner's pickled graphs), or None.
        what: a name for log messages and errors ("the Python sandbox").

    Raises:
        JailUnavailable: bubblewrap, user namespaces or libseccomp's binding are missing.
        SandboxError: the worker failed to start for another reason (its message included).
    """

    def __init__(self, spec: JailSpec, config: Mapping[str, Any], payload: bytes | None, *, what: str) -> None:
        self.spec = spec
        self.what = what
        req_r, req_w = os.pipe()
        rep_r, rep_w = os.pipe()
        try:
            if spec.unsafe_no_jail:
                warn_unjailed(what)
                argv = unjailed_command(spec, requests=req_r, replies=rep_w)
                env: dict[str, str] = _jail_env(spec)
            else:
                argv = bwrap_command(spec, requests=req_r, replies=rep_w)
                env = {}  # bubblewrap itself gets no environment: it is visible as pid 1 in the jail
            logger.debug("starting %s: %s", what, " ".join(argv))
            self._process = _SPAWNER.spawn(
                lambda: subprocess.Popen(
                    argv,
                    stdin=subprocess.DEVNULL,
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.PIPE,
                    pass_fds=(req_r, rep_w),
                    close_fds=True,
                    env=env,
                    start_new_session=True,  # Ctrl-C in the terminal must not kill the jail mid-question
                )
            )
        except OSError as e:
            _close_quietly(req_r, req_w, rep_r, rep_w)
            raise SandboxError(f"could not start {what}: {e}") from e
        except BaseException:
            _close_quietly(req_r, req_w, rep_r, rep_w)
            raise
        _close_quietly(req_r, rep_w)
        self._requests: int | None = req_w
        self._replies: int | None = rep_r
        self._closed = False
        self._finalizer = weakref.finalize(self, _stop, self._process, req_w, rep_r)
        started = time.perf_counter()
        try:
            proto.write_frame(req_w, proto.dumps(dict(config)))
            if payload is not None:
                proto.write_frame(req_w, payload)
            ready = self._read(START_SECONDS, limit=1 << 16)
        except (OSError, proto.FrameError, _NoReply) as e:
            failure = self._start_failure(str(e))  # reads bubblewrap's stderr: before close()
            self.close()
            raise failure from None
        if not isinstance(ready, dict) or ready.get("ready") is not True:
            error = ready.get("error") if isinstance(ready, dict) else repr(ready)
            failure = self._start_failure(str(error))
            self.close()
            raise failure
        self.start_seconds = time.perf_counter() - started
        timings = ready.get("timings")
        self.start_timings: dict[str, float] = (
            {k: float(v) for k, v in timings.items() if isinstance(v, int | float)} if isinstance(timings, dict) else {}
        )
        logger.debug("%s ready in %.2f s (pid %s; %s)", what, self.start_seconds, self._process.pid, self.start_timings)

    @property
    def pid(self) -> int:
        """Process id of the jail's outermost process (bubblewrap; the worker runs inside it)."""
        return self._process.pid

    @property
    def alive(self) -> bool:
        return not self._closed and self._process.poll() is None

    def request(self, message: Mapping[str, Any], wait: float, *, limit: int) -> Any:
        """Send one JSON request and return the parsed reply.

        Raises:
            SandboxError: the worker died or did not answer within ``wait`` seconds (it is stopped).
            proto.FrameError: the reply was too large or not readable (the worker is stopped).
        """
        if self._closed or self._requests is None:
            raise SandboxError(f"{self.what} is closed")
        try:
            proto.write_frame(self._requests, proto.dumps(dict(message)))
            return self._read(wait, limit=limit)
        except _NoReply as e:
            self.close()
            raise (WorkerHung if e.hung else WorkerDied)(f"{self.what} {e}") from None
        except OSError as e:
            self.close()
            raise WorkerDied(f"{self.what} died") from e
        except proto.FrameError:
            self.close()
            raise

    def _read(self, wait: float, *, limit: int) -> Any:
        """One reply frame within ``wait`` seconds, parsed as bounded JSON."""
        assert self._replies is not None
        deadline = time.monotonic() + wait
        header = self._read_exact(proto.HEADER.size, deadline)
        (size,) = proto.HEADER.unpack(header)
        if size > limit:
            raise proto.FrameError(f"a reply of {size} bytes exceeds the limit of {limit}")
        return proto.loads_bounded(self._read_exact(size, deadline))

    def _read_exact(self, size: int, deadline: float) -> bytes:
        assert self._replies is not None
        chunks: list[bytes] = []
        poller = select.poll()
        poller.register(self._replies, select.POLLIN)
        while size:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise _NoReply("stopped responding and was shut down", hung=True)
            if not poller.poll(max(1, int(remaining * 1000))):
                continue
            chunk = os.read(self._replies, min(size, 1 << 20))
            if not chunk:
                raise _NoReply("died", hung=False)
            chunks.append(chunk)
            size -= len(chunk)
        return b"".join(chunks)

    def _start_failure(self, detail: str) -> SandboxError:
        stderr = self._stderr_tail()
        text = f"{detail}\n{stderr}".strip()
        if not self.spec.unsafe_no_jail and re.search(
            r"namespace|uid map|setting up uid|unshare|Operation not permitted|No permissions", stderr
        ):
            return JailUnavailable(f"{self.what} could not start: {_FIX_USERNS} (bubblewrap said: {stderr[:300]})")
        if "pidfd_getfd" in text or "seccomp" in text.lower():
            return JailUnavailable(
                f"{self.what} could not arm its seccomp allowlist (needs Linux >= 5.6 with seccomp user "
                f"notification and libseccomp >= 2.5): {text[:600]}"
            )
        return SandboxError(f"{self.what} could not start: {text[:1500]}")

    def _stderr_tail(self) -> str:
        stream = self._process.stderr
        if stream is None:
            return ""
        with contextlib.suppress(subprocess.TimeoutExpired):
            self._process.wait(timeout=2)
        if self._process.poll() is None:
            return ""
        try:
            return stream.read(1 << 16).decode("utf-8", "replace").strip()[-2000:]
        except (OSError, ValueError):
            return ""

    def kill(self) -> None:
        """Stop the worker at once (a hung query)."""
        with contextlib.suppress(OSError):
            self._process.kill()
        self.close()

    def close(self) -> None:
        """Stop the worker. Safe to call more than once."""
        self._closed = True
        self._requests = self._replies = None
        self._finalizer()


class _NoReply(Exception):
    """The worker did not answer (died or hung)."""

    def __init__(self, message: str, *, hung: bool) -> None:
        super().__init__(message)
        self.hung = hung


class WorkerDied(SandboxError):
    """The worker exited while grraf waited for its reply."""


class WorkerHung(SandboxError):
    """The worker did not reply in time; it has been stopped."""
