"""Secrets: the caller's environment and memory never reach generated code, its answer or its errors.

Before the jail, generated code read ``/proc/self/environ``, ``/proc/self/mem`` and
``/proc/<caller pid>/mem`` and returned ``OPENAI_API_KEY`` and a secret held only in the caller's
memory. Now the worker is a fresh process with a cleared environment in its own pid namespace.
"""

from __future__ import annotations

import os

import networkx as nx

from grraf.agent import GraphQA
from grraf.config import Settings
from grraf.stores.networkx import NetworkXStore
from tests.fakes import fenced, scripted
from tests.security.conftest import CALLER_MEMORY_SECRET, ENV_SECRET, ESCAPE, assert_no_secret, attempt

# The scan never holds a secret itself (it would find its own copy): it looks for a harmless prefix
# and compares a digest of what follows with the secret's digest.
SCAN_MEMORY = """
hashlib = os.sys.modules['importlib'].import_module('hashlib')
def scan(pid):
    found = []
    try:
        maps = B.open(f'/proc/{pid}/maps').read().splitlines()
        mem = B.open(f'/proc/{pid}/mem', 'rb', 0)
    except OSError as e:
        return [f'{pid}: errno {e.errno}']
    for line in maps:
        lo, hi = (int(x, 16) for x in line.split()[0].split('-'))
        if 'r' not in line.split()[1] or hi - lo > 1 << 28:
            continue
        try:
            mem.seek(lo)
            chunk = mem.read(hi - lo)
        except (OSError, OverflowError, ValueError):
            continue
        for name, (prefix, size, digest) in TARGETS.items():
            at = chunk.find(prefix)
            while at >= 0:
                if hashlib.sha256(chunk[at:at + size]).hexdigest() == digest:
                    found.append(name)
                    break
                at = chunk.find(prefix, at + 1)
    return found
"""


def _targets(**secrets: bytes) -> str:
    """``TARGETS = {...}`` for SCAN_MEMORY: name -> (prefix, length, sha256) of each secret."""
    import hashlib

    entries = {name: (value[:12], len(value), hashlib.sha256(value).hexdigest()) for name, value in secrets.items()}
    return f"TARGETS = {entries!r}\n"


def test_proc_self_environ_holds_no_secret(store) -> None:
    outcome = attempt(store, ESCAPE + "answer = B.open('/proc/self/environ', 'rb').read().decode()")
    assert outcome.error is None, outcome.text
    assert set(outcome.value.rstrip("\0").split("\0")) == {"LANG=C.UTF-8", "PATH=/usr/bin:/bin", "PWD=/"}
    assert_no_secret(outcome)


def test_os_environ_holds_no_secret(store) -> None:
    outcome = attempt(store, ESCAPE + "answer = dict(os.environ)")
    assert outcome.error is None, outcome.text
    assert "OPENAI_API_KEY" not in outcome.value and "GRRAF_TEST_TOKEN" not in outcome.value
    assert_no_secret(outcome)


def test_every_process_in_the_jail_has_a_clean_environment(store) -> None:
    code = ESCAPE + (
        "answer = {}\n"
        "for pid in os.listdir('/proc'):\n"
        "    if pid.isdigit():\n"
        "        try:\n"
        "            answer[pid] = B.open(f'/proc/{pid}/environ', 'rb').read().decode('latin-1')\n"
        "        except OSError as e:\n"
        "            answer[pid] = f'errno {e.errno}'\n"
    )
    outcome = attempt(store, code)
    assert outcome.error is None, outcome.text
    assert "1" in outcome.value and len(outcome.value) >= 3  # bubblewrap's init, the worker, this child
    assert_no_secret(outcome)


def test_memory_of_the_child_and_of_every_jailed_process_holds_no_secret(store) -> None:
    code = (
        ESCAPE
        + _targets(env=ENV_SECRET.encode(), caller=CALLER_MEMORY_SECRET, canary=b"grraf-canary-42")
        # the canary is built at run time: finding it proves the scan really reads memory
        + "canary = ('grraf-canary-' + str(6 * 7)).encode()\n"
        + SCAN_MEMORY
        + "answer = {pid: scan(pid) for pid in os.listdir('/proc') if pid.isdigit()}\n"
        + "answer['self'] = scan('self')\n"
    )
    outcome = attempt(store, code, timeout=60)
    assert outcome.error is None, outcome.text
    assert "canary" in outcome.value["self"]
    for found in outcome.value.values():
        assert "env" not in found and "caller" not in found
    assert_no_secret(outcome)


