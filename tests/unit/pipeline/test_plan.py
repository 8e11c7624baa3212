"""The plan stage: the LLM chooses among retrieved tasks under a schema; readers check the choice."""

from __future__ import annotations

import json

import pytest

from grraf.llm.calls import LLMSession
from grraf.pipeline.plan import (
    check_choice,
    choice_schema,
    eligible,
    offered_tasks,
    plan,
    polarity_finding,
    rescue,
    with_negations,
)
from grraf.tasks import TASKS, get_task
from grraf.types import Schema
from tests.fakes import FIRST, KEEP, NONE_TWICE, PLAN_NONE, RESCUE_REFUSED, RIVAL, ScriptedStore, plan_reply, scripted

DIRECTED = Schema("G", node_count=10, edge_count=20, directed=True, weight_property="weight", node_id_types=("int",))
UNDIRECTED = Schema("G", node_count=10, edge_count=20, directed=False, node_id_types=("int",))


def test_tasks_that_cannot_apply_are_never_offered() -> None:
    offered = {t.name for t in eligible(TASKS, UNDIRECTED, ("G",))}
    assert "in_degree" not in offered and "topological_sort" not in offered and "subgraph_match" not in offered
    assert "degree" in offered and "mst_weight" in offered
    assert "subgraph_match" in {t.name for t in eligible(TASKS, DIRECTED, ("G", "G_prime"))}
    assert "mst_weight" not in {t.name for t in eligible(TASKS, DIRECTED, ("G",))}


def test_a_negative_task_is_offered_only_to_a_question_with_its_negation_words() -> None:
    same = {t.name for t in eligible(TASKS, UNDIRECTED, ("G",), "Do 4 and 5 belong to the same component?")}
    cut = {t.name for t in eligible(TASKS, UNDIRECTED, ("G",), "Are 4 and 5 cut off from each other?")}
    assert "connectivity" in same and "not_connected" not in same
    assert {"connectivity", "not_connected"} <= cut
    # "stuck" is no way on (connectivity-53, seed 2079: not_connected was not offered)
    stuck = "My token sits on space 5. Am I stuck, meaning there is no way for it to ever get to space 4?"
    assert "not_connected" in {t.name for t in eligible(TASKS, UNDIRECTED, ("G",), stuck)}


def test_the_schema_requires_each_tasks_parameters_and_allows_none() -> None:
    schema = choice_schema([get_task("k_core"), get_task("pagerank_top"), get_task("degree")], ("str",))
    by_task = {o["properties"]["task"]["const"]: o for o in schema["anyOf"]}
    assert by_task["k_core"]["required"] == ["task", "k"] and by_task["k_core"]["properties"]["k"]["type"] == "integer"
    assert by_task["pagerank_top"]["required"] == ["task"]  # damping has a default
    assert by_task["degree"]["properties"]["node"] == {"type": "string", "maxLength": 100}  # bounded: cannot run on
    assert set(by_task) == {"k_core", "pagerank_top", "degree", "none"}


def findings(task: str, values: dict, question: str, **store_kw) -> list[str]:
    _, found = check_choice(get_task(task), values, question, ScriptedStore({}, **store_kw))
    return [f.text for f in found]


def test_a_clean_choice_has_no_findings_and_keys_nodes_as_the_store_does() -> None:
    parameters, found = check_choice(
        get_task("max_flow"), {"source": "0", "target": 3}, "Max flow from 0 to 3?", ScriptedStore({})
    )
    assert found == [] and parameters == {"source": 0, "target": 3}


@pytest.mark.parametrize(
    ("task", "values", "question", "expected", "hard"),
    [
        ("degree", {"node": 2}, "How many friends does person 3 have?", "node=2 is not a value written", True),
        ("degree", {"node": 9}, "How many friends does person 9 have?", "The graph has no node 9", True),
        ("degree", {}, "How many friends does person 3 have?", "degree needs node", True),
        ("node_count", {}, "How many nodes have degree greater than 10?", "states 10, which node_count()", False),
        ("has_cycle", {}, "How many cycles are there?", "asks for a number, but has_cycle gives yes/no", True),
        ("k_core", {"k": 2}, "Which nodes are in the 3-core?", "k=2 is not a value written", True),
    ],
)
def test_findings_say_what_is_wrong(task, values, question, expected, hard) -> None:
    _, found = check_choice(get_task(task), values, question, ScriptedStore({}, nodes=5))
    assert any(expected in f.text and f.hard is hard for f in found), [f.text for f in found]


def test_a_default_parameter_the_question_does_not_state_takes_its_default() -> None:
    parameters, found = check_choice(get_task("pagerank_top"), {}, "Which page matters most?", ScriptedStore({}))
    assert found == [] and parameters == {"damping": 0.85}
    # the default is the value the question states: used, though the reply left it out
    stated = "According to PageRank with the usual damping factor of 0.85, which page is the most important?"
    parameters, found = check_choice(get_task("pagerank_top"), {}, stated, ScriptedStore({}))
    assert found == [] and parameters == {"damping": 0.85}
    _, found = check_choice(get_task("pagerank_top"), {}, stated.replace("0.85", "0.9"), ScriptedStore({}))
    assert any("states 0.9" in f.text for f in found)


def run_plan(question: str, *replies: str, schema: Schema = DIRECTED):
    model = scripted(*replies)
    return plan(question, schema, ScriptedStore({}, nodes=10), LLMSession(model)), model


def test_the_llm_sees_candidates_and_the_graph_kind_never_the_graph() -> None:
    result, model = run_plan("How many edges leave node 1?", plan_reply("out_degree", node=1), *KEEP)
    assert result.task == "out_degree" and result.confirmed and result.parameters == {"node": 1}
    prompt = model.prompt_text(0)
    assert "out_degree(node)" in prompt and "directed, edge weights in 'weight', 10 nodes and 20 edges" in prompt
    assert "- none:" in prompt and len(result.candidates) >= 3
    assert json.dumps(model.schemas[0])  # a plain JSON schema


def test_none_means_code_is_written_from_the_question() -> None:
    result, _ = run_plan("How many nodes have degree greater than 10?", *NONE_TWICE)
    assert result.task is None and result.chosen is None and result.output == "number" and not result.confirmed


def test_a_task_outside_the_candidates_counts_as_none() -> None:
    result, _ = run_plan(
        "How many edges leave node 1?", plan_reply("max_flow", source=1, target=2), PLAN_NONE, *RESCUE_REFUSED
    )
    assert result.task is None


def test_findings_go_back_once_and_a_fixed_choice_is_confirmed() -> None:
    result, model = run_plan(
        "Can node 5 be reached from node 6?",
        plan_reply("connectivity", source=5, target=6),
        plan_reply("connectivity", source=6, target=5),
    )
    assert result.confirmed and result.parameters == {"source": 6, "target": 5}
    assert "The question goes from 6, but source is 5." in model.prompt_text(1)
    assert len(model.prompts) == 2


def test_a_yes_no_ask_offers_yes_no_tasks_only_however_it_is_put() -> None:
    # "Would you say ...?" and "Is the professor correct?" ask yes or no: a count was confirmed for
    # the first (cycle-38, seed 2042, as edge_count)
    for question in (
        "People are linked if they work together. Would you say the links contain no loop at all?",
        "My professor claims this graph has no Hamiltonian path. Is the professor correct?",
    ):
        offered = eligible(TASKS, UNDIRECTED, ("G",), question)
        assert offered and all(t.output == "yes/no" for t in offered), question


def test_a_persistent_soft_finding_keeps_the_task_unconfirmed() -> None:
    reply = plan_reply("connectivity", source=1, target=5)
    result, _ = run_plan("Can you get from 1 to 5 in 3 moves?", reply, reply)
    assert result.task == "connectivity" and not result.confirmed
    assert result.issues == ("The question states 3, which connectivity(source, target) does not take.",)


