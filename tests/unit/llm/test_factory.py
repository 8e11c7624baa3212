"""Model factory and the OpenAI-compatible path, against a real HTTP server on loopback.

The server speaks the OpenAI chat-completions protocol (as vLLM, Ollama and llama.cpp's
server do), so this exercises the real langchain-openai and openai client code:
OPENAI_BASE_URL, usage metadata, and retries of transient errors.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import networkx as nx
import pytest

from grraf.agent import GraphQA
from grraf.errors import ConfigError
from grraf.llm.factory import make_chat_model


class FakeOpenAI(BaseHTTPRequestHandler):
    replies: list[tuple[int, str]] = []
    requests: list[dict] = []

    def do_POST(self) -> None:  # noqa: N802 - http.server's naming
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        type(self).requests.append({"path": self.path, "body": body, "auth": self.headers.get("Authorization")})
        status, text = type(self).replies.pop(0)
        if status != 200:
            payload = {"error": {"message": "overloaded", "type": "server_error"}}
        else:
            payload = {
                "id": "chatcmpl-1",
                "object": "chat.completion",
                "created": 0,
                "model": body["model"],
                "choices": [{"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": "stop"}],
                "usage": {"prompt_tokens": 100, "completion_tokens": 10, "total_tokens": 110},
            }
        data = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def server(monkeypatch) -> Iterator[type[FakeOpenAI]]:
    FakeOpenAI.replies, FakeOpenAI.requests = [], []
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), FakeOpenAI)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    monkeypatch.setenv("OPENAI_BASE_URL", f"http://127.0.0.1:{httpd.server_address[1]}/v1")
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    yield FakeOpenAI
    httpd.shutdown()


def test_openai_compatible_server_answers_a_question(server, settings):
    # The plan's structured reply: an object around the choice (OpenAI wants an object at the top).
    # Then the contrast with its rival (shortest_path_hops; no word says weights or hops), rival
    # first, an object already: the choice is kept, so the other order is not asked.
    server.replies = [
        (200, '{"reply": {"task": "shortest_path_weight", "source": 0, "target": 2}}'),
        (200, '{"answer": "B"}'),
    ]
    graph = nx.Graph()
    graph.add_weighted_edges_from([(0, 1, 2), (1, 2, 3), (0, 2, 9)])
    model = make_chat_model(settings.with_(model="openai:qwen2.5-coder"))
    answer = GraphQA(chat_model=model, settings=settings.with_(templates=True)).ask(
        "What does the cheapest route from node 0 to node 2 cost?", graph=graph
    )
    assert answer.verified and answer.value == 5
    assert answer.tokens.input == 200 and answer.tokens.output == 20  # from the server's usage, two calls
    assert {r["path"] for r in server.requests} == {"/v1/chat/completions"}
    body = server.requests[0]["body"]
    assert body["model"] == "qwen2.5-coder" and body["temperature"] == 0
    assert body["response_format"]["type"] == "json_schema"  # native structured output
    assert server.requests[1]["body"]["response_format"]["json_schema"]["name"] == "reply"  # titled
    assert server.requests[0]["auth"] == "Bearer not-needed"


def test_transient_server_errors_are_retried(server, settings):
    server.replies = [(503, ""), (200, "### Yes")]
    model = make_chat_model(settings.with_(model="openai:m"))
    from grraf.agent import answer_directly

    answer = answer_directly("Is there a path between node 0 and node 1? (0,1)", chat_model=model, settings=settings)
    assert answer.value is True and len(server.requests) == 2


def test_hosted_openai_without_key_is_a_config_error(monkeypatch, settings):
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    with pytest.raises(ConfigError, match="OPENAI_API_KEY"):
        make_chat_model(settings.with_(model="openai:gpt-4o-mini"))


def test_unknown_provider_is_a_config_error(settings):
    with pytest.raises(ConfigError, match="nosuchprovider"):
        make_chat_model(settings.with_(model="nosuchprovider:model"))


def test_missing_local_model_says_how_to_install(settings):
    with pytest.raises(ConfigError, match="setup.sh"):
        make_chat_model(settings.with_(model="local"))
