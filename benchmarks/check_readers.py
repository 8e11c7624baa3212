"""Do the plan stage's readers hold anything against a RIGHT choice? No LLM involved.

For every question, the right registry task with the question's own parameters goes through
``grraf.pipeline.plan.check_choice``, ``eligible``, ``rank_finding`` and ``cue_finding``; each
finding printed is a reader firing on a right choice, which costs a confirmation (soft) or the
template (hard). Run it before and after a
reader change: a new reader must not fire here. Free-phrasing questions are deduplicated by phrasing
and graph kind, so each dev wording is checked once per kind of graph.

Usage: python benchmarks/check_readers.py free-dev [SEED]   (dev half of --phrasing free)
       python benchmarks/check_readers.py graphinstruct [SEED]   (GRRAF's eleven and the beyond set)
(The test half is for reports only: never tune a reader on it.)
"""

from __future__ import annotations

import argparse

from grraf.bench.dataset import generate
from grraf.bench.phrasing import free_questions
from grraf.bench.question import Question
from grraf.config import Settings
from grraf.llm.calls import LLMSession
from grraf.llm.scripted import scripted
from grraf.pipeline.decision import Finding
from grraf.pipeline.inputs import resolve_graphs
from grraf.pipeline.plan import check_choice, confirming_rank, eligible, evidence_findings
from grraf.stores.networkx import NetworkXStore
from grraf.tasks import Task, bench_task, negations_of


def right_tasks(question: Question) -> list[Task]:
    """The registry task(s) that answer a bench question: its own, or its negation when negated."""
    task = bench_task(question.task)
    assert task is not None, question.task
    if question.meta.get("negated"):
        return negations_of(task)
    return [task]


def questions(which: str, seed: int) -> list[Question]:
    if which == "graphinstruct":
        return generate("all,beyond", per_task=10, seed=seed)
    seen: set[tuple[str, bool]] = set()
    unique = []
    for q in free_questions("all,beyond", 40, seed, split="dev"):
        key = (str(q.meta.get("phrasing_id")), q.graph.is_directed())
        if key not in seen:
            seen.add(key)
            unique.append(q)
    return unique


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("which", choices=("free-dev", "graphinstruct"))
    parser.add_argument("seed", type=int, nargs="?", default=1)
    args = parser.parse_args()
    settings = Settings.from_env()
    checked = fired = 0
    for q in questions(args.which, args.seed):
        # GraphInstruct questions carry their graph in the text, as `grraf ask` gets them.
        graph = q.graph if args.which == "free-dev" else None
        given = resolve_graphs(q.text, graph, LLMSession(scripted("none")), settings)
        store = NetworkXStore(given.graphs, settings=settings)
        schema = store.schema()
        ranked = confirming_rank(given.question, schema, tuple(given.graphs))
        for task in right_tasks(q):
            checked += 1
            _, findings = check_choice(
                task,
                dict(q.meta.get("params", {})),
                given.question,
                store,
                directed=schema.directed,
                graphs=tuple(given.graphs),
            )
            offered = eligible([task], schema, tuple(given.graphs), given.question)
            # The evidence checks run after the LLM's choice (plan()), on the two rankings (plan.Rankings).
            evidence = evidence_findings(task, ranked, given.question, dict(q.meta.get("params", {})), schema.directed)
            findings = [*findings, *(Finding(f, hard=False) for f in evidence)]
            if findings or not offered:
                fired += 1
                name = q.meta.get("phrasing_id") or q.id
                print(f"{name} {task.name}{' (not offered)' if not offered else ''}: {given.question[:100]!r}")
                for f in findings:
                    print(f"    {'hard' if f.hard else 'soft'}: {f.text}")
        store.close()
    print(f"readers fired on {fired} of {checked} right choices")


if __name__ == "__main__":
    main()
