"""``grraf bench``: run the GraphInstruct-style evaluation and write a report.

A thin layer over :mod:`grraf.bench.dataset`, :mod:`grraf.bench.runner` and
:mod:`grraf.bench.report`; registered on the ``grraf`` group by :mod:`grraf.cli`.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

from grraf.bench.dataset import generate
from grraf.bench.jsonl import load_jsonl
from grraf.bench.peers import PEER_METHODS
from grraf.bench.phrasing import PHRASING_MODES, free_questions, parse_split
from grraf.bench.question import Question
from grraf.bench.report import rich_table, write_report
from grraf.bench.runner import METHODS, RESULTS_FILE, STORE_METHODS, StoreFactory, Tally, done_pairs, parse_methods, run
from grraf.bench.scale import scale_questions
from grraf.bench.specs import parse_tasks
from grraf.config import Settings
from grraf.errors import ConfigError, GrrafError

console = Console(stderr=True, soft_wrap=True)


@dataclass(frozen=True)
class BenchStores:
    """How the store methods (``grraf-neo4j``) fill a store per question, handed in by the CLI.

    The factories load each question's graph with the loaders, which grraf's library may not
    import (DESIGN.md, dependency direction), so :mod:`grraf.cli` builds this and passes it as
    click's context object; the bench command finds it with ``ctx.find_object``.

    Attributes:
        factories: method name -> a function from the run's settings to that method's
            :data:`~grraf.bench.runner.StoreFactory`.
    """

    factories: Mapping[str, Callable[[Settings], StoreFactory]] = field(default_factory=dict)


def _parse_sizes(raw: str) -> tuple[int, ...]:
    """``"100,1000,1e4"`` -> ``(100, 1000, 10000)``.

    >>> _parse_sizes("100, 1_000,1e4")
    (100, 1000, 10000)
    """
    try:
        return tuple(int(float(part.replace("_", ""))) for part in raw.split(",") if part.strip())
    except ValueError as e:
        raise ConfigError(f"--scale-sizes wants comma-separated node counts, got {raw!r}") from e


def _collect_questions(
    *,
    tasks: str | None,
    per_task: int,
    seed: int,
    out: Path,
    jsonl: Path | None,
    scale: bool,
    scale_only: bool,
    scale_sizes: str,
    graphinstruct_dir: Path | None,
    phrasing: str = "graphinstruct",
    split: str = "test",
    batch: int | None = None,
    added: str | None = None,
) -> list[Question]:
    from grraf.bench.property.bench import property_questions, split_tasks

    questions: list[Question] = []
    tasks, with_property = split_tasks(tasks)
    if with_property:
        questions += property_questions(None if split == "all" else split, batch=batch)
        if tasks is None and jsonl is None and not scale:
            return questions
    if jsonl is not None:
        if phrasing == "free":
            raise ConfigError("--jsonl brings its own wording; it cannot be combined with --phrasing free")
        chosen = set(parse_tasks(tasks)) if tasks else None
        questions += [q for q in load_jsonl(jsonl) if chosen is None or q.task in chosen]
    elif not scale_only and phrasing == "free":
        # Free phrasing covers all 21 tasks unless --tasks says otherwise.
        if split == "all":
            raise ConfigError("--phrasing free runs one half at a time: --split dev (tune) or --split test (report)")
        questions += free_questions(
            tasks, per_task, seed, split=parse_split(split), config_dir=graphinstruct_dir, added=added
        )
    elif added is not None:
        raise ConfigError("--added picks free phrasings by when they were added; it needs --phrasing free")
    elif not scale_only:
        questions += generate(tasks or "all", per_task, seed, config_dir=graphinstruct_dir)
    if scale:
        with console.status("building scale graphs (large sizes take a while)…"):
            questions += scale_questions(_parse_sizes(scale_sizes), per_task, seed, graph_dir=out / "graphs")
    return questions


def _progress() -> Progress:
    return Progress(
        TextColumn("[bold]{task.fields[label]}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[accuracy]}"),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=False,
    )


def _accuracy_text(tally: Tally) -> str:
    parts = []
    for method in tally.done:
        acc = tally.accuracy(method)
        if acc is not None:
            parts.append(f"{method} {100 * acc:.0f}% ({tally.done[method]})")
    return "  ".join(parts)


def _print_report(out: Path) -> None:
    report = write_report(out)
    stdout = Console(soft_wrap=True)
    if report.summaries:
        stdout.print(rich_table(report.summaries, "grraf bench: tasks"))
    if report.scale:
        stdout.print(rich_table(report.scale, "grraf bench: scale (shortest path)", first="nodes"))
    if not report.summaries and not report.scale and not report.free:
        stdout.print(f"no results in {out / RESULTS_FILE} yet")
    for split, table in report.free.items():
        stdout.print(rich_table(table, f"grraf bench: free phrasing, {split} half"))
    console.print(f"report: {report.path}" + "".join(f"\nplot:   {p}" for p in report.plots))


@click.command("bench", context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.option(
    "--tasks",
    default=None,
    metavar="LIST",
    help="Comma-separated tasks and groups: 'all' (GRRAF's eleven, the default), 'extra', 'untemplated', "
    "'beyond' (extra + untemplated), 'property' (questions about the movies and flights property graphs, "
    "asked of --store); e.g. 'all,beyond' or 'flow,extra'. With --phrasing free the default is all 21 tasks "
    "('all,beyond').",
)
@click.option(
    "--phrasing",
    type=click.Choice(PHRASING_MODES, case_sensitive=False),
    default="graphinstruct",
    show_default=True,
    help="Question wording: 'graphinstruct' (GraphInstruct's own, graph in the question) or 'free' "
    "(everyday phrasings from grraf/bench/data/phrasings.yaml; the graph is given separately).",
)
@click.option(
    "--split",
    type=click.Choice(["dev", "test", "all"], case_sensitive=False),
    default="test",
    show_default=True,
    help="Which half of the free phrasings and of the property questions: 'dev' (tune on it), 'test' (report "
    "it); 'all' only for property questions.",
)
@click.option(
    "--batch",
    type=click.IntRange(min=1),
    default=None,
    help="Only the property questions of this batch: 1 (the first 56), 2 (47 written later by someone who had "
    "not seen grraf's answers) or 3 (48 more written the same way on 2026-11-24), all since run and seen by "
    "grraf's developers (a question a fix was made for is in dev); 4 (48 more written the same way on "
    "2026-11-24, since run and seen too); 5 (48 more written the same way on 2026-11-26, run once and seen); "
    "6 (48 more written the same way on 2026-11-27, run once on both stores and seen); 7 (48 more written "
    "the same way on 2026-11-27, run once on both stores and seen); 8 (48 more written the same way on "
    "2026-11-27, run once on Neo4j with the peers and on both stores after that day's changes, and seen); "
    "9 (48 more written the same way on 2026-11-27, run once on both stores and seen); 10 and 11 (48 more each, "
    "written the same way on 2026-11-27, each run once on both stores, Neo4j with the peers, and seen); 12 (48 "
    "more written the same way on 2026-11-27, run once on both stores, Neo4j with the peers, and seen); 13 "
    "(48 more written the same way on 2026-11-28, run once on both stores and seen); 14 (48 more written the "
    "same way on 2026-11-28, run once on ladybug and on Neo4j with the peers, and seen); 15 (48 more written "
    "the same way on 2026-11-28, run once on ladybug and partly on Neo4j, and seen); 16 (48 more written the "
    "same way on 2026-11-28, run once on both stores, and seen); 17 (48 more written the same way on "
    "2026-11-28, run once on Neo4j with the peers, and seen); 18 (48 more, 24 per graph, written the same "
    "way on 2026-11-29 by someone who had not seen grraf's answers nor its property code, all test, run once "
    "on ladybug and on Neo4j the same day, and seen); 19 (48 more, 24 per graph, written the same way on "
    "2026-11-29, all test, run once on ladybug, and seen); 20 (32 more, 16 per graph, written the same way on "
    "2026-11-29, all test, run once on both stores, Neo4j with the peers, and seen); 21 (32 more, 16 per graph, "
    "written the same way on 2026-11-29 by someone who had not seen grraf's answers nor its property code, all "
    "test, run once on both stores, and seen); 22 (32 more, 16 per graph, written on 2026-11-29 by someone who "
    "had not seen grraf's answers nor its property code, all test, run once on both stores, and seen); 23 (32 "
    "more, 16 per graph, written on 2026-11-29 by someone who had not seen grraf's answers nor its property "
    "code, all test, run once on both stores, and seen); 24 (32 more, 16 per graph, written on 2026-11-30 the "
    "same way, all test, run once on both stores, Neo4j with the peers, and seen); 25 (32 more, 16 per graph, "
    "written on 2026-11-30 the same way, all test, run once on both stores, Neo4j with the peers, and seen); "
    "26 (32 more, 16 per graph, written on 2026-12-06 the same way, all test, run once on both stores, Neo4j "
    "with the peers, and seen); 27 (32 more, 16 per graph, written on 2026-12-06 the same way, all test, run "
    "once on both stores, Neo4j with the peers, and seen); 28 (32 more, 16 per graph, written on 2026-12-06 the "
    "same way, all test, run once on both stores, Neo4j with the peers, and seen); 29 (32 more, 16 per graph, "
    "written on 2026-12-07 the same way, all test, run once on both stores, Neo4j with the peers, and seen); "
    "30 (32 more, 16 per graph, written on 2026-12-07 the same way, run once on both stores); 31 (32 more, 16 per "
    "graph, written on 2026-12-07 the same way, all test, run once on both stores, and seen); 32 (32 more, 16 per "
    "graph, written on 2026-12-08 the same way, all test, run once on both stores, and seen); default: every batch.",
)
@click.option(
    "--added",
    default=None,
    metavar="WHEN",
    help="With --phrasing free: only the phrasings whose 'added' field in phrasings.yaml is exactly WHEN (e.g. "
    "'2026-11-24 b'), a batch of fresh wordings measured alone before anything is tuned on them.",
)
@click.option(
    "--store",
    "store_kind",
    type=click.Choice(["ladybug", "neo4j"]),
    default="ladybug",
    show_default=True,
    help="Where the property questions' graphs live: a ladybug database written into --out, or the Neo4j "
    "server of NEO4J_URI (filled once if it holds none of the graphs' labels).",
)
@click.option("--per-task", default=5, show_default=True, type=click.IntRange(min=1), help="Questions per task.")
@click.option(
    "--methods",
    default=",".join(METHODS),
    show_default=True,
    metavar="LIST",
    help="Comma-separated methods: grraf-networkx, grraf-cypher, direct, code-once, code-feedback, "
    "grraf-no-retry (formerly single-shot), or 'all'; grraf-neo4j (not in 'all') fills the Neo4j at "
    "NEO4J_URI per question and drops it after.",
)
@click.option("--seed", default=0, show_default=True, type=int, help="Generator seed (same seed, same questions).")
@click.option(
    "--out",
    default="bench-out",
    show_default=True,
    type=click.Path(file_okay=False, path_type=Path),
    help="Output folder; an existing results.jsonl there is resumed.",
)
@click.option(
    "--scale", is_flag=True, help="Run the scale set (shortest path on big sparse graphs) instead of the tasks."
)
@click.option(
    "--scale-sizes",
    default="100,1000,10000,100000,1000000",
    show_default=True,
    metavar="LIST",
    help="Node counts of the scale graphs; --per-task questions per size.",
)
@click.option(
    "--model", default=None, metavar="SPEC", help="LangChain model spec, e.g. openai:gpt-4o-mini (default: local)."
)
@click.option("--timeout", default=None, type=float, help="Seconds per code attempt.")
@click.option(
    "--max-retries", default=None, type=click.IntRange(min=0), help="Feedback rounds after the first attempt."
)
@click.option(
    "--templates/--no-templates",
    default=True,
    show_default=True,
    help="Offer verified templates first; --no-templates is GRRAF's LLM-drafted template stage.",
)
@click.option(
    "--self-check/--no-self-check",
    default=True,
    show_default=True,
    help="Cross-check LLM-written code against a verified template; with --no-templates, "
    "--no-self-check keeps the template library out of the run entirely.",
)
@click.option(
    "--reuse/--no-reuse",
    default=False,
    show_default=True,
    help="Reuse verified code across questions of the same shape (saves generation tokens).",
)
@click.option(
    "--explain/--no-explain",
    default=False,
    show_default=True,
    help="Add the one-sentence answer (one LLM call more); scoring reads the executed value either way.",
)
@click.option(
    "--jsonl",
    default=None,
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    help="Run a GraphInstruct-style JSON-lines file (input_prompt/question + answer) instead of generating.",
)
@click.option(
    "--graphinstruct-dir",
    default=None,
    type=click.Path(exists=True, file_okay=False, path_type=Path),
    envvar="GRRAF_GRAPHINSTRUCT_DIR",
    help="Folder of task_config.yaml [env GRRAF_GRAPHINSTRUCT_DIR].",
)
@click.option("--report-only", is_flag=True, help="Only rebuild report.md and the plots from --out's results.jsonl.")
@click.option("--dry-run", is_flag=True, help="Generate the questions and show counts; call no model.")
@click.option("-v", "--verbose", is_flag=True, help="Log what each stage does.")
@click.pass_context
def bench(
    ctx: click.Context,
    tasks: str | None,
    phrasing: str,
    split: str,
    batch: int | None,
    added: str | None,
    store_kind: str,
    per_task: int,
    methods: str,
    seed: int,
    out: Path,
    scale: bool,
    scale_sizes: str,
    model: str | None,
    timeout: float | None,
    max_retries: int | None,
    templates: bool,
    self_check: bool,
    reuse: bool,
    explain: bool,
    jsonl: Path | None,
    graphinstruct_dir: Path | None,
    report_only: bool,
    dry_run: bool,
    verbose: bool,
) -> None:
    """Benchmark grraf on GraphInstruct-style questions and write a report.

    Generates a seeded, labelled question set (the nine GraphInstruct test tasks plus
    in-degree and out-degree), answers every question with each method, appends one row
    per question and method to OUT/results.jsonl, and writes OUT/report.md with PNG plots.
    Running again with the same --out resumes where it stopped.

    --phrasing free words the questions in everyday English instead (at least sixteen
    phrasings per task, split once into a dev and a test half) and gives the graph to each
    method as a NetworkX graph, not in the text. Tune on --split dev; report --split test.

    \b
    Examples:
      grraf bench --tasks connectivity,flow --per-task 10 --methods grraf-networkx,direct
      grraf bench --model openai:gpt-4o-mini --per-task 40 --out runs/gpt4o-mini
      grraf bench --scale --scale-sizes 100,10000,1000000 --methods grraf-networkx,grraf-cypher
      grraf bench --jsonl connectivity_test.json --methods grraf-networkx
      grraf bench --out runs/gpt4o-mini --report-only
      grraf bench --phrasing free --split test --seed 11 --per-task 10 --out runs/free-test
      grraf bench --phrasing free --added "2026-11-24 b" --per-task 3 --out runs/fresh-wordings
      grraf bench --tasks property --store neo4j --methods grraf-cypher,direct
      grraf bench --tasks property --store neo4j --methods grraf-cypher,langchain-neo4j,neo4j-graphrag
      grraf bench --tasks property --batch 3 --methods grraf-cypher --out runs/property-batch3

    \b
    Tasks: connectivity cycle bipartite flow hamilton shortest substructure topology
           triplet in_degree out_degree  (group 'all', the default)
    Beyond GRRAF's eleven (their rows have set 'beyond'):
      extra:       diameter k_core pagerank clustering max_matching  (templated)
      untemplated: radius bridges articulation_points eccentricity average_path
      beyond:      extra + untemplated
    Methods: grraf-networkx (NetworkX code), grraf-cypher (Cypher on ladybug);
             baselines, the raw model as in GRRAF's tables: direct (answers from the
             text), code-once (writes Python for the loaded graph, one attempt),
             code-feedback (the same with --max-retries rounds of error feedback);
             ablation: grraf-no-retry (grraf with one attempt, no feedback, no fallback);
             peers on the property questions, Neo4j only: langchain-neo4j
             (GraphCypherQAChain), neo4j-graphrag (Text2CypherRetriever)
    --scale alone runs only the scale set; add --tasks to run both.
    """
    logging.basicConfig(level=logging.INFO if verbose else logging.WARNING, format="%(name)s: %(message)s")
    try:
        if report_only:
            if not (out / RESULTS_FILE).exists():
                raise ConfigError(f"no {RESULTS_FILE} in {out}; run a benchmark there first")
            _print_report(out)
            return
        explicit_tasks = ctx.get_parameter_source("tasks") == click.core.ParameterSource.COMMANDLINE
        method_names = parse_methods(methods)
        questions = _collect_questions(
            tasks=tasks,
            per_task=per_task,
            seed=seed,
            out=out,
            jsonl=jsonl,
            scale=scale,
            scale_only=scale and not explicit_tasks,
            scale_sizes=scale_sizes,
            graphinstruct_dir=graphinstruct_dir,
            phrasing=phrasing.lower(),
            split=split.lower(),
            batch=batch,
            added=added,
        )
        _run(
            questions,
            method_names,
            out,
            model=model,
            timeout=timeout,
            max_retries=max_retries,
            dry_run=dry_run,
            templates=templates,
            self_check=self_check,
            reuse=reuse,
            explain=explain,
            store_kind=store_kind,
            stores=ctx.find_object(BenchStores),
        )
    except GrrafError as e:
        click.echo(f"grraf: error: {e}", err=True)
        sys.exit(e.exit_code)
    except KeyboardInterrupt:
        click.echo(f"grraf: interrupted; rerun the same command to resume ({out / RESULTS_FILE})", err=True)
        sys.exit(130)


def _run(
    questions: list[Question],
    methods: tuple[str, ...],
    out: Path,
    *,
    model: str | None,
    timeout: float | None,
    max_retries: int | None,
    dry_run: bool,
    templates: bool = True,
    self_check: bool = True,
    reuse: bool = False,
    explain: bool = False,
    store_kind: str = "ladybug",
    stores: BenchStores | None = None,
) -> None:
    done = done_pairs(out / RESULTS_FILE)
    todo = sum(1 for q in questions for m in methods if (q.id, m) not in done)
    peers = [m for m in methods if m in PEER_METHODS]
    if peers and store_kind != "neo4j":
        console.print(
            f"{', '.join(peers)}: these peers support only Neo4j; not run on the {store_kind} store (no rows)"
        )
    console.print(
        f"{len(questions)} questions x {len(methods)} methods; {todo} to run"
        + (f", {len(questions) * len(methods) - todo} already in {out / RESULTS_FILE}" if done else "")
    )
    if dry_run:
        by_task: dict[str, int] = {}
        for q in questions:
            by_task[q.task] = by_task.get(q.task, 0) + 1
        console.print(", ".join(f"{t}: {n}" for t, n in by_task.items()))
        return
    settings = Settings.from_env(
        model=model,
        timeout=timeout,
        max_retries=max_retries,
        templates=templates,
        self_check=self_check,
        reuse=reuse,
        # The run's own store: a benchmark neither reads code stored by earlier sessions nor
        # leaves code behind for them, and a resumed run keeps what it stored.
        reuse_dir=out / "reuse" if reuse else None,
        explain=explain,
    )
    chat_model: Any = None
    if todo:
        from grraf.llm.factory import make_chat_model

        with console.status(f"loading model {settings.model or 'local'}…"):
            chat_model = make_chat_model(settings)  # once: every method and question share it
    with _progress() as progress:
        bar = progress.add_task("bench", total=len(questions) * len(methods), label="starting", accuracy="")

        def on_row(row: dict[str, Any], tally: Tally) -> None:
            label = f"{row['task']} · {row['method']}"
            progress.update(bar, advance=1, label=label, accuracy=_accuracy_text(tally))

        def on_skip(question: Question, method: str) -> None:
            progress.update(bar, advance=1)

        store = None
        if todo and any(q.task == "property" for q in questions):
            from grraf.bench.property.bench import open_property_store

            with console.status(f"filling the {store_kind} store with the property graphs…"):
                store = open_property_store(store_kind, out, settings)
        run(
            questions,
            methods,
            out,
            settings=settings,
            chat_model=chat_model,
            on_row=on_row,
            on_skip=on_skip,
            store=store,
            store_factories=_store_factories(methods, settings, stores),
        )
    _print_report(out)


def _store_factories(methods: tuple[str, ...], settings: Settings, makers: BenchStores | None) -> dict[str, Any]:
    """The store factories of the chosen store methods (``grraf-neo4j``), made for this run's settings.

    Raises:
        ConfigError: a store method was chosen but no factory for it was handed in (the bench
            command was run without the ``grraf`` group, which supplies them).
    """
    wanted = [m for m in methods if m in STORE_METHODS]
    makers = makers or BenchStores()
    missing = [m for m in wanted if m not in makers.factories]
    if missing:
        raise ConfigError(f"{', '.join(missing)} needs a store factory; run it as `grraf bench`")
    return {m: makers.factories[m](settings) for m in wanted}