@pytest.mark.parametrize(
    ("question", "task", "expected"),
    [
        ("Do 4 and 5 belong to the same component?", "not_connected", "asks no negative question"),
        ("Are 4 and 5 cut off from each other?", "connectivity", "may ask the opposite ('cut off')"),
        ("Does the graph contain an odd cycle?", "bipartite", "may ask the opposite ('odd')"),
        ("Is the graph not a tree?", "is_tree", "may ask whether something does NOT hold"),
        ("Does the graph contain an odd cycle?", "has_cycle", "says 'odd', which not_bipartite is about"),
        ("Does the network look like a collection of trees, with no loops?", "is_tree", "may ask whether"),
        # batch g, seed 2042, all four confirmed and wrong before these readers
        ("Is machine 2 out of reach from machine 7, whatever route we try?", "connectivity", "('out of reach')"),
        (
            "My professor claims this graph has no Hamiltonian path. Is the professor correct?",
            "hamiltonian_path",
            "may ask the opposite ('no')",
        ),
        ("Would you say the links contain no loop at all, so it is tree-shaped?", "has_cycle", "('no')"),
        # batch h, seed 2043: confirmed and wrong before "avoid" negated a cycle
        ("Does this road map manage to avoid loops?", "has_cycle", "('avoid')"),
        # batch p, seed 2052: the ask refers back to the rule before it (cycle-65, confirmed and wrong)
        ("Checklist for the sewer map: the layout must contain no ring of pipes. Does it pass?", "has_cycle", "('no')"),
        # batch o, seed 2051: "non-tree" negates nothing asked (cycle-61, confirmed and wrong)
        ("Would a depth-first search ever meet a non-tree edge?", "is_acyclic", "asks no negative question"),
    ],
)
def test_a_yes_no_choice_that_may_answer_the_opposite_is_not_confirmed(question, task, expected) -> None:
    values = {"source": 4, "target": 5} if "connected" in task else {}
    _, found = check_choice(get_task(task), values, question, ScriptedStore({}, nodes=10))
    assert any(expected in f.text and not f.hard for f in found), [f.text for f in found]


def test_a_word_of_the_chosen_task_itself_is_no_finding() -> None:
    _, found = check_choice(get_task("is_tree"), {}, "Is this graph a tree?", ScriptedStore({}, nodes=10))
    assert found == []


def test_a_negative_question_with_its_negative_task_is_confirmed() -> None:
    for question, task in [("Are 4 and 5 cut off from each other?", "not_connected"), ("Is it acyclic?", "is_acyclic")]:
        values = {"source": 4, "target": 5} if "connected" in task else {}
        _, found = check_choice(get_task(task), values, question, ScriptedStore({}, nodes=10))
        assert found == [], (task, [f.text for f in found])


def test_a_persistent_hard_finding_drops_the_task() -> None:
    reply = plan_reply("out_degree", node=4)
    # the same reply to the same hard finding: the task is not offered again, and with nothing
    # else chosen the question goes to drafted code
    result, model = run_plan("How many edges leave node 1?", reply, reply, *NONE_TWICE)
    assert result.task is None and "out_degree is not offered again" in model.prompt_text(2)
    assert "out_degree" not in [o["properties"]["task"].get("const") for o in model.schemas[2]["anyOf"]]


def test_only_tasks_giving_the_kind_of_answer_asked_for_are_offered() -> None:
    yes_no = {t.name for t in eligible(TASKS, UNDIRECTED, ("G",), "Is there a Hamiltonian path in this graph?")}
    listed = {t.name for t in eligible(TASKS, UNDIRECTED, ("G",), "Give a Hamiltonian path of this graph.")}
    assert "hamiltonian_path" in yes_no and "hamiltonian_path_nodes" not in yes_no
    assert "hamiltonian_path_nodes" in listed and "hamiltonian_path" not in listed


def test_a_choice_is_contrasted_with_its_closest_rival_shown_first() -> None:
    # in_degree and out_degree give the same kind of answer from the same parameter: where the words
    # do not say which end of the edges the node is at, the LLM picks between the two by what they compute.
    question = "How many arrows does node 1 have?"
    kept, model = run_plan(question, plan_reply("out_degree", node=1), *KEEP)
    contrast = model.prompt_text(1)
    assert kept.confirmed and contrast.index("A: the number of edges that point INTO") < contrast.index("B: ")
    swapped, _ = run_plan(question, plan_reply("out_degree", node=1), *RIVAL)
    assert swapped.task == "out_degree" and not swapped.confirmed and "in_degree" in swapped.issues[0]
    leaning, model = run_plan(question, plan_reply("out_degree", node=1), *FIRST)
    assert leaning.confirmed  # "the first one" both times is a lean, not a preference for the rival
    assert model.prompt_text(2).index("A: the number of edges that leave") < model.prompt_text(2).index("B: ")


@pytest.mark.parametrize(
    ("question", "task"),
    [
        ("How many edges point out of node 1?", "out_degree"),
        # free batch p, in_degree-65 and out_degree-63: the defined relation says which end
        ("An arrow from flat A to flat B means A can buzz B. How many flats are able to buzz flat 1?", "in_degree"),
        (
            "An arrow from farm A to farm B means A ships seeds to B. Farm 1 ships directly to how many farms?",
            "out_degree",
        ),
    ],
)
def test_a_node_role_the_words_say_settles_the_rival_without_asking(question, task) -> None:
    # Asked to pick, the 1.5B model took out_degree for the flats, and the right choice ran unconfirmed.
    settled, model = run_plan(question, plan_reply(task, node=1))
    assert settled.task == task and settled.confirmed and len(model.prompts) == 1, settled.issues


@pytest.mark.parametrize(
    ("question", "task", "calls"),
    [
        # GraphInstruct's wording: every such question took the contrast's two calls (seed 2070)
        ("Give the weight of the shortest path from node 1 to node 8.", "shortest_path_weight", 1),
        ("How many hops does the shortest path from node 1 to node 8 take?", "shortest_path_hops", 1),
        # weights set aside, or no telling word at all: the LLM is still asked to pick between the
        # two (one call here: a first reply against the rival keeps the choice)
        ("How many edges are on the shortest path from 1 to 8, ignoring weights?", "shortest_path_weight", 2),
        ("What is the shortest path from node 1 to node 8?", "shortest_path_weight", 2),
    ],
)
def test_telling_words_settle_the_rival_without_asking(question, task, calls) -> None:
    settled, model = run_plan(question, plan_reply(task, source=1, target=8), *KEEP)
    assert settled.task == task and settled.confirmed and len(model.prompts) == calls, settled.issues


def test_rivals_come_from_the_tasks_confusable_group_only() -> None:
    from grraf.pipeline.plan import rivals

    offered = [get_task(n) for n in ("connectivity", "not_connected", "bipartite", "shortest_path_hops")]
    assert rivals(get_task("connectivity"), offered) == []
    offered = [get_task(n) for n in ("bridge_count", "diameter", "articulation_point_count", "is_tree")]
    assert [t.name for t in rivals(get_task("bridge_count"), offered)] == ["articulation_point_count"]
    assert rivals(get_task("has_cycle"), [get_task(n) for n in ("has_cycle", "hamiltonian_path", "bipartite")]) == []
    offered = [get_task(n) for n in ("max_flow", "degree", "reachable_count", "out_degree", "in_degree")]
    assert [t.name for t in rivals(get_task("in_degree"), offered)] == ["out_degree", "reachable_count", "degree"]


@pytest.mark.parametrize(
    ("question", "negative"),
    [
        ("Can you colour every node red or blue so that no edge joins two nodes of the same colour?", "not_bipartite"),
        ("Does the map have a circular route, one that returns home without using a road twice?", "is_acyclic"),
    ],
)
def test_a_negation_inside_a_description_is_no_negative_question(question, negative) -> None:
    # Both seen on the test half (seed 2027): the negative task was offered, chosen and confirmed.
    assert negative not in {t.name for t in eligible(TASKS, UNDIRECTED, ("G",), question)}
    _, found = check_choice(get_task(negative), {}, question, ScriptedStore({}, nodes=10))
    assert any("asks no negative question" in f.text for f in found)


def test_a_negation_in_what_something_is_done_for_leaves_the_positive_choice_confirmed() -> None:
    # dev bipartite-02: held back as maybe asking the opposite, by the "no" of "so that no edge ..."
    question = "Can you colour every node red or blue so that no edge joins two nodes of the same colour?"
    assert polarity_finding(get_task("bipartite"), question) is None
    assert polarity_finding(get_task("bipartite"), "Is it impossible to colour it so that rivals differ?")


