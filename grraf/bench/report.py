"""Summaries, a Markdown report and plots from ``results.jsonl``.

Per task and method: accuracy with its n and 95% Wilson interval, verified precision (correct
among answers whose trust is ``verified``, with its own n and interval), the share of answers
per trust level (verified, executed, fallback, none = no answer), mean tokens in/out, LLM calls
and seconds per question, and the share of questions that entered feedback because of an error
or a time-out (GRRAF's Table 2). Three sets get their own tables: GraphInstruct's wording
(GRRAF's eleven, with the ten tasks beyond them apart), the free-phrasing set (per half, per
task, per phrasing id, so a bad wording shows), and the scale set (by graph size).
"""

from __future__ import annotations

import logging
import math
import statistics
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from grraf.bench.runner import METHODS, RESULTS_FILE, ROW_TRUST_LEVELS, latest_rows, read_rows

logger = logging.getLogger(__name__)

REPORT_FILE = "report.md"
ACCURACY_PNG = "accuracy.png"
COST_PNG = "cost_by_size.png"
SCALE_PNG = "scale.png"
FREE_PNG = "accuracy_free_{split}.png"

#: Confidence of the intervals shown next to every accuracy.
CONFIDENCE = 0.95


def wilson_interval(correct: int, n: int, *, confidence: float = CONFIDENCE) -> tuple[float, float] | None:
    """The Wilson score interval of a proportion ``correct / n`` (None when ``n`` is 0).

    SciPy's implementation (``binomtest(...).proportion_ci(method="wilson")``, no continuity
    correction): unlike the normal approximation it stays inside [0, 1] and is not empty at
    0 % or 100 %, which small benchmark samples hit often.

    >>> lo, hi = wilson_interval(35, 40); round(100 * lo, 1), round(100 * hi, 1)
    (73.9, 94.5)
    >>> wilson_interval(0, 0) is None
    True
    """
    if n <= 0:
        return None
    from scipy.stats import binomtest

    ci = binomtest(correct, n).proportion_ci(confidence_level=confidence, method="wilson")
    return float(ci.low), float(ci.high)


def format_rate(correct: int, n: int, *, compact: bool = False) -> str:
    """A proportion with its n and 95% Wilson interval.

    >>> format_rate(35, 40)
    '87.5% (n=40, 95% CI 73.9–94.5%)'
    >>> format_rate(35, 40, compact=True), format_rate(0, 0)
    ('88% [74–95]', '–')
    """
    interval = wilson_interval(correct, n)
    if interval is None:
        return "–"
    lo, hi = interval
    p = correct / n
    if compact:
        return f"{100 * p:.0f}% [{100 * lo:.0f}–{100 * hi:.0f}]"
    return f"{100 * p:.1f}% (n={n}, {100 * CONFIDENCE:.0f}% CI {100 * lo:.1f}–{100 * hi:.1f}%)"


def row_trust(row: Mapping[str, Any]) -> str:
    """A row's trust level; rows written before trust levels get one from their flags.

    Old rows' ``verified`` meant only that code executed (no independent check stood behind it);
    :func:`derived_trust` tells them apart so the report can say how many there were.

    >>> row_trust({"trust": "executed"}), row_trust({"verified": True}), row_trust({"method": "direct", "answer": "7"})
    ('executed', 'verified', 'fallback')
    >>> row_trust({"verified": False, "fallback": False, "value": None, "answer": None})
    'none'
    """
    trust = row.get("trust")
    if trust in ROW_TRUST_LEVELS:
        return str(trust)
    if row.get("error"):
        return "none"
    if row.get("fallback") or (row.get("method") == "direct" and row.get("answer")):
        return "fallback"
    if row.get("verified"):
        return "verified"
    if row.get("value") is not None:
        return "executed"
    return "none"


