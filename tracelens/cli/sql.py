"""Run SQL over a store's views (or over a raw job folder, ingested on the fly into a cache).

Every view of queries/ can be queried, plus the stored tables (trace_events, files, ...);
the query's connection builds only the views it names and what they read.
A raw job folder is ingested into a cache under ~/.cache/tracelens (or $TRACELENS_CACHE_DIR)
that is re-used while its files are unchanged.

\b
    tracelens sql job.tlstore "select rank, count(*) from trace_events group by rank"
    tracelens sql path/to/job/ "select * from event_summary" --format csv
    tracelens sql job.tlstore "select * from step_breakdown" --step-marker train_step
"""

from __future__ import annotations

from pathlib import Path

import click

from tracelens.cli._common import (
    ROW_FORMATS,
    Output,
    check_step_marker,
    format_rows,
    ingest_progress,
    job_option,
    log_format_option,
    output_options,
    profile_option,
    quiet_option,
    report_ingest,
)
from tracelens.cli._executor import executor_options
from tracelens.errors import InputsFailed, TracelensError


@click.command("sql", help=__doc__)
@click.argument("target", type=click.Path(path_type=Path, readable=False))
@click.argument("query")
@output_options(ROW_FORMATS, "table")
@click.option(
    "--step-marker", default=None, metavar="NAME",
    help="Use spans with this name (e.g. a record_function) as steps instead of ProfilerStep#N.",
)
@quiet_option
@profile_option
@log_format_option
@job_option
@executor_options
def command(
    target: Path, query: str, out: Output, step_marker: str | None,
    profiles: tuple[Path, ...], log_format: str | None, quiet: bool,
    job: str | None,
) -> None:
    from tracelens.store import names_read, store_for

    with ingest_progress(quiet) as progress:
        store, outcome = store_for(target, progress=progress, profiles=profiles, log_format=log_format,
                                   one_job=True, job=job)
    import duckdb  # after the ingest: its worker processes are forked from a DuckDB-free process
    failed = report_ingest(outcome, quiet=quiet) if outcome is not None else 0
    named = names_read(query)
    if named is not None and step_marker:
        named.add("trace_events")  # (check_step_marker reads it)
    con = store.connect(step_marker=step_marker, only=named)
    check_step_marker(con, step_marker)
    try:
        cursor = con.execute(query)
    except duckdb.Error as exc:
        raise TracelensError(f"query failed: {str(exc).splitlines()[0]}", exit_code=1) from exc
    if cursor.description is not None:
        out.write(format_rows([d[0] for d in cursor.description], cursor.fetchall(), out.fmt))
    if failed:
        raise InputsFailed(failed)