def test_how_a_walk_goes_is_no_negative_question() -> None:
    question = "Could a packet go round in a loop in this network without using any link twice?"
    assert "is_acyclic" not in {t.name for t in eligible(TASKS, UNDIRECTED, ("G",), question)}
    _, found = check_choice(get_task("has_cycle"), {}, question, ScriptedStore({}, nodes=10))
    assert found == [], [f.text for f in found]


def test_a_limit_on_repeating_is_no_negative_question() -> None:
    # free batch r, cycle-69: the "no" of "with no link used twice" was read as asking the opposite
    question = "Is there a set of papers linked in a closed ring, A to B and so on back to A, with no link used twice?"
    _, found = check_choice(get_task("has_cycle"), {}, question, ScriptedStore({}, nodes=10))
    assert found == [], [f.text for f in found]
    _, negated = check_choice(
        get_task("has_cycle"), {}, "Is there no ring, with no link used twice?", ScriptedStore({})
    )
    assert any("opposite" in f.text for f in negated)


@pytest.mark.parametrize(
    ("question", "task"),
    [
        # free batch r: "2 colours" is bipartite's own definition (bipartite-71, held back, then none)
        ("proper colouring of the vertices with just 2 colours, edge direction ignored: exists? yes/no", "bipartite"),
        # an edge length that says how hops are counted (radius-70, ran unconfirmed)
        ("Need the radius of this undirected graph (each edge = 1).", "radius"),
        ("Mean shortest-path length over all pairs, every edge counting as 1?", "average_shortest_path_length"),
    ],
)
def test_a_number_that_defines_the_task_is_no_value_it_must_take(question, task) -> None:
    _, found = check_choice(get_task(task), {}, question, ScriptedStore({}, nodes=10))
    assert not any("The question states" in f.text for f in found), [f.text for f in found]
    _, other = check_choice(get_task("radius"), {}, "Radius if node 2 is left out?", ScriptedStore({}, nodes=10))
    assert any("The question states 2" in f.text for f in other)


def test_a_node_named_before_the_ask_is_held_against_a_task_that_takes_none() -> None:
    question = "A rumour starts with person 7; each round, all who know it tell friends. How many rounds?"
    _, found = check_choice(get_task("connected_components"), {}, question, ScriptedStore({}, nodes=10))
    named = [f for f in found if f.text == "The question names node(s) 7, which connected_components() does not take."]
    assert len(named) == 1 and not named[0].hard, [f.text for f in found]
    # ... and it counts rounds, not groups
    assert any("counts 'rounds'" in f.text for f in found), [f.text for f in found]
    _, found = check_choice(get_task("eccentricity"), {"node": 7}, question, ScriptedStore({}, nodes=10))
    assert found == [], [f.text for f in found]


def test_the_numbering_of_the_nodes_names_no_node() -> None:
    question = "The nodes are numbered from 0 to 9. What is the average shortest path length?"
    _, found = check_choice(get_task("average_shortest_path_length"), {}, question, ScriptedStore({}, nodes=10))
    assert found == [], [f.text for f in found]


def test_the_range_of_the_answer_names_no_node() -> None:
    # free batch y, clustering-92: "between 0 and 1" read as nodes 0 and 1, and the right choice unconfirmed
    question = "Of all pairs of node 3's friends, what share are friends? Give a number between 0 and 1."
    _, found = check_choice(get_task("clustering_coefficient"), {"node": 3}, question, ScriptedStore({}, nodes=10))
    assert found == [], [f.text for f in found]
    _, found = check_choice(
        get_task("clustering_coefficient"),
        {"node": 3},
        question.replace("Give a number", "Then take nodes"),
        ScriptedStore({}, nodes=10),
    )
    assert [f.text for f in found] == [
        "The question names node(s) 0, 1, which clustering_coefficient(node) does not take."
    ]


def test_a_non_prefix_is_a_negation() -> None:
    # "Is this graph non-bipartite?" (test half, seed 2028) was answered as "Is it bipartite?", verified.
    question = "Is this graph non-bipartite?"
    assert "not_bipartite" in {t.name for t in eligible(TASKS, UNDIRECTED, ("G",), question)}
    _, found = check_choice(get_task("bipartite"), {}, question, ScriptedStore({}, nodes=10))
    assert any("may ask the opposite ('non')" in f.text for f in found)


@pytest.mark.parametrize(
    ("task", "values", "question", "expected"),
    [
        ("reachable_count", {"node": 5}, "How many machines send traffic directly to server 5?", "5 at the end of"),
        ("reachable_count", {"node": 5}, "How many machines send traffic directly to server 5?", "says 'directly'"),
        ("in_degree", {"node": 6}, "Into how many pipes does junction 6 send water?", "6 at the start of"),
        ("out_degree", {"node": 3}, "How many one-way roads lead into town 3?", "3 at the end of"),
        ("out_degree", {"node": 3}, "How many nodes can 3 eventually reach?", "says 'eventually'"),
        ("degree", {"node": 4}, "Count the incoming links of page 4.", "counts both directions"),
        ("articulation_point_count", {}, "How many roads, if closed, split the map?", "counts edges, but"),
        ("bridge_count", {}, "How many towns, if closed, split the map?", "counts nodes, but"),
        ("out_degree", {"node": 5}, "How many papers cite paper 5?", "5 at the end of"),
        ("degree", {"node": 5}, "In how many edges is 5 the target?", "only the edges that end at 5"),
        ("edge_count", {}, "How many edges are not on any cycle?", "which edges count ('not on any cycle')"),
        ("edge_count", {}, "At most how many edges can you pick with no shared endpoint?", "('At most')"),
        ("articulation_point_count", {}, "How many cables are weak spots, i.e. cutting one splits it?", "counts edges"),
        # the framing's own nouns are counted as it declares them (articulation_points-34, seed 2041)
        ("bridge_count", {}, "Habitat patches are nodes. How many patches, if destroyed, split it?", "counts nodes"),
        # an ask that refers back takes the sentence before it (articulation_points-35, seed 2041)
        (
            "connected_components",
            {},
            "Report the number of single nodes whose failure splits the network. What's that number here?",
            "counts nodes, but",
        ),
        # a relation the question defines decides the node's role
        (
            "out_degree",
            {"node": 4},
            "An edge from A to B means A depends on B. How many packages depend directly on 4?",
            "4 at the end of",
        ),
        (
            "in_degree",
            {"node": 4},
            "An edge from A to B means B depends on A. How many packages depend directly on 4?",
            "4 at the start of",
        ),
        (
            "in_degree",
            {"node": 4},
            "Each arrow goes from a predator to a species it eats. How many kinds of prey does species 4 eat?",
            "4 at the start of",
        ),
        (
            "out_degree",
            {"node": 7},
            "Supply chain: an edge from company X to company Y means X supplies Y. How many suppliers does 7 have?",
            "7 at the end of",
        ),
        # the steps of a trip are a distance
        ("articulation_point_count", {}, "What's the most flights anyone needs to get to any airport?", "trip"),
        ("edge_count", {}, "How many hops away is the farthest airport from the best hub?", "not a distance"),
        # every node once is Hamilton's, every edge once Euler's, in the question's own nouns
        ("euler_path", {}, "Songs are nodes. Can a playlist play every song once?", "every edge once"),
        ("hamiltonian_path", {}, "Can the snow plough clear every street exactly once?", "every node once"),
        # one edge or many is a path
        ("has_edge", {"source": 4, "target": 7}, "Does 4 connect to 7, directly or via other nodes?", "along paths"),
        # a count of all nodes names them
        ("node_count", {}, "Number of isthmuses in the graph", "counts 'isthmuses in the'"),
    ],
)
def test_the_scope_the_words_give_is_held_against_the_choice(task, values, question, expected) -> None:
    _, found = check_choice(get_task(task), values, question, ScriptedStore({}, nodes=10), directed=True)
    assert any(expected in f.text and not f.hard for f in found), [f.text for f in found]


