"""Checkers read answers the way a careful grader would, and no more generously."""

from __future__ import annotations

import pytest

from grraf.bench.answers import final_segment, is_topological_order, parse_int_list, parse_number, parse_yes_no
from grraf.bench.checkers import check
from grraf.bench.question import Question
from grraf.errors import ConfigError


def q(task: str, answer, **check_data) -> Question:
    return Question(id=f"{task}-t", task=task, text="...", answer=answer, meta={}, check=check_data)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("### Yes", True),
        ("### No.", False),
        ("### yes, [0,1,4,5,3,2].", True),
        ("Yes", True),
        ("no", False),
        ("True", True),
        ("False", False),
        ("**Yes**, the nodes are connected.", True),
        ("The answer is no.", False),
        ("Answer: Yes", True),
        ("There is no path between node 1 and node 4.", False),
        ("node 5 is not reachable from node 2", False),
        ("Nodes 3 and 7 are connected.", True),
        ("Node 3 has no outgoing edges, so the answer is yes", True),
        ("Yes. Node 3 has no outgoing edges.", True),
        ("Reasoning mentions no and yes... ### No", False),
        ("The graph isn't bipartite.", False),
    ],
)
def test_yes_no_readings(text: str, expected: bool) -> None:
    assert parse_yes_no(text) is expected


@pytest.mark.parametrize(
    "text",
    ["None", "none", "", "   ", "node 5", "Nodes: 0, 1, 2", "I could not determine the answer.", "unknown"],
)
def test_neither_yes_nor_no(text: str) -> None:
    assert parse_yes_no(text) is None


def test_not_node_none_are_never_no() -> None:
    # "node", "none" and "nothing-like" words must not turn into a "No" answer.
    assert not check(q("cycle", False), "None")
    assert not check(q("connectivity", False), "node 5")
    assert not check(q("connectivity", False), "")


def test_negated_sentence_scores_only_when_the_label_is_no() -> None:
    assert check(q("connectivity", False), "node 5 is not reachable")
    assert not check(q("connectivity", True), "node 5 is not reachable")


def test_values_with_types() -> None:
    assert check(q("bipartite", True), True)
    assert not check(q("bipartite", True), False)
    assert not check(q("bipartite", True), None)
    assert check(q("flow", 10), 10)
    assert check(q("flow", 10), 10.0)
    assert check(q("flow", 10), {"answer": 10})
    assert not check(q("flow", 10), True)  # a bool is not a number


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("### 10", 10),
        ("### 10.", 10),
        ("10 units", 10),
        ("10.0", 10),
        ("The maximum flow from node 0 to node 2 is 10 units.", 10),
        ("The shortest path weight is 7 (path 0->3->5).", 7),
        ("From node 3 to node 9 the answer is 12", 12),
        ("Path [3, 1, 9] has total weight 12. ### 12", 12),
        ("-3", -3),
        ("1,234", 1234),
        ("2.5e1", 25),
    ],
)
def test_numbers(text: str, value: float) -> None:
    assert parse_number(text) == pytest.approx(value)


def test_number_tolerance_is_relative_1e6() -> None:
    assert check(q("shortest", 1_000_000), "1000000.5")
    assert not check(q("shortest", 1_000_000), "1000002")
    assert check(q("triplet", 21), "21.0000000001")
    assert not check(q("triplet", 21), "### 20")
    assert not check(q("triplet", 21), "None")
    assert not check(q("triplet", 21), "no triangle")


def test_final_segment_prefers_the_last_marker() -> None:
    assert final_segment("### 3 then ### 5") == "5"
    assert final_segment("trailing ###") == "trailing ###"


def test_int_lists() -> None:
    assert parse_int_list("The order is [2, 0, 1]. ### [2, 0, 1]") == [2, 0, 1]
    assert parse_int_list("First [9], then the answer [1, 2, 0]") == [1, 2, 0]
    assert parse_int_list("2 -> 0 -> 1") == [2, 0, 1]
    assert parse_int_list(("3", "1")) == [3, 1]
    assert parse_int_list("") is None


