"""Summaries, a Markdown report and plots from ``results.jsonl``.

Per task and method: accuracy, mean tokens in/out, LLM calls and seconds per question, the
share of questions that entered feedback because of an error or a time-out (GRRAF's
Table 2), the fallback share, and trust: the share flagged verified and the accuracy of
verified answers. The scale set (shortest paths on graphs of 10^2..10^6 nodes) gets its own
table and plot by size.
"""

from __future__ import annotations

import logging
import math
import statistics
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from grraf.bench.runner import METHODS, RESULTS_FILE, latest_rows, read_rows

logger = logging.getLogger(__name__)

REPORT_FILE = "report.md"
ACCURACY_PNG = "accuracy.png"
COST_PNG = "cost_by_size.png"
SCALE_PNG = "scale.png"


@dataclass(frozen=True)
class Summary:
    """Aggregates of one group of rows (a task or a size, and a method)."""

    group: str
    method: str
    n: int
    accuracy: float
    tokens_in: float
    tokens_out: float
    llm_calls: float
    seconds: float
    feedback_error: float
    feedback_timeout: float
    fallback: float
    reused: float
    verified: float
    verified_accuracy: float | None
    crashed: int


def _mean(values: Sequence[float]) -> float:
    return statistics.fmean(values) if values else 0.0


def summarize_group(group: str, method: str, rows: Sequence[Mapping[str, Any]]) -> Summary:
    """Aggregate rows of one (group, method).

    >>> s = summarize_group("flow", "direct", [{"correct": True, "verified": True}, {"correct": False}])
    >>> s.n, s.accuracy, s.verified, s.verified_accuracy
    (2, 0.5, 0.5, 1.0)
    """
    verified = [r for r in rows if r.get("verified")]
    share = lambda key: _mean([float(bool(r.get(key))) for r in rows])  # noqa: E731
    mean = lambda key: _mean([float(r.get(key) or 0) for r in rows])  # noqa: E731
    return Summary(
        group=group,
        method=method,
        n=len(rows),
        accuracy=share("correct"),
        tokens_in=mean("tokens_in"),
        tokens_out=mean("tokens_out"),
        llm_calls=mean("llm_calls"),
        seconds=mean("seconds"),
        feedback_error=share("entered_feedback_error"),
        feedback_timeout=share("entered_feedback_timeout"),
        fallback=share("fallback"),
        # answered by code stored for an earlier question of the same shape (--reuse), no generation
        reused=_mean([float(str(r.get("template") or "").startswith("reused")) for r in rows]),
        verified=share("verified"),
        verified_accuracy=_mean([float(bool(r.get("correct"))) for r in verified]) if verified else None,
        crashed=sum(1 for r in rows if r.get("error")),
    )


def _method_order(methods: Iterable[str]) -> list[str]:
    known = [m for m in METHODS if m in set(methods)]
    return known + sorted(set(methods) - set(known))


def _is_scale(row: Mapping[str, Any]) -> bool:
    return row.get("set") == "scale"


def summarize(rows: Sequence[Mapping[str, Any]]) -> list[Summary]:
    """Per (task, method) for the task questions, then an ``all`` line per method.

    The ``all`` line covers GRRAF's eleven tasks only, so it stays comparable with GRRAF's
    figures; tasks beyond them (rows of set ``beyond``) get their own ``beyond`` line.
    """
    by_key: dict[tuple[str, str], list[Mapping[str, Any]]] = defaultdict(list)
    by_total: dict[tuple[str, str], list[Mapping[str, Any]]] = defaultdict(list)
    for row in rows:
        if _is_scale(row):
            continue
        method = str(row["method"])
        by_key[(str(row["task"]), method)].append(row)
        by_total[("beyond" if row.get("set") == "beyond" else "all", method)].append(row)
    methods = _method_order({m for _, m in by_key})
    tasks = sorted({task for task, _ in by_key})
    out = [summarize_group(t, m, by_key[(t, m)]) for t in tasks for m in methods if (t, m) in by_key]
    out += [summarize_group(g, m, by_total[(g, m)]) for g in ("all", "beyond") for m in methods if (g, m) in by_total]
    return out


