#!/usr/bin/env python3
"""A real Neo4j 5 Community server on loopback, without Docker: for grraf's tests, CI and benchmarks.

The jars come from Maven Central through ``mvn`` (``scripts/neo4j/pom.xml``, one profile per part)
into a cache OUTSIDE the clone (``$GRRAF_NEO4J_CACHE``, else ``$GRRAF_HOME/neo4j``, else
``~/.cache/grraf/neo4j``). A server gets its own temporary folder (configuration, data, logs),
Bolt on a free loopback port, authentication on with a generated password, HTTP off, usage
reporting off; it is started directly with ``java`` (the tarball's ``bin/neo4j`` is not on Maven
Central) and stopped with SIGTERM, then SIGKILL after a grace period. The JVM dies with the
process that started it (``PR_SET_PDEATHSIG``), so a killed test run leaves no server behind.

Usage:
    python scripts/neo4j/neo4j_server.py fetch          # resolve the jars into the cache (idempotent)
    python scripts/neo4j/neo4j_server.py run            # start one; prints NEO4J_* exports; Ctrl-C stops it

From Python (tests/conftest.py, benchmarks/)::

    dist = fetch()
    with Neo4jServer(dist) as server:
        server.uri, server.auth, server.plugins

Why a launcher and not neo4j-harness: the harness embeds the database in a JVM we would have to
write Java for, and skips the real server's configuration; this runs the same entry point
(``org.neo4j.server.CommunityEntryPoint``) and configuration file users run.
"""

from __future__ import annotations

import argparse
import ctypes
import hashlib
import json
import logging
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET
import zipfile
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

log = logging.getLogger("grraf.neo4j_server")

HERE = Path(__file__).resolve().parent
POM = HERE / "pom.xml"
GDS_WIRING = HERE / "gds-extension"
PLUGINS = ("apoc", "gds")
ENTRY_POINT = "org.neo4j.server.CommunityEntryPoint"
ADMIN_TOOL = "org.neo4j.cli.AdminTool"
USERNAME = "neo4j"
# Sized for a 2-core / 24 GiB machine shared with the test suite and other work: the heap and
# page cache a test server needs are small; a benchmark passes larger ones.
DEFAULT_HEAP = os.environ.get("GRRAF_NEO4J_HEAP", "1g")
DEFAULT_PAGECACHE = os.environ.get("GRRAF_NEO4J_PAGECACHE", "512m")
# What the tarball's launcher passes to the JVM (minus AlwaysPreTouch, which would commit the
# whole heap up front on a shared machine).
JVM_FLAGS = (
    "-XX:+UseG1GC",
    "-XX:-OmitStackTraceInFastThrow",
    "-XX:+UnlockExperimentalVMOptions",
    "-XX:+TrustFinalNonStaticFields",
    "-XX:+DisableExplicitGC",
    "-Djdk.nio.maxCachedBufferSize=1024",
    "-Dio.netty.tryReflectionSetAccessible=true",
    "-Dlog4j2.disable.jmx=true",
    "--add-opens=java.base/java.nio=ALL-UNNAMED",
    "--add-opens=java.base/java.io=ALL-UNNAMED",
    "--add-opens=java.base/java.lang=ALL-UNNAMED",
    "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
)


class Neo4jLauncherError(RuntimeError):
    """The jars could not be fetched, or the server did not start or stop."""


# --------------------------------------------------------------------------------- the jars
def cache_root() -> Path:
    """Where jars are cached: ``$GRRAF_NEO4J_CACHE``, ``$GRRAF_HOME/neo4j`` or ``~/.cache/grraf/neo4j``."""
    if os.environ.get("GRRAF_NEO4J_CACHE"):
        return Path(os.environ["GRRAF_NEO4J_CACHE"]).expanduser()
    home = os.environ.get("GRRAF_HOME")
    return (Path(home).expanduser() if home else Path.home() / ".cache" / "grraf") / "neo4j"


