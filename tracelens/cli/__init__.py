"""Command-line interface: a thin click layer over the library. One module per command."""

from __future__ import annotations

import os
import sys
import traceback

# numpy's OpenBLAS starts a thread per core that spins after use; tracelens does no linear
# algebra, and on a small machine those spins take cycles from the parser threads (1.8 % of
# an 8-trace ingest's CPU on 2 cores). Set before anything imports numpy; a user's setting wins.
# (The command line only: a library caller's own numpy work keeps its BLAS threads.)
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import click

from tracelens import __version__
from tracelens.cli._common import take_exit_code
from tracelens.errors import TracelensError

CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}


@click.group(context_settings=CONTEXT)
@click.version_option(__version__, prog_name="tracelens")
@click.option("-v", "--verbose", is_flag=True, help="Show tracebacks for errors.")
@click.pass_context
def cli(ctx: click.Context, verbose: bool) -> None:
    """tracelens: where a training job's time and money went.

    Ingest console logs, PyTorch profiler traces and NCCL timings into one Parquet store,
    then query it with SQL or read the reports.
    """
    ctx.ensure_object(dict)
    ctx.obj["verbose"] = verbose


def _register() -> None:
    from tracelens.cli import diff, ingest, report, sql

    for module in (ingest, report, sql, diff):
        cli.add_command(module.command)


_register()


def main(argv: list[str] | None = None) -> int:
    """Run the CLI; every error becomes one line on stderr and an exit code (0, 1 or 2)."""
    verbose = "-v" in (argv or sys.argv[1:]) or "--verbose" in (argv or sys.argv[1:])
    import tracelens.store

    tracelens.store.FORK_IS_SAFE = True  # this process runs ingest before any DuckDB/polars work
    try:
        cli.main(args=argv, prog_name="tracelens", standalone_mode=False)
    except click.exceptions.Abort:
        click.echo("tracelens: aborted", err=True)
        return 130
    except click.ClickException as exc:
        exc.show()
        return 2 if isinstance(exc, click.UsageError) else exc.exit_code
    except click.exceptions.Exit as exc:
        return int(exc.exit_code or 0)
    except TracelensError as exc:
        if verbose:
            traceback.print_exc()
        click.echo(f"tracelens: error: {exc}", err=True)
        return exc.exit_code
    except KeyboardInterrupt:
        click.echo("tracelens: interrupted", err=True)
        return 130
    except BrokenPipeError:
        return 0
    except Exception as exc:  # a bug: say so in one line, traceback only with -v
        if verbose:
            traceback.print_exc()
        click.echo(f"tracelens: internal error: {type(exc).__name__}: {exc} (run with -v for the traceback)", err=True)
        return 1
    return take_exit_code()
