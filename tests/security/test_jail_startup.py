"""Where the jail cannot start, grraf says what is missing and how to fix it — it never quietly runs
generated code without the jail. The only way round is the loudly named opt-out."""

from __future__ import annotations

import logging
import os
import stat
from pathlib import Path

import networkx as nx
import pytest

import grraf.sandbox.jail as jail_module
from grraf.config import Settings
from grraf.errors import JailUnavailable
from grraf.stores.ladybug import LadybugStore
from grraf.stores.networkx import NetworkXStore
from tests.security.conftest import ESCAPE, attempt


def _children() -> set[int]:
    me = str(os.getpid())
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if (entry / "stat").read_text().rsplit(")", 1)[1].split()[1] == me:
                    found.add(int(entry.name))
            except OSError:
                continue
    return found


def test_missing_bubblewrap_is_a_clear_error_and_nothing_runs(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))  # no bwrap on PATH
    monkeypatch.setattr(jail_module, "BWRAP_FALLBACKS", ())
    before = _children()
    store = NetworkXStore({"G": nx.path_graph(3)}, settings=Settings(memory_limit_mb=256))
    marker = tmp_path / "ran"
    with pytest.raises(JailUnavailable) as info:
        store.execute(f"answer = 1\nprint({str(marker)!r})", 10)
    message = str(info.value)
    assert "bubblewrap" in message and "apt-get install bubblewrap" in message and "GRRAF_UNSAFE_NO_JAIL" in message
    assert _children() == before  # no worker was started, jailed or not
    store.close()


def test_disabled_user_namespaces_are_a_clear_error(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    """A real bubblewrap in a real user namespace whose kernel limit forbids nesting another one:
    the same failure as a machine with user namespaces switched off."""
    fake = tmp_path / "bwrap"
    real = jail_module.bwrap_path()
    fake.write_text(f'#!/bin/sh\nexec {real} --unshare-user --disable-userns --dev-bind / / {real} "$@"\n')
    fake.chmod(fake.stat().st_mode | stat.S_IEXEC)
    monkeypatch.setattr(jail_module, "bwrap_path", lambda: str(fake))
    with pytest.raises(JailUnavailable) as info:
        NetworkXStore({"G": nx.path_graph(3)}, settings=Settings(memory_limit_mb=256)).execute("answer = 1", 10)
    message = str(info.value)
    assert "user namespaces are disabled" in message and "sysctl" in message and "GRRAF_UNSAFE_NO_JAIL" in message


def test_missing_seccomp_binding_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    def missing() -> Path:
        raise JailUnavailable("the sandbox needs libseccomp's Python binding ... apt-get install python3-seccomp")

    monkeypatch.setattr(jail_module, "seccomp_binding", missing)
    with pytest.raises(JailUnavailable, match="python3-seccomp"):
        NetworkXStore({"G": nx.path_graph(3)}, settings=Settings(memory_limit_mb=256)).execute("answer = 1", 10)


def test_seccomp_binding_lookup_names_the_package(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    import importlib.util

    jail_module.seccomp_binding.cache_clear()
    monkeypatch.setattr(importlib.util, "find_spec", lambda name: None)
    monkeypatch.setattr(jail_module, "Path", lambda *parts: tmp_path.joinpath("nowhere", *parts[1:]))
    try:
        with pytest.raises(JailUnavailable) as info:
            jail_module.seccomp_binding()
        assert "apt-get install python3-seccomp" in str(info.value) and "3.11" in str(info.value)
    finally:
        monkeypatch.undo()
        jail_module.seccomp_binding.cache_clear()
    assert jail_module.seccomp_binding().is_file()


def test_ladybug_without_bubblewrap_is_a_clear_error(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    path = tmp_path / "g.lbug"
    LadybugStore.from_networkx({"G": nx.path_graph(3)}, path=path).close()
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.setattr(jail_module, "BWRAP_FALLBACKS", ())
    with LadybugStore(path) as store:
        assert "Graph G" in store.schema().text  # grraf's own queries need no jail
        with pytest.raises(JailUnavailable, match="bubblewrap"):
            store.execute("MATCH (n:G_Node) RETURN count(n)", 10)


def test_the_opt_out_is_explicit_loud_and_keeps_the_allowlist(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture, tmp_path
) -> None:
    assert Settings.from_env().unsafe_no_jail is False
    monkeypatch.setenv("GRRAF_UNSAFE_NO_JAIL", "1")
    settings = Settings.from_env(memory_limit_mb=256)
    assert settings.unsafe_no_jail is True
    marker = tmp_path / "marker"
    caplog.set_level(logging.WARNING, logger="grraf.sandbox.jail")
    with NetworkXStore({"G": nx.path_graph(3)}, settings=settings) as store:
        for _ in range(3):
            assert store.execute("answer = G.number_of_edges()", 10).value == 2
        worker = store._ensure_worker()
        assert Path(f"/proc/{worker.pid}/exe").resolve().name.startswith("python")  # no bubblewrap
        outcome = attempt(store, ESCAPE + f"answer = os.open({str(marker)!r}, os.O_WRONLY | os.O_CREAT)\n")
        assert outcome.rejected and "blocked system call 'openat'" in outcome.text  # seccomp still on
    assert not marker.exists()
    warnings = [r for r in caplog.records if "WITHOUT the bubblewrap jail" in r.getMessage()]
    assert len(warnings) >= 1 + 4  # starting the worker, then every attempt


def test_the_opt_out_rejects_unclear_values(monkeypatch: pytest.MonkeyPatch) -> None:
    from grraf.errors import ConfigError

    monkeypatch.setenv("GRRAF_UNSAFE_NO_JAIL", "maybe")
    with pytest.raises(ConfigError, match="GRRAF_UNSAFE_NO_JAIL"):
        Settings.from_env()
