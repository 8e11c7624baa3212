"""Chosen property questions through grraf-cypher on ladybug: the same questions under two settings.

For a setting that matters only to some questions (the worked Cypher examples, shown only where the LLM
writes a whole query), a whole batch measures mostly questions it does not touch. This runs the questions
given by id, or ``--drafted-dev N``: N dev questions (half per graph, drawn with ``--seed``) that went to
LLM-written Cypher in the stored runs (``benchmarks/results/property*``). Settings come from the
environment (``GRRAF_CYPHER_EXAMPLES=0`` turns the examples off), so two runs with the same questions and
different variables compare one setting. Rows go to ``OUT/results.jsonl`` like ``grraf bench``'s.

Usage:
  GRRAF_CYPHER_EXAMPLES=0 python benchmarks/bench_property_ids.py OUT --ids movies-605,flights-606
  python benchmarks/bench_property_ids.py OUT --drafted-dev 30 --seed 29
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

from grraf.bench.property.bench import open_property_store
from grraf.bench.property.questions import all_questions
from grraf.bench.runner import run
from grraf.config import Settings
from grraf.llm.factory import make_chat_model

RESULTS = Path(__file__).parent / "results"


def drafted_dev(n: int, seed: int) -> list[str]:
    """``n`` dev questions whose latest stored grraf-cypher row ran LLM-written Cypher, half per graph."""
    dev = {q.id for q in all_questions() if q.split == "dev"}
    latest: dict[str, dict] = {}
    for path in sorted(RESULTS.glob("property*/results.jsonl")):
        for line in path.read_text().splitlines():
            row = json.loads(line)
            if row.get("id") in dev and row.get("method") == "grraf-cypher":
                latest[row["id"]] = row
    drafted = sorted(i for i, row in latest.items() if row.get("template") == "none")
    rng = random.Random(seed)
    movies = [i for i in drafted if i.startswith("movies")]
    flights = [i for i in drafted if i.startswith("flights")]
    return sorted(rng.sample(movies, n // 2) + rng.sample(flights, n - n // 2))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out", type=Path)
    parser.add_argument("--ids", default="", help="comma-separated question ids")
    parser.add_argument("--drafted-dev", type=int, default=0, help="this many dev questions of LLM-written Cypher")
    parser.add_argument("--seed", type=int, default=29)
    args = parser.parse_args()
    ids = [i for i in args.ids.split(",") if i] or drafted_dev(args.drafted_dev, args.seed)
    by_id = {q.id: q for q in all_questions()}
    settings = Settings.from_env()
    store = open_property_store("ladybug", args.out, settings)
    result = run([by_id[i].to_question() for i in ids], ["grraf-cypher"], args.out, settings=settings,
                 chat_model=make_chat_model(settings), store=store)  # fmt: skip
    rows = result.rows
    right = sum(bool(r["correct"]) for r in rows)
    print(f"{len(rows)} questions run ({result.skipped} already done): {right} right")


if __name__ == "__main__":
    main()
