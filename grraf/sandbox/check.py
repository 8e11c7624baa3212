"""``python -m grraf.sandbox.check``: does the jail start on this machine?

Starts a Python sandbox on a two-node graph and runs one attempt through the whole path (bubblewrap,
fork, seccomp allowlist with kernel notification). Prints one line and exits 0 when it works;
otherwise prints what is missing and how to fix it (the :class:`~grraf.errors.JailUnavailable`
message) and exits with the error's code. Used by ``scripts/setup.sh``.
"""

from __future__ import annotations

import sys
import time

import networkx as nx

from grraf.errors import GrrafError
from grraf.sandbox.worker import SandboxWorker


def main() -> int:
    started = time.perf_counter()
    try:
        with SandboxWorker({"G": nx.path_graph(2)}, memory_limit_mb=256) as worker:
            value = worker.run("answer = G.number_of_edges()", timeout=30).value
    except GrrafError as e:
        sys.stderr.write(f"grraf sandbox check: {e}\n")
        return e.exit_code
    if value != 1:
        sys.stderr.write(f"grraf sandbox check: the test attempt answered {value!r} instead of 1\n")
        return 1
    sys.stdout.write(f"grraf sandbox check: the jail works ({time.perf_counter() - started:.1f} s)\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
