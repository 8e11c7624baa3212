"""The free-phrasing set: everyday wordings of the 21 bench tasks, with the graph given separately.

GraphInstruct's questions all share one wording per task, so a score on them says little about
questions people actually write. ``grraf/bench/data/phrasings.yaml`` holds at least sixteen
wordings per task (roads, pipes, tasks, friends, flights, computer networks and plain graph
words; terse and chatty; with and without the word "node"), each with a stable id and a fixed
half: ``dev`` (tune on it) or ``test`` (report it). The split was drawn once by
:func:`initial_split` and written into the file; it is read from there, never recomputed, and a
test phrasing that a fix was made for moves to ``dev`` with a ``moved`` note.

A free question takes its graph, parameters and label from the GraphInstruct-style generators
(:func:`grraf.bench.dataset.make_question_and_graph`) and its words from the chosen half: the
graph is not in the text but travels as a NetworkX graph (:attr:`Question.graph`), as it does
for users with edge-list files. Edge weights are in the edge attribute ``weight`` (capacities for
flow, lengths for shortest paths), node weights (triplet) in the node attribute ``weight``.

Reproducibility is the dataset's: question ``free-<task>-<split>-s<seed>-<index>`` draws its
graph from its own random stream, seeded by (split, seed, task, index), so a smaller
``per_task`` is a prefix of a larger one. Its phrasing is fixed by a seeded permutation of the
half's phrasings per round of ``len(half)`` questions, so every phrasing is used equally often
and, unlike plain round-robin, a phrasing is not always paired with the same label parity
(cycle and substructure alternate their labels by index). Moving a phrasing between halves
changes which phrasing later questions of that half get: start a fresh output folder then.
"""

from __future__ import annotations

import os
import random
import string
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, Literal

import yaml

from grraf.bench.dataset import bucket_sequence, make_question_and_graph
from grraf.bench.question import Question
from grraf.bench.specs import (
    ALL_TASKS,
    BEYOND_SPECS,
    DEGREE_SPECS,
    GRAPHINSTRUCT_TASKS,
    YES_NO_TASKS,
    bench_spec,
    load_specs,
    parse_tasks,
    resolve_names,
)
from grraf.errors import ConfigError

Split = Literal["dev", "test"]
SPLITS: tuple[Split, ...] = ("dev", "test")
#: ``--phrasing``: GraphInstruct's own wording (graph in the text) or the free-phrasing set.
PHRASING_MODES: tuple[str, ...] = ("graphinstruct", "free")

PHRASINGS_FILE = "phrasings.yaml"
#: Fewest phrasings a task may have in each half.
MIN_PER_SPLIT = 8
#: The key of the one-time split (:func:`initial_split`); changing it would redraw the halves.
SPLIT_KEY = "grraf-phrasings-v1"

#: The slots a task's phrasings must use, exactly: the parameters its questions state, from the task
#: registry's benchmark entry (the generator's parameters; the pattern graph G' for substructure).
#: Tasks not listed take no slot.
TASK_SLOTS: Mapping[str, frozenset[str]] = {
    task: bench_spec(task).slots for task in ALL_TASKS if bench_spec(task).slots
}


@dataclass(frozen=True)
class Phrasing:
    """One wording of a task's question.

    Attributes:
        id: stable name, ``<task>-<nn>``.
        task: one of :data:`~grraf.bench.specs.ALL_TASKS`.
        text: a ``str.format`` template over the task's slots (:data:`TASK_SLOTS`).
        split: ``dev`` or ``test``.
        negated: the natural answer is the negation of the task's label ("Is the graph free of
            cycles?"); only for yes/no tasks. The question's label is inverted accordingly.
        moved: why a test phrasing was moved to dev (a fix was made for it); None otherwise.
        added: set on phrasings added after the split was drawn (they are outside
            :func:`initial_split`); None for the original ones.
    """

    id: str
    task: str
    text: str
    split: Split
    negated: bool = False
    moved: str | None = None
    added: str | None = None

    @property
    def slots(self) -> frozenset[str]:
        """The placeholders the text uses."""
        return frozenset(field for _, field, _, _ in string.Formatter().parse(self.text) if field)

    def render(self, **values: Any) -> str:
        """The text with its slots filled.

        >>> Phrasing("flow-01", "flow", "How much from {source} to {target}?", "dev").render(source=1, target=4)
        'How much from 1 to 4?'
        """
        return self.text.format(**values)


