"""The ``grraf`` command: a thin layer over the library (simonw/llm style).

Each command turns :class:`grraf.errors.GrrafError` into a one-line message on stderr
and the error's exit code; everything else is the library's job.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import click
from rich.console import Console
from rich.logging import RichHandler
from rich.markup import escape
from rich.syntax import Syntax

from grraf.agent import BACKENDS, Event, GraphQA
from grraf.cli_errors import handle_errors
from grraf.config import Settings
from grraf.display import REASONING_TITLE, code_language, trust_summary
from grraf.types import Answer

if TYPE_CHECKING:
    from grraf.bench.runner import StoreFactory

F = TypeVar("F", bound=Callable[..., Any])

stdout = Console(soft_wrap=True)
stderr = Console(stderr=True, soft_wrap=True)


@click.group(context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.version_option(package_name="grraf")
@click.pass_context
def cli(ctx: click.Context) -> None:
    """Answer questions about graphs with code an LLM writes and grraf runs.

    The graph never goes into the prompt: the LLM sees the question and the store's
    schema, writes NetworkX or Cypher code, and grraf runs it in a sandbox (or a
    read-only Cypher session) with a time limit, feeding errors back to the LLM.

    \b
    Quick start (offline, local model):
      grraf ask "Is there a cycle? The edges are (0,1) (1,2) (2,0)."
      grraf ask "What is the maximum flow from node 0 to node 5?" --graph examples/flow.txt --directed
      grraf ask "How many airports are within 2 hops of JFK?" --store neo4j

    Models: set GRRAF_MODEL (or --model) to a LangChain spec such as openai:gpt-4o-mini;
    OPENAI_BASE_URL points openai:<name> at vLLM, Ollama or a llama.cpp server. Without
    either, the local Qwen2.5-Coder model runs on the CPU.
    """
    if ctx.invoked_subcommand == "bench" and ctx.obj is None:
        from grraf.bench.command import BenchStores

        # What the bench's store methods need from the loaders, handed down as click's context object.
        ctx.obj = BenchStores({"grraf-neo4j": _neo4j_question_store})


def _observer(event: Event) -> None:
    if event.stage == "attempt" and event.data.get("code"):
        stderr.print(f"[bold cyan]{event.stage}[/] {event.message}")
        stderr.print(
            Syntax(
                event.data["code"],
                event.data.get("language", "text"),  # the attempt's language; never guessed as Python
                theme="ansi_dark",
                line_numbers=True,
            )
        )
    else:
        stderr.print(f"[bold cyan]{event.stage}[/] {event.message}")


def _print_answer(answer: Answer) -> None:
    stdout.print(answer.answer or "[red]no answer[/]", markup=False, highlight=False)
    tokens = answer.tokens
    facts = (
        f"{len(answer.attempts)} attempt(s), {len(answer.llm_calls)} LLM calls, "
        f"{tokens.input} tokens in / {tokens.output} out, {answer.seconds:.1f}s, {answer.backend}"
    )
    label, detail = trust_summary(answer)
    colour = {"verified": "green", "executed": "blue", "fallback": "yellow"}[answer.trust]
    stdout.print(f"[{colour}]{label}[/]: {escape(detail)} ({facts})")
    if answer.code:
        stdout.print(Syntax(answer.code, code_language(answer), theme="ansi_dark"))
    elif answer.reasoning:
        stdout.print(f"[dim]{REASONING_TITLE}:[/]")
        stdout.print(answer.reasoning, markup=False, highlight=False, style="dim")


@cli.command()
@click.argument("question")
@click.option(
    "--graph",
    "graph_file",
    type=click.Path(path_type=Path),
    help="Edge-list file (whitespace, CSV or TSV; optional weight column; # comments).",
)
@click.option("--directed", is_flag=True, help="Read --graph as a directed graph.")
@click.option("--weight-column", help="Weight column of --graph (name when it has a header, else 0-based index).")
@click.option(
    "--backend",
    type=click.Choice(BACKENDS),
    default=None,
    help="Language the LLM writes: NetworkX Python, Cypher (ladybug unless --store is Cypher), or auto. "
    "Default: networkx, except for a property graph in a Cypher store (a database grraf did not create), "
    "which is asked in Cypher and projected into NetworkX only for graph algorithms.",
)
@click.option(
    "--store",
    "store_spec",
    metavar="SPEC",
    help="Ask a stored graph: neo4j (NEO4J_URI ...), ladybug:PATH, or networkx (graphs loaded with 'grraf load').",
)
@click.option(
    "--graph-name", help="Name of the stored graph (see 'grraf graphs'); Neo4j without it means the whole database."
)
@click.option(
    "--model", help="LangChain model spec, e.g. openai:gpt-4o-mini, or 'local'. Default: $GRRAF_MODEL or local."
)
@click.option(
    "--max-retries",
    type=click.IntRange(min=0),
    help="Feedback rounds after the first attempt (GRRAF's n).  [default: 3]",
)
@click.option(
    "--timeout",
    type=click.FloatRange(min=0, min_open=True),
    help="Seconds per attempt before it is killed.  [default: 300]",
)
@click.option("--no-explain", is_flag=True, help="Skip the one-sentence answer (one LLM call fewer).")
@click.option(
    "--reuse",
    is_flag=True,
    help="Reuse code that answered an earlier question of the same shape (kept in $GRRAF_REUSE_DIR or "
    "~/.cache/grraf/reuse), skipping generation; only where no verified template fits.",
)
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help="Print one JSON object: answer, value, verified, attempts, llm_calls, tokens, seconds.",
)
@click.option(
    "--draw",
    "draw_file",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Also write a picture of the part of the graph the answer is about (PNG/SVG/PDF).",
)
@click.option(
    "-v", "--verbose", is_flag=True, help="Show each stage and attempt (with its code) as it happens, on stderr."
)
@handle_errors
def ask(
    question: str,
    graph_file: Path | None,
    directed: bool,
    weight_column: str | None,
    backend: str | None,
    store_spec: str | None,
    graph_name: str | None,
    model: str | None,
    max_retries: int | None,
    timeout: float | None,
    no_explain: bool,
    reuse: bool,
    as_json: bool,
    draw_file: Path | None,
    verbose: bool,
) -> None:
    """Answer QUESTION about a graph.

    The graph comes from --graph FILE, from --store, or from the question itself
    (GraphInstruct edges such as (0,1) (1,2,5) (0->3), or NLGraph sentences).

    \b
    Examples:
      grraf ask "Is there a path between node 0 and node 4? The edges are (0,1) (1,2) (3,4)."
      grraf ask "What is the shortest path length from 1 to 7?" --graph roads.tsv --weight-column 2
      grraf ask "Which nodes have the highest PageRank?" --graph web.csv --directed --json
      grraf ask "In graph flow_8, what is the maximum flow from node 0 to node 5?" --store ladybug:graphs.lbdb
    """
    logging.basicConfig(
        level=logging.WARNING, handlers=[RichHandler(console=stderr, show_path=False)], format="%(message)s"
    )
    settings = Settings.from_env(
        model=model,
        max_retries=max_retries,
        timeout=timeout,
        explain=False if no_explain else None,
        reuse=True if reuse else None,
    )
    graph = None
    if graph_file is not None:
        from loaders.edgelist import read_graph

        column: str | int | None = int(weight_column) if weight_column and weight_column.isdigit() else weight_column
        graph = read_graph(graph_file, directed=directed, weight_column=column)
    store = None
    if store_spec is not None:
        from grraf.stores.factory import open_store_for

        # As in GRRAF's prompts, the question may name a stored graph ("In graph flow_8, ...").
        store = open_store_for(question, store_spec, graph_name=graph_name, settings=settings)
    qa = GraphQA(store, backend=backend, settings=settings, observer=_observer if verbose else None)
    try:
        answer = qa.ask(question, graph=graph)
        if draw_file is not None:  # before close(): drawing may read the store
            from grraf.draw import draw_answer, graph_of

            drawn = graph_of(question, graph, store)
            if drawn is None:
                click.echo("grraf: nothing to draw (no graph available)", err=True)
            else:
                draw_answer(answer, drawn, draw_file)
    finally:
        qa.close()
    if as_json:
        click.echo(json.dumps(answer.to_dict(), default=str))
    else:
        _print_answer(answer)


def _register_optional_commands() -> None:
    """Commands that live with their packages (loader, bench) join the group here."""
    from grraf.bench.command import bench
    from loaders.command import drop, graphs, load

    for command in (load, graphs, drop, bench):
        cli.add_command(command)


def _neo4j_question_store(settings: Settings) -> StoreFactory:
    """grraf-neo4j's store factory: each question's graphs loaded into Neo4j by the Neo4j loader.

    Made here because the CLI may import the loaders and grraf's library may not (DESIGN.md).
    """
    from loaders.neo4j import question_store

    return partial(question_store, settings=settings)


def main() -> None:
    _register_optional_commands()
    cli(prog_name="grraf")


if __name__ == "__main__":
    main()
