"""Experiment (dev only): would a second, independent choice catch confirmed-wrong plans?

For each dev question: the plan as in main; when confirmed, ask the plan prompt again with the
candidates in reverse order (variant R) and with reverse order and summaries only (variant S);
record the picks."""

import json
import sys
import time

from grraf.bench.phrasing import free_questions
from grraf.config import Settings
from grraf.llm.calls import LLMSession
from grraf.llm.factory import make_chat_model
from grraf.pipeline import plan as P
from grraf.pipeline.inputs import resolve_graphs
from grraf.prompts import load_prompt
from grraf.stores.networkx import NetworkXStore
from grraf.tasks import get_task

sys.path.insert(0, "/work/main/benchmarks")
from bench_plan import right_tasks

seed, per_task, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
settings = Settings.from_env()
model = make_chat_model(settings)
fh = open(out, "a")  # noqa: SIM115 - an experiment appending rows as it goes
for q in free_questions("all,beyond", per_task, seed, split="dev"):
    given = resolve_graphs(q.text, q.graph, LLMSession(model), settings)
    store = NetworkXStore(given.graphs, settings=settings)
    schema = store.schema()
    s = LLMSession(model)
    t0 = time.perf_counter()
    d = P.plan(q.text, schema, store, s, graphs=tuple(given.graphs))
    right = right_tasks(q.task, bool(q.meta.get("negated")))
    row = {
        "id": q.id,
        "text": q.text,
        "right": sorted(right),
        "chosen": d.chosen,
        "task": d.task,
        "confirmed": d.confirmed,
        "params": {k: str(v) for k, v in d.parameters.items()},
    }
    if d.confirmed:
        offered = [get_task(n) for n in d.candidates]
        rev = list(reversed(offered))
        sch = P.choice_schema(offered, schema.node_id_types)
        for variant, lines in (
            ("R", P.candidate_lines(rev, q.text)),
            ("S", "\n".join(f"- {t.signature()}: {t.summary}" for t in rev)),
        ):
            msgs = load_prompt("plan").render(question=q.text, graph_facts=P.graph_facts(schema), candidates=lines)
            reply = s.structured("plan", msgs, sch)
            row[variant] = reply.get("task")
            row[variant + "_params"] = {k: str(v) for k, v in reply.items() if k != "task"}
    row["seconds"] = round(time.perf_counter() - t0, 1)
    fh.write(json.dumps(row) + "\n")
    fh.flush()
    print(q.id, d.task, d.confirmed, row.get("R"), row.get("S"), "RIGHT" if d.task in right else "WRONG", flush=True)
    store.close()
