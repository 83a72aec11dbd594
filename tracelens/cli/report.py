"""Report where a job's time and money went: goodput, findings, attempts, step time,
stragglers, collective bandwidth, hangs, inputs.

TARGET is a store or a raw job folder (ingested on the fly into a cache). The format follows
--format, else the -o suffix (.json, .md, .html), else text (rich tables on a terminal, plain
text when piped). The HTML page is self-contained: it works offline.

\b
    tracelens report path/to/job/
    tracelens report path/to/job/ -o review.html
    tracelens report job.tlstore --format json --gpus 64 --gpu-hour-cost 2.10
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from tracelens.cli._common import (
    Output,
    check_step_marker,
    ingest_progress,
    job_option,
    log_format_option,
    output_options,
    profile_option,
    quiet_option,
    report_ingest,
    to_json,
)
from tracelens.cli._executor import executor_options
from tracelens.enums import REPORT_SECTIONS as SECTIONS
from tracelens.errors import InputError, InputsFailed

FORMATS = ("text", "json", "md", "html")


def refuse_unrecognised(con: Any, target: Path) -> None:
    """Nothing tracelens reads among the inputs: an error (exit 1), not an empty report."""
    statuses = dict(con.execute("select status, count(*) from inputs group by 1").fetchall())
    read = sum(n for status, n in statuses.items() if status not in ("failed", "unknown"))
    if read:
        return
    looked = sum(statuses.values())
    skipped = [p for (p,) in con.execute("select path from inputs where status = 'unknown' order by path").fetchall()]
    if not looked:
        raise InputError(f"{target}: no input files (an empty folder?)")
    names = ", ".join(Path(p).name for p in skipped[:3]) + (", ..." if len(skipped) > 3 else "")
    raise InputError(
        f"{target}: no input recognised among {looked} file{'s' if looked != 1 else ''}"
        + (f" ({statuses.get('failed', 0)} failed)" if statuses.get("failed") else "")
        + (f"; not a trace, log or dump tracelens reads: {names}" if skipped else "")
    )


@click.command("report", help=__doc__)
@click.argument("target", type=click.Path(path_type=Path, readable=False))
@output_options(FORMATS, "text")
@click.option("--section", "sections", multiple=True, type=click.Choice(SECTIONS), help="Only these parts (repeatable).")
@click.option("--gpus", type=click.FloatRange(min=0, min_open=True), default=None,
              help="GPUs the job held (default: the traces' world size, NCCL communicators or the ranks in the logs; "
                   "else unknown, and no GPU-hours).")
@click.option("--gpu-hour-cost", type=click.FloatRange(min=0), default=None,
              help="Dollars per GPU-hour, for the cost of each bucket.")
@click.option("--flops-per-token", type=click.FloatRange(min=0, min_open=True), default=None,
              help="Model FLOPs per token (e.g. 6N + 12LHQT), for MFU.")
@click.option("--peak-tflops", type=click.FloatRange(min=0, min_open=True), default=None,
              help="Peak TFLOP/s of one GPU at the training precision, for MFU.")
@click.option("--step-marker", default=None, metavar="NAME", help="Span name to use as the step instead of ProfilerStep#N.")
@profile_option
@quiet_option
@log_format_option
@job_option
@executor_options
def command(
    target: Path, out: Output, sections: tuple[str, ...],
    gpus: float | None, gpu_hour_cost: float | None, flops_per_token: float | None, peak_tflops: float | None,
    step_marker: str | None, profiles: tuple[Path, ...], log_format: str | None, quiet: bool,
    job: str | None,
) -> None:
    import sys

    from tracelens.render import render_markdown, render_rich, render_text
    from tracelens.report import build, to_dict
    from tracelens.store import store_for

    with ingest_progress(quiet) as progress:
        store, outcome = store_for(target, progress=progress, profiles=profiles, log_format=log_format,
                                   one_job=True, job=job)
    failed = report_ingest(outcome, quiet=quiet) if outcome is not None else 0
    con = store.connect(
        step_marker=step_marker, gpus=gpus, gpu_hour_cost=gpu_hour_cost, flops_per_token=flops_per_token, peak_tflops=peak_tflops,
        checks=False,
    )
    check_step_marker(con, step_marker)
    refuse_unrecognised(con, target)
    report = build(con, sections or SECTIONS)
    if out.fmt == "json":
        text = to_json(to_dict(report))
    elif out.fmt == "md":
        text = render_markdown(report)
    elif out.fmt == "html":
        from tracelens.html import render_html

        text = render_html(report, title=f"tracelens report: {target.name or target}")
        from tracelens.html import NO_CHARTS

        for problem in NO_CHARTS:
            click.echo(f"warning: {problem}", err=True)
    elif out.path is None and sys.stdout.isatty():
        import shutil

        text = render_rich(report, width=min(shutil.get_terminal_size().columns, 160))
    else:
        text = render_text(report)
    out.write(text)
    if failed:
        raise InputsFailed(failed)