def test_topological_orders_any_valid_one_accepted() -> None:
    question = q("topology", [0, 1, 2, 3], nodes=4, edge_list=[[0, 1], [0, 2], [1, 3], [2, 3]])
    assert check(question, [0, 1, 2, 3])
    assert check(question, [0, 2, 1, 3])  # a different but valid order
    assert check(question, "### [0, 2, 1, 3]")
    assert check(question, "A valid order: 0, 2, 1, 3.")
    assert not check(question, [0, 3, 1, 2])  # 1->3 violated
    assert not check(question, [0, 1, 2])  # missing a node
    assert not check(question, [0, 1, 1, 2, 3])  # repeated node
    assert not check(question, "no idea")


def test_topological_order_helper() -> None:
    assert is_topological_order([1, 0], [0, 1], [(1, 0)])
    assert not is_topological_order([0, 1], 2, [(1, 0)])


def test_topology_without_graph_compares_the_stored_order() -> None:
    question = q("topology", [2, 0, 1])
    assert check(question, "[2, 0, 1]")
    assert not check(question, "[0, 2, 1]")


def test_unknown_task_raises() -> None:
    # The answer kind is the task registry's: a task it does not know is a configuration error.
    with pytest.raises(ConfigError, match="unknown task 'teleport'"):
        check(q("teleport", 3), "3")


# --------------------------------------------------------------------------- beyond tasks


def test_k_core_is_a_set_in_any_order() -> None:
    question = q("k_core", [0, 2, 5])
    assert check(question, [0, 2, 5])
    assert check(question, [5, 0, 2])
    assert check(question, {2, 5, 0})  # an executed value may be a set
    assert check(question, "### [5, 2, 0]")
    assert check(question, "### 0, 2, 5")
    assert check(question, "For k = 3 the k-core of this graph is made of nodes [2, 0, 5]. ### [2, 0, 5]")
    assert check(question, "The nodes in the 3-core are [0, 2, 5].")
    assert not check(question, [0, 2])  # a node missing
    assert not check(question, [0, 2, 5, 7])  # a node too many
    assert not check(question, [0, 2, 2, 5])  # a repeated node
    assert not check(question, "no idea")
    assert not check(question, None)


@pytest.mark.parametrize(
    ("answer", "ok"),
    [
        (1 / 6, True),
        ("### 0.16666666666666666", True),
        ("### 0.1667", True),
        ("0.167", True),  # three decimals: the relative 1e-3 alone would reject it
        ("The clustering coefficient of node 3 is 0.167.", True),
        ("1 of the 6 pairs are connected, so the answer is 0.167", True),
        ("0.17", False),
        ("0.2", False),
        ("### 0", False),
        ("none", False),
    ],
)
def test_clustering_compared_with_a_tolerance(answer, ok: bool) -> None:
    assert check(q("clustering", 1 / 6), answer) is ok


def test_float_tolerance_is_half_a_unit_of_the_third_decimal() -> None:
    question = q("average_path", 2.4666666666666668)
    assert check(question, "### 2.467")
    assert check(question, "The average shortest path length of this graph is 2.4667.")
    # one pair of 35 nodes off by one moves the mean by 1/595: that must fail
    assert not check(question, 2.4666666666666668 + 1 / 595)
    assert not check(question, "2.47")
    assert not check(question, "### 2.5")
    assert check(q("clustering", 0.0), "0")
    assert check(q("clustering", 1.0), "### 1")


def test_integer_beyond_tasks_stay_exact() -> None:
    assert check(q("diameter", 4), "The diameter of this graph is 4.")
    assert check(q("eccentricity", 3), "The eccentricity of node 7 is 3.")
    assert check(q("bridges", 0), "### 0")
    assert check(q("pagerank", 12), "Node 12 has the highest PageRank score. ### 12")
    assert not check(q("diameter", 4), "4.003")
    assert not check(q("articulation_points", 2), "### 3")
