"""The in-process guards can be switched off; the jail and the seccomp allowlist still hold.

Each attack passes the static check exactly as written (that is how they were found), reaches the
real ``os``/builtins/``ctypes`` inside the child, then tries to change the host. The host is
checked, and so is the verdict: the kernel reported the refused call to the worker, so the attempt
is rejected even though the code cleared the Python guard's record.
"""

from __future__ import annotations

import socket
from pathlib import Path

from tests.security.conftest import ESCAPE, assert_no_secret, attempt


def test_attrgetter_dunders_reach_os_through_subclasses(store, tmp_path: Path) -> None:
    marker = tmp_path / "marker"
    code = (
        "import operator\n"
        "u = '_' * 2\n"
        "get = lambda obj, name: operator.attrgetter(u + name + u)(obj)\n"
        "base = get(get((), 'class'), 'base')\n"
        "classes = operator.methodcaller(u + 'subclasses' + u)(base)\n"
        "wrap = [c for c in classes if c.__name__ == '_wrap_close'][0]\n"
        "os_globals = get(get(wrap, 'init'), 'globals')\n"
        f"os_globals['system']('touch {marker}')\n"
        f"fd = os_globals['open']({str(marker)!r}, os_globals['O_WRONLY'] | os_globals['O_CREAT'])\n"
        "answer = fd\n"
    )
    outcome = attempt(store, code)
    assert outcome.rejected, outcome.text
    assert not marker.exists()
    assert_no_secret(outcome)


def test_random_os_then_system_and_raw_open(store, tmp_path: Path) -> None:
    marker = tmp_path / "marker"
    code = (
        "import random\n"
        "os = random._os\n"
        "results = []\n"
        "for action in (lambda: os.system('touch " + str(marker) + "'),\n"
        "               lambda: os.open(" + repr(str(marker)) + ", os.O_WRONLY | os.O_CREAT)):\n"
        "    try:\n"
        "        results.append(action())\n"
        "    except Exception as e:\n"
        "        results.append(repr(e))\n"
        "answer = results\n"
    )
    outcome = attempt(store, code)
    assert outcome.rejected, outcome.text
    assert not marker.exists()


def test_frame_walk_switches_the_hook_off_yet_the_kernel_refuses(store, tmp_path: Path) -> None:
    marker = tmp_path / "marker"
    code = ESCAPE + (
        "hook_off = guard.violations == []\n"
        "import json\n"
        "try:\n"
        f"    os.open({str(marker)!r}, os.O_WRONLY | os.O_CREAT)\n"
        "    result = 'created'\n"
        "except OSError as e:\n"
        "    result = e.errno\n"
        "guard.violations.clear()\n"
        "answer = [hook_off, result]\n"
    )
    outcome = attempt(store, code)
    assert outcome.rejected, outcome.text
    assert "blocked system call 'openat'" in str(outcome.error)  # the kernel, not the hook, refused
    assert not marker.exists()


def test_generator_frames_reach_the_runner_locals_yet_nothing_leaves(store, tmp_path: Path) -> None:
    marker = tmp_path / "marker"
    code = (
        "import operator\n"
        "frame_of = operator.attrgetter('gi_' + 'frame')\n"
        "back = operator.attrgetter('f_' + 'back')\n"
        "loc = operator.attrgetter('f_' + 'locals')\n"
        "def probe():\n"
        "    f = frame_of(g)\n"
        "    seen = []\n"
        "    while f is not None:\n"
        "        seen.append(sorted(loc(f))[:5])\n"
        "        if 'guard' in loc(f):\n"
        "            loc(f)['guard'].violations.clear()\n"
        "            type(loc(f)['guard']).__call__ = lambda s, e, a: None\n"
        "        f = back(f)\n"
        "    yield seen\n"
        "g = probe()\n"
        "walk = next(g)\n"
        "import random\n"
        f"random._os.mkdir({str(marker)!r})\n"
        "answer = walk\n"
    )
    outcome = attempt(store, code)
    assert outcome.rejected, outcome.text
    assert not marker.exists()


def test_replacing_the_hook_class_then_connecting_out(store) -> None:
    server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    server.bind(("127.0.0.1", 0))
    server.listen(1)
    server.settimeout(0.5)
    port = server.getsockname()[1]
    code = ESCAPE + (
        "socket = os.sys.modules['importlib'].import_module('socket')\n"
        "try:\n"
        f"    socket.create_connection(('127.0.0.1', {port}), timeout=2)\n"
        "    answer = 'connected'\n"
        "except OSError as e:\n"
        "    answer = e.errno\n"
    )
    try:
        outcome = attempt(store, code)
        assert outcome.rejected, outcome.text
        assert "blocked system call 'socket'" in str(outcome.error)
        try:
            server.accept()
            connected = True
        except TimeoutError:
            connected = False
        assert not connected
    finally:
        server.close()


def test_ctypes_from_sys_modules_runs_a_shell_command(store, tmp_path: Path) -> None:
    marker = tmp_path / "marker"
    code = ESCAPE + f"answer = libc.system({f'touch {marker}'.encode()!r})\n"
    outcome = attempt(store, code)
    assert outcome.rejected, outcome.text
    assert not marker.exists()


def test_builtins_open_for_writing_in_the_jails_tmp_leaves_nothing_on_the_host(store) -> None:
    host_tmp_before = sorted(p.name for p in Path("/tmp").iterdir() if p.name.startswith("grraf-attack"))
    code = ESCAPE + (
        "try:\n"
        "    B.open('/tmp/grraf-attack', 'w').write('x')\n"
        "    answer = 'written'\n"
        "except OSError as e:\n"
        "    answer = e.errno\n"
    )
    outcome = attempt(store, code)
    assert outcome.rejected, outcome.text
    assert sorted(p.name for p in Path("/tmp").iterdir() if p.name.startswith("grraf-attack")) == host_tmp_before