def initial_split(task: str, ids: Sequence[str]) -> dict[str, Split]:
    """The one-time split of a task's phrasings: a shuffle seeded by task, the first half dev.

    Used once to write the halves into the phrasing file and by the test that checks the file
    still holds them; never used to assign halves at run time. With an odd count the test half
    gets the extra phrasing.

    >>> s = initial_split("flow", [f"flow-{i:02d}" for i in range(1, 17)])
    >>> sorted(s.values()).count("dev"), sorted(s.values()).count("test")
    (8, 8)
    """
    order = sorted(ids)
    random.Random(f"{SPLIT_KEY}:{task}").shuffle(order)
    half = len(order) // 2
    return {pid: ("dev" if i < half else "test") for i, pid in enumerate(order)}


@dataclass(frozen=True)
class PhrasingSet:
    """Every phrasing by task, in file order."""

    by_task: Mapping[str, tuple[Phrasing, ...]]

    def half(self, task: str, split: Split) -> tuple[Phrasing, ...]:
        """The phrasings of ``task`` in ``split``."""
        return tuple(p for p in self.by_task.get(task, ()) if p.split == split)

    def __iter__(self) -> Iterator[Phrasing]:
        for phrasings in self.by_task.values():
            yield from phrasings

    def get(self, phrasing_id: str) -> Phrasing:
        """The phrasing with this id.

        Raises:
            KeyError: no such id.
        """
        for p in self:
            if p.id == phrasing_id:
                return p
        raise KeyError(phrasing_id)


def default_phrasings_path() -> Path:
    """The phrasing file shipped with grraf."""
    return Path(str(resources.files("grraf.bench") / "data" / PHRASINGS_FILE))


def parse_phrasings(raw: str, *, source: str = PHRASINGS_FILE) -> PhrasingSet:
    """Read and check the YAML text of a phrasing file.

    Checks: known tasks only, every task of :data:`ALL_TASKS` present; ids unique and named
    after their task; each text uses exactly its task's slots; ``negated`` only on yes/no tasks;
    ``moved`` only on dev phrasings; at least :data:`MIN_PER_SPLIT` phrasings per half.

    Raises:
        ConfigError: the file breaks one of the rules.
    """
    try:
        data = yaml.safe_load(raw)
    except yaml.YAMLError as e:
        raise ConfigError(f"{source} is not valid YAML: {e}") from e
    if not isinstance(data, dict) or not isinstance(data.get("phrasings"), dict):
        raise ConfigError(f"{source}: expected a mapping with a 'phrasings' mapping of task -> list")
    by_task: dict[str, tuple[Phrasing, ...]] = {}
    seen: set[str] = set()
    for task, entries in data["phrasings"].items():
        if task not in ALL_TASKS:
            raise ConfigError(f"{source}: unknown task {task!r}")
        if not isinstance(entries, list):
            raise ConfigError(f"{source}: {task} should hold a list of phrasings")
        by_task[task] = tuple(_phrasing(task, entry, seen, source) for entry in entries)
    missing = [t for t in ALL_TASKS if t not in by_task]
    if missing:
        raise ConfigError(f"{source}: no phrasings for {', '.join(missing)}")
    for task, phrasings in by_task.items():
        for split in SPLITS:
            count = sum(1 for p in phrasings if p.split == split)
            if count < MIN_PER_SPLIT:
                raise ConfigError(f"{source}: {task} has {count} {split} phrasings, needs {MIN_PER_SPLIT}")
    return PhrasingSet({t: by_task[t] for t in ALL_TASKS})