def versions(pom: Path = POM) -> dict[str, str]:
    """``{"neo4j": ..., "apoc": ..., "gds": ...}`` from the pom's properties (the one place they live)."""
    ns = {"m": "http://maven.apache.org/POM/4.0.0"}
    props = ET.parse(pom).getroot().find("m:properties", ns)
    if props is None:
        raise Neo4jLauncherError(f"{pom} has no <properties>")
    out = {}
    for key in ("neo4j", "apoc", "gds"):
        node = props.find(f"m:{key}.version", ns)
        if node is None or not (node.text or "").strip():
            raise Neo4jLauncherError(f"{pom} does not set {key}.version")
        out[key] = node.text.strip()
    return out


@dataclass(frozen=True)
class Distribution:
    """Jars in the cache, ready to start servers from.

    Attributes:
        root: the folder of this set of jars (named by version and a hash of the recipe).
        lib: the server's jars.
        plugins: plugin name -> its jars as ``(group:artifact, path)`` (only plugins that resolved;
            libraries the server already has are left out).
        versions: neo4j / apoc / gds versions asked for.
        problems: plugin name -> why it is missing (did not resolve or did not build).
    """

    root: Path
    lib: Path
    plugins: dict[str, list[tuple[str, Path]]]
    versions: dict[str, str]
    problems: dict[str, str] = field(default_factory=dict)

    def has(self, plugin: str) -> bool:
        """Whether ``plugin`` ("apoc" or "gds") resolved and can be loaded."""
        return plugin in self.plugins


def _recipe_hash() -> str:
    digest = hashlib.sha256(POM.read_bytes())
    for path in sorted(GDS_WIRING.rglob("*")):
        if path.is_file():
            digest.update(path.relative_to(GDS_WIRING).as_posix().encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:10]


def _mvn(args: list[str], *, repo: Path, mvn: str) -> subprocess.CompletedProcess[str]:
    cmd = [mvn, "-B", "-q", "-f", str(POM), f"-Dmaven.repo.local={repo}", *args]
    log.info("running %s", " ".join(cmd))
    return subprocess.run(cmd, capture_output=True, text=True, stdin=subprocess.DEVNULL, check=False)


def _copy_profile(profile: str, dest: Path, *, repo: Path, mvn: str) -> list[tuple[str, Path]]:
    """Copy a profile's runtime jars; returns ``(group:artifact, path)`` for each, flat in ``dest``."""
    staging = dest.with_name(dest.name + ".m2layout")
    shutil.rmtree(staging, ignore_errors=True)
    done = _mvn(
        [
            "-P",
            profile,
            "dependency:copy-dependencies",
            "-DincludeScope=runtime",
            "-Dmdep.useRepositoryLayout=true",
            f"-DoutputDirectory={staging}",
        ],
        repo=repo,
        mvn=mvn,
    )
    if done.returncode != 0:
        errors = [ln for ln in done.stdout.splitlines() + done.stderr.splitlines() if "ERROR" in ln]
        raise Neo4jLauncherError(f"mvn could not resolve profile {profile!r}: {' '.join(errors[:3])[:600]}")
    dest.mkdir(parents=True, exist_ok=True)
    out = []
    # Repository layout (group/as/dirs/artifact/version/file.jar) tells group and artifact apart
    # without parsing file names, which is ambiguous (cypher-javacc-parser-9.0-9.0.20210312.jar).
    for jar in sorted(staging.rglob("*.jar")):
        parts = jar.relative_to(staging).parts
        group, artifact = ".".join(parts[:-3]), parts[-3]
        target = dest / f"{group}.{jar.name}"
        shutil.copy2(jar, target)
        out.append((f"{group}:{artifact}", target))
    shutil.rmtree(staging, ignore_errors=True)
    if not out:
        raise Neo4jLauncherError(f"mvn resolved no jars for profile {profile!r}")
    return out


