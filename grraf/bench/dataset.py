"""GRRAF's evaluation set: GraphInstruct-style questions, generated reproducibly from a seed.

The tasks and their settings are in :mod:`grraf.bench.specs`; each task's generator (its graphs,
printed as GraphInstruct prints them, and its exact label) is the task registry's
(:mod:`grraf.tasks.generators`). This module turns them into questions: size buckets, the
prompt's length limit, label balance, ids. Questions read from files are :mod:`grraf.bench.jsonl`,
the large-graph set :mod:`grraf.bench.scale`.

Reproducibility: every question draws from its own ``random.Random`` seeded by
``(seed, task, index)``, and the size bucket of question ``index`` depends only on the index.
So ``generate(per_task=10)`` is a prefix of ``generate(per_task=20)`` and the ids
(``flow-s0-0007``) always name the same question: a resumed benchmark stays consistent.
"""

from __future__ import annotations

import os
import random
import re
from collections.abc import Iterator, Sequence

import networkx as nx

from grraf.bench.question import Question, format_label
from grraf.bench.specs import (
    BEYOND_SPECS,
    BEYOND_TASKS,
    DEGREE_SPECS,
    GRAPHINSTRUCT_TASKS,
    TaskSpec,
    bench_spec,
    load_specs,
    parse_tasks,
)

# The original drops prompts longer than this many Llama-2 tokens (prompt + answer);
# bipartite and topology use 2500. It shapes the large buckets, so we keep it (approximately).
_TOKEN_LIMITS = {"bipartite": 2500, "topology": 2500}
_DEFAULT_TOKEN_LIMIT = 3000
_MAX_TRIES = 20_000
# Balanced tasks try this many candidates for the wanted label before taking any label.
_BALANCE_TRIES = 2_000


# --------------------------------------------------------------------------- buckets


def spread_order(n: int) -> list[int]:
    """0..n-1 ordered so that every prefix spreads over the range (ends first, then middles).

    >>> spread_order(5)
    [0, 4, 2, 1, 3]
    >>> sorted(spread_order(7)) == list(range(7))
    True
    """
    if n <= 0:
        return []
    order = [0] if n == 1 else [0, n - 1]
    intervals = [(0, n - 1)]
    while len(order) < n:
        nxt: list[tuple[int, int]] = []
        for lo, hi in intervals:
            if hi - lo < 2:
                continue
            mid = (lo + hi) // 2
            order.append(mid)
            nxt += [(lo, mid), (mid, hi)]
        intervals = nxt
    return order


def bucket_sequence(weights: Sequence[int], length: int) -> list[int]:
    """Bucket of each question index: every bucket once first (spread order), then smooth
    weighted round-robin by ``weights`` (the original ``samples_needed``), counting the first
    picks too. Prefix-stable in ``length``.

    >>> bucket_sequence([200, 400, 600, 400, 400], 5)
    [0, 4, 2, 1, 3]
    >>> bucket_sequence([1, 1], 4)
    [0, 1, 0, 1]
    """
    forced = spread_order(len(weights))
    current = [0] * len(weights)
    total = sum(weights)
    seq: list[int] = []
    while len(seq) < length:
        for i, w in enumerate(weights):
            current[i] += w
        k = len(seq)
        pick = forced[k] if k < len(forced) else max(range(len(weights)), key=lambda i: current[i])
        current[pick] -= total
        seq.append(pick)
    return seq


_TOKEN_RE = re.compile(r"\d|[A-Za-z]+|[^\w\s]| (?=\d)")


def approx_llama_tokens(text: str) -> int:
    """Rough Llama-2 token count (digits are single tokens; words about one each).

    The original filter used the real tokenizer; this estimate stays within ~10% on
    GraphInstruct prompts, which is what the length limit needs.

    >>> approx_llama_tokens("(12, 34)")
    8
    """
    return len(_TOKEN_RE.findall(text))


# --------------------------------------------------------------------------- generation


