"""The ten tasks beyond GRRAF's eleven: exact labels, the graphs each needs, and the task groups.

They are defined in code (no task_config.yaml), so these tests run everywhere. Labels are
recomputed here from the question text by other routes than the generator's (breadth-first
distances, brute force, the Google matrix), so a slip in a builder shows up.
"""

from __future__ import annotations

import itertools
import json
import re
from pathlib import Path

import networkx as nx
import numpy as np
import pytest

from grraf.bench.checkers import check
from grraf.bench.dataset import approx_llama_tokens, generate
from grraf.bench.jsonl import infer_task, load_jsonl
from grraf.bench.question import Question
from grraf.bench.specs import (
    ALL_TASKS,
    BEYOND_SPECS,
    BEYOND_TASKS,
    EXTRA_TASKS,
    FLOAT_TASKS,
    NUMBER_TASKS,
    SET_TASKS,
    TASKS,
    UNTEMPLATED_TASKS,
    parse_tasks,
)
from grraf.errors import ConfigError
from grraf.pipeline.validate import stated_values

CONNECTED = {"diameter", "radius", "eccentricity", "average_path"}
NODE_PARAM = {"clustering", "eccentricity"}


@pytest.fixture(scope="module")
def beyond_set() -> list[Question]:
    return generate("beyond", 6, seed=7)


def _graph(q: Question) -> nx.Graph:
    g: nx.Graph = nx.DiGraph() if q.meta["directed"] else nx.Graph()
    g.add_nodes_from(range(q.meta["nodes"]))
    body = q.text.split("the edges are: ")[1].split(". ")[0]
    g.add_edges_from((int(a), int(b)) for a, b in re.findall(r"\((\d+)(?:->|, )(\d+)\)", body))
    return g


def _distances(g: nx.Graph) -> dict[int, dict[int, int]]:
    return {source: dict(lengths) for source, lengths in nx.all_pairs_shortest_path_length(g)}


def _components_without(g: nx.Graph, *, node: int | None = None, edge: tuple[int, int] | None = None) -> int:
    h = g.copy()
    if node is not None:
        h.remove_node(node)
    if edge is not None:
        h.remove_edge(*edge)
    return nx.number_connected_components(h)


def _max_matching_brute(g: nx.Graph) -> int:
    # Best over "leave the lowest free node unmatched or match it to a free neighbour", memoised.
    nodes = sorted(g)
    memo: dict[frozenset[int], int] = {}

    def best(free: frozenset[int]) -> int:
        if len(free) < 2:
            return 0
        if free not in memo:
            v = min(free)
            rest = free - {v}
            memo[free] = max([best(rest)] + [1 + best(rest - {u}) for u in g[v] if u in rest])
        return memo[free]

    return best(frozenset(nodes))


def _pagerank_exact(g: nx.DiGraph) -> np.ndarray:
    # Stationary vector of the Google matrix by a dense eigen-solve, not by power iteration.
    google = nx.google_matrix(g, alpha=0.85, nodelist=sorted(g))
    values, vectors = np.linalg.eig(google.T)
    vec = np.real(vectors[:, np.argmax(np.real(values))])
    return vec / vec.sum()


# --------------------------------------------------------------------------- groups


def test_groups_and_all() -> None:
    assert parse_tasks("all") == TASKS and len(TASKS) == 11
    assert parse_tasks(None) == TASKS and parse_tasks("") == TASKS
    assert parse_tasks("extra") == EXTRA_TASKS
    assert parse_tasks("untemplated") == UNTEMPLATED_TASKS
    assert parse_tasks("beyond") == BEYOND_TASKS == EXTRA_TASKS + UNTEMPLATED_TASKS
    assert parse_tasks("all,beyond") == ALL_TASKS and len(ALL_TASKS) == 21
    assert parse_tasks("flow, Extra") == ("flow", *EXTRA_TASKS)
    assert parse_tasks(["untemplated", "radius", "k-core"]) == (*UNTEMPLATED_TASKS, "k_core")
    assert parse_tasks("maximum_matching,pagerank_top,clustering_coefficient") == (
        "max_matching",
        "pagerank",
        "clustering",
    )
    assert set(EXTRA_TASKS).isdisjoint(UNTEMPLATED_TASKS) and set(BEYOND_TASKS).isdisjoint(TASKS)
    with pytest.raises(ConfigError, match="groups"):
        parse_tasks("flow,teleport")


