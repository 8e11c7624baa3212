"""The peers' plumbing without a server: the neo4j-graphrag adapter, and where the runner applies them."""

from __future__ import annotations

import asyncio

import pytest

from grraf.bench.peers import GRAPHRAG, LANGCHAIN, PEER_METHODS, make_graphrag_llm, make_peer
from grraf.bench.question import Question
from grraf.bench.runner import METHODS, MethodPool, parse_methods
from grraf.errors import ConfigError
from grraf.llm.calls import LLMSession
from tests.fakes import PropertyStore, scripted


def test_the_adapter_speaks_both_of_neo4j_graphrags_call_forms_through_grrafs_session() -> None:
    from neo4j_graphrag.llm.base import LLMInterface, LLMInterfaceV2

    model = scripted("MATCH (n) RETURN n", "second", "third")
    session = LLMSession(model)
    llm = make_graphrag_llm(model, session)
    assert isinstance(llm, LLMInterface) and isinstance(llm, LLMInterfaceV2)
    # v1: a string, an optional system instruction
    reply = llm.invoke("Write Cypher.", system_instruction="Be brief.")
    assert reply.content == "MATCH (n) RETURN n"
    assert [type(m).__name__ for m in model.prompts[0]] == ["SystemMessage", "HumanMessage"]
    assert reply.usage.request_tokens == session.calls[0].tokens.input > 0
    # v2: role/content messages
    assert llm.invoke([{"role": "system", "content": "s"}, {"role": "user", "content": "u"}]).content == "second"
    assert [m.content for m in model.prompts[1]] == ["s", "u"]
    assert asyncio.run(llm.ainvoke("again")).content == "third"
    assert [c.stage for c in session.calls] == [GRAPHRAG] * 3


def test_peers_are_named_apart_from_all_and_only_apply_to_property_questions_on_neo4j(settings) -> None:
    assert parse_methods("grraf-cypher,langchain-neo4j,neo4j-graphrag") == ("grraf-cypher", LANGCHAIN, GRAPHRAG)
    assert not set(PEER_METHODS) & set(parse_methods("all")) and not set(PEER_METHODS) & set(METHODS)
    question = Question(id="movies-x", task="property", text="Who directed The Matrix?", answer=["x"])
    other = Question(id="flow-1", task="flow", text="Max flow from 0 to 1? (0->1,3)", answer=3)
    on_neo4j = MethodPool(chat_model=None, settings=settings, store=PropertyStore({}, dialect="neo4j"))
    on_ladybug = MethodPool(chat_model=None, settings=settings, store=PropertyStore({}, dialect="ladybug"))
    for peer in PEER_METHODS:
        assert on_neo4j.applies(peer, question) and not on_neo4j.applies(peer, other)
        assert not on_ladybug.applies(peer, question)  # they only support Neo4j: no rows, nothing faked


def test_a_peer_needs_the_server_it_asks(settings, monkeypatch) -> None:
    monkeypatch.delenv("NEO4J_URI", raising=False)
    monkeypatch.delenv("NEO4J_PASSWORD", raising=False)
    with pytest.raises(ConfigError, match="NEO4J_URI and NEO4J_PASSWORD"):
        make_peer(LANGCHAIN, scripted(), settings)
    with pytest.raises(ConfigError, match="unknown peer"):
        make_peer("gremlin", scripted(), settings)
