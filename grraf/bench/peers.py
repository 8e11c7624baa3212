"""Peers for the property-graph questions: other text-to-Cypher systems, run side by side with grraf.

Two systems people use to ask questions of a graph in Neo4j, each as its authors ship it, asked
of the same Neo4j database with the same questions and the same chat model object grraf uses:

* ``langchain-neo4j``: langchain-neo4j's ``GraphCypherQAChain`` over its ``Neo4jGraph``: the LLM
  writes Cypher from the schema the package reads, the query runs, and the LLM words an answer from
  the rows (the chain's result, which is what is scored). Its own Cypher corrector
  (``validate_cypher=True``, which fixes relationship directions against the schema) is on, and
  ``top_k`` is raised from 10 to 100 rows so that long answers are not cut.
* ``neo4j-graphrag``: neo4j-graphrag's ``Text2CypherRetriever``: the LLM writes Cypher from the
  schema the package reads; the records it returns are the answer (there is no wording step).
  neo4j-graphrag wants an ``LLMInterface``; :class:`LangChainLLM` adapts grraf's chat model to it.

Both read their schema with APOC (``apoc.meta.data``), as shipped; a server without APOC cannot
run them (a :class:`~grraf.errors.ConfigError` says so). Both only work with Neo4j: on the ladybug
store they do not apply, and the bench runner writes no rows for them there.

Nothing verifies a peer's answer, so no peer row is ever ``verified``. Following the runner's
conventions for the baselines: the chain's answer is the LLM's own wording of the rows
(``fallback``, like the direct answer); the retriever's answer is the rows its generated Cypher
returned (``executed``, like code-once); a peer whose query failed has no answer.

Safety: the peers' generated Cypher runs in READ transactions (the chain's graph is given READ
routing, which a Neo4j server enforces as read access; the retriever already checks ``EXPLAIN`` and
reads), so nothing they generate can change the benchmark's database.
"""

from __future__ import annotations

import asyncio
import logging
import os
import time
from collections.abc import Sequence
from typing import Any

from langchain_core.callbacks import BaseCallbackHandler
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage
from langchain_core.outputs import LLMResult

from grraf.config import Settings
from grraf.errors import ConfigError, GrrafError
from grraf.llm.calls import LLMSession, usage_of
from grraf.types import Answer, Attempt, LLMCall

logger = logging.getLogger(__name__)

LANGCHAIN = "langchain-neo4j"
GRAPHRAG = "neo4j-graphrag"
#: The peer methods of ``grraf bench``, by name (they run only on the property questions, on Neo4j).
PEER_METHODS: tuple[str, ...] = (LANGCHAIN, GRAPHRAG)
#: Rows the chain passes to its answering step (langchain-neo4j's default is 10).
TOP_K = 100


def _missing(package: str) -> ConfigError:
    return ConfigError(f"the {package} peer needs the 'peers' extra: pip install 'grraf[peers]' ({package})")


def neo4j_connection(store: Any = None) -> tuple[str, tuple[str, str], str | None]:
    """URI, credentials and database of the run's Neo4j (``NEO4J_*``, as ``grraf bench --store neo4j`` uses).

    Raises:
        ConfigError: ``NEO4J_URI`` or ``NEO4J_PASSWORD`` is not set.
    """
    uri = os.environ.get("NEO4J_URI") or getattr(store, "uri", None)
    password = os.environ.get("NEO4J_PASSWORD")
    if not uri or not password:
        raise ConfigError("the Neo4j peers need NEO4J_URI and NEO4J_PASSWORD (the server the questions are asked of)")
    user = os.environ.get("NEO4J_USERNAME") or "neo4j"
    database = os.environ.get("NEO4J_DATABASE") or getattr(store, "database", None) or None
    return uri, (user, password), database


# ---------------------------------------------------------------------------------- the LLM, shared
class _CallRecorder(BaseCallbackHandler):
    """Records each chat-model call a LangChain chain makes (tokens from the provider's usage metadata)."""

    def __init__(self, stage: str) -> None:
        self.stage = stage
        self.calls: list[LLMCall] = []
        self._started: dict[Any, float] = {}

    def on_chat_model_start(self, serialized: Any, messages: Any, *, run_id: Any, **kwargs: Any) -> None:
        self._started[run_id] = time.perf_counter()

    def on_llm_end(self, response: LLMResult, *, run_id: Any, **kwargs: Any) -> None:
        seconds = time.perf_counter() - self._started.pop(run_id, time.perf_counter())
        for generations in response.generations:
            for generation in generations:
                message = getattr(generation, "message", None)
                if message is not None:
                    self.calls.append(LLMCall(self.stage, usage_of(message), seconds))


