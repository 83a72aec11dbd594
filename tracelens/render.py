"""Renderers: a Report in, a string out (they never print, and compute nothing).

Text, rich terminal text, Markdown and HTML share one layout (`layout`): a list of sections,
each with paragraphs, findings, tables of already-formatted cells and notes, in the order a
reviewer reads them.
HTML lives in tracelens.html.
"""

from __future__ import annotations

import io
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from decimal import Decimal
from typing import Any

from tracelens.enums import Clock, FileStatus
from tracelens.report import Report, to_dict
from tracelens.safe_text import terminal_safe


def render_json(report: Report) -> str:
    return to_json(to_dict(report))


# ------------------------------------------------------------------------- writers
# One JSON writer and one aligned-table writer for every command's output: report, sql, diff.
def to_json(value: Any) -> str:
    """The JSON every command writes: one indent, DuckDB's decimals as numbers, dates in ISO 8601."""
    return json.dumps(value, default=_json_default, indent=1) + "\n"


def _json_default(value: Any) -> Any:
    if isinstance(value, Decimal):
        return float(value)
    if isinstance(value, (date, datetime)):
        return value.isoformat()
    return str(value)


def aligned(header: Sequence[str], rows: Sequence[Sequence[str]], right: Sequence[bool] | None = None, *,
            rule: bool = False) -> list[str]:
    """Text cells in columns two blanks apart, each as wide as its widest cell: right-aligned
    where `right` says (numbers), left otherwise; a line of dashes under the header with `rule`."""
    widths = [max([len(h), *(len(r[i]) for r in rows)]) for i, h in enumerate(header)]
    flush = right or [False] * len(header)

    def line(cells: Sequence[str]) -> str:
        return "  ".join(c.rjust(w) if r else c.ljust(w) for c, w, r in zip(cells, widths, flush, strict=True)).rstrip()

    out = [line(header)]
    if rule:
        out.append("  ".join("-" * w for w in widths))
    return out + [line(r) for r in rows]


# ------------------------------------------------------------------------- formatting
def fmt_s(seconds: float | None) -> str:
    if seconds is None:
        return "-"
    if seconds >= 3600:
        return f"{seconds / 3600:.2f} h"
    if seconds >= 60:
        return f"{seconds / 60:.1f} min"
    return f"{seconds:.3g} s"


def fmt_pct(value: float | None) -> str:
    return "-" if value is None else f"{value:.1f} %"


def fmt_rate(value: float | None) -> str:
    return "-" if value is None else f"{value:,.0f}"


def fmt_ms(ns: float | None) -> str:
    """A duration in the unit that suits it: 0.0 ms would hide microsecond kernels."""
    if ns is None:
        return "-"
    if ns == 0:
        return "0"
    if abs(ns) >= 1e9:
        return fmt_s(ns / 1e9)
    if abs(ns) >= 1e6:
        return f"{ns / 1e6:.3g} ms"
    if abs(ns) >= 1e3:
        return f"{ns / 1e3:.3g} µs"
    return f"{ns:.0f} ns"


def fmt_hours(value: float | None) -> str:
    """GPU-hours with plain digits (never 9.08e-05): two significant figures below 1."""
    if value is None:
        return "-"
    if value == 0:
        return "0"
    if abs(value) >= 100:
        return f"{value:,.0f}"
    if abs(value) >= 1:
        return f"{value:.2f}"
    import math

    decimals = 1 - math.floor(math.log10(abs(value)))
    return f"{value:.{decimals}f}"


