"""Run SQL over a store's views (or over a raw job folder, ingested on the fly into a cache).

Every view of queries/ is registered, plus the stored tables (trace_events, files, ...).
A raw job folder is ingested into a cache under ~/.cache/tracelens (or $TRACELENS_CACHE_DIR)
that is re-used while its files are unchanged.

\b
    tracelens sql job.tlstore "select rank, count(*) from trace_events group by rank"
    tracelens sql path/to/job/ "select * from event_summary" --format csv
    tracelens sql job.tlstore "select * from step_breakdown" --step-marker train_step
"""

from __future__ import annotations

import csv
import io
import json
from datetime import date, datetime
from decimal import Decimal
from pathlib import Path
from typing import Any

import click

from tracelens.cli._common import (
    check_output, check_step_marker, emit, ingest_progress, job_option, output_options, report_ingest, resolve_format,
    set_exit_code,
)
from tracelens.errors import TracelensError
from tracelens.safe_text import printable

FORMATS = ("table", "csv", "json")


@click.command("sql", help=__doc__)
@click.argument("target", type=click.Path(path_type=Path, readable=False))
@click.argument("query")
@output_options(FORMATS, "table")
@click.option(
    "--step-marker", default=None, metavar="NAME",
    help="Use spans with this name (e.g. a record_function) as steps instead of ProfilerStep#N.",
)
@click.option("-q", "--quiet", is_flag=True, help="No progress bar or ingest warnings.")
@click.option("--profile", "profiles", multiple=True, type=click.Path(dir_okay=False, path_type=Path),
              help="A TOML profile of regexes for a log format tracelens does not know (repeatable).")
@click.option("--log-format", default=None, metavar="NAME",
              help="Read every console log as this format (a parser name: hf_trainer, megatron, deepspeed, ...).")
@job_option
def command(
    target: Path, query: str, fmt: str | None, output: Path | None, force: bool, step_marker: str | None,
    profiles: tuple[Path, ...], log_format: str | None, quiet: bool,
    job: str | None,
) -> None:
    from tracelens.store import store_for

    fmt = resolve_format(fmt, output, FORMATS, "table")
    check_output(output, force)
    with ingest_progress(quiet) as progress:
        store, outcome = store_for(target, progress=progress, profiles=profiles, log_format=log_format,
                                   one_job=True, job=job)
    import duckdb  # after the ingest: its worker processes are forked from a DuckDB-free process
    if outcome is not None:
        set_exit_code(report_ingest(outcome, quiet=quiet))
    con = store.connect(step_marker=step_marker)
    check_step_marker(con, step_marker)
    try:
        cursor = con.execute(query)
    except duckdb.Error as exc:
        raise TracelensError(f"query failed: {str(exc).splitlines()[0]}", exit_code=1) from exc
    if cursor.description is None:
        return
    columns = [d[0] for d in cursor.description]
    rows = cursor.fetchall()
    emit(render(columns, rows, fmt), output, force)


def render(columns: list[str], rows: list[tuple[Any, ...]], fmt: str) -> str:
    if fmt == "json":
        return json.dumps([dict(zip(columns, r, strict=True)) for r in rows], default=_json_default, indent=1) + "\n"
    if fmt == "csv":
        buf = io.StringIO()
        writer = csv.writer(buf, lineterminator="\n")
        writer.writerow(columns)
        writer.writerows(rows)
        return buf.getvalue()
    return _table(columns, rows)


def _json_default(value: Any) -> Any:
    if isinstance(value, Decimal):
        return float(value)
    if isinstance(value, (date, datetime)):
        return value.isoformat()
    return str(value)


def _table(columns: list[str], rows: list[tuple[Any, ...]]) -> str:
    cells = [[_cell(v) for v in row] for row in rows]
    widths = [max([len(c)] + [len(r[i]) for r in cells]) for i, c in enumerate(columns)]
    numeric = [all(isinstance(r[i], (int, float, Decimal)) or r[i] is None for r in rows) for i in range(len(columns))]

    def line(values: list[str]) -> str:
        return "  ".join(v.rjust(w) if num else v.ljust(w) for v, w, num in zip(values, widths, numeric, strict=True)).rstrip()

    out = [line(columns), "  ".join("-" * w for w in widths)]
    out += [line(r) for r in cells]
    out.append(f"({len(rows)} row{'s' if len(rows) != 1 else ''})")
    return "\n".join(out) + "\n"


def _cell(value: Any) -> str:
    if value is None:
        return "NULL"
    if isinstance(value, float):
        return f"{value:.6g}"
    text = printable(str(value))  # names from the inputs may hold terminal escapes
    return text if len(text) <= 80 else text[:77] + "..."