def derived_trust(row: Mapping[str, Any]) -> bool:
    """The row predates trust levels (its trust comes from the old ``verified`` flag)."""
    return row.get("trust") not in ROW_TRUST_LEVELS


@dataclass(frozen=True)
class Summary:
    """Aggregates of one group of rows (a task, a size, a phrasing or a half, and a method)."""

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
    correct: int = 0
    verified_n: int = 0
    verified_correct: int = 0
    #: Share of answers per trust level (:data:`~grraf.bench.runner.ROW_TRUST_LEVELS`).
    trust: Mapping[str, float] = field(default_factory=dict)
    #: Rows whose trust was derived from the old ``verified`` flag.
    derived_trust: int = 0

    @property
    def executed(self) -> float:
        return self.trust.get("executed", 0.0)

    @property
    def fallback_trust(self) -> float:
        return self.trust.get("fallback", 0.0)

    @property
    def no_answer(self) -> float:
        return self.trust.get("none", 0.0)


def _mean(values: Sequence[float]) -> float:
    return statistics.fmean(values) if values else 0.0


def summarize_group(group: str, method: str, rows: Sequence[Mapping[str, Any]]) -> Summary:
    """Aggregate rows of one (group, method).

    >>> s = summarize_group("flow", "direct", [{"correct": True, "trust": "verified"}, {"correct": False}])
    >>> s.n, s.accuracy, s.verified, s.verified_accuracy, s.verified_n
    (2, 0.5, 0.5, 1.0, 1)
    """
    trusts = [row_trust(r) for r in rows]
    verified = [r for r, t in zip(rows, trusts, strict=True) if t == "verified"]
    share = lambda key: _mean([float(bool(r.get(key))) for r in rows])  # noqa: E731
    mean = lambda key: _mean([float(r.get(key) or 0) for r in rows])  # noqa: E731
    correct = sum(1 for r in rows if r.get("correct"))
    verified_correct = sum(1 for r in verified if r.get("correct"))
    return Summary(
        group=group,
        method=method,
        n=len(rows),
        accuracy=correct / len(rows) if rows else 0.0,
        tokens_in=mean("tokens_in"),
        tokens_out=mean("tokens_out"),
        llm_calls=mean("llm_calls"),
        seconds=mean("seconds"),
        feedback_error=share("entered_feedback_error"),
        feedback_timeout=share("entered_feedback_timeout"),
        fallback=share("fallback"),
        # answered by code stored for an earlier question of the same shape (--reuse), no generation
        reused=_mean([float(str(r.get("template") or "").startswith("reused")) for r in rows]),
        verified=len(verified) / len(rows) if rows else 0.0,
        verified_accuracy=verified_correct / len(verified) if verified else None,
        crashed=sum(1 for r in rows if r.get("error")),
        correct=correct,
        verified_n=len(verified),
        verified_correct=verified_correct,
        trust={level: (trusts.count(level) / len(rows) if rows else 0.0) for level in ROW_TRUST_LEVELS},
        derived_trust=sum(1 for r in rows if derived_trust(r)),
    )


def _method_order(methods: Iterable[str]) -> list[str]:
    known = [m for m in METHODS if m in set(methods)]
    return known + sorted(set(methods) - set(known))


def _is_scale(row: Mapping[str, Any]) -> bool:
    return row.get("set") == "scale"


def _is_free(row: Mapping[str, Any]) -> bool:
    return row.get("set") == "free"


def _grouped(
    rows: Iterable[Mapping[str, Any]], key: Callable[[Mapping[str, Any]], str | None]
) -> dict[tuple[str, str], list[Mapping[str, Any]]]:
    out: dict[tuple[str, str], list[Mapping[str, Any]]] = defaultdict(list)
    for row in rows:
        group = key(row)
        if group is not None:
            out[(group, str(row["method"]))].append(row)
    return out


