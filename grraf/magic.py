"""IPython magics: ``%grraf QUESTION`` and ``%%grraf [options]`` with the question in the cell.

Load with ``%load_ext grraf`` (or ``%load_ext grraf.magic``). Both forms return the
:class:`~grraf.types.Answer`, so it displays richly when it ends a cell, and ``_`` holds it.

Options (before the question on a ``%grraf`` line; on the ``%%grraf`` line for a cell):

* ``--graph VAR``: a networkx graph in the notebook's namespace (or a dict of them such as
  ``{"G": g, "G_prime": pattern}``); without it the graph must be written in the question.
* ``--store SPEC``: ask a stored graph (``neo4j``, ``ladybug:PATH``, ``networkx``), with
  ``--graph-name NAME`` where the store needs one.
* ``--backend networkx|cypher|auto``, ``--model SPEC``, ``--max-retries N``,
  ``--timeout SECONDS``, ``--no-explain``.

The chat model is created once per model spec and reused by later questions: loading the
local model takes seconds.
"""

from __future__ import annotations

import argparse
import logging
import shlex
from collections.abc import Mapping
from typing import Any

import networkx as nx
from IPython.core.error import UsageError
from IPython.core.magic import Magics, line_cell_magic, magics_class

from grraf.agent import BACKENDS, GraphQA
from grraf.config import Settings
from grraf.errors import GrrafError
from grraf.stores.base import GraphStore
from grraf.types import Answer

__all__ = ["GrrafMagics", "load_ipython_extension", "parse_magic_line"]

logger = logging.getLogger(__name__)


class _Parser(argparse.ArgumentParser):
    """argparse that raises instead of exiting the kernel."""

    def error(self, message: str) -> Any:  # type: ignore[override]
        raise UsageError(f"%grraf: {message}\n{self.format_usage()}")


def _parser() -> _Parser:
    parser = _Parser(prog="%grraf", add_help=False)
    parser.add_argument("--graph", metavar="VAR", help="networkx graph (or dict of graphs) in the user namespace")
    parser.add_argument("--store", metavar="SPEC", help="neo4j, neo4j:DATABASE, ladybug:PATH or networkx")
    parser.add_argument("--graph-name", metavar="NAME", help="the stored graph to ask about")
    parser.add_argument("--backend", choices=BACKENDS, default=None)
    parser.add_argument("--model", metavar="SPEC", help="LangChain model spec, e.g. openai:gpt-4o-mini, or local")
    parser.add_argument("--max-retries", type=int, metavar="N")
    parser.add_argument("--timeout", type=float, metavar="SECONDS")
    parser.add_argument("--no-explain", action="store_true", help="skip the one-sentence answer")
    return parser


def parse_magic_line(line: str, *, cell: bool) -> tuple[argparse.Namespace, str]:
    """Split a magic line into options and the question.

    For a cell magic the whole line is options. For a line magic, options come first and
    the rest of the line, verbatim, is the question (so quotes and apostrophes in it need
    no escaping).

    >>> options, question = parse_magic_line("--graph g What's the max flow from 0 to 3?", cell=False)
    >>> options.graph, question
    ('g', "What's the max flow from 0 to 3?")
    >>> parse_magic_line("--backend cypher --no-explain", cell=True)[0].backend
    'cypher'
    """
    parser = _parser()
    if cell:
        try:
            words = shlex.split(line)
        except ValueError as e:
            raise UsageError(f"%%grraf: cannot read the options: {e}") from e
        return parser.parse_args(words), ""
    options: list[str] = []
    rest = line.strip()
    flags = {"--no-explain"}
    while rest.startswith("--"):
        word, _, after = rest.partition(" ")
        name = word.split("=", 1)[0]
        if name in flags or "=" in word:
            options.append(word)
            rest = after.strip()
            continue
        value, _, after = after.strip().partition(" ")
        options += [word, value]
        rest = after.strip()
    return parser.parse_args(options), rest


