"""The HTML report: one self-contained page (Vega, Vega-Lite and vega-embed inlined from
vl-convert-python's bundle, the data inlined in the specs), altair charts and the same tables
as the text report. Nothing on the page loads from a network. Every string that comes from the
inputs is escaped: HTML text through html.escape, chart data through JSON with <, > and &
escaped, and Vega draws text as SVG text nodes (its tooltips escape HTML too).
"""

from __future__ import annotations

import html
import json
import os
from functools import cache
from typing import Any

from tracelens.render import Section, fmt_hours, fmt_pct, fmt_rate, fmt_s, fmt_time, layout
from tracelens.report import Report, StepPoint

CATEGORIES = ("compute", "comm_exposed", "memory", "data_stall", "host_overhead", "idle")
_COLORS = ("#4c78a8", "#e45756", "#72b7b2", "#f58518", "#b279a2", "#bab0ac")
_BUCKET_COLORS = {
    "productive": "#54a24b", "lost_work": "#e45756", "restart_downtime": "#b279a2", "checkpoint_save": "#f58518",
    "checkpoint_load": "#ff9da6", "startup": "#72b7b2", "eval": "#9d755d", "data_stall": "#eeca3b", "idle": "#d8d8d8",
    "other": "#bab0ac",
}


# Why the page has no charts, when it has none (shown on the page and by the CLI).
NO_CHARTS: list[str] = []


@cache
def _bundle() -> str | None:
    """Vega, Vega-Lite and vega-embed as one script, inlined so the page works offline.

    vl-convert makes it with an embedded V8, which aborts the whole process (SIGTRAP) under an
    address-space limit (`ulimit -v`, common on HPC login nodes). So it is made once in a child
    process and kept in the user's cache per vl-convert version; where the child fails, the
    page is written without charts and says why."""
    import subprocess
    import sys
    from importlib.metadata import PackageNotFoundError, version

    from tracelens.store import cache_dir

    try:
        tag = version("vl-convert-python")
    except PackageNotFoundError:
        tag = "unknown"
    cached = cache_dir() / "vega-bundle" / f"vl-convert-{tag}.js"
    try:
        return cached.read_text(encoding="utf-8")
    except OSError:
        pass
    # (its stub wants a snippet; no argument gives the default globals)
    code = "import sys, vl_convert; sys.stdout.write(vl_convert.javascript_bundle())"
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, encoding="utf-8")
    if proc.returncode != 0 or "vegaEmbed" not in proc.stdout:
        NO_CHARTS.append(
            "no charts: vl-convert could not build the Vega bundle here (exit "
            f"{proc.returncode}; an address-space limit such as `ulimit -v` stops its V8); "
            "run once without the limit and later reports reuse the bundle"
        )
        return None
    try:
        cached.parent.mkdir(parents=True, exist_ok=True)
        tmp = cached.with_name(f".{cached.name}.{os.getpid()}.tmp")
        tmp.write_text(proc.stdout, encoding="utf-8")
        os.replace(tmp, cached)
    except OSError:
        pass  # no writable cache: made again next time
    return proc.stdout


def _script_json(value: Any) -> str:
    """JSON that can sit inside a <script> element whatever strings it holds."""
    text = json.dumps(value, default=str, allow_nan=False)
    return (text.replace("&", "\\u0026").replace("<", "\\u003c").replace(">", "\\u003e")
            .replace("\u2028", "\\u2028").replace("\u2029", "\\u2029"))