def shorten(name: str, width: int = 90) -> str:
    """Cut the middle, not the end: kernel names that differ only in their template arguments'
    tail stay apart (the full name is in the JSON and the HTML tooltip)."""
    if len(name) <= width:
        return name
    keep = width - 3
    return name[: keep - keep // 3] + "..." + name[len(name) - keep // 3:]


def shorten_all(names: list[str], width: int = 90) -> dict[str, str]:
    """Each name shortened in the middle, wider where two would read the same, so that the
    shortened names stay as distinct as the names."""
    widths = dict.fromkeys(names, width)
    while True:
        short = {n: shorten(n, widths[n]) for n in names}
        seen: dict[str, list[str]] = {}
        for n, text in short.items():
            seen.setdefault(text, []).append(n)
        clashing = [n for group in seen.values() if len(set(group)) > 1 for n in group if len(short[n]) < len(n)]
        if not clashing:
            return short
        for n in clashing:
            widths[n] += 10


def fmt_bytes(n: float | None) -> str:
    if n is None:
        return "-"
    for unit, size in (("GB", 1e9), ("MB", 1e6), ("kB", 1e3)):
        if n >= size:
            return f"{n / size:.3g} {unit}"
    return f"{n:.0f} B"


def fmt_time(ns: int | None) -> str:
    if ns is None:
        return "undated"
    return datetime.fromtimestamp(ns / 1e9, tz=UTC).strftime("%Y-%m-%d %H:%M:%S UTC")


def _num(value: float | None, spec: str = ".3g") -> str:
    return "-" if value is None else format(value, spec)


def _ranks(ranks: tuple[int, ...] | None) -> str:
    """Ranks as a list, `-` for none (a hang no flight recorder dump names suspects for)."""
    return ", ".join(map(str, ranks or ())) or "-"


@dataclass
class Table:
    header: list[str]
    rows: list[list[str]]
    full: dict[str, str] = field(default_factory=dict)  # a shortened cell -> its whole text (HTML tooltips)


@dataclass
class FindingBlock:
    """One finding as every renderer shows it: numbered, its severity, what, why, what to try."""

    number: int
    severity: str
    title: str
    evidence: str
    advice: str


@dataclass
class Section:
    key: str  # the --section it belongs to
    title: str
    paragraphs: list[str] = field(default_factory=list)
    findings: list[FindingBlock] = field(default_factory=list)  # after the paragraphs
    tables: list[Table] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # after the tables


def layout(report: Report) -> list[Section]:
    """The report as sections of formatted text, in reading order. Text from the inputs
    (names, paths, messages) can hold terminal escapes and bidi overrides: every string is
    made safe to show here, once, for every renderer (see tracelens.safe_text)."""
    sections = _layout(report)
    for section in sections:
        section.title = terminal_safe(section.title)
        section.paragraphs = [terminal_safe(p) for p in section.paragraphs]
        section.findings = [FindingBlock(f.number, terminal_safe(f.severity), terminal_safe(f.title),
                                         terminal_safe(f.evidence), terminal_safe(f.advice)) for f in section.findings]
        section.notes = [terminal_safe(n) for n in section.notes]
        for table in section.tables:
            table.header = [terminal_safe(h) for h in table.header]
            table.rows = [[terminal_safe(c) for c in row] for row in table.rows]
            table.full = {terminal_safe(k): terminal_safe(v) for k, v in table.full.items()}
    return sections


def _layout(report: Report) -> list[Section]:
    out: list[Section] = []
    g = report.goodput
    if "goodput" in report.sections:
        s = Section("goodput", "Goodput")
        if g is None:
            s.paragraphs.append("No training log with steps was found: the job's wall time and goodput cannot be computed.")
        elif g.reason:
            s.paragraphs.append(f"Wall time and goodput undetermined: {g.reason}.")
        else:
            s.paragraphs.append(f"Wall time {fmt_s(g.wall_s)} over {g.attempts} attempt{'s' if g.attempts != 1 else ''}; "
                                f"goodput {fmt_pct(100 * g.goodput_fraction if g.goodput_fraction is not None else None)} "
                                f"({fmt_s(g.productive_s)} productive, {fmt_s(g.lost_s)} lost).")
            if g.opens_at_step is not None:
                s.paragraphs.append(f"The logs open mid-run, at step {g.opens_at_step}, and no line says the job resumed "
                                    f"from a checkpoint: its steps before that one (about {fmt_s(g.unlogged_before_s)} at "
                                    "its pace) are not in them; wall time and goodput are those of the part they show.")
            elif g.start_logged is False:
                s.paragraphs.append("Wall time runs from the first logged step: no line marks when the job started, so "
                                    "its start-up before that step is not counted (the goodput is that much too high).")
            if g.elided_lines:
                s.paragraphs.append(f"The logs say lines were cut out of them ({g.elided_lines} `...` line"
                                    f"{'s' if g.elided_lines != 1 else ''}: an excerpt): what ran across them is not "
                                    "known and counts as `other`, where no step counter shows the steps that ran then.")
            if g.throughput_tokens_per_s is not None:
                s.paragraphs.append(f"Tokens/s: {fmt_rate(g.throughput_tokens_per_s)} while computing steps (throughput), "
                                    f"{fmt_rate(g.goodput_tokens_per_s)} useful per wall-clock second (goodput).")
                if g.tokens_coverage is not None and g.tokens_coverage < 0.995:
                    s.paragraphs.append(f"The lines that count tokens cover {fmt_pct(100 * g.tokens_coverage)} of the "
                                        f"{fmt_s(g.computing_s)} spent computing steps (a count since a line that gave "
                                        "none covers a time no line dates): the throughput is their rate, and the "
                                        "goodput takes the rest of the productive time at that rate.")
                if g.fractions_note:
                    by_tokens = 100 * g.token_goodput_fraction if g.token_goodput_fraction is not None else None
                    s.paragraphs.append(f"By tokens, goodput is {fmt_pct(by_tokens)}: {g.fractions_note}.")
            if g.tokens_reason:
                s.paragraphs.append(f"Tokens/s: unknown: {g.tokens_reason}.")
            cost = (f"; ${g.lost_dollars:,.2f} of ${g.total_dollars:,.2f}"
                    if g.lost_dollars is not None and g.total_dollars else "")
            if g.gpus is None:
                s.paragraphs.append(f"GPUs: unknown ({g.gpus_detail}); no GPU-hours.")
            else:
                s.paragraphs.append(f"GPUs: {g.gpus:g} ({g.gpus_detail or g.gpus_source}); GPU-hours lost "
                                    f"{fmt_hours(g.lost_gpu_hours)} of {fmt_hours(g.total_gpu_hours)}{cost}.")
            if g.mfu is not None or g.reported_mfu is not None:
                parts = []
                if g.mfu is not None:
                    parts.append(f"{100 * g.mfu:.1f} % (from --flops-per-token and --peak-tflops)")
                if g.reported_mfu is not None:
                    parts.append(f"{g.reported_mfu:.1f} % as the logs report it")
                s.paragraphs.append("MFU: " + "; ".join(parts) + ".")
            s.tables.append(Table(
                ["bucket", "time", "share", "GPU-h", "cost", "tokens/s lost"],
                [[b.name, fmt_s(b.seconds), fmt_pct(b.percent), fmt_hours(b.gpu_hours),
                  f"${b.dollars:,.2f}" if b.dollars is not None else "-",
                  fmt_rate(b.tokens_per_s_lost) if b.tokens_per_s_lost else "-"]
                 for b in g.attribution if b.seconds > 0],
            ))
            if g.productive_split:
                basis = g.productive_split[0].basis_rank_steps
                split = ", ".join(f"{p.category.replace('_', ' ')} {100 * p.share:.0f} %"
                                  for p in g.productive_split if p.share > 0)
                s.notes.append(f"Productive time, split like the {basis} profiled rank-steps (estimate): {split}.")
            if report.lost_steps:
                n = len(report.lost_steps)
                s.notes.append(f"Redone after a restart: {'step' if n == 1 else f'{n} steps,'} "
                               f"{', '.join(map(str, report.lost_steps))}.")
        out.append(s)
    if "findings" in report.sections:
        s = Section("findings", "Findings")
        if not report.findings:
            s.paragraphs.append("Nothing crossed a threshold.")
        s.findings = [FindingBlock(i, f.severity, f.title, f.evidence, f.advice)
                      for i, f in enumerate(report.findings, start=1)]
        out.append(s)
    if "attempts" in report.sections and report.attempts:
        s = Section("attempts", "Attempts")
        s.tables.append(Table(
            ["#", "start", "length", "steps", "resumed from", "end", "hang"],
            [[str(a.attempt), ("~" if a.clock in (Clock.MTIME, Clock.MTIME_YEAR) else "") + fmt_time(a.start_ns),
              ("≥" if a.length_at_least else "") + fmt_s(a.length_s),
              f"{a.first_step}..{a.last_step}" if a.first_step is not None else "-",
              str(a.resumed_from_step) if a.resumed_from_step is not None else "-", a.end_reason,
              f"{fmt_s(a.hang_s)} (suspects {_ranks(a.hang_suspect_ranks)})" if a.hang_s else "-"]
             for a in report.attempts],
        ))
        for at_least, reason in dict.fromkeys((bool(a.length_at_least), a.length_reason) for a in report.attempts
                                              if a.length_reason and (a.length_at_least or a.start_ns is not None)):
            s.notes.append(f"{'≥: it ran longer' if at_least else 'length -'}: {reason}.")
        clocks = {a.clock for a in report.attempts}
        if Clock.MTIME in clocks:
            s.notes.append("~: no line of the inputs dates these attempts; their times hang the progress bar's elapsed "
                           "seconds on the file's modification time, right only if the file was not copied or checked "
                           "out since the job wrote it (their lengths do not depend on it).")
        if Clock.MTIME_YEAR in clocks:
            s.notes.append("~: these attempts' dates rest on the file's modification time (the year of lines that print "
                           "none, the date of lines that print a time of day alone, or the time of a line placed by a "
                           "progress bar hung on it): estimates, right only if "
                           "the file was not copied since the job wrote it.")
        out.append(s)
    if "steps" in report.sections and report.ranks:
        s = Section("steps", "Step time (profiled steps, share of step time)")
        s.tables.append(Table(
            ["rank", "steps", "mean step", "compute", "comm exposed", "memory", "data stall", "host", "idle", "comm wait/step"],
            [[str(r.rank), str(r.steps), fmt_ms(r.mean_step_ns), fmt_pct(r.compute_pct), fmt_pct(r.comm_exposed_pct),
              fmt_pct(r.memory_pct), fmt_pct(r.data_stall_pct), fmt_pct(r.host_overhead_pct), fmt_pct(r.idle_pct),
              fmt_ms(r.comm_wait_per_step_ns)] for r in report.ranks],
        ))
        s.notes += [r.reason for r in report.ranks if r.reason]
        if report.top_kernels:
            short = shorten_all([k.name for k in report.top_kernels])
            s.tables.append(Table(
                ["top " + ("kernels" if report.top_kernels[0].kind in ("compute_kernel", "comm_kernel", "memcpy", "memset")
                           else "operators"), "kind", "calls", "ranks", "total", "mean", "share"],
                [[short[k.name], k.kind, str(k.calls), str(k.ranks), fmt_ms(k.total_ns),
                  fmt_ms(k.mean_ns), fmt_pct(k.share_pct)] for k in report.top_kernels],
                full={short[k.name]: k.name for k in report.top_kernels if short[k.name] != k.name},
            ))
        out.append(s)
    if "ranks" in report.sections and (report.stragglers or len(report.skew) > 1):  # one rank: nobody to wait for
        s = Section("ranks", "Stragglers and collective skew")
        s.paragraphs += [st.evidence for st in report.stragglers] or ["No rank holds the others back."]
        if report.skew:
            s.tables.append(Table(
                ["rank", "collectives", "arrived last", "others wait/step", "median step vs best"],
                [[str(k.rank), str(k.collectives), f"{k.arrived_last} ({fmt_pct(k.arrived_last_pct)})",
                  fmt_ms(k.wait_caused_per_step_ns), f"{k.step_score:.2f}x" if k.step_score is not None else "-"]
                 for k in report.skew],
            ))
        out.append(s)
    if "collectives" in report.sections and report.collectives:
        s = Section("collectives", "Collective bandwidth (median per op and size; bus bandwidth as nccl-tests computes it)")
        s.tables.append(Table(
            ["source", "op", "size", "ranks", "n", "time", "busbw GB/s", "nccl-tests GB/s", "efficiency", "lost"],
            [[c.source, c.op, fmt_bytes(c.size_bytes), _num(c.n_ranks, "d") if c.n_ranks is not None else "-", str(c.instances),
              fmt_ms(c.median_time_ns), _num(c.median_busbw_gbps), _num(c.median_baseline_busbw_gbps),
              fmt_pct(100 * c.median_efficiency) if c.median_efficiency is not None else "-", fmt_s(c.excess_s)]
             for c in report.collectives],
        ))
        reasons = sorted({c.no_bandwidth_reason for c in report.collectives if c.no_bandwidth_reason})
        if reasons:
            s.notes.append(f"No bus bandwidth ('-') where {'; '.join(reasons)}.")
        if not report.baseline:
            s.notes.append("No nccl-tests results for these ops and rank counts were ingested: no expected bandwidth.")
        out.append(s)
    if "hangs" in report.sections and (report.hangs or report.suspects):
        s = Section("hangs", "Hang analysis (flight recorder)")
        s.paragraphs += [f"{h.hang_order}. {h.evidence}" for h in report.hangs[:10]]
        if len(report.hangs) > 10:
            s.paragraphs.append(f"... and {len(report.hangs) - 10} more process groups (view hang_analysis).")
        if report.suspects:
            s.tables.append(Table(["suspect", "groups", "evidence"],
                                  [[str(x.rank), str(x.n_groups), x.evidence] for x in report.suspects[:8]]))
        top = report.hangs[0] if report.hangs else None
        if top is not None and top.frames:
            s.notes.append("Python frames of that collective:\n" + "\n".join("  " + f for f in top.frames.splitlines()[:8]))
        out.append(s)
    if "inputs" in report.sections:
        s = Section("inputs", "Inputs")
        s.tables.append(Table(
            ["status", "kind", "rows", "lines not read", "path"],
            [[f.status, f.kind or "-", str(f.rows),
              str(f.unrecognised_lines) if f.unrecognised_lines is not None else "-", f.path]
             for f in report.inputs],
        ))
        unknown = [f for f in report.inputs if f.status == FileStatus.UNKNOWN.value]
        s.notes += [f"! {f.message if f.message.startswith(f.path) else f'{f.path}: {f.message}'}"
                    for f in report.inputs if f.message and f.status != FileStatus.UNKNOWN.value]
        if unknown:
            s.notes.append(f"! {len(unknown)} file{'s' if len(unknown) != 1 else ''} with status unknown: {unknown[0].message}.")
        s.notes += [f"{f.path}: {w}" for f in report.inputs for w in f.warnings]
        out.append(s)
    return out


# ------------------------------------------------------------------------- text
def _finding_head(f: FindingBlock) -> str:
    return f"{f.number}. [{f.severity}] {f.title}"


def _finding_text(f: FindingBlock) -> str:
    return f"{_finding_head(f)}\n   evidence: {f.evidence}\n   try: {f.advice}"


def render_text(report: Report) -> str:
    """Plain text, for pipes and files."""
    out: list[str] = []
    for section in layout(report):
        out.append(section.title.upper())
        for paragraph in section.paragraphs:
            out += ["  " + line for line in paragraph.splitlines()]
        for f in section.findings:
            out += ["  " + line for line in _finding_text(f).splitlines()]
        for table in section.tables:
            out += ["  " + line for line in aligned(table.header, table.rows)]
        for note in section.notes:
            out += ["  " + line for line in note.splitlines()]
        out.append("")
    return "\n".join(out).rstrip() + "\n"


_SEVERITY_STYLE = {"high": "bold red", "medium": "yellow", "low": "dim"}


def render_rich(report: Report, width: int = 120) -> str:
    """Terminal text with rich tables and colours (ANSI codes), for a TTY."""
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table as RichTable

    buffer = io.StringIO()
    console = Console(file=buffer, force_terminal=True, width=width, color_system="standard", highlight=False)
    for section in layout(report):
        console.rule(f"[bold]{escape(section.title)}", align="left")
        for paragraph in section.paragraphs:
            console.print(escape(paragraph))
        for f in section.findings:
            console.print(f"[{_SEVERITY_STYLE.get(f.severity, '')}]{escape(_finding_head(f))}[/]")
            console.print(escape(f"   evidence: {f.evidence}\n   try: {f.advice}"), style="dim" if f.severity == "low" else None)
        for table in section.tables:
            rich_table = RichTable(show_edge=False, header_style="bold")
            for i, name in enumerate(table.header):
                left = i == 0 or name in ("path", "evidence", "op", "kind")
                rich_table.add_column(escape(name), justify="left" if left else "right")
            for row in table.rows:
                rich_table.add_row(*(escape(c) for c in row))
            console.print(rich_table)
        for note in section.notes:
            console.print(escape(note), style="dim")
        console.print()
    return buffer.getvalue()


# ------------------------------------------------------------------------- markdown
def _md_cell(text: str) -> str:
    # Link and code syntax from a name would be live in the rendered page: escaped. Emphasis
    # marks are left as they are (harmless, and kernel names are full of underscores).
    escaped = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    for ch in ("\\", "`", "[", "]"):
        escaped = escaped.replace(ch, "\\" + ch)
    return escaped.replace("|", "\\|").replace("\n", "<br>")


def _md_text(text: str) -> str:
    escaped = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    for ch in ("\\", "`", "*", "_", "[", "]"):
        escaped = escaped.replace(ch, "\\" + ch)
    return escaped


def render_markdown(report: Report) -> str:
    """GitHub-flavoured Markdown, for reviews and tickets. Every string from the inputs is escaped."""
    out = ["# tracelens report", ""]
    for section in layout(report):
        out += [f"## {section.title}", ""]
        for paragraph in section.paragraphs:
            out.append(_md_text(paragraph))
            out.append("")
        for f in section.findings:
            out.append(_md_text(_finding_head(f)))
            out += [f"   - {_md_text(line.strip())}" for line in (f"evidence: {f.evidence}", f"try: {f.advice}")]
            out.append("")
        for table in section.tables:
            out.append("| " + " | ".join(_md_cell(h) for h in table.header) + " |")
            out.append("|" + "|".join("---" for _ in table.header) + "|")
            out += ["| " + " | ".join(_md_cell(c) for c in row) + " |" for row in table.rows]
            out.append("")
        for note in section.notes:
            out += ["    " + line for line in note.splitlines()] if "\n" in note else [_md_text(note)]
            out.append("")
    return "\n".join(out).rstrip() + "\n"
