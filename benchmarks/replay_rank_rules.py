"""Which retrieval rule should confirm the LLM's choice of task? Replayed on stored answers, no LLM.

``plan.rank_finding`` leaves a choice unconfirmed when retrieval places it far from the top. This
replays candidate rules on the template choices of every stored free-phrasing run in
benchmarks/results/free-* (seen runs: development data) whose other readers raised nothing (the
row was confirmed, or only the rank finding held it back) and whose question carries one of the
task's cue words (``plan.cue_finding``), and counts the right and wrong choices each rule would
confirm. A question is rebuilt from its phrasing with sample slot values.

Two orders are read: by the registry's own words (``retrieval.registry_index``) and by the ranker
that also learnt from the dev half of the free phrasings (``retrieval.default_index``, what the LLM
is offered). A moved wording is in that dev half, so each such question is ranked by a copy of the
ranker built without its own wording (leave-one-out). ``--offer bm25`` replays the offer as it was
before 2026-12-07 (BM25 over the same words) instead of the task classifier. Approximate: without
the eligibility filter of ``plan.offered_tasks``, which only drops tasks the graph cannot take.

Usage: python benchmarks/replay_rank_rules.py [--offer classifier|bm25]
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from functools import cache
from pathlib import Path

from grraf.bench.phrasing import load_phrasings
from grraf.pipeline.plan import _twins, cue_finding
from grraf.tasks import TASKS, get_task
from grraf.tasks.retrieval import (
    SLOT_VALUES,
    Ranker,
    TaskIndex,
    dev_wordings,
    examples_by_task,
    offer_ranker,
    registry_index,
)

RESULTS = Path(__file__).parent / "results"
DEPTH = 8  # places beyond this count as "not found"

#: rule name -> confirms(registry place, offered place), places counted from 0
RULES: dict[str, Callable[[int, int], bool]] = {
    "registry's first two (the rule before 2026-11-28)": lambda r, o: r < 2,
    "registry's first three": lambda r, o: r < 3,
    "offered order's first two": lambda r, o: o < 2,
    "offered order's first": lambda r, o: o < 1,
    "places add up to at most 2": lambda r, o: r + o <= 2,
    "places add up to at most 3 (plan.RANK_CONFIRMS before 2026-11-29)": lambda r, o: r + o <= 3,
    "places add up to at most 4": lambda r, o: r + o <= 4,
    "offered order's first, or places add up to at most 3 (plan.rank_finding)": lambda r, o: o < 1 or r + o <= 3,
    "registry's first, or places add up to at most 3": lambda r, o: r < 1 or r + o <= 3,
}


def main() -> None:
    phrasings = load_phrasings()

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--offer", choices=("classifier", "bm25"), default="classifier")
    args = parser.parse_args()
    dev_ids = {w[0] for w in dev_wordings()}

    @cache
    def offered_without(phrasing_id: str) -> Ranker:
        # only a dev wording was learnt from; the others share the ranker built with all of them
        examples = examples_by_task(w for w in dev_wordings() if w[0] != phrasing_id or phrasing_id not in dev_ids)
        if args.offer == "bm25":
            return TaskIndex(TASKS, examples)
        return offer_ranker(TASKS, examples)

    def place(index: Ranker, question: str, twins: set[str]) -> int:
        order = [c.task.name for c in index.search(question, DEPTH)]
        return next((i for i, name in enumerate(order) if name in twins), DEPTH)

    counts = {name: [0, 0] for name in RULES}
    total = [0, 0]
    for path in sorted(RESULTS.glob("free-*/results.jsonl")):
        for line in path.read_text().splitlines():
            row = json.loads(line)
            plan = row.get("plan") or {}
            chosen = plan.get("chosen")
            if row.get("method") != "grraf-networkx" or not chosen or not row.get("phrasing_id"):
                continue
            others = [i for i in plan.get("issues", []) if not i.startswith("By the question's words")]
            if others or not (plan.get("confirmed") or plan.get("issues")):
                continue  # another reader objected, or the choice never reached the rank check
            phrasing = phrasings.get(row["phrasing_id"])
            question = phrasing.render(**{s: SLOT_VALUES[s] for s in phrasing.slots})
            task = get_task(chosen)
            if cue_finding(task, question):
                continue
            twins = _twins(task)
            own = phrasing.id if phrasing.id in dev_ids else ""
            places = (place(registry_index(), question, twins), place(offered_without(own), question, twins))
            wrong = 0 if row["correct"] else 1
            total[wrong] += 1
            for name, confirms in RULES.items():
                if confirms(*places):
                    counts[name][wrong] += 1
    print(f"choices replayed: {total[0]} right, {total[1]} wrong")
    print(f"{'rule':52} {'right kept':>10} {'wrong kept':>10} {'precision':>9}")
    for name, (right, wrong) in counts.items():
        print(f"{name:52} {right:>10} {wrong:>10} {100 * right / max(1, right + wrong):>8.1f}%")


if __name__ == "__main__":
    main()