def test_every_task_has_a_checker_kind() -> None:
    for task in BEYOND_TASKS:
        assert (task in NUMBER_TASKS) != (task in SET_TASKS), task
    assert FLOAT_TASKS <= NUMBER_TASKS
    assert {"k_core"} == SET_TASKS


def test_every_beyond_task_has_a_template_in_the_library() -> None:
    folder = Path(__file__).resolve().parents[3] / "cypher_templates" / "networkx"
    assert folder.is_dir(), folder
    names = {
        m.group(1)
        for path in folder.glob("*.py")
        for m in re.finditer(r"^# task: (\w+)", path.read_text(encoding="utf-8"), re.MULTILINE)
    }
    from grraf.tasks import bench_task

    assert {bench_task(t).name for t in EXTRA_TASKS + UNTEMPLATED_TASKS} <= names


# --------------------------------------------------------------------------- generation


def test_generated_deterministically_without_task_config(beyond_set: list[Question], tmp_path) -> None:
    again = generate("beyond", 6, seed=7, config_dir=tmp_path)  # no task_config.yaml there
    assert [q.to_dict() for q in again] == [q.to_dict() for q in beyond_set]
    other = generate("beyond", 6, seed=8)
    assert [q.text for q in other] != [q.text for q in beyond_set]


def test_prefix_stable() -> None:
    short = generate("extra,untemplated", 3, seed=1)
    by_id = {q.id: q for q in generate("extra,untemplated", 5, seed=1)}
    for q in short:
        assert by_id[q.id].to_dict() == q.to_dict()


def test_ids_meta_and_buckets(beyond_set: list[Question]) -> None:
    assert [q.task for q in beyond_set] == [t for t in BEYOND_TASKS for _ in range(6)]
    assert "k_core-s7-0004" in {q.id for q in beyond_set}
    for q in beyond_set:
        assert q.meta["set"] == "beyond"
        assert q.meta["directed"] == (q.task == "pagerank") and not q.meta["weighted"]
        lo, hi = q.meta["node_range"]
        assert lo <= q.meta["nodes"] <= hi, q.id
        assert approx_llama_tokens(q.text) < 3000
        json.dumps(q.to_dict())
    for task in BEYOND_TASKS:
        assert {q.meta["bucket"] for q in beyond_set if q.task == task} == {0, 1, 2}, task


def _template_regex(template: str) -> re.Pattern[str]:
    parts = [re.escape(p) for p in template.split("{}")]
    return re.compile("(.+?)".join(parts) + r"\Z", re.DOTALL)


def test_prompts_follow_their_template(beyond_set: list[Question]) -> None:
    for q in beyond_set:
        m = _template_regex(BEYOND_SPECS[q.task].prompt).match(q.text)
        assert m, q.id
        assert (m.group(1), m.group(2)) == ("0", str(q.meta["nodes"] - 1))
        body = q.text.split("the edges are: ")[1].split(". ")[0]
        piece = r"\(\d+->\d+\)" if q.task == "pagerank" else r"\(\d+, \d+\)"
        assert re.fullmatch(rf"{piece}( {piece})*", body), q.id
        assert infer_task(q.text) == q.task


def test_parameters_read_as_the_pipeline_reads_them(beyond_set: list[Question]) -> None:
    for q in beyond_set:
        notation = q.text.replace("(i,j)", "").replace("(i->j)", "")
        # The notation letters appear only as "node i" / "node j": never read as a parameter.
        for m in re.finditer(r"\b[ij]\b", notation):
            assert notation[: m.start()].endswith("node "), q.id
        params = q.meta["params"]
        # The plan stage's readers accept a parameter only when the ask states it.
        if q.task in NODE_PARAM:
            assert q.text.endswith(f"of node {params['node']}?")
            assert stated_values(q.text) == [str(params["node"])]
        elif q.task == "k_core":
            assert q.text.endswith(f"for k = {params['k']}?") and set(params) == {"k"}
            assert stated_values(q.text) == [str(params["k"])]
        elif q.task == "pagerank":  # "(damping factor 0.85)": the registry task takes it
            assert params == {} and stated_values(q.text) == ["0.85"]
        else:
            assert params == {} and stated_values(q.text) == []