def summarize_scale(rows: Sequence[Mapping[str, Any]]) -> list[Summary]:
    """Per (graph size, method) for the scale set."""
    by_key: dict[tuple[int, str], list[Mapping[str, Any]]] = defaultdict(list)
    for row in rows:
        if _is_scale(row):
            by_key[(int(row.get("size") or row.get("nodes") or 0), str(row["method"]))].append(row)
    methods = _method_order({m for _, m in by_key})
    sizes = sorted({s for s, _ in by_key})
    return [summarize_group(f"{s:,}", m, by_key[(s, m)]) for s in sizes for m in methods if (s, m) in by_key]


# --------------------------------------------------------------------------- tables

COLUMNS: tuple[tuple[str, str], ...] = (
    ("n", "n"),
    ("accuracy", "accuracy"),
    ("tokens_in", "tokens in"),
    ("tokens_out", "tokens out"),
    ("llm_calls", "LLM calls"),
    ("seconds", "seconds"),
    ("feedback_error", "feedback: error"),
    ("feedback_timeout", "feedback: time-out"),
    ("fallback", "fallback"),
    ("reused", "reused code"),
    ("verified", "verified"),
    ("verified_accuracy", "acc. if verified"),
    ("crashed", "crashed"),
)
_SHORT = {
    "n": "n",
    "accuracy": "acc",
    "tokens_in": "tok in",
    "tokens_out": "tok out",
    "llm_calls": "calls",
    "seconds": "sec",
    "feedback_error": "fb err",
    "feedback_timeout": "fb t/o",
    "fallback": "fallbk",
    "reused": "reused",
    "verified": "verif",
    "verified_accuracy": "acc|verif",
    "crashed": "crash",
}
_SHORT_CAPTION = (
    "fb err / fb t/o: entered feedback after an error / a time-out; acc|verif: accuracy of verified answers"
)
_PERCENT = {"accuracy", "feedback_error", "feedback_timeout", "fallback", "reused", "verified", "verified_accuracy"}


def format_cell(key: str, value: Any, *, compact: bool = False) -> str:
    """One table cell: percentages for shares, one decimal for means.

    >>> format_cell("accuracy", 0.8125), format_cell("tokens_in", 1234.56), format_cell("verified_accuracy", None)
    ('81.2%', '1234.6', '–')
    """
    if value is None:
        return "–"
    if key in _PERCENT:
        return f"{100 * value:.0f}%" if compact else f"{100 * value:.1f}%"
    if isinstance(value, int):
        return str(value)
    if compact:
        return f"{value:.0f}" if value >= 10 else f"{value:.1f}"
    return f"{value:.1f}" if value >= 10 else f"{value:.2f}"


def table_rows(summaries: Sequence[Summary], *, compact: bool = False) -> list[list[str]]:
    """Cells of each summary, in :data:`COLUMNS` order after the group and method."""
    return [
        [s.group, s.method] + [format_cell(k, getattr(s, k), compact=compact) for k, _ in COLUMNS] for s in summaries
    ]


def markdown_table(summaries: Sequence[Summary], first: str = "task") -> str:
    """A GitHub Markdown table of summaries."""
    header = [first, "method"] + [label for _, label in COLUMNS]
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join(["---"] * 2 + ["---:"] * len(COLUMNS)) + "|"]
    lines += ["| " + " | ".join(cells) + " |" for cells in table_rows(summaries)]
    return "\n".join(lines)


_TRUST_KEYS = (
    "n",
    "accuracy",
    "verified",
    "verified_accuracy",
    "fallback",
    "feedback_error",
    "feedback_timeout",
    "crashed",
)
_COST_KEYS = ("n", "tokens_in", "tokens_out", "llm_calls", "seconds", "reused")


