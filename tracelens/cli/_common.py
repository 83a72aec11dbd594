"""What the commands share: their common options (one decorator each), the output file,
progress, the ingest's messages."""

from __future__ import annotations

import csv
import functools
import io
import os
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Any, TypeVar, cast

import click

from tracelens.enums import FileStatus
from tracelens.errors import TracelensError, UsageError
from tracelens.render import aligned, to_json
from tracelens.safe_text import printable

F = TypeVar("F", bound=Callable[..., Any])

SUFFIX_FORMATS = {".json": "json", ".csv": "csv", ".md": "md", ".html": "html", ".txt": "text"}


@dataclass
class CliState:
    """What the group and every command share through click's context object."""

    verbose: bool = False


def _set_verbose(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    if value:
        ctx.ensure_object(CliState).verbose = True


def verbose_option(func: F) -> F:
    """-v/--verbose, before or after the command's name: `main` reads it to show tracebacks."""
    return click.option(
        "-v", "--verbose", is_flag=True, expose_value=False, is_eager=True, callback=_set_verbose,
        help="Show the traceback of an error.",
    )(func)


def quiet_option(func: F) -> F:
    """-q/--quiet, handed to the command as `quiet`."""
    return click.option("-q", "--quiet", is_flag=True, help="No progress bar, no warnings; errors only.")(func)


def profile_option(func: F) -> F:
    """--profile (repeatable), handed to the command as `profiles`."""
    return click.option(
        "--profile", "profiles", multiple=True, type=click.Path(dir_okay=False, path_type=Path),
        help="A TOML profile of regexes for a log format tracelens does not know (repeatable).",
    )(func)


def log_format_option(func: F) -> F:
    """--log-format, handed to the command as `log_format`."""
    return click.option(
        "--log-format", default=None, metavar="NAME",
        help="Read every console log as this format (a parser name: hf_trainer, megatron, deepspeed, ...).",
    )(func)


@dataclass(frozen=True)
class Output:
    """Where a command's result goes, in which format: checked before any work is done, so a
    refused file costs no ingest."""

    fmt: str
    path: Path | None
    force: bool

    @classmethod
    def resolve(cls, fmt: str | None, path: Path | None, force: bool, formats: tuple[str, ...], default: str) -> Output:
        out = cls(resolve_format(fmt, path, formats, default), path, force)
        check_output(path, force)
        return out

    def write(self, text: str) -> None:
        emit(text, self.path, self.force)


def output_options(formats: tuple[str, ...], default: str) -> Callable[[F], F]:
    """--format, -o/--output and --force, handed to the command as one checked `out: Output`;
    the format follows the -o suffix unless given."""

    def decorate(func: F) -> F:
        @functools.wraps(func)
        def wrapper(*args: Any, fmt: str | None, output: Path | None, force: bool, **kwargs: Any) -> Any:
            return func(*args, out=Output.resolve(fmt, output, force, formats, default), **kwargs)

        command = click.option("--force", is_flag=True, help="Overwrite the output file if it exists.")(wrapper)
        command = click.option(
            "-o", "--output", type=click.Path(dir_okay=False, path_type=Path), help="Write to this file instead of stdout."
        )(command)
        command = click.option(
            "--format",
            "fmt",
            type=click.Choice(formats),
            default=None,
            help=f"Output format (default: from the -o suffix, else {default}).",
        )(command)
        return cast(F, command)

    return decorate


def job_option(func: F) -> F:
    """--job: which job of a folder holding several to read (tracelens.jobs)."""
    return click.option(
        "--job", default=None, metavar="N|LABEL|all",
        help="The inputs hold several jobs (clocks over an hour apart, other world sizes, run folders each "
             "with its own console log): read only this one, by its number or label in the list the refusal "
             "prints; 'all' reads everything as one job. Without it such inputs are refused (exit 1).",
    )(func)


def resolve_format(fmt: str | None, output: Path | None, formats: tuple[str, ...], default: str) -> str:
    """--format, else the -o suffix; a suffix that names no format of the command is a usage
    error (`-o r.pdf` would otherwise write text into a .pdf)."""
    if fmt:
        return fmt
    if output is None or not output.suffix:
        return default
    guessed = SUFFIX_FORMATS.get(output.suffix.lower())
    if guessed == "text" and "text" not in formats:
        guessed = default  # .txt: the command's plain text form (sql's table)
    if guessed in formats:
        return guessed
    known = sorted({suffix for suffix, f in SUFFIX_FORMATS.items() if f in formats or (f == "text")})
    raise UsageError(f"{output}: no format for {output.suffix!r} files; use {', '.join(known)} or --format")


def check_output(output: Path | None, force: bool) -> None:
    """Refuse an output file before any work: one that exists (without --force), or one that
    cannot be written where it is asked for."""
    if output is None:
        return
    if output.is_dir():
        raise UsageError(f"{output}: is a directory")
    if output.exists() and not force:
        raise UsageError(f"{output}: exists; use --force to overwrite")
    parent = output.absolute().parent
    while not parent.exists():
        parent = parent.parent
    if not parent.is_dir() or not os.access(parent, os.W_OK | os.X_OK):
        raise UsageError(f"{output}: cannot write there ({parent} is not a writable folder)")
    try:  # permissions do not tell everything (root, /proc, read-only mounts): try a file there
        with tempfile.NamedTemporaryFile(dir=parent, prefix=".tracelens-probe-"):
            pass
    except OSError as exc:
        raise UsageError(f"{output}: cannot write there: {exc.strerror or exc}") from exc


def emit(text: str, output: Path | None, force: bool) -> None:
    """Print to stdout, or write a file (never over an existing one without --force)."""
    if output is None:
        click.echo(text, nl=not text.endswith("\n"))
        return
    if output.exists() and not force:
        raise UsageError(f"{output}: exists; use --force to overwrite")
    try:
        output.parent.mkdir(parents=True, exist_ok=True)
        output.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise TracelensError(f"{output}: cannot write: {exc.strerror or exc}") from exc
    click.echo(f"Wrote {output}", err=True)


ROW_FORMATS = ("table", "csv", "json")


def format_rows(columns: list[str], rows: list[tuple[Any, ...]], fmt: str) -> str:
    """Rows of a query as one of ROW_FORMATS: an aligned table, CSV, or a JSON list of objects."""
    if fmt == "json":
        return to_json([dict(zip(columns, r, strict=True)) for r in rows])
    if fmt == "csv":
        buf = io.StringIO()
        writer = csv.writer(buf, lineterminator="\n")
        writer.writerow(columns)
        writer.writerows(rows)
        return buf.getvalue()
    return _table(columns, rows)


def _table(columns: list[str], rows: list[tuple[Any, ...]]) -> str:
    numeric = [all(isinstance(r[i], (int, float, Decimal)) or r[i] is None for r in rows) for i in range(len(columns))]
    out = aligned(columns, [[_cell(v) for v in row] for row in rows], numeric, rule=True)
    out.append(f"({len(rows)} row{'s' if len(rows) != 1 else ''})")
    return "\n".join(out) + "\n"


def _cell(value: Any) -> str:
    if value is None:
        return "NULL"
    if isinstance(value, float):
        return f"{value:.6g}"
    text = printable(str(value))  # names from the inputs may hold terminal escapes
    return text if len(text) <= 80 else text[:77] + "..."


def progress_bar(console: Any) -> Any:
    """The ingest progress bar: labelled from its first frame ("ingesting: looking for
    files"), sizes only once the total is known (never "0/? bytes"), and no column that wraps
    on a narrow terminal (the file name is cut instead)."""
    from rich.progress import BarColumn, Progress, TextColumn, TimeRemainingColumn
    from rich.table import Column

    return Progress(
        TextColumn("ingesting", table_column=Column(no_wrap=True)),
        BarColumn(bar_width=20),
        TextColumn("{task.fields[size]}", table_column=Column(no_wrap=True)),
        TimeRemainingColumn(),
        TextColumn("{task.description}", table_column=Column(no_wrap=True, overflow="ellipsis", ratio=1)),
        console=console,
        transient=True,
        expand=True,
    )


def fmt_size(done: int, total: int) -> str:
    scale, unit = next(((s, u) for s, u in ((1e9, "GB"), (1e6, "MB"), (1e3, "kB")) if total >= s), (1.0, "B"))
    return f"{done / scale:.1f}/{total / scale:.1f} {unit}"


@contextmanager
def ingest_progress(quiet: bool) -> Iterator[Callable[[int, int, str], None] | None]:
    """A transient progress bar on stderr, only on a terminal and without --quiet."""
    if quiet or not sys.stderr.isatty():
        yield None
        return
    from rich.console import Console

    with progress_bar(Console(stderr=True)) as bar:
        task = bar.add_task("looking for files", total=None, size="")

        def update(done: int, total: int, path: str) -> None:
            bar.update(task, completed=done, total=total or None, description=Path(path).name,
                       size=fmt_size(done, total) if total else "")

        yield update


def report_ingest(outcome: Any, *, quiet: bool) -> int:
    """One line per failed file (error) and per warning; returns how many files failed (the
    command raises `InputsFailed` once its work is done)."""
    for rec in outcome.parsed:
        if rec.status == FileStatus.FAILED.value:
            click.echo(f"error: {printable(rec.message or rec.path)}", err=True)
        elif not quiet:
            for warning in rec.warnings:
                label = "truncated" if rec.status == FileStatus.TRUNCATED.value else "warning"
                click.echo(f"{label}: {printable(rec.path)}: {printable(warning)}", err=True)
            if rec.status == FileStatus.DUPLICATE.value:
                twin = rec.duplicate_of or ""
                same = ("same content as" if rec.path.endswith(".gz") != twin.endswith(".gz") else "same bytes as")
                click.echo(f"note: {printable(rec.path)}: {same} {printable(twin)}; stored once", err=True)
    if not quiet:
        for note in outcome.notes:
            click.echo(f"warning: {printable(note)}", err=True)
    return len(outcome.failed)


_MARKER_KINDS = ("annotation", "gpu_annotation", "data_loader", "python_function")


def check_step_marker(con: Any, marker: str | None) -> None:
    """--step-marker must name spans that exist: an unknown name would silently make each
    profiled window one step and change every figure. A usage error names the spans there are."""
    if not marker:
        return
    from difflib import get_close_matches

    from tracelens.enums import DEVICE_KINDS

    device = sorted(str(k) for k in DEVICE_KINDS)
    found = con.execute(
        "select count(*) from trace_events where name = ? and kind <> all(?)", [marker, device]
    ).fetchone()[0]
    if found:
        return
    names = [r[0] for r in con.execute(
        "select name, count(*) as n from trace_events where kind = any(?) group by name order by n desc, name limit 200",
        [list(_MARKER_KINDS)],
    ).fetchall()]
    if not names:
        traced = con.execute("select count(*) from trace_meta").fetchone()[0]
        raise UsageError(f"--step-marker {marker}: " + (
            "no span of that name, and no annotated span in the traces at all" if traced else
            "the inputs hold no profiler trace, so no span to count steps by"))
    close = get_close_matches(marker, names, n=3)
    suggestion = f" (did you mean {', '.join(close)}?)" if close else ""
    shown = ", ".join(names[:8]) + (f", ... ({len(names)} in all)" if len(names) > 8 else "")
    raise UsageError(f"--step-marker {marker}: no span of that name in the traces{suggestion}; spans there are: {shown}")
