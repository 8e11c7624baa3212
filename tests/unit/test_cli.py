"""The CLI: JSON contract, exit codes, one-line errors, --draw (scripted LLM, real store and sandbox)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from grraf import cli as cli_module
from tests.fakes import fenced, scripted

QUESTION = "What is the maximum flow from node 0 to node 7?"
REFINE = "task: max_flow\noutput: number\nparameters: source=0, target=7\nquestion: " + QUESTION


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


def test_json_contract_with_a_verified_answer(run):
    result = run(
        ["ask", QUESTION, "--graph", "examples/flow.txt", "--directed", "--json", "--no-explain"],
        REFINE,
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["value"] == 13 and data["verified"] is True and data["answer"] == "13"
    assert data["attempts"][0]["status"] == "ok" and "solve(G, source=0, target=7)" in data["attempts"][0]["code"]
    assert data["llm_calls"] == 1 and data["tokens"]["input"] > 0 and data["seconds"] >= 0


def test_fallback_is_exit_zero_and_flagged(run, monkeypatch):
    monkeypatch.setenv("GRRAF_MAX_RETRIES", "0")
    result = run(
        ["ask", "What is the Wiener index of this graph?", "--graph", "examples/flow.txt", "--json"],
        "task: wiener_index\noutput: number\nparameters: none\nquestion: What is the Wiener index?",
        fenced("answer = 1/0"),
        fenced("answer = 1/0"),
        "I believe it is 70.\n### 70",
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["verified"] is False and data["fallback_reason"] and data["answer"] == "70" and data["value"] == 70
    assert data["reasoning"] == "I believe it is 70.\n### 70"


def test_fallback_shows_the_reasoning_behind_it(run, monkeypatch):
    monkeypatch.setenv("GRRAF_MAX_RETRIES", "0")
    result = run(
        ["ask", "What is the Wiener index of this graph?", "--graph", "examples/flow.txt"],
        "task: wiener_index\noutput: number\nparameters: none\nquestion: What is the Wiener index?",
        fenced("answer = 1/0"),
        fenced("answer = 1/0"),
        "Summing [all] pair distances gives 70.\n### 70",
    )
    assert result.exit_code == 0, result.output
    assert "unverified" in result.stdout and "The model's own reasoning" in result.stdout
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
    result = run(["ask", "What is the diameter?"], REFINE)
    assert result.exit_code == 3 and "no graph" in result.stderr


def test_draw_writes_a_picture(run, tmp_path):
    picture = tmp_path / "flow.png"
    result = run(
        ["ask", QUESTION, "--graph", "examples/flow.txt", "--directed", "--no-explain", "--draw", str(picture)], REFINE
    )
    assert result.exit_code == 0, result.output
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_reuse_carries_code_from_one_invocation_to_the_next(run, tmp_path, monkeypatch):
    monkeypatch.setenv("GRRAF_REUSE_DIR", str(tmp_path / "reuse"))
    edges = tmp_path / "ring.txt"
    edges.write_text("0 1\n1 2\n2 0\n2 3\n3 4\n")
    question = "How many bridges does this graph have?"
    refine = "task: bridges\noutput: number\nparameters: none\nquestion: " + question
    code = fenced("answer = len(list(nx.bridges(G)))")
    args = ["ask", question, "--graph", str(edges), "--json", "--no-explain", "--reuse"]
    first = run(args, refine, fenced("def solve(G):\n    return len(list(nx.bridges(G)))"), code)
    assert first.exit_code == 0, first.output
    assert json.loads(first.stdout)["value"] == 2 and len(list((tmp_path / "reuse").glob("*.json"))) == 1

    edges.write_text("0 1\n1 2\n2 3\n")
    second = run(args, refine)  # refine only: the stored code answers without generation
    assert second.exit_code == 0, second.output
    data = json.loads(second.stdout)
    assert data["value"] == 3 and data["llm_calls"] == 1 and data["verified"] is True
