"""System calls that changed the host before the allowlist; now refused by the kernel, no effect.

Each attack first switches off every Python-level guard (:data:`ESCAPE`) and then makes the raw
system call with ``ctypes``. Each test checks the host: file modes, xattrs and inode flags, the
mount table, System V IPC, process priorities, victim processes, the terminal. Each also checks
that the kernel reported the refused call (the verdict names it), so the Python layer did not help.
"""

from __future__ import annotations

import ctypes
import fcntl
import os
import pty
import signal
import subprocess
import sys
import termios
import textwrap
import time
import tty
from pathlib import Path

import pytest

from tests.security.conftest import (
    ESCAPE,
    attempt,
    file_state,
    host_mounts,
    nice_of,
    visible_host_file,
    worker_host_pid,
)

AT_FDCWD = -100
S_ISUID = 0o4000


def _kernel_refused(outcome, name: str) -> None:
    assert outcome.rejected, outcome.text
    assert f"blocked system call '{name}'" in str(outcome.error), outcome.text


def _raw(store, call: str, timeout: float = 20.0):
    return attempt(store, ESCAPE + f"answer = sys_call({call})\n", timeout)


@pytest.fixture
def victim():
    """An unrelated process on the host that attacks try to signal."""
    process = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])
    yield process
    process.kill()
    process.wait()


# ---------------------------------------------------------------------------------------- files


def test_fchmodat2_setuid_on_a_visible_file(store) -> None:
    target = visible_host_file()
    before = file_state(target)
    outcome = _raw(store, f"452, {AT_FDCWD}, {str(target).encode()!r}, 0o{S_ISUID | 0o755:o}, 0")
    _kernel_refused(outcome, "fchmodat2")
    assert file_state(target) == before


def test_chmod_setuid_on_a_visible_file(store) -> None:
    target = visible_host_file()
    before = file_state(target)
    outcome = attempt(store, ESCAPE + f"answer = os.chmod({str(target)!r}, 0o4755)\n")
    _kernel_refused(outcome, "chmod")
    assert file_state(target) == before


def test_setxattr_on_a_visible_file(store) -> None:
    target = visible_host_file()
    before = file_state(target)
    outcome = attempt(store, ESCAPE + f"answer = os.setxattr({str(target)!r}, 'user.grraf', b'x')\n")
    _kernel_refused(outcome, "setxattr")
    assert file_state(target) == before


def test_fs_ioc_setflags_immutable_on_a_visible_file(store) -> None:
    target = visible_host_file()
    before = file_state(target)
    code = ESCAPE + (
        "fcntl = os.sys.modules['fcntl']\n"
        f"fd = os.open({str(target)!r}, os.O_RDONLY)\n"
        "flag = bytearray((0x10).to_bytes(4, 'little'))\n"  # FS_IMMUTABLE_FL
        "answer = fcntl.ioctl(fd, 0x40086602, flag)\n"  # FS_IOC_SETFLAGS
    )
    outcome = attempt(store, code)
    _kernel_refused(outcome, "ioctl")
    assert file_state(target) == before


def test_truncate_and_rename_of_a_visible_file(store) -> None:
    target = visible_host_file()
    before = file_state(target)
    code = ESCAPE + (
        "out = []\n"
        f"for action in (lambda: os.truncate({str(target)!r}, 0), lambda: os.rename({str(target)!r}, '/tmp/x'),\n"
        f"               lambda: os.unlink({str(target)!r}), lambda: os.utime({str(target)!r}, (0, 0))):\n"
        "    try:\n"
        "        out.append(action())\n"
        "    except OSError as e:\n"
        "        out.append(e.errno)\n"
        "answer = out\n"
    )
    outcome = attempt(store, code)
    assert outcome.rejected, outcome.text
    assert "blocked system call" in str(outcome.error)
    assert file_state(target) == before


# --------------------------------------------------------------------------------------- mounts


def test_open_tree_and_move_mount_leave_the_host_mount_table_alone(store) -> None:
    before = host_mounts()
    code = ESCAPE + (
        "tree = sys_call(428, -100, b'/usr/lib', 1)\n"  # open_tree(AT_FDCWD, path, OPEN_TREE_CLONE)
        "move = sys_call(429, tree[0], b'', -100, b'/tmp', 4)\n"  # move_mount(..., MOVE_MOUNT_F_EMPTY_PATH)
        "answer = [tree, move]\n"
    )
    outcome = attempt(store, code)
    _kernel_refused(outcome, "open_tree")
    assert host_mounts() == before


def test_mount_and_umount_leave_the_host_mount_table_alone(store) -> None:
    before = host_mounts()
    code = ESCAPE + (
        "answer = [sys_call(165, b'none', b'/tmp', b'tmpfs', 0, None), sys_call(166, b'/proc', 2)]\n"  # mount, umount2
    )
    outcome = attempt(store, code)
    _kernel_refused(outcome, "mount")
    assert host_mounts() == before


