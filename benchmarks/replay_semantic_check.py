"""Would an embedding model's reading of the question catch the wrong verified answers? No LLM involved.

A candidate "independent reading" for the plan stage (BENCHMARKS.md, section 0): rank the
registry's tasks by WordLlama similarity to the question (best of each task's summary and example
phrasings) and confirm a choice only when the task, or one of its twins (its negation, the task at
the other end of the same edges), is among the first N. Replayed on the verified template answers
of the seen free-phrasing runs in benchmarks/results/ (development data: every one of those runs
has been read), after today's rank and cue checks, which would already unconfirm some of them. A
question is rebuilt from its phrasing with sample slot values (node numbers do not move an
embedding).

Needs ``pip install wordllama`` (not a grraf dependency: see the retrieval benchmark).

Usage: python benchmarks/replay_semantic_check.py
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
from bench_retrieval import load_wordllama  # this folder's retrieval benchmark (sys.path[0] when run)

from grraf.bench.phrasing import load_phrasings
from grraf.pipeline.plan import Rankings, _twins, cue_finding, rank_finding
from grraf.tasks import TASKS, get_task
from grraf.tasks.retrieval import SLOT_VALUES, default_index, registry_index

RESULTS = Path(__file__).parent / "results"


def main() -> None:
    model = load_wordllama()
    tasks = list(TASKS)
    texts, owners = [], []
    for index, task in enumerate(tasks):
        for text in (task.summary, *task.phrasings):
            texts.append(text)
            owners.append(index)
    vectors, owner = model.embed(texts, norm=True), np.array(owners)

    def ranked(question: str) -> list[str]:
        scores = vectors @ model.embed([question], norm=True)[0]
        best = np.full(len(tasks), -np.inf)
        np.maximum.at(best, owner, scores)
        return [tasks[i].name for i in np.argsort(-best)]

    phrasings = load_phrasings()
    kept: dict[int, list[int]] = {n: [0, 0, 0, 0] for n in (1, 2, 3, 4, 6)}  # right kept/lost, wrong kept/lost
    before = [0, 0]
    for path in sorted(RESULTS.glob("free-*/results.jsonl")):
        for line in path.read_text().splitlines():
            row = json.loads(line)
            chosen = (row.get("plan") or {}).get("chosen")
            if row.get("method") != "grraf-networkx" or row.get("trust") != "verified" or not chosen:
                continue
            if not str(row.get("template", "")).startswith("retrieved:") or not row.get("phrasing_id"):
                continue
            phrasing = phrasings.get(row["phrasing_id"])
            question = phrasing.render(**{s: SLOT_VALUES[s] for s in phrasing.slots})
            task = get_task(chosen)
            lexical = Rankings(
                tuple(c.task.name for c in registry_index().search(question, 6)),
                tuple(c.task.name for c in default_index().search(question, 6)),
            )
            if rank_finding(task, lexical) or cue_finding(task, question):
                continue  # today's checks already leave it unconfirmed
            right = bool(row["correct"])
            before[0 if right else 1] += 1
            semantic = ranked(question)
            for n, counts in kept.items():
                confirmed = bool(_twins(task) & set(semantic[:n]))
                counts[(0 if right else 2) + (0 if confirmed else 1)] += 1
    print(f"verified template answers still confirmed by today's checks: {before[0]} right, {before[1]} wrong")
    for n, (right_kept, right_lost, wrong_kept, wrong_lost) in kept.items():
        precision = right_kept / max(1, right_kept + wrong_kept)
        print(
            f"semantic top {n}: right kept {right_kept}, lost {right_lost}; wrong kept {wrong_kept}, "
            f"caught {wrong_lost}; precision of what is kept {100 * precision:.1f}%"
        )


if __name__ == "__main__":
    main()