def _summaries(by_key: Mapping[tuple[str, str], Sequence[Mapping[str, Any]]], groups: Sequence[str]) -> list[Summary]:
    methods = _method_order({m for _, m in by_key})
    return [summarize_group(g, m, by_key[(g, m)]) for g in groups for m in methods if (g, m) in by_key]


def summarize(rows: Sequence[Mapping[str, Any]]) -> list[Summary]:
    """Per (task, method) for the questions in GraphInstruct's wording, then an ``all`` line per method.

    The ``all`` line covers GRRAF's eleven tasks only, so it stays comparable with GRRAF's
    figures; tasks beyond them (rows of set ``beyond``) get their own ``beyond`` line. Scale and
    free-phrasing rows have tables of their own.
    """
    task_rows = [r for r in rows if not _is_scale(r) and not _is_free(r)]
    by_key = _grouped(task_rows, lambda r: str(r["task"]))
    by_total = _grouped(task_rows, lambda r: "beyond" if r.get("set") == "beyond" else "all")
    tasks = sorted({task for task, _ in by_key})
    return _summaries(by_key, tasks) + _summaries(by_total, ["all", "beyond"])


def summarize_scale(rows: Sequence[Mapping[str, Any]]) -> list[Summary]:
    """Per (graph size, method) for the scale set."""
    by_size = _grouped([r for r in rows if _is_scale(r)], lambda r: f"{int(r.get('size') or r.get('nodes') or 0):,}")
    sizes = sorted({g for g, _ in by_size}, key=lambda g: int(g.replace(",", "")))
    return _summaries(by_size, sizes)


def _split_of(row: Mapping[str, Any]) -> str:
    return str(row.get("phrasing_split") or "unknown")


def summarize_free(rows: Sequence[Mapping[str, Any]]) -> dict[str, list[Summary]]:
    """Free-phrasing rows per half: per (task, method), then an ``all`` line per method (all 21 tasks)."""
    out: dict[str, list[Summary]] = {}
    free = [r for r in rows if _is_free(r)]
    for split in sorted({_split_of(r) for r in free}, key=lambda s: (s != "test", s)):
        mine = [r for r in free if _split_of(r) == split]
        by_task = _grouped(mine, lambda r: str(r["task"]))
        tasks = sorted({t for t, _ in by_task})
        out[split] = _summaries(by_task, tasks) + _summaries(_grouped(mine, lambda r: "all"), ["all"])
    return out


def summarize_splits(rows: Sequence[Mapping[str, Any]]) -> list[Summary]:
    """Free-phrasing rows per (half, method): the dev and test totals side by side."""
    by_split = _grouped([r for r in rows if _is_free(r)], _split_of)
    return _summaries(by_split, sorted({g for g, _ in by_split}, key=lambda s: (s != "test", s)))


def summarize_phrasings(rows: Sequence[Mapping[str, Any]]) -> list[Summary]:
    """Free-phrasing rows per (phrasing id, method), so a wording that fails shows by name.

    The group is ``<id> (<half>)``, ordered by task and id.
    """
    by_id = _grouped(
        [r for r in rows if _is_free(r) and r.get("phrasing_id")],
        lambda r: f"{r['phrasing_id']} ({_split_of(r)})",
    )
    return _summaries(by_id, sorted({g for g, _ in by_id}))


# --------------------------------------------------------------------------- tables