def test_unshare_a_new_user_namespace(store) -> None:
    outcome = _raw(store, "272, 0x10000000")  # unshare(CLONE_NEWUSER)
    _kernel_refused(outcome, "unshare")


# ------------------------------------------------------------------------------------------ ipc


def test_shmget_leaves_no_shared_memory_segment(store) -> None:
    before = Path("/proc/sysvipc/shm").read_text()
    outcome = _raw(store, "29, 0, 4096, 0o1666")  # shmget(IPC_PRIVATE, 4096, IPC_CREAT | 0666)
    _kernel_refused(outcome, "shmget")
    assert Path("/proc/sysvipc/shm").read_text() == before


def test_mq_open_leaves_no_message_queue(store) -> None:
    before_msg = Path("/proc/sysvipc/msg").read_text()
    code = ESCAPE + "answer = [sys_call(240, b'grraf-attack', 0o102, 0o666, None), sys_call(68, 0, 0o1666)]\n"
    outcome = attempt(store, code)  # mq_open(O_CREAT|O_RDWR), msgget(IPC_PRIVATE, IPC_CREAT)
    _kernel_refused(outcome, "mq_open")
    assert Path("/proc/sysvipc/msg").read_text() == before_msg


def test_memfd_create(store) -> None:
    outcome = _raw(store, "319, b'grraf', 0")
    _kernel_refused(outcome, "memfd_create")


# ------------------------------------------------------------------------------------ processes


def test_setpriority_cannot_change_the_worker_or_the_caller(store) -> None:
    worker = worker_host_pid(store)
    before = nice_of(worker), nice_of(os.getpid())
    code = ESCAPE + (
        "out = []\n"
        "for which, who in ((0, 0), (0, os.getppid()), (1, 0), (2, 0)):\n"  # process, parent, group, user
        "    try:\n"
        "        out.append(os.setpriority(which, who, 19))\n"
        "    except OSError as e:\n"
        "        out.append(e.errno)\n"
        "answer = out\n"
    )
    outcome = attempt(store, code)
    _kernel_refused(outcome, "setpriority")
    assert (nice_of(worker), nice_of(os.getpid())) == before


def test_f_setown_f_setsig_cannot_signal_a_victim(store, victim) -> None:
    code = ESCAPE + (
        "fcntl = os.sys.modules['fcntl']\n"
        "fd = os.open('/proc/self/stat', os.O_RDONLY)\n"
        "out = []\n"
        f"for cmd, arg in ((fcntl.F_SETOWN, {victim.pid}), (10, 9), (fcntl.F_SETFL, os.O_ASYNC)):\n"  # 10 = F_SETSIG
        "    try:\n"
        "        out.append(fcntl.fcntl(fd, cmd, arg))\n"
        "    except OSError as e:\n"
        "        out.append(e.errno)\n"
        "answer = out\n"
    )
    outcome = attempt(store, code)
    _kernel_refused(outcome, "fcntl")
    time.sleep(0.2)
    assert victim.poll() is None


def test_kill_of_an_unrelated_process(store, victim) -> None:
    code = ESCAPE + (
        "out = []\n"
        f"for pid in ({victim.pid}, -1, 1, os.getppid()):\n"
        "    try:\n"
        "        out.append(os.kill(pid, 9))\n"
        "    except OSError as e:\n"
        "        out.append(e.errno)\n"
        f"out.append(sys_call(62, {victim.pid}, 9))\n"
        "answer = out\n"
    )
    outcome = attempt(store, code)
    _kernel_refused(outcome, "kill")
    time.sleep(0.2)
    assert victim.poll() is None
    assert attempt(store, "answer = G.number_of_nodes()").value == 4  # the worker survived too


def test_pidfd_and_ptrace_of_the_worker(store) -> None:
    code = ESCAPE + (
        "answer = [sys_call(434, os.getppid(), 0), sys_call(101, 16, os.getppid(), 0, 0),"  # pidfd_open, PTRACE_ATTACH
        " sys_call(310, os.getppid(), 0, 0, 0, 0, 0)]\n"  # process_vm_readv
    )
    outcome = attempt(store, code)
    assert outcome.rejected and "blocked system call" in str(outcome.error), outcome.text
    assert attempt(store, "answer = G.number_of_nodes()").value == 4


def test_fork_and_exec_start_nothing(store, tmp_path: Path) -> None:
    marker = tmp_path / "marker"
    code = ESCAPE + (
        "out = []\n"
        "for action in (os.fork, lambda: os.execv('/bin/sh', ['sh', '-c', 'touch " + str(marker) + "']),\n"
        "               lambda: os.posix_spawn('/bin/sh', ['sh'], {})):\n"
        "    try:\n"
        "        out.append(action())\n"
        "    except OSError as e:\n"
        "        out.append(e.errno)\n"
        "answer = out\n"
    )
    outcome = attempt(store, code)
    _kernel_refused(outcome, "clone")
    assert not marker.exists()
    assert attempt(store, "answer = G.number_of_nodes()").value == 4