def _graphrag_base() -> type:
    try:
        from neo4j_graphrag.llm.base import LLMBase
    except ImportError as e:  # pragma: no cover - the extra is installed where the peers run
        raise _missing("neo4j-graphrag") from e
    return LLMBase  # type: ignore[no-any-return]


def make_graphrag_llm(chat_model: BaseChatModel, session: LLMSession) -> Any:
    """grraf's chat model as a neo4j-graphrag LLM (:class:`LangChainLLM`)."""
    return LangChainLLM.build(chat_model, session)


class LangChainLLM:
    """A LangChain chat model behind neo4j-graphrag's LLM interface (v1 string calls and v2 message lists).

    Calls go through grraf's :class:`~grraf.llm.calls.LLMSession`, so they are retried and counted
    like grraf's own. neo4j-graphrag ships no LangChain adapter; this is the small one its
    ``LLMBase`` asks for (``invoke``/``ainvoke`` dispatching on the input's type).
    """

    @staticmethod
    def build(chat_model: BaseChatModel, session: LLMSession) -> Any:
        base = _graphrag_base()

        class _Adapter(base):  # type: ignore[misc, valid-type]
            def __init__(self) -> None:
                super().__init__(model_name=getattr(chat_model, "model_name", None) or type(chat_model).__name__)
                self.session = session

            def invoke(
                self,
                input: Any,
                message_history: Any = None,
                system_instruction: str | None = None,
                response_format: Any = None,
                **kwargs: Any,
            ) -> Any:
                from neo4j_graphrag.llm.types import LLMResponse, LLMUsage

                messages = _messages(input, message_history, system_instruction)
                before = len(self.session.calls)
                text = self.session.chat(GRAPHRAG, messages)
                tokens = self.session.calls[-1].tokens if len(self.session.calls) > before else None
                usage = (
                    LLMUsage(request_tokens=tokens.input, response_tokens=tokens.output, total_tokens=tokens.total)
                    if tokens
                    else None
                )
                return LLMResponse(content=text, usage=usage)

            async def ainvoke(
                self,
                input: Any,
                message_history: Any = None,
                system_instruction: str | None = None,
                response_format: Any = None,
                **kwargs: Any,
            ) -> Any:
                return await asyncio.to_thread(self.invoke, input, message_history, system_instruction)

        return _Adapter()


def _messages(input: Any, history: Any, system: str | None) -> list[BaseMessage]:
    """neo4j-graphrag's inputs (a string, or role/content dicts, plus history) as LangChain messages."""
    out: list[BaseMessage] = []
    if system:
        out.append(SystemMessage(system))
    past = getattr(history, "messages", history) or []
    items: Sequence[Any] = [*past, *(input if isinstance(input, list) else [{"role": "user", "content": input}])]
    kinds = {"system": SystemMessage, "assistant": AIMessage}
    for item in items:
        out.append(kinds.get(item["role"], HumanMessage)(item["content"]))
    return out


# ---------------------------------------------------------------------------------- the peers
class LangChainCypherQA:
    """langchain-neo4j's ``GraphCypherQAChain`` with grraf's chat model (see the module docstring)."""

    name = LANGCHAIN

    def __init__(self, chat_model: BaseChatModel, settings: Settings, store: Any = None) -> None:
        try:
            import neo4j
            from langchain_neo4j import GraphCypherQAChain, Neo4jGraph
        except ImportError as e:  # pragma: no cover - the extra is installed where the peers run
            raise _missing("langchain-neo4j") from e

        class _ReadGraph(Neo4jGraph):  # type: ignore[misc]
            """The package's graph, its queries in READ transactions (the server refuses writes there)."""

            def query(self, query: str, params: dict[str, Any] | None = None, session_params: Any = None) -> Any:
                data, _, _ = self._driver.execute_query(
                    neo4j.Query(text=query, timeout=self.timeout),
                    database_=self._database,
                    parameters_=params or {},
                    routing_=neo4j.RoutingControl.READ,
                )
                return [record.data() for record in data]

        uri, (user, password), database = neo4j_connection(store)
        try:
            self.graph = _ReadGraph(
                url=uri, username=user, password=password, database=database, timeout=settings.timeout
            )
        except (ValueError, neo4j.exceptions.Neo4jError, neo4j.exceptions.DriverError) as e:
            raise ConfigError(f"langchain-neo4j cannot read the schema of {uri} (it needs APOC): {e}") from e
        self.chat_model = chat_model
        self._chain_type = GraphCypherQAChain

    def _chain(self, recorder: _CallRecorder) -> Any:
        # Built per question around the model with a call recorder: the chain does not hand the
        # callbacks of its own invoke on to the model, so tokens would go uncounted.
        return self._chain_type.from_llm(
            # it only binds and pipes the model, so a Runnable with callbacks serves as well as the model
            llm=self.chat_model.with_config(callbacks=[recorder]),  # type: ignore[arg-type]
            graph=self.graph,
            allow_dangerous_requests=True,  # the package's required acknowledgement; queries run read-only here
            validate_cypher=True,
            return_intermediate_steps=True,
            top_k=TOP_K,
        )

    def answer(self, question: str) -> Answer:
        started = time.perf_counter()
        recorder = _CallRecorder(LANGCHAIN)
        try:
            result = self._chain(recorder).invoke({"query": question})
        except Exception as e:  # the package raises driver and parsing errors of every kind: this question failed
            if isinstance(e, GrrafError):
                raise
            return _failed(question, recorder.calls, started, f"{type(e).__name__}: {e}")
        steps = result.get("intermediate_steps", [])
        cypher = next((s["query"] for s in steps if "query" in s), "")
        text = str(result.get("result", ""))
        seconds = time.perf_counter() - started
        return Answer(
            question=question,
            answer=text,
            value=None,
            trust="fallback",
            attempts=(Attempt(cypher, "ok", None, seconds, "cypher"),),
            llm_calls=tuple(recorder.calls),
            seconds=seconds,
            backend="neo4j",
            code=cypher,
            fallback_reason="langchain-neo4j's answer is the LLM's wording of the query's rows; nothing verified it",
            reasoning=text,
        )

    def close(self) -> None:
        self.graph.close()