COLUMNS: tuple[tuple[str, str], ...] = (
    ("n", "n"),
    ("accuracy", "accuracy"),
    ("verified_accuracy", "verified precision"),
    ("verified", "verified"),
    ("executed", "executed"),
    ("fallback_trust", "fallback"),
    ("no_answer", "no answer"),
    ("feedback_error", "feedback: error"),
    ("feedback_timeout", "feedback: time-out"),
    ("crashed", "crashed"),
    ("tokens_in", "tokens in"),
    ("tokens_out", "tokens out"),
    ("llm_calls", "LLM calls"),
    ("seconds", "seconds"),
    ("reused", "reused code"),
)
_SHORT = {
    "n": "n",
    "accuracy": "acc [95% CI]",
    "verified_accuracy": "verif. prec.",
    "verified": "verif",
    "executed": "exec",
    "fallback_trust": "fallbk",
    "no_answer": "none",
    "feedback_error": "fb err",
    "feedback_timeout": "fb t/o",
    "crashed": "crash",
    "tokens_in": "tok in",
    "tokens_out": "tok out",
    "llm_calls": "calls",
    "seconds": "sec",
    "reused": "reused",
}
_SHORT_CAPTION = (
    "acc: accuracy [95% Wilson interval]; verif. prec.: correct among answers flagged verified; "
    "verif/exec/fallbk/none: share of answers per trust level; fb err / fb t/o: entered feedback after an "
    "error / a time-out"
)
_PERCENT = {
    "accuracy",
    "feedback_error",
    "feedback_timeout",
    "fallback",
    "fallback_trust",
    "no_answer",
    "executed",
    "reused",
    "verified",
    "verified_accuracy",
}
#: Rates shown with their n and interval: (correct, n) attribute names.
_RATES = {"accuracy": ("correct", "n"), "verified_accuracy": ("verified_correct", "verified_n")}
TRUST_KEYS: tuple[str, ...] = (
    "n",
    "accuracy",
    "verified_accuracy",
    "verified",
    "executed",
    "fallback_trust",
    "no_answer",
    "feedback_error",
    "feedback_timeout",
    "crashed",
)
COST_KEYS: tuple[str, ...] = ("n", "tokens_in", "tokens_out", "llm_calls", "seconds", "reused")
PHRASING_KEYS: tuple[str, ...] = ("n", "accuracy", "verified_accuracy", "verified", "executed", "fallback_trust")


