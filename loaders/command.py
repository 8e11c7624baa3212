"""CLI commands ``grraf load``, ``grraf graphs`` and ``grraf drop`` (registered on the ``grraf`` group elsewhere).

Thin layer: parse options, call the loaders, print a rich table. Every
:class:`grraf.errors.GrrafError` becomes one line on stderr and the error's exit code.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from grraf.cli_errors import handle_errors
from grraf.config import Settings
from grraf.errors import StoreError
from grraf.frames import GraphFrames, GraphInfo
from grraf.stores.cypher_guard import validate_graph_name
from grraf.stores.registry import NetworkXRegistry
from grraf.stores.spec import default_ladybug_path, parse_store_spec

F = TypeVar("F", bound=Callable[..., Any])


@contextmanager
def _neo4j_driver(settings: Settings, database: str | None) -> Iterator[tuple[Any, str | None]]:
    from grraf.stores.neo4j import Neo4jStore

    store = Neo4jStore.from_env(settings=settings, **({"database": database} if database else {}))
    try:
        yield store.driver, store.database
    finally:
        store.close()


def _read(
    file: str,
    directed: bool,
    weight_column: str | None,
    delimiter: str | None,
    *,
    keep_duplicates: bool = False,
    max_input_mb: int | None = None,
) -> GraphFrames:
    from grraf.frames import frames_from_edge_table
    from loaders.edgelist import read_edges

    column: str | int | None = int(weight_column) if weight_column and weight_column.isdigit() else weight_column
    max_bytes = max_input_mb << 20 if max_input_mb is not None else None
    table = read_edges(file, directed=directed, weight_column=column, delimiter=delimiter, max_bytes=max_bytes)
    return frames_from_edge_table(table, keep_duplicates=keep_duplicates)


def load_notes(frames: GraphFrames) -> list[str]:
    """What the load summary states besides the counts: repeated edges and negative weights.

    >>> import pandas as pd
    >>> edges = pd.DataFrame({"source": [0], "target": [1], "weight": [-2]})
    >>> for note in load_notes(GraphFrames(pd.DataFrame({"id": [0, 1]}), edges, directed=False, duplicates=1)):
    ...     print(note[:34])
    1 repeated edge collapsed (one edg
    1 negative weight: accepted; short
    """
    notes = []
    if frames.duplicates:
        plural = "s" if frames.duplicates != 1 else ""
        if frames.multigraph:
            notes.append(f"{frames.duplicates:,} repeated edge{plural} kept as parallel edges (--keep-duplicates)")
        else:
            notes.append(
                f"{frames.duplicates:,} repeated edge{plural} collapsed (one edge per pair, the last weight kept; "
                "--keep-duplicates keeps them as parallel edges)"
            )
    negative = frames.negative_weights
    if negative:
        notes.append(
            f"{negative:,} negative weight{'s' if negative != 1 else ''}: accepted; shortest-path questions need "
            "a directed graph without negative cycles (Bellman-Ford) and are refused otherwise"
        )
    return notes


def load_frames(
    frames: GraphFrames, name: str, into: str, settings: Settings, *, console: Console | None = None
) -> GraphInfo:
    """Store ``frames`` as graph ``name`` in the store named by ``into``."""
    spec = parse_store_spec(into, settings)
    console = console or Console(stderr=True)
    if spec.kind == "networkx":
        return NetworkXRegistry.from_settings(settings).save(name, frames)
    if spec.kind == "ladybug":
        from loaders.ladybug import load_graph

        with console.status(f"loading {name} into ladybug {spec.path}"):
            return load_graph(str(spec.path), name, frames)
    from loaders.neo4j import write_graph

    with (
        _neo4j_driver(settings, spec.database) as (driver, database),
        Progress(
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
            console=console,
            transient=True,
        ) as bar,
    ):
        tasks: dict[str, Any] = {}

        def progress(phase: str, done: int, total: int) -> None:
            if phase not in tasks:
                tasks[phase] = bar.add_task(phase, total=total or None)
            bar.update(tasks[phase], completed=done, total=total or None)

        return write_graph(driver, name, frames, database=database, progress=progress)


LOAD_HELP = """Load an edge-list FILE as a named graph that `grraf ask` can answer about.

\b
FILE holds one edge per line: `source target [weight]`, whitespace, comma,
tab, `;` or `|` separated, with an optional header and `#` comments.
Re-loading a NAME replaces that graph only if the new file loads completely;
a bad file is refused with its line number and the old graph stays as it was.
Weights must be finite numbers; negative ones are accepted and reported.
A repeated edge is collapsed into one (the last weight wins) and counted,
unless --keep-duplicates keeps repeats as parallel edges.
Input (a .gz decompressed) over --max-input-mb is refused.

\b
Stores (--into):
  networkx        parquet files under $GRRAF_HOME/graphs (default)
  ladybug[:PATH]  embedded Cypher database (default $GRRAF_HOME/graphs.lbug)
  neo4j[:DB]      Neo4j from NEO4J_URI / NEO4J_USERNAME / NEO4J_PASSWORD
\b
In Cypher stores graph NAME is label/table NAME_Node and type NAME_EDGE.

\b
Examples:
  grraf load roads.csv --name roads --weight-column km
  grraf load flow.txt --name flow_8 --directed --into ladybug:./graphs.lbug
  grraf load links.tsv --name web --directed --into neo4j
  grraf ask "In graph flow_8, what is the maximum flow from 0 to 7?"
"""


@click.command("load", help=LOAD_HELP)
@click.argument("file")
@click.option("--name", required=True, help="Graph name: a letter, then letters, digits or _ (e.g. flow_8).")
@click.option("--into", default="networkx", show_default=True, help="networkx | ladybug[:PATH] | neo4j[:DATABASE]")
@click.option("--directed", is_flag=True, help="Edges go from source to target (default: undirected).")
@click.option("--weight-column", default=None, help="Header name (or 0-based index) of the weight column.")
@click.option("--delimiter", default=None, help="Column separator (default: detected).")
@click.option(
    "--keep-duplicates", is_flag=True, help="Keep a repeated edge as a parallel edge (default: collapse into one)."
)
@click.option(
    "--max-input-mb",
    type=click.IntRange(min=1),
    default=None,
    help="Refuse input (decompressed) larger than this many MiB [default: $GRRAF_MAX_INPUT_MB or 1024].",
)
@handle_errors
def load(
    file: str,
    name: str,
    into: str,
    directed: bool,
    weight_column: str | None,
    delimiter: str | None,
    keep_duplicates: bool,
    max_input_mb: int | None,
) -> None:
    settings = Settings.from_env()
    validate_graph_name(name)
    parse_store_spec(into, settings)  # refuse a bad --into before reading a large file
    start = time.perf_counter()
    frames = _read(file, directed, weight_column, delimiter, keep_duplicates=keep_duplicates, max_input_mb=max_input_mb)
    info = load_frames(frames, name, into, settings)
    kind = ("directed" if info.directed else "undirected") + (", weighted" if info.weighted else "")
    notes = "".join(f"; {note}" for note in load_notes(frames))
    click.echo(
        f"loaded graph {info.name} into {into}: {info.nodes:,} nodes, {info.edges:,} edges ({kind}) "
        f"in {time.perf_counter() - start:.2f} s{notes}"
    )


def list_infos(store: str | None, settings: Settings) -> list[GraphInfo]:
    """Graphs in one store, or (store None) in the NetworkX registry and the default ladybug file."""
    if store is None:
        from loaders.ladybug import list_graphs

        infos = NetworkXRegistry.from_settings(settings).list()
        return infos + list_graphs(default_ladybug_path(settings))
    spec = parse_store_spec(store, settings)
    if spec.kind == "networkx":
        return NetworkXRegistry.from_settings(settings).list()
    if spec.kind == "ladybug":
        from loaders.ladybug import list_graphs

        return list_graphs(str(spec.path))
    from loaders.neo4j import list_graphs as neo4j_graphs

    with _neo4j_driver(settings, spec.database) as (driver, database):
        return neo4j_graphs(driver, database=database)


GRAPHS_HELP = """List named graphs: name, nodes, edges, directed, weighted.

\b
Without --store: the NetworkX registry and the default ladybug database.
Examples:
  grraf graphs
  grraf graphs --store ladybug:./graphs.lbug
  grraf graphs --store neo4j
"""


@click.command("graphs", help=GRAPHS_HELP)
@click.option("--store", default=None, help="networkx | ladybug[:PATH] | neo4j[:DATABASE]")
@handle_errors
def graphs(store: str | None) -> None:
    settings = Settings.from_env()
    infos = list_infos(store, settings)
    table = Table(title="grraf graphs")
    for col in ("name", "store", "nodes", "edges", "directed", "weighted", "source"):
        table.add_column(col, justify="right" if col in ("nodes", "edges") else "left")
    for i in infos:
        table.add_row(
            i.name,
            i.store,
            f"{i.nodes:,}",
            f"{i.edges:,}",
            "yes" if i.directed else "no",
            "yes" if i.weighted else "no",
            i.source,
        )
    if not infos:
        click.echo("no graphs yet; load one with: grraf load FILE --name NAME")
        return
    Console().print(table)


DROP_HELP = """Delete the named graph NAME from a store.

\b
Examples:
  grraf drop roads
  grraf drop flow_8 --store ladybug:./graphs.lbug
  grraf drop web --store neo4j
"""


@click.command("drop", help=DROP_HELP)
@click.argument("name")
@click.option("--store", default="networkx", show_default=True, help="networkx | ladybug[:PATH] | neo4j[:DATABASE]")
@handle_errors
def drop(name: str, store: str) -> None:
    settings = Settings.from_env()
    validate_graph_name(name)
    spec = parse_store_spec(store, settings)
    if spec.kind == "networkx":
        dropped = NetworkXRegistry.from_settings(settings).drop(name)
    elif spec.kind == "ladybug":
        from loaders.ladybug import drop_graph

        dropped = drop_graph(str(spec.path), name)
    else:
        from loaders.neo4j import drop_graph as neo4j_drop

        with _neo4j_driver(settings, spec.database) as (driver, database):
            dropped = neo4j_drop(driver, name, database=database)
    if not dropped:
        raise StoreError(f"no graph named {name!r} in {store}")
    click.echo(f"dropped graph {name} from {store}")


__all__ = ["drop", "graphs", "load", "load_frames", "load_notes", "list_infos"]