def _build_gds_wiring(lib: Path, gds: Path, *, javac: str) -> Path:
    """Compile gds-extension/ against the cached jars into ``gds/grraf-gds-wiring.jar``."""
    with tempfile.TemporaryDirectory(prefix="grraf-gds-build-") as tmp:
        classes = Path(tmp)
        sources = [str(p) for p in GDS_WIRING.rglob("*.java")]
        cmd = [javac, "-nowarn", "-encoding", "UTF-8", "-d", str(classes), "-cp", f"{gds}/*:{lib}/*", *sources]
        done = subprocess.run(cmd, capture_output=True, text=True, stdin=subprocess.DEVNULL, check=False)
        if done.returncode != 0:
            raise Neo4jLauncherError(f"javac could not build the GDS wiring: {done.stderr.strip()[:800]}")
        target = gds / "grraf-gds-wiring.jar"
        with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as jar:
            jar.writestr("META-INF/MANIFEST.MF", "Manifest-Version: 1.0\n")
            for path in sorted(classes.rglob("*.class")):
                jar.write(path, path.relative_to(classes).as_posix())
            for path in sorted((GDS_WIRING / "META-INF").rglob("*")):
                if path.is_file():
                    jar.write(path, path.relative_to(GDS_WIRING).as_posix())
    return target


def fetch(
    cache: Path | None = None, *, plugins: tuple[str, ...] = PLUGINS, mvn: str = "mvn", javac: str = "javac"
) -> Distribution:
    """Resolve the server (and plugins) into the cache once; later calls read the manifest.

    A plugin that does not resolve or build is recorded in ``Distribution.problems`` and left
    out; the server itself must resolve.

    Raises:
        Neo4jLauncherError: ``mvn`` is missing or cannot resolve the server.
    """
    vers = versions()
    root = (cache or cache_root()) / f"{vers['neo4j']}-{_recipe_hash()}"
    manifest = root / "manifest.json"
    if manifest.exists():
        data = json.loads(manifest.read_text())
        if set(data["tried"]) >= set(plugins):
            return _distribution(root, vers, data["plugins"], data["problems"], plugins)
    if shutil.which(mvn) is None:
        raise Neo4jLauncherError(f"{mvn!r} is not on PATH: install Maven 3 (Debian: apt-get install maven)")
    repo = (cache or cache_root()) / "m2"
    shutil.rmtree(root, ignore_errors=True)
    root.mkdir(parents=True)
    server = _copy_profile("server", root / "lib", repo=repo, mvn=mvn)
    on_server = {coord for coord, _ in server}
    found: dict[str, dict[str, Any]] = {}
    problems: dict[str, str] = {}
    for name in plugins:
        folder = root / f"plugins-{name}"
        try:
            jars = _copy_profile(name, folder, repo=repo, mvn=mvn)
            # A library the server already has stays the server's: two versions of one class on
            # the class path is a bug waiting to happen (the server's lib/ wins either way).
            kept = []
            for coord, path in jars:
                if coord in on_server:
                    path.unlink()
                else:
                    kept.append([coord, path.name])
            if name == "gds":
                kept.append(["grraf:gds-wiring", _build_gds_wiring(root / "lib", folder, javac=javac).name])
            found[name] = {"folder": folder.name, "jars": kept}
        except (Neo4jLauncherError, OSError) as e:
            shutil.rmtree(folder, ignore_errors=True)
            problems[name] = str(e)
            log.warning("plugin %s left out: %s", name, e)
    manifest.write_text(
        json.dumps({"versions": vers, "tried": list(plugins), "plugins": found, "problems": problems}, indent=2)
    )
    return _distribution(root, vers, found, problems, plugins)


def _distribution(
    root: Path, vers: dict[str, str], found: dict[str, Any], problems: dict[str, str], wanted: tuple[str, ...]
) -> Distribution:
    return Distribution(
        root,
        root / "lib",
        {k: [(coord, root / v["folder"] / name) for coord, name in v["jars"]] for k, v in found.items() if k in wanted},
        vers,
        {k: v for k, v in problems.items() if k in wanted},
    )