class GraphragText2Cypher:
    """neo4j-graphrag's ``Text2CypherRetriever`` with grraf's chat model (see the module docstring)."""

    name = GRAPHRAG

    def __init__(self, chat_model: BaseChatModel, settings: Settings, store: Any = None) -> None:
        try:
            import neo4j
            from neo4j_graphrag.schema import get_schema
        except ImportError as e:  # pragma: no cover - the extra is installed where the peers run
            raise _missing("neo4j-graphrag") from e
        self.chat_model = chat_model
        uri, auth, self.database = neo4j_connection(store)
        self.driver = neo4j.GraphDatabase.driver(uri, auth=auth, notifications_min_severity="OFF")
        try:
            # The package's own schema reader, asked for the run's database (its default reads the default one).
            self.schema = get_schema(self.driver, database=self.database, timeout=settings.timeout)
        except (neo4j.exceptions.Neo4jError, neo4j.exceptions.DriverError) as e:
            self.driver.close()
            raise ConfigError(f"neo4j-graphrag cannot read the schema of {uri} (it needs APOC): {e}") from e

    def answer(self, question: str) -> Answer:
        from neo4j_graphrag.retrievers import Text2CypherRetriever

        from grraf.stores.neo4j import shape_records

        started = time.perf_counter()
        session = LLMSession(self.chat_model)
        retriever = Text2CypherRetriever(
            driver=self.driver,
            llm=make_graphrag_llm(self.chat_model, session),
            neo4j_schema=self.schema,
            neo4j_database=self.database,
        )
        try:
            raw = retriever.get_search_results(question)
        except Exception as e:  # the package wraps Cypher and driver errors its own way: this question failed
            if isinstance(e, GrrafError):
                raise
            return _failed(question, session.calls, started, f"{type(e).__name__}: {e}")
        cypher = str((raw.metadata or {}).get("cypher", ""))
        records = list(raw.records)
        keys = list(records[0].keys()) if records else ["answer"]
        value = shape_records(keys, [list(r.values()) for r in records])
        seconds = time.perf_counter() - started
        return Answer(
            question=question,
            answer=str(value),
            value=value,
            trust="executed",
            attempts=(Attempt(cypher, "ok", None, seconds, "cypher"),),
            llm_calls=tuple(session.calls),
            seconds=seconds,
            backend="neo4j",
            code=cypher,
        )

    def close(self) -> None:
        self.driver.close()


def _failed(question: str, calls: Sequence[LLMCall], started: float, error: str) -> Answer:
    seconds = time.perf_counter() - started
    return Answer(
        question=question,
        answer="",
        value=None,
        trust="fallback",
        attempts=(Attempt("", "error", error[:2000], seconds, "cypher"),),
        llm_calls=tuple(calls),
        seconds=seconds,
        backend="neo4j",
        fallback_reason=f"the peer produced no answer: {error[:300]}",
    )


def make_peer(name: str, chat_model: BaseChatModel, settings: Settings, store: Any = None) -> Any:
    """The peer called ``name`` (one of :data:`PEER_METHODS`), connected to the run's Neo4j.

    Raises:
        ConfigError: an unknown name, the extra not installed, Neo4j not configured, or no APOC.
    """
    if name == LANGCHAIN:
        return LangChainCypherQA(chat_model, settings, store)
    if name == GRAPHRAG:
        return GraphragText2Cypher(chat_model, settings, store)
    raise ConfigError(f"unknown peer {name!r}; known: {', '.join(PEER_METHODS)}")
