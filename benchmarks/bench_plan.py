"""How often the plan stage picks the right task, and how often a wrong pick would still be confirmed.

Runs only the plan stage (retrieval, the LLM's structured choice, the readers) on free-phrasing
questions, without running any code: a fast loop for developing the plan stage. A wrong task that
the readers confirm is what makes a wrong "verified" answer, so ``confirmed-wrong`` is the number
to drive to zero; ``right`` is the share of questions whose chosen task (confirmed or not) is right.

Usage: python benchmarks/bench_plan.py [--split dev] [--seed 1] [--per-task 4] [--tasks all,beyond] [--cv]
(--split test is for the report only: never tune on it.)

The offer's classifier learnt from the dev wordings, so on dev it puts the right task first far more
often than on wordings it has not seen: ``--cv`` ranks each dev question's offer with the classifier
trained without the question's fold (``bench_retrieval.py --cv``'s five folds), which is what a
change to how the LLM reads the offer should be measured against.
"""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter
from pathlib import Path

from grraf.bench.phrasing import free_questions
from grraf.config import Settings
from grraf.llm.calls import LLMSession
from grraf.llm.factory import make_chat_model
from grraf.pipeline.inputs import resolve_graphs
from grraf.pipeline.plan import plan
from grraf.stores.networkx import NetworkXStore
from grraf.tasks import TASKS, bench_task, negations_of, retrieval


def right_tasks(bench_name: str, negated: bool) -> set[str]:
    """The registry task(s) that answer a bench question: its own, or its negation when negated."""
    task = bench_task(bench_name)
    assert task is not None, bench_name
    if not negated:
        return {task.name}
    return {t.name for t in negations_of(task)}


def held_out_rankers() -> dict[str, retrieval.Ranker]:
    """For each dev phrasing id, the offer's ranker trained without its fold."""
    from bench_retrieval import dev_folds  # a sibling script: run as benchmarks/bench_plan.py

    rankers: dict[str, retrieval.Ranker] = {}
    for held, examples in dev_folds():
        ranker = retrieval.offer_ranker(TASKS, examples)
        rankers.update((phrasing_id, ranker) for phrasing_id, _, _ in held)
    return rankers


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--split", default="dev", choices=("dev", "test"))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--per-task", type=int, default=4)
    parser.add_argument("--tasks", default="all,beyond")
    parser.add_argument("--out", type=Path, default=None, help="write one JSON line per question here")
    parser.add_argument(
        "--only", type=Path, default=None, help="a file of question or phrasing ids (one a line) to run alone"
    )
    parser.add_argument("--cv", action="store_true", help="dev: rank each offer without the question's own fold")
    args = parser.parse_args()
    if args.cv and args.split != "dev":
        parser.error("--cv holds dev wordings out of the classifier; test wordings never were in it")
    held_out = held_out_rankers() if args.cv else {}
    settings = Settings.from_env()
    model = make_chat_model(settings)
    counts: Counter[str] = Counter()
    rows = []
    only = set(args.only.read_text().split()) if args.only else None
    for question in free_questions(args.tasks, args.per_task, args.seed, split=args.split):
        if only is not None and not {question.id, question.meta.get("phrasing_id")} & only:
            continue
        if only is not None:
            # a large --per-task draws a wording more than once; each id runs once
            only -= {question.id, question.meta.get("phrasing_id")}
        given = resolve_graphs(question.text, question.graph, LLMSession(model), settings)
        graphs = given.graphs
        store = NetworkXStore(graphs, settings=settings)
        session = LLMSession(model)
        if args.cv:
            # candidates() looks default_index up at each call: the offer and the rank check both
            # read the classifier that never saw this wording
            ranker = held_out[question.meta["phrasing_id"]]
            retrieval.default_index = lambda ranker=ranker: ranker  # type: ignore[misc]
        start = time.perf_counter()
        decided = plan(question.text, store.schema(), store, session, graphs=tuple(graphs))
        seconds = time.perf_counter() - start
        right = right_tasks(question.task, bool(question.meta.get("negated")))
        chosen = decided.task
        verdict = (
            "right-confirmed"
            if chosen in right and decided.confirmed
            else "right-unconfirmed"
            if chosen in right
            else "confirmed-wrong"
            if decided.confirmed
            else "none"
            if chosen is None
            else "wrong-unconfirmed"
        )
        counts[verdict] += 1
        tokens = sum(c.tokens.total for c in session.calls)
        row = {
            "id": question.id,
            "phrasing": question.meta.get("phrasing_id"),
            "text": question.text,
            "right": sorted(right),
            "chosen": chosen,
            "llm_chose": decided.chosen,
            "confirmed": decided.confirmed,
            "issues": list(decided.issues),
            "candidates": list(decided.candidates),
            "verdict": verdict,
            "seconds": round(seconds, 2),
            "tokens": tokens,
        }
        rows.append(row)
        mark = {"right-confirmed": "ok", "confirmed-wrong": "!!"}.get(verdict, "..")
        print(f"{mark} {verdict:18s} {question.id:32s} {chosen or '-':24s} {question.text[:70]}", flush=True)
        store.close()
    total = sum(counts.values())
    print({k: f"{v}/{total}" for k, v in sorted(counts.items())})
    print(f"mean tokens {sum(r['tokens'] for r in rows) / max(1, len(rows)):.0f}")
    if args.out:
        args.out.write_text("".join(json.dumps(r) + "\n" for r in rows))


if __name__ == "__main__":
    main()
