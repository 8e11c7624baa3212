"""The free-phrasing set: the file's rules, the fixed split, and questions whose graph travels apart."""

from __future__ import annotations

import collections
import json
import re
import sys
from pathlib import Path
from typing import Any

import networkx as nx
import pytest
import yaml
from click.testing import CliRunner

from grraf.bench.checkers import check
from grraf.bench.command import bench
from grraf.bench.phrasing import (
    MIN_PER_SPLIT,
    SPLITS,
    TASK_SLOTS,
    PhrasingSet,
    default_phrasings_path,
    free_questions,
    initial_split,
    load_phrasings,
    parse_phrasings,
    render_pattern,
    slot_values,
)
from grraf.bench.question import Question
from grraf.bench.runner import read_rows
from grraf.bench.specs import ALL_TASKS, YES_NO_TASKS, graphinstruct_dir
from grraf.errors import ConfigError
from grraf.tasks.labels import is_substructure
from tests.unit.bench.test_runner import install_fake_agent

YAML = graphinstruct_dir() / "task_config.yaml"
needs_config = pytest.mark.skipif(not YAML.exists(), reason="GraphInstruct task_config.yaml not available")

DIRECTED = {"bipartite", "flow", "substructure", "topology", "in_degree", "out_degree", "pagerank"}
EDGE_WEIGHTED = {"flow", "shortest"}


@pytest.fixture(scope="module")
def phrasings() -> PhrasingSet:
    return load_phrasings()


@pytest.fixture(scope="module")
def one_per_task() -> dict[str, Question]:
    return {q.task: q for q in free_questions(None, 1, seed=2, split="dev")}


# --------------------------------------------------------------------------- the file


def test_the_shipped_file_covers_every_task_with_two_halves(phrasings: PhrasingSet) -> None:
    assert default_phrasings_path().is_file()
    assert set(phrasings.by_task) == set(ALL_TASKS) and len(ALL_TASKS) == 21
    ids = [p.id for p in phrasings]
    assert len(ids) == len(set(ids)), "ids are unique"
    for task in ALL_TASKS:
        mine = phrasings.by_task[task]
        assert len(mine) >= 16, task
        assert all(re.fullmatch(rf"{task}-\d{{2,}}", p.id) for p in mine), task
        dev, test = phrasings.half(task, "dev"), phrasings.half(task, "test")
        assert len(dev) >= MIN_PER_SPLIT and len(test) >= MIN_PER_SPLIT, task
        assert not {p.id for p in dev} & {p.id for p in test}, "the halves are disjoint"
        assert len(dev) + len(test) == len(mine)


def test_the_split_in_the_file_is_the_one_drawn_once(phrasings: PhrasingSet) -> None:
    # The halves are read from the file; this checks nobody re-drew or hand-edited them: every
    # original phrasing is where initial_split put it, unless it moved to dev with a note.
    for task in ALL_TASKS:
        original = [p for p in phrasings.by_task[task] if p.added is None]
        drawn = initial_split(task, [p.id for p in original])
        for p in original:
            if p.moved is not None:
                assert (drawn[p.id], p.split) == ("test", "dev"), p.id
            else:
                assert p.split == drawn[p.id], p.id


def test_initial_split_is_deterministic_and_balanced() -> None:
    ids = [f"x-{i:02d}" for i in range(1, 18)]
    first, again = initial_split("x", ids), initial_split("x", list(reversed(ids)))
    assert first == again, "independent of the order ids are listed in"
    counts = collections.Counter(first.values())
    assert counts == {"dev": 8, "test": 9}
    assert initial_split("y", ids) != first, "seeded per task"


def test_the_header_tells_how_to_use_the_halves() -> None:
    head = default_phrasings_path().read_text(encoding="utf-8")[:1500]
    assert "Tune only on `dev`" in head and "moves to `dev`" in head and "moved" in head


def test_every_phrasing_renders_with_its_tasks_slots(phrasings: PhrasingSet, one_per_task: dict[str, Question]) -> None:
    for p in phrasings:
        assert p.slots == TASK_SLOTS.get(p.task, frozenset()), p.id
        values = slot_values(p.task, one_per_task[p.task].meta["params"])
        text = p.render(**values)
        assert "{" not in text and "}" not in text, p.id
        for value in values.values():
            assert str(value) in text, p.id


