"""The benchmark generator: reproducible, faithful to the YAML templates, exact labels."""

from __future__ import annotations

import hashlib
import itertools
import json
import random
import re
import string

import networkx as nx
import pytest
import yaml

from grraf.bench import specs as ds
from grraf.bench.dataset import bucket_sequence, generate
from grraf.bench.jsonl import load_jsonl, parse_label
from grraf.bench.question import Question
from grraf.bench.scale import read_scale_graph, scale_questions
from grraf.bench.specs import TASKS, graphinstruct_dir, load_specs
from grraf.errors import ConfigError, GraphInputError
from grraf.tasks.labels import has_hamiltonian_path, is_substructure, max_triangle_weight

YAML = graphinstruct_dir() / "task_config.yaml"
pytestmark = pytest.mark.skipif(not YAML.exists(), reason="GraphInstruct task_config.yaml not available")


@pytest.fixture(scope="module")
def small_set() -> list[Question]:
    return generate("all", 5, seed=7)


# --------------------------------------------------------------------------- reproducibility


def test_same_seed_same_questions(small_set: list[Question]) -> None:
    again = generate("all", 5, seed=7)
    assert [q.to_dict() for q in again] == [q.to_dict() for q in small_set]


def test_other_seed_other_questions(small_set: list[Question]) -> None:
    other = generate("all", 5, seed=8)
    assert [q.text for q in other] != [q.text for q in small_set]


# sha256 of generate("all", 3, seed=0) ids, texts and labels, taken before the beyond tasks were
# added: GRRAF's eleven must not change by a byte (recorded results and resumes rely on them).
ELEVEN_SHA256 = "4c5d42968854882b12f0a752eccce7b62f306bf477b46a0483de1d29a745d8fd"


def test_the_eleven_tasks_questions_are_pinned() -> None:
    qs = generate("all", 3, seed=0)
    assert [q.task for q in qs] == [t for t in TASKS for _ in range(3)]
    digest = hashlib.sha256()
    for q in qs:
        digest.update(json.dumps([q.id, q.text, q.answer], sort_keys=True).encode())
        digest.update(b"\n")
    assert digest.hexdigest() == ELEVEN_SHA256
    assert {q.meta["set"] for q in qs} == {"graphinstruct"}


def test_prefix_stable_so_resume_ids_keep_meaning() -> None:
    short = generate("flow,topology", 3, seed=1)
    long = generate("flow,topology", 6, seed=1)
    by_id = {q.id: q for q in long}
    for q in short:
        assert by_id[q.id].to_dict() == q.to_dict()


def test_every_task_generates_with_ids_and_meta(small_set: list[Question]) -> None:
    assert {q.task for q in small_set} == set(TASKS)
    assert len(small_set) == 5 * len(TASKS)
    ids = [q.id for q in small_set]
    assert len(set(ids)) == len(ids)
    assert "flow-s7-0003" in ids
    for q in small_set:
        assert {"nodes", "edges", "bucket", "params"} <= set(q.meta)
        json.dumps(q.to_dict())  # rows and reports need JSON


def test_stratified_five_questions_cover_five_buckets(small_set: list[Question]) -> None:
    for task in TASKS:
        buckets = {q.meta["bucket"] for q in small_set if q.task == task}
        assert buckets == {0, 1, 2, 3, 4}, task


def test_sizes_stay_in_their_bucket(small_set: list[Question]) -> None:
    for q in small_set:
        lo, hi = q.meta["node_range"]
        # substructure/topology sizes are drawn in the range too
        assert lo <= q.meta["nodes"] <= hi, q.id


def test_bucket_sequence_follows_samples_needed() -> None:
    seq = bucket_sequence([200, 400, 600, 400, 400], 2000)
    counts = [seq.count(b) for b in range(5)]
    assert all(abs(c - w) <= 1 for c, w in zip(counts, [200, 400, 600, 400, 400], strict=True))


def test_parse_tasks_rejects_unknown() -> None:
    with pytest.raises(ConfigError):
        ds.parse_tasks("flow,teleport")


def test_missing_config_is_a_clear_error(tmp_path) -> None:
    with pytest.raises(ConfigError, match="task_config"):
        load_specs(tmp_path)


def test_env_override(tmp_path, monkeypatch) -> None:
    (tmp_path / "task_config.yaml").write_text(YAML.read_text())
    monkeypatch.setenv(ds.ENV_DIR, str(tmp_path))
    assert graphinstruct_dir() == tmp_path
    assert load_specs()["flow"].prompt


# --------------------------------------------------------------------------- prompts


def _template_regex(template: str) -> re.Pattern[str]:
    parts = [re.escape(p) for p in template.split("{}")]
    return re.compile("(.+?)".join(parts) + r"\Z", re.DOTALL)


def test_prompts_match_yaml_templates(small_set: list[Question]) -> None:
    raw = yaml.safe_load(YAML.read_text())
    for q in small_set:
        template = raw[f"{q.task}_test"]["prompt"] if f"{q.task}_test" in raw else ds.DEGREE_SPECS[q.task].prompt
        m = _template_regex(template).match(q.text)
        assert m, q.id
        assert m.group(1) == "0"
        assert m.group(2) == str(q.meta["nodes"] - 1)


