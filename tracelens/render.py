"""Renderers: a Report in, a string out (they never print, and compute nothing)."""

from __future__ import annotations

import json
from datetime import datetime, timezone

from tracelens.report import Report, to_dict


def render_json(report: Report) -> str:
    return json.dumps(to_dict(report), indent=1, default=str) + "\n"


def _s(seconds: float | None) -> str:
    if seconds is None:
        return "-"
    if seconds >= 3600:
        return f"{seconds / 3600:.2f} h"
    if seconds >= 60:
        return f"{seconds / 60:.1f} min"
    return f"{seconds:.3g} s"


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{value:.1f} %"


def _rate(value: float | None) -> str:
    return "-" if value is None else f"{value:,.0f}"


def _time(ns: int) -> str:
    return datetime.fromtimestamp(ns / 1e9, tz=timezone.utc).strftime("%Y-%m-%d %H:%M:%S UTC")


def _table(header: list[str], rows: list[list[str]]) -> list[str]:
    widths = [max(len(h), *(len(r[i]) for r in rows)) if rows else len(h) for i, h in enumerate(header)]
    out = ["  ".join(h.ljust(w) for h, w in zip(header, widths, strict=True)).rstrip()]
    out += ["  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip() for r in rows]
    return out


def render_text(report: Report) -> str:
    out: list[str] = []
    g = report.goodput
    if "goodput" in report.sections:
        out.append("GOODPUT")
        if g is None:
            out.append("  no training log with steps was found: goodput cannot be computed")
        else:
            out.append(f"  wall time        {_s(g.wall_s)} over {g.attempts} attempt{'s' if g.attempts != 1 else ''}")
            out.append(f"  goodput          {_pct(100 * g.goodput_fraction if g.goodput_fraction is not None else None)}"
                       f" ({_s(g.productive_s)} productive)")
            if g.throughput_tokens_per_s is not None:
                out.append(f"  tokens/s         {_rate(g.throughput_tokens_per_s)} while stepping, "
                           f"{_rate(g.goodput_tokens_per_s)} useful per wall-clock second")
            rows = [
                [b.name, _s(b.seconds), _pct(b.percent), f"{b.gpu_hours:.3g}" if b.gpu_hours is not None else "-",
                 f"${b.dollars:,.2f}" if b.dollars is not None else "-",
                 _rate(b.tokens_per_s_lost) if b.tokens_per_s_lost else "-"]
                for b in g.attribution if b.seconds > 0
            ]
            out += ["  " + line for line in _table(["bucket", "time", "share", "GPU-h", "cost", "tokens/s lost"], rows)]
            out.append(f"  GPUs: {g.gpus:g} ({g.gpus_source})")
            if g.mfu is not None or g.reported_mfu is not None:
                parts = []
                if g.mfu is not None:
                    parts.append(f"{100 * g.mfu:.1f} % (from --flops-per-token and --peak-tflops)")
                if g.reported_mfu is not None:
                    parts.append(f"{g.reported_mfu:.1f} % as the logs report it")
                out.append("  MFU: " + "; ".join(parts))
            if g.productive_split:
                basis = g.productive_split[0].basis_rank_steps
                split = ", ".join(f"{p.category.replace('_', ' ')} {100 * p.share:.0f} %" for p in g.productive_split if p.share > 0)
                out.append(f"  productive time, split like the {basis} profiled rank-steps (estimate): {split}")
            if report.lost_steps:
                out.append(f"  steps redone after a restart: {', '.join(map(str, report.lost_steps))}")
        out.append("")
    if "attempts" in report.sections and report.attempts:
        out.append("ATTEMPTS")
        rows = [[str(a.attempt), _time(a.start_ns), _s((a.end_ns - a.start_ns) / 1e9),
                 f"{a.first_step}..{a.last_step}" if a.first_step is not None else "-",
                 str(a.resumed_from_step) if a.resumed_from_step is not None else "-", a.end_reason]
                for a in report.attempts]
        out += ["  " + line for line in _table(["#", "start", "length", "steps", "resumed from", "end"], rows)]
        out.append("")
    if "steps" in report.sections and report.ranks:
        out.append("STEP TIME (profiled steps, share of step time)")
        rows = [[str(r.rank), str(r.steps), f"{r.mean_step_ns / 1e6:.1f} ms", _pct(r.compute_pct), _pct(r.comm_exposed_pct),
                 _pct(r.memory_pct), _pct(r.data_stall_pct), _pct(r.host_overhead_pct), _pct(r.idle_pct),
                 f"{r.comm_wait_per_step_ns / 1e6:.1f} ms"] for r in report.ranks]
        out += ["  " + line for line in _table(
            ["rank", "steps", "mean step", "compute", "comm exposed", "memory", "data stall", "host", "idle", "comm wait/step"], rows)]
        out.append("")
    if "ranks" in report.sections and report.stragglers:
        out.append("STRAGGLERS")
        out += [f"  {s.evidence}" for s in report.stragglers]
        out.append("")
    if "inputs" in report.sections:
        out.append("INPUTS")
        rows = [[f.status, f.kind or "-", str(f.rows), f.path] for f in report.inputs]
        out += ["  " + line for line in _table(["status", "kind", "rows", "path"], rows)]
        for f in report.inputs:
            if f.message:
                out.append(f"  ! {f.message}")
    return "\n".join(out).rstrip() + "\n"
