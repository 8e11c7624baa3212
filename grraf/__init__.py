"""grraf: answer questions about graphs with LLM-written code that runs against a graph store."""

from grraf.agent import Event, GraphQA, answer_directly, ask
from grraf.config import Settings
from grraf.errors import GrrafError
from grraf.types import Answer, Attempt, LLMCall, Plan, Schema, TokenUsage

__all__ = [
    "Answer",
    "Attempt",
    "Event",
    "GraphQA",
    "GrrafError",
    "LLMCall",
    "Plan",
    "Schema",
    "Settings",
    "TokenUsage",
    "answer_directly",
    "ask",
]
__version__ = "0.1.0"


def load_ipython_extension(ipython: object) -> None:
    """``%load_ext grraf``: the %grraf / %%grraf magics (IPython is imported only here)."""
    from grraf.magic import load_ipython_extension as _load

    _load(ipython)
