"""The whole loop against real stores (NetworkX sandbox, ladybug) with scripted LLM replies."""

from __future__ import annotations

import json

import networkx as nx
import pytest

from grraf.agent import GraphQA
from grraf.parse.graphtext import parse_question
from tests.fakes import KEEP, NONE_TWICE, fenced, plan_reply, scripted

CONNECTIVITY = (
    "Determine whether two nodes are connected in an undirected graph. Q: The nodes are numbered from 0 to 6, "
    "and the edges are: (0, 1) (1, 2) (3, 4) (4, 5) (5, 6). Is there a path between node 0 and node 5?"
)
FLOW = (
    "Find the maximum flow between two nodes in a directed graph. Q: The nodes are numbered from 0 to 5, and the "
    "edges are: (0->1,4) (1->2,3) (0->3,2) (3->2,5) (2->5,6) (3->4,1) (4->5,2). "
    "What is the maximum flow from node 0 to node 5?"
)


PLAN_FLOW = plan_reply("max_flow", source=0, target=5)


def test_cypher_backend_binds_a_verified_ladybug_template(settings):
    model = scripted(plan_reply("connectivity", source=0, target=5))
    with GraphQA(backend="cypher", chat_model=model, settings=settings.with_(templates=True)) as qa:
        answer = qa.ask(CONNECTIVITY)
    assert answer.backend == "ladybug" and answer.verified and answer.value is False
    assert "G_Node" in answer.code and "MATCH" in answer.code
    assert len(answer.llm_calls) == 1  # the plan only: the template was bound without the LLM
    assert answer.answer == "No: no path leads from node 0 to node 5."


def test_cypher_backend_projects_max_flow_into_networkx(settings):
    model = scripted(PLAN_FLOW)
    with GraphQA(backend="cypher", chat_model=model, settings=settings.with_(templates=True)) as qa:
        answer = qa.ask(FLOW)
    graph = parse_question(FLOW).graphs["G"]
    assert answer.backend == "networkx" and answer.verified
    assert answer.value == nx.maximum_flow_value(graph, 0, 5, capacity="weight")


def test_cypher_backend_projects_a_task_with_only_a_networkx_template(settings):
    # topological_sort has no Cypher template: the verified NetworkX one runs on the projection
    # instead of Cypher the LLM would draft (no valid order in 5 of 5 on Neo4j, GraphInstruct seed 2034).
    question = (
        "Find a topological order. In a directed graph, (i->j) means an edge from node i to node j. "
        "Q: The nodes are numbered from 0 to 3, and the edges are: (0->1) (1->2) (0->3) (3->2). Give one order."
    )
    model = scripted(plan_reply("topological_sort"))
    with GraphQA(backend="cypher", chat_model=model, settings=settings.with_(templates=True)) as qa:
        answer = qa.ask(question)
    graph = parse_question(question).graphs["G"]
    assert answer.backend == "networkx" and answer.verified and len(answer.llm_calls) == 1
    assert list(answer.value) in [list(order) for order in nx.all_topological_sorts(graph)]


def test_llm_written_cypher_error_is_fed_back_with_ladybugs_message(settings):
    bad = "MATCH (a:G_Node)-[e:G_EDGE]-(b:G_Node) RETURN count(m) AS answer"
    good = "MATCH (a:G_Node)-[e:G_EDGE]->(b:G_Node) RETURN count(e) AS answer"
    model = scripted(*NONE_TWICE, fenced(bad, "cypher"), fenced(good, "cypher"))
    with GraphQA(backend="cypher", chat_model=model, settings=settings) as qa:
        answer = qa.ask(CONNECTIVITY.replace("Is there a path between node 0 and node 5?", "How many edges are there?"))
    assert [a.status for a in answer.attempts] == ["error", "ok"]
    assert "Binder exception" in answer.attempts[0].error and "m" in answer.attempts[0].error
    assert "Binder exception" in model.prompt_text(5)
    assert answer.value == 5 and answer.trust == "executed"


def test_cypher_writes_are_rejected_and_fed_back(settings):
    model = scripted(
        *NONE_TWICE,
        fenced("MATCH (a:G_Node) SET a.id = 0 RETURN 1 AS answer", "cypher"),
        fenced("MATCH (a:G_Node) RETURN count(a) AS answer", "cypher"),
    )
    with GraphQA(backend="cypher", chat_model=model, settings=settings) as qa:
        answer = qa.ask(CONNECTIVITY.replace("Is there a path between node 0 and node 5?", "How many nodes are there?"))
    assert [a.status for a in answer.attempts] == ["rejected", "ok"] and answer.value == 7


def test_networkx_path_with_llm_written_code_runs_in_the_sandbox(settings):
    code = "answer = nx.maximum_flow_value(G, 0, 5, capacity='weight')"
    model = scripted(PLAN_FLOW, fenced("def solve(G): ..."), fenced(code))
    with GraphQA(chat_model=model, settings=settings) as qa:
        answer = qa.ask(FLOW)
    assert answer.trust == "executed" and answer.value == 5 and answer.backend == "networkx"
    # The graph never reaches the LLM: no edge of the question is in any prompt.
    assert all("(0->1,4)" not in model.prompt_text(i) for i in range(len(model.prompts)))