def _terminal_table(summaries: Sequence[Summary], title: str, first: str, keys: Sequence[str]) -> Any:
    from rich import box
    from rich.table import Table

    # Borderless with collapsed padding and short headers so a table fits 80 columns.
    table = Table(title=title, box=box.SIMPLE_HEAD, padding=(0, 1), collapse_padding=True, pad_edge=False)
    table.add_column(first, no_wrap=True)
    table.add_column("method", no_wrap=True)
    for key in keys:
        table.add_column(_SHORT[key], justify="right", no_wrap=True)
    previous = None
    for s in summaries:
        if previous is not None and s.group != previous:
            table.add_section()
        previous = s.group
        table.add_row(s.group, s.method, *(format_cell(k, getattr(s, k), compact=True) for k in keys))
    return table


def rich_table(summaries: Sequence[Summary], title: str, first: str = "task") -> Any:
    """The report for the terminal: an accuracy-and-trust table and a cost table (a rich ``Group``)."""
    from rich.console import Group
    from rich.text import Text

    return Group(
        _terminal_table(summaries, f"{title}: accuracy and trust", first, _TRUST_KEYS),
        Text(_SHORT_CAPTION, style="dim"),
        _terminal_table(summaries, f"{title}: cost per question", first, _COST_KEYS),
    )


# --------------------------------------------------------------------------- plots


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")  # files only; never open a window
    import matplotlib.pyplot as plt

    return plt


def plot_accuracy(summaries: Sequence[Summary], path: Path) -> Path:
    """Grouped bars: accuracy by task, one bar per method."""
    plt = _pyplot()
    groups = list(dict.fromkeys(s.group for s in summaries))
    methods = _method_order({s.method for s in summaries})
    lookup = {(s.group, s.method): s.accuracy for s in summaries}
    width = 0.8 / max(len(methods), 1)
    # Constrained layout with the legend outside the axes: inside, it covered the 100 % bars.
    fig, ax = plt.subplots(figsize=(max(6.0, 1.1 * len(groups) + 2), 4.6), layout="constrained")
    for i, method in enumerate(methods):
        xs = [g + (i - (len(methods) - 1) / 2) * width for g in range(len(groups))]
        # NaN draws no bar: a method not run on a task must not look like 0 %.
        heights = [100 * lookup.get((g, method), math.nan) for g in groups]
        ax.bar(xs, heights, width, label=method)
    ax.set_xticks(range(len(groups)), groups, rotation=30, ha="right")
    ax.set_ylabel("accuracy (%)")
    ax.set_ylim(0, 105)
    ax.set_title("Accuracy by task and method")
    fig.legend(loc="outside upper right", fontsize="small", ncols=min(len(methods), 4))
    fig.savefig(path, dpi=120)
    plt.close(fig)
    return path


def _binned_means(points: Sequence[tuple[float, float]], bins: int = 8) -> tuple[list[float], list[float]]:
    if not points:
        return [], []
    xs = sorted(p[0] for p in points)
    lo, hi = xs[0], xs[-1]
    if hi <= lo:
        return [lo], [_mean([p[1] for p in points])]
    step = (hi - lo) / bins
    cells: dict[int, list[tuple[float, float]]] = defaultdict(list)
    for x, y in points:
        cells[min(int((x - lo) / step), bins - 1)].append((x, y))
    keys = sorted(cells)
    return [_mean([p[0] for p in cells[k]]) for k in keys], [_mean([p[1] for p in cells[k]]) for k in keys]


def plot_cost_by_size(rows: Sequence[Mapping[str, Any]], path: Path, *, x_key: str = "edges") -> Path:
    """Tokens and seconds per question against graph size: dots per question, lines of binned means."""
    plt = _pyplot()
    methods = _method_order({str(r["method"]) for r in rows})
    fig, axes = plt.subplots(1, 2, figsize=(11, 4.2))
    for ax, (key, label) in zip(
        axes, (("tokens", "tokens per question (in + out)"), ("seconds", "seconds per question")), strict=True
    ):
        for method in methods:
            pts = [
                (float(r.get(x_key) or 0), float(_cost(r, key)))
                for r in rows
                if r["method"] == method and r.get(x_key) is not None and not r.get("error")
            ]
            if not pts:
                continue
            dots = ax.scatter([p[0] for p in pts], [p[1] for p in pts], s=9, alpha=0.35)
            bx, by = _binned_means(pts)
            ax.plot(bx, by, color=dots.get_facecolor()[0][:3], label=method)
        ax.set_xlabel(f"graph size ({x_key})")
        ax.set_ylabel(label)
        ax.grid(alpha=0.3)
    axes[0].legend(fontsize="small")
    fig.suptitle("Cost against graph size")
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
    return path


