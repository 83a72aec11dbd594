"""Compare two runs: what changed from BASE to NEW and what it cost, with noise told apart from
change, and a regression gate for CI.

BASE and NEW are stores or raw job folders (ingested on the fly into a cache, as `report`
does; a folder holding several jobs is refused: ingest one with `ingest --job`); the same one
twice shows no change. Sections: goodput and its buckets, step time per
category (with a 95 % bootstrap interval from the steps, a run-to-run noise floor and a
verdict: regression, improvement, within noise), operators and kernels matched by normalised
name (per step),
collectives, ranks and stragglers, findings, inputs. The format follows --format, else the -o
suffix (.json, .md, .html), else text; the HTML page is self-contained: it works offline.

--fail-on RULE (repeatable) is METRIC OP THRESHOLD, e.g. 'step_time_ms>+5%' (mean step time
up more than 5 %), 'goodput<-0.02' (goodput fraction down more than 0.02),
'kernel:ncclDevKernel_AllReduce*>+10%' (time per step of the kernels the glob matches). A
rule is violated only by a change outside noise (a job figure such as goodput, wall_s or
bucket:NAME against a floor relative to the step time's spread). Exit 3 when a rule is violated (the rule and its evidence
are printed on stderr), 2 for a rule that does not parse. Grammar: docs/diff.md.

\b
    tracelens diff base.tlstore new.tlstore
    tracelens diff runs/good/ runs/bad/ -o diff.md
    tracelens diff base.tlstore new.tlstore --format json --fail-on 'step_time_ms>+5%'
"""

from __future__ import annotations

from pathlib import Path

import click

from tracelens.cli._common import Output, ingest_progress, output_options, quiet_option, report_ingest
from tracelens.errors import InputsFailed, RulesViolated

FORMATS = ("text", "json", "md", "html")


@click.command("diff", help=__doc__)
@click.argument("base", type=click.Path(path_type=Path, readable=False))
@click.argument("new", type=click.Path(path_type=Path, readable=False))
@output_options(FORMATS, "text")
@click.option("--fail-on", "fail_on", multiple=True, metavar="RULE",
              help="Exit 3 when this change happens outside noise, e.g. 'step_time_ms>+5%' (repeatable).")
@click.option("--gpus", type=click.FloatRange(min=0, min_open=True), default=None,
              help="GPUs each job held (default: what each job's inputs say).")
@click.option("--gpu-hour-cost", type=click.FloatRange(min=0), default=None, help="Dollars per GPU-hour.")
@quiet_option
def command(
    base: Path, new: Path, out: Output, fail_on: tuple[str, ...],
    gpus: float | None, gpu_hour_cost: float | None, quiet: bool,
) -> None:
    from tracelens.cli.report import refuse_unrecognised
    from tracelens.diff import build, open_pair, parse_rule, render_json, render_markdown, render_text
    from tracelens.errors import InputError
    from tracelens.store import store_for

    rules = tuple(parse_rule(text) for text in fail_on)  # a bad rule is a usage error before any work
    stores = []
    failed = 0
    for target in (base, new):
        with ingest_progress(quiet) as progress:
            # A folder holding several jobs is refused, as `report` refuses it: ingest the one
            # meant into a store first (tracelens ingest --job).
            try:
                store, outcome = store_for(target, progress=progress, one_job=True)
            except InputError as exc:
                if "--job" not in str(exc):
                    raise
                raise InputError(f"{exc}\n  diff takes no --job: ingest the job meant into a store "
                                 "(tracelens ingest FOLDER --job N -o JOB.tlstore) and diff the store") from None
        if outcome is not None:
            failed += report_ingest(outcome, quiet=quiet)
        stores.append(store)
    con = open_pair(stores[0], stores[1], patterns=tuple(r.metric for r in rules if r.is_pattern),
                    gpus=gpus, gpu_hour_cost=gpu_hour_cost)
    for side, target in (("base", base), ("new", new)):  # each side's own views, as `report` checks them
        con.execute(f"USE {side}")
        refuse_unrecognised(con, target)
    con.execute("USE memory")
    report = build(con, str(base), str(new), rules)
    if out.fmt == "html":
        from tracelens.diff import render_html
        from tracelens.html import NO_CHARTS

        text = render_html(report, title=f"tracelens diff: {base.name or base} -> {new.name or new}")
        for problem in NO_CHARTS:
            click.echo(f"warning: {problem}", err=True)
    else:
        text = {"json": render_json, "md": render_markdown}.get(out.fmt, render_text)(report)
    out.write(text)
    for violation in report.violations:
        click.echo(f"violated: {violation.rule}: {violation.evidence}", err=True)
    if report.violations:
        raise RulesViolated([violation.rule for violation in report.violations])
    if failed:
        raise InputsFailed(failed)