# --------------------------------------------------------------------------- labels


def test_labels_recomputed_from_the_text(beyond_set: list[Question]) -> None:
    for q in beyond_set:
        g = _graph(q)
        assert g.number_of_edges() == q.meta["edges"]
        params = q.meta["params"]
        if q.task in CONNECTED:
            assert nx.is_connected(g), q.id
            dist = _distances(g)
            ecc = {v: max(dist[v].values()) for v in g}
            n = g.number_of_nodes()
            expected = {
                "diameter": max(ecc.values()),
                "radius": min(ecc.values()),
                "eccentricity": ecc.get(params.get("node", -1)),
                "average_path": sum(sum(d.values()) for d in dist.values()) / (n * (n - 1)),
            }[q.task]
            assert q.answer == pytest.approx(expected, rel=1e-12), q.id
        elif q.task == "k_core":
            k = params["k"]
            assert 2 <= k <= 4
            core = sorted(v for v, c in nx.core_number(g).items() if c >= k)
            assert q.answer == core
            assert 0 < len(core) < g.number_of_nodes()  # neither empty nor the whole graph
            assert all(sum(1 for u in g[v] if u in core) >= k for v in core)
        elif q.task == "pagerank":
            rank = _pagerank_exact(g)
            top, second = np.sort(rank)[::-1][:2]
            assert q.answer == int(np.argmax(rank))
            assert top - second >= 1e-3 * top  # the top node is unambiguous
        elif q.task == "clustering":
            node = params["node"]
            nbrs = list(g[node])
            assert len(nbrs) >= 2
            pairs = list(itertools.combinations(nbrs, 2))
            assert isinstance(q.answer, float)
            assert q.answer == pytest.approx(sum(g.has_edge(a, b) for a, b in pairs) / len(pairs), rel=1e-12)
        elif q.task == "max_matching":
            if g.number_of_nodes() <= 16:
                assert q.answer == _max_matching_brute(g)
            assert q.answer == len(nx.max_weight_matching(g, maxcardinality=True))
        elif q.task == "bridges":
            base = nx.number_connected_components(g)
            assert q.answer == sum(_components_without(g, edge=e) > base for e in g.edges())
        elif q.task == "articulation_points":
            base = nx.number_connected_components(g)
            # Removing an isolated node lowers the count; only increases make a cut node.
            assert q.answer == sum(_components_without(g, node=v) > base for v in g)
        else:  # pragma: no cover - every beyond task is handled above
            pytest.fail(f"no label check for {q.task}")


def test_matching_brute_force_helper() -> None:
    assert _max_matching_brute(nx.path_graph(5)) == 2
    assert _max_matching_brute(nx.complete_graph(5)) == 2
    assert _max_matching_brute(nx.cycle_graph(6)) == 3


def test_the_questions_own_labels_pass_the_checker(beyond_set: list[Question]) -> None:
    for q in beyond_set:
        assert check(q, q.answer), q.id
        assert check(q, q.answer_text), q.id


def test_jsonl_round_trip(beyond_set: list[Question], tmp_path) -> None:
    # Written without a task field: the loader infers the task from the wording.
    path = tmp_path / "beyond.jsonl"
    rows = [{"index": i, "input_prompt": q.text, "answer": q.answer_text} for i, q in enumerate(beyond_set)]
    path.write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    loaded = load_jsonl(path)
    assert [q.task for q in loaded] == [q.task for q in beyond_set]
    assert [q.answer for q in loaded] == [q.answer for q in beyond_set]


def test_the_untemplated_group_now_has_templates_and_is_measured_without_them(beyond_set: list[Question]) -> None:
    # The group was made of tasks the library had no template for; they have verified templates now,
    # so its score ("can the pipeline write the code itself?") is measured with --no-templates
    # --no-self-check, which keeps the library out of the run (BENCHMARKS.md).
    from grraf.pipeline.template import verified_template
    from grraf.tasks import bench_task

    asked = [q for q in beyond_set if q.task in UNTEMPLATED_TASKS]
    assert {q.task for q in asked} == set(UNTEMPLATED_TASKS)
    for q in asked:
        task = bench_task(q.task)
        assert task is not None, q.task
        assert verified_template(task, "networkx", directed=q.meta["directed"], weighted=False) is not None
