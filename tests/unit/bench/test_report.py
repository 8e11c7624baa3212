"""Report: summaries, Markdown, PNG plots, and the bench command end to end with a fake agent."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from grraf.bench.command import bench
from grraf.bench.report import markdown_table, plot_accuracy, summarize, summarize_scale, write_report
from tests.unit.bench.test_runner import install_fake_agent

PNG = b"\x89PNG\r\n\x1a\n"


def row(**kw: Any) -> dict[str, Any]:
    base = {
        "id": "flow-s0-0000",
        "task": "flow",
        "method": "grraf-networkx",
        "set": "graphinstruct",
        "correct": True,
        "verified": True,
        "fallback": False,
        "tokens_in": 100,
        "tokens_out": 10,
        "llm_calls": 2,
        "seconds": 1.0,
        "entered_feedback_error": False,
        "entered_feedback_timeout": False,
        "nodes": 10,
        "edges": 20,
        "error": None,
    }
    base.update(kw)
    return base


ROWS = [
    row(id="flow-0", correct=True, tokens_in=100),
    row(id="flow-1", correct=False, verified=False, fallback=True, entered_feedback_error=True, tokens_in=300),
    row(id="flow-2", correct=True, entered_feedback_timeout=True, tokens_in=200, nodes=40, edges=90),
    row(id="flow-3", correct=False, tokens_in=200, nodes=30, edges=60),
    row(id="flow-0", method="direct", correct=False, verified=False, tokens_in=900),
    row(id="cycle-0", task="cycle", correct=True),
    row(id="scale-0", task="shortest", set="scale", size=1000, nodes=1000, edges=2000),
    row(id="scale-1", task="shortest", set="scale", size=100, nodes=100, edges=200, correct=False),
]


def test_summary_numbers() -> None:
    summaries = {(s.group, s.method): s for s in summarize(ROWS)}
    flow = summaries[("flow", "grraf-networkx")]
    assert flow.n == 4
    assert flow.accuracy == 0.5
    assert flow.tokens_in == 200
    assert flow.feedback_error == 0.25 and flow.feedback_timeout == 0.25
    assert flow.fallback == 0.25
    assert flow.verified == 0.75
    assert flow.verified_accuracy == pytest.approx(2 / 3)
    assert summaries[("flow", "direct")].verified_accuracy is None
    assert summaries[("all", "grraf-networkx")].n == 5
    assert ("shortest", "grraf-networkx") not in summaries, "scale rows have their own table"
    scale = summarize_scale(ROWS)
    assert [s.group for s in scale] == ["100", "1,000"]


def test_markdown_table_shape() -> None:
    text = markdown_table(summarize(ROWS))
    lines = text.splitlines()
    assert lines[0].startswith("| task | method | n | accuracy | verified precision | verified | executed |")
    assert all(line.count("|") == lines[0].count("|") for line in lines)
    # 2 of 4 right; 2 of the 3 verified ones right (old rows: trust from the verified flag)
    assert "| flow | grraf-networkx | 4 | 50.0% (n=4, 95% CI 15.0–85.0%) | 66.7% (n=3, 95% CI 20.8–93.9%) |" in text


def test_write_report_makes_markdown_and_pngs(tmp_path: Path) -> None:
    with (tmp_path / "results.jsonl").open("w") as f:
        for r in ROWS:
            f.write(json.dumps(r) + "\n")
        # a retried pair: only the latest row counts
        f.write(json.dumps(row(id="flow-3", correct=True, tokens_in=200, nodes=30, edges=60)) + "\n")
    report = write_report(tmp_path)
    md = (tmp_path / "report.md").read_text()
    assert "## Tasks" in md and "## Scale" in md and "verified precision" in md and "Cost per question" in md
    assert "| flow | grraf-networkx | 4 | 75.0% (n=4, 95% CI 30.1–95.4%) |" in md
    assert f"{len(ROWS)} rows predate trust levels" in md
    names = sorted(p.name for p in report.plots)
    assert names == ["accuracy.png", "cost_by_size.png", "scale.png"]
    for p in report.plots:
        assert p.read_bytes().startswith(PNG) and p.stat().st_size > 1000


def test_accuracy_plot_draws_no_bar_for_a_method_not_run_and_keeps_the_legend_off_the_bars(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import matplotlib.pyplot as plt

    figures: list[Any] = []
    monkeypatch.setattr(plt, "close", figures.append)
    plot_accuracy(summarize(ROWS), tmp_path / "accuracy.png")
    (ax,) = figures[0].axes
    groups = [t.get_text() for t in ax.get_xticklabels()]
    direct = next(c for c in ax.containers if c.get_label() == "direct")
    heights = dict(zip(groups, (bar.get_height() for bar in direct), strict=True))
    assert heights["flow"] == 0.0, "direct ran on flow and got every question wrong: a real 0 %"
    assert math.isnan(heights["cycle"]), "direct never ran on cycle: no bar, not a 0 % bar"
    assert ax.get_legend() is None and len(figures[0].legends) == 1, "legend sits outside the axes"


def test_report_of_empty_results(tmp_path: Path) -> None:
    (tmp_path / "results.jsonl").write_text("")
    report = write_report(tmp_path)
    assert report.plots == () and "No results yet" in report.markdown


# --------------------------------------------------------------------------- the command


@pytest.fixture
def fake_agent(monkeypatch: pytest.MonkeyPatch):
    import grraf.llm.factory as factory
    from grraf.bench.dataset import generate

    models: list[Any] = []

    def make_chat_model(settings: Any) -> object:
        models.append(settings)
        return object()

    monkeypatch.setattr(factory, "make_chat_model", make_chat_model)
    qs = generate("connectivity,flow", 2, seed=0)
    world = install_fake_agent(monkeypatch, {q.text: q.answer for q in qs})
    return world, models


def test_bench_command_runs_resumes_and_reports(tmp_path: Path, fake_agent) -> None:
    world, models = fake_agent
    out = tmp_path / "run"
    args = ["--tasks", "connectivity,flow", "--per-task", "2", "--methods", "grraf-networkx,direct", "--out", str(out)]
    result = CliRunner().invoke(bench, [*args, "--timeout", "7", "--max-retries", "1"])
    assert result.exit_code == 0, result.output
    assert len(models) == 1, "one chat model for the whole run"
    assert models[0].timeout == 7 and models[0].max_retries == 1
    rows = (out / "results.jsonl").read_text().splitlines()
    assert len(rows) == 8
    assert (out / "report.md").exists() and (out / "accuracy.png").exists()
    again = CliRunner().invoke(bench, args)
    assert again.exit_code == 0, again.output
    assert len((out / "results.jsonl").read_text().splitlines()) == 8
    assert len(models) == 1, "nothing left to run, so no model is loaded"
    only = CliRunner().invoke(bench, ["--out", str(out), "--report-only"])
    assert only.exit_code == 0 and "grraf-networkx" in only.output


def test_bench_flags_reach_the_settings_and_reuse_stays_in_the_run_folder(tmp_path: Path, fake_agent) -> None:
    world, models = fake_agent
    out = tmp_path / "run"
    args = ["--tasks", "connectivity", "--per-task", "1", "--methods", "grraf-networkx", "--out", str(out)]
    result = CliRunner().invoke(bench, [*args, "--no-templates", "--no-self-check", "--reuse"])
    assert result.exit_code == 0, result.output
    used = world.instances[-1].settings
    assert (used.templates, used.self_check, used.reuse) == (False, False, True)
    assert used.reuse_path == out / "reuse"


def test_bench_command_errors_are_one_line(tmp_path: Path) -> None:
    result = CliRunner().invoke(bench, ["--out", str(tmp_path / "none"), "--report-only"])
    assert result.exit_code == 2 and result.output.startswith("grraf: error: no results.jsonl")
    bad = CliRunner().invoke(bench, ["--methods", "telepathy", "--out", str(tmp_path)])
    assert bad.exit_code == 2 and "unknown method" in bad.output


def test_bench_help_teaches_with_an_example() -> None:
    result = CliRunner().invoke(bench, ["--help"])
    assert result.exit_code == 0 and "grraf bench --tasks connectivity,flow" in result.output


def test_beyond_rows_get_their_own_total_and_stay_out_of_all() -> None:
    rows = [
        {"task": "flow", "method": "grraf-networkx", "set": "graphinstruct", "correct": True},
        {"task": "radius", "method": "grraf-networkx", "set": "beyond", "correct": False},
        {"task": "radius", "method": "grraf-networkx", "set": "beyond", "correct": True, "template": "reused:x"},
    ]
    totals = {s.group: s for s in summarize(rows) if s.group in ("all", "beyond")}
    assert (totals["all"].n, totals["all"].accuracy) == (1, 1.0)
    assert (totals["beyond"].n, totals["beyond"].accuracy, totals["beyond"].reused) == (2, 0.5, 0.5)