@pytest.mark.parametrize(
    ("task", "values", "question"),
    [
        ("in_degree", {"node": 3}, "How many one-way roads lead into town 3?"),
        ("out_degree", {"node": 6}, "Into how many pipes does junction 6 send water directly?"),
        ("reachable_count", {"node": 3}, "How many nodes can be reached from node 3?"),
        ("degree", {"node": 3}, "How many connections does node 3 have?"),
        ("bridge_count", {}, "How many roads, if closed, split the map?"),
        ("in_degree", {"node": 5}, "How many papers cite paper 5?"),
        ("out_degree", {"node": 5}, "How many papers does paper 5 cite?"),
        ("edge_count", {}, "How many roads are there in total?"),
        ("node_count", {}, "How many towns are in the map?"),
        ("in_degree", {"node": 4}, "An edge from A to B means A depends on B. How many packages depend on 4?"),
        ("out_degree", {"node": 4}, "An edge from A to B means B depends on A. How many packages depend on 4?"),
        ("out_degree", {"node": 4}, "An edge from A to B means A depends on B. How many packages does 4 depend on?"),
        ("radius", {}, "What's the most flights anyone would need to get from the best hub to any airport?"),
        ("shortest_path_hops", {"source": 1, "target": 9}, "How many roads do I need to drive to get from 1 to 9?"),
        ("bridge_count", {}, "How many roads, if closed, would leave some town unable to reach another?"),
        ("hamiltonian_path", {}, "Songs are nodes. Can a playlist play every song once?"),
        (
            "out_degree",
            {"node": 4},
            "Each arrow goes from a predator to a species it eats. How many does species 4 eat?",
        ),
        ("euler_path", {}, "Can the snow plough clear every street exactly once?"),
        ("bipartite", {}, "Can the guests be seated at two tables so that enemies always sit apart?"),
        ("bipartite", {}, "Is the graph 2-colourable?"),
        ("max_triangle_weight", {}, "What is the largest total weight of three nodes all joined to each other?"),
        ("node_count", {}, "Songs are nodes. How many songs are there?"),
    ],
)
def test_a_choice_whose_scope_fits_the_words_has_no_finding(task, values, question) -> None:
    _, found = check_choice(get_task(task), values, question, ScriptedStore({}, nodes=10), directed=True)
    assert found == [], [f.text for f in found]


def test_a_node_role_means_nothing_on_an_undirected_graph() -> None:
    _, found = check_choice(
        get_task("reachable_count"), {"node": 3}, "How many nodes can reach 3?", ScriptedStore({}, nodes=10)
    )
    assert found == []


def test_a_scope_finding_goes_back_and_a_switched_choice_is_contrasted_then_confirmed() -> None:
    result, model = run_plan(
        "How many machines send traffic directly to server 5?",
        plan_reply("reachable_count", node=5),
        plan_reply("in_degree", node=5),
        *KEEP,
    )
    assert result.task == "in_degree" and result.confirmed
    assert "reachable_count counts from the node" in model.prompt_text(1)


def test_counting_pipes_is_not_counting_components() -> None:
    question = "How many pipes, if broken, would split the network into more pieces?"
    _, found = check_choice(get_task("connected_components"), {}, question, ScriptedStore({}, nodes=10))
    assert [f.text for f in found] == ["The question counts edges, but connected_components counts components."]


def test_a_first_none_is_asked_again_once() -> None:
    result, model = run_plan("Largest hop distance between two nodes?", PLAN_NONE, plan_reply("diameter"), *KEEP)
    assert result.task == "diameter" and result.confirmed
    # and the contrast, whose first order (rival first) already keeps the choice
    assert "You chose none." in model.prompt_text(1) and len(model.prompts) == 3


def test_after_invented_values_only_tasks_the_stated_values_fill_are_offered() -> None:
    result, model = run_plan(
        "Largest hop distance between two nodes?",
        plan_reply("shortest_path_hops", source=3, target=7),
        plan_reply("diameter"),
        *KEEP,
    )
    assert result.task == "diameter" and result.confirmed
    second = model.prompt_text(1)
    assert "source=3 is not a value written in the question" in second
    listed = second.split("the question's values can fill:")[1]
    assert "- diameter()" in listed and "shortest_path_hops" not in listed
    names = {o["properties"]["task"]["const"] for o in model.schemas[1]["anyOf"]}
    assert "shortest_path_hops" not in names and {"diameter", "none"} <= names


def test_a_none_to_the_shorter_list_asks_that_list_anew_without_the_refused_choice() -> None:
    result, model = run_plan(
        "Largest hop distance between two nodes?",
        plan_reply("shortest_path_hops", source=3, target=7),
        PLAN_NONE,
        plan_reply("diameter"),
        *[KEEP[0]] * 8,  # held against each shown task of its kind: the LLM keeps diameter each time
    )
    assert result.task == "diameter" and result.confirmed
    fresh = model.prompt_text(2)
    # a first question over the shorter list: no refused choice, no "does not fit", no "You chose none."
    assert fresh.startswith(model.prompt_text(0).split("Tasks:")[0]) and "does not fit" not in fresh
    assert "- diameter()" in fresh and "shortest_path_hops" not in fresh and "You chose none." not in fresh
    contrasts = [model.prompt_text(i) for i in range(3, len(model.prompts))]
    assert contrasts and all("Which one does the question ask for, A or B?" in c for c in contrasts)


def test_a_choice_asked_anew_runs_unconfirmed_when_the_llm_prefers_another_shown_task() -> None:
    result, model = run_plan(
        "Largest hop distance between two nodes?",
        plan_reply("shortest_path_hops", source=3, target=7),
        PLAN_NONE,
        plan_reply("diameter"),
        *RIVAL * 8,
    )
    assert result.task == "diameter" and not result.confirmed
    assert any("instead of diameter" in issue for issue in result.issues)


def test_a_first_none_to_the_whole_list_is_not_asked_anew() -> None:
    # nothing made the list shorter: the same first question would get the same "none"
    result, model = run_plan("Largest hop distance between two nodes?", *NONE_TWICE)
    assert result.task is None and "You chose none." in model.prompt_text(1)


def test_a_choice_leaving_the_stated_values_unused_is_shown_the_tasks_that_take_them() -> None:
    result, model = run_plan(
        "Is there a walk that starts at 8 and ends at 4?",
        plan_reply("has_cycle"),
        plan_reply("connectivity", source=8, target=4),
    )
    assert result.task == "connectivity" and result.confirmed and result.parameters == {"source": 8, "target": 4}
    listed = model.prompt_text(1).split("the question's values can fill:")[1]
    assert "- connectivity(source, target)" in listed and "has_cycle" not in listed


def test_a_term_of_another_task_goes_back_and_rules_the_choice_out() -> None:
    question = "How many edges are in the largest matching of this graph?"
    switched, model = run_plan(question, plan_reply("diameter"), plan_reply("maximum_matching"))
    assert switched.task == "maximum_matching" and switched.confirmed
    assert "The question says 'matching', the term for maximum_matching" in model.prompt_text(1)
    # the term rules diameter out: the second round's grammar no longer offers it
    _, model = run_plan(question, plan_reply("diameter"), *NONE_TWICE)
    assert "diameter" not in [option["properties"]["task"]["const"] for option in model.schemas[1]["anyOf"]]
    assert "diameter is not offered again" in model.prompt_text(1)


@pytest.mark.parametrize(
    ("task", "question"),
    [
        ("diameter", "In this tree, what is the diameter?"),  # is_tree answers yes/no, not a number
        ("subgraph_match", "Does the graph have a subgraph isomorphic to the pattern?"),  # its own term
        ("in_degree", "What is the in-degree of node 3?"),
    ],
)
def test_a_term_says_nothing_against_a_task_that_knows_it_or_answers_otherwise(task: str, question: str) -> None:
    from grraf.pipeline.plan import term_finding

    assert term_finding(get_task(task), question, directed=True) is None


def test_a_choice_retrieval_ranks_low_runs_unconfirmed_without_another_llm_round() -> None:
    question = "How far apart are the two most distant nodes?"
    # the contrast with its rival, then the task offered first against the choice: kept both times
    result, model = run_plan(question, plan_reply("average_shortest_path_length"), *KEEP, *KEEP, schema=UNDIRECTED)
    assert result.candidates.index("average_shortest_path_length") >= 2
    assert result.task == "average_shortest_path_length" and not result.confirmed
    assert any("closest tasks are" in issue for issue in result.issues)
    plan_rounds = [m for m in model.prompts if "A or B" not in str(m[-1].content)]
    assert len(plan_rounds) == 1, "the rank is not sent back to the LLM"