def _cost(row: Mapping[str, Any], key: str) -> float:
    if key == "tokens":
        return float(row.get("tokens_in") or 0) + float(row.get("tokens_out") or 0)
    return float(row.get(key) or 0)


def plot_scale(summaries: Sequence[Summary], path: Path) -> Path:
    """Scale set: accuracy, tokens and seconds by number of nodes (log x)."""
    plt = _pyplot()
    methods = _method_order({s.method for s in summaries})
    fig, axes = plt.subplots(1, 3, figsize=(13, 4))
    panels = (
        ("accuracy", "accuracy (%)", 100.0),
        ("tokens", "tokens per question", 1.0),
        ("seconds", "seconds per question", 1.0),
    )
    for ax, (key, label, factor) in zip(axes, panels, strict=True):
        for method in methods:
            mine = [s for s in summaries if s.method == method]
            xs = [int(s.group.replace(",", "")) for s in mine]
            ys = [factor * (s.tokens_in + s.tokens_out if key == "tokens" else getattr(s, key)) for s in mine]
            ax.plot(xs, ys, marker="o", label=method)
        ax.set_xscale("log")
        ax.set_xlabel("nodes")
        ax.set_ylabel(label)
        ax.grid(alpha=0.3)
    axes[0].legend(fontsize="small")
    fig.suptitle("Shortest path on large graphs")
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
    return path


# --------------------------------------------------------------------------- the report


@dataclass(frozen=True)
class Report:
    """What :func:`write_report` produced."""

    markdown: str
    path: Path
    plots: tuple[Path, ...]
    summaries: tuple[Summary, ...]
    scale: tuple[Summary, ...]


def build_markdown(summaries: Sequence[Summary], scale: Sequence[Summary], rows: int, *, images: bool = True) -> str:
    """The Markdown report; ``images`` links the PNG plots written beside it."""
    parts = [
        "# grraf bench report",
        "",
        f"{rows} result rows (one per question and method; latest row kept for retried pairs).",
        "",
        "Columns: accuracy; mean tokens in/out, LLM calls and seconds per question; share of questions that "
        "entered feedback after an error or a time-out (GRRAF Table 2); share answered by the fallback; share "
        "flagged verified (answer produced by executed code) and the accuracy of those.",
        "",
    ]
    if summaries:
        parts += ["## Tasks", "", markdown_table(summaries), ""]
        if images:
            parts += [f"![accuracy]({ACCURACY_PNG})", "", f"![cost by size]({COST_PNG})", ""]
    if scale:
        parts += ["## Scale (shortest path, graph given separately)", "", markdown_table(scale, first="nodes"), ""]
        if images:
            parts += [f"![scale]({SCALE_PNG})", ""]
    if not summaries and not scale:
        parts += ["No results yet.", ""]
    return "\n".join(parts)


def write_report(out_dir: str | Path, *, plots: bool = True) -> Report:
    """Read ``<out_dir>/results.jsonl`` and write ``report.md`` and the PNG plots beside it."""
    out = Path(out_dir)
    rows = latest_rows(read_rows(out / RESULTS_FILE))
    summaries = summarize(rows)
    scale = summarize_scale(rows)
    written: list[Path] = []
    if plots:
        task_rows = [r for r in rows if not _is_scale(r)]
        if summaries:
            written.append(
                plot_accuracy([s for s in summaries if s.group not in ("all", "beyond")], out / ACCURACY_PNG)
            )
            written.append(plot_cost_by_size(task_rows, out / COST_PNG))
        if scale:
            written.append(plot_scale(scale, out / SCALE_PNG))
    text = build_markdown(summaries, scale, len(rows), images=plots)
    path = out / REPORT_FILE
    out.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    logger.info("wrote %s and %d plots", path, len(written))
    return Report(text, path, tuple(written), tuple(summaries), tuple(scale))
