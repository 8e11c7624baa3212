"""Would today's readers confirm the plans the LLM chose in the property runs? No LLM involved.

Every grraf row of the property runs in benchmarks/results/ records the task the LLM chose and its
parameters. This replays each distinct choice (question, task, parameters) through
``property_plan.check_choice`` on a ladybug database of the property graphs, and counts the choices
the readers confirm (no finding) against whether the run's answer was right: "confirmed and wrong"
are the wrong verified answers the readers would still let through. Run it before and after a
change to the readers (the "before" with ``PYTHONPATH`` at a worktree of the old commit) and
compare with ``--diff``. Rows of batches from ``--below`` on are left out: a batch nobody has run yet
is for reporting, and reading its plans here would be tuning on it.

Usage:
  python benchmarks/replay_property_plans.py --db PATH.lbug --out after.json [--before before.json] [--below N]
(PATH.lbug: the property graphs in ladybug, e.g. the property.lbug that
``grraf bench --tasks property --store ladybug --out DIR`` writes to DIR.)
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path
from typing import Any

from grraf.bench.property.questions import load_questions
from grraf.pipeline.entities import find_entities
from grraf.pipeline.property_plan import PropertyGraph, check_choice
from grraf.stores.factory import open_store
from grraf.tasks import PROPERTY_TASKS

RESULTS = Path(__file__).parent / "results"


def recorded_choices(below: int) -> dict[str, tuple[str, str, dict[str, Any], bool]]:
    """Each distinct recorded choice: key -> (question id, task, reply, whether the run was right)."""
    tasks = {t.name: t for t in PROPERTY_TASKS}
    choices: dict[str, tuple[str, str, dict[str, Any], bool]] = {}
    for path in sorted(RESULTS.glob("property*/results.jsonl")):
        for line in path.read_text().splitlines():
            row = json.loads(line)
            plan = row.get("plan") or {}
            task = tasks.get(plan.get("chosen") or "")
            if not row["method"].startswith("grraf") or task is None or (row.get("batch") or 0) >= below:
                continue
            names = {p.name for p in task.parameters}
            # the recorded parameters are the bound ones: "returns" became a list, derived ones were added
            reply = {
                k: v[0] if k == "returns" and isinstance(v, list) and len(v) == 1 else v
                for k, v in (plan.get("parameters") or {}).items()
                if k in names
            }
            key = f"{row['id']}|{json.dumps({'task': task.name, **reply}, sort_keys=True)}"
            choices.setdefault(key, (row["id"], task.name, reply, bool(row["correct"])))
    return choices


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--db", type=Path, required=True, help="a ladybug database of the property graphs")
    parser.add_argument("--out", type=Path, required=True, help="where to write each choice's findings (JSON)")
    parser.add_argument("--before", type=Path, default=None, help="an earlier --out to compare with")
    parser.add_argument("--below", type=int, default=10**6, help="leave out batches from this one on")
    args = parser.parse_args()
    questions = {q.id: q for q in load_questions()}
    store = open_store(f"ladybug:{args.db}")
    schema = store.schema()
    graph = PropertyGraph.of(schema)
    tasks = {t.name: t for t in PROPERTY_TASKS}
    out: dict[str, dict[str, Any]] = {}
    for key, (qid, name, reply, correct) in recorded_choices(args.below).items():
        text = questions[qid].text
        entities = find_entities(text, store, schema)
        _, findings = check_choice(tasks[name], {"task": name, **reply}, text, graph, entities, store)
        out[key] = {"confirmed": not findings, "correct": correct, "findings": [f.text for f in findings]}
    args.out.write_text(json.dumps(out, indent=1))
    counts = Counter((v["confirmed"], v["correct"]) for v in out.values())
    print(
        f"{len(out)} choices: confirmed and right {counts[True, True]}, confirmed and wrong {counts[True, False]}, "
        f"unconfirmed and right {counts[False, True]}, unconfirmed and wrong {counts[False, False]}"
    )
    if args.before:
        before = json.loads(args.before.read_text())
        for key, now in out.items():
            then = before.get(key)
            if then and then["confirmed"] != now["confirmed"]:
                state = "confirmed" if now["confirmed"] else "unconfirmed"
                print(f"  {key.split('|')[0]}: now {state} ({'right' if now['correct'] else 'wrong'})")


if __name__ == "__main__":
    main()