def test_timeout_in_the_sandbox_is_fed_back_with_the_size(settings):
    slow = "while True:\n    pass"
    code = "answer = nx.maximum_flow_value(G, 0, 5, capacity='weight')"
    model = scripted(PLAN_FLOW, fenced("x = 1"), fenced(slow), fenced(code))
    with GraphQA(chat_model=model, settings=settings.with_(timeout=1.5)) as qa:
        answer = qa.ask(FLOW)
    assert [a.status for a in answer.attempts] == ["timeout", "ok"]
    assert "6 nodes and 7 edges" in model.prompt_text(3) and "faster" in model.prompt_text(3)


@pytest.mark.parametrize("escape", ["open('/tmp/grraf-escape', 'w').write('x')", "__import__('os').system('true')"])
def test_escapes_are_fed_back_not_run(settings, escape, tmp_path):
    code = "answer = nx.maximum_flow_value(G, 0, 5, capacity='weight')"
    model = scripted(
        PLAN_FLOW,
        fenced("x = 1"),
        fenced(escape + "\nanswer = 1"),
        fenced(code),
    )
    with GraphQA(chat_model=model, settings=settings) as qa:
        answer = qa.ask(FLOW)
    assert answer.attempts[0].status == "rejected" and answer.value == 5


def test_self_check_catches_wrong_code_and_feeds_it_back(settings):
    wrong = "answer = sum(d['weight'] for _, _, d in G.out_edges(0, data=True))"  # capacity out of 0, not the flow
    right = "answer = nx.maximum_flow_value(G, 0, 5, capacity='weight')"
    model = scripted(PLAN_FLOW, fenced("x = 1"), fenced(wrong), fenced(right))
    with GraphQA(chat_model=model, settings=settings.with_(self_check=True)) as qa:
        answer = qa.ask(FLOW)
    assert [a.status for a in answer.attempts] == ["error", "ok"]
    assert "Self-check failed" in answer.attempts[0].error and "Self-check failed" in model.prompt_text(3)
    assert answer.value == 5 and answer.checked_by == "max_flow" and answer.trust == "verified"


def test_self_check_cross_checks_llm_written_cypher_against_networkx(settings):
    wrong = "MATCH (a:G_Node)-[e:G_EDGE]->(b:G_Node) RETURN count(e) AS answer"
    model = scripted(
        plan_reply("in_degree", node=2),  # "the in-degree of node 2" says the role: no contrast call
        fenced("MATCH (n) RETURN n", "cypher"),
        fenced(wrong, "cypher"),
        fenced("MATCH (a:G_Node)-[e:G_EDGE]->(b:G_Node {id: 2}) RETURN count(e) AS answer", "cypher"),
    )
    question = FLOW.replace(
        "What is the maximum flow from node 0 to node 5?", "What is the in-degree of node 2?"
    ).replace("Find the maximum flow between two nodes", "Find the in-degree of a node")
    settings = settings.with_(self_check=True)
    with GraphQA(backend="cypher", chat_model=model, settings=settings) as qa:
        answer = qa.ask(question)
    assert [a.status for a in answer.attempts] == ["error", "ok"] and answer.value == 2
    assert answer.checked_by == "in_degree" and answer.verified, answer.plan


def test_verified_code_is_reused_for_the_same_shape_with_new_parameters(settings):
    code = "answer = nx.maximum_flow_value(G, 1, 5, capacity='weight')"
    settings = settings.with_(self_check=True, reuse=True)
    first = scripted(plan_reply("max_flow", source=1, target=5), fenced("x = 1"), fenced(code))
    with GraphQA(chat_model=first, settings=settings) as qa:
        answer = qa.ask(FLOW.replace("from node 0 to node 5", "from node 1 to node 5"))
    assert answer.verified and answer.checked_by == "max_flow"

    second = scripted(plan_reply("max_flow", source=3, target=5))  # the plan only: no generation
    with GraphQA(chat_model=second, settings=settings) as qa:
        again = qa.ask(FLOW.replace("from node 0 to node 5", "from node 3 to node 5"))
    graph = parse_question(FLOW).graphs["G"]
    assert again.template_origin.startswith("reused:") and len(again.llm_calls) == 1
    assert "G, 3, 5" in again.code and again.value == nx.maximum_flow_value(graph, 3, 5, capacity="weight")
    assert again.tokens.total < answer.tokens.total
    assert again.verified and again.checked_by == "max_flow"  # checked again on this question's graph