def charts(report: Report) -> list[tuple[str, str, dict[str, Any] | None, str]]:
    """(id, title, Vega-Lite spec or None, caption) for every chart the report can draw; a chart
    without data has no spec and its caption says why."""
    import altair as alt

    out: list[tuple[str, str, dict[str, Any] | None, str]] = []

    def add(key: str, title: str, chart: Any | None, caption: str) -> None:
        spec = chart.to_dict() if chart is not None else None
        out.append((key, title, spec, caption))

    g = report.goodput
    # 1. goodput waterfall: wall time, minus each bucket in turn, down to productive time
    if g is not None and g.wall_s and g.waterfall:  # none: nothing dates the steps (g.reason)
        rows = [{"label": w.label, "start": w.start_s, "end": w.end_s, "bucket": w.bucket, "seconds": w.seconds,
                 "percent": w.percent} for w in g.waterfall]
        colors = {"wall": "#4c78a8", **_BUCKET_COLORS}
        chart = alt.Chart(alt.Data(values=rows)).mark_bar().encode(
            y=alt.Y("label:N", sort=[str(r["label"]) for r in rows], title=None),
            x=alt.X("start:Q", title="seconds of wall time"), x2="end:Q",
            color=alt.Color("bucket:N", scale=alt.Scale(domain=list(colors), range=list(colors.values())), legend=None),
            tooltip=[alt.Tooltip("label:N", title="bucket"), alt.Tooltip("seconds:Q", format=".3f"),
                     alt.Tooltip("percent:Q", title="% of wall", format=".2f")],
        ).properties(width="container", height=max(120, 28 * len(rows)))
        add("waterfall", "Where the wall time went", chart,
            "From the job's wall time to its productive time, one bar per goodput bucket (view goodput_buckets).")
    else:
        add("waterfall", "Where the wall time went", None, "No training log with steps: no wall time to split.")

    # 2. throughput vs goodput
    if g is not None and (g.throughput_tokens_per_s is not None or g.throughput_samples_per_s is not None):
        unit = "tokens/s" if g.throughput_tokens_per_s is not None else "samples/s"
        through = g.throughput_tokens_per_s if unit == "tokens/s" else g.throughput_samples_per_s
        good = g.goodput_tokens_per_s if unit == "tokens/s" else g.goodput_samples_per_s
        rows = [{"rate": "throughput (while computing steps)", "value": through},
                {"rate": "goodput (per wall-clock second)", "value": good}]
        chart = alt.Chart(alt.Data(values=rows)).mark_bar().encode(
            y=alt.Y("rate:N", title=None, sort=None), x=alt.X("value:Q", title=unit),
            color=alt.Color("rate:N", legend=None, scale=alt.Scale(range=["#4c78a8", "#54a24b"])),
            tooltip=[alt.Tooltip("rate:N"), alt.Tooltip("value:Q", format=",.1f", title=unit)],
        ).properties(width="container", height=90)
        add("rates", "Throughput vs goodput", chart, f"The gap is the time the buckets above took (view goodput), in {unit}.")
    else:
        add("rates", "Throughput vs goodput", None, "The logs report no tokens or samples per step.")

    # 3. stacked step-time breakdown per step: one rank (selector) and averaged over ranks
    points = report.step_points
    if points:
        attempts = sorted({p.attempt for p in points})
        # one bar per (attempt, step): a restart that profiles steps 3 and 4 again draws them
        # apart (and per trace, where one rank has two traces numbering their steps alike)
        by_cycle = len({(p.rank, p.attempt, p.step) for p in points}) < len(points)
        order = sorted({(p.attempt, p.cycle if by_cycle else 0, p.step) for p in points})

        def label(attempt: int, cycle: int, step: int) -> str:
            parts = ([f"attempt {attempt}"] if len(attempts) > 1 else []) + ([f"trace {cycle}"] if by_cycle else [])
            return f"{step} ({', '.join(parts)})" if parts else str(step)

        def at(p: StepPoint) -> str:
            return label(p.attempt, p.cycle if by_cycle else 0, p.step)

        labels = [label(*key) for key in order]
        # (the steps of a trace that recorded no device work have no categories: step_summary's reason)
        split = [p for p in points if p.compute_ns is not None]
        long = [{"rank": p.rank, "step": at(p), "category": c, "ms": getattr(p, f"{c}_ns") / 1e6,
                 "category_order": CATEGORIES.index(c)}
                for p in split for c in CATEGORIES]
        ranks = sorted({p.rank for p in points})
        pick = alt.param(name="rank_pick", value=ranks[0],
                         bind=alt.binding_select(options=ranks, name="rank "))
        color = alt.Color("category:N", sort=list(CATEGORIES), scale=alt.Scale(domain=list(CATEGORIES), range=list(_COLORS)),
                          legend=alt.Legend(orient="top", title=None))  # inside the page's width
        # both charts stack the categories in the legend's order, compute at the bottom
        stack_order = alt.Order("category_order:Q", sort="ascending")
        step_title = "step" + (" (attempt)" if len(attempts) > 1 and not by_cycle else
                               " (attempt, trace)" if len(attempts) > 1 else " (trace)" if by_cycle else "")
        x = alt.X("step:O", sort=labels, title=step_title)
        per_rank = alt.Chart(alt.Data(values=long)).mark_bar().encode(
            x=x, y=alt.Y("ms:Q", title="ms", stack="zero"), color=color, order=stack_order,
            tooltip=[alt.Tooltip("rank:Q"), alt.Tooltip("step:O"), alt.Tooltip("category:N"), alt.Tooltip("ms:Q", format=".2f")],
        ).transform_filter("datum.rank == rank_pick").add_params(pick).properties(
            width="container", height=220, title="one rank (pick it below)")
        # one bar segment per step and category (the view's mean over ranks; each rank's row carries it)
        means = list({(at(p), c): {"step": at(p), "category": c, "ms": getattr(p, f"mean_{c}_ns") / 1e6,
                                   "category_order": CATEGORIES.index(c)}
                      for p in split for c in CATEGORIES}.values())
        mean = alt.Chart(alt.Data(values=means)).mark_bar().encode(
            x=x, y=alt.Y("ms:Q", title="ms, mean over ranks", stack="zero"), color=color, order=stack_order,
            tooltip=[alt.Tooltip("step:O"), alt.Tooltip("category:N"), alt.Tooltip("ms:Q", format=".2f", title="mean ms")],
        ).properties(width="container", height=220, title="averaged over ranks")
        if split:
            add("breakdown", "Step time by category", alt.vconcat(per_rank, mean).resolve_scale(color="shared"),
                "Each profiled step split into exclusive categories that sum to its duration (view step_series)"
                + ("." if len(attempts) == 1 else "; steps profiled in more than one attempt are drawn once per attempt."))
        else:
            add("breakdown", "Step time by category", None,
                "The traces recorded no device work (CPU activity alone): their steps' time cannot be split.")
        waits = any(p.comm_wait_ns for p in points)
        single = len(ranks) == 1
        measure, what = (("step_ns", "step ms") if single else ("lateness_ns", "late (ms)") if waits
                         else ("vs_median_ns", "vs median (ms)"))
        cells = [{"rank": p.rank, "step": at(p), "ms": p.step_ns / 1e6, "value": (getattr(p, measure) or 0) / 1e6,
                  "median": (p.median_step_ns or 0) / 1e6, "wait": p.comm_wait_ns / 1e6} for p in points]
        scale = (alt.Scale(scheme="orangered", domainMin=0) if waits or single
                 else alt.Scale(scheme="redblue", reverse=True, domainMid=0))
        heat = alt.Chart(alt.Data(values=cells)).mark_rect().encode(
            x=alt.X("step:O", sort=labels, title=step_title, axis=alt.Axis(labelOverlap=True)),
            y=alt.Y("rank:O"), color=alt.Color("value:Q", title=what, scale=scale),
            tooltip=[alt.Tooltip("rank:O"), alt.Tooltip("step:O"), alt.Tooltip("ms:Q", format=".2f", title="step ms"),
                     alt.Tooltip("median:Q", format=".2f", title="median step ms"),
                     alt.Tooltip("wait:Q", format=".2f", title="waited for others (ms)"),
                     alt.Tooltip("value:Q", format=".2f", title=what)],
        ).properties(width="container", height=max(80, 22 * len(ranks)))
        caption = ("One rank: each step's time, from 0 ms (view step_series)." if single else
                   "How long the other ranks waited for each rank at each step's collectives (the longest wait of any "
                   "rank minus this rank's own): in synchronous training every rank's step lasts as long as the "
                   "slowest one's, so a straggler shows as a darker row here, not in step time (view step_series, "
                   "lateness_ns)." if waits else
                   "Each rank's step time minus the median over ranks at that step (red: slower, blue: faster); "
                   "a straggler shows as a red row (view step_series, vs_median_ns).")
        add("heatmap", "Step time by step" if single else "Who the others waited for, rank by step" if waits
            else "Step time against the step's median",
            heat, caption)
    else:
        add("breakdown", "Step time by category", None, "No profiler trace with steps was ingested.")
        add("heatmap", "Step time, rank by step", None, "No profiler trace with steps was ingested.")

    # 5. attempts timeline with crashes, checkpoints, restarts and hangs
    dated = [a for a in report.attempts if a.start_ns is not None and a.end_ns is not None]  # (an undated log's have no times)
    if dated:
        # seconds since the first attempt's start on a plain axis: a time axis over a few seconds
        # labels its ticks with bare milliseconds (.950 .050), over hours with clock times
        t0 = min(a.start_ns for a in dated if a.start_ns is not None)
        span_s = (max([a.end_ns for a in dated if a.end_ns is not None] + [e.ts_ns for e in report.timeline]) - t0) / 1e9
        unit, per = (("h", 3600.0) if span_s >= 3 * 3600 else ("min", 60.0) if span_s >= 180 else ("s", 1.0))

        def rel(ns: int) -> float:
            return (ns - t0) / 1e9 / per

        def clock(ns: int) -> str:
            return fmt_time(ns).replace(" UTC", f".{ns // 1_000_000 % 1000:03d} UTC")

        bars = [{"row": f"attempt {a.attempt}", "start": rel(a.start_ns), "end": rel(max(a.end_ns, a.start_ns + 1)),
                 "from": clock(a.start_ns), "to": clock(a.end_ns),
                 "end_reason": a.end_reason, "steps": f"{a.first_step}..{a.last_step}"}
                for a in dated if a.start_ns is not None and a.end_ns is not None]
        hangs = [{"row": "hangs", "start": rel(a.hang_start_ns), "end": rel(a.hang_end_ns),
                  "hang_s": a.hang_s, "suspects": ", ".join(map(str, a.hang_suspect_ranks or ())) or "?"}
                 for a in dated if a.hang_s and a.hang_start_ns and a.hang_end_ns]
        events = [{"row": "events", "t": rel(e.ts_ns), "at": clock(e.ts_ns), "kind": e.kind, "rank": e.rank, "step": e.step,
                   "detail": e.detail or ""}
                  for e in report.timeline]
        axis_title = f"{'seconds' if unit == 's' else 'minutes' if unit == 'min' else 'hours'} since {fmt_time(t0)}"
        base = alt.Chart(alt.Data(values=bars)).mark_bar(height=14).encode(
            y=alt.Y("row:N", title=None), x=alt.X("start:Q", title=axis_title, axis=alt.Axis(format="~r")), x2="end:Q",
            color=alt.Color("end_reason:N", title="attempt ended"),
            tooltip=[alt.Tooltip("row:N"), alt.Tooltip("from:N"), alt.Tooltip("to:N"),
                     alt.Tooltip("steps:N"), alt.Tooltip("end_reason:N")],
        )
        layers = [base]
        if events:
            layers.append(alt.Chart(alt.Data(values=events)).mark_point(filled=True, size=70).encode(
                y=alt.Y("row:N"), x=alt.X("t:Q"), shape=alt.Shape("kind:N", title="event"),
                color=alt.value("#333"),
                tooltip=[alt.Tooltip("kind:N"), alt.Tooltip("at:N", title="at"), alt.Tooltip("rank:Q"),
                         alt.Tooltip("step:Q"), alt.Tooltip("detail:N")],
            ))
        if hangs:
            layers.append(alt.Chart(alt.Data(values=hangs)).mark_bar(height=10, color="#d62728").encode(
                y=alt.Y("row:N"), x=alt.X("start:Q"), x2="end:Q",
                tooltip=[alt.Tooltip("hang_s:Q", title="hung (s)", format=".1f"),
                         alt.Tooltip("suspects:N", title="suspect ranks")],
            ))
        chart = alt.layer(*layers).resolve_scale(color="independent", shape="independent").properties(
            width="container", height=60 + 26 * (len(bars) + (1 if events else 0) + (1 if hangs else 0)))
        add("timeline", "Attempts, failures and checkpoints", chart,
            "Each attempt from its start to its last sign of life; the gaps are restart downtime (views attempts, timeline).")
    else:
        add("timeline", "Attempts, failures and checkpoints", None, "No attempt could be dated from the logs.")

    # 6. collective bus bandwidth vs message size, against the nccl-tests curve
    if report.collectives:
        observed = [{"op": c.op, "size_bytes": c.size_bytes, "busbw": c.median_busbw_gbps, "n_ranks": c.n_ranks,
                     "instances": c.instances, "efficiency": c.median_efficiency, "source": c.source}
                    for c in report.collectives if c.median_busbw_gbps and c.size_bytes > 0]
        curve = [{"op": b.op, "size_bytes": b.size_bytes, "busbw": b.busbw_gbps, "n_ranks": b.n_ranks,
                  "series": f"nccl-tests {b.op} x{b.n_ranks}"} for b in report.baseline if b.busbw_gbps > 0]
        without = [c for c in report.collectives if c.median_busbw_gbps is None and c.no_bandwidth_reason]
        left_out = (f" {sum(c.instances for c in without)} collectives are not drawn: "
                    f"{'; '.join(sorted({str(c.no_bandwidth_reason) for c in without}))}." if without else "")
        if observed:
            x = alt.X("size_bytes:Q", scale=alt.Scale(type="log"), title="message size (bytes)")
            y = alt.Y("busbw:Q", scale=alt.Scale(type="log"), title="bus bandwidth (GB/s)")
            layers = [alt.Chart(alt.Data(values=observed)).mark_point(filled=True, size=60).encode(
                x=x, y=y, color=alt.Color("op:N"),
                tooltip=[alt.Tooltip("op:N"), alt.Tooltip("size_bytes:Q", format=","), alt.Tooltip("busbw:Q", format=".3f"),
                         alt.Tooltip("n_ranks:Q"), alt.Tooltip("instances:Q"), alt.Tooltip("efficiency:Q", format=".2f"),
                         alt.Tooltip("source:N")],
            )]
            if curve:
                layers.insert(0, alt.Chart(alt.Data(values=curve)).mark_line(strokeDash=[4, 3]).encode(
                    x=x, y=y, detail="series:N", color=alt.value("#888"),
                    tooltip=[alt.Tooltip("series:N"), alt.Tooltip("size_bytes:Q", format=","),
                             alt.Tooltip("busbw:Q", format=".2f")],
                ))
            add("bandwidth", "Collective bandwidth vs message size", alt.layer(*layers).properties(width="container", height=260),
                "Median bus bandwidth of each observed op and size (points) against the nccl-tests curve (dashed) "
                "(views collective_summary, int_nccl_baseline)."
                + ("" if curve else " No nccl-tests baseline was ingested.") + left_out)
        else:
            add("bandwidth", "Collective bandwidth vs message size", None,
                ("No observed collective has a bus bandwidth." + left_out) if without
                else "No observed collective has a known size.")
    else:
        add("bandwidth", "Collective bandwidth vs message size", None, "No collective with a known size was observed.")
    return out


