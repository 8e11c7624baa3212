"""The one seam between the loop and a graph store."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol, runtime_checkable

import networkx as nx

from grraf.types import Execution, Schema

Language = Literal["python", "cypher"]


@dataclass(frozen=True)
class Capabilities:
    """What a store can do beyond the protocol's minimum, so the loop never probes with getattr.

    Attributes:
        max_hops: the longest variable-length pattern its Cypher accepts (None: no limit, or
            not a Cypher store). Templates with bounded paths are exact only below it.
        projects: :meth:`GraphStore.to_networkx` gives the graph for the Python path.
        graph_names: the named graphs the store holds (grraf's namespaced graphs).
        plugins: server plugins the store has (``gds``, ``apoc``); templates that need one are used
            only where it is installed.
    """

    max_hops: int | None = None
    projects: bool = False
    graph_names: tuple[str, ...] = ()
    plugins: frozenset[str] = frozenset()


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

    def capabilities(self) -> Capabilities:
        """What this store can do (see :class:`Capabilities`)."""
        ...

    def node_key(self, value: Any) -> Any | None:
        """The store's own key of the node a question writes as ``value`` (``3`` or ``"3"``), or
        None when the graph has no such node. Read-only and cheap (one lookup)."""
        ...

    def string_values(self, label: str, prop: str, tokens: Sequence[str], limit: int) -> list[str]:
        """Distinct values of the string property ``label.prop`` that contain one of ``tokens``
        (lower case), or the first ``limit`` values when ``tokens`` is empty: entity resolution's
        bounded look-up (:mod:`grraf.pipeline.entities`). ``label`` and ``prop`` come from the
        schema; the question's words travel only as query parameters. A store whose schema has no
        labelled string properties returns []."""
        ...

    def relationship_values(self, rel_type: str, prop: str, tokens: Sequence[str], limit: int) -> list[str]:
        """Distinct strings kept in the property ``prop`` of ``rel_type`` relationships (a string, or
        each string of a list: the roles of ACTED_IN) that contain one of ``tokens`` (lower case): the
        look-up behind names no node holds ("Who played Neo?"). Bounded and parameterised as
        :meth:`string_values`; a store whose schema has no typed relationships returns []."""
        ...

    def relationship_types(self, label: str, prop: str, value: str, direction: str) -> list[str]:
        """The types of the relationships that the nodes ``(:label {prop: value})`` have in
        ``direction`` (``out``: leaving them, ``in``: reaching them), or [] when the store cannot
        say: whether "Keanu Reeves movies" can mean anything but the films he acted in, where the
        schema alone allows directing, writing and producing too. Parameterised like
        :meth:`string_values`."""
        ...

    def to_networkx(self) -> dict[str, nx.Graph]:
        """The graph(s) as NetworkX graphs by variable name; only when ``capabilities().projects``.

        Raises:
            StoreError: the store cannot project (too large, no graph).
        """
        ...

    def as_text(self, max_edges: int) -> str | None:
        """The graph as an edge list for the direct-answer fallback, or None if larger than ``max_edges``."""
        ...

    def close(self) -> None:
        """Release processes, connections and files."""
        ...


def node_forms(value: Any) -> list[Any]:
    """The forms a node written as ``value`` may have as a key: as given, as a whole number, as text.

    >>> node_forms("7"), node_forms(7), node_forms("Alice")
    (['7', 7], [7, '7'], ['Alice'])
    """
    forms: list[Any] = [value]
    text = str(value).strip()
    if isinstance(value, str) and text.lstrip("-").isdigit():
        forms.append(int(text))
    elif isinstance(value, int) and not isinstance(value, bool):
        forms.append(str(value))
    return forms


def unique_strings(rows: Iterable[Any]) -> list[str]:
    """Distinct string values from store rows, in first-seen order (what ``string_values`` returns).

    >>> unique_strings([["Keanu"], ["Carrie"], ["Keanu"], [None], "Hugo"])
    ['Keanu', 'Carrie', 'Hugo']
    """
    seen: dict[str, None] = {}
    for row in rows:
        value = row[0] if isinstance(row, list | tuple) else row
        if isinstance(value, str):
            seen.setdefault(value, None)
    return list(seen)
