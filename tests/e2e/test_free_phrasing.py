"""End to end with the real local model on everyday wordings (the dev half of the free phrasings).

What must always hold: an answer flagged verified is right. Correctness itself is asked of most,
not all, questions: the 1.5B model misreads some wordings, and then the answer must say so by not
being verified. The questions are the benchmark's own generator at a development seed, so the
expected values come from NetworkX, never written down here.
"""

from __future__ import annotations

import pytest

from grraf.agent import GraphQA
from grraf.bench.checkers import check
from grraf.bench.phrasing import free_questions

pytestmark = pytest.mark.e2e

#: A development seed (BENCHMARKS.md lists the seeds used for development; never report on it).
SEED = 5
TASKS = ["connectivity", "shortest", "in_degree", "topology", "k_core", "pagerank", "triplet", "bridges"]


@pytest.fixture(scope="module")
def answered(local_model, e2e_settings):
    questions = free_questions(TASKS, 1, SEED, split="dev")
    with GraphQA(chat_model=local_model, settings=e2e_settings.with_(timeout=60.0)) as qa:
        return [(q, qa.ask(q.text, graph=q.graph)) for q in questions]


def test_a_verified_answer_is_always_right(answered):
    for question, answer in answered:
        if answer.verified:
            assert check(question, answer.value), (question.text, answer.value, question.answer, answer.plan)


def test_most_everyday_wordings_are_answered_right_and_verified(answered):
    # Since the cue and rank checks (2026-11-24) a right choice retrieval ranks low, or one whose
    # question lacks the task's cue, runs unconfirmed: on fresh wordings 52% were verified and right
    # (BENCHMARKS.md, batch d), and on this sample 5 of 8 (a "directly or via" reachability
    # question kept as has_edge, "direct flights arrive at" chosen as degree, a k-core ranked low).
    good = [q.id for q, a in answered if a.verified and check(q, a.value)]
    assert len(good) >= len(answered) - 3, [(q.text, a.trust, a.value, q.answer) for q, a in answered]


def test_every_answer_says_in_words_what_its_value_is(answered):
    for question, answer in answered:
        if answer.plan is not None and answer.plan.task is not None and answer.trust != "fallback":
            assert answer.answer and answer.answer != str(answer.value), (question.text, answer.answer)