def test_a_held_back_choice_gives_way_to_the_first_offered_task_the_llm_prefers_both_times() -> None:
    question = "How far apart are the two most distant nodes?"
    first = "diameter"
    prefer_first = (json.dumps({"answer": "A"}), json.dumps({"answer": "B"}))  # shown first, then second
    result, model = run_plan(
        question, plan_reply("average_shortest_path_length"), *KEEP, *prefer_first, *KEEP, schema=UNDIRECTED
    )
    assert result.candidates[0] == first
    assert result.task == first and result.chosen == first and result.confirmed and not result.issues
    # diameter takes no parameters: no call asks for them; its own contrast with radius is the last call
    assert len(model.prompts) == 5
    # preferred in one order only, the first offered is not taken
    one_order = (json.dumps({"answer": "A"}), json.dumps({"answer": "A"}))
    held, _ = run_plan(question, plan_reply("average_shortest_path_length"), *KEEP, *one_order, schema=UNDIRECTED)
    assert held.task == "average_shortest_path_length" and not held.confirmed


def test_the_first_offered_task_taken_instead_still_meets_every_reader() -> None:
    # out_degree is offered first; the LLM prefers it to reachable_count (held back: no cue word),
    # then names a node the question does not write: the held-back choice runs as it was
    question = "How many nodes does node 4 lead to?"
    offered = [t.name for t in offered_tasks(question, DIRECTED, ("G",))]
    assert offered[0] == "out_degree" and "reachable_count" in offered  # retrieval, not what is tested here
    prefer_first = (json.dumps({"answer": "A"}), json.dumps({"answer": "B"}))
    replies = (plan_reply("reachable_count", node=4), *prefer_first, plan_reply("out_degree", node=5))
    result, model = run_plan(question, *replies, schema=DIRECTED)
    assert len(model.prompts) == len(replies)
    assert result.task == "reachable_count" and not result.confirmed
    assert model.schemas[-1]["anyOf"][0]["properties"]["task"]["const"] == "out_degree"
    assert len(model.schemas[-1]["anyOf"]) == 1, "the first offered task is asked for its parameters alone"
    # with the node the question writes, it is taken and confirmed
    replies = (*replies[:-1], plan_reply("out_degree", node=4))
    result, model = run_plan(question, *replies, schema=DIRECTED)
    assert len(model.prompts) == len(replies)
    assert result.task == "out_degree" and result.confirmed and result.parameters == {"node": 4}


def test_a_choice_retrieval_ranks_first_is_confirmed() -> None:
    result, _ = run_plan("How many bridges does this graph have?", plan_reply("bridge_count"), *KEEP, schema=UNDIRECTED)
    assert result.candidates[0] == "bridge_count" and result.task == "bridge_count" and result.confirmed


@pytest.mark.parametrize(
    ("task", "question"),
    [
        # a triangle is asked with a word for three, a 2-colouring with a word for two
        ("max_triangle_weight", "max over all pairs u, v of d(u, v), unweighted"),
        ("bipartite", "Can three friends form a closed chain, the last friends with the first?"),
        # the wrong confirmations on fresh wordings: the question never mentions the chosen task
        ("reachable_count", "Count the successors of 4"),
        ("shortest_path_weight", "What's the maximum data rate from server 1 to server 5? Weights are bandwidths."),
        ("common_neighbors", "Pick two neighbours of 3 at random: what is the probability they are connected?"),
        ("maximum_matching", "a→b, b→c in G? directions matter"),
        ("articulation_point_count", "What's the most flights anyone needs from the best hub to any airport?"),
        ("hamiltonian_path", "Give me one ordering of the build steps that works."),
        ("average_clustering", "What is the average number of friends per member?"),
        ("pagerank_top", "Which member has the most friends?"),  # README's karate club example
        # a degree threshold is asked with its comparison: strictly more is not "at least", and
        # neither is "at most" or "fewer than"
        ("degree_above_count", "How many members have at least 10 friends?"),
        ("degree_above_count", "How many towns have 3 or more roads?"),
        ("degree_above_count", "How many nodes have at most 2 neighbours?"),
        ("degree_at_least_count", "How many nodes have degree greater than 10?"),
        ("degree_at_least_count", "How many people have fewer than 3 friends?"),
        # a contrary phrase that holds the task's cue
        ("degree_above_count", "How many nodes have no more than 3 edges?"),
        ("degree_above_count", "How many nodes have degree not greater than 3?"),
        # more colours than two is no 2-colouring question (bipartite-32, seed 2040)
        ("bipartite", "Would it take at least three colours to colour the vertices so that neighbours differ?"),
        ("bipartite", "Is a third color needed so that no two adjacent nodes match?"),
        # a subgraph isomorphic to G' is a subgraph match, not an isomorphism (dev seed 1)
        ("isomorphism", "Does the graph have a subgraph isomorphic to the directed graph with edges a→b, b→c?"),
        # whatever the groups are called, more than two of them is no 2-colouring (bipartite-39, seed 2042)
        ("bipartite", "Rivals must sit in different rooms. Do I need more than two rooms?"),
        # the parity of every cycle is 2-colourability, not whether one exists (dev bipartite-26, seed 1)
        ("has_cycle", "Treating edges as undirected, does every cycle of the graph have an even number of edges?"),
        ("is_acyclic", "Is every cycle of odd length?"),
        # a worst case made as small as it can be by where one stands is a radius (radius-51, seed 2047)
        ("diameter", "Put the server on the machine whose worst-case hop count to any other is smallest. What is it?"),
        # a longest walk kept as short as possible is a radius (radius-62, seed 2051)
        ("diameter", "Pick the room that keeps the guard's longest walk as short as possible. How long is it?"),
        # every pair within h hops is a diameter (diameter-64, seed 2052)
        ("radius", "Smallest h such that every pair of nodes is within h hops of each other?"),
        # a pair at all is no radius, even a "worst-placed" one (diameter-90, free batch y)
        ("radius", "For the worst-placed pair of castles, how many roads must the messenger ride between them?"),
        # no place too far "from any other" bounds every pair: a diameter (diameter-50, seed 2079)
        ("radius", "No region may be more than N moves from any other region. Smallest N this map satisfies?"),
        # three who all get along are a triangle, not a pair (triplet-65, seed 2052)
        ("maximum_matching", "Three hikers can share a tent only if each pair gets along. Most kilos a tent can hold?"),
        # "each other" takes no one of every kind (dev bipartite-30, confirmed with another plan prompt)
        (
            "no_hamiltonian_path",
            "Two compounds joined by an edge react with each other. We have two cabinets. Are two cabinets too few?",
        ),
    ],
)
def test_a_choice_the_question_never_mentions_has_no_cue(task: str, question: str) -> None:
    from grraf.pipeline.plan import cue_finding

    assert cue_finding(get_task(task), question) is not None