def _phrasing(task: str, entry: Any, seen: set[str], source: str) -> Phrasing:
    if not isinstance(entry, dict) or not {"id", "split", "text"} <= set(entry):
        raise ConfigError(f"{source}: every {task} phrasing needs id, split and text; got {entry!r}")
    pid, split, text = str(entry["id"]), entry["split"], str(entry["text"])
    where = f"{source}: {pid}"
    if pid in seen:
        raise ConfigError(f"{where}: duplicate id")
    seen.add(pid)
    if not pid.startswith(f"{task}-"):
        raise ConfigError(f"{where}: ids are named after their task ({task}-<nn>)")
    if split not in SPLITS:
        raise ConfigError(f"{where}: split must be dev or test, got {split!r}")
    negated = bool(entry.get("negated", False))
    if negated and task not in YES_NO_TASKS:
        raise ConfigError(f"{where}: only yes/no tasks can be negated")
    moved = entry.get("moved")
    if moved is not None and split != "dev":
        raise ConfigError(f"{where}: a moved phrasing belongs to dev")
    added = entry.get("added")
    phrasing = Phrasing(
        pid,
        task,
        text,
        split,
        negated=negated,
        moved=None if moved is None else str(moved),
        added=None if added is None else str(added),
    )
    try:
        slots = phrasing.slots
    except ValueError as e:
        raise ConfigError(f"{where}: text is not a valid template: {e}") from e
    wanted = TASK_SLOTS.get(task, frozenset())
    if slots != wanted:
        raise ConfigError(f"{where}: uses slots {sorted(slots)}, {task} needs exactly {sorted(wanted)}")
    return phrasing


@cache
def _load_cached(path: str) -> PhrasingSet:
    try:
        raw = Path(path).read_text(encoding="utf-8")
    except OSError as e:
        raise ConfigError(f"cannot read the phrasing file {path}: {e}") from e
    return parse_phrasings(raw, source=path)


def load_phrasings(path: str | os.PathLike[str] | None = None) -> PhrasingSet:
    """Load and check the phrasing file (default: the one shipped with grraf)."""
    return _load_cached(str(Path(path) if path is not None else default_phrasings_path()))


def parse_split(name: str) -> Split:
    """``dev`` or ``test``.

    >>> parse_split("Test")
    'test'
    """
    return resolve_names(name, SPLITS, {}, kind="phrasing split")[0]  # type: ignore[return-value]


# --------------------------------------------------------------------------- rendering


def render_pattern(pattern: Sequence[Sequence[str]]) -> str:
    """The pattern graph G' of a substructure question, as arrows: ``a→b, a→c, b→c``.

    >>> render_pattern([["a", "b"], ["b", "c"], ["a", "c"]])
    'a→b, a→c, b→c'
    """
    return ", ".join(f"{u}→{v}" for u, v in sorted((str(u), str(v)) for u, v in pattern))


def slot_values(task: str, params: Mapping[str, Any]) -> dict[str, Any]:
    """The slot values of a task's question, from the generator's parameters."""
    values: dict[str, Any] = {}
    for slot in TASK_SLOTS.get(task, frozenset()):
        if slot == "pattern":
            values[slot] = render_pattern(params["pattern"])
        else:
            values[slot] = params[slot]
    return values


def phrasing_for(half: Sequence[Phrasing], *, task: str, split: Split, seed: int, index: int) -> Phrasing:
    """The phrasing of question ``index``: position ``index % n`` of a permutation drawn per round.

    Every phrasing is used once per round of ``n = len(half)`` questions; the permutation is
    seeded by (split, seed, task, round), so it depends on nothing after ``index``.
    """
    n = len(half)
    order = list(range(n))
    random.Random(f"grraf-free-phrasing:{split}:{seed}:{task}:{index // n}").shuffle(order)
    return half[order[index % n]]


