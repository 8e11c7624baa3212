"""Does retrieval offer the task a free wording asks for? Every wording of the free set, no LLM.

For each wording of ``grraf/bench/data/phrasings.yaml`` (its slots filled with sample values: nodes 3
and 7, node 4, k 2, the pattern a→b, b→c, a→c), ``plan.offered_tasks`` gives the tasks the LLM would be
offered, and the script counts how often the right one is among them: the task's own for a plain
wording, its negation (``not_connected`` for ``connectivity``) for a negated one. The LLM cannot
choose a task it is not offered, so a negated wording without its negation offered is lost before
the model reads it. Run before and after a change to retrieval or to the main-clause readers.

Usage: python benchmarks/offered_negations.py [--skip-added LABEL ...] [--out FILE]
(FILE: one tab-separated line per wording. Skip a batch nobody has run yet: its wordings are for
reporting, and counting them here would be tuning on them.)
"""

from __future__ import annotations

import argparse
from collections import Counter
from pathlib import Path

import yaml

from grraf.pipeline.plan import offered_tasks
from grraf.tasks import bench_task, negations_of
from grraf.types import Schema

SLOTS = {"source": 3, "target": 7, "node": 4, "k": 2, "pattern": "a→b, b→c, a→c"}
#: The bench tasks asked of directed graphs (the free bench's generators), and of weighted ones.
DIRECTED = {"substructure", "flow", "topology", "in_degree", "out_degree", "pagerank"}
WEIGHTED = {"flow", "shortest"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("--skip-added", action="append", default=[], help="leave out wordings with this 'added'")
    args = parser.parse_args()
    path = Path(__file__).resolve().parents[1] / "grraf" / "bench" / "data" / "phrasings.yaml"
    phrasings = yaml.safe_load(path.read_text())["phrasings"]
    counts: Counter[tuple[bool, bool]] = Counter()
    lines = []
    for name, entries in phrasings.items():
        task = bench_task(name)
        assert task is not None, name
        schema = Schema(
            "",
            node_count=20,
            edge_count=30,
            directed=name in DIRECTED,
            weight_property="weight" if name in WEIGHTED else None,
        )
        graphs = ("G", "G_prime") if name == "substructure" else ("G",)
        for entry in entries:
            if entry.get("added") in args.skip_added:
                continue
            question = entry["text"].format(**SLOTS)
            offered = [t.name for t in offered_tasks(question, schema, graphs)]
            negated = bool(entry.get("negated"))
            right = {t.name for t in negations_of(task)} if negated else {task.name}
            hit = bool(right & set(offered))
            counts[(negated, hit)] += 1
            lines.append(f"{entry['id']}\t{entry['split']}\t{negated}\t{hit}\t{','.join(offered)}")
    for negated in (True, False):
        offered, total = counts[(negated, True)], counts[(negated, True)] + counts[(negated, False)]
        print(f"{'negated' if negated else 'plain'} wordings: the right task offered for {offered} of {total}")
    if args.out:
        args.out.write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