@pytest.mark.parametrize(
    ("task", "question"),
    [
        ("max_flow", "How much water can be pumped from 1 to 5?"),
        # a labelling with two labels is a 2-colouring (bipartite-131, batch al)
        ("bipartite", "Can every node be labelled either A or B so that each edge connects an A to a B?"),
        # a piece falls off when one is snipped (bridges-56, seed 2079)
        ("bridge_count", "How many single edges hold the graph together, like if you snip one a piece falls off?"),
        ("shortest_path_weight", "What does the cheapest trip from 1 to 5 cost?"),
        ("reachable_count", "How many machines can a worm starting at 4 eventually infect?"),
        ("maximum_matching", "How many couples can be formed from friends, nobody in two couples?"),
        ("bridge_count", "How many roads, if closed, would cut some towns off?"),
        ("k_core", "Return the 3-core's nodes."),  # a possessive is the word
        ("topological_sort", "In which sequence can the jobs run?"),
        ("hamiltonian_path", "Can the salesman see each town exactly once?"),
        ("has_cycle", "Is there a circular dependency?"),
        ("average_clustering", "How clustered is the network on average?"),
        ("degree_top", "Which member has the most friends?"),
        ("average_degree", "What is the average number of friends per member?"),
        ("degree_above_count", "How many nodes have degree greater than 10?"),  # README's example
        ("degree_above_count", "Count the servers whose cables exceed 4."),
        ("degree_at_least_count", "How many members have at least 10 friends?"),
        ("degree_at_least_count", "How many towns have 3 or more roads?"),
        ("degree_at_least_count", "How many people have no fewer than 3 friends?"),  # a cue holding a contrary word
        ("degree_above_count", "Number of vertices with degree >3?"),  # a symbol needs no blank
        ("degree", "How many links does 4 have?"),  # a task without cues
        ("isomorphism", "Are G and G' isomorphic?"),
        ("diameter", "Even taking the best route each time, what is the most hops between any two nodes?"),
        # free batch af: a triangle by its name, PageRank by its abbreviation, two classes as opposites
        ("max_triangle_weight", "node-weighted graph: heaviest K3 by summed node weight, what's the sum?"),
        ("pagerank_top", "PR with alpha = .85: which vertex maximises it?"),
        ("bipartite", "Can each terminal be marked + or - so that every wire runs between opposite signs?"),
        # "each" beside "each other"
        ("hamiltonian_path", "Can the ants walk past each other and visit each nest once?"),
    ],
)
def test_a_choice_the_question_asks_in_its_own_words_has_a_cue(task: str, question: str) -> None:
    from grraf.pipeline.plan import cue_finding

    assert cue_finding(get_task(task), question) is None


def test_readmes_degree_question_is_confirmed_as_a_count_above_k_not_a_node_degree() -> None:
    question = "How many nodes have degree greater than 10?"
    result, _ = run_plan(question, plan_reply("degree_above_count", k=10), schema=UNDIRECTED)
    assert result.candidates[:2] == ("degree_above_count", "degree_at_least_count")
    assert result.task == "degree_above_count" and result.confirmed and result.parameters == {"k": 10}
    least, _ = run_plan("How many members have at least 10 friends?", plan_reply("degree_at_least_count", k=10))
    assert least.task == "degree_at_least_count" and least.confirmed and least.parameters == {"k": 10}
    # the strict count for an "at least" question runs, but its comparison is not the question's
    wrong, _ = run_plan("How many members have at least 10 friends?", plan_reply("degree_above_count", k=10), *KEEP)
    assert wrong.task == "degree_above_count" and not wrong.confirmed
    # asked, in both orders, whether the question asks for it or for the task offered first, the
    # LLM takes the first: its parameters are asked for, and the readers confirm it
    prefer_first = (json.dumps({"answer": "A"}), json.dumps({"answer": "B"}))
    replies = (plan_reply("degree_above_count", k=10), *prefer_first, plan_reply("degree_at_least_count", k=10))
    switched, _ = run_plan("How many members have at least 10 friends?", *replies)
    assert switched.task == "degree_at_least_count" and switched.confirmed and switched.parameters == {"k": 10}


def test_greater_than_or_equal_is_not_the_strict_count() -> None:
    """'greater than or equal to' holds the strict task's cue; degree_at_least_count's term sends it back."""
    question = "How many nodes have degree greater than or equal to 5?"
    switched, model = run_plan(
        question, plan_reply("degree_above_count", k=5), plan_reply("degree_at_least_count", k=5), schema=UNDIRECTED
    )
    assert switched.task == "degree_at_least_count" and switched.confirmed
    assert "The question says 'or equal to', the term for degree_at_least_count" in model.prompt_text(1)
    _, model = run_plan(question, plan_reply("degree_above_count", k=5), *NONE_TWICE, schema=UNDIRECTED)
    assert "degree_above_count" not in [option["properties"]["task"]["const"] for option in model.schemas[1]["anyOf"]]


def test_a_choice_without_a_cue_runs_unconfirmed_without_another_llm_round() -> None:
    # (reachable_count offered third, after out_degree and in_degree, and without a cue word)
    question = "How many nodes does node 4 lead to?"
    result, model = run_plan(question, plan_reply("reachable_count", node=4), *KEEP, schema=DIRECTED)
    assert result.task == "reachable_count" and not result.confirmed
    assert any("says nothing reachable_count" in issue for issue in result.issues)
    plan_rounds = [m for m in model.prompts if "A or B" not in str(m[-1].content)]
    assert len(plan_rounds) == 1, "the missing cue is not sent back to the LLM"


@pytest.mark.parametrize(
    ("task", "registry", "offered", "fires"),
    [
        ("triangle_count", ["bridge_count", "degree", "triangle_count"], ["bridge_count", "degree"], True),
        ("bridge_count", ["articulation_point_count", "bridge_count"], ["bridge_count"], False),
        ("is_acyclic", ["has_cycle", "is_tree"], ["is_tree", "has_cycle"], False),  # a negation counts as its task
        ("out_degree", ["edge_count", "in_degree"], ["in_degree"], False),  # the other end of the same edges
        ("degree", ["edge_count", "in_degree"], ["edge_count", "in_degree"], True),
        ("degree", [], [], False),
        # places 0-based: 2 + 1 confirms, 2 + 2 does not; a task missing from an order is placed after it
        ("diameter", ["radius", "eccentricity", "diameter"], ["radius", "diameter"], False),
        ("diameter", ["radius", "eccentricity", "diameter"], ["radius", "eccentricity", "diameter"], True),
        ("diameter", ["diameter", "radius", "eccentricity"], ["radius", "eccentricity", "degree"], False),
        ("diameter", ["diameter", "radius", "eccentricity", "degree"], ["radius", "eccentricity", "degree", "x"], True),
    ],
)
def test_the_rank_reader_adds_the_two_orders_and_reads_twins_as_one(
    task: str, registry: list[str], offered: list[str], fires: bool
) -> None:
    from grraf.pipeline.plan import Rankings, rank_finding

    assert (rank_finding(get_task(task), Rankings(tuple(registry), tuple(offered))) is not None) is fires


@pytest.mark.parametrize(
    ("task", "values", "question", "opposite"),
    [
        ("connectivity", {"source": 3, "target": 5}, "Is room 5 completely sealed off from room 3?", True),
        ("not_connected", {"source": 3, "target": 5}, "Is room 5 completely sealed off from room 3?", False),
        ("hamiltonian_path", {}, "Is it hopeless to find a path that uses every node exactly once?", True),
        ("no_hamiltonian_path", {}, "Is it hopeless to find a path that uses every node exactly once?", False),
        # "with no edge inside" describes the split, it does not ask whether the split fails; a positive
        # choice still meets the twin's "no" anywhere in the ask (deliberately strict) and runs unconfirmed
        ("not_bipartite", {}, "Can the vertex set be cut into two halves with no edge inside either half?", True),
        ("bipartite", {}, "Can the vertex set be cut into two halves with no edge inside either half?", True),
        # the claim an ask refers back to is what is asked (cycle-34, seed 2041)
        ("has_cycle", {}, "My engineer says this graph is completely loop-free. Is she right?", True),
        ("is_acyclic", {}, "My engineer says this graph is completely loop-free. Is she right?", False),
        # "without" saying how a train runs negates nothing asked (cycle-45, fresh batch j, seed 2045:
        # is_acyclic confirmed, wrong); "without forming a loop" does
        ("is_acyclic", {}, "Does my layout have a closed loop a train could circle without ever reversing?", True),
        ("has_cycle", {}, "Does my layout have a closed loop a train could circle without ever reversing?", False),
        ("has_cycle", {}, "Can the parts be joined up without forming a loop?", True),
        # a claim made by a name is asked too (free batch s, cycle-74: has_cycle confirmed, wrong)
        ("has_cycle", {}, "HR claims the links form no circle at all. Is HR right?", True),
        ("is_acyclic", {}, "HR claims the links form no circle at all. Is HR right?", False),
        # an answer word for each case: the yes case is the ask (free batch y, hamilton-91: a path task
        # confirmed for "Tell me yes if that can't be done, no if it can.")
        ("hamiltonian_path", {}, "A rep visits each city once. Tell me yes if that can't be, no if it can.", True),
        ("no_hamiltonian_path", {}, "A rep visits each city once. Tell me yes if that can't be, no if it can.", False),
        ("hamiltonian_path", {}, "A rep visits each city once. Say yes if that is possible, no if it isn't.", False),
        ("no_hamiltonian_path", {}, "A rep visits each city once. Say yes if that is possible, no if it isn't.", True),
    ],
)
def test_the_polarity_of_the_words_is_held_against_the_choice(task, values, question, opposite) -> None:
    _, found = check_choice(get_task(task), values, question, ScriptedStore({}, nodes=10))
    said_opposite = any("opposite" in f.text for f in found)
    assert said_opposite is opposite, [f.text for f in found]