def test_memory_of_the_calling_process_is_out_of_reach(store) -> None:
    caller = os.getpid()
    code = (
        ESCAPE
        + _targets(env=ENV_SECRET.encode(), caller=CALLER_MEMORY_SECRET)
        + SCAN_MEMORY
        + f"answer = [os.path.exists('/proc/{caller}'), scan({caller}), scan(os.getppid())]\n"
    )
    outcome = attempt(store, code, timeout=60)
    assert outcome.error is None, outcome.text
    exists, found_caller, found_parent = outcome.value
    assert exists is False and found_caller == [f"{caller}: errno 2"]  # no such process in the jail
    assert "env" not in found_parent and "caller" not in found_parent
    assert_no_secret(outcome)


def test_host_files_and_home_are_not_visible(store, tmp_path) -> None:
    secret_file = tmp_path / "secret.txt"
    secret_file.write_text(ENV_SECRET)
    repo = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    paths = [
        str(secret_file),
        os.path.join(repo, "README.md"),
        os.path.join(repo, "grraf", "agent.py"),
        os.path.expanduser("~/.bashrc"),
        "/etc/passwd",
        "/etc/shadow",
        "/usr/bin/sh",
        "/bin/sh",
    ]
    code = ESCAPE + f"answer = {{p: os.path.exists(p) for p in {paths!r}}}\n"
    outcome = attempt(store, code)
    assert outcome.error is None, outcome.text
    assert outcome.value == {p: False for p in paths}
    assert_no_secret(outcome)


def test_walking_the_whole_jail_finds_no_secret(store, tmp_path) -> None:
    (tmp_path / "key.txt").write_text(ENV_SECRET)
    code = ESCAPE + (
        f"needle = {ENV_SECRET!r}\n"
        "hits, seen = [], 0\n"
        "for root, dirs, files in os.walk('/'):\n"
        "    if root.startswith(('/proc', '/sys', '/dev')):\n"
        "        dirs[:] = []\n"
        "        continue\n"
        "    for name in files:\n"
        "        seen += 1\n"
        "        try:\n"
        "            if needle in B.open(os.path.join(root, name), 'rb').read(1 << 16).decode('latin-1'):\n"
        "                hits.append(os.path.join(root, name))\n"
        "        except OSError:\n"
        "            pass\n"
        "answer = [len(hits), seen]\n"
    )
    outcome = attempt(store, code, timeout=120)
    assert outcome.error is None, outcome.text
    hits, seen = outcome.value
    assert hits == 0 and seen > 100  # it did look (the interpreter and libraries are there)


def _first_replies() -> tuple[str, ...]:
    """The replies to the loop's first LLM calls: the plan stage's "no registered task", twice
    (it is asked once more after a "none"), so the loop goes on to draft and generate."""
    import tests.fakes as fakes

    return tuple(fakes.NONE_TWICE)


def test_secret_never_reaches_the_answer_error_or_trace_through_the_agent_loop(secrets, settings) -> None:
    attack = ESCAPE + "answer = B.open('/proc/self/environ', 'rb').read().decode() + str(dict(os.environ))"
    # Whether the loop drafts a template before generating or not, the code it runs is the attack.
    model = scripted(*_first_replies(), fenced(attack), fenced(attack))
    graph = nx.DiGraph()
    graph.add_edge(0, 3, weight=1)
    with NetworkXStore({"G": graph}, settings=Settings(memory_limit_mb=512)) as store:
        qa = GraphQA(store, chat_model=model, settings=settings.with_(max_retries=0, fallback=False))
        answer = qa.ask("What is the maximum flow from node 0 to node 3?")
    trace = repr(answer) + "".join(model.prompt_text(i) for i in range(len(model.prompts)))
    assert answer.attempts and answer.attempts[0].code == attack  # the attack did run
    assert ENV_SECRET not in trace and CALLER_MEMORY_SECRET.decode() not in trace
    assert "OPENAI_API_KEY" not in trace
