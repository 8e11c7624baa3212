"""The attack battery (tests/security) as a table: attack class, attacks tried, attacks that took effect.

Each test in tests/security is one attack (a parametrized case counts as one) that asserts *no
effect* on the host; a failing test is an attack that took effect. Runs pytest in process.

Usage::

    python benchmarks/bench_attacks.py            # prints a Markdown table
"""

from __future__ import annotations

import collections
import sys
import time
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]

#: Test module -> the attack class it covers (BENCHMARKS.md "Jail" table).
CLASSES = {
    "test_secrets.py": "secrets: environment, /proc/self/mem, the caller's memory, host files",
    "test_guard_switch_offs.py": "in-process guards switched off (attrgetter dunders, random._os, frames, ctypes)",
    "test_syscalls.py": "system calls: files, xattrs, inode flags, mounts, IPC, priorities, signals, TIOCSTI, ...",
    "test_results.py": "forged, oversized, deep, malformed, missing or crashing results",
    "test_graph_mutation.py": "changing the graph through aliases and behind the guards",
    "test_ladybug_jail.py": "ladybug: LOAD FROM, COPY TO, EXPORT, INSTALL, CHECKPOINT, writes, memory, crashes",
    "test_jail_startup.py": "jail cannot start (no bwrap, no user namespaces, no libseccomp binding); opt-out",
}


class _Tally:
    def __init__(self) -> None:
        self.tried: collections.Counter[str] = collections.Counter()
        self.effect: collections.Counter[str] = collections.Counter()
        self.skipped: collections.Counter[str] = collections.Counter()

    def pytest_runtest_logreport(self, report: Any) -> None:
        module = Path(report.nodeid.split("::", 1)[0]).name
        if report.when == "call" or (report.when == "setup" and not report.passed):
            self.tried[module] += 1
            if report.failed:
                self.effect[module] += 1
            if report.skipped:
                self.skipped[module] += 1


def main() -> int:
    tally = _Tally()
    started = time.perf_counter()
    code = pytest.main([str(ROOT / "tests" / "security"), "-q", "-p", "no:cacheprovider"], plugins=[tally])
    seconds = time.perf_counter() - started
    print()
    print("| attack class | tried | took effect |")
    print("|---|---:|---:|")
    for module, label in CLASSES.items():
        skipped = f" ({tally.skipped[module]} skipped)" if tally.skipped[module] else ""
        print(f"| {label} | {tally.tried[module]}{skipped} | {tally.effect[module]} |")
    others = set(tally.tried) - set(CLASSES)
    for module in sorted(others):
        print(f"| {module} | {tally.tried[module]} | {tally.effect[module]} |")
    print(f"| **total** | **{sum(tally.tried.values())}** | **{sum(tally.effect.values())}** |")
    print(f"\n{seconds:.0f} s; pytest exit code {int(code)}")
    return int(code)


if __name__ == "__main__":
    sys.exit(main())
