"""The property-graph questions through the plan stage and their verified template only.

For each question: entity resolution, retrieval and the LLM's structured choice with the readers
(the plan stage), then, when a task was chosen, its verified template bound and run on the store
exactly as ``grraf ask`` runs it, scored against the gold answer. No code is generated: a question
whose plan chose no task, or whose template failed, is counted as such and not answered. One LLM
call or two per question instead of up to five, so the plan stage can be developed in minutes.

Verdicts: ``verified-right`` (what ``grraf ask`` would flag verified, and right),
``verified-WRONG`` (flagged verified but wrong: the number to keep at zero), ``unconfirmed-right``
and ``unconfirmed-wrong`` (the template ran, the plan was not confirmed: an "executed" answer),
``template-failed``, ``dropped`` (the readers refused the LLM's choice) and ``none`` (the LLM
chose no task). The last two go to code generation in ``grraf ask``.

Usage: python benchmarks/bench_property_plan.py [--split dev] [--store ladybug] [--only ID,ID] [--out FILE]
(--split test is for the report only: never tune on it.)
"""

from __future__ import annotations

import argparse
import json
import logging
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

from grraf.agent import GraphQA
from grraf.bench.property.bench import open_property_store, property_questions
from grraf.bench.property.questions import check_property
from grraf.config import Settings
from grraf.llm.calls import LLMSession
from grraf.pipeline.plan import plan
from grraf.pipeline.template import choose_template


def verdict(decided: Any, outcome: Any, right: bool | None) -> str:
    if decided.task is None:
        return "dropped" if decided.chosen else "none"
    if outcome is None or right is None:
        return "template-failed"
    if outcome.verified_by(decided):
        return "verified-right" if right else "verified-WRONG"
    return "unconfirmed-right" if right else "unconfirmed-wrong"


class _Rounds(logging.Handler):
    """Keeps what the plan loop logs about refused choices (the LLM's earlier rounds)."""

    def __init__(self) -> None:
        super().__init__(logging.INFO)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(record.getMessage())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--split", default="dev", choices=("dev", "test", "all"))
    parser.add_argument("--store", default="ladybug", choices=("ladybug", "neo4j"))
    parser.add_argument("--only", default="", help="comma-separated question ids to run alone")
    parser.add_argument("--db", type=Path, default=None, help="folder of the ladybug database (default: a temp one)")
    parser.add_argument("--out", type=Path, default=None, help="write one JSON line per question here")
    args = parser.parse_args()
    settings = Settings.from_env(max_retries=0, fallback=False)
    only = {s.strip() for s in args.only.split(",") if s.strip()}
    questions = [q for q in property_questions(None if args.split == "all" else args.split) if not only or q.id in only]
    folder = args.db or Path(tempfile.mkdtemp(prefix="grraf-prop-plan-"))
    store = open_property_store(args.store, folder, settings)
    qa = GraphQA(store=store, settings=settings)
    schema = store.schema()
    counts: Counter[str] = Counter()
    rows = []
    rounds = _Rounds()
    decision_log = logging.getLogger("grraf.pipeline.decision")
    decision_log.addHandler(rounds)
    decision_log.setLevel(logging.INFO)
    try:
        for question in questions:
            session = LLMSession(qa.chat_model)
            rounds.lines.clear()
            start = time.perf_counter()
            decided = plan(question.text, schema, store, session)
            outcome, right, value = None, None, None
            if decided.task is not None:
                routed = qa._route(store, schema, decided)
                routed_schema = routed.schema() if routed is not store else schema
                template = choose_template(
                    decided,
                    routed.language,
                    routed.dialect,
                    session,
                    node_count=routed_schema.node_count,
                    max_hops=routed.capabilities().max_hops,
                    plugins=routed.capabilities().plugins,
                )
                if template.retrieved:
                    ran = qa._attempts(routed, routed_schema, decided, template, session)
                    if ran.attempts and ran.attempts[-1].status == "ok":
                        outcome, value = ran, ran.value
                        right = check_property(question, value)
                if routed is not store:
                    routed.close()
            seconds = time.perf_counter() - start
            mark = verdict(decided, outcome, right)
            counts[mark] += 1
            row = {
                "id": question.id,
                "text": question.text,
                "shape": question.meta["shape"],
                "verdict": mark,
                "chosen": decided.chosen,
                "task": decided.task,
                "confirmed": decided.confirmed,
                "parameters": {k: v for k, v in decided.parameters.items() if k != "pattern"},
                "issues": list(decided.issues),
                "refused": list(rounds.lines),
                "candidates": list(decided.candidates),
                "entities": [str(e) for e in decided.entities],
                "value": value,
                "gold": question.answer,
                "llm_calls": len(session.calls),
                "tokens": sum(c.tokens.total for c in session.calls),
                "seconds": round(seconds, 1),
            }
            rows.append(row)
            flag = {"verified-right": "ok", "verified-WRONG": "!!"}.get(mark, "..")
            print(f"{flag} {mark:18s} {question.id:12s} {decided.chosen or '-':26s} {question.text[:70]}", flush=True)
            if mark != "verified-right":
                print(f"     issues: {row['issues']}  value: {str(value)[:100]}", flush=True)
                for line in row["refused"]:
                    print(f"     refused: {line[:300]}", flush=True)
    finally:
        qa.close()
    total = sum(counts.values())
    print({k: f"{v}/{total}" for k, v in sorted(counts.items())})
    if args.out:
        args.out.write_text("".join(json.dumps(r, default=str) + "\n" for r in rows))


if __name__ == "__main__":
    main()