def test_different_groups_are_bipartites_own_words_not_a_disconnection() -> None:
    # "different" is not_connected's negation word; a 2-colouring is said with it too (dev, seed 1)
    question = "Can the computers be put into two racks so that every cable connects machines in different racks?"
    _, found = check_choice(get_task("bipartite"), {}, question, ScriptedStore({}, nodes=10))
    assert found == []


def test_the_size_in_a_graph_placeholder_is_not_a_node_the_question_names() -> None:
    # "The edges are (0,1) (1,2) (3,4)." becomes "[graph G: 5 nodes, 3 edges]": 3 is a node of the
    # graph, but the question does not name it (README's library example was sent back for it).
    question = "Is there a path between node 0 and node 4? The edges are [graph G: 5 nodes, 3 edges]."
    _, found = check_choice(
        get_task("connectivity"), {"source": 0, "target": 4}, question, ScriptedStore({}, nodes=5), directed=False
    )
    assert found == []


@pytest.mark.parametrize(
    ("task", "question", "phrase"),
    [
        ("bipartite", "Foes can't share a cabinet and we have two cabinets. Are two cabinets too few?", "too few"),
        ("hamiltonian_path", "A bus must stop at every landmark once. Is such a route out of the question?", "out of"),
        ("subgraph_match", "Can we rule out that the scheme a→b, b→c appears anywhere in the graph?", "rule out"),
        # free batch k: a count asked to be zero
        ("subgraph_match", "Count the occurrences of a→b, b→c in G. Is that count zero?", "count zero"),
        # free batch s: the signature's absence asked (subgraph_match confirmed, wrong)
        ("subgraph_match", "The signature is a→b, a→c. Is our call graph clean of this signature?", "clean of"),
    ],
)
def test_everyday_negating_phrases_hold_the_opposite_against_a_positive_choice(task, question, phrase) -> None:
    values = {"G_prime": "G_prime"} if task == "subgraph_match" else {}
    _, found = check_choice(get_task(task), values, question, ScriptedStore({}, nodes=10), directed=True)
    assert any("the opposite" in f.text and phrase in f.text for f in found), [f.text for f in found]


def test_bonds_are_edges_and_atoms_nodes_when_counted() -> None:
    # batch h, seed 2043: the bonds whose breaking splits a molecule were counted as cut atoms, verified
    from grraf.pipeline import validate

    assert validate.counted("How many bonds would break the molecule apart if cut?") == "edges"
    assert validate.counted("How many atoms hold the molecule together on their own?") == "nodes"
    _, found = check_choice(
        get_task("articulation_point_count"),
        {},
        "How many bonds would break the molecule apart if cut?",
        ScriptedStore({}, nodes=10),
    )
    assert any("counts edges" in f.text for f in found), [f.text for f in found]


def test_a_fewest_hops_choice_needs_a_word_of_least_or_steps() -> None:
    # batch h, seed 2043: "how many bags per night can get from 0 to 1" (a flow) confirmed as hops
    from grraf.pipeline.plan import cue_finding

    task = get_task("shortest_path_hops")
    assert cue_finding(task, "How many parcels per day can get from depot 0 to depot 1?") is not None
    for question in (
        "How many hops from 1 to 8?",
        "How many changes at least from 2 to 9?",
        "How far apart are 0 and 6?",
    ):
        assert cue_finding(task, question) is None, question


def test_node_parameters_are_held_to_the_nodes_the_question_writes() -> None:
    # batch h, seed 2043: node 5 for "... separate student 3 from ..." twice, and the question fell back
    from grraf.pipeline.plan import choice_schema, written_nodes

    store = ScriptedStore({}, nodes=10)
    question = "How many links separate student 3 from the student farthest from them, in 2 steps or 12?"
    assert written_nodes(question, store, ("int",)) == [3, 2]  # 12 is no node of a 10-node graph
    option = choice_schema([get_task("eccentricity")], ("int",), [3, 2])["anyOf"][0]
    assert option["properties"]["node"] == {"enum": [3, 2]}
    # a question that writes no node leaves the id type open
    assert written_nodes("Which node is the most central?", store, ("int",)) == []
    option = choice_schema([get_task("eccentricity")], ("int",), [])["anyOf"][0]
    assert option["properties"]["node"] == {"type": "integer"}


def test_the_value_a_corner_case_gives_the_answer_is_no_node() -> None:
    # free batch af, clustering-113: node 0 chosen from "Give 0 if ...", the node asked about unused
    from grraf.pipeline.plan import unused_nodes, written_nodes

    store = ScriptedStore({}, nodes=10)
    question = "Of the servers 7 exchanges heartbeats with, what share of pairs are linked? Give 0 if 7 has fewer."
    assert written_nodes(question, store, ("int",)) == [7]
    assert unused_nodes(question, [7], store) == []
    bracketed = "Triangles through 7 over the most it could be in: what's that ratio? (0 if that maximum is 0.)"
    assert written_nodes(bracketed, store, ("int",)) == [7]
    assert written_nodes("Write 0 or 1 on every node. Can it be done for node 7?", store, ("int",)) == [0, 1, 7]


def test_a_percentage_is_no_node() -> None:
    # free test half, seed 2079, pagerank-32: "15% of the time" held a right pagerank_top back as node 15
    from grraf.pipeline.plan import unused_nodes

    store = ScriptedStore({}, nodes=20)
    question = "A reader follows arrows and 15% of the time teleports. Which node is visited most often?"
    assert unused_nodes(question, [], store) == []
    assert unused_nodes("A walker starts at 15. Which node is visited most often?", [], store) == ["15"]


def test_two_node_parameters_on_one_written_node_are_refused() -> None:
    # held to the one node written, shortest_path_hops from 3 to 3 gave 0, verified (batch h wording)
    question = "How many links separate student 3 from the student farthest from them, by the shortest chain?"
    _, found = check_choice(
        get_task("shortest_path_hops"), {"source": 3, "target": 3}, question, ScriptedStore({}, nodes=10)
    )
    assert any(f.hard and "source and target are both 3" in f.text for f in found), [f.text for f in found]


def test_a_phrase_before_the_ask_is_not_its_main_clause() -> None:
    question = "Treating each edge as two-way, does this graph manage to avoid cycles entirely?"
    _, found = check_choice(get_task("is_acyclic"), {}, question, ScriptedStore({}, nodes=10))
    assert found == [], [f.text for f in found]


def test_a_pattern_the_question_writes_is_not_left_out() -> None:
    # free batch k, substructure-50: "somewhere in graph is this shape: a→b, b→c?" answered with the
    # number of strongly connected components, flagged verified
    question = "somewhere in graph is this shape: a→b, b→c? letters must be different nodes"
    store = ScriptedStore({}, nodes=10)
    graphs = ("G", "G_prime")
    _, found = check_choice(
        get_task("strongly_connected_components"), {}, question, store, directed=True, graphs=graphs
    )
    assert any(f.rules_out and "second graph (G_prime" in f.text for f in found), [f.text for f in found]
    _, found = check_choice(
        get_task("subgraph_match"), {"G_prime": "G_prime"}, question, store, directed=True, graphs=graphs
    )
    assert not any("second graph" in f.text for f in found), [f.text for f in found]