def free_question(
    task: str,
    phrasing: Phrasing,
    *,
    seed: int,
    index: int,
    bucket: int,
    spec: Any,
) -> Question:
    """Question ``index`` of ``task`` in the free-phrasing set, worded by ``phrasing``."""
    rng_key = f"grraf-free:{phrasing.split}:{seed}:{task}:{index}"
    base, graph = make_question_and_graph(task, spec, seed=seed, index=index, bucket=bucket, rng_key=rng_key)
    params = dict(base.meta.get("params") or {})
    text = phrasing.render(**slot_values(task, params))
    label = (not base.answer) if phrasing.negated else base.answer
    meta = dict(base.meta)
    meta.update(
        {
            "set": "free",
            "phrasing_id": phrasing.id,
            "phrasing_split": phrasing.split,
            "negated": phrasing.negated,
            # The task's own label before a negated wording inverted it.
            "task_label": base.answer,
        }
    )
    qid = f"free-{task}-{phrasing.split}-s{seed}-{index:04d}"
    return replace(base, id=qid, text=text, answer=label, meta=meta, graph=graph)


def iter_free_questions(
    tasks: Sequence[str] | str | None = None,
    per_task: int = 10,
    seed: int = 0,
    *,
    split: Split = "test",
    phrasings: PhrasingSet | None = None,
    config_dir: str | os.PathLike[str] | None = None,
    added: str | None = None,
) -> Iterator[Question]:
    """Yield ``per_task`` free-phrasing questions per task (default: all 21 tasks)."""
    names = parse_tasks(tasks if tasks is not None else "all,beyond")
    chosen = phrasings or load_phrasings()
    specs = load_specs(config_dir) if any(t in GRAPHINSTRUCT_TASKS for t in names) else None
    for task in names:
        spec = specs[task] if specs is not None else _beyond_or_degree_spec(task)
        half = chosen.half(task, split)
        if added is not None:
            half = tuple(p for p in half if p.added == added)
        if not half:
            batch = f" added {added!r}" if added is not None else ""
            raise ConfigError(f"no {split} phrasings{batch} for {task}")
        for index, bucket in enumerate(bucket_sequence(spec.samples_needed, per_task)):
            phrasing = phrasing_for(half, task=task, split=split, seed=seed, index=index)
            yield free_question(task, phrasing, seed=seed, index=index, bucket=bucket, spec=spec)


def _beyond_or_degree_spec(task: str) -> Any:
    # Tasks defined in specs.py need no task_config.yaml (as in dataset.iter_questions).
    return (DEGREE_SPECS | BEYOND_SPECS)[task]


def free_questions(
    tasks: Sequence[str] | str | None = None,
    per_task: int = 10,
    seed: int = 0,
    *,
    split: Split = "test",
    phrasings: PhrasingSet | None = None,
    config_dir: str | os.PathLike[str] | None = None,
    added: str | None = None,
) -> list[Question]:
    """The free-phrasing evaluation set.

    Args:
        tasks: task names and groups as for :func:`~grraf.bench.specs.parse_tasks`; None means
            all 21 tasks (GRRAF's eleven and the ten beyond them).
        per_task: questions per task, spread over the task's size buckets.
        seed: the same seed gives the same questions (graphs, parameters, labels and wording).
        split: which half of the phrasing set words the questions.
        phrasings: the phrasing set (default: the shipped file).
        config_dir: folder of GraphInstruct's ``task_config.yaml``.
        added: only the phrasings whose ``added`` is exactly this (one batch of fresh wordings,
            measured alone because nothing was tuned on them yet).

    Returns:
        Questions in task order; each carries its graph in :attr:`Question.graph` and its
        phrasing id, half and negation in ``meta``.
    """
    return list(
        iter_free_questions(tasks, per_task, seed, split=split, phrasings=phrasings, config_dir=config_dir, added=added)
    )
