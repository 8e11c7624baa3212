"""The one seam between the loop and a graph store."""

from __future__ import annotations

from typing import Literal, Protocol, runtime_checkable

from grraf.types import Execution, Schema

Language = Literal["python", "cypher"]


@runtime_checkable
class GraphStore(Protocol):
    """What the agent loop needs from a store; it never knows which store it talks to.

    Attributes:
        name: short name for traces, e.g. ``"networkx"``, ``"ladybug"``, ``"neo4j"``.
        language: the language generated code must be written in.
        dialect: the flavour of that language (``"networkx"``, ``"ladybug"``, ``"neo4j"``);
            prompts are chosen by it.
    """

    name: str
    language: Language
    dialect: str

    def schema(self) -> Schema:
        """Describe the store deterministically; the text must not grow with the graph."""
        ...

    def check(self, code: str) -> None:
        """Guard: raise :class:`grraf.errors.CodeRejected` if ``code`` must not run."""
        ...

    def execute(self, code: str, timeout: float) -> Execution:
        """Run guarded code with a wall-clock limit.

        Raises:
            CodeFailed: the code raised or produced no answer (fed back to the LLM).
            CodeTimeout: the limit was hit and the run was killed.
            CodeRejected: the store refused the code at run time.
            StoreError / SandboxError: infrastructure failed (raised to the user).
        """
        ...

    def as_text(self, max_edges: int) -> str | None:
        """The graph as an edge list for the direct-answer fallback, or None if larger than ``max_edges``."""
        ...

    def close(self) -> None:
        """Release processes, connections and files."""
        ...