def test_negated_wordings_are_yes_no_and_some_exist(phrasings: PhrasingSet) -> None:
    negated = [p for p in phrasings if p.negated]
    assert {p.task for p in negated} <= YES_NO_TASKS
    assert len(negated) >= 10 and {p.task for p in negated} == YES_NO_TASKS
    assert {p.split for p in negated} == set(SPLITS)


def test_benchmark_wording_is_avoided(phrasings: PhrasingSet) -> None:
    benchmark = [
        "what is the maximum flow from node",
        "is there a path between node",
        "is there a cycle in this graph",
        "is this graph bipartite",
        "is there a hamiltonian path in this graph",
        "give the weight of the shortest path",
        "give one topology sorting path",
        "what is the maximum sum of the weights of three nodes",
        "what is the in-degree of node",
        "what is the out-degree of node",
        "what is the diameter of this graph",
        "what is the radius of this graph",
        "how many bridges does this graph have",
        "what is the average shortest path length of this graph",
        "what is the clustering coefficient of node",
        "what is the eccentricity of node",
        "which nodes are in the k-core of this graph for k",
        "what is the node with the highest pagerank score",
        "what is the size of a maximum matching of this graph",
        "how many articulation points does this graph have",
        "is subgraph g' present within graph g",
    ]
    for p in phrasings:
        low = p.text.lower()
        assert not any(b in low for b in benchmark), p.id


def _file(entries: dict[str, list[dict[str, Any]]]) -> str:
    base = {
        task: [{"id": f"{task}-{i:02d}", "split": SPLITS[i % 2], "text": _text(task)} for i in range(16)]
        for task in ALL_TASKS
    }
    base.update(entries)
    return yaml.safe_dump({"version": 1, "phrasings": base}, allow_unicode=True)


def _text(task: str) -> str:
    return "Question " + " ".join("{" + s + "}" for s in sorted(TASK_SLOTS.get(task, ())))


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ({"id": "flow-99", "split": "dev", "text": "How much from {source}?"}, "needs exactly"),
        ({"id": "flow-99", "split": "dev", "text": "From {source} to {target} via {node}?"}, "needs exactly"),
        ({"id": "flow-99", "split": "dev", "negated": True, "text": _text("flow")}, "only yes/no tasks"),
        ({"id": "flow-99", "split": "test", "moved": "fixed x", "text": _text("flow")}, "belongs to dev"),
        ({"id": "flow-99", "split": "train", "text": _text("flow")}, "dev or test"),
        ({"id": "cycle-99", "split": "dev", "text": _text("flow")}, "named after their task"),
        ({"id": "flow-01", "split": "dev", "text": _text("flow")}, "duplicate id"),
        ({"id": "flow-99", "split": "dev", "text": "A {source"}, "not a valid template"),
    ],
)
def test_broken_entries_fail_when_loaded(entry: dict[str, Any], message: str) -> None:
    good = [{"id": f"flow-{i:02d}", "split": SPLITS[i % 2], "text": _text("flow")} for i in range(16)]
    with pytest.raises(ConfigError, match=message):
        parse_phrasings(_file({"flow": [*good, entry]}))


def test_too_few_in_a_half_or_a_missing_task_fails() -> None:
    few = [{"id": f"flow-{i:02d}", "split": "dev" if i < 9 else "test", "text": _text("flow")} for i in range(16)]
    with pytest.raises(ConfigError, match="7 test phrasings"):
        parse_phrasings(_file({"flow": few}))
    data = yaml.safe_load(_file({}))
    del data["phrasings"]["radius"]
    with pytest.raises(ConfigError, match="no phrasings for radius"):
        parse_phrasings(yaml.safe_dump(data))


def test_render_pattern() -> None:
    assert render_pattern([["b", "c"], ["a", "b"]]) == "a→b, b→c"


# --------------------------------------------------------------------------- questions


