"""Ingest files or folders (searched recursively) into a store.

Each input file is detected by its name and first bytes and parsed into Parquet tables.
Running it again is cheap: unchanged files are skipped, changed files replace their rows.
A file that cannot be read is reported on one line and the others are still ingested
(exit code 1). A truncated trace keeps its complete events (a warning, exit code 0).
One job per store: inputs holding several jobs are refused with the list of them (exit 1,
nothing stored); --job picks one.

    tracelens ingest path/to/job/ -o job.tlstore
"""

from __future__ import annotations

from pathlib import Path

import click

from tracelens.cli._common import (
    ingest_progress,
    job_option,
    log_format_option,
    profile_option,
    quiet_option,
    report_ingest,
)
from tracelens.cli._executor import executor_options
from tracelens.errors import InputsFailed, StoreLockedError, TracelensError


@click.command("ingest", help=__doc__)
@click.argument("inputs", nargs=-1, required=True, type=click.Path(path_type=Path, readable=False))
@click.option(
    "-o", "--output", "store_path", required=True, type=click.Path(file_okay=False, path_type=Path),
    help="Store directory (created if missing; conventionally NAME.tlstore).",
)
@click.option("--rank", type=int, default=None, help="Rank for traces that do not say which rank wrote them.")
@click.option("-j", "--jobs", type=int, default=None,
              help="Files parsed at once (default: one per usable core, fewer where memory would run short).")
@click.option("--max-memory", default=None, metavar="SIZE",
              help="Plan parallel parsing for at most this much memory (e.g. 8G; default: what the "
                   "system and the container's cgroup limit leave available).")
@profile_option
@quiet_option
@log_format_option
@job_option
@executor_options
def command(
    inputs: tuple[Path, ...], store_path: Path, rank: int | None, jobs: int | None, max_memory: str | None,
    profiles: tuple[Path, ...], log_format: str | None, quiet: bool, job: str | None,
) -> None:
    from tracelens.resources import parse_size
    from tracelens.store import Store

    memory = parse_size(max_memory) if max_memory is not None else None
    store = Store.open(store_path)
    try:
        with ingest_progress(quiet) as progress:
            outcome = store.ingest(inputs, rank=rank, workers=jobs, progress=progress, profiles=profiles,
                                   log_format=log_format, max_memory=memory, one_job=True, job=job)
    except TracelensError as exc:
        # Refused before anything was stored: no store where there was none. Not when another
        # ingest holds the lock: the store it found, or made just now, is that ingest's.
        if store.created and not store.records and not isinstance(exc, StoreLockedError):
            import shutil

            shutil.rmtree(store.root, ignore_errors=True)
        raise
    failed = report_ingest(outcome, quiet=quiet)
    counts: dict[str, int] = {}
    for rec in outcome.parsed:
        counts[rec.status] = counts.get(rec.status, 0) + 1
    rows = sum(rec.rows for rec in outcome.parsed)
    parts = [f"{n} {status}" for status, n in sorted(counts.items())]
    if outcome.unchanged:
        parts.append(f"{len(outcome.unchanged)} unchanged")
    if outcome.skipped:
        parts.append(f"{len(outcome.skipped)} not recognised (skipped)")
    summary = ", ".join(parts) or "nothing to ingest"
    click.echo(f"Ingested {len(outcome.parsed)} files ({rows} rows) into {store.root}: {summary}")
    if failed:
        raise InputsFailed(failed)
