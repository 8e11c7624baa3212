"""Experiment (2026-11-27, not kept): the plan reply starts with a short 'asks' string (what the
question asks for) before the task. Runs benchmarks/bench_plan.py with the plan's schema and prompt
patched; same arguments as that script."""

import runpy
import sys
from pathlib import Path
from typing import Any

from langchain_core.messages import HumanMessage

import grraf.pipeline.plan as plan_module

ASKS = (
    "\nIn 'asks', first say in a few words what quantity or answer the question asks for (in graph terms), "
    "then choose the task."
)
original_schema = plan_module.choice_schema
original_load = plan_module.load_prompt


def schema_with_asks(tasks: Any, node_id_types: Any = ()) -> dict[str, Any]:
    schema = original_schema(tasks, node_id_types)
    for option in schema["anyOf"]:
        option["properties"] = {"asks": {"type": "string", "maxLength": 90}, **option["properties"]}
        option["required"] = ["asks", *option["required"]]
    return schema


class _WithAsks:
    def __init__(self, prompt: Any) -> None:
        self.prompt = prompt
        self.inputs = prompt.inputs

    def render(self, **inputs: Any) -> list[Any]:
        messages = self.prompt.render(**inputs)
        messages[-1] = HumanMessage(messages[-1].content + ASKS)
        return messages


def load_with_asks(name: str) -> Any:
    prompt = original_load(name)
    return _WithAsks(prompt) if name == "plan" else prompt


plan_module.choice_schema = schema_with_asks
plan_module.load_prompt = load_with_asks
sys.argv = ["bench_plan.py", *sys.argv[1:]]
runpy.run_path(str(Path(__file__).parents[3] / "benchmarks" / "bench_plan.py"), run_name="__main__")
