"""The CLI: JSON contract, exit codes, one-line errors, --draw (scripted LLM, real store and sandbox)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from grraf import cli as cli_module
from tests.fakes import KEEP, NONE_TWICE, fenced, plan_reply, scripted

QUESTION = "What is the maximum flow from node 0 to node 7?"
PLAN = plan_reply("max_flow", source=0, target=7)


@pytest.fixture
def run(monkeypatch, tmp_path):
    monkeypatch.setenv("GRRAF_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("GRRAF_TIMEOUT", "30")

    def invoke(args, *replies):
        model = scripted(*replies)
        monkeypatch.setattr("grraf.llm.factory.make_chat_model", lambda settings: model)
        cli_module._register_optional_commands()
        return CliRunner().invoke(cli_module.cli, args, catch_exceptions=False)

    return invoke


def test_the_answer_line_says_how_far_it_can_be_relied_on(run):
    result = run(["ask", QUESTION, "--graph", "examples/flow.txt", "--directed", "--no-explain"], PLAN)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "The maximum flow from node 0 to node 7 is 13."
    assert lines[1].startswith("verified: verified template max_flow, parameters checked against the question")


def test_a_shortest_path_answer_says_what_its_value_is(run):
    # examples/flow.txt has one edge 0->5 of weight 4: "4 edges long" would be a wrong sentence.
    question = "What is the shortest path from node 0 to node 5?"
    args = ["ask", question, "--graph", "examples/flow.txt", "--directed", "--json"]
    path = json.loads(run(args, plan_reply("shortest_path", source=0, target=5), *KEEP).stdout)
    assert path["value"] == [0, 5] and path["answer"] == "A shortest path from node 0 to node 5 is 0 → 5."
    weight = json.loads(run(args, plan_reply("shortest_path_weight", source=0, target=5), *KEEP).stdout)
    assert weight["value"] == 4 and weight["trust"] == "verified"
    assert weight["answer"] == "The lightest path from node 0 to node 5 has total weight 4."


def test_json_contract_with_a_verified_answer(run):
    result = run(
        ["ask", QUESTION, "--graph", "examples/flow.txt", "--directed", "--json", "--no-explain"],
        PLAN,
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["value"] == 13 and data["trust"] == "verified" and data["verified"] is True
    assert data["answer"] == "The maximum flow from node 0 to node 7 is 13."
    assert data["attempts"][0]["status"] == "ok" and "solve(G, source=0, target=7)" in data["attempts"][0]["code"]
    assert data["llm_calls"] == 1 and data["tokens"]["input"] > 0 and data["seconds"] >= 0


def test_fallback_is_exit_zero_and_flagged(run, monkeypatch):
    monkeypatch.setenv("GRRAF_MAX_RETRIES", "0")
    result = run(
        ["ask", "What is the Wiener index of this graph?", "--graph", "examples/flow.txt", "--json"],
        *NONE_TWICE,
        fenced("answer = 1/0"),
        "I believe it is 70.\n### 70",
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["trust"] == "fallback" and data["verified"] is False and data["fallback_reason"]
    assert data["answer"] == "70" and data["value"] == 70
    assert data["reasoning"] == "I believe it is 70.\n### 70"


def test_fallback_shows_the_reasoning_behind_it(run, monkeypatch):
    monkeypatch.setenv("GRRAF_MAX_RETRIES", "0")
    result = run(
        ["ask", "What is the Wiener index of this graph?", "--graph", "examples/flow.txt"],
        *NONE_TWICE,
        fenced("answer = 1/0"),
        "Summing [all] pair distances gives 70.\n### 70",
    )
    assert result.exit_code == 0, result.output
    assert "unverified: fallback" in result.stdout and "The model's own reasoning" in result.stdout
    assert "Summing [all] pair distances gives 70." in result.stdout  # printed as is, not as rich markup


def test_bad_graph_file_is_one_line_with_the_line_number(run, tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("0 1\n1 2\n2 x y z\n")
    result = run(["ask", QUESTION, "--graph", str(bad)])
    assert result.exit_code == 3
    assert result.stderr.count("\n") == 1 and f"{bad}:3" in result.stderr


def test_unusable_model_configuration_is_a_clear_error(monkeypatch, tmp_path):
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    cli_module._register_optional_commands()
    result = CliRunner().invoke(
        cli_module.cli, ["ask", QUESTION, "--graph", "examples/flow.txt", "--model", "openai:gpt-4o-mini"]
    )
    assert result.exit_code == 2 and "OPENAI_API_KEY" in result.stderr


def test_no_graph_is_a_clear_error(run):
    result = run(["ask", "What is the diameter?"], PLAN)
    assert result.exit_code == 3 and "no graph" in result.stderr


def test_draw_writes_a_picture(run, tmp_path):
    picture = tmp_path / "flow.png"
    result = run(
        ["ask", QUESTION, "--graph", "examples/flow.txt", "--directed", "--no-explain", "--draw", str(picture)], PLAN
    )
    assert result.exit_code == 0, result.output
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_reuse_carries_code_from_one_invocation_to_the_next(run, tmp_path, monkeypatch):
    monkeypatch.setenv("GRRAF_REUSE_DIR", str(tmp_path / "reuse"))
    edges = tmp_path / "ring.txt"
    edges.write_text("0 1\n1 2\n2 0\n2 3\n3 4\n")
    question = "How many bridges does this graph have?"
    plan = plan_reply("bridge_count")
    code = fenced("answer = len(list(nx.bridges(G)))")
    # bridge_count has a verified template that would answer by itself: keep templates and self-check out.
    from_env = cli_module.Settings.from_env.__func__
    monkeypatch.setattr(
        cli_module.Settings,
        "from_env",
        classmethod(lambda cls, **kw: from_env(cls, **{**kw, "templates": False, "self_check": False})),
    )
    args = ["ask", question, "--graph", str(edges), "--json", "--no-explain", "--reuse"]
    first = run(args, plan, *KEEP, fenced("def solve(G):\n    return len(list(nx.bridges(G)))"), code)
    assert first.exit_code == 0, first.output
    assert json.loads(first.stdout)["value"] == 2 and len(list((tmp_path / "reuse").glob("*.json"))) == 1

    edges.write_text("0 1\n1 2\n2 3\n")
    second = run(args, plan, *KEEP)  # the plan only: the stored code answers without generation
    assert second.exit_code == 0, second.output
    data = json.loads(second.stdout)
    # It ran on this graph, but nothing independent confirmed it here: executed, not verified.
    assert data["value"] == 3 and data["llm_calls"] == 2 and data["trust"] == "executed"  # the plan, its contrast
    assert data["answer"] == "The graph has 3 bridge(s)."


CYPHER_ARGS = ["ask", "How many edges point into node 5?", "--graph", "examples/flow.txt", "--directed"]
CYPHER_PLAN = (plan_reply("in_degree", node=5),)  # "point into node 5" says the role: no contrast call


def _record_syntax(monkeypatch) -> list[str]:
    """The lexer of every code block the CLI prints (rich shows no colours to a test runner)."""
    lexers: list[str] = []
    real = cli_module.Syntax

    def recording(code, lexer, **kwargs):
        lexers.append(lexer)
        return real(code, lexer, **kwargs)

    monkeypatch.setattr(cli_module, "Syntax", recording)
    return lexers


def test_cypher_is_shown_as_cypher(run, monkeypatch):
    lexers = _record_syntax(monkeypatch)
    result = run([*CYPHER_ARGS, "--backend", "cypher", "--no-explain"], *CYPHER_PLAN)
    assert result.exit_code == 0, result.output
    assert "MATCH" in result.stdout and lexers == ["cypher"]


def test_verbose_attempts_show_cypher_as_cypher(run, monkeypatch):
    lexers = _record_syntax(monkeypatch)
    result = run([*CYPHER_ARGS, "--backend", "cypher", "--no-explain", "--verbose"], *CYPHER_PLAN)
    assert result.exit_code == 0, result.output
    assert "attempt" in result.stderr and lexers == ["cypher", "cypher"]  # the attempt (stderr), then the answer


def test_json_attempts_name_their_language(run):
    cypher = json.loads(run([*CYPHER_ARGS, "--backend", "cypher", "--json"], *CYPHER_PLAN).stdout)
    assert [a["language"] for a in cypher["attempts"]] == ["cypher"] and "MATCH" in cypher["attempts"][0]["code"]
    python = json.loads(run([*CYPHER_ARGS, "--json"], *CYPHER_PLAN).stdout)
    assert [a["language"] for a in python["attempts"]] == ["python"]