def test_code_for_a_task_without_template_is_reused_as_executed_code(settings):
    # With the verified templates and the self-check kept out, nothing can cross-check the code: it ran
    # on the graph and is kept as executed code, and its answers are "executed", never "verified".
    code = "answer = len(list(nx.bridges(G)))"
    question = (
        "In an undirected graph, (i,j) means that node i and node j are connected. Q: The nodes are numbered "
        "from 0 to 5, and the edges are: {edges}. How many bridges does this graph have?"
    )
    first_graph, second_graph = "(0, 1) (1, 2) (2, 0) (2, 3) (3, 4)", "(0, 1) (1, 2) (2, 3) (3, 4) (4, 5)"
    settings = settings.with_(templates=False, self_check=False, reuse=True)
    draft = fenced("def solve(G):\n    return len(list(nx.bridges(G)))")
    first = scripted(plan_reply("bridge_count"), *KEEP, draft, fenced(code))
    with GraphQA(chat_model=first, settings=settings) as qa:
        answer = qa.ask(question.format(edges=first_graph))
    assert answer.trust == "executed" and answer.value == 2 and answer.checked_by is None
    stored = [json.loads(p.read_text()) for p in settings.reuse_path.glob("*.json")]
    assert [s["verified_by"] for s in stored] == ["executed"]

    events = []
    second = scripted(plan_reply("bridge_count"), *KEEP)  # the plan and its contrast: no generation
    with GraphQA(chat_model=second, settings=settings, observer=events.append) as qa:
        again = qa.ask(question.format(edges=second_graph))
    assert again.template_origin.startswith("reused:") and len(again.llm_calls) == 2
    assert again.value == 5 and again.trust == "executed"
    assert any(e.stage == "reuse" and "verified by executed" in e.message for e in events)


def test_a_named_stored_graph_is_G_after_projection(settings):
    from grraf.stores.ladybug import LadybugStore

    graph = parse_question(FLOW).graphs["G"]
    store = LadybugStore.from_networkx({"flow_8": graph}, settings=settings)
    model = scripted(PLAN_FLOW)
    with GraphQA(store, backend="auto", chat_model=model, settings=settings.with_(templates=True)) as qa:
        answer = qa.ask("In graph flow_8, what is the maximum flow from node 0 to node 5?")
    assert [a.status for a in answer.attempts] == ["ok"] and answer.backend == "networkx"
    assert answer.value == nx.maximum_flow_value(graph, 0, 5, capacity="weight")


def test_cypher_backend_does_not_borrow_a_template_of_another_task(settings):
    question = (
        "Determine whether or not a graph is bipartite. In a directed graph, (i->j) means that node i and node j are "
        "connected with an directed edge from node i to node j. Q: The nodes are numbered from 0 to 4, and the edges "
        "are: (0->1) (1->2) (2->0) (3->4). Is this graph bipartite?"
    )
    model = scripted(plan_reply("bipartite"))
    with GraphQA(backend="cypher", chat_model=model, settings=settings.with_(templates=True)) as qa:
        answer = qa.ask(question)
    graph = parse_question(question).graphs["G"]
    assert answer.template_origin == "retrieved:bipartite" and answer.backend == "networkx"
    assert answer.verified and answer.value == nx.is_bipartite(graph.to_undirected())


def test_a_stated_damping_factor_is_the_pagerank_templates_parameter(settings):
    question = (
        "In a directed graph, (i->j) means that node i and node j are connected with a directed edge from node i "
        "to node j. Q: The nodes are numbered from 0 to 3, and the edges are: (0->2) (1->2) (3->2) (2->0). "
        "What is the node with the highest PageRank score (damping factor 0.85)?"
    )
    model = scripted(plan_reply("pagerank_top", damping=0.85))
    with GraphQA(chat_model=model, settings=settings.with_(templates=True)) as qa:
        answer = qa.ask(question)
    assert answer.template_origin == "retrieved:pagerank_top" and answer.plan.output == "node"
    assert answer.verified and answer.value == 2 and answer.plan.parameters == {"damping": 0.85}
    assert answer.answer == "Node 2 has the highest PageRank (damping factor 0.85)."


def test_a_subgraph_question_about_a_stored_graph_brings_its_pattern_in_the_text(settings):
    """The store holds G; the question writes G'. The plan may choose subgraph_match (it takes
    G_prime), and the projection runs it with both graphs."""
    from grraf.stores.ladybug import LadybugStore

    graph = nx.DiGraph([(0, 1), (1, 2), (2, 0), (2, 3)])
    store = LadybugStore.from_networkx({"net": graph}, settings=settings)
    model = scripted(plan_reply("subgraph_match"), plan_reply("subgraph_match"))
    with GraphQA(store, backend="cypher", chat_model=model, settings=settings.with_(templates=True)) as qa:
        found = qa.ask("Does the pattern a→b, b→c, c→a occur in the graph?")
        missing = qa.ask("Does the pattern a→b, a→c, a→d occur in the graph?")
    assert found.plan.task == "subgraph_match" and found.backend == "networkx"
    assert found.value is True and missing.value is False
    assert "G_prime" in found.code