_CSS = """
body{font:14px/1.45 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:0;color:#222;background:#fafafa}
header{background:#1f2d3d;color:#fff;padding:18px 28px}header h1{margin:0;font-size:20px}
header p{margin:4px 0 0;color:#c9d3de;font-size:13px}
main{max-width:1180px;margin:0 auto;padding:18px 28px 60px}
.cards{display:flex;flex-wrap:wrap;gap:12px;margin:6px 0 18px}
.card{background:#fff;border:1px solid #e3e3e3;border-radius:6px;padding:10px 14px;min-width:150px}
.card b{display:block;font-size:20px}.card span{color:#666;font-size:12px}
section{background:#fff;border:1px solid #e3e3e3;border-radius:6px;padding:14px 18px;margin:14px 0}
h2{font-size:16px;margin:0 0 8px}
.finding{border-left:4px solid #bbb;padding:4px 10px;margin:8px 0}
.finding.high{border-color:#d62728}.finding.medium{border-color:#ff9f1c}.finding.low{border-color:#bbb}
.finding .sev{font-size:11px;text-transform:uppercase;font-weight:bold;margin-right:6px}
.finding.high .sev{color:#d62728}.finding.medium .sev{color:#c77800}.finding.low .sev{color:#888}
.finding p{margin:2px 0;color:#444;font-size:13px}
table{border-collapse:collapse;font-size:12.5px;margin:6px 0}th,td{padding:3px 9px;border-bottom:1px solid #eee;text-align:left}
th{background:#f3f3f3}.chart{width:100%}
/* two stacked charts: their y axes sit outside the width they fill */
#chart-breakdown{width:calc(100% - 60px)}.caption{color:#666;font-size:12px;margin:2px 0 8px}
.nochart{color:#888;font-style:italic}pre{background:#f6f6f6;padding:8px;overflow:auto;font-size:12px}
"""