def make_question(task: str, spec: TaskSpec, *, seed: int, index: int, bucket: int) -> Question:
    """Generate question ``index`` of ``task`` in size bucket ``bucket`` (deterministic)."""
    return make_question_and_graph(task, spec, seed=seed, index=index, bucket=bucket)[0]


def make_question_and_graph(
    task: str, spec: TaskSpec, *, seed: int, index: int, bucket: int, rng_key: str | None = None
) -> tuple[Question, nx.Graph]:
    """:func:`make_question` and the graph it was built from (also in :attr:`Question.graph`).

    ``rng_key`` names the question's random stream; the default is the GraphInstruct set's, so
    other sets (free phrasing) pass their own to draw graphs of their own.
    """
    rng = random.Random(rng_key if rng_key is not None else f"grraf-bench:{seed}:{task}:{index}")
    bench = bench_spec(task)
    size = spec.size(bucket)
    # Balanced tasks: the original caps "Yes" at half of each bucket; we alternate the wanted label
    # by index (not by slot in the bucket: the first questions all have slot 0 and would all be Yes).
    want: bool | None = (index % 2 == 0) if bench.balanced else None
    limit = _TOKEN_LIMITS.get(task, _DEFAULT_TOKEN_LIMIT)
    for attempt in range(_MAX_TRIES):
        draft = bench.generate(rng, size, index)
        if draft is None:
            continue
        if want is not None and draft.label != want and attempt < _BALANCE_TRIES:
            continue
        text = spec.prompt.format(*draft.text_args)
        if approx_llama_tokens(text + spec.answer.format(format_label(draft.label))) > limit:
            continue
        g = draft.graph
        meta = {
            "set": "beyond" if task in BEYOND_TASKS else "graphinstruct",
            "nodes": g.number_of_nodes(),
            "edges": g.number_of_edges(),
            "bucket": bucket,
            "node_range": [spec.min_nodes[bucket], spec.max_nodes[bucket]],
            "directed": g.is_directed(),
            "weighted": bool(spec.weight[bucket]),
            "params": draft.params,
        }
        question = Question(f"{task}-s{seed}-{index:04d}", task, text, draft.label, meta, draft.check, graph=g)
        return question, g
    raise RuntimeError(f"could not generate {task} question {index} in bucket {bucket} after {_MAX_TRIES} tries")


def iter_questions(
    tasks: Sequence[str] | str | None = None,
    per_task: int = 10,
    seed: int = 0,
    *,
    config_dir: str | os.PathLike[str] | None = None,
) -> Iterator[Question]:
    """Yield ``per_task`` questions for each task, stratified over the task's size buckets."""
    names = parse_tasks(tasks)
    # Only GraphInstruct's own tasks need task_config.yaml; the others are defined here.
    specs = load_specs(config_dir) if any(t in GRAPHINSTRUCT_TASKS for t in names) else DEGREE_SPECS | BEYOND_SPECS
    for task in names:
        spec = specs[task]
        for index, bucket in enumerate(bucket_sequence(spec.samples_needed, per_task)):
            yield make_question(task, spec, seed=seed, index=index, bucket=bucket)


def generate(
    tasks: Sequence[str] | str | None = None,
    per_task: int = 10,
    seed: int = 0,
    *,
    config_dir: str | os.PathLike[str] | None = None,
) -> list[Question]:
    """Generate the evaluation set.

    Args:
        tasks: task names and groups (see :func:`parse_tasks`), comma-separated or a list
            (None = ``"all"``, GRRAF's eleven).
        per_task: questions per task; spread over the size buckets (the first five cover all five,
            the first three all three of a beyond task).
        seed: the same seed gives the same questions, byte for byte.
        config_dir: folder of ``task_config.yaml`` (default: see :func:`graphinstruct_dir`).

    Returns:
        Questions in task order, ``per_task`` each.
    """
    return list(iter_questions(tasks, per_task, seed, config_dir=config_dir))
