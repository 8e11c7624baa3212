"""Report: summaries, Markdown, PNG plots, and the bench command end to end with a fake agent."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from grraf.bench.command import bench
from grraf.bench.report import (
    format_rate,
    markdown_table,
    plot_accuracy,
    row_trust,
    summarize,
    summarize_free,
    summarize_group,
    summarize_phrasings,
    summarize_scale,
    summarize_splits,
    wilson_interval,
    write_report,
)
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
    from matplotlib.container import ErrorbarContainer

    bars = [c for c in ax.containers if isinstance(c, ErrorbarContainer)]
    assert len(bars) == 2, "a Wilson interval on every method's bars"
    # direct on flow: 0 of 1 right, so its interval reaches 79.3 %
    segments = [seg for coll in bars[1].lines[2] for seg in coll.get_segments()]
    assert any(len(seg) == 2 and abs(seg[1][1] - 79.35) < 0.1 for seg in segments)


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


# --------------------------------------------------------------------------- intervals and trust


@pytest.mark.parametrize(
    ("correct", "n", "low", "high"),
    [
        # Newcombe (1998), "Two-sided confidence intervals for the single proportion", Table I, method 3
        (81, 263, 0.2553, 0.3662),
        (15, 148, 0.0624, 0.1605),
        (0, 20, 0.0, 0.1611),
        (1, 29, 0.0061, 0.1718),
        (35, 40, 0.7389, 0.9454),
    ],
)
def test_wilson_interval_matches_published_values(correct: int, n: int, low: float, high: float) -> None:
    lo, hi = wilson_interval(correct, n)  # type: ignore[misc]
    assert lo == pytest.approx(low, abs=5e-5) and hi == pytest.approx(high, abs=5e-5)


def test_rates_are_written_with_n_and_interval() -> None:
    assert format_rate(35, 40) == "87.5% (n=40, 95% CI 73.9–94.5%)"
    assert format_rate(20, 20) == "100.0% (n=20, 95% CI 83.9–100.0%)"
    assert format_rate(0, 0) == "–" and wilson_interval(0, 0) is None


def test_verified_precision_and_trust_shares() -> None:
    rows = [
        row(trust="verified", correct=True),
        row(trust="verified", correct=True),
        row(trust="verified", correct=False),
        row(trust="executed", correct=True, verified=False),
        row(trust="fallback", correct=False, verified=False, fallback=True),
        row(trust="none", correct=False, verified=False),
    ]
    s = summarize_group("flow", "grraf-networkx", rows)
    assert (s.n, s.correct, s.verified_n, s.verified_correct) == (6, 3, 3, 2)
    assert s.verified_accuracy == pytest.approx(2 / 3) and s.verified == pytest.approx(0.5)
    assert s.trust == pytest.approx({"verified": 0.5, "executed": 1 / 6, "fallback": 1 / 6, "none": 1 / 6})
    assert s.derived_trust == 0
    table = markdown_table([s])
    assert (
        "| 50.0% (n=6, 95% CI 18.8–81.2%) | 66.7% (n=3, 95% CI 20.8–93.9%) | 50.0% | 16.7% | 16.7% | 16.7% |" in table
    )


def test_old_rows_get_a_trust_from_their_flags() -> None:
    assert row_trust({"verified": True, "fallback": False}) == "verified"
    assert row_trust({"verified": False, "fallback": True, "answer": "7"}) == "fallback"
    assert row_trust({"method": "direct", "verified": False, "answer": "### 7"}) == "fallback"
    assert row_trust({"verified": False, "value": 3}) == "executed"
    assert row_trust({"error": "RuntimeError: boom"}) == "none"
    assert row_trust({"trust": "executed", "verified": True}) == "executed", "a recorded trust wins"


_FREE_IDS = iter(range(10_000))


def free_row(pid: str, split: str, correct: bool, method: str = "grraf-networkx", **kw: Any) -> dict[str, Any]:
    task = pid.rsplit("-", 1)[0]
    return row(
        id=f"free-{task}-{split}-s0-{next(_FREE_IDS):04d}",
        task=task,
        set="free",
        method=method,
        phrasing_id=pid,
        phrasing_split=split,
        correct=correct,
        trust="verified" if correct else "executed",
        **kw,
    )


FREE = [
    free_row("flow-01", "test", True),
    free_row("flow-01", "test", False),
    free_row("flow-02", "test", True),
    free_row("cycle-03", "test", True),
    free_row("cycle-04", "dev", False),
    free_row("flow-01", "test", True, method="code-once"),
]


def test_free_rows_have_tables_of_their_own() -> None:
    assert all(s.group != "flow" for s in summarize(FREE + ROWS[:1]) if s.n == 4), "free rows stay out of the tasks"
    assert {s.group for s in summarize(FREE)} == set(), "no GraphInstruct rows, no GraphInstruct table"
    by_split = summarize_free(FREE)
    assert list(by_split) == ["test", "dev"], "test first: it is the one to report"
    test = {(s.group, s.method): s for s in by_split["test"]}
    assert (test[("flow", "grraf-networkx")].n, test[("flow", "grraf-networkx")].correct) == (3, 2)
    assert (test[("all", "grraf-networkx")].n, test[("all", "code-once")].n) == (4, 1)
    phr = {(s.group, s.method): s for s in summarize_phrasings(FREE)}
    assert phr[("flow-01 (test)", "grraf-networkx")].accuracy == 0.5
    assert phr[("cycle-04 (dev)", "grraf-networkx")].accuracy == 0.0
    splits = {(s.group, s.method): s.n for s in summarize_splits(FREE)}
    assert splits == {("test", "grraf-networkx"): 4, ("dev", "grraf-networkx"): 1, ("test", "code-once"): 1}


def test_report_with_free_rows(tmp_path: Path) -> None:
    with (tmp_path / "results.jsonl").open("w") as f:
        for r in FREE:
            f.write(json.dumps(r) + "\n")
    report = write_report(tmp_path)
    md = report.markdown
    assert "## Free phrasing" in md and "### test half, by task" in md and "### dev half, by task" in md
    assert "| flow-01 (test) | grraf-networkx | 2 | 50.0% (n=2, 95% CI 9.5–90.5%) |" in md
    assert "### By half" in md and "## Tasks" not in md and "predate" not in md
    assert sorted(p.name for p in report.plots) == [
        "accuracy_free_dev.png",
        "accuracy_free_test.png",
        "cost_by_size.png",
    ]