# --------------------------------------------------------------------------------- a server
def free_port() -> int:
    """A currently free TCP port on 127.0.0.1 (the server binds it a moment later)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _die_with_parent() -> None:  # pragma: no cover - runs in the child between fork and exec
    os.setsid()
    try:
        libc = ctypes.CDLL("libc.so.6", use_errno=True)
        libc.prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG: the JVM gets SIGTERM when its parent dies
    except OSError:
        pass


def _java(javac_or_java: str = "java") -> str:
    home = os.environ.get("JAVA_HOME")
    if home and (Path(home) / "bin" / javac_or_java).exists():
        return str(Path(home) / "bin" / javac_or_java)
    found = shutil.which(javac_or_java)
    if not found:
        raise Neo4jLauncherError(f"{javac_or_java} is not on PATH: install Java 17 (Debian: openjdk-17-jdk-headless)")
    return found


class Neo4jServer:
    """One Neo4j server process with its own temporary folder.

    Args:
        dist: jars from :func:`fetch`.
        port: Bolt port on 127.0.0.1 (default: a free one).
        password: the ``neo4j`` user's password (default: generated).
        heap: JVM heap (``-Xmx``), e.g. ``"1g"``.
        pagecache: Neo4j page cache size.
        plugins: which resolved plugins to load (default: all that resolved).
        home: the server's folder (default: a new temporary folder, deleted by :meth:`stop`).
        config: extra ``neo4j.conf`` settings (they win over the defaults).
        apoc_config: ``apoc.conf`` settings (used when APOC is loaded).
        startup_timeout: seconds to wait for Bolt to answer.
    """

    def __init__(
        self,
        dist: Distribution,
        *,
        port: int | None = None,
        password: str | None = None,
        heap: str = DEFAULT_HEAP,
        pagecache: str = DEFAULT_PAGECACHE,
        plugins: tuple[str, ...] | None = None,
        home: Path | None = None,
        config: Mapping[str, str] | None = None,
        apoc_config: Mapping[str, str] | None = None,
        startup_timeout: float = 180.0,
    ) -> None:
        self.dist = dist
        self.port = port or free_port()
        self.password = password or "grraf-" + secrets.token_urlsafe(18)
        self.heap = heap
        self.pagecache = pagecache
        wanted = plugins if plugins is not None else tuple(dist.plugins)
        self.plugins = tuple(p for p in wanted if dist.has(p))
        self._own_home = home is None
        self.home = Path(tempfile.mkdtemp(prefix="grraf-neo4j-")) if home is None else Path(home)
        self.config = dict(config or {})
        self.apoc_config = dict(apoc_config or {})
        self.startup_timeout = startup_timeout
        self.process: subprocess.Popen[bytes] | None = None
        self._write_config()

    # ---------------------------------------------------------------- layout
    @property
    def uri(self) -> str:
        """``bolt://127.0.0.1:PORT``."""
        return f"bolt://127.0.0.1:{self.port}"

    @property
    def auth(self) -> tuple[str, str]:
        """``(username, password)`` of the admin user."""
        return USERNAME, self.password

    @property
    def conf_dir(self) -> Path:
        return self.home / "conf"

    @property
    def import_dir(self) -> Path:
        """The folder ``LOAD CSV FROM 'file:///x'`` and ``neo4j-admin database import`` read."""
        return self.home / "import"

    @property
    def log_file(self) -> Path:
        return self.home / "logs" / "neo4j.log"

    def _settings(self) -> dict[str, str]:
        base = {
            "server.default_listen_address": "127.0.0.1",
            "server.default_advertised_address": "127.0.0.1",
            "server.bolt.enabled": "true",
            "server.bolt.listen_address": f"127.0.0.1:{self.port}",
            "server.bolt.advertised_address": f"127.0.0.1:{self.port}",
            "server.http.enabled": "false",
            "server.https.enabled": "false",
            "dbms.security.auth_enabled": "true",
            "dbms.usage_report.enabled": "false",
            "server.memory.heap.initial_size": self.heap,
            "server.memory.heap.max_size": self.heap,
            "server.memory.pagecache.size": self.pagecache,
            "server.directories.data": str(self.home / "data"),
            "server.directories.logs": str(self.home / "logs"),
            "server.directories.plugins": str(self.home / "plugins"),
            "server.directories.run": str(self.home / "run"),
            "server.directories.import": str(self.import_dir),
            "server.directories.transaction.logs.root": str(self.home / "data" / "transactions"),
            "db.tx_log.rotation.retention_policy": "1 files",
            "server.logs.debug.enabled": "true",
        }
        if self.plugins:
            base["dbms.security.procedures.unrestricted"] = ",".join(f"{p}.*" for p in self.plugins)
        base.update(self.config)
        return base

    def _write_config(self) -> None:
        for sub in ("conf", "data", "logs", "plugins", "run", "import"):
            (self.home / sub).mkdir(parents=True, exist_ok=True)
        lines = [f"{k}={v}" for k, v in self._settings().items()]
        (self.conf_dir / "neo4j.conf").write_text("\n".join(lines) + "\n")
        self._link_plugins()
        if "apoc" in self.plugins:
            (self.conf_dir / "apoc.conf").write_text("".join(f"{k}={v}\n" for k, v in self.apoc_config.items()))

    def _link_plugins(self) -> None:
        """Symlink the chosen plugins' jars into ``plugins/`` (one copy of each library)."""
        folder = self.home / "plugins"
        seen: set[str] = set()
        for plugin in self.plugins:
            for coord, path in self.dist.plugins[plugin]:
                if coord in seen:
                    continue
                seen.add(coord)
                link = folder / path.name
                if not link.exists():
                    link.symlink_to(path)

    def _classpath(self) -> str:
        # plugins/ first, then lib/, as the tarball's launcher does: the procedures are found by
        # the plugin loader in plugins/, kernel extensions (GDS's) through the class path.
        return f"{self.home / 'plugins'}/*:{self.dist.lib}/*"

    def _env(self) -> dict[str, str]:
        env = dict(os.environ)
        env.update({"NEO4J_HOME": str(self.home), "NEO4J_CONF": str(self.conf_dir)})
        return env

    # ---------------------------------------------------------------- admin
    def admin(self, *args: str, timeout: float = 3600) -> subprocess.CompletedProcess[str]:
        """Run ``neo4j-admin ARGS`` (the AdminTool class) against this server's folder.

        Raises:
            Neo4jLauncherError: the command failed (its output is in the message).
        """
        cmd = [_java(), f"-Xmx{self.heap}", *JVM_FLAGS, "-cp", self._classpath(), ADMIN_TOOL, *args]
        done = subprocess.run(
            cmd,
            env=self._env(),
            cwd=self.home,  # neo4j-admin writes files such as import.report into its working folder
            capture_output=True,
            text=True,
            stdin=subprocess.DEVNULL,
            timeout=timeout,
            check=False,
        )
        if done.returncode != 0:
            raise Neo4jLauncherError(
                f"neo4j-admin {' '.join(args[:3])} failed ({done.returncode}): "
                f"{(done.stderr or done.stdout).strip()[-1500:]}"
            )
        return done

    # ---------------------------------------------------------------- life
    def start(self) -> Neo4jServer:
        """Set the password (first start only), start the JVM, wait until Bolt answers.

        Raises:
            Neo4jLauncherError: the server exited or Bolt did not answer in time (with the log's tail).
        """
        if self.process is not None:
            return self
        if not (self.home / "data" / "dbms" / "auth.ini").exists():
            self.admin("dbms", "set-initial-password", self.password)
        cmd = [
            _java(),
            f"-Xms{self.heap}",
            f"-Xmx{self.heap}",
            *JVM_FLAGS,
            "-cp",
            self._classpath(),
            ENTRY_POINT,
            f"--home-dir={self.home}",
            f"--config-dir={self.conf_dir}",
        ]
        out = open(self.home / "logs" / "console.log", "ab")  # noqa: SIM115 - closed in stop()
        self._console = out
        self.process = subprocess.Popen(
            cmd,
            env=self._env(),
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=subprocess.STDOUT,
            preexec_fn=_die_with_parent,  # noqa: PLW1509 - no threads are started before this in the child
        )
        try:
            self._wait_for_bolt()
        except BaseException:
            self.stop()
            raise
        log.info("Neo4j %s started at %s (plugins: %s)", self.dist.versions["neo4j"], self.uri, self.plugins)
        return self

    def _wait_for_bolt(self) -> None:
        import neo4j

        deadline = time.monotonic() + self.startup_timeout
        last: Exception | None = None
        while time.monotonic() < deadline:
            assert self.process is not None
            if self.process.poll() is not None:
                raise Neo4jLauncherError(f"Neo4j exited with {self.process.returncode} while starting:\n{self.tail()}")
            try:
                with neo4j.GraphDatabase.driver(self.uri, auth=self.auth) as driver:
                    driver.verify_connectivity()
                    return
            except Exception as e:  # not up yet: refused, or the bolt server still warming up
                last = e
                time.sleep(0.5)
        raise Neo4jLauncherError(f"Bolt did not answer within {self.startup_timeout:g} s ({last}):\n{self.tail()}")

    def tail(self, lines: int = 40) -> str:
        """The last lines of the server's log (for error messages)."""
        texts = []
        for path in (self.log_file, self.home / "logs" / "console.log"):
            if path.exists():
                texts.append("\n".join(path.read_text(errors="replace").splitlines()[-lines:]))
        return "\n".join(texts)

    def stop(self, grace: float = 60.0) -> None:
        """SIGTERM (a clean shutdown), SIGKILL after ``grace`` seconds; delete a temporary folder."""
        proc, self.process = self.process, None
        if proc is not None and proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(grace)
            except subprocess.TimeoutExpired:
                log.warning("Neo4j did not stop within %g s; killing it", grace)
                proc.kill()
                proc.wait(30)
        console = getattr(self, "_console", None)
        if console is not None:
            console.close()
            self._console = None
        if self._own_home:
            shutil.rmtree(self.home, ignore_errors=True)

    def __enter__(self) -> Neo4jServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