def test_raising_the_memory_limit_is_refused_and_the_bomb_still_stops(store) -> None:
    code = ESCAPE + (
        "resource = os.sys.modules['resource']\n"
        "try:\n"
        "    resource.setrlimit(resource.RLIMIT_AS, (resource.RLIM_INFINITY, resource.RLIM_INFINITY))\n"
        "except (OSError, ValueError) as e:\n"
        "    pass\n"
        "x = bytearray(8 * 1024 ** 3)\n"
        "answer = len(x)\n"
    )
    outcome = attempt(store, code)
    _kernel_refused(outcome, "prlimit64")
    assert attempt(store, "answer = G.number_of_nodes()").value == 4


@pytest.mark.parametrize(
    ("call", "name"),
    [
        ("425, 8, 0", "io_uring_setup"),
        ("321, 0, 0, 0", "bpf"),
        ("298, 0, 0, -1, -1, 0", "perf_event_open"),
        ("317, 1, 0, 0", "seccomp"),  # SECCOMP_SET_MODE_FILTER: a second filter or a listener of its own
        ("250, 0, 0, 0, 0, 0", "keyctl"),
        ("105, 0", "setuid"),
        ("170, b'pwned', 5", "sethostname"),
        ("169, 0xfee1dead, 672274793, 0x4321fedc, 0", "reboot"),
        ("157, 4, 0, 0, 0, 0", "prctl"),  # PR_SET_DUMPABLE
        ("135, 0x0400000", "personality"),  # READ_IMPLIES_EXEC
    ],
)
def test_dangerous_calls_are_refused(store, call: str, name: str) -> None:
    hostname = os.uname().nodename
    outcome = _raw(store, call)
    _kernel_refused(outcome, name)
    assert os.uname().nodename == hostname


# ------------------------------------------------------------------------------------- terminal


def test_tiocsti_types_nothing_into_the_callers_terminal(tmp_path: Path) -> None:
    """grraf runs with a real terminal as its controlling terminal and stdin; the attack tries to push
    a command into that terminal's input queue. Nothing arrives."""
    script = tmp_path / "run.py"
    script.write_text(
        textwrap.dedent(
            f"""
            import sys
            sys.path.insert(0, {str(Path(__file__).resolve().parents[2])!r})
            import networkx as nx
            from grraf.config import Settings
            from grraf.stores.networkx import NetworkXStore
            from tests.security.conftest import ESCAPE, attempt
            code = ESCAPE + '''
            fcntl = os.sys.modules['fcntl']
            out = []
            fds = [0, 1, 2]
            try:
                fds.append(os.open('/dev/tty', os.O_RDONLY))
            except OSError as e:
                out.append(('tty', e.errno))
            for fd in fds:
                try:
                    fcntl.ioctl(fd, 0x5412, b'X')
                    out.append((fd, 'typed'))
                except OSError as e:
                    out.append((fd, e.errno))
            answer = out
            '''.replace('\\n            ', '\\n')
            with NetworkXStore({{"G": nx.path_graph(2)}}, settings=Settings(memory_limit_mb=256)) as store:
                outcome = attempt(store, code)
            print("OUTCOME", outcome.rejected, outcome.text, flush=True)
            """
        )
    )
    master, slave = pty.openpty()
    tty.setraw(slave)  # every pushed byte becomes readable at once (no waiting for a newline)

    def pending_input() -> int:
        count = ctypes.c_int(0)
        fcntl.ioctl(slave, termios.FIONREAD, count)
        return count.value

    # The check can see an injection: TIOCSTI from here (root may target any terminal) lands in the queue.
    fcntl.ioctl(slave, termios.TIOCSTI, b"Z")
    assert pending_input() == 1
    termios.tcflush(slave, termios.TCIFLUSH)
    assert pending_input() == 0

    def controlling_terminal() -> None:
        os.setsid()
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)

    process = subprocess.Popen(
        [sys.executable, str(script)],
        stdin=slave,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        preexec_fn=controlling_terminal,
    )
    try:
        out, _ = process.communicate(timeout=300)
        text = out.decode()
        assert "OUTCOME True" in text and "blocked system call 'ioctl'" in text, text
        assert pending_input() == 0  # nothing was typed into the terminal
    finally:
        os.close(slave)
        os.close(master)


def test_no_signal_reaches_the_caller(store) -> None:
    received: list[int] = []
    previous = signal.signal(signal.SIGUSR1, lambda signum, frame: received.append(signum))
    try:
        # kill(caller, SIGUSR1) and kill(own group, SIGUSR1)
        code = ESCAPE + f"answer = [sys_call(62, {os.getpid()}, 10), sys_call(62, 0, 10)]\n"
        outcome = attempt(store, code)
        _kernel_refused(outcome, "kill")
        time.sleep(0.2)
        assert received == []
    finally:
        signal.signal(signal.SIGUSR1, previous)