@needs_config
def test_same_seed_same_questions_and_a_smaller_run_is_a_prefix() -> None:
    short = free_questions("flow,cycle,k_core,substructure", 3, seed=7, split="test")
    long = free_questions("flow,cycle,k_core,substructure", 6, seed=7, split="test")
    by_id = {q.id: q for q in long}
    assert [q.id for q in short][:3] == ["free-flow-test-s7-0000", "free-flow-test-s7-0001", "free-flow-test-s7-0002"]
    for q in short:
        other = by_id[q.id]
        assert other.to_dict() == q.to_dict()
        assert nx.utils.graphs_equal(other.graph, q.graph)
    again = free_questions("flow,cycle,k_core,substructure", 3, seed=7, split="test")
    assert [q.to_dict() for q in again] == [q.to_dict() for q in short]
    assert json.dumps([q.to_dict() for q in short]), "rows and ids serialise; the graph is not in to_dict"


@needs_config
def test_seeds_and_halves_draw_their_own_graphs() -> None:
    test = free_questions("flow,diameter", 4, seed=7, split="test")
    other_seed = free_questions("flow,diameter", 4, seed=8, split="test")
    dev = free_questions("flow,diameter", 4, seed=7, split="dev")
    edges = lambda qs: [sorted(q.graph.edges()) for q in qs]  # noqa: E731
    assert edges(test) != edges(other_seed) and edges(test) != edges(dev)
    assert {q.meta["phrasing_split"] for q in dev} == {"dev"} and all("-dev-" in q.id for q in dev)


@needs_config
def test_questions_use_their_half_and_every_phrasing_about_equally(phrasings: PhrasingSet) -> None:
    for task, split in (("in_degree", "test"), ("diameter", "dev")):
        half = phrasings.half(task, split)
        qs = free_questions(task, 3 * len(half), seed=3, split=split)
        used = collections.Counter(q.meta["phrasing_id"] for q in qs)
        assert set(used) == {p.id for p in half}
        assert set(used.values()) == {3}, "each used once per round"
        assert all(
            q.text == phrasings.get(q.meta["phrasing_id"]).render(**slot_values(task, q.meta["params"])) for q in qs
        )


def test_added_keeps_one_batch_of_fresh_wordings(phrasings: PhrasingSet) -> None:
    batch = next(p.added for p in phrasings if p.split == "test" and p.added)
    qs = free_questions("diameter,radius", 6, seed=3, split="test", added=batch)
    assert len(qs) == 12
    assert {phrasings.get(q.meta["phrasing_id"]).added for q in qs} == {batch}
    with pytest.raises(ConfigError, match="no test phrasings added 'never' for diameter"):
        free_questions("diameter", 1, seed=3, split="test", added="never")


def test_added_needs_free_phrasing(tmp_path: Path) -> None:
    args = ["--tasks", "flow", "--added", "2026-11-24", "--dry-run", "--out", str(tmp_path / "run")]
    result = CliRunner().invoke(bench, args)
    assert result.exit_code != 0 and "--added" in result.output and "--phrasing free" in result.output


@needs_config
def test_a_phrasing_is_not_tied_to_one_label_parity(phrasings: PhrasingSet) -> None:
    # cycle alternates Yes/No by index; plain round-robin over an even number of wordings would
    # pair each wording with one label forever.
    half = phrasings.half("cycle", "dev")
    qs = free_questions("cycle", 4 * len(half), seed=1, split="dev")
    labels: dict[str, set[bool]] = collections.defaultdict(set)
    for q in qs:
        labels[q.meta["phrasing_id"]].add(bool(q.meta["task_label"]))
    assert sum(1 for seen in labels.values() if seen == {True, False}) >= len(half) // 2