EDGE_FORMATS = {
    "connectivity": r"\(\d+, \d+\)",
    "cycle": r"\(\d+, \d+\)",
    "hamilton": r"\(\d+, \d+\)",
    "triplet": r"\(\d+, \d+\)",
    "bipartite": r"\(\d+->\d+\)",
    "topology": r"\(\d+->\d+\)",
    "substructure": r"\(\w+->\w+\)",
    "in_degree": r"\(\d+->\d+\)",
    "out_degree": r"\(\d+->\d+\)",
    "shortest": r"\(\d+,\d+,\d+\)",
    "flow": r"\(\d+->\d+,\d+\)",
}


def test_edges_print_as_the_original_generator(small_set: list[Question]) -> None:
    for q in small_set:
        body = q.text.split("the edges are: ")[1].split(". ")[0]
        for piece in re.findall(r"\([^()]*\)", body):
            assert re.fullmatch(EDGE_FORMATS[q.task], piece), (q.id, piece)


def test_triplet_prints_node_weights(small_set: list[Question]) -> None:
    q = next(q for q in small_set if q.task == "triplet")
    weights = q.text.split("weights of nodes are: ")[1].split(", and the edges")[0]
    assert re.fullmatch(r"(\[\d+, \d+\] ?)+", weights)


def test_substructure_pattern_uses_letters(small_set: list[Question]) -> None:
    for q in (q for q in small_set if q.task == "substructure"):
        m = re.search(r"subgraph G' are numbered from a to ([a-z])", q.text)
        assert m and m.group(1) in string.ascii_lowercase


# --------------------------------------------------------------------------- labels


def _graph_from_text(q: Question) -> nx.Graph:
    directed = q.meta["directed"]
    g: nx.Graph = nx.DiGraph() if directed else nx.Graph()
    g.add_nodes_from(range(q.meta["nodes"]))
    body = q.text.split("the edges are: ")[1].split(". ")[0]
    for a, b, w in re.findall(r"\((\d+)\s*(?:->|,)\s*(\d+)(?:,(\d+))?\)", body):
        g.add_edge(int(a), int(b), weight=int(w) if w else 1)
    return g


def test_labels_recomputed_from_the_text(small_set: list[Question]) -> None:
    for q in small_set:
        g = _graph_from_text(q)
        params = q.meta["params"]
        if q.task == "connectivity":
            assert q.answer == nx.has_path(g, params["source"], params["target"])
            assert not g.has_edge(params["source"], params["target"])
        elif q.task == "cycle":
            assert q.answer == (len(nx.cycle_basis(g)) > 0)
        elif q.task == "bipartite":
            assert q.answer == nx.is_bipartite(g)
        elif q.task == "shortest":
            assert q.answer == nx.shortest_path_length(g, params["source"], params["target"], weight="weight")
            assert not g.has_edge(params["source"], params["target"])
        elif q.task == "flow":
            assert q.answer == nx.maximum_flow_value(g, params["source"], params["target"], capacity="weight")
            assert q.answer > 0
        elif q.task == "in_degree":
            assert q.answer == g.in_degree(params["node"])
        elif q.task == "out_degree":
            assert q.answer == g.out_degree(params["node"])
        elif q.task == "topology":
            order = q.answer
            assert sorted(order) == list(range(q.meta["nodes"]))
            pos = {n: i for i, n in enumerate(order)}
            assert all(pos[u] < pos[v] for u, v in g.edges())
            assert sorted(map(tuple, q.check["edge_list"])) == sorted(g.edges())


def test_yes_no_tasks_are_balanced_where_the_original_balances() -> None:
    qs = generate("cycle,substructure", 10, seed=3)
    for task in ("cycle", "substructure"):
        labels = [q.answer for q in qs if q.task == task]
        assert labels.count(True) == 5, task


def _brute_hamilton(g: nx.Graph) -> bool:
    nodes = list(g)
    if len(nodes) <= 1:
        return True
    return any(all(g.has_edge(a, b) for a, b in itertools.pairwise(p)) for p in itertools.permutations(nodes))


def test_hamilton_exact_search_agrees_with_brute_force() -> None:
    rng = random.Random(11)
    seen = {True: 0, False: 0}
    for _ in range(400):
        n = rng.randint(1, 7)
        g = nx.gnp_random_graph(n, rng.random(), seed=rng.randint(0, 10**6))
        label = has_hamiltonian_path(g)
        assert label == _brute_hamilton(g), sorted(g.edges())
        seen[label] += 1
    assert seen[True] and seen[False]


def test_hamilton_where_the_original_greedy_search_fails() -> None:
    # From 0 the greedy walk 0-1-2 dead-ends; the original labels this "No" without backtracking.
    g = nx.Graph([(0, 1), (1, 2), (0, 3), (3, 1)])
    assert has_hamiltonian_path(g)  # 2-1-3-0 or 2-1-0-3


def test_hamilton_labels_of_generated_small_graphs() -> None:
    for q in generate("hamilton", 12, seed=5):
        if q.meta["nodes"] <= 7:
            assert q.answer == _brute_hamilton(_graph_from_text(q))