def format_cell(key: str, value: Any, *, compact: bool = False) -> str:
    """One table cell: percentages for shares, one decimal for means.

    >>> format_cell("verified", 0.8125), format_cell("tokens_in", 1234.56), format_cell("verified_accuracy", None)
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


def summary_cell(summary: Summary, key: str, *, compact: bool = False) -> str:
    """The cell of ``key`` for one summary; accuracy and verified precision carry n and interval.

    >>> s = summarize_group("flow", "grraf-networkx", [{"correct": True, "trust": "verified"}] * 35 + [{}] * 5)
    >>> summary_cell(s, "accuracy"), summary_cell(s, "verified_accuracy", compact=True)
    ('87.5% (n=40, 95% CI 73.9–94.5%)', '100% [90–100]')
    """
    if key in _RATES:
        k, n = (getattr(summary, name) for name in _RATES[key])
        return format_rate(k, n, compact=compact)
    return format_cell(key, getattr(summary, key), compact=compact)


def table_rows(
    summaries: Sequence[Summary], keys: Sequence[str] = TRUST_KEYS, *, compact: bool = False
) -> list[list[str]]:
    """Cells of each summary: the group, the method, then ``keys``."""
    return [[s.group, s.method] + [summary_cell(s, k, compact=compact) for k in keys] for s in summaries]


def markdown_table(summaries: Sequence[Summary], first: str = "task", keys: Sequence[str] = TRUST_KEYS) -> str:
    """A GitHub Markdown table of summaries (default: the accuracy-and-trust columns)."""
    labels = dict(COLUMNS)
    header = [first, "method"] + [labels[k] for k in keys]
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join(["---"] * 2 + ["---:"] * len(keys)) + "|"]
    lines += ["| " + " | ".join(cells) + " |" for cells in table_rows(summaries, keys)]
    return "\n".join(lines)


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
        table.add_row(s.group, s.method, *(summary_cell(s, k, compact=True) for k in keys))
    return table


#: The terminal tables, each narrow enough for 80 columns: accuracy, trust, cost.
_TERMINAL_TABLES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("accuracy", ("n", "accuracy", "verified_accuracy")),
    (
        "trust and feedback",
        ("n", "verified", "executed", "fallback_trust", "no_answer", "feedback_error", "feedback_timeout"),
    ),
    ("cost per question", (*COST_KEYS, "crashed")),
)


def rich_table(summaries: Sequence[Summary], title: str, first: str = "task") -> Any:
    """The report for the terminal: accuracy, trust and cost tables (a rich ``Group``)."""
    from rich.console import Group
    from rich.text import Text

    tables: list[Any] = []
    for name, keys in _TERMINAL_TABLES:
        tables.append(_terminal_table(summaries, f"{title}: {name}", first, keys))
        if name == "trust and feedback":
            tables.append(Text(_SHORT_CAPTION, style="dim"))
    return Group(*tables)


# --------------------------------------------------------------------------- plots


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")  # files only; never open a window
    import matplotlib.pyplot as plt

    return plt


def plot_accuracy(summaries: Sequence[Summary], path: Path, *, title: str = "Accuracy by task and method") -> Path:
    """Grouped bars: accuracy by task, one bar per method, with 95% Wilson intervals as error bars."""
    plt = _pyplot()
    groups = list(dict.fromkeys(s.group for s in summaries))
    methods = _method_order({s.method for s in summaries})
    lookup = {(s.group, s.method): s for s in summaries}
    width = 0.8 / max(len(methods), 1)
    # Constrained layout with the legend outside the axes: inside, it covered the 100 % bars.
    fig, ax = plt.subplots(figsize=(max(6.0, 1.1 * len(groups) + 2), 4.6), layout="constrained")
    for i, method in enumerate(methods):
        xs = [g + (i - (len(methods) - 1) / 2) * width for g in range(len(groups))]
        found = [lookup.get((g, method)) for g in groups]
        # NaN draws no bar: a method not run on a task must not look like 0 %.
        heights = [100 * s.accuracy if s is not None else math.nan for s in found]
        intervals = [wilson_interval(s.correct, s.n) if s is not None else None for s in found]
        below = [h - 100 * ci[0] if ci else 0.0 for h, ci in zip(heights, intervals, strict=True)]
        above = [100 * ci[1] - h if ci else 0.0 for h, ci in zip(heights, intervals, strict=True)]
        ax.bar(xs, heights, width, label=method, yerr=[below, above], capsize=2, error_kw={"elinewidth": 0.8})
    ax.set_xticks(range(len(groups)), groups, rotation=30, ha="right")
    ax.set_ylabel("accuracy (%)")
    ax.set_ylim(0, 105)
    ax.set_title(title)
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
    if axes[0].get_legend_handles_labels()[0]:  # no method with a sized, error-free row: no lines to name
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
    #: Free-phrasing summaries per half (``test`` first), per phrasing, and per half.
    free: Mapping[str, tuple[Summary, ...]] = field(default_factory=dict)
    phrasings: tuple[Summary, ...] = ()
    splits: tuple[Summary, ...] = ()


def _tables(summaries: Sequence[Summary], first: str) -> list[str]:
    return [
        markdown_table(summaries, first),
        "",
        "Cost per question:",
        "",
        markdown_table(summaries, first, COST_KEYS),
        "",
    ]


def build_markdown(
    summaries: Sequence[Summary],
    scale: Sequence[Summary],
    rows: int,
    *,
    images: bool = True,
    free: Mapping[str, Sequence[Summary]] | None = None,
    phrasings: Sequence[Summary] = (),
    splits: Sequence[Summary] = (),
    derived: int = 0,
) -> str:
    """The Markdown report; ``images`` links the PNG plots written beside it."""
    free = free or {}
    parts = [
        "# grraf bench report",
        "",
        f"{rows} result rows (one per question and method; latest row kept for retried pairs).",
        "",
        "Columns: accuracy with its n and 95% Wilson score interval; verified precision (correct among the answers "
        "flagged verified, with its n and interval); the share of answers per trust level (verified: a verified "
        "template with validated parameters, or code an independent computation agreed with; executed: code ran, "
        "nothing confirmed it; fallback: the LLM's direct answer; no answer); the share of questions that entered "
        "feedback after an error or a time-out (GRRAF Table 2); then, in a second table, mean tokens in/out, LLM "
        "calls and seconds per question. The baselines (direct, code-once, code-feedback) are the raw model; "
        "grraf-no-retry is grraf without feedback rounds or fallback (an ablation, not a baseline). The peers "
        "langchain-neo4j (GraphCypherQAChain) and neo4j-graphrag (Text2CypherRetriever) answer the property-graph "
        "questions with the same model; they support only Neo4j, so a run on the ladybug store has no rows for them.",
        "",
    ]
    if derived:
        parts += [
            f"{derived} rows predate trust levels: their trust is derived from the old `verified` flag, which "
            "meant only that code executed.",
            "",
        ]
    if summaries:
        parts += ["## Tasks (GraphInstruct wording, graph in the question)", "", *_tables(summaries, "task")]
        if images:
            parts += [f"![accuracy]({ACCURACY_PNG})", "", f"![cost by size]({COST_PNG})", ""]
    if free:
        parts += [
            "## Free phrasing (everyday wording, graph given separately)",
            "",
            "Report the test half; the dev half is what development was tuned on.",
            "",
        ]
        if splits:
            parts += ["### By half", "", markdown_table(splits, "half"), ""]
        for split, table in free.items():
            parts += [f"### {split} half, by task", "", *_tables(table, "task")]
            if images:
                parts += [f"![accuracy, free phrasing, {split}]({FREE_PNG.format(split=split)})", ""]
        if phrasings:
            parts += ["### By phrasing", "", markdown_table(phrasings, "phrasing (half)", PHRASING_KEYS), ""]
    if scale:
        parts += ["## Scale (shortest path, graph given separately)", "", *_tables(scale, "nodes")]
        if images:
            parts += [f"![scale]({SCALE_PNG})", ""]
    if not summaries and not scale and not free:
        parts += ["No results yet.", ""]
    return "\n".join(parts)


def write_report(out_dir: str | Path, *, plots: bool = True) -> Report:
    """Read ``<out_dir>/results.jsonl`` and write ``report.md`` and the PNG plots beside it."""
    out = Path(out_dir)
    rows = latest_rows(read_rows(out / RESULTS_FILE))
    summaries = summarize(rows)
    scale = summarize_scale(rows)
    free = summarize_free(rows)
    phrasings = summarize_phrasings(rows)
    splits = summarize_splits(rows)
    written: list[Path] = []
    if plots:
        task_rows = [r for r in rows if not _is_scale(r)]
        if summaries:
            written.append(
                plot_accuracy([s for s in summaries if s.group not in ("all", "beyond")], out / ACCURACY_PNG)
            )
        if summaries or free:
            written.append(plot_cost_by_size(task_rows, out / COST_PNG))
        for split, table in free.items():
            path = out / FREE_PNG.format(split=split)
            title = f"Accuracy by task and method, free phrasing ({split} half)"
            written.append(plot_accuracy([s for s in table if s.group != "all"], path, title=title))
        if scale:
            written.append(plot_scale(scale, out / SCALE_PNG))
    text = build_markdown(
        summaries,
        scale,
        len(rows),
        images=plots,
        free=free,
        phrasings=phrasings,
        splits=splits,
        derived=sum(1 for r in rows if derived_trust(r)),
    )
    path = out / REPORT_FILE
    out.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    logger.info("wrote %s and %d plots", path, len(written))
    return Report(
        text,
        path,
        tuple(written),
        tuple(summaries),
        tuple(scale),
        {k: tuple(v) for k, v in free.items()},
        tuple(phrasings),
        tuple(splits),
    )