@needs_config
def test_the_graph_travels_apart_and_the_label_is_the_graphs(one_per_task: dict[str, Question]) -> None:
    for task, q in one_per_task.items():
        g = q.graph
        assert q.meta["set"] == "free" and q.graph_given_separately
        assert g.is_directed() == (task in DIRECTED), task
        assert not re.search(r"\(\d+\s*(,|->)\s*\d+", q.text), f"{task}: no edge list in the text"
        has_weights = bool(nx.get_edge_attributes(g, "weight"))
        assert has_weights == (task in EDGE_WEIGHTED), task
        assert bool(nx.get_node_attributes(g, "weight")) == (task == "triplet"), task
        assert q.meta["nodes"] == g.number_of_nodes() and q.meta["edges"] == g.number_of_edges()
    # the label is computed on exactly the graph that is passed
    p = {t: q.meta["params"] for t, q in one_per_task.items()}
    label = {t: q.meta["task_label"] for t, q in one_per_task.items()}
    graph = {t: q.graph for t, q in one_per_task.items()}
    assert (
        nx.maximum_flow_value(graph["flow"], p["flow"]["source"], p["flow"]["target"], capacity="weight")
        == label["flow"]
    )
    assert (
        nx.shortest_path_length(graph["shortest"], p["shortest"]["source"], p["shortest"]["target"], weight="weight")
        == (label["shortest"])
    )
    assert graph["in_degree"].in_degree(p["in_degree"]["node"]) == label["in_degree"]
    assert graph["out_degree"].out_degree(p["out_degree"]["node"]) == label["out_degree"]
    assert sorted(nx.k_core(graph["k_core"], p["k_core"]["k"])) == label["k_core"]
    assert (
        nx.has_path(graph["connectivity"], p["connectivity"]["source"], p["connectivity"]["target"])
        == (label["connectivity"])
    )
    pattern = nx.DiGraph([tuple(e) for e in p["substructure"]["pattern"]])
    assert is_substructure(graph["substructure"], pattern) == label["substructure"]
    assert render_pattern(p["substructure"]["pattern"]) in one_per_task["substructure"].text
    topo = one_per_task["topology"]
    assert check(topo, list(nx.topological_sort(graph["topology"])))


@needs_config
def test_a_negated_wording_inverts_the_label_and_the_checker_follows() -> None:
    data = yaml.safe_load(_file({}))
    data["phrasings"]["cycle"] = [
        {"id": f"cycle-{i:02d}", "split": "test", "negated": True, "text": "Is the graph free of cycles?"}
        for i in range(8)
    ] + [{"id": f"cycle-{i:02d}", "split": "dev", "text": "Does it have a loop?"} for i in range(8, 16)]
    custom = parse_phrasings(yaml.safe_dump(data))
    negated = free_questions("cycle", 4, seed=0, split="test", phrasings=custom)
    plain = free_questions("cycle", 4, seed=0, split="dev", phrasings=custom)
    for q in negated:
        assert q.meta["negated"] is True and q.answer is (not q.meta["task_label"])
        has_cycle = not nx.is_forest(q.graph)
        assert q.meta["task_label"] == has_cycle
        assert check(q, "Yes" if not has_cycle else "No"), "the answer to 'free of cycles?'"
        assert not check(q, "Yes" if has_cycle else "No")
    assert all(q.meta["negated"] is False and q.answer == q.meta["task_label"] for q in plain)


# --------------------------------------------------------------------------- the command


@needs_config
def test_bench_phrasing_free_passes_graphs_and_records_phrasings(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import grraf.llm.factory as factory

    monkeypatch.setattr(factory, "make_chat_model", lambda settings: object())
    qs = free_questions("flow,triplet", 2, seed=5, split="dev")
    world = install_fake_agent(monkeypatch, {q.text: q.answer for q in qs})
    texts: list[str] = []
    agent = sys.modules["grraf.agent"]
    fake_direct = agent.answer_directly

    def spy(text: str, **kw: Any) -> Any:
        texts.append(text)
        return fake_direct(text.split("\n\n", 1)[0], **kw)  # the fake knows the question alone

    monkeypatch.setattr(agent, "answer_directly", spy)
    out = tmp_path / "run"
    args = ["--phrasing", "free", "--split", "dev", "--tasks", "flow,triplet", "--per-task", "2"]
    result = CliRunner().invoke(bench, [*args, "--seed", "5", "--methods", "grraf-networkx,direct", "--out", str(out)])
    assert result.exit_code == 0, result.output
    rows = read_rows(out / "results.jsonl")
    assert len(rows) == 8 and {r["set"] for r in rows} == {"free"}
    assert {r["phrasing_split"] for r in rows} == {"dev"} and all(r["phrasing_id"] for r in rows)
    assert {r["id"] for r in rows} == {q.id for q in qs}
    assert all(r["correct"] for r in rows)
    assert len(world.graphs) == 4 and all(isinstance(g, nx.Graph) for g in world.graphs), "grraf got graph="
    assert len(texts) == 4 and all("Edges: (" in t for t in texts), "direct sees the graph as an edge list"
    assert any("Node weights, as [node, weight]:" in t for t in texts), "triplet's node weights too"
    report = (out / "report.md").read_text()
    assert "## Free phrasing" in report and "### dev half, by task" in report and "### By phrasing" in report