def _cards(report: Report) -> str:
    g = report.goodput
    if g is None:
        return ""
    if g.reason:
        items = [("undetermined", f"wall time and goodput: {g.reason}")]
        return '<div class="cards">' + "".join(
            f"<div class=\"card\"><b>{html.escape(v)}</b><span>{html.escape(k)}</span></div>" for v, k in items) + "</div>"
    items = [
        (fmt_s(g.wall_s), f"wall time, {g.attempts} attempt{'s' if g.attempts != 1 else ''}"),
        (fmt_pct(100 * g.goodput_fraction if g.goodput_fraction is not None else None), "goodput"),
    ]
    if g.throughput_tokens_per_s is not None:
        items.append((f"{fmt_rate(g.throughput_tokens_per_s)} / {fmt_rate(g.goodput_tokens_per_s)}",
                      "tokens/s: throughput / goodput"))
    if g.mfu is not None:
        items.append((fmt_pct(100 * g.mfu), "MFU"))
    elif g.reported_mfu is not None:
        items.append((fmt_pct(g.reported_mfu), "MFU as logged"))
    if g.lost_gpu_hours is not None and g.gpus is not None:
        items.append((fmt_hours(g.lost_gpu_hours), f"GPU-hours lost ({g.gpus:g} GPUs)"))
    if g.lost_dollars is not None:
        items.append((f"${g.lost_dollars:,.2f}", "lost"))
    return '<div class="cards">' + "".join(
        f"<div class=\"card\"><b>{html.escape(v)}</b><span>{html.escape(k)}</span></div>" for v, k in items) + "</div>"