@magics_class
class GrrafMagics(Magics):
    """The ``%grraf`` / ``%%grraf`` magics.

    Attributes:
        chat_model: the chat model to use; created from the settings on first use, one per
            ``--model``. Tests (and notebooks) may set it to any LangChain chat model.
        settings: base settings; None means :meth:`Settings.from_env` at each question.
    """

    def __init__(self, shell: Any = None, **kwargs: Any) -> None:
        super().__init__(shell, **kwargs)
        self.chat_model: Any = None
        self.settings: Settings | None = None
        self._models: dict[str | None, Any] = {}

    def _chat_model(self, settings: Settings, requested: str | None) -> Any:
        if self.chat_model is not None and requested is None:
            return self.chat_model
        if settings.model not in self._models:
            from grraf.llm.factory import make_chat_model

            self._models[settings.model] = make_chat_model(settings)
        return self._models[settings.model]

    def _graph(self, name: str) -> nx.Graph | Mapping[str, nx.Graph]:
        namespace: dict[str, Any] = self.shell.user_ns if self.shell is not None else {}
        if name not in namespace:
            raise UsageError(f"%grraf: no variable named {name!r} in the notebook")
        value = namespace[name]
        if isinstance(value, nx.Graph):
            return value
        if isinstance(value, Mapping) and value and all(isinstance(g, nx.Graph) for g in value.values()):
            return value
        raise UsageError(f"%grraf: {name} is a {type(value).__name__}, not a networkx graph (or a dict of them)")

    @line_cell_magic
    def grraf(self, line: str, cell: str | None = None) -> Answer:
        """Answer a question about a graph: ``%grraf [options] QUESTION`` or ``%%grraf [options]``.

        Options: ``--graph VAR``, ``--store SPEC``, ``--graph-name NAME``, ``--backend``,
        ``--model``, ``--max-retries``, ``--timeout``, ``--no-explain``. Returns the Answer.
        """
        options, question = parse_magic_line(line, cell=cell is not None)
        if cell is not None:
            question = " ".join(cell.split())
        if not question:
            raise UsageError("%grraf: no question (write it after the options, or in the cell body for %%grraf)")
        try:
            return self._ask(options, question)
        except GrrafError as e:
            # A one-line red message, like the CLI, instead of a traceback through the agent.
            raise UsageError(f"grraf: {e}") from e

    def _ask(self, options: argparse.Namespace, question: str) -> Answer:
        settings = (self.settings or Settings.from_env()).with_(
            model=options.model,
            max_retries=options.max_retries,
            timeout=options.timeout,
            explain=False if options.no_explain else None,
        )
        graph: nx.Graph | None = None
        store: GraphStore | None = None
        if options.graph is not None:
            given = self._graph(options.graph)
            if isinstance(given, nx.Graph):
                graph = given
            else:  # two graphs (G and G_prime): a NetworkX store shows both to the code
                from grraf.stores.networkx import NetworkXStore

                store = NetworkXStore({str(k): g for k, g in given.items()}, settings=settings)
        elif options.store is not None:
            from grraf.stores.factory import open_store_for

            store = open_store_for(question, options.store, graph_name=options.graph_name, settings=settings)
        try:
            # After the graph checks: a typo in --graph should not wait for a model to load.
            chat_model = self._chat_model(settings, options.model)
        except BaseException:
            if store is not None:
                store.close()
            raise
        qa = GraphQA(store, backend=options.backend, chat_model=chat_model, settings=settings)
        try:
            return qa.ask(question, graph=graph)
        finally:
            qa.close()


def load_ipython_extension(ipython: Any) -> None:
    """Register the magics: ``%load_ext grraf``."""
    ipython.register_magics(GrrafMagics)


def unload_ipython_extension(ipython: Any) -> None:
    """Nothing to undo: IPython has no API to unregister magics, and keeping them is harmless."""