def test_a_length_asked_in_code_is_a_number_and_a_start_may_be_named_first() -> None:
    from grraf.pipeline import validate

    # free batch k: "len(list(G.successors(4)))?" answered with the list of neighbours, flagged verified
    _, found = check_choice(
        get_task("neighbors"), {"node": 4}, "len(list(G.successors(4)))?", ScriptedStore({}, nodes=10)
    )
    assert any(f.hard and "asks for a number" in f.text for f in found), [f.text for f in found]
    # free batch k: "reach the lake at 1 from the summit basin at 0" taken as the flow from 1 to 0
    question = "How much water can reach the lake at 1 from the summit basin at 0?"
    assert (
        validate.direction_issue(question, {"source": 1, "target": 0}) == "The question goes from 0, but source is 1."
    )
    assert validate.direction_issue(question, {"source": 0, "target": 1}) is None
    assert validate.direction_issue("Send it from each node to 5.", {"source": 5, "target": 3}) is None


def test_every_way_of_doing_it_is_not_whether_one_way_exists() -> None:
    from grraf.pipeline.plan import cue_finding

    # free batch k, bipartite-50: answered as bipartite, flagged verified
    question = "Does every way of splitting the vertices into two groups leave an edge inside one group?"
    assert (
        cue_finding(get_task("bipartite"), question)
        == "The question says 'every way of', which bipartite does not answer."
    )
    # "whichever way it points" sets directions aside: a bipartite question still
    question = "An edge joins two rivals, whichever way it points. Can the rivals be split into two teams?"
    assert cue_finding(get_task("bipartite"), question) is None


def test_a_stored_graph_named_otherwise_is_not_a_second_graph() -> None:
    # the graph asked about is "net" in a store; only the pattern (G_prime) is a second graph
    question = "Does the pattern a→b, b→c, c→a occur in the graph?"
    store = ScriptedStore({}, nodes=10)
    _, found = check_choice(
        get_task("subgraph_match"), {"G_prime": "G_prime"}, question, store, directed=True, graphs=("net", "G_prime")
    )
    assert not any("second graph" in f.text for f in found), [f.text for f in found]


def test_a_teleport_probability_is_the_damping_factor_stated_as_its_complement() -> None:
    # pagerank-64, free batch p: "Teleport probability 0.15" held back the right choice
    store = ScriptedStore({}, nodes=10)
    question = "Teleport probability 0.15, follow a random out-arc otherwise: which vertex has the most PageRank?"
    _, found = check_choice(get_task("pagerank_top"), {}, question, store)
    assert not any("0.15" in f.text for f in found), [f.text for f in found]
    # a damping factor of 0.15 stated as such is not damping 0.85
    _, found = check_choice(get_task("pagerank_top"), {}, "With damping 0.15, which node has the top PageRank?", store)
    assert any("0.15" in f.text for f in found), [f.text for f in found]


def test_what_one_edge_stands_for_is_no_cue_for_the_ask() -> None:
    # free batch s, out_degree-74: "reached" in the edge's meaning confirmed reachable_count, wrong
    from grraf.pipeline.plan import cue_finding

    meaning = "An arrow from position A to position B means B is reached from A by one book move."
    task = get_task("reachable_count")
    assert cue_finding(task, f"{meaning} How many book continuations does position 6 have?") is not None
    assert cue_finding(task, f"{meaning} How many positions can be reached from position 6?") is None


def test_an_arrow_drawn_at_the_node_says_its_role() -> None:
    # free batch s, in_degree-73: "4 <- how many arrows?" confirmed as out_degree, wrong
    _, found = check_choice(
        get_task("out_degree"), {"node": 4}, "4 <- how many arrows?", ScriptedStore({}, nodes=10), directed=True
    )
    assert found, "the arrow points into node 4"


def test_a_fronted_preposition_and_a_framing_noun_that_connects_are_read() -> None:
    # free batch u (now dev): out_degree-78 answered as the in-degree, bridges-78 as articulation points,
    # both flagged verified
    turned = (
        "Chemistry: an arrow from compound X to compound Y means X can be turned into Y in one reaction. "
        "Into how many compounds can 8 be turned in one reaction?"
    )
    for task, expected in (("in_degree", True), ("out_degree", False)):
        _, found = check_choice(get_task(task), {"node": 8}, turned, ScriptedStore({}, nodes=10), directed=True)
        assert any("8 at the start of" in f.text for f in found) is expected, (task, [f.text for f in found])
    skyways = (
        "Skyways connect office towers and can be crossed both ways. How many skyways are there whose closure "
        "alone would cut some towers off from others they can currently reach?"
    )
    assert any("counts edges" in f for f in findings("articulation_point_count", {}, skyways))
    assert not any("counts" in f for f in findings("bridge_count", {}, skyways))


UNDIRECTED = Schema("", node_count=10, edge_count=12, directed=False)


@pytest.mark.parametrize(
    ("question", "offered", "expected"),
    [
        # The negation goes just before its task when the ask says one of its negation words.
        (
            "Is socket 9 unreachable from socket 2?",
            ["connectivity", "has_cycle"],
            ["not_connected", "connectivity", "has_cycle"],
        ),
        (
            "Does this graph lack a path through every node once?",
            ["euler_path", "hamiltonian_path"],
            ["euler_path", "no_hamiltonian_path", "hamiltonian_path"],
        ),
        # "yes if ..., no if ...": what the yes stands for is the ask (free batch y, hamilton-91)
        (
            "A rep visits every city once. Tell me yes if that can't be done, no if it can.",
            ["hamiltonian_path", "has_cycle"],
            ["no_hamiltonian_path", "hamiltonian_path", "has_cycle"],
        ),
        (
            "A rep visits every city once. Say yes if that is possible, no if it isn't.",
            ["hamiltonian_path", "has_cycle"],
            ["hamiltonian_path", "has_cycle"],
        ),
        # No negation asked: nothing is added.
        ("Can I get from socket 2 to socket 9?", ["connectivity", "has_cycle"], ["connectivity", "has_cycle"]),
        # A task ranked third is not what the question is about.
        (
            "Are sockets 2 and 9 on different boards?",
            ["has_cycle", "bipartite", "connectivity"],
            ["has_cycle", "bipartite", "connectivity"],
        ),
        # Already offered: not twice.
        (
            "Is socket 9 unreachable from socket 2?",
            ["connectivity", "not_connected"],
            ["connectivity", "not_connected"],
        ),
    ],
)
def test_with_negations_offers_the_negation_the_ask_says(question, offered, expected):
    tasks = [get_task(name) for name in offered]
    assert [t.name for t in with_negations(tasks, UNDIRECTED, ("G",), question)] == expected


def test_the_random_surfer_told_as_a_story_and_paying_as_little_as_possible_are_cues() -> None:
    # free batch z (pagerank-93, -94, shortest-94; dev now): right choices held back for want of a cue
    from grraf.pipeline.plan import cue_finding

    surfer = "Each day the story passes along a random outgoing arrow. In the long run, who holds it most often?"
    assert cue_finding(get_task("pagerank_top"), surfer) is None
    toll = "Roads are two-way, each weight a toll. Paying as little as possible, how much do I pay from 3 to 7?"
    assert cue_finding(get_task("shortest_path_weight"), toll) is None
    assert cue_finding(get_task("pagerank_top"), "Which node has the most edges?") is not None


def test_the_rescue_takes_the_first_of_two_tasks_the_llm_picks_over_something_else_in_both_orders() -> None:
    bipartite, hamilton, cycle = (get_task(n) for n in ("bipartite", "hamiltonian_path", "has_cycle"))
    question = "Can the guests sit at two tables so that no two rivals share one?"
    # bipartite: picked first, then not when shown second (a lean, not a choice); hamiltonian_path: both times
    offered = [bipartite, hamilton, cycle]
    model = scripted(*FIRST, *RIVAL)
    assert rescue(offered, offered, question, LLMSession(model)) is hamilton
    assert "A: something else" in model.prompt_text(1) and "B: something else" in model.prompt_text(0)
    assert 'e.g. "' in model.prompt_text(0)  # shown with its closest example, as in the plan prompt
    # the third task is never asked about, and nothing taken both times means no task
    model = scripted(*FIRST, *FIRST)
    assert rescue(offered, offered, question, LLMSession(model)) is None and len(model.prompts) == 4
    # a task a finding took off the list is not asked about; nor is one retrieval did not offer first
    model = scripted(*RIVAL)
    assert rescue([hamilton, cycle], offered, question, LLMSession(model)) is hamilton and len(model.prompts) == 2
    assert rescue([cycle], offered, question, LLMSession(scripted())) is None