def _section_html(section: Section) -> str:
    parts = [f"<section id=\"{html.escape(section.key)}\"><h2>{html.escape(section.title)}</h2>"]
    parts += [f"<p>{html.escape(p)}</p>" for p in section.paragraphs]
    for f in section.findings:
        lines = "".join(f"<p>{html.escape(line)}</p>" for line in (f"evidence: {f.evidence}", f"try: {f.advice}"))
        parts.append(f"<div class=\"finding {html.escape(f.severity)}\"><span class=\"sev\">{html.escape(f.severity)}</span>"
                     f"<b>{html.escape(f.title)}</b>{lines}</div>")
    for table in section.tables:
        head = "".join(f"<th>{html.escape(h)}</th>" for h in table.header)
        body = "".join("<tr>" + "".join(
            f"<td title=\"{html.escape(table.full[c])}\">{html.escape(c)}</td>" if c in table.full
            else f"<td>{html.escape(c)}</td>"
            for c in row) + "</tr>" for row in table.rows)
        parts.append(f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>")
    for note in section.notes:
        parts.append(f"<pre>{html.escape(note)}</pre>" if "\n" in note else f"<p class=\"caption\">{html.escape(note)}</p>")
    parts.append("</section>")
    return "".join(parts)


def chart_blocks(figures: list[tuple[str, str, dict[str, Any] | None, str]],
                 bundle: Any) -> tuple[list[str], list[tuple[str, dict[str, Any]]]]:
    """Each figure's title, its chart's place (or why it has none) and caption, as HTML; and
    the (key, Vega-Lite spec) pairs to embed. No Vega bundle: one note instead of every chart."""
    parts: list[str] = []
    embeds: list[tuple[str, dict[str, Any]]] = []
    if bundle is None:
        return [f"<p class=\"nochart\">{html.escape(NO_CHARTS[-1])}</p>"], []
    for key, chart_title, spec, caption in figures:
        parts.append(f"<h2>{html.escape(chart_title)}</h2>")
        if spec is None:
            parts.append(f"<p class=\"nochart\" data-chart=\"{html.escape(key)}\">{html.escape(caption)}</p>")
            continue
        parts.append(f"<div class=\"chart\" id=\"chart-{html.escape(key)}\" data-chart=\"{html.escape(key)}\"></div>"
                     f"<p class=\"caption\">{html.escape(caption)}</p>")
        embeds.append((key, spec))
    return parts, embeds


def render_html(report: Report, title: str = "tracelens report") -> str:
    """The whole page as one string."""
    sections = {s.key: s for s in layout(report)}
    bundle = _bundle()
    chart_html, embeds = chart_blocks(charts(report), bundle)
    order = ["goodput", "findings", "charts", "attempts", "steps", "ranks", "collectives", "hangs", "inputs"]
    body = [_cards(report)]
    for key in order:
        if key == "charts":
            body.append("<section id=\"charts\">" + "".join(chart_html) + "</section>")
        elif key in sections:
            body.append(_section_html(sections[key]))
    script = "\n".join(
        f"vegaEmbed('#chart-{key}', {_script_json(spec)}, {{renderer: 'svg', actions: false}})"
        f".catch(function (e) {{ console.error('chart {key}: ' + e); }});"
        for key, spec in embeds
    )
    subtitle = "goodput, step time, collectives and hangs from logs, traces and NCCL timings"
    return (
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
        f"<title>{html.escape(title)}</title><style>{_CSS}</style>"
        f"<script>{bundle or ''}</script></head><body>"
        f"<header><h1>{html.escape(title)}</h1><p>{html.escape(subtitle)}</p></header>"
        f"<main>{''.join(body)}</main>"
        f"<script>\n{script}\n</script></body></html>\n"
    )
