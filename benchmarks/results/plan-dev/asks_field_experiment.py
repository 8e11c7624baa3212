"""Experiment: the plan reply starts with a short 'asks' string (what the question asks for) before the task."""
import sys, runpy
import grraf.pipeline.plan as P
from langchain_core.messages import HumanMessage

orig_schema = P.choice_schema
def schema(tasks, node_id_types=()):
    s = orig_schema(tasks, node_id_types)
    for opt in s["anyOf"]:
        opt["properties"] = {"asks": {"type": "string", "maxLength": 90}, **opt["properties"]}
        opt["required"] = ["asks", *opt["required"]]
    return s
P.choice_schema = schema

orig_load = P.load_prompt
class Wrapped:
    def __init__(self, p): self.p = p; self.inputs = p.inputs
    def render(self, **kw):
        msgs = self.p.render(**kw)
        last = msgs[-1]
        msgs[-1] = HumanMessage(last.content + "\nIn 'asks', first say in a few words what quantity or answer the question asks for (in graph terms), then choose the task.")
        return msgs
def load(name):
    p = orig_load(name)
    return Wrapped(p) if name == "plan" else p
P.load_prompt = load
sys.argv = ["bench_plan.py", *sys.argv[1:]]
runpy.run_path("/work/main/benchmarks/bench_plan.py", run_name="__main__")