def started(**kwargs: Any) -> Iterator[Neo4jServer]:
    """Generator form for fixtures: ``yield from started(plugins=...)``."""
    dist = fetch()
    server = Neo4jServer(dist, **kwargs)
    server.start()
    try:
        yield server
    finally:
        server.stop()


# --------------------------------------------------------------------------------- CLI
def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("fetch", help="resolve the jars into the cache")
    run = sub.add_parser("run", help="start a server and wait for Ctrl-C")
    run.add_argument("--port", type=int)
    run.add_argument("--password")
    run.add_argument("--heap", default=DEFAULT_HEAP)
    run.add_argument("--pagecache", default=DEFAULT_PAGECACHE)
    run.add_argument("--no-plugins", action="store_true")
    run.add_argument("--apoc-conf", action="append", default=[], metavar="KEY=VALUE", help="an apoc.conf setting")
    run.add_argument("--conf", action="append", default=[], metavar="KEY=VALUE", help="a neo4j.conf setting")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="[neo4j] %(message)s", stream=sys.stderr)
    try:
        dist = fetch()
    except Neo4jLauncherError as e:
        print(f"neo4j: {e}", file=sys.stderr)
        return 1
    resolved = ", ".join(sorted(dist.plugins)) or "none"
    print(f"Neo4j {dist.versions['neo4j']} in {dist.root}; plugins: {resolved}", file=sys.stderr)
    for name, why in dist.problems.items():
        print(f"  {name} not available: {why}", file=sys.stderr)
    if args.command == "fetch":
        return 0
    server = Neo4jServer(
        dist,
        port=args.port,
        password=args.password,
        heap=args.heap,
        pagecache=args.pagecache,
        plugins=() if args.no_plugins else None,
        config=dict(kv.split("=", 1) for kv in args.conf),
        apoc_config=dict(kv.split("=", 1) for kv in args.apoc_conf),
    )
    stop = False

    def _stop(*_: object) -> None:
        nonlocal stop
        stop = True

    signal.signal(signal.SIGTERM, _stop)
    signal.signal(signal.SIGINT, _stop)
    try:
        server.start()
        print(f"export NEO4J_URI={server.uri} NEO4J_USERNAME={USERNAME} NEO4J_PASSWORD={server.password}", flush=True)
        print(f"# import folder (file:/// URLs): {server.import_dir}", flush=True)
        while not stop and server.process is not None and server.process.poll() is None:
            time.sleep(0.5)
    except Neo4jLauncherError as e:
        print(f"neo4j: {e}", file=sys.stderr)
        return 1
    finally:
        server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
