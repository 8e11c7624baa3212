"""Results cross the boundary as bounded data: forged, oversized, deep or missing results are attempt
errors fed back to the LLM, never an aborted question (SandboxError) and never a crashed worker.

The attacks write straight into the child's result pipe (found through /proc/self/fd) after
switching off the Python guards.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from grraf.errors import CodeFailed, CodeRejected, CodeTimeout
from tests.security.conftest import ESCAPE, attempt

#: Finds the child's result pipe and writes raw frames into it.
FORGE = (
    ESCAPE
    + """
struct = os.sys.modules['struct']
def is_pipe(fd):
    try:
        return os.readlink(f'/proc/self/fd/{fd}').startswith('pipe:')
    except OSError:
        return False
RESULT_FD = [fd for fd in range(3, 256) if is_pipe(fd)][0]
def raw(data):
    view = memoryview(data)
    while view:
        view = view[os.write(RESULT_FD, view):]
def frame(payload):
    raw(struct.pack('>Q', len(payload)) + payload)
"""
)


def _still_answers(store) -> None:
    assert attempt(store, "answer = G.number_of_edges()").value == 5


def test_forged_ok_after_a_blocked_write_is_still_rejected(store, tmp_path: Path) -> None:
    marker = tmp_path / "marker"
    code = FORGE + (
        "try:\n"
        f"    os.open({str(marker)!r}, os.O_WRONLY | os.O_CREAT)\n"
        "except OSError:\n"
        "    pass\n"
        "guard.violations.clear()\n"
        'frame(b\'{"status": "ok", "value": "pwned"}\')\n'
        "os.close(RESULT_FD)\n"
        "os._exit(0)\n"
    )
    outcome = attempt(store, code)
    assert isinstance(outcome.error, CodeRejected), outcome.text
    assert "pwned" not in outcome.text and "blocked system call 'openat'" in outcome.text
    assert not marker.exists()
    _still_answers(store)


def test_forged_worker_error_cannot_abort_the_question(store) -> None:
    code = FORGE + (
        'frame(b\'{"status": "worker-error", "message": "the sandbox is broken"}\')\nos.close(RESULT_FD)\nos._exit(0)\n'
    )
    outcome = attempt(store, code)  # a SandboxError would propagate out of attempt() and fail the test
    assert isinstance(outcome.error, CodeFailed), outcome.text
    assert "unreadable" in outcome.text and "broken" not in outcome.text
    _still_answers(store)


def test_forged_timeout_status_is_not_believed(store) -> None:
    code = FORGE + 'frame(b\'{"status": "timeout"}\')\nos.close(RESULT_FD)\nos._exit(0)\n'
    outcome = attempt(store, code)
    assert isinstance(outcome.error, CodeFailed) and "unreadable" in outcome.text, outcome.text
    _still_answers(store)


def test_forged_frame_followed_by_the_real_one_is_unreadable(store) -> None:
    code = FORGE + 'frame(b\'{"status": "ok", "value": 42}\')\nanswer = 7\n'
    outcome = attempt(store, code)
    assert isinstance(outcome.error, CodeFailed) and "unreadable" in outcome.text, outcome.text
    _still_answers(store)


def test_json_nested_300000_deep_is_an_attempt_error(store) -> None:
    code = FORGE + "frame(b'{\"status\": \"ok\", \"value\": ' + b'[' * 300000 + b']' * 300000 + b'}')\nos._exit(0)\n"
    outcome = attempt(store, code)
    assert isinstance(outcome.error, CodeFailed) and "unreadable" in outcome.text, outcome.text
    _still_answers(store)


def test_oversized_result_is_an_attempt_error(store) -> None:
    code = FORGE + (
        "size = 100 * 1024 * 1024\n"
        "raw(struct.pack('>Q', size))\n"
        "chunk = b'[' + b'1,' * (1 << 19)\n"
        "sent = 0\n"
        "while sent < size:\n"
        "    raw(chunk)\n"
        "    sent += len(chunk)\n"
        "os._exit(0)\n"
    )
    outcome = attempt(store, code, timeout=60)
    assert isinstance(outcome.error, CodeFailed) and "too large" in outcome.text, outcome.text
    _still_answers(store)


def test_frame_announcing_an_exabyte_is_an_attempt_error(store) -> None:
    code = FORGE + "raw(struct.pack('>Q', 1 << 60) + b'{}')\nos.close(RESULT_FD)\nos._exit(0)\n"
    outcome = attempt(store, code)
    assert isinstance(outcome.error, CodeFailed), outcome.text
    _still_answers(store)


@pytest.mark.parametrize(
    "payload",
    [b"\xff\xfe not utf-8", b'{"status": "ok", "value": NaN}', b"[1, 2", b'{"status": "ok", "seconds": "soon"}'],
)
def test_malformed_results_are_attempt_errors(store, payload: bytes) -> None:
    code = FORGE + f"frame({payload!r})\nos.close(RESULT_FD)\nos._exit(0)\n"
    outcome = attempt(store, code)
    assert isinstance(outcome.error, CodeFailed) and "unreadable" in outcome.text, outcome.text
    _still_answers(store)


def test_child_that_exits_early_is_an_attempt_error(store) -> None:
    outcome = attempt(store, ESCAPE + "os._exit(3)\n")
    assert isinstance(outcome.error, CodeFailed) and "status 3" in outcome.text, outcome.text
    _still_answers(store)


def test_child_that_crashes_is_an_attempt_error(store) -> None:
    outcome = attempt(store, ESCAPE + "ctypes.string_at(0)\n")
    assert isinstance(outcome.error, CodeFailed) and "SIGSEGV" in outcome.text, outcome.text
    _still_answers(store)


def test_child_that_closes_its_pipe_and_hangs_times_out(store) -> None:
    code = FORGE + "os.close(RESULT_FD)\nwhile True:\n    pass\n"
    outcome = attempt(store, code, timeout=2)
    assert isinstance(outcome.error, CodeTimeout), outcome.text
    _still_answers(store)


def test_answer_nested_300000_deep_is_an_attempt_error(store) -> None:
    outcome = attempt(store, "x = []\nfor _ in range(300000):\n    x = [x]\nanswer = x\n")
    assert isinstance(outcome.error, CodeFailed) and "levels deep" in outcome.text, outcome.text
    _still_answers(store)


def test_huge_answers_are_cut_to_size(store) -> None:
    execution = store.execute("answer = 'x' * (200 * 1024 * 1024)", 30)
    assert execution.truncated and len(execution.value) == 1_000_000
    execution = store.execute("answer = list(range(3 * 10 ** 6))", 30)
    assert execution.truncated and len(execution.value) == 100_000
    _still_answers(store)