def _brute_monomorphic(g: nx.DiGraph, pattern: nx.DiGraph) -> bool:
    pn = list(pattern)
    for image in itertools.permutations(list(g), len(pn)):
        m = dict(zip(pn, image, strict=True))
        if all(g.has_edge(m[u], m[v]) for u, v in pattern.edges()):
            return True
    return False


def test_substructure_is_monomorphism_by_brute_force() -> None:
    rng = random.Random(5)
    seen = {True: 0, False: 0}
    for _ in range(150):
        g = nx.gnp_random_graph(rng.randint(3, 6), rng.uniform(0.2, 0.8), seed=rng.randint(0, 10**6), directed=True)
        p = nx.gnp_random_graph(rng.randint(2, 4), rng.uniform(0.3, 0.9), seed=rng.randint(0, 10**6), directed=True)
        p = nx.relabel_nodes(p, dict(zip(p.nodes(), string.ascii_lowercase, strict=False)))
        label = is_substructure(g, p)
        assert label == _brute_monomorphic(g, p)
        seen[label] += 1
    assert seen[True] and seen[False]


def test_substructure_allows_extra_edges_among_the_image() -> None:
    g = nx.DiGraph([(0, 1), (1, 2), (0, 2)])
    assert is_substructure(g, nx.DiGraph([("a", "b"), ("b", "c")]))  # not induced: 0->2 is extra


def test_triplet_label_is_max_triangle_sum() -> None:
    for q in generate("triplet", 6, seed=2):
        g = _graph_from_text(q)
        weights = dict(re.findall(r"\[(\d+), (\d+)\]", q.text))
        best = 0
        for a, b, c in itertools.combinations(g.nodes(), 3):
            if g.has_edge(a, b) and g.has_edge(b, c) and g.has_edge(a, c):
                best = max(best, sum(int(weights[str(x)]) for x in (a, b, c)))
        assert q.answer == best > 0
    g = nx.complete_graph(4)
    nx.set_node_attributes(g, {0: 1, 1: 9, 2: 9, 3: 9}, "weight")
    assert max_triangle_weight(g) == 27


# --------------------------------------------------------------------------- JSON lines


def test_load_jsonl_reads_published_form(tmp_path) -> None:
    path = tmp_path / "mixed_test.json"
    rows = [
        {
            "index": 0,
            "input_prompt": "Q: The nodes are numbered from 0 to 3, and the edges are: (0, 1) (0, 2). "
            "Is there a path between node 1 and node 3?",
            "answer": "### No",
        },
        {
            "index": 1,
            "question": "Find the maximum flow ... What is the maximum flow from node 0 to node 2?",
            "answer": "### 10",
        },
        {
            "index": 2,
            "input_prompt": "Find one of the topology sorting paths of the given graph. Q: The nodes are "
            "numbered from 0 to 2, and the edges are: (2->0) (0->1). Give one topology sorting path of this graph.",
            "answer": "### [[2, 0, 1]]",
        },
        {"index": 3, "task": "cycle", "input_prompt": "anything", "answer": "### Yes."},
    ]
    path.write_text("\n".join(json.dumps(r) for r in rows) + "\n\n")
    qs = load_jsonl(path)
    assert [q.task for q in qs] == ["connectivity", "flow", "topology", "cycle"]
    assert [q.answer for q in qs] == [False, 10, [2, 0, 1], True]
    assert qs[2].check == {"nodes": 3, "edge_list": [[2, 0], [0, 1]]}
    assert len({q.id for q in qs}) == 4


def test_load_jsonl_errors_point_at_the_line(tmp_path) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"input_prompt": "hello", "answer": "### 1"}\n')
    with pytest.raises(GraphInputError, match="bad.json:1"):
        load_jsonl(path)
    path.write_text("not json\n")
    with pytest.raises(GraphInputError):
        load_jsonl(path)


def test_parse_label_forms() -> None:
    assert parse_label("shortest", "### 10.") == 10
    assert parse_label("flow", "### 2.5") == 2.5
    assert parse_label("hamilton", "### Yes, [0,1,2]") is True


# --------------------------------------------------------------------------- scale set


def test_scale_questions_carry_the_graph_separately(tmp_path) -> None:
    qs = scale_questions((100, 500), per_size=2, seed=0, graph_dir=tmp_path)
    assert [q.meta["size"] for q in qs] == [100, 100, 500, 500]
    for q in qs:
        assert "edges are" not in q.text and "shortest path" in q.text
        g = read_scale_graph(q.meta["graph_path"])
        assert g.number_of_nodes() == q.meta["size"] and nx.is_connected(g)
        s, t = q.meta["params"]["source"], q.meta["params"]["target"]
        assert not g.has_edge(s, t)
        assert q.answer == nx.shortest_path_length(g, s, t, weight="weight")
        assert f"node {s} to node {t}" in q.text
    again = scale_questions((100, 500), per_size=2, seed=0, graph_dir=tmp_path)
    assert [q.to_dict() for q in again] == [q.to_dict() for q in qs]
